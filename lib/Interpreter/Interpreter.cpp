//===- Interpreter.cpp - CPU interpreter of tile-dialect kernels ----------===//
//
// Part of Tessera. Walks the ops of a kernel once per program of its grid.
// Every SSA value is an `RtValue`: a scalar (stored inline), a tile (a flat,
// row-major, shared and immutable array of elements) or a view of a host
// tensor. Elementwise ops share one mapping helper; float ops are computed
// by `computeFloat`, which is where the GPU numeric model lives.
//
//===----------------------------------------------------------------------===//

#include "tessera/Interpreter/Interpreter.h"

#include "Tile/IR/TileDialect.h"
#include "tessera/Host/GridExpr.h"
#include "tessera/Host/Launch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/AffineExpr.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>
#include <limits>
#include <memory>
#include <type_traits>

// The GPU model rounds every f32 op separately: never fuse a*b+c into an FMA.
#pragma STDC FP_CONTRACT OFF

using namespace mlir;
using namespace tessera;
using namespace tessera::interp;

//===----------------------------------------------------------------------===//
// Runtime values
//===----------------------------------------------------------------------===//

namespace {

/// One element of a scalar or tile. Float types use `f` (every f16, bf16 and
/// f32 value is exact in a double), integer and index types use `i`, stored
/// sign-extended from their width (an i1 `true` is -1).
union Element {
  double f;
  int64_t i;
};

Element fromFloat(double value) {
  Element e;
  e.f = value;
  return e;
}

Element fromInt(int64_t value) {
  Element e;
  e.i = value;
  return e;
}

/// A view of a tensor argument: the whole tensor, or a part narrowed along
/// some dimensions (tile.narrow): elements start `offset` elements into the
/// tensor's storage, with the tensor's strides and `sizes` of their own.
struct ViewRef {
  Tensor *tensor = nullptr;
  int64_t offset = 0;
  SmallVector<int64_t, 4> sizes;

  static ViewRef whole(Tensor *tensor) {
    return {tensor, 0, SmallVector<int64_t, 4>(tensor->getShape())};
  }
  ArrayRef<int64_t> strides() const { return tensor->getStrides(); }
};

/// A value of the interpreted program: a scalar, a tile or a view. Tiles are
/// immutable once computed, so copies share their elements.
class RtValue {
public:
  RtValue() = default;

  /// A new scalar or tile of `type` with unspecified elements.
  static RtValue alloc(Type type) {
    RtValue value;
    value.type = type;
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      value.data =
          std::make_shared<std::vector<Element>>(tensor.getNumElements());
    return value;
  }
  static RtValue scalar(Type type, Element element) {
    RtValue value;
    value.type = type;
    value.inlineScalar = element;
    return value;
  }
  static RtValue ofView(Type type, ViewRef view) {
    RtValue value;
    value.type = type;
    value.view = std::make_shared<ViewRef>(std::move(view));
    return value;
  }
  /// The same elements seen with another type of the same number of elements.
  RtValue withType(Type newType) const {
    RtValue value = *this;
    value.type = newType;
    return value;
  }

  Type getType() const { return type; }
  Type getElementType() const { return getElementTypeOrSelf(type); }
  ArrayRef<int64_t> getShape() const {
    if (auto tensor = dyn_cast<RankedTensorType>(type))
      return tensor.getShape();
    return {};
  }
  ArrayRef<Element> elements() const {
    if (data)
      return *data;
    return ArrayRef<Element>(&inlineScalar, 1);
  }
  /// Only for a value just created by `alloc`, before anyone else sees it.
  MutableArrayRef<Element> mutableElements() {
    if (data)
      return *data;
    return MutableArrayRef<Element>(&inlineScalar, 1);
  }
  Element getScalar() const { return inlineScalar; }
  const ViewRef &getView() const { return *view; }

private:
  Type type;
  Element inlineScalar = fromInt(0);
  std::shared_ptr<std::vector<Element>> data;
  std::shared_ptr<ViewRef> view;
};

} // namespace

/// Returns true if the interpreter can hold values of `type`.
static bool isSupportedElementType(Type type) {
  return type.isIndex() || getDTypeOf(type).has_value();
}

static bool isSupportedType(Type type) {
  if (isa<tile::ViewType>(type))
    return true;
  if (auto tensor = dyn_cast<RankedTensorType>(type))
    return tensor.hasStaticShape() &&
           isSupportedElementType(tensor.getElementType());
  return isSupportedElementType(type);
}

/// The float dtype of a float (element) type.
static DType floatDType(Type type) {
  return *getDTypeOf(getElementTypeOrSelf(type));
}

/// The bit width of an integer or index (element) type.
static unsigned intWidth(Type type) {
  Type element = getElementTypeOrSelf(type);
  return element.isIndex() ? 64 : element.getIntOrFloatBitWidth();
}

/// The value of `v`, a signed integer of `width` bits, read as unsigned.
static uint64_t toUnsigned(int64_t v, unsigned width) {
  if (width >= 64)
    return static_cast<uint64_t>(v);
  return static_cast<uint64_t>(v) & ((uint64_t(1) << width) - 1);
}

/// The unsigned counterpart of `floatToSigned`, returned sign-extended.
static int64_t floatToUnsigned(double value, unsigned width) {
  if (std::isnan(value) || value <= 0.0)
    return 0;
  double bound = std::ldexp(1.0, static_cast<int>(width));
  uint64_t result =
      value >= bound ? ~uint64_t(0) : static_cast<uint64_t>(value);
  return wrapToWidth(static_cast<int64_t>(result), width);
}

//===----------------------------------------------------------------------===//
// Elementwise computation
//===----------------------------------------------------------------------===//

/// Computes `fn` on float operands as the GPU does: in float for f16, bf16
/// and f32 (the result then rounded to the element type, which is exact for
/// the correctly rounded f32 result of +, -, *, / and sqrt), in double for
/// f64. `fn` is a generic callable returning its operand type.
template <typename Fn, typename... Ts>
static double computeFloat(DType type, Fn fn, Ts... operands) {
  if (type == DType::F64)
    return fn(static_cast<double>(operands)...);
  float result = fn(static_cast<float>(operands)...);
  return type == DType::F32 ? result : roundToFloatDType(result, type);
}

