//===- IRGenStmt.cpp - Lowering of tile-language statements ---------------===//
//
// Part of Tessera. Statements: assignments (to locals, tuples and tensor
// elements) with their scoping rules, `if` and `for` lowered to scf.if and
// scf.for with the locals they carry.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "llvm/ADT/SetVector.h"

#include <limits>

using namespace tessera::frontend;
using namespace tessera::frontend::irgen;


//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

LogicalResult KernelGen::checkAssignable(StringRef name, SMLoc loc) {
  if (lookupLocal(name))
    return success();
  auto reserved = [&](StringRef what) {
    return diags.error(loc, "cannot assign to '" + name + "': it is " + what);
  };
  if (tensorIndex.count(name) || scalarParams.count(name))
    return reserved("a kernel parameter");
  if (sizeSources.count(name))
    return reserved("a tensor size");
  if (constants.lookup(name))
    return reserved("a compile-time constant (override it with -D)");
  if (isTypeName(name) || lookupPredefinedConstant(name))
    return reserved("a reserved name");
  return success();
}

LogicalResult KernelGen::assign(StringRef name, const TValue &value,
                                SMLoc loc) {
  if (failed(checkAssignable(name, loc)))
    return failure();
  if (value.kind == TValue::Kind::Tuple)
    return diags.error(loc, "cannot assign " +
                                llvm::Twine(value.elements.size()) +
                                " values to the single name '" + name + "'");
  if (Binding *binding = lookupLocal(name)) {
    *binding = {value, loc};
    return success();
  }
  scopes.back()[name] = {value, loc};
  return success();
}

LogicalResult KernelGen::lowerAssign(const AssignStmt &stmt) {
  FailureOr<TValue> value = eval(stmt.getValue());
  if (failed(value))
    return failure();
  const Expr &target = stmt.getTarget();
  if (auto *subscript = dyn_cast<SubscriptExpr>(&target))
    return lowerStore(*subscript, *value, stmt.getValue().getLoc());
  if (auto *name = dyn_cast<NameExpr>(&target))
    return assign(name->getName(), *value, name->getLoc());
  const auto &names = cast<TupleExpr>(target).getElements();
  if (value->kind != TValue::Kind::Tuple ||
      value->elements.size() != names.size())
    return diags.error(stmt.getValue().getLoc(),
                       "expected " + llvm::Twine(names.size()) +
                           " values on the right of '='");
  for (auto [nameExpr, element] : llvm::zip(names, value->elements))
    if (failed(assign(cast<NameExpr>(*nameExpr).getName(), element,
                      nameExpr->getLoc())))
      return failure();
  return success();
}

LogicalResult KernelGen::lowerIf(const IfStmt &stmt) {
  for (const IfStmt::Branch &branch : stmt.getBranches()) {
    if (!branch.condition)
      return lowerBlock(branch.body);
    FailureOr<TValue> condition = eval(*branch.condition);
    if (failed(condition))
      return failure();
    if (!condition->isConstant() || condition->constant.isFloat())
      return diags.error(branch.condition->getLoc(),
                         "'if' conditions must be compile-time bools or "
                         "integers; select between tiles with where()");
    bool taken = condition->constant.isBool() ? condition->constant.boolValue
                                              : condition->constant.intValue;
    if (taken)
      return lowerBlock(branch.body);
  }
  return success();
}

/// Collects the names a block assigns, in order, including nested blocks.
static void collectAssignedNames(const Block &block,
                                 llvm::SetVector<StringRef> &names) {
  for (const StmtPtr &stmt : block) {
    if (auto *assign = dyn_cast<AssignStmt>(stmt.get())) {
      const Expr &target = assign->getTarget();
      if (auto *name = dyn_cast<NameExpr>(&target))
        names.insert(name->getName());
      else if (auto *tuple = dyn_cast<TupleExpr>(&target))
        for (const ExprPtr &element : tuple->getElements())
          names.insert(cast<NameExpr>(*element).getName());
    } else if (auto *aug = dyn_cast<AugAssignStmt>(stmt.get())) {
      if (auto *name = dyn_cast<NameExpr>(&aug->getTarget()))
        names.insert(name->getName());
    } else if (auto *loop = dyn_cast<ForStmt>(stmt.get())) {
      collectAssignedNames(loop->getBody(), names);
    } else if (auto *branch = dyn_cast<IfStmt>(stmt.get())) {
      for (const IfStmt::Branch &b : branch->getBranches())
        collectAssignedNames(b.body, names);
    }
  }
}

