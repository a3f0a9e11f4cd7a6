//===- ReferenceAttention.cpp - fp64 reference attention ------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/ReferenceAttention.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tessera::host {

std::pair<int64_t, int64_t> AttentionMask::visibleKeys(int64_t row,
                                                       int64_t numKeys) const {
  int64_t first = windowLeft >= 0 ? std::max<int64_t>(0, row - windowLeft) : 0;
  int64_t last = numKeys - 1;
  if (windowRight >= 0)
    last = std::min(last, row + windowRight);
  if (causal)
    last = std::min(last, row);
  return {first, last};
}

double AttentionMask::slopeOf(int64_t head) const {
  if (alibiSlopes.empty())
    return 0.0;
  return alibiSlopes[head % alibiSlopes.size()];
}

namespace {

template <typename T>
void attentionRowImpl(const T *q, const T *keys, const T *values,
                      int64_t numKeys, int64_t headDim, int64_t row,
                      int64_t head, double scale, const AttentionMask &mask,
                      std::vector<double> &out, double &lse) {
  auto [first, last] = mask.visibleKeys(row, numKeys);
  out.assign(headDim, 0.0);
  if (first > last) {
    lse = -std::numeric_limits<double>::infinity();
    return;
  }
  bool alibi = !mask.alibiSlopes.empty();
  double slope = mask.slopeOf(head);
  std::vector<double> scores(last - first + 1);
  double maxScore = -std::numeric_limits<double>::infinity();
  for (int64_t j = first; j <= last; ++j) {
    double s = 0.0;
    for (int64_t d = 0; d < headDim; ++d)
      s += static_cast<double>(q[d]) *
           static_cast<double>(keys[j * headDim + d]);
    double &score = scores[j - first];
    score = s * scale;
    if (alibi)
      score -= slope * std::fabs(static_cast<double>(row - j));
    maxScore = std::max(maxScore, score);
  }
  double sum = 0.0;
  for (double &score : scores) {
    score = std::exp(score - maxScore);
    sum += score;
  }
  for (int64_t j = first; j <= last; ++j)
    for (int64_t d = 0; d < headDim; ++d)
      out[d] += scores[j - first] / sum *
                static_cast<double>(values[j * headDim + d]);
  lse = maxScore + std::log(sum);
}

} // namespace

void attentionRow(const float *q, const float *keys, const float *values,
                  int64_t numKeys, int64_t headDim, int64_t row, int64_t head,
                  double scale, const AttentionMask &mask,
                  std::vector<double> &out, double &lse) {
  attentionRowImpl(q, keys, values, numKeys, headDim, row, head, scale, mask,
                   out, lse);
}

void attentionRow(const double *q, const double *keys, const double *values,
                  int64_t numKeys, int64_t headDim, int64_t row, int64_t head,
                  double scale, const AttentionMask &mask,
                  std::vector<double> &out, double &lse) {
  attentionRowImpl(q, keys, values, numKeys, headDim, row, head, scale, mask,
                   out, lse);
}

namespace {

/// Attention of the `length` tokens from `first` of every head of
/// [heads, total, headDim] tensors, written to the same rows of `result`.
void attendSequence(const std::vector<double> &q, const std::vector<double> &k,
                    const std::vector<double> &v, int64_t heads, int64_t total,
                    int64_t first, int64_t length, int64_t headDim,
                    double scale, const AttentionMask &mask,
                    AttentionResult &result) {
  std::vector<double> out;
  for (int64_t h = 0; h < heads; ++h) {
    int64_t base = h * total + first; // Row of the sequence's first token.
    for (int64_t i = 0; i < length; ++i) {
      attentionRow(&q[(base + i) * headDim], &k[base * headDim],
                   &v[base * headDim], length, headDim, i, h, scale, mask, out,
                   result.lse[base + i]);
      std::copy(out.begin(), out.end(),
                result.out.begin() + (base + i) * headDim);
    }
  }
}

} // namespace

AttentionResult referenceAttention(const std::vector<double> &q,
                                   const std::vector<double> &k,
                                   const std::vector<double> &v,
                                   int64_t batchHeads, int64_t seqLen,
                                   int64_t headDim, double scale,
                                   const AttentionMask &mask) {
  AttentionResult result;
  result.out.assign(batchHeads * seqLen * headDim, 0.0);
  result.lse.assign(batchHeads * seqLen, 0.0);
  attendSequence(q, k, v, batchHeads, seqLen, 0, seqLen, headDim, scale, mask,
                 result);
  return result;
}

AttentionResult referenceVarlenAttention(const std::vector<double> &q,
                                         const std::vector<double> &k,
                                         const std::vector<double> &v,
                                         int64_t heads,
                                         const std::vector<int64_t> &cuSeqlens,
                                         int64_t headDim, double scale,
                                         const AttentionMask &mask) {
  int64_t total = cuSeqlens.empty() ? 0 : cuSeqlens.back();
  AttentionResult result;
  result.out.assign(heads * total * headDim, 0.0);
  result.lse.assign(heads * total, 0.0);
  for (size_t b = 0; b + 1 < cuSeqlens.size(); ++b)
    attendSequence(q, k, v, heads, total, cuSeqlens[b],
                   cuSeqlens[b + 1] - cuSeqlens[b], headDim, scale, mask,
                   result);
  return result;
}

} // namespace tessera::host