/// Applies `fn` to the elements of same-shaped operands: element i of the
/// result (of type `resultType`) is fn(operands[i]...).
template <typename Fn, typename... Operands>
static RtValue mapElements(Type resultType, Fn fn, const RtValue &first,
                           const Operands &...rest) {
  RtValue result = RtValue::alloc(resultType);
  MutableArrayRef<Element> out = result.mutableElements();
  ArrayRef<Element> in = first.elements();
  for (size_t i = 0, e = out.size(); i < e; ++i)
    out[i] = fn(in[i], rest.elements()[i]...);
  return result;
}

/// A float op elementwise (`fn` as for `computeFloat`).
template <typename Fn, typename... Operands>
static RtValue mapFloat(Type resultType, Fn fn, const Operands &...operands) {
  DType type = floatDType(resultType);
  return mapElements(
      resultType,
      [&](auto... e) { return fromFloat(computeFloat(type, fn, e.f...)); },
      operands...);
}

/// An integer op elementwise: `fn` takes and returns int64_t (computing with
/// unsigned wrap-around where it could overflow); the result is wrapped to
/// the width of the result type.
template <typename Fn, typename... Operands>
static RtValue mapInt(Type resultType, Fn fn, const Operands &...operands) {
  unsigned width = intWidth(resultType);
  return mapElements(
      resultType,
      [&](auto... e) { return fromInt(wrapToWidth(fn(e.i...), width)); },
      operands...);
}

// The float ops. Each is generic so that `computeFloat` can call it on
// floats or doubles.
static constexpr auto addF = [](auto a, auto b) { return a + b; };
static constexpr auto subF = [](auto a, auto b) { return a - b; };
static constexpr auto mulF = [](auto a, auto b) { return a * b; };
static constexpr auto divF = [](auto a, auto b) { return a / b; };
static constexpr auto exp2F = [](auto a) { return std::exp2(a); };

/// arith.maximumf / minimumf: NaN-propagating, and -0 < +0.
template <bool IsMax>
static constexpr auto extremumF = [](auto a, auto b) {
  if (std::isnan(a) || std::isnan(b))
    return a + b;
  if (a == b)
    return std::signbit(a) == IsMax ? b : a;
  return (a > b) == IsMax ? a : b;
};

/// arith.maxnumf / minnumf: a NaN operand yields the other one.
template <bool IsMax>
static constexpr auto extremumNumF = [](auto a, auto b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  return extremumF<IsMax>(a, b);
};

/// Evaluates a floating-point comparison predicate.
static bool compareFloats(arith::CmpFPredicate predicate, double a, double b) {
  bool unordered = std::isnan(a) || std::isnan(b);
  using P = arith::CmpFPredicate;
  switch (predicate) {
  case P::AlwaysFalse:
    return false;
  case P::AlwaysTrue:
    return true;
  case P::ORD:
    return !unordered;
  case P::UNO:
    return unordered;
  case P::OEQ:
  case P::UEQ:
    return unordered ? predicate == P::UEQ : a == b;
  case P::OGT:
  case P::UGT:
    return unordered ? predicate == P::UGT : a > b;
  case P::OGE:
  case P::UGE:
    return unordered ? predicate == P::UGE : a >= b;
  case P::OLT:
  case P::ULT:
    return unordered ? predicate == P::ULT : a < b;
  case P::OLE:
  case P::ULE:
    return unordered ? predicate == P::ULE : a <= b;
  case P::ONE:
  case P::UNE:
    return unordered ? predicate == P::UNE : a != b;
  }
  llvm_unreachable("unknown cmpf predicate");
}

/// Evaluates an integer comparison predicate on `width`-bit operands.
static bool compareInts(arith::CmpIPredicate predicate, int64_t a, int64_t b,
                        unsigned width) {
  uint64_t ua = toUnsigned(a, width), ub = toUnsigned(b, width);
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::eq:
    return a == b;
  case P::ne:
    return a != b;
  case P::slt:
    return a < b;
  case P::sle:
    return a <= b;
  case P::sgt:
    return a > b;
  case P::sge:
    return a >= b;
  case P::ult:
    return ua < ub;
  case P::ule:
    return ua <= ub;
  case P::ugt:
    return ua > ub;
  case P::uge:
    return ua >= ub;
  }
  llvm_unreachable("unknown cmpi predicate");
}

//===----------------------------------------------------------------------===//
// Tile computations (shared by the op handlers and online_softmax)
//===----------------------------------------------------------------------===//

/// Returns the row-major strides of `shape`.
static SmallVector<int64_t, 4> rowMajorStrides(ArrayRef<int64_t> shape) {
  SmallVector<int64_t, 4> strides(shape.size());
  int64_t stride = 1;
  for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
    strides[d] = stride;
    stride *= shape[d];
  }
  return strides;
}

/// Returns a tile of `resultType` whose element at index (i_0, ..., i_n) is
/// the element of `src` at offset sum(i_k * srcStrides[k]): broadcasts use
/// stride 0, transposes permuted strides.
static RtValue gather(const RtValue &src, Type resultType,
                      ArrayRef<int64_t> srcStrides) {
  RtValue result = RtValue::alloc(resultType);
  MutableArrayRef<Element> out = result.mutableElements();
  ArrayRef<Element> in = src.elements();
  ArrayRef<int64_t> shape = cast<RankedTensorType>(resultType).getShape();
  SmallVector<int64_t, 4> index(shape.size(), 0);
  int64_t offset = 0;
  for (size_t linear = 0, e = out.size(); linear < e; ++linear) {
    out[linear] = in[offset];
    for (int64_t d = static_cast<int64_t>(shape.size()) - 1; d >= 0; --d) {
      offset += srcStrides[d];
      if (++index[d] < shape[d])
        break;
      offset -= srcStrides[d] * shape[d];
      index[d] = 0;
    }
  }
  return result;
}

/// tile.broadcast: repeats the size-1 dimensions of `src`.
static RtValue broadcast(const RtValue &src, Type resultType) {
  SmallVector<int64_t, 4> strides = rowMajorStrides(src.getShape());
  for (auto [stride, size] : llvm::zip(strides, src.getShape()))
    if (size == 1)
      stride = 0;
  return gather(src, resultType, strides);
}

/// Broadcasts an M vector to the M×N tile `resultType` (expand_dims on axis 1,
/// then broadcast).
static RtValue broadcastRows(const RtValue &rows, Type resultType) {
  return gather(rows, resultType, {1, 0});
}

/// tile.trans of a 2-D tile.
static RtValue transpose(const RtValue &src, Type resultType) {
  return gather(src, resultType, {1, src.getShape()[1]});
}

