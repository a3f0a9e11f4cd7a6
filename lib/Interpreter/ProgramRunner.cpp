//===- ProgramRunner.cpp - Interpreting one program of a kernel -----------===//
//
// Part of Tessera. The op dispatch of the interpreter (each op goes to the
// evaluation function of its family), blocks and the scf control flow, and
// the tile family: program identity, views, loads and stores (with bounds
// checks and padding), tile construction, dot, reductions, online_softmax.
//
//===----------------------------------------------------------------------===//

#include "ProgramRunner.h"

#include "TileMath.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/TypeSwitch.h"

#include <algorithm>

// The GPU model rounds every f32 op separately: never fuse a*b+c into an FMA.
#pragma STDC FP_CONTRACT OFF

using namespace mlir;
using namespace tessera;
using namespace tessera::interp;

//===----------------------------------------------------------------------===//
// Dispatch and blocks
//===----------------------------------------------------------------------===//

InFlightDiagnostic ProgramRunner::emitRuntimeError(Operation *op) {
  InFlightDiagnostic diag = op->emitOpError();
  diag.attachNote() << "in program (" << programId[0] << ", " << programId[1]
                    << ", " << programId[2] << ")";
  return diag;
}

LogicalResult ProgramRunner::runBlock(Block &block, ArrayRef<RtValue> args,
                                      SmallVectorImpl<RtValue> &results) {
  for (auto [arg, value] : llvm::zip_equal(block.getArguments(), args))
    set(arg, value);
  for (Operation &op : block) {
    if (!op.hasTrait<OpTrait::IsTerminator>()) {
      if (failed(execute(op)))
        return failure();
      continue;
    }
    if (!isa<scf::YieldOp, func::ReturnOp>(op))
      return op.emitOpError() << "is not supported by the interpreter";
    for (Value operand : op.getOperands())
      results.push_back(get(operand));
    return success();
  }
  return success();
}

LogicalResult ProgramRunner::execute(Operation &operation) {
  Operation *op = &operation;
  for (Type type : op->getResultTypes())
    if (!isSupportedType(type))
      return op->emitOpError() << "has a result of type " << type
                               << ", which the interpreter does not support";
  using Family = std::optional<LogicalResult> (ProgramRunner::*)(Operation *);
  static constexpr Family kFamilies[] = {
      &ProgramRunner::evalTileOp,      &ProgramRunner::evalArithFloatOp,
      &ProgramRunner::evalArithIntOp,  &ProgramRunner::evalArithMiscOp,
      &ProgramRunner::evalArithCastOp, &ProgramRunner::evalMathOp,
      &ProgramRunner::evalScfOp};
  for (Family family : kFamilies)
    if (std::optional<LogicalResult> result = (this->*family)(op))
      return *result;
  return op->emitOpError() << "is not supported by the interpreter";
}

//===----------------------------------------------------------------------===//
// scf
//===----------------------------------------------------------------------===//

LogicalResult ProgramRunner::executeFor(scf::ForOp op) {
  Type ivType = op.getInductionVar().getType();
  unsigned width = intWidth(ivType);
  int64_t lower = getInt(op.getLowerBound()),
          upper = getInt(op.getUpperBound()), step = getInt(op.getStep());
  bool isUnsigned = op.getUnsignedCmp();
  if (isUnsigned ? toUnsigned(step, width) == 0 : step <= 0)
    return emitRuntimeError(op) << "expected a positive step, got " << step;
  // The trip count, computed without overflow.
  uint64_t tripCount = 0;
  if (isUnsigned) {
    uint64_t lo = toUnsigned(lower, width), hi = toUnsigned(upper, width),
             st = toUnsigned(step, width);
    tripCount = hi > lo ? (hi - lo - 1) / st + 1 : 0;
  } else if (upper > lower) {
    uint64_t distance =
        static_cast<uint64_t>(upper) - static_cast<uint64_t>(lower);
    tripCount = (distance - 1) / static_cast<uint64_t>(step) + 1;
  }
  SmallVector<RtValue> iterValues;
  for (Value init : op.getInitArgs())
    iterValues.push_back(get(init));
  SmallVector<RtValue> blockArgs, yielded;
  for (uint64_t trip = 0; trip < tripCount; ++trip) {
    int64_t iv =
        wrapToWidth(static_cast<int64_t>(static_cast<uint64_t>(lower) +
                                         trip * static_cast<uint64_t>(step)),
                    width);
    blockArgs.assign({RtValue::scalar(ivType, fromInt(iv))});
    blockArgs.append(iterValues.begin(), iterValues.end());
    yielded.clear();
    if (failed(runBlock(*op.getBody(), blockArgs, yielded)))
      return failure();
    iterValues.assign(yielded.begin(), yielded.end());
  }
  for (auto [result, value] : llvm::zip_equal(op.getResults(), iterValues))
    set(result, value);
  return success();
}

