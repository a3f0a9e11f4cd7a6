//===- IRGenAccess.cpp - Loads, stores, subscripts and views --------------===//
//
// Part of Tessera. Element access: `tensor[...]` subscripts lowered to
// tile.load / tile.load_scalar / tile.store with their indices and tile
// shapes, `None` subscripts inserting tile dimensions, and
// `tensor.narrow(dim, start, length)` views.
//
//===----------------------------------------------------------------------===//

#include "KernelGen.h"

using namespace tessera::frontend;
using namespace tessera::frontend::irgen;

namespace tile = tessera::tile;

FailureOr<TValue> KernelGen::callNarrow(const CallExpr &call,
                                        llvm::ArrayRef<const Expr *> args) {
  FailureOr<TValue> base = eval(*args[0]);
  if (failed(base))
    return failure();
  if (base->kind != TValue::Kind::Tensor)
    return diags.error(call.getLoc(), "'narrow' applies to a tensor in global "
                                      "memory (a parameter or a narrowed "
                                      "view of one)");
  const TensorParam &tensor = *base->tensor;
  FailureOr<TValue> dim = eval(*args[1]);
  if (failed(dim))
    return failure();
  int64_t rank = static_cast<int64_t>(tensor.fixedDims.size());
  if (!dim->isConstant() || !dim->constant.isInt() ||
      dim->constant.intValue < 0 || dim->constant.intValue >= rank)
    return diags.error(args[1]->getLoc(),
                       "expected a constant dimension in [0, " +
                           llvm::Twine(rank) + ") of '" + tensor.name + "'");
  llvm::SmallVector<Value, 2> bounds;
  for (const Expr *arg : args.drop_front(2)) {
    FailureOr<TValue> value = eval(*arg);
    if (failed(value))
      return failure();
    FailureOr<Value> scalar = asI32(*value, arg->getLoc(), "a bound of 'narrow'");
    if (failed(scalar))
      return failure();
    bounds.push_back(*scalar);
  }
  unsigned d = static_cast<unsigned>(dim->constant.intValue);
  TensorParam &narrowed = derivedTensors.emplace_back(tensor);
  narrowed.view = tile::NarrowOp::create(
      builder, getLoc(call.getLoc()), tensor.view, d, bounds[0], bounds[1]);
  narrowed.fixedDims[d] = std::nullopt;
  narrowed.dimNames[d] = StringRef();
  return TValue::ofTensor(&narrowed);
}

//===----------------------------------------------------------------------===//
// Subscripts: loads, stores and dimension insertion
//===----------------------------------------------------------------------===//

FailureOr<int64_t> KernelGen::sliceLength(const TensorParam &tensor,
                                          unsigned dim, const SliceExpr &slice,
                                          const TValue &start) {
  if (!slice.getEnd()) {
    if (!slice.getStart() && tensor.fixedDims[dim])
      return *tensor.fixedDims[dim];
    return diags.error(slice.getLoc(),
                       "the slice of dimension " + llvm::Twine(dim) + " of '" +
                           tensor.name +
                           "' has no compile-time length; write "
                           "'start : start + LENGTH'");
  }
  FailureOr<TValue> end = eval(*slice.getEnd());
  if (failed(end))
    return failure();
  if (failed(asI32(*end, slice.getEnd()->getLoc(), "the end of a slice")))
    return failure();
  int64_t length;
  bool sameBase = start.linBase == end->linBase;
  if (!sameBase || llvm::SubOverflow(end->linOffset, start.linOffset, length))
    return diags.error(slice.getLoc(),
                       "the length of a slice must be a compile-time "
                       "constant, as in 'a : a + BLOCK'");
  if (length < 1)
    return diags.error(slice.getLoc(),
                       "expected a positive slice length, got " +
                           llvm::Twine(length));
  return length;
}