/// tile.reduce: combines the elements along `axis` in index order with
/// `combine(Element, Element) -> Element`.
template <typename Combine>
static RtValue reduceWith(const RtValue &src, unsigned axis, Type resultType,
                          Combine combine) {
  ArrayRef<int64_t> shape = src.getShape();
  int64_t outer = 1, inner = 1, n = shape[axis];
  for (unsigned d = 0; d < axis; ++d)
    outer *= shape[d];
  for (unsigned d = axis + 1; d < shape.size(); ++d)
    inner *= shape[d];
  RtValue result = RtValue::alloc(resultType);
  MutableArrayRef<Element> out = result.mutableElements();
  ArrayRef<Element> in = src.elements();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      const Element *column = &in[o * n * inner + i];
      Element acc = column[0];
      for (int64_t k = 1; k < n; ++k)
        acc = combine(acc, column[k * inner]);
      out[o * inner + i] = acc;
    }
  }
  return result;
}

static RtValue reduce(tile::ReduceKind kind, const RtValue &src, unsigned axis,
                      Type resultType) {
  Type elementType = src.getElementType();
  if (!isa<FloatType>(elementType)) {
    unsigned width = intWidth(elementType);
    auto combineInts = [&](auto fn) {
      return reduceWith(src, axis, resultType, [&](Element a, Element b) {
        return fromInt(wrapToWidth(fn(a.i, b.i), width));
      });
    };
    switch (kind) {
    case tile::ReduceKind::Max:
      return combineInts([](int64_t a, int64_t b) { return std::max(a, b); });
    case tile::ReduceKind::Min:
      return combineInts([](int64_t a, int64_t b) { return std::min(a, b); });
    case tile::ReduceKind::Sum:
      return combineInts([](int64_t a, int64_t b) {
        return static_cast<int64_t>(static_cast<uint64_t>(a) +
                                    static_cast<uint64_t>(b));
      });
    }
  }
  // Float sums accumulate in the element type, as the op documents.
  DType type = floatDType(elementType);
  auto combineFloats = [&](auto fn) {
    return reduceWith(src, axis, resultType, [&](Element a, Element b) {
      return fromFloat(computeFloat(type, fn, a.f, b.f));
    });
  };
  switch (kind) {
  case tile::ReduceKind::Max:
    return combineFloats(extremumF<true>);
  case tile::ReduceKind::Min:
    return combineFloats(extremumF<false>);
  case tile::ReduceKind::Sum:
    return combineFloats(addF);
  }
  llvm_unreachable("unknown reduce kind");
}

/// tile.dot: acc + a·b with fp32 accumulation. Products of f16 (or bf16)
/// values are exact in fp32, so each step rounds once, like an FMA; the sum
/// runs over k in order for every (i, j).
static RtValue dot(const RtValue &a, const RtValue &b, const RtValue &acc) {
  int64_t m = a.getShape()[0], k = a.getShape()[1], n = b.getShape()[1];
  std::vector<float> lhs(m * k), rhs(k * n), out(m * n);
  auto toFloats = [](ArrayRef<Element> from, std::vector<float> &to) {
    for (size_t i = 0, e = to.size(); i < e; ++i)
      to[i] = static_cast<float>(from[i].f);
  };
  toFloats(a.elements(), lhs);
  toFloats(b.elements(), rhs);
  toFloats(acc.elements(), out);
  for (int64_t i = 0; i < m; ++i) {
    float *row = &out[i * n];
    for (int64_t p = 0; p < k; ++p) {
      float x = lhs[i * k + p];
      const float *rhsRow = &rhs[p * n];
      for (int64_t j = 0; j < n; ++j)
        row[j] += x * rhsRow[j];
    }
  }
  RtValue result = RtValue::alloc(acc.getType());
  MutableArrayRef<Element> elements = result.mutableElements();
  for (int64_t i = 0; i < m * n; ++i)
    elements[i] = fromFloat(out[i]);
  return result;
}

/// arith.truncf / extf to `resultType` (exact for extf).
static RtValue convertFloats(const RtValue &src, Type resultType) {
  DType type = floatDType(resultType);
  return mapElements(
      resultType,
      [type](Element e) { return fromFloat(roundToFloatDType(e.f, type)); },
      src);
}

/// tile.online_softmax, computed with exactly the steps (and roundings) of
/// the IR that tile-decompose-online-softmax produces. Returns m', l', acc'.
static std::array<RtValue, 3> onlineSoftmax(const RtValue &scores,
                                            const RtValue &v, const RtValue &m,
                                            const RtValue &l,
                                            const RtValue &acc,
                                            std::optional<double> scale) {
  Type scoresType = scores.getType(), rowType = m.getType(),
       accType = acc.getType();
  // t = scores * scale
  RtValue t = scores;
  if (scale) {
    t = mapElements(
        scoresType,
        [s = *scale](Element e) {
          return fromFloat(computeFloat(DType::F32, mulF, e.f, s));
        },
        scores);
  }
  // m' = max(m, rowmax(t))
  RtValue newM = mapFloat(rowType, extremumF<true>, m,
                          reduce(tile::ReduceKind::Max, t, 1, rowType));
  // shift = where(m' == -inf, 0, m'): rows that have seen only masked
  // scores subtract 0, so that p and alpha are 0 rather than NaN.
  RtValue shift = mapFloat(
      rowType,
      [](auto a) {
        return a == -std::numeric_limits<decltype(a)>::infinity()
                   ? decltype(a)(0)
                   : a;
      },
      newM);
  // p = exp2(t - shift), alpha = exp2(m - shift)
  RtValue p =
      mapFloat(scoresType, exp2F,
               mapFloat(scoresType, subF, t, broadcastRows(shift, scoresType)));
  RtValue alpha = mapFloat(rowType, exp2F, mapFloat(rowType, subF, m, shift));
  // l' = alpha * l + rowsum(p)
  RtValue newL = mapFloat(rowType, addF, mapFloat(rowType, mulF, alpha, l),
                          reduce(tile::ReduceKind::Sum, p, 1, rowType));
  // acc' = dot(cast(p), v, acc * alpha)
  RtValue scaledAcc =
      mapFloat(accType, mulF, acc, broadcastRows(alpha, accType));
  auto pType = cast<RankedTensorType>(scoresType).clone(v.getElementType());
  RtValue newAcc = dot(convertFloats(p, pType), v, scaledAcc);
  return {newM, newL, newAcc};
}