LogicalResult ProgramRunner::executeIf(scf::IfOp op) {
  Region &region =
      getInt(op.getCondition()) ? op.getThenRegion() : op.getElseRegion();
  if (region.empty())
    return success();
  SmallVector<RtValue> results;
  if (failed(runBlock(region.front(), {}, results)))
    return failure();
  for (auto [result, value] : llvm::zip_equal(op.getResults(), results))
    set(result, value);
  return success();
}

std::optional<LogicalResult> ProgramRunner::evalScfOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](scf::ForOp op) { return executeFor(op); })
      .Case([&](scf::IfOp op) { return executeIf(op); })
      .Default([](Operation *) { return std::nullopt; });
}

//===----------------------------------------------------------------------===//
// tile
//===----------------------------------------------------------------------===//

/// Calls `fn(tileOffset, viewOffset)` for every element of a tile of
/// `tileShape` placed in `view` at `starts` (one start per view dimension;
/// the leading dimensions beyond the tile's rank are indexed, not sliced)
/// that lies inside the view. Elements outside are skipped.
template <typename Fn>
static void forEachInBounds(const ViewRef &view, ArrayRef<int64_t> starts,
                            ArrayRef<int64_t> tileShape, Fn fn) {
  ArrayRef<int64_t> sizes = view.sizes, strides = view.strides();
  unsigned rank = tileShape.size(), lead = sizes.size() - rank;
  int64_t base = view.offset;
  for (unsigned d = 0; d < lead; ++d) {
    if (starts[d] < 0 || starts[d] >= sizes[d])
      return;
    base += starts[d] * strides[d];
  }
  if (rank == 0)
    return fn(0, base);
  // The in-bounds range [lo, hi) of each tile dimension.
  SmallVector<int64_t, 4> lo(rank), hi(rank);
  for (unsigned k = 0; k < rank; ++k) {
    int64_t start = starts[lead + k];
    lo[k] = std::max<int64_t>(0, -start);
    hi[k] = std::min<int64_t>(tileShape[k], sizes[lead + k] - start);
    if (lo[k] >= hi[k])
      return;
    base += start * strides[lead + k];
  }
  SmallVector<int64_t, 4> tileStrides = rowMajorStrides(tileShape);
  SmallVector<int64_t, 4> index(lo);
  int64_t innerStride = strides.back();
  while (true) {
    int64_t tileRow = 0, viewRow = base;
    for (unsigned k = 0; k + 1 < rank; ++k) {
      tileRow += index[k] * tileStrides[k];
      viewRow += index[k] * strides[lead + k];
    }
    for (int64_t j = lo.back(); j < hi.back(); ++j)
      fn(tileRow + j, viewRow + j * innerStride);
    // Advance the outer dimensions like an odometer.
    int64_t k = static_cast<int64_t>(rank) - 2;
    for (; k >= 0; --k) {
      if (++index[k] < hi[k])
        break;
      index[k] = lo[k];
    }
    if (k < 0)
      return;
  }
}

/// The promise of an access's `in_bounds` flags: along each flagged view
/// dimension, the index (or the tile's slice from it) lies inside the view.
/// The GPU lowering drops those checks, so a broken promise is an error here.
static LogicalResult
checkInBounds(llvm::function_ref<InFlightDiagnostic()> emitError,
              const ViewRef &view, ArrayRef<int64_t> starts,
              ArrayRef<int64_t> tileShape,
              std::optional<ArrayRef<bool>> inBounds) {
  if (!inBounds)
    return success();
  unsigned lead = view.sizes.size() - tileShape.size();
  for (auto [d, flagged] : llvm::enumerate(*inBounds)) {
    int64_t extent = d < lead ? 1 : tileShape[d - lead];
    if (flagged && (starts[d] < 0 || starts[d] + extent > view.sizes[d]))
      return emitError()
             << "promises in_bounds along dimension " << d << ", but ["
             << starts[d] << ", " << starts[d] + extent
             << ") is not inside [0, " << view.sizes[d] << ")";
  }
  return success();
}

