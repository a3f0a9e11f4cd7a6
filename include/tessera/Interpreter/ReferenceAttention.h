//===- ReferenceAttention.h - fp64 reference attention ----------*- C++ -*-===//
//
// Part of Tessera. The attention that kernels are checked against, computed
// in double precision from the (already rounded) inputs.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_INTERPRETER_REFERENCEATTENTION_H
#define TESSERA_INTERPRETER_REFERENCEATTENTION_H

#include "tessera/Interpreter/Tensor.h"

#include <vector>

namespace tessera::interp {

/// The result of `referenceAttention`, row-major: `out` is [BH, N, D] and
/// `lse` is [BH, N].
struct AttentionResult {
  std::vector<double> out;
  std::vector<double> lse;
};

/// Computes, for every batch·head `h` and query row `i`,
///   s_j   = scale * q_i · k_j               (j <= i when `causal`)
///   lse_i = log(sum_j exp(s_j))              (natural log)
///   out_i = sum_j exp(s_j - lse_i) v_j
/// in double precision. `q`, `k` and `v` hold BH·N·D elements in row-major
/// order ([BH, N, D] or [B, H, N, D], any strides).
/// Which keys each query sees: query i sees key j when
/// i - windowLeft <= j <= i + windowRight (a negative bound leaves that side
/// open), and j <= i when `causal`. FlashAttention's `window_size`.
struct AttentionMask {
  bool causal = false;
  int64_t windowLeft = -1;
  int64_t windowRight = -1;
  /// ALiBi: query i and key j of head h add -alibiSlopes[h] * |i - j| to
  /// their scaled score (FlashAttention's alibi_slopes); the (batch·head)
  /// index is taken modulo the number of slopes. Empty: no bias.
  std::vector<double> alibiSlopes;
};

/// Softmax attention in fp64. A query that sees no key (an empty window) has
/// output 0 and log-sum-exp -inf, the semantics of tile.online_softmax.
AttentionResult referenceAttention(const Tensor &q, const Tensor &k,
                                   const Tensor &v, int64_t batchHeads,
                                   int64_t seqLen, int64_t headDim,
                                   double scale, AttentionMask mask);

/// The same over packed variable-length sequences: q, k, v are [heads,
/// total, headDim] and sequence b is tokens cuSeqlens[b] .. cuSeqlens[b+1]-1;
/// every sequence attends only to itself (flash_attn_varlen_func). The
/// results are [heads, total, headDim] and [heads, total].
AttentionResult referenceVarlenAttention(const Tensor &q, const Tensor &k,
                                         const Tensor &v, int64_t heads,
                                         llvm::ArrayRef<int64_t> cuSeqlens,
                                         int64_t headDim, double scale,
                                         AttentionMask mask);

} // namespace tessera::interp

#endif // TESSERA_INTERPRETER_REFERENCEATTENTION_H
