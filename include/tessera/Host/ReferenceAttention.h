//===- ReferenceAttention.h - fp64 reference attention ----------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The attention that kernels are checked against, in double precision from
/// the (already rounded) inputs: the interpreter's check (tessera-run) over
/// every row, tessera-bench's over sampled rows. For query i of a sequence
/// and its visible keys j (AttentionMask),
///
///   s_j   = scale * q_i . k_j - slope * |i - j|   (slope: ALiBi, else 0)
///   lse_i = log(sum_j exp(s_j))                   (natural log)
///   out_i = sum_j exp(s_j - lse_i) v_j
///
/// and a query that sees no key has output 0 and log-sum-exp -inf, the
/// semantics of tile.online_softmax (and FlashAttention's).
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_HOST_REFERENCEATTENTION_H
#define TESSERA_HOST_REFERENCEATTENTION_H

#include <cstdint>
#include <utility>
#include <vector>

namespace tessera::host {

/// Which keys each query sees: query i sees key j when
/// i - windowLeft <= j <= i + windowRight (a negative bound leaves that side
/// open), and j <= i when `causal`. FlashAttention's `window_size`.
struct AttentionMask {
  bool causal = false;
  int64_t windowLeft = -1;
  int64_t windowRight = -1;
  /// ALiBi: query i and key j of head h add -alibiSlopes[h] * |i - j| to
  /// their scaled score (FlashAttention's alibi_slopes); the (batch·)head
  /// index is taken modulo the number of slopes. Empty: no bias.
  std::vector<double> alibiSlopes;

  /// The keys [first, last] that query `row` sees among keys
  /// 0 .. numKeys-1; first > last when it sees none.
  std::pair<int64_t, int64_t> visibleKeys(int64_t row, int64_t numKeys) const;
  /// The ALiBi slope of (batch·)head `head`; 0 without ALiBi.
  double slopeOf(int64_t head) const;
};

/// One query row of one (batch·)head: `q` holds headDim values; `keys` and
/// `values` hold numKeys rows of headDim values each (contiguous). `row` is
/// the query's position among the keys (for the mask and ALiBi) and `head`
/// selects the ALiBi slope. Writes headDim values to `out` and the natural
/// log-sum-exp to `lse`.
void attentionRow(const float *q, const float *keys, const float *values,
                  int64_t numKeys, int64_t headDim, int64_t row, int64_t head,
                  double scale, const AttentionMask &mask,
                  std::vector<double> &out, double &lse);
void attentionRow(const double *q, const double *keys, const double *values,
                  int64_t numKeys, int64_t headDim, int64_t row, int64_t head,
                  double scale, const AttentionMask &mask,
                  std::vector<double> &out, double &lse);

/// Every row of `referenceAttention`, row-major: `out` is [BH, N, D] and
/// `lse` is [BH, N].
struct AttentionResult {
  std::vector<double> out;
  std::vector<double> lse;
};

/// Attention over every row: q, k and v hold BH·N·D values in row-major
/// order ([BH, N, D] or [B, H, N, D]).
AttentionResult referenceAttention(const std::vector<double> &q,
                                   const std::vector<double> &k,
                                   const std::vector<double> &v,
                                   int64_t batchHeads, int64_t seqLen,
                                   int64_t headDim, double scale,
                                   const AttentionMask &mask);

/// The same over packed variable-length sequences: q, k, v are [heads,
/// total, headDim] and sequence b is tokens cuSeqlens[b] .. cuSeqlens[b+1]-1;
/// every sequence attends only to itself (flash_attn_varlen_func), with
/// positions counted from its first token. The results are [heads, total,
/// headDim] and [heads, total].
AttentionResult referenceVarlenAttention(const std::vector<double> &q,
                                         const std::vector<double> &k,
                                         const std::vector<double> &v,
                                         int64_t heads,
                                         const std::vector<int64_t> &cuSeqlens,
                                         int64_t headDim, double scale,
                                         const AttentionMask &mask);

} // namespace tessera::host

#endif // TESSERA_HOST_REFERENCEATTENTION_H
