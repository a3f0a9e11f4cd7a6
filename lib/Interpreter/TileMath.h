//===- TileMath.h - Elementwise and tile computations -----------*- C++ -*-===//
//
// Part of Tessera. Private to lib/Interpreter. The arithmetic of the GPU
// numeric model on RtValues: `computeFloat` (f16/bf16/f32 computed in float
// and rounded to the element type), elementwise mapping, comparisons, and the
// tile computations (broadcast, transpose, reduce, dot, online softmax) that
// both the op handlers and online_softmax use.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_INTERPRETER_TILEMATH_H
#define TESSERA_LIB_INTERPRETER_TILEMATH_H

#include "RtValue.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

#include <array>
#include <cmath>
#include <optional>

// The GPU model rounds every f32 op separately: never fuse a*b+c into an FMA
// (here for the templates, instantiated in the files that include this).
#pragma STDC FP_CONTRACT OFF

namespace tessera::interp {

//===----------------------------------------------------------------------===//
// Elementwise computation
//===----------------------------------------------------------------------===//

/// Computes `fn` on float operands as the GPU does: in float for f16, bf16
/// and f32 (the result then rounded to the element type, which is exact for
/// the correctly rounded f32 result of +, -, *, / and sqrt), in double for
/// f64. `fn` is a generic callable returning its operand type.
template <typename Fn, typename... Ts>
double computeFloat(DType type, Fn fn, Ts... operands) {
  if (type == DType::F64)
    return fn(static_cast<double>(operands)...);
  float result = fn(static_cast<float>(operands)...);
  return type == DType::F32 ? result : roundToFloatDType(result, type);
}

/// Applies `fn` to the elements of same-shaped operands: element i of the
/// result (of type `resultType`) is fn(operands[i]...).
template <typename Fn, typename... Operands>
RtValue mapElements(Type resultType, Fn fn, const RtValue &first,
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
RtValue mapFloat(Type resultType, Fn fn, const Operands &...operands) {
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
RtValue mapInt(Type resultType, Fn fn, const Operands &...operands) {
  unsigned width = intWidth(resultType);
  return mapElements(
      resultType,
      [&](auto... e) { return fromInt(wrapToWidth(fn(e.i...), width)); },
      operands...);
}

// The float ops. Each is generic so that `computeFloat` can call it on
// floats or doubles.
inline constexpr auto addF = [](auto a, auto b) { return a + b; };
inline constexpr auto subF = [](auto a, auto b) { return a - b; };
inline constexpr auto mulF = [](auto a, auto b) { return a * b; };
inline constexpr auto divF = [](auto a, auto b) { return a / b; };
inline constexpr auto exp2F = [](auto a) { return std::exp2(a); };

/// arith.maximumf / minimumf: NaN-propagating, and -0 < +0.
template <bool IsMax>
inline constexpr auto extremumF = [](auto a, auto b) {
  if (std::isnan(a) || std::isnan(b))
    return a + b;
  if (a == b)
    return std::signbit(a) == IsMax ? b : a;
  return (a > b) == IsMax ? a : b;
};

/// arith.maxnumf / minnumf: a NaN operand yields the other one.
template <bool IsMax>
inline constexpr auto extremumNumF = [](auto a, auto b) {
  if (std::isnan(a))
    return b;
  if (std::isnan(b))
    return a;
  return extremumF<IsMax>(a, b);
};

/// Evaluates a floating-point comparison predicate.
bool compareFloats(mlir::arith::CmpFPredicate predicate, double a, double b);

/// Evaluates an integer comparison predicate on `width`-bit operands.
bool compareInts(mlir::arith::CmpIPredicate predicate, int64_t a, int64_t b,
                 unsigned width);

//===----------------------------------------------------------------------===//
// Tile computations
//===----------------------------------------------------------------------===//

/// Returns the row-major strides of `shape`.
SmallVector<int64_t, 4> rowMajorStrides(ArrayRef<int64_t> shape);

/// tile.broadcast: repeats the size-1 dimensions of `src`.
RtValue broadcast(const RtValue &src, Type resultType);

/// Broadcasts an M vector to the M×N tile `resultType` (expand_dims on axis 1,
/// then broadcast).
RtValue broadcastRows(const RtValue &rows, Type resultType);

/// tile.trans of a 2-D tile.
RtValue transpose(const RtValue &src, Type resultType);

/// tile.reduce: combines the elements of `src` along `axis` in index order;
/// float sums accumulate in the element type; argmax / argmin give the
/// first index of the extremum (of the first NaN, where there is one).
RtValue reduce(tile::ReduceKind kind, const RtValue &src, unsigned axis,
               Type resultType);

/// tile.scan: the inclusive prefix sums of `src` along `axis`, in index
/// order in the element type (integers wrap).
RtValue scan(const RtValue &src, unsigned axis);

/// tile.dot: acc + a·b with fp32 accumulation. Products of f16 (or bf16)
/// values are exact in fp32, so each step rounds once, like an FMA; the sum
/// runs over k in order for every (i, j).
RtValue dot(const RtValue &a, const RtValue &b, const RtValue &acc);

/// arith.truncf / extf to `resultType` (exact for extf).
RtValue convertFloats(const RtValue &src, Type resultType);

/// tile.online_softmax, computed with exactly the steps (and roundings) of
/// the IR that tile-decompose-online-softmax produces. Returns m', l', acc'.
std::array<RtValue, 3> onlineSoftmax(const RtValue &scores, const RtValue &v,
                                     const RtValue &m, const RtValue &l,
                                     const RtValue &acc,
                                     std::optional<double> scale);

} // namespace tessera::interp

#endif // TESSERA_LIB_INTERPRETER_TILEMATH_H