//===----------------------------------------------------------------------===//
// Loads and stores
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

//===----------------------------------------------------------------------===//
// The program interpreter
//===----------------------------------------------------------------------===//

namespace {

/// What all programs of one launch share.
struct LaunchState {
  LaunchConfig config;
  /// arith.constant values, built once per launch.
  DenseMap<Operation *, RtValue> constants;
};

/// Interprets one program (one CTA) of a kernel.
class ProgramRunner {
public:
  ProgramRunner(LaunchState &launch, std::array<int64_t, 3> programId)
      : launch(launch), programId(programId) {}

  /// Runs `block` with `args` bound to its arguments; on the terminator
  /// (scf.yield or func.return) returns its operands in `results`.
  LogicalResult runBlock(Block &block, ArrayRef<RtValue> args,
                         SmallVectorImpl<RtValue> &results);

private:
  LogicalResult execute(Operation &op);

  const RtValue &get(Value value) const {
    auto it = values.find(value);
    assert(it != values.end() && "use of a value that was never computed");
    return it->second;
  }
  void set(Value value, RtValue rt) { values[value] = std::move(rt); }
  int64_t getInt(Value value) const { return get(value).getScalar().i; }
  double getFloat(Value value) const { return get(value).getScalar().f; }
  SmallVector<int64_t, 4> getInts(ValueRange range) const {
    return llvm::map_to_vector<4>(range, [&](Value v) { return getInt(v); });
  }

  /// Reports an error at `op`, with a note naming the program.
  InFlightDiagnostic emitRuntimeError(Operation *op);

  // Handlers of op families.
  LogicalResult executeConstant(arith::ConstantOp op);
  template <typename Fn> LogicalResult floatOp(Operation *op, Fn fn);
  template <typename Fn> LogicalResult intOp(Operation *op, Fn fn);
  template <typename Fn> LogicalResult intDivOp(Operation *op, Fn fn);
  template <typename Fn> LogicalResult castOp(Operation *op, Fn fn);
  LogicalResult executeCmpF(arith::CmpFOp op);
  LogicalResult executeCmpI(arith::CmpIOp op);
  LogicalResult executeSelect(arith::SelectOp op);
  LogicalResult executeLoad(tile::LoadOp op);
  LogicalResult executeLoadScalar(tile::LoadScalarOp op);
  LogicalResult executeStore(tile::StoreOp op);
  LogicalResult executeFor(scf::ForOp op);
  LogicalResult executeIf(scf::IfOp op);
  LogicalResult executeOnlineSoftmax(tile::OnlineSoftmaxOp op);

  LaunchState &launch;
  std::array<int64_t, 3> programId;
  DenseMap<Value, RtValue> values;
};

} // namespace

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

/// Applies `fn` (unary, binary or ternary) to the operands of a float op.
template <typename Fn>
LogicalResult ProgramRunner::floatOp(Operation *op, Fn fn) {
  Type type = op->getResult(0).getType();
  auto operand = [&](unsigned i) -> const RtValue & {
    return get(op->getOperand(i));
  };
  if constexpr (std::is_invocable_v<Fn, float>)
    set(op->getResult(0), mapFloat(type, fn, operand(0)));
  else if constexpr (std::is_invocable_v<Fn, float, float>)
    set(op->getResult(0), mapFloat(type, fn, operand(0), operand(1)));
  else
    set(op->getResult(0),
        mapFloat(type, fn, operand(0), operand(1), operand(2)));
  return success();
}

/// Applies `fn(a, b, width)` to the operands of a binary or unary integer op.
template <typename Fn>
LogicalResult ProgramRunner::intOp(Operation *op, Fn fn) {
  Type type = op->getResult(0).getType();
  unsigned width = intWidth(type);
  RtValue result =
      op->getNumOperands() == 1
          ? mapInt(
                type, [&](int64_t a) { return fn(a, 0, width); },
                get(op->getOperand(0)))
          : mapInt(
                type, [&](int64_t a, int64_t b) { return fn(a, b, width); },
                get(op->getOperand(0)), get(op->getOperand(1)));
  set(op->getResult(0), std::move(result));
  return success();
}

/// Integer divisions and remainders: `fn(a, b, width)` is only called with a
/// non-zero divisor and without signed overflow (MIN / -1); both are reported
/// as errors, as they are undefined behaviour in arith.
template <typename Fn>
LogicalResult ProgramRunner::intDivOp(Operation *op, Fn fn) {
  Type type = op->getResult(0).getType();
  unsigned width = intWidth(type);
  int64_t minValue =
      wrapToWidth(static_cast<int64_t>(uint64_t(1) << (width - 1)), width);
  bool divByZero = false, overflow = false;
  bool isSigned = isa<arith::DivSIOp, arith::RemSIOp, arith::CeilDivSIOp,
                      arith::FloorDivSIOp>(op);
  RtValue result = mapInt(
      type,
      [&](int64_t a, int64_t b) -> int64_t {
        if (b == 0) {
          divByZero = true;
          return 0;
        }
        if (isSigned && a == minValue && b == -1) {
          overflow = true;
          return 0;
        }
        return fn(a, b, width);
      },
      get(op->getOperand(0)), get(op->getOperand(1)));
  if (divByZero)
    return emitRuntimeError(op) << "divides by zero";
  if (overflow)
    return emitRuntimeError(op) << "overflows (minimum value divided by -1)";
  set(op->getResult(0), std::move(result));
  return success();
}

/// A conversion: element-by-element `fn(Element, srcType, dstType)`.
template <typename Fn>
LogicalResult ProgramRunner::castOp(Operation *op, Fn fn) {
  Type srcType = getElementTypeOrSelf(op->getOperand(0).getType());
  Type dstType = getElementTypeOrSelf(op->getResult(0).getType());
  set(op->getResult(0), mapElements(
                            op->getResult(0).getType(),
                            [&](Element e) { return fn(e, srcType, dstType); },
                            get(op->getOperand(0))));
  return success();
}

/// Converts an APFloat to double exactly (every supported type fits).
static double toDouble(const APFloat &value) {
  return FloatAttr::getValueAsDouble(value);
}

