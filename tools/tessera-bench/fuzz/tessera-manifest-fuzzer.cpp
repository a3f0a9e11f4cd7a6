//===- tessera-manifest-fuzzer.cpp - libFuzzer target of the runtime ------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
//
// Feeds arbitrary bytes to what the runtime does with an untrusted manifest
// before any GPU work: Manifest::parse (JSON, validation, grid expressions,
// binary paths, constants), then planLaunch / bindSizes against arguments
// synthesized from the input, and the load-time .param check against a fake
// kernel. Any input may be rejected with an error; none may crash, hang,
// leak or trip AddressSanitizer or UndefinedBehaviorSanitizer.
//
// Input format: the manifest text is everything up to the first NUL byte;
// the bytes after it steer the arguments (an input without a NUL gets
// well-formed arguments: consistent sizes, contiguous strides, pointers
// aligned to 256 bytes). Seeds are therefore readable manifests.
//
// With TESSERA_FUZZ_VERBOSE=1 in the environment, each input's outcome (the
// parse or plan error, or the grid) goes to stderr: run the fuzzer on seed
// files to see what they exercise.
//
//===----------------------------------------------------------------------===//

#include "KernelParams.h"

#include "tessera/Runtime/LaunchPlan.h"
#include "tessera/Runtime/Manifest.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rt = tessera::runtime;

