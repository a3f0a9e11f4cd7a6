//===- tessera-bench.cpp - Check and benchmark attention kernels ----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Runs FA1/FA2 kernels compiled by tessera-compile (given by their
/// manifests) on random f16 inputs, checks them against an fp64 reference,
/// and times them with CUDA events. With --sweep, picks the fastest of
/// several configurations per kernel and shape. See docs/runtime.md.
///
//===----------------------------------------------------------------------===//

#include "Bench.h"
#include "Report.h"

#include "tessera/Runtime/Module.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <string>
#include <vector>

namespace rt = tessera::runtime;
namespace tb = tessera::bench;

namespace {

const char *const kUsage =
    "usage: tessera-bench [options] MANIFEST.json [MANIFEST.json...]\n"
    "\n"
    "Checks attention kernels (Q, K, V -> Out [, Lse]) against an fp64 CPU\n"
    "reference on random f16 inputs, then times them with CUDA events.\n"
    "\n"
    "options:\n"
    "  --shape B,H,N,D   problem size (required; repeat for several)\n"
    "  --causal          causal attention (must match the CAUSAL constant)\n"
    "  --sweep           report the fastest manifest per kernel and shape\n"
    "  --csv FILE        write all results as CSV\n"
    "  --json FILE       write all results (and the best) as JSON\n"
    "  --warmup N        untimed launches first (default 10)\n"
    "  --iters N         timed launches; the median is reported (default 100)\n"
    "  --seed N          random seed for the inputs (default 1)\n"
    "  --atol X          absolute tolerance (default 2e-3)\n"
    "  --rtol X          relative tolerance (default 2e-3)\n"
    "  --check-rows N    check all rows up to N rows, else N sampled rows\n"
    "                    (default 4096)\n"
    "  --device N        CUDA device ordinal (default 0)\n"
    "  --ptx             JIT-compile the PTX even when a cubin matches\n"
    "  -h, --help        show this help\n";

/// Everything given on the command line.
struct CommandLine {
  std::vector<std::string> manifests;
  std::vector<tb::AttentionShape> shapes;
  bool causal = false;
  bool sweep = false;
  std::string csvPath;
  std::string jsonPath;
  int device = 0;
  bool preferCubin = true;
  tb::BenchOptions options;
};

rt::Status parseInteger(const std::string &flag, const char *text,
                        int64_t minimum, int64_t &out) {
  errno = 0;
  char *end = nullptr;
  long long value = std::strtoll(text, &end, 10);
  if (!*text || *end || errno == ERANGE || value < minimum)
    return rt::Status::error(flag + " expects an integer >= " +
                             std::to_string(minimum) + ", got '" + text + "'");
  out = value;
  return rt::Status::success();
}

rt::Status parseDouble(const std::string &flag, const char *text, double &out) {
  char *end = nullptr;
  double value = std::strtod(text, &end);
  if (!*text || *end || !(value >= 0))
    return rt::Status::error(flag + " expects a non-negative number, got '" +
                             text + "'");
  out = value;
  return rt::Status::success();
}

rt::Expected<tb::AttentionShape> parseShape(const std::string &text) {
  std::vector<int64_t> values;
  size_t start = 0;
  while (start <= text.size()) {
    size_t comma = text.find(',', start);
    std::string part = text.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    int64_t value = 0;
    if (!parseInteger("--shape", part.c_str(), 1, value).ok())
      return rt::Status::error("--shape expects four positive integers "
                               "B,H,N,D, got '" +
                               text + "'");
    values.push_back(value);
    if (comma == std::string::npos)
      break;
    start = comma + 1;
  }
  if (values.size() != 4)
    return rt::Status::error("--shape expects four positive integers B,H,N,D, "
                             "got '" +
                             text + "'");
  tb::AttentionShape shape;
  shape.batch = values[0];
  shape.heads = values[1];
  shape.seqLen = values[2];
  shape.headDim = values[3];
  return shape;
}

/// Parses one option at argv[i] (advancing i past its value).
rt::Status parseOption(int argc, char **argv, int &i, CommandLine &cl) {
  std::string flag = argv[i];
  auto value = [&]() -> const char * {
    return i + 1 < argc ? argv[++i] : nullptr;
  };
  if (flag == "--causal") {
    cl.causal = true;
    return rt::Status::success();
  }
  if (flag == "--sweep") {
    cl.sweep = true;
    return rt::Status::success();
  }
  if (flag == "--ptx") {
    cl.preferCubin = false;
    return rt::Status::success();
  }
  static const char *const kValueFlags[] = {
      "--shape",  "--csv",   "--json", "--atol",       "--rtol",
      "--warmup", "--iters", "--seed", "--check-rows", "--device"};
  bool known = false;
  for (const char *valueFlag : kValueFlags)
    known |= flag == valueFlag;
  if (!known)
    return rt::Status::error("unknown option '" + flag + "'");
  const char *text = value();
  if (!text)
    return rt::Status::error(flag + " needs a value");
  int64_t number = 0;
  if (flag == "--shape") {
    rt::Expected<tb::AttentionShape> shape = parseShape(text);
    if (!shape.ok())
      return shape.status();
    cl.shapes.push_back(*shape);
  } else if (flag == "--csv") {
    cl.csvPath = text;
  } else if (flag == "--json") {
    cl.jsonPath = text;
  } else if (flag == "--atol") {
    return parseDouble(flag, text, cl.options.atol);
  } else if (flag == "--rtol") {
    return parseDouble(flag, text, cl.options.rtol);
  } else { // --warmup, --iters, --seed, --check-rows, --device
    int64_t minimum = flag == "--iters" || flag == "--check-rows" ? 1 : 0;
    TESSERA_RETURN_IF_ERROR(parseInteger(flag, text, minimum, number));
    if (flag == "--warmup")
      cl.options.warmup = static_cast<int>(number);
    else if (flag == "--iters")
      cl.options.iterations = static_cast<int>(number);
    else if (flag == "--seed")
      cl.options.seed = static_cast<uint64_t>(number);
    else if (flag == "--check-rows")
      cl.options.maxCheckRows = number;
    else
      cl.device = static_cast<int>(number);
  }
  return rt::Status::success();
}

rt::Status parseCommandLine(int argc, char **argv, CommandLine &cl) {
  for (int i = 1; i < argc; ++i) {
    std::string arg = argv[i];
    if (arg.size() > 1 && arg[0] == '-')
      TESSERA_RETURN_IF_ERROR(parseOption(argc, argv, i, cl));
    else
      cl.manifests.push_back(arg);
  }
  if (cl.manifests.empty())
    return rt::Status::error("no manifest given");
  if (cl.shapes.empty())
    return rt::Status::error("no --shape B,H,N,D given");
  if (cl.options.iterations > 100000 || cl.options.warmup > 100000)
    return rt::Status::error("--warmup and --iters are limited to 100000");
  for (tb::AttentionShape &shape : cl.shapes)
    shape.causal = cl.causal;
  return rt::Status::success();
}

/// Reads every manifest and checks it suits every shape (causal flag,
/// parameter names, sizes) before any GPU work.
rt::Expected<std::vector<rt::Manifest>>
validateManifests(const CommandLine &cl) {
  std::vector<rt::Manifest> manifests;
  for (const std::string &path : cl.manifests) {
    rt::Expected<rt::Manifest> manifest = rt::Manifest::load(path);
    if (!manifest.ok())
      return manifest.status();
    TESSERA_RETURN_IF_ERROR(
        tb::checkCausal(*manifest, cl.causal).withContext(path));
    for (const tb::AttentionShape &shape : cl.shapes) {
      rt::Expected<tb::BenchSetup> setup = tb::planBenchmark(*manifest, shape);
      if (!setup.ok())
        return setup.status().withContext(path + " at " + shape.str());
    }
    manifests.push_back(manifest.take());
  }
  return manifests;
}

/// Runs every manifest at every shape, printing as it goes.
std::vector<tb::BenchResult>
runAll(const CommandLine &cl, const std::vector<rt::Manifest> &manifests) {
  std::vector<tb::BenchResult> results;
  for (const rt::Manifest &manifest : manifests) {
    rt::LoadOptions load;
    load.device = cl.device;
    load.preferCubin = cl.preferCubin;
    rt::Expected<rt::Module> module = rt::Module::load(manifest, load);
    for (const tb::AttentionShape &shape : cl.shapes) {
      tb::BenchOptions options = cl.options;
      options.shape = shape;
      tb::BenchResult result;
      if (module.ok()) {
        result = tb::runBenchmark(*module, options);
      } else {
        result.kernel = manifest.kernel;
        result.manifestPath = manifest.path;
        result.resources = manifest.resources;
        result.dynamicSharedMemory = manifest.dynamicSharedMemory;
        result.shape = shape;
        result.message = module.message();
      }
      tb::printResult(std::cout, result, options);
      std::cout.flush();
      results.push_back(std::move(result));
    }
  }
  return results;
}

bool writeFile(const std::string &path, const std::string &what,
               const std::vector<tb::BenchResult> &results,
               const tb::BenchOptions &options) {
  std::ofstream file(path);
  if (!file) {
    std::cerr << "tessera-bench: error: cannot write " << what << " to " << path
              << ": " << std::strerror(errno) << "\n";
    return false;
  }
  if (what == "CSV")
    tb::writeCsv(file, results);
  else
    tb::writeJson(file, results, options);
  return static_cast<bool>(file);
}

} // namespace

