//===- Reference.cpp - Checking attention against fp64 -------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include "tessera/Host/ReferenceAttention.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <set>
#include <thread>

namespace tessera {
namespace bench {

double AttentionShape::flops() const {
  double flops = 4.0 * batch * heads * double(seqLen) * seqLen * headDim;
  return causal ? flops / 2 : flops;
}

std::string AttentionShape::str() const {
  return "B=" + std::to_string(batch) + " H=" + std::to_string(heads) +
         " N=" + std::to_string(seqLen) + " D=" + std::to_string(headDim);
}

void referenceRow(const AttentionInputs &inputs, const AttentionShape &shape,
                  double scale, RowId id, std::vector<double> &out,
                  double &lse) {
  const int64_t n = shape.seqLen, d = shape.headDim;
  host::AttentionMask mask;
  mask.causal = shape.causal;
  host::attentionRow(&(*inputs.q)[(id.bh * n + id.row) * d],
                     &(*inputs.k)[id.bh * n * d], &(*inputs.v)[id.bh * n * d],
                     n, d, id.row, id.bh, scale, mask, out, lse);
}

std::vector<RowId> rowsToCheck(const AttentionShape &shape, int64_t maxRows,
                               uint64_t seed) {
  const int64_t total = shape.numRows(), n = shape.seqLen;
  std::vector<RowId> rows;
  if (total <= maxRows) {
    for (int64_t bh = 0; bh < shape.batchHeads(); ++bh)
      for (int64_t row = 0; row < n; ++row)
        rows.push_back({bh, row});
    return rows;
  }
  std::set<int64_t> chosen = {0, n - 1, total - n, total - 1};
  std::mt19937_64 rng(seed ^ 0x5eed);
  std::uniform_int_distribution<int64_t> pick(0, total - 1);
  while (static_cast<int64_t>(chosen.size()) < maxRows)
    chosen.insert(pick(rng));
  for (int64_t flat : chosen)
    rows.push_back({flat / n, flat % n});
  return rows;
}

namespace {

/// Accumulates one thread's findings; merged under a lock.
struct PartialCheck {
  int64_t mismatches = 0;
  double maxAbsErrorOut = 0;
  double maxAbsErrorLse = 0;
  int64_t firstBadIndex = -1; ///< Position in `rows` of the first bad row.
  std::string firstProblem;
};

bool outsideTolerance(double got, double ref, double atol, double rtol) {
  return !(std::fabs(got - ref) <= atol + rtol * std::fabs(ref));
}

void noteProblem(PartialCheck &partial, int64_t index, const char *what) {
  if (partial.firstBadIndex == -1 || index < partial.firstBadIndex) {
    partial.firstBadIndex = index;
    partial.firstProblem = what;
  }
}

void checkRows(const AttentionInputs &inputs, const AttentionOutputs &outputs,
               const AttentionShape &shape, double scale,
               const std::vector<RowId> &rows, size_t begin, size_t end,
               double atol, double rtol, PartialCheck &partial) {
  std::vector<double> ref;
  double refLse = 0;
  char message[256];
  const int64_t d = shape.headDim;
  for (size_t index = begin; index < end; ++index) {
    RowId id = rows[index];
    referenceRow(inputs, shape, scale, id, ref, refLse);
    int64_t base = (id.bh * shape.seqLen + id.row) * d;
    for (int64_t c = 0; c < d; ++c) {
      double got = outputs.out[base + c];
      double error = std::fabs(got - ref[c]);
      if (std::isfinite(error))
        partial.maxAbsErrorOut = std::max(partial.maxAbsErrorOut, error);
      if (outsideTolerance(got, ref[c], atol, rtol)) {
        ++partial.mismatches;
        std::snprintf(message, sizeof(message),
                      "Out[bh=%lld, row=%lld, d=%lld] = %.6g, reference %.6g",
                      (long long)id.bh, (long long)id.row, (long long)c, got,
                      ref[c]);
        noteProblem(partial, index, message);
      }
    }
    if (outputs.lse.empty())
      continue;
    double got = outputs.lse[id.bh * shape.seqLen + id.row];
    double error = std::fabs(got - refLse);
    if (std::isfinite(error))
      partial.maxAbsErrorLse = std::max(partial.maxAbsErrorLse, error);
    if (outsideTolerance(got, refLse, atol, rtol)) {
      ++partial.mismatches;
      std::snprintf(message, sizeof(message),
                    "Lse[bh=%lld, row=%lld] = %.6g, reference %.6g",
                    (long long)id.bh, (long long)id.row, got, refLse);
      noteProblem(partial, index, message);
    }
  }
}

/// Counts NaN/inf over all values; describes the first.
int64_t countNonFinite(const std::vector<float> &values, const char *name,
                       std::string &first) {
  int64_t count = 0;
  for (size_t i = 0; i < values.size(); ++i) {
    if (std::isfinite(values[i]))
      continue;
    if (count++ == 0 && first.empty())
      first = std::string(name) + " element " + std::to_string(i) + " is " +
              (std::isnan(values[i]) ? "NaN (unwritten?)" : "infinite");
  }
  return count;
}

} // namespace

CheckResult checkAttention(const AttentionInputs &inputs,
                           const AttentionOutputs &outputs,
                           const AttentionShape &shape, double scale,
                           const std::vector<RowId> &rows, double atol,
                           double rtol, unsigned threads) {
  CheckResult result;
  result.rowsChecked = static_cast<int64_t>(rows.size());
  result.nonFinite = countNonFinite(outputs.out, "Out", result.firstProblem) +
                     countNonFinite(outputs.lse, "Lse", result.firstProblem);
  threads = std::max(1u, std::min<unsigned>(threads, rows.size() / 4 + 1));
  std::vector<PartialCheck> partials(threads);
  std::vector<std::thread> workers;
  size_t chunk = (rows.size() + threads - 1) / threads;
  for (unsigned t = 0; t < threads; ++t) {
    size_t begin = std::min(rows.size(), t * chunk);
    size_t end = std::min(rows.size(), begin + chunk);
    workers.emplace_back([&, begin, end, t] {
      checkRows(inputs, outputs, shape, scale, rows, begin, end, atol, rtol,
                partials[t]);
    });
  }
  for (std::thread &worker : workers)
    worker.join();
  for (const PartialCheck &partial : partials) {
    result.mismatches += partial.mismatches;
    result.maxAbsErrorOut =
        std::max(result.maxAbsErrorOut, partial.maxAbsErrorOut);
    result.maxAbsErrorLse =
        std::max(result.maxAbsErrorLse, partial.maxAbsErrorLse);
    if (result.firstProblem.empty() && !partial.firstProblem.empty())
      result.firstProblem = partial.firstProblem;
  }
  return result;
}

} // namespace bench
} // namespace tessera