LogicalResult ProgramRunner::executeLoad(tile::LoadOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  const Tensor &view = *ref.tensor;
  SmallVector<int64_t, 4> starts = getInts(op.getIndices());
  RankedTensorType type = op.getResult().getType();
  if (failed(checkInBounds([&] { return emitRuntimeError(op); }, ref, starts,
                           type.getShape(), op.getInBounds())))
    return failure();
  RtValue result = RtValue::alloc(type);
  MutableArrayRef<Element> out = result.mutableElements();
  double padding = op.getPadding().convertToDouble();
  if (isa<FloatType>(type.getElementType())) {
    std::fill(out.begin(), out.end(),
              fromFloat(roundToFloatDType(padding,
                                          floatDType(type.getElementType()))));
    forEachInBounds(ref, starts, type.getShape(),
                    [&](int64_t tileOffset, int64_t viewOffset) {
                      out[tileOffset] = fromFloat(view.loadFloat(viewOffset));
                    });
  } else {
    std::fill(out.begin(), out.end(),
              fromInt(floatToSigned(padding, intWidth(type))));
    forEachInBounds(ref, starts, type.getShape(),
                    [&](int64_t tileOffset, int64_t viewOffset) {
                      out[tileOffset] = fromInt(view.loadInt(viewOffset));
                    });
  }
  set(op.getResult(), std::move(result));
  return success();
}

/// The offset of element `index` of `ref` in its tensor, or nothing where
/// an index is outside the view.
static std::optional<int64_t> elementOffset(const ViewRef &ref,
                                            ArrayRef<int64_t> index) {
  int64_t offset = ref.offset;
  for (unsigned d = 0; d < index.size(); ++d) {
    if (index[d] < 0 || index[d] >= ref.sizes[d])
      return std::nullopt;
    offset += index[d] * ref.strides()[d];
  }
  return offset;
}

LogicalResult ProgramRunner::executeLoadScalar(tile::LoadScalarOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  std::optional<int64_t> at = elementOffset(ref, getInts(op.getIndices()));
  bool inBounds = at.has_value();
  int64_t offset = at.value_or(0);
  Type type = op.getType();
  double padding = op.getPadding().convertToDouble();
  Element element;
  if (isa<FloatType>(type))
    element = fromFloat(inBounds ? ref.tensor->loadFloat(offset)
                                 : roundToFloatDType(padding, floatDType(type)));
  else
    element = fromInt(inBounds ? ref.tensor->loadInt(offset)
                               : floatToSigned(padding, intWidth(type)));
  set(op.getResult(), RtValue::scalar(type, element));
  return success();
}

LogicalResult ProgramRunner::executeStoreScalar(tile::StoreScalarOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  std::optional<int64_t> offset = elementOffset(ref, getInts(op.getIndices()));
  if (!offset)
    return success();
  Element element = get(op.getValue()).getScalar();
  if (isa<FloatType>(op.getValue().getType()))
    ref.tensor->storeFloat(*offset, element.f);
  else
    ref.tensor->storeInt(*offset, element.i);
  return success();
}

LogicalResult ProgramRunner::executeStore(tile::StoreOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  Tensor &view = *ref.tensor;
  SmallVector<int64_t, 4> starts = getInts(op.getIndices());
  const RtValue &value = get(op.getValue());
  if (failed(checkInBounds([&] { return emitRuntimeError(op); }, ref, starts,
                           value.getShape(), op.getInBounds())))
    return failure();
  ArrayRef<Element> in = value.elements();
  if (isa<FloatType>(value.getElementType())) {
    forEachInBounds(ref, starts, value.getShape(),
                    [&](int64_t tileOffset, int64_t viewOffset) {
                      view.storeFloat(viewOffset, in[tileOffset].f);
                    });
  } else {
    forEachInBounds(ref, starts, value.getShape(),
                    [&](int64_t tileOffset, int64_t viewOffset) {
                      view.storeInt(viewOffset, in[tileOffset].i);
                    });
  }
  return success();
}

LogicalResult ProgramRunner::executeAtomicAdd(tile::AtomicAddOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  Tensor &view = *ref.tensor;
  SmallVector<int64_t, 4> starts = getInts(op.getIndices());
  const RtValue &value = get(op.getValue());
  // The programs run one after another: each addition is atomic.
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(op.getValue().getType()));
  auto add = [&](int64_t viewOffset, const Element &element) {
    if (isFloat)
      view.storeFloat(viewOffset, view.loadFloat(viewOffset) + element.f);
    else
      view.storeInt(viewOffset,
                    wrapToWidth(view.loadInt(viewOffset) + element.i, 32));
  };
  if (!isa<RankedTensorType>(op.getValue().getType())) {
    if (std::optional<int64_t> offset = elementOffset(ref, starts))
      add(*offset, value.getScalar());
    return success();
  }
  ArrayRef<Element> in = value.elements();
  forEachInBounds(ref, starts, value.getShape(),
                  [&](int64_t tileOffset, int64_t viewOffset) {
                    add(viewOffset, in[tileOffset]);
                  });
  return success();
}