namespace {

/// Aborts (a finding) when an invariant of an accepted manifest or plan
/// does not hold.
#define FUZZ_CHECK(condition)                                                  \
  do {                                                                         \
    if (!(condition)) {                                                        \
      std::fprintf(stderr, "invariant violated: %s (%s:%d)\n", #condition,     \
                   __FILE__, __LINE__);                                        \
      std::abort();                                                            \
    }                                                                          \
  } while (false)

/// Reads the steering bytes; 0 once they run out (the "natural" choice).
class Steering {
public:
  Steering(const uint8_t *data, size_t size) : data_(data), size_(size) {}
  uint8_t byte() { return pos_ < size_ ? data_[pos_++] : 0; }
  /// One of `choices`, the first when the bytes have run out.
  template <typename T, size_t N> T pick(const T (&choices)[N]) {
    return choices[byte() % N];
  }

private:
  const uint8_t *data_;
  size_t size_;
  size_t pos_ = 0;
};

constexpr int64_t kSizes[] = {64,
                              1,
                              0,
                              2,
                              77,
                              1000,
                              65535,
                              int64_t(1) << 31,
                              int64_t(1) << 32,
                              int64_t(1) << 40,
                              int64_t(1) << 62,
                              std::numeric_limits<int64_t>::max(),
                              -1,
                              std::numeric_limits<int64_t>::min()};

constexpr double kFloats[] = {0.125,
                              0.0,
                              -1.5,
                              1e300,
                              -1e300,
                              3.5e38,
                              1e-45,
                              HUGE_VAL,
                              -HUGE_VAL,
                              std::numeric_limits<double>::quiet_NaN(),
                              std::numeric_limits<double>::denorm_min()};

constexpr uint64_t kPointerOffsets[] = {0, 1, 2, 4, 8, 16, 32, 64, 128};

/// A tensor argument for `spec`, well formed unless steered otherwise.
rt::TensorArg synthesizeTensor(const rt::ParamSpec &spec, size_t index,
                               std::map<std::string, int64_t> &symbols,
                               Steering &steer) {
  std::vector<int64_t> sizes;
  for (const rt::ShapeDim &dim : spec.shape) {
    if (!dim.isSymbolic()) {
      sizes.push_back(dim.fixed);
      continue;
    }
    auto it = symbols.find(dim.symbol);
    if (it == symbols.end())
      it = symbols.emplace(dim.symbol, steer.pick(kSizes)).first;
    sizes.push_back(it->second);
  }
  rt::DType dtype = spec.dtype;
  uint64_t data = 0x7f0000000000ull + (uint64_t(index) << 32);
  uint8_t mode = steer.byte();
  switch (mode % 10) {
  case 1: // Any sizes.
    for (int64_t &size : sizes)
      size = steer.pick(kSizes);
    break;
  case 2: // Wrong rank.
    if (!sizes.empty() && steer.byte() % 2)
      sizes.pop_back();
    else
      sizes.push_back(steer.pick(kSizes));
    break;
  case 3: // Wrong dtype.
    dtype = static_cast<rt::DType>(steer.byte() % 5);
    break;
  case 4: // Misaligned, null or wrapping pointers.
    data = steer.byte() % 2 ? data + steer.pick(kPointerOffsets)
                            : ~uint64_t(0) - steer.pick(kPointerOffsets) + 1;
    break;
  case 5:
    data = 0;
    break;
  default:
    break;
  }
  rt::TensorArg tensor = rt::TensorArg::contiguous(data, dtype, sizes);
  if (mode % 10 == 6) // Any strides.
    for (int64_t &stride : tensor.strides)
      stride = steer.byte() % 2
                   ? steer.pick(kSizes)
                   : static_cast<int64_t>(static_cast<uint64_t>(stride) +
                                          steer.byte()); // May wrap.
  if (mode % 10 == 7 && !tensor.strides.empty()) // Stride count mismatch.
    tensor.strides.pop_back();
  return tensor;
}

rt::ScalarArg synthesizeScalar(const rt::ParamSpec &spec, Steering &steer) {
  uint8_t mode = steer.byte();
  if (spec.dtype == rt::DType::F32 && mode % 3 != 2)
    return rt::ScalarArg::ofFloat(mode % 3 ? steer.pick(kFloats) : 0.125);
  if (mode % 3 == 2)
    return rt::ScalarArg::ofFloat(steer.pick(kFloats));
  return rt::ScalarArg::ofInt(mode % 3 ? steer.pick(kSizes) : 64);
}

std::vector<rt::KernelArg> synthesizeArgs(const rt::Manifest &manifest,
                                          Steering &steer) {
  std::map<std::string, int64_t> symbols;
  std::vector<rt::KernelArg> args;
  for (size_t i = 0; i < manifest.params.size(); ++i) {
    const rt::ParamSpec &spec = manifest.params[i];
    bool swapKind = steer.byte() == 0xff;
    if (spec.isTensor() != swapKind)
      args.emplace_back(synthesizeTensor(spec, i, symbols, steer));
    else
      args.emplace_back(synthesizeScalar(spec, steer));
  }
  switch (steer.byte() % 8) {
  case 1:
    if (!args.empty())
      args.pop_back();
    break;
  case 2:
    args.emplace_back(rt::ScalarArg::ofInt(1));
    break;
  default:
    break;
  }
  return args;
}

/// What an accepted manifest promises.
void checkManifest(const rt::Manifest &manifest,
                   const rt::ManifestOptions &options) {
  FUZZ_CHECK(!manifest.grid.empty() && manifest.grid.size() <= 3);
  for (const std::string *file : {&manifest.ptx, &manifest.cubin}) {
    FUZZ_CHECK(file->find('\0') == std::string::npos);
    if (options.allowExternalBinaries || file->empty())
      continue;
    FUZZ_CHECK((*file)[0] != '/');
    FUZZ_CHECK(
        *file != ".." && file->rfind("../", 0) != 0 &&
        file->find("/../") == std::string::npos &&
        (file->size() < 3 || file->compare(file->size() - 3, 3, "/..") != 0));
  }
  (void)manifest.ptxPath();
  (void)manifest.cubinPath();
  for (const rt::Constant &constant : manifest.constants) {
    FUZZ_CHECK(manifest.findConstant(constant.name) != nullptr);
    (void)constant.str();
  }
  for (const rt::ParamSpec &spec : manifest.params) {
    FUZZ_CHECK(spec.rank() <= rt::kMaxRank);
    FUZZ_CHECK(spec.align >= rt::getDTypeSize(spec.dtype) &&
               spec.align <= rt::kMaxTensorAlign &&
               (spec.align & (spec.align - 1)) == 0);
  }
  for (const rt::GridExpr &expr : manifest.grid) {
    FUZZ_CHECK(expr.text().size() <= tessera::host::kMaxGridExprLength);
    (void)expr.names();
  }
}

/// What a successful plan promises.
void checkPlan(const rt::Manifest &manifest,
               const std::vector<rt::KernelArg> &args,
               const rt::LaunchPlan &plan) {
  FUZZ_CHECK(plan.numParams() + plan.tensorMaps.size() ==
             manifest.numKernelParams());
  FUZZ_CHECK(plan.grid[0] >= 1 && plan.grid[0] <= INT32_MAX);
  FUZZ_CHECK(plan.grid[1] >= 1 && plan.grid[1] <= 65535);
  FUZZ_CHECK(plan.grid[2] >= 1 && plan.grid[2] <= 65535);
  for (size_t i = 0; i < args.size(); ++i) {
    if (!args[i].isTensor())
      continue;
    const rt::TensorArg &tensor = args[i].tensor();
    FUZZ_CHECK(tensor.numElements() >= 0);
    FUZZ_CHECK(tensor.data % manifest.params[i].align == 0);
  }
}

/// The load-time .param check against a kernel that matches the manifest,
/// or is perturbed by one steering byte.
void checkKernelParams(const rt::Manifest &manifest, Steering &steer) {
  std::vector<rt::KernelParamSpec> expected =
      rt::expectedKernelParams(manifest);
  FUZZ_CHECK(expected.size() == manifest.numKernelParams());
  std::vector<size_t> sizes;
  for (const rt::KernelParamSpec &param : expected)
    sizes.push_back(param.bytes);
  uint8_t mode = steer.byte();
  if (mode % 4 == 1)
    sizes.push_back(8);
  else if (mode % 4 == 2 && !sizes.empty())
    sizes.pop_back();
  else if (mode % 4 == 3 && !sizes.empty())
    sizes[steer.byte() % sizes.size()] ^= 12;
  bool haveCount = mode & 4;
  bool pastTheEnd = false;
  rt::KernelParamQueries queries;
  if (haveCount)
    queries.count = [&](size_t &count) {
      count = sizes.size();
      return true;
    };
  queries.size = [&](size_t index, size_t &bytes) {
    if (index >= sizes.size()) {
      pastTheEnd = true;
      return false;
    }
    bytes = sizes[index];
    return true;
  };
  rt::Status status = rt::checkKernelParams(expected, queries, "kernel");
  FUZZ_CHECK(status.ok() == (mode % 4 == 0 || (mode % 4 == 1 && !haveCount) ||
                             (mode % 4 == 2 && expected.empty()) ||
                             (mode % 4 == 3 && sizes.empty())));
  // The driver is asked about a .param that does not exist only when the
  // kernel is shorter than the manifest and the count is unknown.
  FUZZ_CHECK(!pastTheEnd || (!haveCount && sizes.size() < expected.size()));
}

bool verbose() {
  static const bool enabled = [] {
    const char *value = std::getenv("TESSERA_FUZZ_VERBOSE");
    return value && *value && *value != '0';
  }();
  return enabled;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *nul = std::find(data, data + size, uint8_t(0));
  std::string_view text(reinterpret_cast<const char *>(data), nul - data);
  size_t rest = nul == data + size ? 0 : size - (nul - data) - 1;
  Steering steer(nul + (rest ? 1 : 0), rest);

  rt::ManifestOptions options;
  options.allowExternalBinaries = steer.byte() == 0x5a;
  rt::Expected<rt::Manifest> manifest =
      rt::Manifest::parse(text, "fuzz/manifest.json", options);
  if (!manifest.ok()) {
    FUZZ_CHECK(!manifest.message().empty());
    if (verbose())
      std::fprintf(stderr, "manifest: %.300s\n", manifest.message().c_str());
    return 0;
  }
  checkManifest(*manifest, options);

  std::vector<rt::KernelArg> args = synthesizeArgs(*manifest, steer);
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(*manifest, args);
  if (plan.ok())
    checkPlan(*manifest, args, *plan);
  if (verbose()) {
    if (plan.ok())
      std::fprintf(stderr, "plan: grid [%u, %u, %u]\n", plan->grid[0],
                   plan->grid[1], plan->grid[2]);
    else
      std::fprintf(stderr, "plan: %.300s\n", plan.message().c_str());
  }
  rt::Expected<rt::SymbolTable> sizes = rt::bindSizes(*manifest, args);
  FUZZ_CHECK(!plan.ok() || sizes.ok());
  checkKernelParams(*manifest, steer);
  return 0;
}
