//===- TileMath.cpp - Elementwise and tile computations -------------------===//
//
// Part of Tessera. Comparisons and the tile computations of the interpreter:
// gathers (broadcast, transpose), reductions in index order, dot with fp32
// accumulation, and online softmax in exactly the steps of its decomposition.
//
//===----------------------------------------------------------------------===//

#include "TileMath.h"

#include <algorithm>
#include <limits>

// The GPU model rounds every f32 op separately: never fuse a*b+c into an FMA.
#pragma STDC FP_CONTRACT OFF

using namespace mlir;
using namespace tessera;
using namespace tessera::interp;

//===----------------------------------------------------------------------===//
// Comparisons
//===----------------------------------------------------------------------===//

bool tessera::interp::compareFloats(arith::CmpFPredicate predicate, double a,
                                    double b) {
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

bool tessera::interp::compareInts(arith::CmpIPredicate predicate, int64_t a,
                                  int64_t b, unsigned width) {
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

SmallVector<int64_t, 4>
tessera::interp::rowMajorStrides(ArrayRef<int64_t> shape) {
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

RtValue tessera::interp::broadcast(const RtValue &src, Type resultType) {
  SmallVector<int64_t, 4> strides = rowMajorStrides(src.getShape());
  for (auto [stride, size] : llvm::zip(strides, src.getShape()))
    if (size == 1)
      stride = 0;
  return gather(src, resultType, strides);
}

RtValue tessera::interp::broadcastRows(const RtValue &rows, Type resultType) {
  return gather(rows, resultType, {1, 0});
}

RtValue tessera::interp::transpose(const RtValue &src, Type resultType) {
  return gather(src, resultType, {1, src.getShape()[1]});
}

namespace {
/// A tile seen as lines along `axis`: `outer` x `inner` lines of `n`
/// elements, `inner` apart; line (o, i) starts at element o * n * inner + i.
struct Lines {
  int64_t outer = 1, n, inner = 1;
  Lines(ArrayRef<int64_t> shape, unsigned axis) : n(shape[axis]) {
    for (unsigned d = 0; d < axis; ++d)
      outer *= shape[d];
    for (unsigned d = axis + 1; d < shape.size(); ++d)
      inner *= shape[d];
  }
};
} // namespace

/// tile.reduce: `reduceLine(column, n, stride) -> Element` for each line of
/// `src` along `axis` (n elements, `stride` apart).
template <typename ReduceLine>
static RtValue reduceLines(const RtValue &src, unsigned axis, Type resultType,
                           ReduceLine reduceLine) {
  Lines lines(src.getShape(), axis);
  RtValue result = RtValue::alloc(resultType);
  MutableArrayRef<Element> out = result.mutableElements();
  ArrayRef<Element> in = src.elements();
  for (int64_t o = 0; o < lines.outer; ++o)
    for (int64_t i = 0; i < lines.inner; ++i)
      out[o * lines.inner + i] =
          reduceLine(&in[o * lines.n * lines.inner + i], lines.n, lines.inner);
  return result;
}

/// Combines the elements along `axis` in index order with
/// `combine(Element, Element) -> Element`.
template <typename Combine>
static RtValue reduceWith(const RtValue &src, unsigned axis, Type resultType,
                          Combine combine) {
  return reduceLines(src, axis, resultType,
                     [&](const Element *column, int64_t n, int64_t stride) {
                       Element acc = column[0];
                       for (int64_t k = 1; k < n; ++k)
                         acc = combine(acc, column[k * stride]);
                       return acc;
                     });
}

/// argmax / argmin: the index along `axis` of the first element no later
/// one beats; a NaN beats every number (and no NaN beats another), so the
/// first NaN wins where there is one.
static RtValue argReduce(bool isMax, const RtValue &src, unsigned axis,
                         Type resultType) {
  bool floats = isa<FloatType>(src.getElementType());
  auto beats = [&](Element a, Element b) {
    if (!floats)
      return isMax ? a.i > b.i : a.i < b.i;
    if (std::isnan(a.f) || std::isnan(b.f))
      return std::isnan(a.f) && !std::isnan(b.f);
    return isMax ? a.f > b.f : a.f < b.f;
  };
  return reduceLines(src, axis, resultType,
                     [&](const Element *column, int64_t n, int64_t stride) {
                       int64_t best = 0;
                       for (int64_t k = 1; k < n; ++k)
                         if (beats(column[k * stride], column[best * stride]))
                           best = k;
                       return fromInt(best);
                     });
}

RtValue tessera::interp::reduce(tile::ReduceKind kind, const RtValue &src,
                                unsigned axis, Type resultType) {
  if (tile::isArgReduction(kind))
    return argReduce(kind == tile::ReduceKind::ArgMax, src, axis, resultType);
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
    default:
      llvm_unreachable("arg reductions are argReduce's");
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
  default:
    llvm_unreachable("arg reductions are argReduce's");
  }
}

RtValue tessera::interp::scan(const RtValue &src, unsigned axis) {
  Lines lines(src.getShape(), axis);
  int64_t outer = lines.outer, n = lines.n, inner = lines.inner;
  Type elementType = src.getElementType();
  bool floats = isa<FloatType>(elementType);
  DType type = floats ? floatDType(elementType) : DType::F32;
  unsigned width = floats ? 0 : intWidth(elementType);
  RtValue result = RtValue::alloc(src.getType());
  MutableArrayRef<Element> out = result.mutableElements();
  ArrayRef<Element> in = src.elements();
  for (int64_t o = 0; o < outer; ++o) {
    for (int64_t i = 0; i < inner; ++i) {
      int64_t first = o * n * inner + i;
      Element acc = in[first];
      out[first] = acc;
      for (int64_t k = 1; k < n; ++k) {
        Element x = in[first + k * inner];
        acc = floats ? fromFloat(computeFloat(type, addF, acc.f, x.f))
                     : fromInt(wrapToWidth(static_cast<int64_t>(
                                               static_cast<uint64_t>(acc.i) +
                                               static_cast<uint64_t>(x.i)),
                                           width));
        out[first + k * inner] = acc;
      }
    }
  }
  return result;
}

RtValue tessera::interp::dot(const RtValue &a, const RtValue &b,
                             const RtValue &acc) {
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

RtValue tessera::interp::convertFloats(const RtValue &src, Type resultType) {
  DType type = floatDType(resultType);
  return mapElements(
      resultType,
      [type](Element e) { return fromFloat(roundToFloatDType(e.f, type)); },
      src);
}

std::array<RtValue, 3> tessera::interp::onlineSoftmax(
    const RtValue &scores, const RtValue &v, const RtValue &m, const RtValue &l,
    const RtValue &acc, std::optional<double> scale) {
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