LogicalResult ProgramRunner::executeConstant(arith::ConstantOp op) {
  auto cached = launch.constants.find(op);
  if (cached != launch.constants.end()) {
    set(op.getResult(), cached->second);
    return success();
  }
  Type type = op.getType();
  RtValue result;
  Attribute value = op.getValue();
  if (auto floatAttr = dyn_cast<FloatAttr>(value)) {
    result = RtValue::scalar(type, fromFloat(floatAttr.getValueAsDouble()));
  } else if (auto intAttr = dyn_cast<IntegerAttr>(value)) {
    result = RtValue::scalar(
        type, fromInt(wrapToWidth(intAttr.getValue().getSExtValue(),
                                  intWidth(type))));
  } else if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    result = RtValue::alloc(type);
    MutableArrayRef<Element> out = result.mutableElements();
    if (isa<FloatType>(dense.getElementType())) {
      for (auto [i, element] : llvm::enumerate(dense.getValues<APFloat>()))
        out[i] = fromFloat(toDouble(element));
    } else {
      for (auto [i, element] : llvm::enumerate(dense.getValues<APInt>()))
        out[i] = fromInt(element.getSExtValue());
    }
  } else {
    return op.emitOpError() << "has a constant value the interpreter does not "
                               "support: "
                            << value;
  }
  launch.constants[op] = result;
  set(op.getResult(), std::move(result));
  return success();
}

LogicalResult ProgramRunner::executeCmpF(arith::CmpFOp op) {
  arith::CmpFPredicate predicate = op.getPredicate();
  set(op.getResult(),
      mapElements(
          op.getType(),
          [predicate](Element a, Element b) {
            return fromInt(compareFloats(predicate, a.f, b.f) ? -1 : 0);
          },
          get(op.getLhs()), get(op.getRhs())));
  return success();
}

LogicalResult ProgramRunner::executeCmpI(arith::CmpIOp op) {
  arith::CmpIPredicate predicate = op.getPredicate();
  unsigned width = intWidth(op.getLhs().getType());
  set(op.getResult(),
      mapElements(
          op.getType(),
          [predicate, width](Element a, Element b) {
            return fromInt(compareInts(predicate, a.i, b.i, width) ? -1 : 0);
          },
          get(op.getLhs()), get(op.getRhs())));
  return success();
}

LogicalResult ProgramRunner::executeSelect(arith::SelectOp op) {
  const RtValue &condition = get(op.getCondition());
  if (!isa<RankedTensorType>(condition.getType())) {
    set(op.getResult(), condition.getScalar().i ? get(op.getTrueValue())
                                                : get(op.getFalseValue()));
    return success();
  }
  set(op.getResult(),
      mapElements(
          op.getType(),
          [](Element c, Element a, Element b) { return c.i ? a : b; },
          condition, get(op.getTrueValue()), get(op.getFalseValue())));
  return success();
}

