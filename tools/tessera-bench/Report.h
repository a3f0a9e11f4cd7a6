//===- Report.h - Text, CSV and JSON reports of bench results ---*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_REPORT_H
#define TESSERA_TOOLS_BENCH_REPORT_H

#include "Bench.h"

#include <ostream>
#include <string>
#include <vector>

namespace tessera {
namespace bench {

/// Marks, per (kernel, shape, causal), the fastest result with status "ok".
void markBest(std::vector<BenchResult> &results);

/// Human-readable lines for one result.
void printResult(std::ostream &os, const BenchResult &result,
                 const BenchOptions &options);

/// The best configuration per kernel and shape, as a table.
void printBest(std::ostream &os, const std::vector<BenchResult> &results);

/// One header line, then one line per result.
void writeCsv(std::ostream &os, const std::vector<BenchResult> &results);

/// {"results": [...], "best": [...]}.
void writeJson(std::ostream &os, const std::vector<BenchResult> &results,
               const BenchOptions &options);

/// The tuning constants as a label, "128x64 w8 s2" (BLOCK_M x BLOCK_N, warps
/// from NUM_WARPS or the block size, NUM_STAGES when present), as
/// tools/tessera_torch.py's Manifest.config; "" without BLOCK_M and BLOCK_N.
std::string configLabel(const runtime::Manifest &manifest);

/// "fa2 128x64 w8 s2 (fa2_d64.json) B=1 H=3 N=200 D=64 causal": which kernel,
/// config and shape a run is.
std::string describeRun(const runtime::Manifest &manifest,
                        const AttentionShape &shape);

/// The result of a run that did not finish in `seconds`: status "timeout",
/// message "TIMEOUT: <describeRun> did not finish in N s", then `why` in
/// parentheses when given.
BenchResult timeoutResult(const runtime::Manifest &manifest,
                          const AttentionShape &shape, double seconds,
                          const std::string &why = "");

/// A failed result ("error") of a run that produced none, with `message`.
BenchResult errorResult(const runtime::Manifest &manifest,
                        const AttentionShape &shape,
                        const std::string &message);

/// Every field of a result as one line of JSON (a worker's report to
/// tessera-bench's supervisor), and back. Doubles round-trip exactly,
/// infinities and NaN included.
std::string encodeResult(const BenchResult &result);
runtime::Expected<BenchResult> decodeResult(const std::string &text);

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_REPORT_H