FailureOr<KernelGen::Access> KernelGen::lowerAccess(const TensorParam &tensor,
                                                    const SubscriptExpr &expr,
                                                    bool allowScalar) {
  const std::vector<ExprPtr> &items = expr.getItems();
  size_t rank = tensor.fixedDims.size();
  if (items.size() != rank)
    return diags.error(expr.getLoc(), "expected " + llvm::Twine(rank) +
                                          " subscripts for '" + tensor.name +
                                          "' (one per dimension), got " +
                                          llvm::Twine(items.size()));
  Access access;
  for (auto [dim, item] : llvm::enumerate(items)) {
    SMLoc loc = item->getLoc();
    if (isa<NoneExpr>(*item))
      return diags.error(loc, "'None' cannot subscript a tensor");
    auto *slice = dyn_cast<SliceExpr>(item.get());
    if (!slice && !access.shape.empty())
      return diags.error(loc, "an index cannot follow a slice: index the "
                              "leading dimensions and slice the trailing ones");
    TValue start = TValue::ofConstant(ConstValue::getInt(0));
    const Expr *startExpr = slice ? slice->getStart() : item.get();
    if (startExpr) {
      FailureOr<TValue> value = eval(*startExpr);
      if (failed(value))
        return failure();
      start = *value;
    }
    FailureOr<Value> index = asI32(start, loc, "a subscript");
    if (failed(index))
      return failure();
    access.indices.push_back(*index);
    if (!slice)
      continue;
    FailureOr<int64_t> length =
        sliceLength(tensor, static_cast<unsigned>(dim), *slice, start);
    if (failed(length))
      return failure();
    access.shape.push_back(*length);
  }
  if (access.shape.empty()) {
    if (allowScalar)
      return access;
    return diags.error(expr.getLoc(), "expected at least one slice 'a : b' in "
                                      "the subscript of '" +
                                          tensor.name +
                                          "' (a store writes a tile; reading "
                                          "one element is a scalar load)");
  }
  if (failed(checkTileShape(access.shape, expr.getLoc())))
    return failure();
  return access;
}

FailureOr<TValue> KernelGen::insertDims(const TValue &base,
                                        const SubscriptExpr &expr) {
  FailureOr<Value> value =
      asTile(base, expr.getLoc(), "a subscript with 'None'");
  if (failed(value))
    return failure();
  auto type = cast<mlir::RankedTensorType>(value->getType());
  llvm::SmallVector<int64_t> shape(type.getShape());
  unsigned kept = 0;
  for (const ExprPtr &item : expr.getItems()) {
    auto *slice = dyn_cast<SliceExpr>(item.get());
    if (slice && !slice->getStart() && !slice->getEnd() &&
        kept < type.getRank()) {
      ++kept;
      continue;
    }
    if (!isa<NoneExpr>(*item))
      return diags.error(item->getLoc(),
                         "a tile can only be subscripted with ':' (keep a "
                         "dimension) and 'None' (insert one), one ':' per "
                         "dimension of " +
                             typeStr(type));
  }
  if (kept != type.getRank())
    return diags.error(expr.getLoc(),
                       "expected " + llvm::Twine(type.getRank()) +
                           " ':' in the subscript of " + typeStr(type) +
                           ", got " + llvm::Twine(kept));
  Value result = *value;
  for (auto [axis, item] : llvm::enumerate(expr.getItems())) {
    if (isa<NoneExpr>(*item)) {
      shape.insert(shape.begin() + axis, 1);
      if (failed(checkTileShape(shape, item->getLoc())))
        return failure();
      result = tile::ExpandDimsOp::create(
          builder, getLoc(item->getLoc()),
          mlir::RankedTensorType::get(shape, type.getElementType()), result,
          builder.getI32IntegerAttr(static_cast<int32_t>(axis)));
    }
  }
  return TValue::ofRuntime(result);
}

FailureOr<TValue> KernelGen::evalSubscript(const SubscriptExpr &expr) {
  FailureOr<TValue> base = eval(expr.getBase());
  if (failed(base))
    return failure();
  if (base->kind != TValue::Kind::Tensor)
    return insertDims(*base, expr);
  const TensorParam &tensor = *base->tensor;
  if (tensor.role == ParamRole::Output)
    return diags.error(expr.getLoc(), "cannot load from '" + tensor.name +
                                          "': it is an output; declare it "
                                          "'inout' to read it");
  FailureOr<Access> access = lowerAccess(tensor, expr, /*allowScalar=*/true);
  if (failed(access))
    return failure();
  // Every dimension indexed: one element, a scalar (`start = CuSeqlens[b]`).
  if (access->shape.empty())
    return TValue::ofRuntime(tile::LoadScalarOp::create(
        builder, getLoc(expr.getLoc()), tensor.elementType, tensor.view,
        access->indices, builder.getF64FloatAttr(0.0)));
  auto type = mlir::RankedTensorType::get(access->shape, tensor.elementType);
  return TValue::ofRuntime(
      tile::LoadOp::create(builder, getLoc(expr.getLoc()), type, tensor.view,
                           access->indices, builder.getF64FloatAttr(0.0),
                           /*in_bounds=*/nullptr));
}