LogicalResult ProgramRunner::executeLoad(tile::LoadOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  const Tensor &view = *ref.tensor;
  SmallVector<int64_t, 4> starts = getInts(op.getIndices());
  RankedTensorType type = op.getResult().getType();
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

LogicalResult ProgramRunner::executeLoadScalar(tile::LoadScalarOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  SmallVector<int64_t, 4> index = getInts(op.getIndices());
  bool inBounds = true;
  int64_t offset = ref.offset;
  for (unsigned d = 0; d < index.size(); ++d) {
    inBounds &= index[d] >= 0 && index[d] < ref.sizes[d];
    offset += index[d] * ref.strides()[d];
  }
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

LogicalResult ProgramRunner::executeStore(tile::StoreOp op) {
  const ViewRef &ref = get(op.getView()).getView();
  Tensor &view = *ref.tensor;
  SmallVector<int64_t, 4> starts = getInts(op.getIndices());
  const RtValue &value = get(op.getValue());
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

LogicalResult ProgramRunner::execute(Operation &operation) {
  Operation *op = &operation;
  for (Type type : op->getResultTypes())
    if (!isSupportedType(type))
      return op->emitOpError() << "has a result of type " << type
                               << ", which the interpreter does not support";

  // Shorthands for the elementwise families.
  auto setResult = [&](RtValue value) {
    set(op->getResult(0), std::move(value));
    return success();
  };
  auto operand = [&](unsigned i) -> const RtValue & {
    return get(op->getOperand(i));
  };
  auto wrapping = [](auto fn) {
    return [fn](int64_t a, int64_t b, unsigned) {
      return static_cast<int64_t>(
          fn(static_cast<uint64_t>(a), static_cast<uint64_t>(b)));
    };
  };
  auto unsignedOp = [](auto fn) {
    return [fn](int64_t a, int64_t b, unsigned width) {
      return static_cast<int64_t>(
          fn(toUnsigned(a, width), toUnsigned(b, width)));
    };
  };
  auto floorDiv = [](int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
  };
  auto ceilDiv = [](int64_t a, int64_t b) {
    int64_t q = a / b;
    return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      // Program identity and views.
      .Case([&](tile::ProgramIdOp op) {
        return setResult(
            RtValue::scalar(op.getType(), fromInt(programId[op.getAxis()])));
      })
      .Case([&](tile::NumProgramsOp op) {
        return setResult(RtValue::scalar(
            op.getType(), fromInt(launch.config.grid[op.getAxis()])));
      })
      .Case([&](tile::DimOp op) {
        const ViewRef &view = get(op.getView()).getView();
        return setResult(RtValue::scalar(
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
        return setResult(RtValue::ofView(op.getType(), std::move(view)));
      })
      .Case([&](tile::LoadOp op) { return executeLoad(op); })
      .Case([&](tile::LoadScalarOp op) { return executeLoadScalar(op); })
      .Case([&](tile::StoreOp op) { return executeStore(op); })
      // Tile construction and shapes.
      .Case([&](tile::SplatOp op) {
        RtValue result = RtValue::alloc(op.getType());
        MutableArrayRef<Element> out = result.mutableElements();
        std::fill(out.begin(), out.end(), get(op.getValue()).getScalar());
        return setResult(std::move(result));
      })
      .Case([&](tile::IotaOp op) {
        RtValue result = RtValue::alloc(op.getType());
        for (auto [i, element] : llvm::enumerate(result.mutableElements()))
          element = fromInt(static_cast<int64_t>(i));
        return setResult(std::move(result));
      })
      .Case([&](tile::ExpandDimsOp op) {
        return setResult(get(op.getSrc()).withType(op.getType()));
      })
      .Case([&](tile::BroadcastOp op) {
        return setResult(broadcast(get(op.getSrc()), op.getType()));
      })
      .Case([&](tile::TransOp op) {
        return setResult(transpose(get(op.getSrc()), op.getType()));
      })
      // Compute.
      .Case([&](tile::DotOp op) {
        return setResult(dot(get(op.getA()), get(op.getB()), get(op.getAcc())));
      })
      .Case([&](tile::ReduceOp op) {
        return setResult(
            reduce(op.getKind(), get(op.getSrc()), op.getAxis(), op.getType()));
      })
      .Case([&](tile::OnlineSoftmaxOp op) { return executeOnlineSoftmax(op); })
      // arith: constants, float and integer math.
      .Case([&](arith::ConstantOp op) { return executeConstant(op); })
      .Case([&](arith::AddFOp op) { return floatOp(op, addF); })
      .Case([&](arith::SubFOp op) { return floatOp(op, subF); })
      .Case([&](arith::MulFOp op) { return floatOp(op, mulF); })
      .Case([&](arith::DivFOp op) { return floatOp(op, divF); })
      .Case([&](arith::RemFOp op) {
        return floatOp(op, [](auto a, auto b) { return std::fmod(a, b); });
      })
      .Case([&](arith::NegFOp op) {
        return floatOp(op, [](auto a) { return -a; });
      })
      .Case([&](arith::MaximumFOp op) { return floatOp(op, extremumF<true>); })
      .Case([&](arith::MinimumFOp op) { return floatOp(op, extremumF<false>); })
      .Case(
          [&](arith::MaxNumFOp op) { return floatOp(op, extremumNumF<true>); })
      .Case(
          [&](arith::MinNumFOp op) { return floatOp(op, extremumNumF<false>); })
      .Case([&](arith::AddIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a + b; }));
      })
      .Case([&](arith::SubIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a - b; }));
      })
      .Case([&](arith::MulIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a * b; }));
      })
      .Case([&](arith::AndIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a & b; }));
      })
      .Case([&](arith::OrIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a | b; }));
      })
      .Case([&](arith::XOrIOp op) {
        return intOp(op,
                     wrapping([](uint64_t a, uint64_t b) { return a ^ b; }));
      })
      .Case([&](arith::MaxSIOp op) {
        return intOp(
            op, [](int64_t a, int64_t b, unsigned) { return std::max(a, b); });
      })
      .Case([&](arith::MinSIOp op) {
        return intOp(
            op, [](int64_t a, int64_t b, unsigned) { return std::min(a, b); });
      })
      .Case([&](arith::MaxUIOp op) {
        return intOp(op, unsignedOp([](uint64_t a, uint64_t b) {
                       return std::max(a, b);
                     }));
      })
      .Case([&](arith::MinUIOp op) {
        return intOp(op, unsignedOp([](uint64_t a, uint64_t b) {
                       return std::min(a, b);
                     }));
      })
      .Case([&](arith::ShLIOp op) {
        return intOp(op, [](int64_t a, int64_t b, unsigned width) -> int64_t {
          uint64_t shift = toUnsigned(b, width);
          return shift >= width
                     ? 0
                     : static_cast<int64_t>(static_cast<uint64_t>(a) << shift);
        });
      })
      .Case([&](arith::ShRSIOp op) {
        return intOp(op, [](int64_t a, int64_t b, unsigned width) -> int64_t {
          uint64_t shift = toUnsigned(b, width);
          return shift >= width ? (a < 0 ? -1 : 0) : a >> shift;
        });
      })
      .Case([&](arith::ShRUIOp op) {
        return intOp(op, [](int64_t a, int64_t b, unsigned width) -> int64_t {
          uint64_t shift = toUnsigned(b, width);
          return shift >= width
                     ? 0
                     : static_cast<int64_t>(toUnsigned(a, width) >> shift);
        });
      })
      .Case([&](arith::DivSIOp op) {
        return intDivOp(op,
                        [](int64_t a, int64_t b, unsigned) { return a / b; });
      })
      .Case([&](arith::RemSIOp op) {
        return intDivOp(op,
                        [](int64_t a, int64_t b, unsigned) { return a % b; });
      })
      .Case([&](arith::FloorDivSIOp op) {
        return intDivOp(
            op, [&](int64_t a, int64_t b, unsigned) { return floorDiv(a, b); });
      })
      .Case([&](arith::CeilDivSIOp op) {
        return intDivOp(
            op, [&](int64_t a, int64_t b, unsigned) { return ceilDiv(a, b); });
      })
      .Case([&](arith::DivUIOp op) {
        return intDivOp(
            op, unsignedOp([](uint64_t a, uint64_t b) { return a / b; }));
      })
      .Case([&](arith::RemUIOp op) {
        return intDivOp(
            op, unsignedOp([](uint64_t a, uint64_t b) { return a % b; }));
      })
      .Case([&](arith::CeilDivUIOp op) {
        return intDivOp(op, unsignedOp([](uint64_t a, uint64_t b) {
                          return a / b + (a % b != 0);
                        }));
      })
      .Case([&](arith::CmpFOp op) { return executeCmpF(op); })
      .Case([&](arith::CmpIOp op) { return executeCmpI(op); })
      .Case([&](arith::SelectOp op) { return executeSelect(op); })
      // arith: conversions.
      .Case<arith::ExtFOp, arith::TruncFOp>([&](auto op) {
        return setResult(convertFloats(operand(0), op.getType()));
      })
      .Case([&](arith::SIToFPOp op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromFloat(
              roundToFloatDType(static_cast<double>(e.i), floatDType(dst)));
        });
      })
      .Case([&](arith::UIToFPOp op) {
        return castOp(op, [](Element e, Type src, Type dst) {
          return fromFloat(roundToFloatDType(
              static_cast<double>(toUnsigned(e.i, intWidth(src))),
              floatDType(dst)));
        });
      })
      .Case([&](arith::FPToSIOp op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromInt(floatToSigned(e.f, intWidth(dst)));
        });
      })
      .Case([&](arith::FPToUIOp op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromInt(floatToUnsigned(e.f, intWidth(dst)));
        });
      })
      .Case<arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>([&](auto op) {
        return castOp(op, [](Element e, Type, Type dst) {
          return fromInt(wrapToWidth(e.i, intWidth(dst)));
        });
      })
      .Case<arith::ExtUIOp, arith::IndexCastUIOp>([&](auto op) {
        return castOp(op, [](Element e, Type src, Type dst) {
          return fromInt(
              wrapToWidth(static_cast<int64_t>(toUnsigned(e.i, intWidth(src))),
                          intWidth(dst)));
        });
      })
      // math.
      .Case([&](math::Exp2Op op) { return floatOp(op, exp2F); })
      .Case([&](math::ExpOp op) {
        return floatOp(op, [](auto a) { return std::exp(a); });
      })
      .Case([&](math::ExpM1Op op) {
        return floatOp(op, [](auto a) { return std::expm1(a); });
      })
      .Case([&](math::Log2Op op) {
        return floatOp(op, [](auto a) { return std::log2(a); });
      })
      .Case([&](math::LogOp op) {
        return floatOp(op, [](auto a) { return std::log(a); });
      })
      .Case([&](math::Log1pOp op) {
        return floatOp(op, [](auto a) { return std::log1p(a); });
      })
      .Case([&](math::SqrtOp op) {
        return floatOp(op, [](auto a) { return std::sqrt(a); });
      })
      .Case([&](math::RsqrtOp op) {
        return floatOp(op,
                       [](auto a) { return decltype(a)(1) / std::sqrt(a); });
      })
      .Case([&](math::AbsFOp op) {
        return floatOp(op, [](auto a) { return std::fabs(a); });
      })
      .Case([&](math::TanhOp op) {
        return floatOp(op, [](auto a) { return std::tanh(a); });
      })
      .Case([&](math::ErfOp op) {
        return floatOp(op, [](auto a) { return std::erf(a); });
      })
      .Case([&](math::SinOp op) {
        return floatOp(op, [](auto a) { return std::sin(a); });
      })
      .Case([&](math::CosOp op) {
        return floatOp(op, [](auto a) { return std::cos(a); });
      })
      .Case([&](math::FloorOp op) {
        return floatOp(op, [](auto a) { return std::floor(a); });
      })
      .Case([&](math::CeilOp op) {
        return floatOp(op, [](auto a) { return std::ceil(a); });
      })
      .Case([&](math::PowFOp op) {
        return floatOp(op, [](auto a, auto b) { return std::pow(a, b); });
      })
      .Case([&](math::FmaOp op) {
        return floatOp(
            op, [](auto a, auto b, auto c) { return std::fma(a, b, c); });
      })
      .Case([&](math::AbsIOp op) {
        return intOp(op, [](int64_t a, int64_t, unsigned) {
          return static_cast<int64_t>(a < 0 ? 0 - static_cast<uint64_t>(a)
                                            : static_cast<uint64_t>(a));
        });
      })
      // scf.
      .Case([&](scf::ForOp op) { return executeFor(op); })
      .Case([&](scf::IfOp op) { return executeIf(op); })
      .Default([&](Operation *op) {
        return op->emitOpError() << "is not supported by the interpreter";
      });
}