int main(int argc, char **argv) {
  CommandLine cl;
  for (int i = 1; i < argc; ++i)
    if (!std::strcmp(argv[i], "-h") || !std::strcmp(argv[i], "--help")) {
      std::cout << kUsage;
      return 0;
    }
  rt::Status parsed = parseCommandLine(argc, argv, cl);
  if (!parsed.ok()) {
    std::cerr << "tessera-bench: error: " << parsed.message() << "\n"
              << "run 'tessera-bench --help' for usage\n";
    return 2;
  }
  // Validate every manifest and shape before touching the GPU.
  rt::Expected<std::vector<rt::Manifest>> manifests = validateManifests(cl);
  if (!manifests.ok()) {
    std::cerr << "tessera-bench: error: " << manifests.message() << "\n";
    return 1;
  }
  rt::Expected<rt::DeviceInfo> device = rt::openDevice(cl.device);
  if (!device.ok()) {
    std::cerr << "tessera-bench: error: no usable GPU: " << device.message()
              << "\n";
    return 1;
  }
  std::cout << "device " << device->ordinal << ": " << device->name << " ("
            << device->arch() << ", " << device->multiprocessors
            << " SMs, driver " << device->driverVersion / 1000 << "."
            << device->driverVersion % 1000 / 10 << ")\n";
  std::vector<tb::BenchResult> results = runAll(cl, *manifests);
  tb::markBest(results);
  if (cl.sweep)
    tb::printBest(std::cout, results);
  bool ok = true;
  if (!cl.csvPath.empty())
    ok &= writeFile(cl.csvPath, "CSV", results, cl.options);
  if (!cl.jsonPath.empty())
    ok &= writeFile(cl.jsonPath, "JSON", results, cl.options);
  int failed = 0;
  for (const tb::BenchResult &result : results)
    failed += result.status != "ok";
  if (failed)
    std::cerr << "tessera-bench: " << failed << " of " << results.size()
              << " runs failed\n";
  return failed || !ok ? 1 : 0;
}
