//===- Bench.h - Check and time one attention kernel ------------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The core of tessera-bench. Parameters are found by name in the manifest:
/// `Q`, `K`, `V` (f16 inputs, [B*H, N, D] or [B, H, N, D]), `Out` (f16
/// output, same shape), optional `Lse` (f32 [B*H, N] or [B, H, N], natural
/// log), the scalar `sm_scale` (1/sqrt(D)), scalars named like a size (given
/// that size), and `inout` tensors of any shape (e.g. FA1's running Acc, M,
/// L), which are set to their manifest "init" value before every launch.
/// Sizes of all tensors come from the symbolic names bound by Q, K and V.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TOOLS_BENCH_BENCH_H
#define TESSERA_TOOLS_BENCH_BENCH_H

#include "Reference.h"

#include "tessera/Runtime/LaunchPlan.h"
#include "tessera/Runtime/Manifest.h"
#include "tessera/Runtime/Module.h"

#include <array>
#include <cstdint>
#include <list>
#include <memory>
#include <string>
#include <vector>

namespace tessera {
namespace bench {

/// Settings of one benchmark run.
struct BenchOptions {
  AttentionShape shape;
  int warmup = 10;
  int iterations = 100;
  uint64_t seed = 1;
  double atol = 2e-3;
  double rtol = 2e-3;
  /// Check every row when there are at most this many, else sample this many.
  int64_t maxCheckRows = 4096;
};

/// How the bench fills a tensor before launching.
enum class Fill {
  Random, ///< Q, K, V: uniform in [-1, 1], f16-rounded, never zero.
  Poison, ///< Outputs: all bytes 0xFF (NaN for f16/bf16/f32).
  Init,   ///< inout tensors: the manifest's "init" value, before each launch.
};

/// One tensor parameter and how to allocate and fill it.
struct TensorSetup {
  size_t param = 0; ///< Index into the manifest's params.
  std::vector<int64_t> sizes;
  Fill fill = Fill::Poison;
  runtime::DType dtype = runtime::DType::F16;
  /// For Fill::Init: the pattern to repeat and its width in bytes (2 or 4).
  uint32_t pattern = 0;
  int patternBytes = 4;
};

/// Everything needed to build the kernel arguments for one shape.
struct BenchSetup {
  std::vector<TensorSetup> tensors;
  /// Scalar values by param index.
  std::vector<std::pair<size_t, runtime::ScalarArg>> scalars;
  runtime::SymbolTable sizes; ///< Bound from Q, K, V.
  double scale = 1;           ///< sm_scale.
  bool hasLse = false;
  int64_t outParam = -1;
  int64_t lseParam = -1;
};

/// Errors unless the manifest's CAUSAL constant (0 when absent) equals
/// `causal`.
runtime::Status checkCausal(const runtime::Manifest &manifest, bool causal);

/// Works out sizes, fills and scalar values of every parameter for `shape`.
/// Needs no GPU.
runtime::Expected<BenchSetup> planBenchmark(const runtime::Manifest &manifest,
                                            const AttentionShape &shape);

/// Encodes an init value ("0", "-inf", ...) as a fill pattern for `dtype`.
runtime::Status encodeInit(const std::string &init, runtime::DType dtype,
                           uint32_t &pattern, int &patternBytes);

/// The outcome of benchmarking one manifest at one shape.
struct BenchResult {
  std::string kernel;
  std::string manifestPath;
  std::string binaryPath;
  bool usedCubin = false;
  std::string loadNote;
  AttentionShape shape;
  std::string status = "error"; ///< "ok", "mismatch" or "error".
  std::string message;          ///< Why, when not "ok".
  CheckResult check;
  std::array<unsigned, 3> grid = {0, 0, 0};
  double medianMs = 0;
  double minMs = 0;
  double tflops = 0;
  runtime::Resources resources;
  int64_t dynamicSharedMemory = 0;
  bool best = false; ///< Fastest "ok" config of its kernel and shape.
};

/// Fills in the fields of a result that come from the module alone.
BenchResult describeModule(const runtime::Module &module);

/// One random input tensor: f16 values in [-1, 1], never zero (`halves`, the
/// bits uploaded), and the same values as floats (`rounded`, for the
/// reference).
struct RandomTensor {
  std::vector<uint16_t> halves;
  std::shared_ptr<const std::vector<float>> rounded;
};

/// The random inputs of a run, kept across its jobs: they depend only on the
/// seed and the element count of each random tensor in order (one generator
/// runs through them), and making them costs ~45 ns a value (about 1 s a
/// config at [2,8,4096,128]: most of a correctness sweep over many configs,
/// which all share them). Keeps the most recently used sets up to
/// `maxBytes` (a sweep alternates shapes); runBenchmark uses one per process.
class RandomInputCache {
public:
  explicit RandomInputCache(size_t maxBytes = size_t(4) << 30)
      : maxBytes_(maxBytes) {}
  /// The random tensors of `counts` (in order) for `seed`.
  const std::vector<RandomTensor> &get(uint64_t seed,
                                       const std::vector<size_t> &counts);
  /// How many sets get() has made (not found) so far.
  size_t made() const { return made_; }

private:
  struct Entry {
    uint64_t seed;
    std::vector<size_t> counts;
    std::vector<RandomTensor> tensors;
  };
  size_t bytes() const;
  size_t maxBytes_;
  size_t made_ = 0;
  std::list<Entry> entries_; ///< Most recently used first.
};

/// Checks the kernel against the fp64 reference and times it. Never fails:
/// problems are reported in the result's status and message.
BenchResult runBenchmark(const runtime::Module &module,
                         const BenchOptions &options);

} // namespace bench
} // namespace tessera

#endif // TESSERA_TOOLS_BENCH_BENCH_H
