//===- Reference.h - Checking attention against fp64 -----------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The CPU check of tessera-bench's attention kernels against the fp64
/// reference of tessera/Host (host::attentionRow): softmax(scale * Q K^T) V
/// with the log-sum-exp (natural log) of each row, for Q, K, V laid out
/// [B*H, N, D] contiguous (a 4-D [B, H, N, D] contiguous tensor has the same
/// layout). Causal attention lets query row i see keys 0..i.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_REFERENCE_H
#define TESSERA_TOOLS_BENCH_REFERENCE_H

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tessera {
namespace bench {

/// Problem size of one attention call.
struct AttentionShape {
  int64_t batch = 1;
  int64_t heads = 1;
  int64_t seqLen = 1;
  int64_t headDim = 1;
  bool causal = false;

  int64_t batchHeads() const { return batch * heads; }
  int64_t numRows() const { return batch * heads * seqLen; }
  /// 4*B*H*N^2*D, halved when causal.
  double flops() const;
  /// "B=1 H=16 N=4096 D=64".
  std::string str() const;
};

/// One query row: index into [B*H, N].
struct RowId {
  int64_t bh;
  int64_t row;
};

/// Host copies of the (f16-rounded) inputs, as float.
struct AttentionInputs {
  /// Each B*H*N*D values, shared with whoever made them (tessera-bench's
  /// RandomInputCache keeps them across configs: no copy a config).
  std::shared_ptr<const std::vector<float>> q, k, v;
};

/// Computes one reference row (host::attentionRow): `out` (D values) and the
/// natural-log log-sum-exp of the scaled scores.
void referenceRow(const AttentionInputs &inputs, const AttentionShape &shape,
                  double scale, RowId id, std::vector<double> &out,
                  double &lse);

/// The rows to check: all of them when there are at most `maxRows`, else
/// `maxRows` rows that include the first and last row of the first and last
/// batch-head and otherwise are random (deterministic in `seed`).
std::vector<RowId> rowsToCheck(const AttentionShape &shape, int64_t maxRows,
                               uint64_t seed);

/// Kernel outputs read back to the host.
struct AttentionOutputs {
  std::vector<float> out; ///< B*H*N*D, converted from f16.
  std::vector<float> lse; ///< B*H*N, empty when the kernel has no Lse.
};

/// The verdict of a comparison.
struct CheckResult {
  int64_t rowsChecked = 0;
  int64_t nonFinite = 0;  ///< NaN/inf anywhere in Out or Lse (all elements).
  int64_t mismatches = 0; ///< Elements outside tolerance in checked rows.
  double maxAbsErrorOut = 0;
  double maxAbsErrorLse = 0;
  std::string firstProblem; ///< Describes the first bad element.

  bool passed() const { return nonFinite == 0 && mismatches == 0; }
};

/// Compares `outputs` with the reference on `rows` (using up to `threads`
/// threads): |got - ref| <= atol + rtol * |ref| for every element of Out and
/// Lse; also counts non-finite values over all of Out and Lse.
CheckResult checkAttention(const AttentionInputs &inputs,
                           const AttentionOutputs &outputs,
                           const AttentionShape &shape, double scale,
                           const std::vector<RowId> &rows, double atol,
                           double rtol, unsigned threads);

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_REFERENCE_H
