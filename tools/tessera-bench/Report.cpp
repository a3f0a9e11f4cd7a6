//===- Report.cpp - Text, CSV and JSON reports of bench results -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include "tessera/Runtime/Json.h"

#include <cstdio>
#include <map>
#include <tuple>

namespace tessera {
namespace bench {

namespace {

using ShapeKey =
    std::tuple<std::string, int64_t, int64_t, int64_t, int64_t, bool>;

ShapeKey keyOf(const BenchResult &result) {
  const AttentionShape &s = result.shape;
  return {result.kernel, s.batch, s.heads, s.seqLen, s.headDim, s.causal};
}

std::string format(const char *pattern, double value) {
  char buffer[64];
  std::snprintf(buffer, sizeof(buffer), pattern, value);
  return buffer;
}

/// CSV field, quoted when needed.
std::string csvField(const std::string &text) {
  if (text.find_first_of(",\"\n") == std::string::npos)
    return text;
  std::string quoted = "\"";
  for (char c : text)
    quoted +=
        c == '"' ? std::string("\"\"") : std::string(1, c == '\n' ? ' ' : c);
  return quoted + "\"";
}

std::string resourceText(int64_t value) {
  return value < 0 ? std::string("?") : std::to_string(value);
}

} // namespace

void markBest(std::vector<BenchResult> &results) {
  std::map<ShapeKey, size_t> best;
  for (size_t i = 0; i < results.size(); ++i) {
    results[i].best = false;
    if (results[i].status != "ok")
      continue;
    auto inserted = best.emplace(keyOf(results[i]), i);
    if (!inserted.second &&
        results[i].medianMs < results[inserted.first->second].medianMs)
      inserted.first->second = i;
  }
  for (const auto &entry : best)
    results[entry.second].best = true;
}

void printResult(std::ostream &os, const BenchResult &result,
                 const BenchOptions &options) {
  const AttentionShape &shape = result.shape;
  os << result.kernel << " (" << result.manifestPath << ") " << shape.str()
     << (shape.causal ? " causal" : "") << "\n";
  if (!result.binaryPath.empty())
    os << "  binary: " << result.binaryPath
       << (result.usedCubin ? " (cubin)" : " (PTX, JIT-compiled)")
       << (result.loadNote.empty() ? "" : "; " + result.loadNote) << "\n";
  const runtime::Resources &res = result.resources;
  os << "  resources: " << resourceText(res.registers) << " registers, "
     << resourceText(res.spillStores) << " spill stores, "
     << resourceText(res.spillLoads) << " spill loads, "
     << result.dynamicSharedMemory << " B dynamic + "
     << resourceText(res.staticSharedMemory) << " B static shared memory\n";
  if (result.grid[0])
    os << "  grid: [" << result.grid[0] << ", " << result.grid[1] << ", "
       << result.grid[2] << "]\n";
  if (result.status == "error") {
    os << "  ERROR: " << result.message << "\n";
    return;
  }
  const CheckResult &check = result.check;
  os << "  check: " << check.rowsChecked << " of " << shape.numRows()
     << " rows against an fp64 reference, tolerance |got - ref| <= "
     << options.atol << " + " << options.rtol << " * |ref|; max abs error Out "
     << format("%.3g", check.maxAbsErrorOut);
  if (check.maxAbsErrorLse > 0 || result.status == "ok")
    os << ", Lse " << format("%.3g", check.maxAbsErrorLse);
  os << "\n";
  if (result.status == "mismatch") {
    os << "  MISMATCH: " << check.mismatches << " elements out of tolerance, "
       << check.nonFinite << " NaN/inf; first: " << result.message << "\n";
    return;
  }
  os << "  time: median " << format("%.4f", result.medianMs) << " ms (min "
     << format("%.4f", result.minMs) << ") over " << options.iterations
     << " launches after " << options.warmup
     << " warm-up: " << format("%.1f", result.tflops) << " TFLOP/s\n";
}

void printBest(std::ostream &os, const std::vector<BenchResult> &results) {
  os << "best configuration per kernel and shape:\n";
  bool any = false;
  for (const BenchResult &result : results) {
    if (!result.best)
      continue;
    any = true;
    os << "  " << result.kernel << " " << result.shape.str()
       << (result.shape.causal ? " causal" : "") << ": " << result.manifestPath
       << "  " << format("%.4f", result.medianMs) << " ms  "
       << format("%.1f", result.tflops) << " TFLOP/s\n";
  }
  if (!any)
    os << "  (no configuration passed)\n";
}

void writeCsv(std::ostream &os, const std::vector<BenchResult> &results) {
  os << "kernel,manifest,binary,B,H,N,D,causal,status,max_abs_err_out,"
        "max_abs_err_lse,median_ms,min_ms,tflops,registers,spill_stores,"
        "spill_loads,dynamic_shared_memory,best,message\n";
  for (const BenchResult &r : results) {
    const AttentionShape &s = r.shape;
    os << csvField(r.kernel) << "," << csvField(r.manifestPath) << ","
       << csvField(r.binaryPath) << "," << s.batch << "," << s.heads << ","
       << s.seqLen << "," << s.headDim << "," << (s.causal ? 1 : 0) << ","
       << r.status << "," << format("%.6g", r.check.maxAbsErrorOut) << ","
       << format("%.6g", r.check.maxAbsErrorLse) << ","
       << format("%.6f", r.medianMs) << "," << format("%.6f", r.minMs) << ","
       << format("%.3f", r.tflops) << "," << r.resources.registers << ","
       << r.resources.spillStores << "," << r.resources.spillLoads << ","
       << r.dynamicSharedMemory << "," << (r.best ? 1 : 0) << ","
       << csvField(r.message) << "\n";
  }
}

namespace {

void writeResultJson(std::ostream &os, const BenchResult &r) {
  const AttentionShape &s = r.shape;
  os << "{\"kernel\": " << runtime::quoteJson(r.kernel)
     << ", \"manifest\": " << runtime::quoteJson(r.manifestPath)
     << ", \"binary\": " << runtime::quoteJson(r.binaryPath)
     << ", \"cubin\": " << (r.usedCubin ? "true" : "false")
     << ", \"shape\": {\"B\": " << s.batch << ", \"H\": " << s.heads
     << ", \"N\": " << s.seqLen << ", \"D\": " << s.headDim
     << ", \"causal\": " << (s.causal ? "true" : "false") << "}"
     << ", \"status\": " << runtime::quoteJson(r.status)
     << ", \"message\": " << runtime::quoteJson(r.message)
     << ", \"rows_checked\": " << r.check.rowsChecked
     << ", \"max_abs_err_out\": " << format("%.6g", r.check.maxAbsErrorOut)
     << ", \"max_abs_err_lse\": " << format("%.6g", r.check.maxAbsErrorLse)
     << ", \"median_ms\": " << format("%.6f", r.medianMs)
     << ", \"min_ms\": " << format("%.6f", r.minMs)
     << ", \"tflops\": " << format("%.3f", r.tflops)
     << ", \"registers\": " << r.resources.registers
     << ", \"spill_stores\": " << r.resources.spillStores
     << ", \"spill_loads\": " << r.resources.spillLoads
     << ", \"dynamic_shared_memory\": " << r.dynamicSharedMemory
     << ", \"best\": " << (r.best ? "true" : "false") << "}";
}

} // namespace

void writeJson(std::ostream &os, const std::vector<BenchResult> &results,
               const BenchOptions &options) {
  os << "{\n  \"tolerance\": {\"atol\": " << options.atol
     << ", \"rtol\": " << options.rtol << "},\n  \"warmup\": " << options.warmup
     << ",\n  \"iterations\": " << options.iterations << ",\n  \"results\": [";
  for (size_t i = 0; i < results.size(); ++i) {
    os << (i ? ",\n    " : "\n    ");
    writeResultJson(os, results[i]);
  }
  os << "\n  ],\n  \"best\": [";
  bool first = true;
  for (const BenchResult &result : results) {
    if (!result.best)
      continue;
    os << (first ? "\n    " : ",\n    ");
    first = false;
    writeResultJson(os, result);
  }
  os << "\n  ]\n}\n";
}

} // namespace bench
} // namespace tessera