//===----------------------------------------------------------------------===//
// Kernels and launches
//===----------------------------------------------------------------------===//

bool tessera::interp::isKernel(func::FuncOp func) {
  return func->hasAttr(tile::TileDialect::kKernelAttrName);
}

std::string tessera::interp::getArgumentName(func::FuncOp kernel,
                                             unsigned index) {
  auto name = kernel.getArgAttrOfType<StringAttr>(
      index, tile::TileDialect::kNameAttrName);
  return name ? name.getValue().str() : "";
}

std::optional<int64_t> tessera::interp::getKernelConstant(func::FuncOp kernel,
                                                          StringRef name) {
  auto constants = kernel->getAttrOfType<DictionaryAttr>(
      tile::TileDialect::kConstantsAttrName);
  if (!constants)
    return std::nullopt;
  Attribute value = constants.get(name);
  // A BoolAttr is an i1 IntegerAttr, whose sign-extended `true` would be -1.
  if (auto boolean = dyn_cast_if_present<BoolAttr>(value))
    return boolean.getValue() ? 1 : 0;
  if (auto integer = dyn_cast_if_present<IntegerAttr>(value))
    return integer.getValue().getSExtValue();
  return std::nullopt;
}

/// Describes argument `index` for diagnostics: "argument #2 ('K')".
static std::string describeArgument(func::FuncOp kernel, unsigned index) {
  std::string name = getArgumentName(kernel, index);
  std::string result = "argument #" + std::to_string(index);
  if (!name.empty())
    result += " ('" + name + "')";
  return result;
}

/// Builds the grid expression of `expr`, an affine expression over the
/// symbols named by `tile.sizes`, so that the grid is evaluated as the
/// runtime evaluates the manifest's (host::GridExpr: int64 with overflow and
/// division checks).
static FailureOr<host::GridExpr> buildGridExpr(func::FuncOp kernel,
                                               AffineExpr expr,
                                               ArrayRef<std::string> names) {
  if (auto constant = dyn_cast<AffineConstantExpr>(expr))
    return host::GridExpr::integer(constant.getValue());
  if (auto symbol = dyn_cast<AffineSymbolExpr>(expr)) {
    if (symbol.getPosition() >= names.size())
      return kernel.emitError() << "grid symbol s" << symbol.getPosition()
                                << " has no size name in tile.sizes";
    return host::GridExpr::name(names[symbol.getPosition()]);
  }
  std::optional<host::GridExpr::BinaryOp> op;
  switch (expr.getKind()) {
  case AffineExprKind::Add:
    op = host::GridExpr::BinaryOp::Add;
    break;
  case AffineExprKind::Mul:
    op = host::GridExpr::BinaryOp::Mul;
    break;
  case AffineExprKind::Mod:
    op = host::GridExpr::BinaryOp::Mod;
    break;
  case AffineExprKind::FloorDiv:
    op = host::GridExpr::BinaryOp::Div;
    break;
  case AffineExprKind::CeilDiv:
    op = host::GridExpr::BinaryOp::CDiv;
    break;
  default:
    break;
  }
  auto binary = dyn_cast<AffineBinaryOpExpr>(expr);
  if (!op || !binary) {
    std::string text;
    llvm::raw_string_ostream os(text);
    expr.print(os);
    return kernel.emitError() << "unexpected grid expression " << text;
  }
  FailureOr<host::GridExpr> lhs = buildGridExpr(kernel, binary.getLHS(), names);
  if (failed(lhs))
    return failure();
  FailureOr<host::GridExpr> rhs = buildGridExpr(kernel, binary.getRHS(), names);
  if (failed(rhs))
    return failure();
  host::Expected<host::GridExpr> built =
      host::GridExpr::binary(*op, *lhs, *rhs);
  if (!built.ok())
    return kernel.emitError() << "grid expression: " << built.message();
  return built.take();
}

