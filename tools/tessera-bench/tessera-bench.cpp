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
/// several configurations per kernel and shape. Runs of several configs go
/// to a worker process under a watchdog (Supervisor.h), so that a kernel
/// that hangs is reported as TIMEOUT and the run goes on. See
/// docs/runtime.md.
///
//===----------------------------------------------------------------------===//

#include "Bench.h"
#include "Report.h"
#include "Supervisor.h"

#include "tessera/Runtime/Module.h"
#include "tessera/Runtime/Watchdog.h"

#include <CLI/CLI.hpp>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace rt = tessera::runtime;
namespace tb = tessera::bench;

namespace {

const char *const kDescription =
    "Checks attention kernels (Q, K, V -> Out [, Lse]) against an fp64 CPU\n"
    "reference on random f16 inputs, then times them with CUDA events.";

const char *const kFooter =
    "Several configs run in one worker process under the watchdog; a worker\n"
    "whose kernel hangs is killed and a new one takes the next config.";

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
  double timeout = 60;
  bool isolate = true;
  /// Hidden, for tests without a GPU: every config "hangs" (the worker
  /// sleeps; in this process a wait that never finishes polls to the
  /// deadline).
  bool testHang = false;
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

/// The option values as given, checked by checkOptions (which words the
/// errors as tessera-bench always has).
struct OptionTexts {
  std::vector<std::string> shapes;
  std::string atol, rtol, timeout, warmup, iters, seed, checkRows, device;
};

/// Declares the options on `app`: CLI11 parses the syntax (`--opt value`,
/// `--opt=value`, flags, positionals); values are checked afterwards.
void declareOptions(CLI::App &app, CommandLine &cl, OptionTexts &texts) {
  // As before, a repeated option keeps its last value (--shape adds one).
  app.option_defaults()->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  app.add_option("--shape", texts.shapes,
                 "problem size (required; repeat for several)")
      ->type_name("B,H,N,D")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  app.add_flag("--causal", cl.causal,
               "causal attention (must match the CAUSAL constant)");
  app.add_flag("--sweep", cl.sweep,
               "report the fastest manifest per kernel and shape");
  app.add_option("--csv", cl.csvPath, "write all results as CSV")
      ->type_name("FILE");
  app.add_option("--json", cl.jsonPath,
                 "write all results (and the best) as JSON")
      ->type_name("FILE");
  app.add_option("--warmup", texts.warmup,
                 "untimed launches first (default 10)")
      ->type_name("N");
  app.add_option("--iters", texts.iters,
                 "timed launches; the median is reported (default 100)")
      ->type_name("N");
  app.add_option("--seed", texts.seed, "random seed for the inputs (default 1)")
      ->type_name("N");
  app.add_option("--atol", texts.atol, "absolute tolerance (default 2e-3)")
      ->type_name("X");
  app.add_option("--rtol", texts.rtol, "relative tolerance (default 2e-3)")
      ->type_name("X");
  app.add_option("--check-rows", texts.checkRows,
                 "check all rows up to N rows, else N sampled rows "
                 "(default 4096)")
      ->type_name("N");
  app.add_option("--device", texts.device, "CUDA device ordinal (default 0)")
      ->type_name("N");
  app.add_flag_callback(
      "--ptx", [&cl] { cl.preferCubin = false; },
      "JIT-compile the PTX even when a cubin matches");
  app.add_option("--timeout", texts.timeout,
                 "seconds a config (manifest and shape) may take before it is "
                 "reported as TIMEOUT and the run goes on (default 60; 0: no "
                 "watchdog, waits block)")
      ->type_name("S");
  app.add_flag_callback(
      "--no-isolate", [&cl] { cl.isolate = false; },
      "run every config in this process (a hung kernel then ends the run: "
      "the configs after it are not run)");
  // Hidden (no group): for tests without a GPU.
  app.add_flag("--test-hang", cl.testHang)->group("");
  app.add_option("manifests", cl.manifests, "the kernels' manifests")
      ->type_name("MANIFEST.json");
}

/// Checks the values of the options given, in the order of the usage text.
rt::Status checkOptions(const CLI::App &app, const OptionTexts &texts,
                        CommandLine &cl) {
  for (const std::string &text : texts.shapes) {
    rt::Expected<tb::AttentionShape> shape = parseShape(text);
    if (!shape.ok())
      return shape.status();
    cl.shapes.push_back(*shape);
  }
  struct Integer {
    const char *flag;
    const std::string &text;
    int64_t minimum;
    std::function<void(int64_t)> store;
  };
  const Integer integers[] = {
      {"--warmup", texts.warmup, 0,
       [&](int64_t n) { cl.options.warmup = static_cast<int>(n); }},
      {"--iters", texts.iters, 1,
       [&](int64_t n) { cl.options.iterations = static_cast<int>(n); }},
      {"--seed", texts.seed, 0,
       [&](int64_t n) { cl.options.seed = static_cast<uint64_t>(n); }},
      {"--check-rows", texts.checkRows, 1,
       [&](int64_t n) { cl.options.maxCheckRows = n; }},
      {"--device", texts.device, 0,
       [&](int64_t n) { cl.device = static_cast<int>(n); }},
  };
  for (const Integer &option : integers) {
    if (!app.count(option.flag))
      continue;
    int64_t number = 0;
    TESSERA_RETURN_IF_ERROR(
        parseInteger(option.flag, option.text.c_str(), option.minimum, number));
    option.store(number);
  }
  struct Number {
    const char *flag;
    const std::string &text;
    double &out;
  };
  const Number numbers[] = {{"--atol", texts.atol, cl.options.atol},
                            {"--rtol", texts.rtol, cl.options.rtol},
                            {"--timeout", texts.timeout, cl.timeout}};
  for (const Number &option : numbers)
    if (app.count(option.flag))
      TESSERA_RETURN_IF_ERROR(
          parseDouble(option.flag, option.text.c_str(), option.out));
  return rt::Status::success();
}

/// Checks what was parsed: the option values, then that there is something
/// to run.
rt::Status checkCommandLine(const CLI::App &app, const OptionTexts &texts,
                            CommandLine &cl) {
  TESSERA_RETURN_IF_ERROR(checkOptions(app, texts, cl));
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

/// One run: a manifest at a shape. Runs go manifest by manifest, so that a
/// worker loads each kernel once.
struct Config {
  size_t manifest;
  size_t shape;
};

std::vector<Config> configsOf(const CommandLine &cl) {
  std::vector<Config> configs;
  for (size_t m = 0; m < cl.manifests.size(); ++m)
    for (size_t s = 0; s < cl.shapes.size(); ++s)
      configs.push_back({m, s});
  return configs;
}

std::string deviceLine(const rt::DeviceInfo &device) {
  std::ostringstream line;
  line << "device " << device.ordinal << ": " << device.name << " ("
       << device.arch() << ", " << device.multiprocessors << " SMs, driver "
       << device.driverVersion / 1000 << "."
       << device.driverVersion % 1000 / 10 << ")";
  return line.str();
}

/// Runs configs on this process's GPU, loading each manifest's kernel once
/// (the configs of a manifest are consecutive).
class ConfigRunner {
public:
  ConfigRunner(const CommandLine &cl, const std::vector<rt::Manifest> &manifests)
      : cl_(cl), manifests_(manifests) {}

  tb::BenchResult run(const Config &config) {
    const rt::Manifest &manifest = manifests_[config.manifest];
    tb::BenchOptions options = cl_.options;
    options.shape = cl_.shapes[config.shape];
    if (rt::gpuHung())
      return tb::errorResult(manifest, options.shape,
                             "not run: an earlier kernel hung the GPU in this "
                             "process (" +
                                 rt::gpuHungReason() + ")");
    if (!module_ || loaded_ != config.manifest) {
      module_.reset();
      rt::LoadOptions load;
      load.device = cl_.device;
      load.preferCubin = cl_.preferCubin;
      module_ = std::make_unique<rt::Expected<rt::Module>>(
          rt::Module::load(manifest, load));
      loaded_ = config.manifest;
    }
    if (!module_->ok())
      return tb::errorResult(manifest, options.shape, module_->message());
    tb::BenchResult result = tb::runBenchmark(**module_, options);
    if (rt::gpuHung())
      return tb::timeoutResult(manifest, options.shape, cl_.timeout,
                               result.message);
    return result;
  }

private:
  const CommandLine &cl_;
  const std::vector<rt::Manifest> &manifests_;
  std::unique_ptr<rt::Expected<rt::Module>> module_;
  size_t loaded_ = 0;
};

void report(tb::BenchResult result, std::vector<tb::BenchResult> &results,
            const CommandLine &cl, const Config &config) {
  tb::BenchOptions options = cl.options;
  options.shape = cl.shapes[config.shape];
  tb::printResult(std::cout, result, options);
  std::cout.flush();
  results.push_back(std::move(result));
}

/// Every config in this process. Waits poll to the --timeout deadline, so a
/// hung kernel ends its config with an error instead of hanging the run;
/// the configs after it are not run (the GPU stays busy).
int runInProcess(const CommandLine &cl,
                 const std::vector<rt::Manifest> &manifests,
                 std::vector<tb::BenchResult> &results) {
  rt::setWaitTimeout(cl.timeout);
  if (!cl.testHang) {
    rt::Expected<rt::DeviceInfo> device = rt::openDevice(cl.device);
    if (!device.ok()) {
      std::cerr << "tessera-bench: error: no usable GPU: " << device.message()
                << "\n";
      return 1;
    }
    std::cout << deviceLine(*device) << "\n";
  }
  ConfigRunner runner(cl, manifests);
  for (const Config &config : configsOf(cl)) {
    const rt::Manifest &manifest = manifests[config.manifest];
    const tb::AttentionShape &shape = cl.shapes[config.shape];
    if (cl.testHang) {
      rt::pollUntil([] { return false; }, cl.timeout);
      report(tb::timeoutResult(manifest, shape, cl.timeout,
                               "--test-hang: a wait that never finishes"),
             results, cl, config);
      continue;
    }
    report(runner.run(config), results, cl, config);
  }
  return 0;
}

/// The worker process: takes configs from `first` on, reporting each over
/// `channel`; stops after a config that hung its GPU.
int workerMain(const CommandLine &cl, const std::vector<rt::Manifest> &manifests,
               size_t first, tb::WorkerChannel &channel) {
  std::vector<Config> configs = configsOf(cl);
  if (cl.testHang) {
    channel.begin(first);
    for (;;)
      std::this_thread::sleep_for(std::chrono::hours(1));
  }
  rt::setWaitTimeout(cl.timeout);
  rt::Expected<rt::DeviceInfo> device = rt::openDevice(cl.device);
  if (!device.ok()) {
    channel.abort("no usable GPU: " + device.message());
    return 1;
  }
  channel.note(deviceLine(*device));
  ConfigRunner runner(cl, manifests);
  for (size_t i = first; i < configs.size(); ++i) {
    channel.begin(i);
    channel.finish(i, tb::encodeResult(runner.run(configs[i])));
    if (rt::gpuHung())
      return 3; // This process cannot use the GPU again; the next worker can.
  }
  return 0;
}

/// Every config in worker processes under the watchdog (Supervisor.h).
int runSupervised(const CommandLine &cl,
                  const std::vector<rt::Manifest> &manifests,
                  std::vector<tb::BenchResult> &results) {
  std::vector<Config> configs = configsOf(cl);
  std::string lastNote;
  tb::SuperviseOptions options;
  options.timeoutSeconds = cl.timeout;
  auto onNote = [&](const std::string &note) {
    if (note != lastNote)
      std::cout << note << "\n";
    lastNote = note;
  };
  auto onOutcome = [&](size_t index, const tb::JobOutcome &outcome) {
    const Config &config = configs[index];
    const rt::Manifest &manifest = manifests[config.manifest];
    const tb::AttentionShape &shape = cl.shapes[config.shape];
    tb::BenchResult result;
    switch (outcome.kind) {
    case tb::JobOutcome::Kind::Finished: {
      rt::Expected<tb::BenchResult> decoded = tb::decodeResult(outcome.payload);
      result = decoded.ok() ? decoded.take()
                            : tb::errorResult(manifest, shape, decoded.message());
      break;
    }
    case tb::JobOutcome::Kind::TimedOut:
      result = tb::timeoutResult(manifest, shape, cl.timeout,
                                 "the worker process was killed");
      break;
    case tb::JobOutcome::Kind::Crashed:
      result = tb::errorResult(manifest, shape,
                               "CRASH: " + tb::describeRun(manifest, shape) +
                                   ": " + outcome.detail);
      break;
    }
    report(std::move(result), results, cl, config);
  };
  rt::Status status = tb::supervise(
      configs.size(), options,
      [&](size_t first, tb::WorkerChannel &channel) {
        return workerMain(cl, manifests, first, channel);
      },
      onNote, onOutcome);
  if (status.ok())
    return 0;
  if (results.empty()) {
    std::cerr << "tessera-bench: error: " << status.message() << "\n";
    return 1;
  }
  // A later worker gave up (e.g. the GPU went away): the rest fail with why.
  for (size_t i = results.size(); i < configs.size(); ++i)
    report(tb::errorResult(manifests[configs[i].manifest],
                           cl.shapes[configs[i].shape], status.message()),
           results, cl, configs[i]);
  return 0;
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
  OptionTexts texts;
  CLI::App app(kDescription, "tessera-bench");
  app.footer(kFooter);
  declareOptions(app, cl, texts);
  rt::Status parsed = rt::Status::success();
  try {
    app.parse(argc, argv);
    parsed = checkCommandLine(app, texts, cl);
  } catch (const CLI::CallForHelp &) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::ParseError &error) {
    parsed = rt::Status::error(error.what());
  }
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
  // The GPU is touched only by the worker (or, for one config or
  // --no-isolate, by this process): a forked child cannot use CUDA state
  // its parent initialised.
  std::vector<tb::BenchResult> results;
  bool supervised = cl.timeout > 0 && cl.isolate && configsOf(cl).size() > 1;
  int setup = supervised ? runSupervised(cl, *manifests, results)
                         : runInProcess(cl, *manifests, results);
  if (setup != 0)
    return setup;
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
  int exitStatus = failed || !ok ? 1 : 0;
  if (rt::gpuHung()) {
    // A kernel still runs in this process's context: skip the exit-time
    // clean-up, which would wait for it.
    std::cout.flush();
    std::cerr.flush();
    std::fflush(nullptr);
    ::_exit(exitStatus);
  }
  return exitStatus;
}
