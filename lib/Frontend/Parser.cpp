//===- Parser.cpp - Parser of the tile language ---------------------------===//
//
// Part of Tessera. A recursive-descent parser over the token vector. The
// grammar, in the order of the functions below:
//
//   file       ::= (const-decl | kernel)* EOF
//   const-decl ::= 'const' NAME '=' expr NEWLINE
//   kernel     ::= '@' 'kernel' '(' kwargs ')' NEWLINE
//                  'def' NAME '(' param (',' param)* ')' ':' block
//   param      ::= NAME ':' ('out' | 'inout')? TYPE ('[' expr-list ']')?
//                  ('=' expr)?
//   block      ::= NEWLINE INDENT stmt+ DEDENT | simple-stmt
//   stmt       ::= 'for' NAME 'in' 'range' '(' args ')' ':' block
//                | 'if' expr ':' block ('elif' expr ':' block)*
//                  ('else' ':' block)?
//                | 'pass' NEWLINE
//                | expr-list (('=' | '+=' | '-=' | '*=' | '/=' | '//=')
//                  expr-list)? NEWLINE
//   expr       ::= Python precedence: or < and < not < comparison < | < & <
//                  + - < * / // % < unary - + < postfix (call, subscript,
//                  .method())
//
// Python syntax the language does not have (`while`, `return`, `lambda`,
// comprehensions, ...) is recognised where it starts and reported as such,
// rather than as a parse error about the token after it.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

#include "Diagnostics.h"
#include "Lexer.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

using namespace tessera::frontend;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;
using llvm::SMLoc;
using llvm::StringRef;
using mlir::failure;
using mlir::LogicalResult;
using mlir::success;

StringRef tessera::frontend::spellBinaryOp(BinaryOp op) {
  switch (op) {
  case BinaryOp::Add:
    return "+";
  case BinaryOp::Sub:
    return "-";
  case BinaryOp::Mul:
    return "*";
  case BinaryOp::Div:
    return "/";
  case BinaryOp::FloorDiv:
    return "//";
  case BinaryOp::Rem:
    return "%";
  case BinaryOp::BitAnd:
    return "&";
  case BinaryOp::BitOr:
    return "|";
  case BinaryOp::And:
    return "and";
  case BinaryOp::Or:
    return "or";
  case BinaryOp::Lt:
    return "<";
  case BinaryOp::Le:
    return "<=";
  case BinaryOp::Gt:
    return ">";
  case BinaryOp::Ge:
    return ">=";
  case BinaryOp::Eq:
    return "==";
  case BinaryOp::Ne:
    return "!=";
  }
  return "?";
}

namespace {

/// A Python keyword the tile language does not have, with a hint.
struct UnsupportedWord {
  llvm::StringLiteral word;
  llvm::StringLiteral hint;
};

constexpr UnsupportedWord kUnsupportedWords[] = {
    {"while", "; loop with 'for i in range(...)'"},
    {"break", "; a 'for' loop runs its whole range"},
    {"continue", "; a 'for' loop runs its whole range"},
    {"return", "; a kernel returns nothing: store results to its 'out' "
               "tensors"},
    {"lambda", "; there are no helper functions"},
    {"class", ""},
    {"import", "; the builtins need no import"},
    {"from", "; the builtins need no import"},
    {"with", ""},
    {"try", ""},
    {"except", ""},
    {"finally", ""},
    {"raise", ""},
    {"global", ""},
    {"nonlocal", ""},
    {"yield", ""},
    {"assert", ""},
    {"del", ""},
    {"async", ""},
    {"await", ""},
    {"is", "; compare with '==' or '!='"},
};

const UnsupportedWord *findUnsupportedWord(StringRef word) {
  const UnsupportedWord *it =
      llvm::find_if(kUnsupportedWords, [&](const UnsupportedWord &entry) {
        return entry.word == word;
      });
  return it == std::end(kUnsupportedWords) ? nullptr : it;
}

/// Counts nesting on entry to a recursive parse function.
class NestingGuard {
public:
  explicit NestingGuard(unsigned &depth) : depth(depth) { ++depth; }
  ~NestingGuard() { --depth; }

private:
  unsigned &depth;
};

class Parser {
public:
  Parser(const std::vector<Token> &tokens, Diagnostics &diags)
      : tokens(tokens), diags(diags) {}

