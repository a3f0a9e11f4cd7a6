//===- ReferenceAttention.cpp - fp64 reference attention ------------------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#include "tessera/Interpreter/ReferenceAttention.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace tessera::interp;

/// Returns the elements of `t` in row-major order, widened to double.
static std::vector<double> toDoubles(const Tensor &t) {
  std::vector<double> values(t.getNumElements());
  for (int64_t i = 0, e = values.size(); i < e; ++i)
    values[i] = t.getLinear(i);
  return values;
}

AttentionResult tessera::interp::referenceAttention(
    const Tensor &q, const Tensor &k, const Tensor &v, int64_t batchHeads,
    int64_t seqLen, int64_t headDim, double scale, AttentionMask mask) {
  std::vector<double> qs = toDoubles(q), ks = toDoubles(k), vs = toDoubles(v);
  AttentionResult result;
  result.out.assign(batchHeads * seqLen * headDim, 0.0);
  result.lse.assign(batchHeads * seqLen, 0.0);
  std::vector<double> scores(seqLen);
  for (int64_t h = 0; h < batchHeads; ++h) {
    const double *qh = &qs[h * seqLen * headDim];
    const double *kh = &ks[h * seqLen * headDim];
    const double *vh = &vs[h * seqLen * headDim];
    for (int64_t i = 0; i < seqLen; ++i) {
      // The visible keys are [first, last].
      int64_t first = mask.windowLeft >= 0
                          ? std::max<int64_t>(0, i - mask.windowLeft)
                          : 0;
      int64_t last = seqLen - 1;
      if (mask.windowRight >= 0)
        last = std::min(last, i + mask.windowRight);
      if (mask.causal)
        last = std::min(last, i);
      double maxScore = -std::numeric_limits<double>::infinity();
      for (int64_t j = first; j <= last; ++j) {
        double s = 0.0;
        for (int64_t d = 0; d < headDim; ++d)
          s += qh[i * headDim + d] * kh[j * headDim + d];
        scores[j] = s * scale;
        if (!mask.alibiSlopes.empty())
          scores[j] -= mask.alibiSlopes[h % mask.alibiSlopes.size()] *
                       std::fabs(static_cast<double>(i - j));
        maxScore = std::max(maxScore, scores[j]);
      }
      if (first > last) {
        result.lse[h * seqLen + i] = maxScore;
        continue;
      }
      double sum = 0.0;
      for (int64_t j = first; j <= last; ++j) {
        scores[j] = std::exp(scores[j] - maxScore);
        sum += scores[j];
      }
      double *out = &result.out[(h * seqLen + i) * headDim];
      for (int64_t j = first; j <= last; ++j)
        for (int64_t d = 0; d < headDim; ++d)
          out[d] += scores[j] / sum * vh[j * headDim + d];
      result.lse[h * seqLen + i] = maxScore + std::log(sum);
    }
  }
  return result;
}

AttentionResult tessera::interp::referenceVarlenAttention(
    const Tensor &q, const Tensor &k, const Tensor &v, int64_t heads,
    llvm::ArrayRef<int64_t> cuSeqlens, int64_t headDim, double scale,
    AttentionMask mask) {
  int64_t total = cuSeqlens.back();
  AttentionResult result;
  result.out.assign(heads * total * headDim, 0.0);
  result.lse.assign(heads * total, 0.0);
  for (size_t b = 0; b + 1 < cuSeqlens.size(); ++b) {
    int64_t first = cuSeqlens[b], length = cuSeqlens[b + 1] - first;
    if (length == 0)
      continue;
    // Copy the sequence out of the packed tensors ([heads, length, D]).
    auto slice = [&](const Tensor &packed) {
      Tensor part(packed.getDType(), {heads, length, headDim});
      for (int64_t h = 0; h < heads; ++h)
        for (int64_t i = 0; i < length; ++i)
          for (int64_t d = 0; d < headDim; ++d)
            part.setLinear((h * length + i) * headDim + d,
                           packed.getLinear((h * total + first + i) * headDim + d));
      return part;
    };
    AttentionResult part = referenceAttention(slice(q), slice(k), slice(v),
                                              heads, length, headDim, scale,
                                              mask);
    for (int64_t h = 0; h < heads; ++h)
      for (int64_t i = 0; i < length; ++i) {
        result.lse[h * total + first + i] = part.lse[h * length + i];
        for (int64_t d = 0; d < headDim; ++d)
          result.out[(h * total + first + i) * headDim + d] =
              part.out[(h * length + i) * headDim + d];
      }
  }
  return result;
}
