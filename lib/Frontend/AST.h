//===- AST.h - Syntax tree of the tile language -----------------*- C++ -*-===//
//
// Part of Tessera. The parser builds this tree; IR generation walks it. Nodes
// own their children; every node knows where it starts in the source.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_FRONTEND_AST_H
#define TESSERA_LIB_FRONTEND_AST_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Casting.h"
#include "llvm/Support/SMLoc.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace tessera::frontend {

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

/// Base of all expressions. `depth` is the height of the subtree; the parser
/// bounds it so that the recursive walks over the tree cannot overflow the
/// stack.
class Expr {
public:
  enum class Kind {
    Name,
    Int,
    Float,
    None,
    Unary,
    Binary,
    Call,
    Subscript,
    Slice,
    Tuple
  };

  virtual ~Expr() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }
  unsigned getDepth() const { return depth; }

protected:
  Expr(Kind kind, llvm::SMLoc loc, unsigned depth)
      : kind(kind), loc(loc), depth(depth) {}

private:
  Kind kind;
  llvm::SMLoc loc;
  unsigned depth;
};

using ExprPtr = std::unique_ptr<Expr>;

/// Returns the depth of a tree with the given children (1 for a leaf).
template <typename... Children>
unsigned depthOver(const Children &...children) {
  unsigned depth = 0;
  ((depth = children && children->getDepth() > depth ? children->getDepth()
                                                     : depth),
   ...);
  return depth + 1;
}

/// A reference to a variable, parameter, constant, size, type or builtin.
class NameExpr : public Expr {
public:
  NameExpr(llvm::SMLoc loc, llvm::StringRef name)
      : Expr(Kind::Name, loc, 1), name(name) {}
  llvm::StringRef getName() const { return name; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Name; }

private:
  llvm::StringRef name;
};

class IntExpr : public Expr {
public:
  IntExpr(llvm::SMLoc loc, int64_t value)
      : Expr(Kind::Int, loc, 1), value(value) {}
  int64_t getValue() const { return value; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Int; }

private:
  int64_t value;
};

class FloatExpr : public Expr {
public:
  FloatExpr(llvm::SMLoc loc, double value)
      : Expr(Kind::Float, loc, 1), value(value) {}
  double getValue() const { return value; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Float; }

private:
  double value;
};

/// `None`, only meaningful in a subscript (`x[:, None]`).
class NoneExpr : public Expr {
public:
  explicit NoneExpr(llvm::SMLoc loc) : Expr(Kind::None, loc, 1) {}
  static bool classof(const Expr *e) { return e->getKind() == Kind::None; }
};

enum class UnaryOp { Neg, Plus, Not };

class UnaryExpr : public Expr {
public:
  UnaryExpr(llvm::SMLoc loc, UnaryOp op, ExprPtr operand)
      : Expr(Kind::Unary, loc, depthOver(operand)), op(op),
        operand(std::move(operand)) {}
  UnaryOp getOp() const { return op; }
  const Expr &getOperand() const { return *operand; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Unary; }

private:
  UnaryOp op;
  ExprPtr operand;
};

enum class BinaryOp {
  Add,
  Sub,
  Mul,
  Div,      ///< `/`: truncates toward zero on integers.
  FloorDiv, ///< `//`: rounds toward negative infinity, floor(a / b) on floats.
  Rem,
  BitAnd,
  BitOr,
  And,
  Or,
  Lt,
  Le,
  Gt,
  Ge,
  Eq,
  Ne,
};

/// Returns the source spelling of a binary operator ("+", "and", ...).
llvm::StringRef spellBinaryOp(BinaryOp op);

class BinaryExpr : public Expr {
public:
  BinaryExpr(llvm::SMLoc loc, BinaryOp op, ExprPtr lhs, ExprPtr rhs)
      : Expr(Kind::Binary, loc, depthOver(lhs, rhs)), op(op),
        lhs(std::move(lhs)), rhs(std::move(rhs)) {}
  BinaryOp getOp() const { return op; }
  const Expr &getLhs() const { return *lhs; }
  const Expr &getRhs() const { return *rhs; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Binary; }

private:
  BinaryOp op;
  ExprPtr lhs, rhs;
};