  LogicalResult parseFile(SourceFile &file);

private:
  //===--------------------------------------------------------------------===//
  // Token helpers
  //===--------------------------------------------------------------------===//

  const Token &cur() const { return tokens[index]; }
  const Token &ahead(size_t n) const {
    return tokens[std::min(index + n, tokens.size() - 1)];
  }
  SMLoc loc() const { return cur().getLoc(); }
  void consume() {
    if (!cur().is(TokenKind::Eof))
      ++index;
  }
  bool consumeIf(TokenKind kind) {
    if (!cur().is(kind))
      return false;
    consume();
    return true;
  }
  LogicalResult expect(TokenKind kind, StringRef context);
  LogicalResult errorHere(const llvm::Twine &message) {
    return diags.error(loc(), message);
  }
  /// Reports a bracket that reaches the end of the file unclosed.
  LogicalResult unclosed(SMLoc open) {
    return diags.error(open, "'" + StringRef(open.getPointer(), 1) +
                                 "' is never closed");
  }
  /// Expects the ',' between the elements of a bracketed list opened at
  /// `open`.
  LogicalResult expectComma(SMLoc open, StringRef context) {
    if (cur().is(TokenKind::Eof))
      return unclosed(open);
    return expect(TokenKind::Comma, context);
  }
  LogicalResult tooDeep(SMLoc at) {
    return diags.error(at, "expression or block nested too deeply");
  }
  bool isIdentifier(StringRef name) const {
    return cur().is(TokenKind::Identifier) && cur().spelling == name;
  }
  /// Reports the current token when it is a Python keyword the language
  /// does not have (`while`, `return`, ...); `where` is "a kernel" or "a
  /// .tile file".
  LogicalResult rejectUnsupportedWord(StringRef where);
  /// Reports Python expression syntax that can follow a complete expression
  /// but is not supported: `a if c else b`, comprehensions, `in`, `is`.
  LogicalResult rejectExpressionSuffix();

  //===--------------------------------------------------------------------===//
  // Declarations and statements
  //===--------------------------------------------------------------------===//

  LogicalResult parseConst(SourceFile &file);
  LogicalResult parseKernel(SourceFile &file);
  LogicalResult parseParam(ParamDecl &param);
  LogicalResult parseBlock(Block &block);
  StmtPtr parseStmt();
  StmtPtr parseFor();
  StmtPtr parseIf();
  StmtPtr parseSimpleStmt();
  LogicalResult checkAssignTarget(const Expr &target);

  //===--------------------------------------------------------------------===//
  // Expressions
  //===--------------------------------------------------------------------===//

  ExprPtr parseExprList();
  ExprPtr parseExpr();
  ExprPtr parseOr();
  ExprPtr parseAnd();
  ExprPtr parseNot();
  ExprPtr parseComparison();
  ExprPtr parseBitOr();
  ExprPtr parseBitAnd();
  ExprPtr parseAdditive();
  ExprPtr parseMultiplicative();
  ExprPtr parseUnary();
  ExprPtr parsePostfix();
  ExprPtr parsePrimary();
  ExprPtr parseNumber();
  ExprPtr parseParenthesized();
  ExprPtr parseSubscriptItem();
  ExprPtr makeBinary(SMLoc at, BinaryOp op, ExprPtr lhs, ExprPtr rhs);
  LogicalResult parseArgs(std::vector<ExprPtr> &args,
                          std::vector<KeywordArg> &kwargs);
  /// Parses `elem (',' elem)* ','?` up to `close` (consumed).
  LogicalResult parseList(TokenKind close, std::vector<ExprPtr> &elements);

  using BinaryLevel = ExprPtr (Parser::*)();
  /// Parses a left-associative chain of the operators in `ops` over `next`.
  ExprPtr parseLeftAssoc(BinaryLevel next,
                         llvm::ArrayRef<std::pair<TokenKind, BinaryOp>> ops);

  const std::vector<Token> &tokens;
  Diagnostics &diags;
  size_t index = 0;
  unsigned nesting = 0;
};

} // namespace

LogicalResult Parser::expect(TokenKind kind, StringRef context) {
  if (consumeIf(kind))
    return success();
  bool showSpelling = cur().is(TokenKind::Identifier) ||
                      cur().is(TokenKind::Integer) ||
                      cur().is(TokenKind::Float);
  return errorHere("expected " + spellTokenKind(kind) + " " + context +
                   ", got " + spellTokenKind(cur().kind) +
                   (showSpelling ? " '" + cur().spelling.str() + "'" : ""));
}