LogicalResult KernelGen::lowerFor(const ForStmt &stmt) {
  const std::vector<ExprPtr> &args = stmt.getRangeArgs();
  if (failed(checkAssignable(stmt.getVar(), stmt.getLoc())))
    return failure();
  if (args.empty() || args.size() > 3)
    return diags.error(stmt.getRangeLoc(),
                       "'range' takes 1 to 3 arguments, got " +
                           llvm::Twine(args.size()));
  TValue lo = TValue::ofConstant(ConstValue::getInt(0)), hi = lo;
  for (size_t i = 0; i < std::min<size_t>(args.size(), 2); ++i) {
    FailureOr<TValue> bound = eval(*args[i]);
    if (failed(bound))
      return failure();
    (args.size() == 1 || i == 1 ? hi : lo) = *bound;
  }
  int64_t step = 1;
  if (args.size() == 3) {
    FailureOr<int64_t> value = evalConstInt(*args[2], "the step of 'range'");
    if (failed(value))
      return failure();
    if (*value < 1 || *value > std::numeric_limits<int32_t>::max())
      return diags.error(args[2]->getLoc(),
                         "expected a positive i32 step, got " +
                             llvm::Twine(*value));
    step = *value;
  }
  FailureOr<Value> lower =
      asI32(lo, args.size() == 1 ? stmt.getRangeLoc() : args[0]->getLoc(),
            "the start of 'range'");
  if (failed(lower))
    return failure();
  FailureOr<Value> upper =
      asI32(hi, args[args.size() == 1 ? 0 : 1]->getLoc(), "the end of 'range'");
  if (failed(upper))
    return failure();
  FailureOr<Value> stepValue = materialize(
      ConstValue::getInt(step), builder.getI32Type(), {}, stmt.getRangeLoc());
  if (failed(stepValue))
    return failure();

  // Variables of enclosing scopes assigned in the body are loop-carried.
  llvm::SetVector<StringRef> assigned;
  collectAssignedNames(stmt.getBody(), assigned);
  llvm::SmallVector<StringRef> carried;
  llvm::SmallVector<Value> inits;
  for (StringRef name : assigned) {
    Binding *binding = lookupLocal(name);
    if (!binding || name == stmt.getVar())
      continue;
    const TValue &value = binding->value;
    Value init;
    if (value.isConstant()) {
      Type type = value.constant.isFloat()  ? Type(builder.getF32Type())
                  : value.constant.isBool() ? Type(builder.getI1Type())
                                            : Type(builder.getI32Type());
      FailureOr<Value> materialized =
          materialize(value.constant, type, {}, binding->loc);
      if (failed(materialized))
        return failure();
      init = *materialized;
    } else if (value.isRuntime()) {
      init = value.value;
    } else {
      return diags.error(binding->loc,
                         "'" + name +
                             "' is reassigned in the loop below, so "
                             "it must hold a number or a tile");
    }
    carried.push_back(name);
    inits.push_back(init);
  }

  auto loop = mlir::scf::ForOp::create(builder, getLoc(stmt.getLoc()), *lower,
                                       *upper, *stepValue, inits);
  mlir::Block *body = loop.getBody();
  mlir::OpBuilder::InsertionGuard guard(builder);
  if (body->mightHaveTerminator())
    builder.setInsertionPoint(body->getTerminator());
  else
    builder.setInsertionPointToEnd(body);

  scopes.emplace_back();
  scopes.back()[stmt.getVar()] = {TValue::ofRuntime(loop.getInductionVar()),
                                  stmt.getLoc()};
  for (auto [name, arg] : llvm::zip(carried, loop.getRegionIterArgs()))
    scopes.back()[name] = {TValue::ofRuntime(arg), stmt.getLoc()};
  if (failed(lowerBlock(stmt.getBody())))
    return failure();

  llvm::SmallVector<Value> yields;
  for (auto [name, arg] : llvm::zip(carried, loop.getRegionIterArgs())) {
    const Binding &binding = scopes.back()[name];
    if (failed(checkOperand(binding.value, binding.loc)))
      return failure();
    Type type = arg.getType();
    if (binding.value.isRuntime() && binding.value.value.getType() != type) {
      (void)diags.error(binding.loc,
                        "loop-carried variable '" + name +
                            "' changes type in the loop body: it enters as " +
                            typeStr(type) + " and is assigned " +
                            typeStr(binding.value.value.getType()));
      diags.note(stmt.getLoc(), "in this loop");
      return failure();
    }
    auto tensor = dyn_cast<mlir::RankedTensorType>(type);
    FailureOr<Value> yielded = coerce(
        binding.value, mlir::getElementTypeOrSelf(type),
        tensor ? tensor.getShape() : llvm::ArrayRef<int64_t>(), binding.loc);
    if (failed(yielded))
      return failure();
    yields.push_back(*yielded);
  }
  if (!carried.empty())
    mlir::scf::YieldOp::create(builder, getLoc(stmt.getLoc()), yields);
  scopes.pop_back();

  builder.setInsertionPointAfter(loop);
  for (auto [name, result] : llvm::zip(carried, loop.getResults()))
    lookupLocal(name)->value = TValue::ofRuntime(result);
  return success();
}

LogicalResult KernelGen::lowerStmt(const Stmt &stmt) {
  switch (stmt.getKind()) {
  case Stmt::Kind::Assign:
    return lowerAssign(cast<AssignStmt>(stmt));
  case Stmt::Kind::AugAssign: {
    // `T[...] += v` reads the element or slice (T must be readable: an
    // input's store and an output's load are the errors they are in
    // `T[...] = T[...] + v`) and stores the result back.
    const auto &aug = cast<AugAssignStmt>(stmt);
    const auto *name = dyn_cast<NameExpr>(&aug.getTarget());
    const auto *subscript = dyn_cast<SubscriptExpr>(&aug.getTarget());
    FailureOr<TValue> lhs =
        name ? evalName(*name) : evalSubscript(*subscript);
    if (failed(lhs))
      return failure();
    FailureOr<TValue> rhs = eval(aug.getValue());
    if (failed(rhs))
      return failure();
    FailureOr<TValue> result =
        applyBinary(aug.getOp(), *lhs, *rhs, stmt.getLoc());
    if (failed(result))
      return failure();
    if (subscript)
      return lowerStore(*subscript, *result, aug.getValue().getLoc());
    return assign(name->getName(), *result, name->getLoc());
  }
  case Stmt::Kind::Expr:
    return mlir::success(succeeded(eval(cast<ExprStmt>(stmt).getExpr())));
  case Stmt::Kind::For:
    return lowerFor(cast<ForStmt>(stmt));
  case Stmt::Kind::If:
    return lowerIf(cast<IfStmt>(stmt));
  case Stmt::Kind::Pass:
    return success();
  }
  return failure();
}

LogicalResult KernelGen::lowerBlock(const Block &block) {
  for (const StmtPtr &stmt : block)
    if (failed(lowerStmt(*stmt)))
      return failure();
  return success();
}
