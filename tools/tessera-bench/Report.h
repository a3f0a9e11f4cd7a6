//===- Report.h - Text, CSV and JSON reports of bench results ---*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_REPORT_H
#define TESSERA_TOOLS_BENCH_REPORT_H

#include "Bench.h"

#include <ostream>
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

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_REPORT_H