LogicalResult Parser::rejectUnsupportedWord(StringRef where) {
  if (!cur().is(TokenKind::Identifier))
    return success();
  const UnsupportedWord *entry = findUnsupportedWord(cur().spelling);
  if (!entry)
    return success();
  return errorHere("'" + entry->word + "' is not supported in " + where +
                   entry->hint);
}

LogicalResult Parser::rejectExpressionSuffix() {
  switch (cur().kind) {
  case TokenKind::KwIf:
    return errorHere("conditional expressions ('a if c else b') are not "
                     "supported in a kernel; select with where(c, a, b)");
  case TokenKind::KwFor:
    return errorHere("comprehensions are not supported in a kernel; build "
                     "tiles with arange(), full() or zeros()");
  case TokenKind::KwIn:
    return errorHere("'in' is only used in 'for NAME in range(...)'");
  case TokenKind::KwNot:
    if (ahead(1).is(TokenKind::KwIn))
      return errorHere("'not in' is not supported in a kernel");
    return success();
  default:
    return rejectUnsupportedWord("a kernel");
  }
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

LogicalResult Parser::parseFile(SourceFile &file) {
  while (!cur().is(TokenKind::Eof)) {
    if (consumeIf(TokenKind::Newline))
      continue;
    if (cur().is(TokenKind::KwConst)) {
      if (failed(parseConst(file)))
        return failure();
      continue;
    }
    if (cur().is(TokenKind::At)) {
      if (failed(parseKernel(file)))
        return failure();
      continue;
    }
    if (cur().is(TokenKind::KwDef))
      return errorHere("a 'def' without '@kernel(grid=...)' is not supported "
                       "(there are no helper functions)");
    if (cur().is(TokenKind::Indent))
      return errorHere("unexpected indentation");
    if (failed(rejectUnsupportedWord("a .tile file")))
      return failure();
    if (cur().is(TokenKind::SlashSlash))
      return errorHere("expected 'const' or '@kernel' at the top level, got "
                       "'//' (comments start with '#')");
    return errorHere("expected 'const' or '@kernel' at the top level");
  }
  return success();
}

LogicalResult Parser::parseConst(SourceFile &file) {
  ConstDecl decl;
  consume(); // 'const'
  decl.loc = loc();
  decl.name = cur().spelling;
  if (failed(expect(TokenKind::Identifier, "after 'const'")) ||
      failed(expect(TokenKind::Assign, "in a constant declaration")))
    return failure();
  decl.value = parseExpr();
  if (!decl.value ||
      failed(expect(TokenKind::Newline, "after a constant declaration")))
    return failure();
  file.constants.push_back(std::move(decl));
  return success();
}

LogicalResult Parser::parseKernel(SourceFile &file) {
  KernelDecl kernel;
  kernel.decoratorLoc = loc();
  consume(); // '@'
  if (!isIdentifier("kernel"))
    return errorHere("expected 'kernel' after '@'");
  consume();
  std::vector<ExprPtr> positional;
  if (failed(expect(TokenKind::LParen, "after '@kernel'")) ||
      failed(parseArgs(positional, kernel.options)))
    return failure();
  if (!positional.empty())
    return diags.error(positional.front()->getLoc(),
                       "expected keyword arguments (grid=..., num_warps=..., "
                       "num_stages=...) in '@kernel'");
  if (failed(expect(TokenKind::Newline, "after the '@kernel' decorator")))
    return failure();
  if (failed(expect(TokenKind::KwDef, "after the '@kernel' decorator")))
    return failure();
  kernel.loc = loc();
  kernel.name = cur().spelling;
  if (failed(expect(TokenKind::Identifier, "(the kernel name) after 'def'")) ||
      failed(expect(TokenKind::LParen, "after the kernel name")))
    return failure();
  SMLoc open = tokens[index - 1].getLoc();
  while (!consumeIf(TokenKind::RParen)) {
    if (cur().is(TokenKind::Eof))
      return unclosed(open);
    ParamDecl param;
    if (failed(parseParam(param)))
      return failure();
    kernel.params.push_back(std::move(param));
    if (!cur().is(TokenKind::RParen) &&
        failed(expectComma(open, "between parameters")))
      return failure();
  }
  if (failed(expect(TokenKind::Colon, "after the kernel parameters")) ||
      failed(parseBlock(kernel.body)))
    return failure();
  file.kernels.push_back(std::move(kernel));
  return success();
}

LogicalResult Parser::parseParam(ParamDecl &param) {
  param.loc = loc();
  param.name = cur().spelling;
  if (failed(expect(TokenKind::Identifier, "(a parameter name)")) ||
      failed(expect(TokenKind::Colon, "after the parameter name")))
    return failure();
  if ((isIdentifier("out") || isIdentifier("inout")) &&
      ahead(1).is(TokenKind::Identifier)) {
    param.role = cur().spelling == "out" ? ParamRole::Output : ParamRole::InOut;
    param.roleLoc = loc();
    consume();
  }
  param.typeLoc = loc();
  param.typeName = cur().spelling;
  if (failed(expect(TokenKind::Identifier, "(an element type) in a parameter")))
    return failure();
  if (consumeIf(TokenKind::LBracket)) {
    param.isTensor = true;
    if (failed(parseList(TokenKind::RBracket, param.dims)))
      return failure();
  }
  if (consumeIf(TokenKind::Assign)) {
    param.init = parseExpr();
    if (!param.init)
      return failure();
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

LogicalResult Parser::parseBlock(Block &block) {
  NestingGuard guard(nesting);
  if (nesting > kMaxNesting)
    return tooDeep(loc());
  // `if CAUSAL: pass` -- a one-line block holds one simple statement.
  if (!cur().is(TokenKind::Newline)) {
    if (cur().is(TokenKind::KwFor) || cur().is(TokenKind::KwIf))
      return errorHere("a 'for' or 'if' must start on its own line");
    StmtPtr stmt = parseStmt();
    if (!stmt)
      return failure();
    block.push_back(std::move(stmt));
    return success();
  }
  consume();
  if (failed(expect(TokenKind::Indent, "(an indented block)")))
    return failure();
  while (!consumeIf(TokenKind::Dedent)) {
    if (cur().is(TokenKind::Eof))
      return errorHere("unexpected end of file in a block");
    StmtPtr stmt = parseStmt();
    if (!stmt)
      return failure();
    block.push_back(std::move(stmt));
  }
  return success();
}

StmtPtr Parser::parseStmt() {
  switch (cur().kind) {
  case TokenKind::KwFor:
    return parseFor();
  case TokenKind::KwIf:
    return parseIf();
  case TokenKind::KwPass: {
    SMLoc at = loc();
    consume();
    if (failed(expect(TokenKind::Newline, "after 'pass'")))
      return nullptr;
    return std::make_unique<PassStmt>(at);
  }
  case TokenKind::Indent:
    (void)errorHere("unexpected indentation");
    return nullptr;
  case TokenKind::KwConst:
    (void)errorHere("'const' declarations belong at the top level of the file");
    return nullptr;
  case TokenKind::KwDef:
    (void)errorHere("a nested 'def' is not supported in a kernel (there are "
                    "no helper functions)");
    return nullptr;
  case TokenKind::KwElse:
  case TokenKind::KwElif:
    (void)errorHere("'" + cur().spelling +
                    "' without a matching 'if' ('for ... else' is not "
                    "supported)");
    return nullptr;
  default:
    if (failed(rejectUnsupportedWord("a kernel")))
      return nullptr;
    return parseSimpleStmt();
  }
}

StmtPtr Parser::parseFor() {
  SMLoc at = loc();
  consume(); // 'for'
  StringRef var = cur().spelling;
  if (failed(
          expect(TokenKind::Identifier, "(the loop variable) after 'for'")) ||
      failed(expect(TokenKind::KwIn, "after the loop variable")))
    return nullptr;
  SMLoc rangeLoc = loc();
  if (!isIdentifier("range")) {
    (void)errorHere("expected 'range(...)' after 'in'");
    return nullptr;
  }
  consume();
  std::vector<ExprPtr> args;
  std::vector<KeywordArg> kwargs;
  if (failed(expect(TokenKind::LParen, "after 'range'")) ||
      failed(parseArgs(args, kwargs)))
    return nullptr;
  if (!kwargs.empty()) {
    (void)diags.error(kwargs.front().loc, "'range' takes no keyword arguments");
    return nullptr;
  }
  Block body;
  if (failed(expect(TokenKind::Colon, "after 'range(...)'")) ||
      failed(parseBlock(body)))
    return nullptr;
  return std::make_unique<ForStmt>(at, var, rangeLoc, std::move(args),
                                   std::move(body));
}

StmtPtr Parser::parseIf() {
  SMLoc at = loc();
  std::vector<IfStmt::Branch> branches;
  bool more = true;
  while (more) {
    consume(); // 'if' or 'elif'
    IfStmt::Branch branch;
    branch.condition = parseExpr();
    if (!branch.condition ||
        failed(expect(TokenKind::Colon, "after the condition")) ||
        failed(parseBlock(branch.body)))
      return nullptr;
    branches.push_back(std::move(branch));
    more = cur().is(TokenKind::KwElif);
  }
  if (consumeIf(TokenKind::KwElse)) {
    IfStmt::Branch branch;
    if (failed(expect(TokenKind::Colon, "after 'else'")) ||
        failed(parseBlock(branch.body)))
      return nullptr;
    branches.push_back(std::move(branch));
  }
  return std::make_unique<IfStmt>(at, std::move(branches));
}

LogicalResult Parser::checkAssignTarget(const Expr &target) {
  if (isa<NameExpr>(target) || isa<SubscriptExpr>(target))
    return success();
  if (auto *tuple = dyn_cast<TupleExpr>(&target)) {
    for (const ExprPtr &element : tuple->getElements())
      if (!isa<NameExpr>(*element))
        return diags.error(element->getLoc(),
                           "expected a name in a multiple assignment");
    return success();
  }
  return diags.error(target.getLoc(), "cannot assign to this expression");
}

StmtPtr Parser::parseSimpleStmt() {
  SMLoc at = loc();
  ExprPtr target = parseExprList();
  if (!target)
    return nullptr;
  std::optional<BinaryOp> augmented;
  switch (cur().kind) {
  case TokenKind::PlusAssign:
    augmented = BinaryOp::Add;
    break;
  case TokenKind::MinusAssign:
    augmented = BinaryOp::Sub;
    break;
  case TokenKind::StarAssign:
    augmented = BinaryOp::Mul;
    break;
  case TokenKind::SlashAssign:
    augmented = BinaryOp::Div;
    break;
  case TokenKind::SlashSlashAssign:
    augmented = BinaryOp::FloorDiv;
    break;
  default:
    break;
  }
  StmtPtr stmt;
  if (augmented) {
    if (!isa<NameExpr, SubscriptExpr>(*target)) {
      (void)diags.error(target->getLoc(),
                        "expected a name or a subscript before an augmented "
                        "assignment");
      return nullptr;
    }
    consume();
    ExprPtr value = parseExpr();
    if (!value)
      return nullptr;
    stmt = std::make_unique<AugAssignStmt>(at, std::move(target), *augmented,
                                           std::move(value));
  } else if (consumeIf(TokenKind::Assign)) {
    if (failed(checkAssignTarget(*target)))
      return nullptr;
    ExprPtr value = parseExprList();
    if (!value)
      return nullptr;
    if (cur().is(TokenKind::Assign)) {
      (void)errorHere("chained assignment is not supported");
      return nullptr;
    }
    stmt =
        std::make_unique<AssignStmt>(at, std::move(target), std::move(value));
  } else {
    stmt = std::make_unique<ExprStmt>(std::move(target));
  }
  if (failed(expect(TokenKind::Newline, "at the end of the statement")))
    return nullptr;
  return stmt;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

ExprPtr Parser::makeBinary(SMLoc at, BinaryOp op, ExprPtr lhs, ExprPtr rhs) {
  if (!lhs || !rhs)
    return nullptr;
  if (depthOver(lhs, rhs) > kMaxExprDepth) {
    (void)tooDeep(at);
    return nullptr;
  }
  return std::make_unique<BinaryExpr>(at, op, std::move(lhs), std::move(rhs));
}

ExprPtr Parser::parseExprList() {
  SMLoc at = loc();
  ExprPtr first = parseExpr();
  if (!first || !cur().is(TokenKind::Comma))
    return first;
  std::vector<ExprPtr> elements;
  elements.push_back(std::move(first));
  while (consumeIf(TokenKind::Comma)) {
    if (cur().is(TokenKind::Newline) || cur().is(TokenKind::Assign))
      break;
    ExprPtr next = parseExpr();
    if (!next)
      return nullptr;
    elements.push_back(std::move(next));
  }
  unsigned depth = 1;
  for (const ExprPtr &e : elements)
    depth = std::max(depth, e->getDepth() + 1);
  return std::make_unique<TupleExpr>(at, std::move(elements), depth);
}

ExprPtr Parser::parseExpr() {
  NestingGuard guard(nesting);
  if (nesting > kMaxNesting) {
    (void)tooDeep(loc());
    return nullptr;
  }
  ExprPtr expr = parseOr();
  if (expr && failed(rejectExpressionSuffix()))
    return nullptr;
  return expr;
}

ExprPtr
Parser::parseLeftAssoc(BinaryLevel next,
                       llvm::ArrayRef<std::pair<TokenKind, BinaryOp>> ops) {
  ExprPtr lhs = (this->*next)();
  while (lhs) {
    const auto *op = llvm::find_if(
        ops, [&](const auto &entry) { return cur().is(entry.first); });
    if (op == ops.end())
      break;
    SMLoc at = loc();
    consume();
    lhs = makeBinary(at, op->second, std::move(lhs), (this->*next)());
  }
  return lhs;
}

ExprPtr Parser::parseOr() {
  return parseLeftAssoc(&Parser::parseAnd, {{TokenKind::KwOr, BinaryOp::Or}});
}

ExprPtr Parser::parseAnd() {
  return parseLeftAssoc(&Parser::parseNot, {{TokenKind::KwAnd, BinaryOp::And}});
}

ExprPtr Parser::parseNot() {
  if (!cur().is(TokenKind::KwNot))
    return parseComparison();
  SMLoc at = loc();
  consume();
  NestingGuard guard(nesting);
  if (nesting > kMaxNesting) {
    (void)tooDeep(at);
    return nullptr;
  }
  ExprPtr operand = parseNot();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryExpr>(at, UnaryOp::Not, std::move(operand));
}

ExprPtr Parser::parseComparison() {
  static constexpr std::pair<TokenKind, BinaryOp> kOps[] = {
      {TokenKind::Less, BinaryOp::Lt},    {TokenKind::LessEq, BinaryOp::Le},
      {TokenKind::Greater, BinaryOp::Gt}, {TokenKind::GreaterEq, BinaryOp::Ge},
      {TokenKind::EqEq, BinaryOp::Eq},    {TokenKind::NotEq, BinaryOp::Ne}};
  ExprPtr lhs = parseBitOr();
  auto isComparison = [&] {
    return llvm::any_of(kOps, [&](auto &op) { return cur().is(op.first); });
  };
  if (!lhs || !isComparison())
    return lhs;
  const auto *op =
      llvm::find_if(kOps, [&](auto &entry) { return cur().is(entry.first); });
  SMLoc at = loc();
  consume();
  ExprPtr result = makeBinary(at, op->second, std::move(lhs), parseBitOr());
  if (result && isComparison()) {
    (void)errorHere("chained comparisons are not supported; combine "
                    "comparisons with '&'");
    return nullptr;
  }
  return result;
}

ExprPtr Parser::parseBitOr() {
  return parseLeftAssoc(&Parser::parseBitAnd,
                        {{TokenKind::Pipe, BinaryOp::BitOr}});
}

ExprPtr Parser::parseBitAnd() {
  return parseLeftAssoc(&Parser::parseAdditive,
                        {{TokenKind::Amp, BinaryOp::BitAnd}});
}

ExprPtr Parser::parseAdditive() {
  return parseLeftAssoc(
      &Parser::parseMultiplicative,
      {{TokenKind::Plus, BinaryOp::Add}, {TokenKind::Minus, BinaryOp::Sub}});
}

ExprPtr Parser::parseMultiplicative() {
  return parseLeftAssoc(&Parser::parseUnary,
                        {{TokenKind::Star, BinaryOp::Mul},
                         {TokenKind::Slash, BinaryOp::Div},
                         {TokenKind::SlashSlash, BinaryOp::FloorDiv},
                         {TokenKind::Percent, BinaryOp::Rem}});
}

ExprPtr Parser::parseUnary() {
  if (!cur().is(TokenKind::Minus) && !cur().is(TokenKind::Plus))
    return parsePostfix();
  SMLoc at = loc();
  UnaryOp op = cur().is(TokenKind::Minus) ? UnaryOp::Neg : UnaryOp::Plus;
  consume();
  NestingGuard guard(nesting);
  if (nesting > kMaxNesting) {
    (void)tooDeep(at);
    return nullptr;
  }
  ExprPtr operand = parseUnary();
  if (!operand)
    return nullptr;
  return std::make_unique<UnaryExpr>(at, op, std::move(operand));
}

LogicalResult Parser::parseArgs(std::vector<ExprPtr> &args,
                                std::vector<KeywordArg> &kwargs) {
  SMLoc open = tokens[index - 1].getLoc();
  while (!consumeIf(TokenKind::RParen)) {
    if (cur().is(TokenKind::Eof))
      return unclosed(open);
    if (cur().is(TokenKind::Identifier) && ahead(1).is(TokenKind::Assign)) {
      KeywordArg kwarg;
      kwarg.loc = loc();
      kwarg.name = cur().spelling;
      consume();
      consume();
      kwarg.value = parseExpr();
      if (!kwarg.value)
        return failure();
      kwargs.push_back(std::move(kwarg));
    } else {
      if (!kwargs.empty())
        return errorHere("positional argument after a keyword argument");
      ExprPtr arg = parseExpr();
      if (!arg)
        return failure();
      args.push_back(std::move(arg));
    }
    if (!cur().is(TokenKind::RParen) &&
        failed(expectComma(open, "between arguments")))
      return failure();
  }
  return success();
}

LogicalResult Parser::parseList(TokenKind close,
                                std::vector<ExprPtr> &elements) {
  SMLoc open = tokens[index - 1].getLoc();
  while (!consumeIf(close)) {
    if (cur().is(TokenKind::Eof))
      return unclosed(open);
    ExprPtr element = parseExpr();
    if (!element)
      return failure();
    elements.push_back(std::move(element));
    if (!cur().is(close) && failed(expectComma(open, "between elements")))
      return failure();
  }
  return success();
}

/// Returns the depth of a node over a list of children and extra children.
static unsigned depthOverList(const std::vector<ExprPtr> &list,
                              unsigned extra = 0) {
  unsigned depth = extra;
  for (const ExprPtr &e : list)
    depth = std::max(depth, e->getDepth());
  return depth + 1;
}

ExprPtr Parser::parseSubscriptItem() {
  SMLoc at = loc();
  ExprPtr start;
  if (!cur().is(TokenKind::Colon)) {
    start = parseExpr();
    if (!start || !cur().is(TokenKind::Colon))
      return start;
  }
  consume(); // ':'
  ExprPtr end;
  if (!cur().is(TokenKind::Comma) && !cur().is(TokenKind::RBracket)) {
    if (cur().is(TokenKind::Colon)) {
      (void)errorHere("slice steps are not supported");
      return nullptr;
    }
    end = parseExpr();
    if (!end)
      return nullptr;
    if (cur().is(TokenKind::Colon)) {
      (void)errorHere("slice steps are not supported");
      return nullptr;
    }
  }
  return std::make_unique<SliceExpr>(at, std::move(start), std::move(end));
}

ExprPtr Parser::parsePostfix() {
  ExprPtr expr = parsePrimary();
  while (expr) {
    SMLoc at = loc();
    if (cur().is(TokenKind::LParen)) {
      auto *name = dyn_cast<NameExpr>(expr.get());
      if (!name) {
        (void)errorHere("only builtin functions and methods can be called");
        return nullptr;
      }
      consume();
      std::vector<ExprPtr> args;
      std::vector<KeywordArg> kwargs;
      if (failed(parseArgs(args, kwargs)))
        return nullptr;
      unsigned depth = depthOverList(args);
      for (const KeywordArg &kwarg : kwargs)
        depth = std::max(depth, kwarg.value->getDepth() + 1);
      expr =
          std::make_unique<CallExpr>(name->getLoc(), name->getName(), nullptr,
                                     std::move(args), std::move(kwargs), depth);
    } else if (consumeIf(TokenKind::Dot)) {
      StringRef method = cur().spelling;
      if (failed(expect(TokenKind::Identifier, "(a method name) after '.'")) ||
          failed(expect(TokenKind::LParen,
                        "(a method call) after '." + method.str() + "'")))
        return nullptr;
      std::vector<ExprPtr> args;
      std::vector<KeywordArg> kwargs;
      if (failed(parseArgs(args, kwargs)))
        return nullptr;
      unsigned depth = depthOverList(args, expr->getDepth());
      expr =
          std::make_unique<CallExpr>(at, method, std::move(expr),
                                     std::move(args), std::move(kwargs), depth);
    } else if (consumeIf(TokenKind::LBracket)) {
      std::vector<ExprPtr> items;
      while (!consumeIf(TokenKind::RBracket)) {
        if (cur().is(TokenKind::Eof)) {
          (void)unclosed(at);
          return nullptr;
        }
        ExprPtr item = parseSubscriptItem();
        if (!item)
          return nullptr;
        items.push_back(std::move(item));
        if (!cur().is(TokenKind::RBracket) &&
            failed(expectComma(at, "between subscripts")))
          return nullptr;
      }
      unsigned depth = depthOverList(items, expr->getDepth());
      expr = std::make_unique<SubscriptExpr>(expr->getLoc(), std::move(expr),
                                             std::move(items), depth);
    } else {
      break;
    }
    if (expr->getDepth() > kMaxExprDepth) {
      (void)tooDeep(at);
      return nullptr;
    }
  }
  return expr;
}

ExprPtr Parser::parseNumber() {
  SMLoc at = loc();
  StringRef text = cur().spelling;
  bool isInt = cur().is(TokenKind::Integer);
  consume();
  if (isInt) {
    int64_t value;
    if (text.getAsInteger(10, value)) {
      (void)diags.error(at, "integer literal '" + text +
                                "' does not fit in 64 bits");
      return nullptr;
    }
    return std::make_unique<IntExpr>(at, value);
  }
  double value;
  if (text.getAsDouble(value, /*AllowInexact=*/true)) {
    (void)diags.error(at, "invalid number '" + text + "'");
    return nullptr;
  }
  return std::make_unique<FloatExpr>(at, value);
}

ExprPtr Parser::parseParenthesized() {
  SMLoc at = loc();
  TokenKind close =
      cur().is(TokenKind::LParen) ? TokenKind::RParen : TokenKind::RBracket;
  bool isList = close == TokenKind::RBracket;
  consume();
  std::vector<ExprPtr> elements;
  bool sawComma = false;
  while (!consumeIf(close)) {
    if (cur().is(TokenKind::Eof)) {
      (void)unclosed(at);
      return nullptr;
    }
    ExprPtr element = parseExpr();
    if (!element)
      return nullptr;
    elements.push_back(std::move(element));
    if (cur().is(close))
      continue;
    if (failed(expectComma(at, "between elements")))
      return nullptr;
    sawComma = true;
  }
  if (!isList && elements.size() == 1 && !sawComma)
    return std::move(elements.front());
  unsigned depth = depthOverList(elements);
  return std::make_unique<TupleExpr>(at, std::move(elements), depth);
}

ExprPtr Parser::parsePrimary() {
  SMLoc at = loc();
  switch (cur().kind) {
  case TokenKind::Identifier: {
    if (failed(rejectUnsupportedWord("a kernel")))
      return nullptr;
    StringRef name = cur().spelling;
    consume();
    return std::make_unique<NameExpr>(at, name);
  }
  case TokenKind::Integer:
  case TokenKind::Float:
    return parseNumber();
  case TokenKind::KwNone:
    consume();
    return std::make_unique<NoneExpr>(at);
  case TokenKind::LParen:
  case TokenKind::LBracket:
    return parseParenthesized();
  case TokenKind::SlashSlash:
    (void)errorHere("expected an expression, got '//' (comments start with "
                    "'#'; '//' is floor division)");
    return nullptr;
  case TokenKind::Star:
    // `a ** b` lexes as two '*'; the second one lands here.
    if (index > 0 && tokens[index - 1].is(TokenKind::Star) &&
        tokens[index - 1].spelling.end() == cur().spelling.begin()) {
      (void)diags.error(tokens[index - 1].getLoc(),
                        "'**' is not supported in a kernel; multiply, or use "
                        "exp2() and log2()");
      return nullptr;
    }
    [[fallthrough]];
  default:
    (void)errorHere("expected an expression, got " +
                    spellTokenKind(cur().kind));
    return nullptr;
  }
}

LogicalResult tessera::frontend::parseSourceFile(StringRef buffer,
                                                 Diagnostics &diags,
                                                 SourceFile &file) {
  std::vector<Token> tokens;
  if (failed(lex(buffer, diags, tokens)))
    return failure();
  return Parser(tokens, diags).parseFile(file);
}