/// A keyword argument `name=value` of a call.
struct KeywordArg {
  llvm::SMLoc loc;
  llvm::StringRef name;
  ExprPtr value;
};

/// `callee(args, name=value)` or, with a receiver, `receiver.callee(args)`.
class CallExpr : public Expr {
public:
  CallExpr(llvm::SMLoc loc, llvm::StringRef callee, ExprPtr receiver,
           std::vector<ExprPtr> args, std::vector<KeywordArg> kwargs,
           unsigned depth)
      : Expr(Kind::Call, loc, depth), callee(callee),
        receiver(std::move(receiver)), args(std::move(args)),
        kwargs(std::move(kwargs)) {}
  llvm::StringRef getCallee() const { return callee; }
  const Expr *getReceiver() const { return receiver.get(); }
  const std::vector<ExprPtr> &getArgs() const { return args; }
  const std::vector<KeywordArg> &getKwargs() const { return kwargs; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Call; }

private:
  llvm::StringRef callee;
  ExprPtr receiver;
  std::vector<ExprPtr> args;
  std::vector<KeywordArg> kwargs;
};

/// `start : end` inside a subscript; either bound may be absent.
class SliceExpr : public Expr {
public:
  SliceExpr(llvm::SMLoc loc, ExprPtr start, ExprPtr end)
      : Expr(Kind::Slice, loc, depthOver(start, end)), start(std::move(start)),
        end(std::move(end)) {}
  const Expr *getStart() const { return start.get(); }
  const Expr *getEnd() const { return end.get(); }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Slice; }

private:
  ExprPtr start, end;
};

/// `base[items]`: a load from a tensor, or `None` insertion on a tile.
class SubscriptExpr : public Expr {
public:
  SubscriptExpr(llvm::SMLoc loc, ExprPtr base, std::vector<ExprPtr> items,
                unsigned depth)
      : Expr(Kind::Subscript, loc, depth), base(std::move(base)),
        items(std::move(items)) {}
  const Expr &getBase() const { return *base; }
  const std::vector<ExprPtr> &getItems() const { return items; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Subscript; }

private:
  ExprPtr base;
  std::vector<ExprPtr> items;
};

/// `(a, b)`, `[a, b]` or `a, b`: shapes, grids and multiple assignment.
class TupleExpr : public Expr {
public:
  TupleExpr(llvm::SMLoc loc, std::vector<ExprPtr> elements, unsigned depth)
      : Expr(Kind::Tuple, loc, depth), elements(std::move(elements)) {}
  const std::vector<ExprPtr> &getElements() const { return elements; }
  static bool classof(const Expr *e) { return e->getKind() == Kind::Tuple; }

private:
  std::vector<ExprPtr> elements;
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

class Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using Block = std::vector<StmtPtr>;

class Stmt {
public:
  enum class Kind { Assign, AugAssign, Expr, For, If, Pass };