/// The declared shape of tensor argument `index` (its `tile.shape`), or
/// std::nullopt when it declares none.
static std::optional<std::vector<host::ShapeDim>>
getDeclaredShape(func::FuncOp kernel, unsigned index) {
  auto shape = kernel.getArgAttrOfType<ArrayAttr>(
      index, tile::TileDialect::kShapeAttrName);
  if (!shape)
    return std::nullopt;
  std::vector<host::ShapeDim> dims;
  for (Attribute dim : shape) {
    if (auto fixed = dyn_cast<IntegerAttr>(dim))
      dims.push_back(host::ShapeDim::ofFixed(fixed.getInt()));
    else
      dims.push_back(
          host::ShapeDim::ofSymbol(cast<StringAttr>(dim).getValue().str()));
  }
  return dims;
}

FailureOr<LaunchConfig>
tessera::interp::resolveLaunch(func::FuncOp kernel, ArrayRef<KernelArg> args) {
  if (!isKernel(kernel))
    return kernel.emitError() << "expected a kernel (a func.func with '"
                              << tile::TileDialect::kKernelAttrName << "')";
  if (kernel.isExternal())
    return kernel.emitError() << "expected a kernel with a body";
  unsigned numArgs = kernel.getNumArguments();
  if (args.size() != numArgs)
    return kernel.emitError()
           << "expected " << numArgs << " arguments, got " << args.size();

  LaunchConfig config;
  auto sizeNames =
      kernel->getAttrOfType<ArrayAttr>(tile::TileDialect::kSizesAttrName);
  host::SizeBinder binder;
  for (unsigned i = 0; i < numArgs; ++i) {
    Type type = kernel.getArgument(i).getType();
    const KernelArg &arg = args[i];
    auto view = dyn_cast<tile::ViewType>(type);
    if (!view) {
      if (!isSupportedElementType(type))
        return kernel.emitError()
               << describeArgument(kernel, i) << " has type " << type
               << ", which the interpreter does not support";
      if (arg.isTensor())
        return kernel.emitError()
               << "expected a scalar of type " << type << " for "
               << describeArgument(kernel, i) << ", got a tensor";
      continue;
    }
    if (!arg.isTensor())
      return kernel.emitError()
             << "expected a tensor for " << describeArgument(kernel, i)
             << " (a view), got a scalar";
    const Tensor &tensor = arg.getTensor();
    std::optional<DType> dtype = getDTypeOf(view.getElementType());
    if (dtype != tensor.getDType())
      return kernel.emitError() << "expected " << describeArgument(kernel, i)
                                << " of element type " << view.getElementType()
                                << ", got " << getDTypeName(tensor.getDType());
    if (tensor.getRank() != view.getRank())
      return kernel.emitError()
             << "expected " << describeArgument(kernel, i) << " of rank "
             << view.getRank() << ", got " << tensor.getTypeString();
    std::optional<std::vector<host::ShapeDim>> shape =
        getDeclaredShape(kernel, i);
    if (!shape)
      continue;
    std::optional<host::SizeBinder::Mismatch> mismatch =
        binder.bind(i, *shape, tensor.getShape().data());
    if (!mismatch)
      continue;
    if (mismatch->isFixed())
      return kernel.emitError()
             << "expected dimension " << mismatch->dim << " of "
             << describeArgument(kernel, i) << " to be " << mismatch->expected
             << " (fixed by its tile.shape), got " << mismatch->actual << " in "
             << tensor.getTypeString();
    return kernel.emitError()
           << "size '" << mismatch->symbol << "' is " << mismatch->expected
           << " in " << describeArgument(kernel, mismatch->boundBy) << " but "
           << mismatch->actual << " in dimension " << mismatch->dim << " of "
           << describeArgument(kernel, i) << " (" << tensor.getTypeString()
           << ")";
  }

  SmallVector<std::string> names;
  if (sizeNames) {
    for (Attribute attr : sizeNames) {
      StringRef name = cast<StringAttr>(attr).getValue();
      std::optional<int64_t> value = binder.lookup(name);
      if (!value)
        return kernel.emitError() << "size '" << name
                                  << "' is not bound by the tile.shape of any "
                                     "argument";
      names.push_back(name.str());
      config.sizes.emplace_back(name.str(), *value);
    }
  }
  if (auto grid = kernel->getAttrOfType<AffineMapAttr>(
          tile::TileDialect::kGridAttrName)) {
    for (auto [axis, expr] : llvm::enumerate(grid.getValue().getResults())) {
      FailureOr<host::GridExpr> built = buildGridExpr(kernel, expr, names);
      if (failed(built))
        return failure();
      host::Expected<int64_t> extent = built->evaluate(binder.sizes());
      if (!extent.ok())
        return kernel.emitError()
               << "grid dimension " << axis << ": " << extent.message();
      if (*extent < 0)
        return kernel.emitError()
               << "grid dimension " << axis << " evaluates to " << *extent;
      config.grid[axis] = *extent;
    }
  }
  return config;
}

LogicalResult tessera::interp::runKernel(func::FuncOp kernel,
                                         ArrayRef<KernelArg> args) {
  FailureOr<LaunchConfig> config = resolveLaunch(kernel, args);
  if (failed(config))
    return failure();

  SmallVector<RtValue> argValues;
  for (auto [arg, karg] : llvm::zip_equal(kernel.getArguments(), args)) {
    Type type = arg.getType();
    if (karg.isTensor()) {
      argValues.push_back(RtValue::ofView(type, ViewRef::whole(&karg.getTensor())));
    } else if (isa<FloatType>(type)) {
      argValues.push_back(RtValue::scalar(
          type,
          fromFloat(roundToFloatDType(karg.getScalar(), floatDType(type)))));
    } else {
      argValues.push_back(RtValue::scalar(
          type, fromInt(floatToSigned(karg.getScalar(), intWidth(type)))));
    }
  }

  LaunchState launch;
  launch.config = *config;
  std::array<int64_t, 3> grid = config->grid;
  SmallVector<RtValue> results;
  for (int64_t z = 0; z < grid[2]; ++z) {
    for (int64_t y = 0; y < grid[1]; ++y) {
      for (int64_t x = 0; x < grid[0]; ++x) {
        ProgramRunner program(launch, {x, y, z});
        results.clear();
        if (failed(
                program.runBlock(kernel.getBody().front(), argValues, results)))
          return failure();
      }
    }
  }
  return success();
}
