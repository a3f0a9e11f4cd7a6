//===- Report.cpp - Text, CSV and JSON reports of bench results -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstdlib>
#include <map>
#include <tuple>

namespace tessera {
namespace bench {

namespace {

/// `text` as a quoted JSON string (invalid UTF-8 replaced, not thrown on).
std::string quoteJson(const std::string &text) {
  return nlohmann::json(text).dump(-1, ' ', false,
                                   nlohmann::json::error_handler_t::replace);
}

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
  if (result.status == "timeout") {
    os << "  " << result.message << "\n";
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
  os << "{\"kernel\": " << quoteJson(r.kernel)
     << ", \"manifest\": " << quoteJson(r.manifestPath)
     << ", \"binary\": " << quoteJson(r.binaryPath)
     << ", \"cubin\": " << (r.usedCubin ? "true" : "false")
     << ", \"shape\": {\"B\": " << s.batch << ", \"H\": " << s.heads
     << ", \"N\": " << s.seqLen << ", \"D\": " << s.headDim
     << ", \"causal\": " << (s.causal ? "true" : "false") << "}"
     << ", \"status\": " << quoteJson(r.status)
     << ", \"message\": " << quoteJson(r.message)
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

std::string configLabel(const runtime::Manifest &manifest) {
  auto value = [&](const char *name) -> std::string {
    std::optional<int64_t> constant = manifest.constant(name);
    return constant ? std::to_string(*constant) : std::string("?");
  };
  if (!manifest.constant("BLOCK_M") && !manifest.constant("BLOCK_N"))
    return "";
  int64_t threads =
      int64_t(manifest.block[0]) * manifest.block[1] * manifest.block[2];
  std::string label = value("BLOCK_M") + "x" + value("BLOCK_N") + " w" +
                      std::to_string(manifest.constant("NUM_WARPS").value_or(
                          threads / 32));
  if (manifest.constant("NUM_STAGES"))
    label += " s" + value("NUM_STAGES");
  return label;
}

std::string describeRun(const runtime::Manifest &manifest,
                        const AttentionShape &shape) {
  std::string config = configLabel(manifest);
  std::string file = manifest.path.substr(manifest.path.find_last_of('/') + 1);
  return manifest.kernel + (config.empty() ? "" : " " + config) + " (" +
         file + ") " + shape.str() + (shape.causal ? " causal" : "");
}

BenchResult errorResult(const runtime::Manifest &manifest,
                        const AttentionShape &shape,
                        const std::string &message) {
  BenchResult result;
  result.kernel = manifest.kernel;
  result.manifestPath = manifest.path;
  result.resources = manifest.resources;
  result.dynamicSharedMemory = manifest.dynamicSharedMemory;
  result.shape = shape;
  result.status = "error";
  result.message = message;
  return result;
}

BenchResult timeoutResult(const runtime::Manifest &manifest,
                          const AttentionShape &shape, double seconds,
                          const std::string &why) {
  BenchResult result = errorResult(
      manifest, shape,
      "TIMEOUT: " + describeRun(manifest, shape) + " did not finish in " +
          format("%g", seconds) + " s" + (why.empty() ? "" : " (" + why + ")"));
  result.status = "timeout";
  return result;
}

namespace {

/// Doubles travel as strings ("%.17g": exact, and "inf"/"nan" are allowed).
std::string exact(double value) {
  return quoteJson(format("%.17g", value));
}

} // namespace

std::string encodeResult(const BenchResult &r) {
  const AttentionShape &s = r.shape;
  const CheckResult &c = r.check;
  const runtime::Resources &res = r.resources;
  std::string text = "{";
  auto field = [&](const char *name, const std::string &value) {
    if (text.size() > 1)
      text += ",";
    text += quoteJson(name) + ":" + value;
  };
  auto integer = [&](const char *name, int64_t value) {
    field(name, std::to_string(value));
  };
  field("kernel", quoteJson(r.kernel));
  field("manifest", quoteJson(r.manifestPath));
  field("binary", quoteJson(r.binaryPath));
  integer("cubin", r.usedCubin);
  field("load_note", quoteJson(r.loadNote));
  integer("B", s.batch);
  integer("H", s.heads);
  integer("N", s.seqLen);
  integer("D", s.headDim);
  integer("causal", s.causal);
  field("status", quoteJson(r.status));
  field("message", quoteJson(r.message));
  integer("rows_checked", c.rowsChecked);
  integer("non_finite", c.nonFinite);
  integer("mismatches", c.mismatches);
  field("max_abs_err_out", exact(c.maxAbsErrorOut));
  field("max_abs_err_lse", exact(c.maxAbsErrorLse));
  field("first_problem", quoteJson(c.firstProblem));
  integer("grid_x", r.grid[0]);
  integer("grid_y", r.grid[1]);
  integer("grid_z", r.grid[2]);
  field("median_ms", exact(r.medianMs));
  field("min_ms", exact(r.minMs));
  field("tflops", exact(r.tflops));
  integer("registers", res.registers);
  integer("spill_stores", res.spillStores);
  integer("spill_loads", res.spillLoads);
  integer("stack", res.stack);
  integer("static_shared_memory", res.staticSharedMemory);
  integer("dynamic_shared_memory", r.dynamicSharedMemory);
  integer("best", r.best);
  return text + "}";
}

runtime::Expected<BenchResult> decodeResult(const std::string &text) {
  nlohmann::json json =
      nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object())
    return runtime::Status::error(
        "reading a worker's result: not a JSON object");
  std::string missing;
  auto get = [&](const char *name) -> const nlohmann::json * {
    auto it = json.find(name);
    if (it == json.end() && missing.empty())
      missing = name;
    return it == json.end() ? nullptr : &*it;
  };
  auto string = [&](const char *name) {
    const nlohmann::json *value = get(name);
    return value && value->is_string() ? value->get<std::string>()
                                       : std::string();
  };
  auto integer = [&](const char *name) -> int64_t {
    const nlohmann::json *value = get(name);
    return value && value->is_number_integer() ? value->get<int64_t>() : 0;
  };
  auto real = [&](const char *name) {
    return std::strtod(string(name).c_str(), nullptr);
  };
  BenchResult r;
  r.kernel = string("kernel");
  r.manifestPath = string("manifest");
  r.binaryPath = string("binary");
  r.usedCubin = integer("cubin") != 0;
  r.loadNote = string("load_note");
  r.shape.batch = integer("B");
  r.shape.heads = integer("H");
  r.shape.seqLen = integer("N");
  r.shape.headDim = integer("D");
  r.shape.causal = integer("causal") != 0;
  r.status = string("status");
  r.message = string("message");
  r.check.rowsChecked = integer("rows_checked");
  r.check.nonFinite = integer("non_finite");
  r.check.mismatches = integer("mismatches");
  r.check.maxAbsErrorOut = real("max_abs_err_out");
  r.check.maxAbsErrorLse = real("max_abs_err_lse");
  r.check.firstProblem = string("first_problem");
  r.grid = {static_cast<unsigned>(integer("grid_x")),
            static_cast<unsigned>(integer("grid_y")),
            static_cast<unsigned>(integer("grid_z"))};
  r.medianMs = real("median_ms");
  r.minMs = real("min_ms");
  r.tflops = real("tflops");
  r.resources.registers = integer("registers");
  r.resources.spillStores = integer("spill_stores");
  r.resources.spillLoads = integer("spill_loads");
  r.resources.stack = integer("stack");
  r.resources.staticSharedMemory = integer("static_shared_memory");
  r.dynamicSharedMemory = integer("dynamic_shared_memory");
  r.best = integer("best") != 0;
  if (!missing.empty())
    return runtime::Status::error("reading a worker's result: no \"" +
                                  missing + "\"");
  return r;
}

} // namespace bench
} // namespace tessera