  virtual ~Stmt() = default;
  Kind getKind() const { return kind; }
  llvm::SMLoc getLoc() const { return loc; }

protected:
  Stmt(Kind kind, llvm::SMLoc loc) : kind(kind), loc(loc) {}

private:
  Kind kind;
  llvm::SMLoc loc;
};

/// `target = value`, where the target is a name, a tensor slice (a store) or
/// a tuple of names.
class AssignStmt : public Stmt {
public:
  AssignStmt(llvm::SMLoc loc, ExprPtr target, ExprPtr value)
      : Stmt(Kind::Assign, loc), target(std::move(target)),
        value(std::move(value)) {}
  const Expr &getTarget() const { return *target; }
  const Expr &getValue() const { return *value; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Assign; }

private:
  ExprPtr target, value;
};

/// `x op= value` (a NameExpr target) or `T[...] op= value` (a SubscriptExpr:
/// the element or slice read, combined and stored back).
class AugAssignStmt : public Stmt {
public:
  AugAssignStmt(llvm::SMLoc loc, ExprPtr target, BinaryOp op, ExprPtr value)
      : Stmt(Kind::AugAssign, loc), target(std::move(target)), op(op),
        value(std::move(value)) {}
  const Expr &getTarget() const { return *target; }
  BinaryOp getOp() const { return op; }
  const Expr &getValue() const { return *value; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::AugAssign; }

private:
  ExprPtr target;
  BinaryOp op;
  ExprPtr value;
};

class ExprStmt : public Stmt {
public:
  explicit ExprStmt(ExprPtr expr)
      : Stmt(Kind::Expr, expr->getLoc()), expr(std::move(expr)) {}
  const Expr &getExpr() const { return *expr; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Expr; }

private:
  ExprPtr expr;
};

/// `for var in range(args): body`.
class ForStmt : public Stmt {
public:
  ForStmt(llvm::SMLoc loc, llvm::StringRef var, llvm::SMLoc rangeLoc,
          std::vector<ExprPtr> rangeArgs, Block body)
      : Stmt(Kind::For, loc), var(var), rangeLoc(rangeLoc),
        rangeArgs(std::move(rangeArgs)), body(std::move(body)) {}
  llvm::StringRef getVar() const { return var; }
  llvm::SMLoc getRangeLoc() const { return rangeLoc; }
  const std::vector<ExprPtr> &getRangeArgs() const { return rangeArgs; }
  const Block &getBody() const { return body; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::For; }

private:
  llvm::StringRef var;
  llvm::SMLoc rangeLoc;
  std::vector<ExprPtr> rangeArgs;
  Block body;
};

/// `if c1: b1 elif c2: b2 ... else: bN`; conditions are compile-time
/// constants, so exactly one block is lowered.
class IfStmt : public Stmt {
public:
  struct Branch {
    ExprPtr condition; ///< Null for `else`.
    Block body;
  };
  IfStmt(llvm::SMLoc loc, std::vector<Branch> branches)
      : Stmt(Kind::If, loc), branches(std::move(branches)) {}
  const std::vector<Branch> &getBranches() const { return branches; }
  static bool classof(const Stmt *s) { return s->getKind() == Kind::If; }

private:
  std::vector<Branch> branches;
};

class PassStmt : public Stmt {
public:
  explicit PassStmt(llvm::SMLoc loc) : Stmt(Kind::Pass, loc) {}
  static bool classof(const Stmt *s) { return s->getKind() == Kind::Pass; }
};

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// `const NAME = value` at file level.
struct ConstDecl {
  llvm::SMLoc loc;
  llvm::StringRef name;
  ExprPtr value;
};

/// How a kernel uses a tensor parameter.
enum class ParamRole { Input, Output, InOut };

/// `name: [out|inout] type[dims] [= init]`. Scalars have no dims.
struct ParamDecl {
  llvm::SMLoc loc;
  llvm::StringRef name;
  ParamRole role = ParamRole::Input;
  llvm::SMLoc roleLoc;
  llvm::SMLoc typeLoc;
  llvm::StringRef typeName;
  bool isTensor = false;
  std::vector<ExprPtr> dims;
  ExprPtr init;
};

/// `@kernel(grid=..., num_warps=..., num_stages=...)` + `def name(params):`.
struct KernelDecl {
  llvm::SMLoc loc;
  llvm::StringRef name;
  llvm::SMLoc decoratorLoc;
  std::vector<KeywordArg> options;
  std::vector<ParamDecl> params;
  Block body;
};

/// A parsed `.tile` file.
struct SourceFile {
  std::vector<ConstDecl> constants;
  std::vector<KernelDecl> kernels;
};

} // namespace tessera::frontend

#endif // TESSERA_LIB_FRONTEND_AST_H