LogicalResult ProgramRunner::executeOnlineSoftmax(tile::OnlineSoftmaxOp op) {
  std::optional<double> scale;
  if (op.getScale())
    scale = getFloat(op.getScale());
  auto [newM, newL, newAcc] =
      onlineSoftmax(get(op.getScores()), get(op.getV()), get(op.getM()),
                    get(op.getL()), get(op.getAcc()), scale);
  set(op.getNewM(), std::move(newM));
  set(op.getNewL(), std::move(newL));
  set(op.getNewAcc(), std::move(newAcc));
  return success();
}

std::optional<LogicalResult> ProgramRunner::evalTileOp(Operation *op) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      // Program identity and views.
      .Case([&](tile::ProgramIdOp op) {
        return setResult(op, RtValue::scalar(op.getType(),
                                             fromInt(programId[op.getAxis()])));
      })
      .Case([&](tile::NumProgramsOp op) {
        return setResult(
            op, RtValue::scalar(op.getType(),
                                fromInt(launch.config.grid[op.getAxis()])));
      })
      .Case([&](tile::DimOp op) {
        const ViewRef &view = get(op.getView()).getView();
        return setResult(
            op, RtValue::scalar(
                    op.getType(),
                    fromInt(wrapToWidth(view.sizes[op.getIndex()], 32))));
      })
      .Case([&](tile::NarrowOp op) {
        // Elements [start, start + length) of dimension `dim`, clipped to
        // the view; a start outside [0, size] gives an empty view.
        ViewRef view = get(op.getView()).getView();
        unsigned dim = op.getDim();
        int64_t start = get(op.getStart()).getScalar().i;
        int64_t length = get(op.getLength()).getScalar().i;
        int64_t size = view.sizes[dim];
        if (start < 0 || start > size) {
          view.sizes[dim] = 0;
        } else {
          view.sizes[dim] = std::clamp<int64_t>(length, 0, size - start);
          view.offset += start * view.strides()[dim];
        }
        return setResult(op, RtValue::ofView(op.getType(), std::move(view)));
      })
      .Case([&](tile::LoadOp op) { return executeLoad(op); })
      .Case([&](tile::LoadScalarOp op) { return executeLoadScalar(op); })
      .Case([&](tile::StoreOp op) { return executeStore(op); })
      .Case([&](tile::StoreScalarOp op) { return executeStoreScalar(op); })
      .Case([&](tile::AtomicAddOp op) { return executeAtomicAdd(op); })
      // Tile construction and shapes.
      .Case([&](tile::SplatOp op) {
        RtValue result = RtValue::alloc(op.getType());
        MutableArrayRef<Element> out = result.mutableElements();
        std::fill(out.begin(), out.end(), get(op.getValue()).getScalar());
        return setResult(op, std::move(result));
      })
      .Case([&](tile::IotaOp op) {
        RtValue result = RtValue::alloc(op.getType());
        for (auto [i, element] : llvm::enumerate(result.mutableElements()))
          element = fromInt(static_cast<int64_t>(i));
        return setResult(op, std::move(result));
      })
      .Case([&](tile::ExpandDimsOp op) {
        return setResult(op, get(op.getSrc()).withType(op.getType()));
      })
      .Case([&](tile::ToScalarOp op) {
        const RtValue &src = get(op.getSrc());
        return setResult(
            op, RtValue::scalar(op.getType(), src.elements().front()));
      })
      .Case([&](tile::BroadcastOp op) {
        return setResult(op, broadcast(get(op.getSrc()), op.getType()));
      })
      .Case([&](tile::TransOp op) {
        return setResult(op, transpose(get(op.getSrc()), op.getType()));
      })
      // Compute.
      .Case([&](tile::DotOp op) {
        return setResult(op,
                         dot(get(op.getA()), get(op.getB()), get(op.getAcc())));
      })
      .Case([&](tile::ReduceOp op) {
        return setResult(op, reduce(op.getKind(), get(op.getSrc()),
                                    op.getAxis(), op.getType()));
      })
      .Case([&](tile::ScanOp op) {
        return setResult(op, scan(get(op.getSrc()), op.getAxis()));
      })
      .Case([&](tile::OnlineSoftmaxOp op) { return executeOnlineSoftmax(op); })
      .Default([](Operation *) { return std::nullopt; });
}