LogicalResult KernelGen::lowerStore(const SubscriptExpr &target,
                                    const TValue &value, SMLoc loc,
                                    bool atomic) {
  FailureOr<TValue> base = eval(target.getBase());
  if (failed(base))
    return failure();
  if (base->kind != TValue::Kind::Tensor)
    return diags.error(target.getLoc(),
                       "only tensor parameters can be stored to; tiles are "
                       "values");
  const TensorParam &tensor = *base->tensor;
  if (tensor.role == ParamRole::Input)
    return diags.error(target.getLoc(),
                       (atomic ? "cannot add to '" : "cannot store to '") +
                           tensor.name + "': it is an input; declare it " +
                           (atomic ? "'inout'" : "'out' or 'inout'"));
  if (atomic && tensor.role == ParamRole::Output)
    return diags.error(target.getLoc(),
                       "'atomic_add' reads '" + tensor.name +
                           "' (it adds to what is there): declare it 'inout'");
  if (atomic && !tensor.elementType.isF32() &&
      !tensor.elementType.isInteger(32))
    return diags.error(target.getLoc(),
                       "'atomic_add' adds to f32 or i32 tensors, got '" +
                           tensor.name + "' of " +
                           typeStr(tensor.elementType));
  FailureOr<Access> access = lowerAccess(tensor, target, /*allowScalar=*/true);
  if (failed(access))
    return failure();
  if (failed(checkOperand(value, loc)))
    return failure();
  if (value.isRuntime() && elementTypeOf(value.value) != tensor.elementType)
    return diags.error(
        loc, "cannot store " + typeStr(value.value.getType()) + " into '" +
                 tensor.name + "' of " + typeStr(tensor.elementType) +
                 "; convert it with .to(" + typeStr(tensor.elementType) + ")");
  // Every dimension indexed: one element (`Mean[row] = mean`).
  if (access->shape.empty()) {
    if (value.isTile())
      return diags.error(loc, "cannot store " + typeStr(value.value.getType()) +
                                  " into one element of '" + tensor.name +
                                  "'; store a scalar (a reduction without "
                                  "'axis', or along the only axis of a 1-D "
                                  "tile), or slice the subscript");
    FailureOr<Value> stored = coerce(value, tensor.elementType, {}, loc);
    if (failed(stored))
      return failure();
    if (atomic)
      tile::AtomicAddOp::create(builder, getLoc(target.getLoc()), *stored,
                                tensor.view, access->indices);
    else
      tile::StoreScalarOp::create(builder, getLoc(target.getLoc()), *stored,
                                  tensor.view, access->indices);
    return success();
  }
  auto sliceType =
      mlir::RankedTensorType::get(access->shape, tensor.elementType);
  if (value.isTile()) {
    llvm::ArrayRef<int64_t> valueShape = value.getShape();
    bool fits = valueShape.size() <= access->shape.size();
    for (size_t i = 0; fits && i < valueShape.size(); ++i) {
      int64_t want =
          access->shape[access->shape.size() - valueShape.size() + i];
      fits = valueShape[i] == want || valueShape[i] == 1;
    }
    if (!fits)
      return diags.error(loc, "cannot store " + typeStr(value.value.getType()) +
                                  " into the slice " + typeStr(sliceType) +
                                  " of '" + tensor.name + "'");
  }
  FailureOr<Value> stored =
      coerce(value, tensor.elementType, access->shape, loc);
  if (failed(stored))
    return failure();
  if (atomic)
    tile::AtomicAddOp::create(builder, getLoc(target.getLoc()), *stored,
                              tensor.view, access->indices);
  else
    tile::StoreOp::create(builder, getLoc(target.getLoc()), *stored,
                          tensor.view, access->indices, /*in_bounds=*/nullptr);
  return success();
}
