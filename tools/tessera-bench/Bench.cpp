//===- Bench.cpp - Check and time one attention kernel --------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"

#include "tessera/Host/Float16.h"
#include "tessera/Host/Launch.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <random>
#include <thread>

namespace tessera {
namespace bench {

using runtime::DType;
using runtime::Expected;
using runtime::KernelArg;
using runtime::Manifest;
using runtime::ParamRole;
using runtime::ParamSpec;
using runtime::Status;

Status checkCausal(const Manifest &manifest, bool causal) {
  int64_t flag = manifest.constant("CAUSAL").value_or(0);
  if ((flag != 0) == causal)
    return Status::success();
  return Status::error(
      "the manifest's CAUSAL constant is " + std::to_string(flag) + " but " +
      (causal ? "--causal was given" : "--causal was not given") +
      " (the kernel was compiled " + (flag ? "causal" : "non-causal") + ")");
}

Status encodeInit(const std::string &init, DType dtype, uint32_t &pattern,
                  int &patternBytes) {
  double value = init == "-inf"  ? -INFINITY
                 : init == "inf" ? INFINITY
                                 : std::strtod(init.c_str(), nullptr);
  float asFloat = static_cast<float>(value);
  switch (dtype) {
  case DType::F32:
    std::memcpy(&pattern, &asFloat, sizeof(pattern));
    patternBytes = 4;
    return Status::success();
  case DType::F16:
    pattern = host::floatToHalfBits(asFloat);
    patternBytes = 2;
    return Status::success();
  case DType::BF16:
    pattern = host::floatToBFloat16Bits(asFloat);
    patternBytes = 2;
    return Status::success();
  case DType::I32:
  case DType::I64:
    if (value != std::floor(value) || !std::isfinite(value) ||
        std::fabs(value) > 2147483647.0 ||
        (dtype == DType::I64 && value != 0 && value != -1))
      return Status::error("cannot fill an " +
                           std::string(runtime::getDTypeName(dtype)) +
                           " tensor with \"" + init + "\"");
    pattern = static_cast<uint32_t>(static_cast<int32_t>(value));
    patternBytes = 4;
    return Status::success();
  default: // Not a manifest dtype.
    break;
  }
  return Status::error("unknown dtype");
}

namespace {

/// Finds a required tensor parameter of the given dtype and role.
Expected<size_t> findTensor(const Manifest &manifest, const char *name,
                            DType dtype, ParamRole role) {
  for (size_t i = 0; i < manifest.params.size(); ++i) {
    const ParamSpec &spec = manifest.params[i];
    if (spec.name != name)
      continue;
    if (!spec.isTensor() || spec.dtype != dtype || spec.role != role)
      return Status::error(std::string("parameter ") + name + " must be an " +
                           runtime::getDTypeName(dtype) + " " +
                           runtime::roleName(role) + " tensor");
    return i;
  }
  return Status::error(std::string("the kernel has no parameter named ") +
                       name + " (tessera-bench needs Q, K, V and Out)");
}

/// The actual sizes of Q, K and V for `shape`, by rank.
Expected<std::vector<int64_t>> qkvSizes(const ParamSpec &spec,
                                        const AttentionShape &shape) {
  if (spec.rank() == 3)
    return std::vector<int64_t>{shape.batchHeads(), shape.seqLen,
                                shape.headDim};
  if (spec.rank() == 4)
    return std::vector<int64_t>{shape.batch, shape.heads, shape.seqLen,
                                shape.headDim};
  return Status::error("parameter " + spec.name + " has shape " +
                       spec.shapeString() +
                       "; tessera-bench needs [BH, N, D] or [B, H, N, D]");
}

/// Binds the size names of Q, K and V (parameter `index`) to the shape given
/// on the command line.
Status bindQkv(const ParamSpec &spec, size_t index,
               const std::vector<int64_t> &actual, host::SizeBinder &binder) {
  std::optional<host::SizeBinder::Mismatch> mismatch =
      binder.bind(index, spec.shape, actual.data());
  if (!mismatch)
    return Status::success();
  if (mismatch->isFixed())
    return Status::error("parameter " + spec.name + " has shape " +
                         spec.shapeString() + ", which fixes dimension " +
                         std::to_string(mismatch->dim) + " to " +
                         std::to_string(mismatch->expected) +
                         ", but --shape gives " +
                         std::to_string(mismatch->actual));
  return Status::error("size " + mismatch->symbol + " of " + spec.name +
                       " is " + std::to_string(mismatch->actual) +
                       " here but " + std::to_string(mismatch->expected) +
                       " elsewhere in Q, K, V");
}

Expected<std::vector<int64_t>> sizesOf(const ParamSpec &spec,
                                       const runtime::SymbolTable &sizes) {
  std::vector<int64_t> result;
  for (const runtime::ShapeDim &dim : spec.shape) {
    if (!dim.isSymbolic()) {
      result.push_back(dim.fixed);
      continue;
    }
    auto it = sizes.find(dim.symbol);
    if (it == sizes.end())
      return Status::error("cannot size parameter " + spec.name + " " +
                           spec.shapeString() + ": '" + dim.symbol +
                           "' is not a size of Q, K or V");
    result.push_back(it->second);
  }
  return result;
}

int64_t product(const std::vector<int64_t> &sizes) {
  int64_t count = 1;
  for (int64_t size : sizes)
    count *= size;
  return count;
}

Status planTensor(const Manifest &manifest, size_t index,
                  const AttentionShape &shape, BenchSetup &setup) {
  const ParamSpec &spec = manifest.params[index];
  TensorSetup tensor;
  tensor.param = index;
  tensor.dtype = spec.dtype;
  Expected<std::vector<int64_t>> sizes = sizesOf(spec, setup.sizes);
  if (!sizes.ok())
    return sizes.status();
  tensor.sizes = sizes.take();
  bool isQkv = spec.name == "Q" || spec.name == "K" || spec.name == "V";
  if (isQkv) {
    tensor.fill = Fill::Random;
  } else if (spec.role == ParamRole::InOut) {
    if (spec.init.empty())
      return Status::error("inout parameter " + spec.name +
                           " has no \"init\" in the manifest, so tessera-bench "
                           "cannot initialise it");
    tensor.fill = Fill::Init;
    TESSERA_RETURN_IF_ERROR(
        encodeInit(spec.init, spec.dtype, tensor.pattern, tensor.patternBytes)
            .withContext("parameter " + spec.name));
  } else if (spec.role == ParamRole::Output &&
             (spec.name == "Out" || spec.name == "Lse")) {
    tensor.fill = Fill::Poison;
  } else {
    return Status::error("tessera-bench does not know how to provide the " +
                         std::string(runtime::roleName(spec.role)) +
                         " tensor " + spec.name);
  }
  if (spec.name == "Out" &&
      product(tensor.sizes) != shape.numRows() * shape.headDim)
    return Status::error("Out " + spec.shapeString() +
                         " does not have B*H*N*D elements");
  if (spec.name == "Lse") {
    if (spec.dtype != DType::F32 || spec.role != ParamRole::Output ||
        product(tensor.sizes) != shape.numRows())
      return Status::error("Lse must be an f32 output of B*H*N elements, got " +
                           std::string(runtime::getDTypeName(spec.dtype)) +
                           " " + spec.shapeString());
    setup.hasLse = true;
    setup.lseParam = static_cast<int64_t>(index);
  }
  setup.tensors.push_back(std::move(tensor));
  return Status::success();
}

Status planScalar(const Manifest &manifest, size_t index, BenchSetup &setup) {
  const ParamSpec &spec = manifest.params[index];
  if (spec.name == "sm_scale") {
    if (spec.dtype != DType::F32)
      return Status::error("sm_scale must be an f32 scalar");
    setup.scalars.emplace_back(index, runtime::ScalarArg::ofFloat(setup.scale));
    return Status::success();
  }
  auto size = setup.sizes.find(spec.name);
  if (size == setup.sizes.end() || spec.dtype == DType::F32)
    return Status::error(
        "tessera-bench does not know what to pass for scalar " + spec.name +
        " (it knows sm_scale and the integer "
        "sizes of Q, K, V)");
  setup.scalars.emplace_back(index, runtime::ScalarArg::ofInt(size->second));
  return Status::success();
}

} // namespace

Expected<BenchSetup> planBenchmark(const Manifest &manifest,
                                   const AttentionShape &shape) {
  BenchSetup setup;
  size_t qkv[3];
  const char *names[3] = {"Q", "K", "V"};
  for (int i = 0; i < 3; ++i) {
    Expected<size_t> index =
        findTensor(manifest, names[i], DType::F16, ParamRole::Input);
    if (!index.ok())
      return index.status();
    qkv[i] = *index;
  }
  Expected<size_t> out =
      findTensor(manifest, "Out", DType::F16, ParamRole::Output);
  if (!out.ok())
    return out.status();
  setup.outParam = static_cast<int64_t>(*out);
  host::SizeBinder binder;
  for (size_t index : qkv) {
    const ParamSpec &spec = manifest.params[index];
    Expected<std::vector<int64_t>> actual = qkvSizes(spec, shape);
    if (!actual.ok())
      return actual.status();
    TESSERA_RETURN_IF_ERROR(bindQkv(spec, index, *actual, binder));
  }
  setup.sizes = binder.sizes();
  setup.scale = 1.0 / std::sqrt(static_cast<double>(shape.headDim));
  for (size_t i = 0; i < manifest.params.size(); ++i) {
    Status status = manifest.params[i].isTensor()
                        ? planTensor(manifest, i, shape, setup)
                        : planScalar(manifest, i, setup);
    TESSERA_RETURN_IF_ERROR(status);
  }
  return setup;
}

BenchResult describeModule(const runtime::Module &module) {
  BenchResult result;
  const Manifest &manifest = module.manifest();
  result.kernel = manifest.kernel;
  result.manifestPath = manifest.path;
  result.binaryPath = module.binaryPath();
  result.usedCubin = module.usedCubin();
  result.loadNote = module.loadNote();
  result.resources = manifest.resources;
  result.dynamicSharedMemory = manifest.dynamicSharedMemory;
  return result;
}

namespace {

/// Device buffers and host copies for one run.
struct BenchData {
  std::vector<runtime::DeviceBuffer> buffers; ///< One per TensorSetup.
  AttentionInputs inputs;
  std::vector<KernelArg> args;
};

/// Random f16 values in [-1, 1], never zero; `rounded` gets them as float.
std::vector<uint16_t> randomHalves(size_t count, std::mt19937_64 &rng,
                                   std::vector<float> &rounded) {
  std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
  std::vector<uint16_t> halves(count);
  rounded.resize(count);
  for (size_t i = 0; i < count; ++i) {
    uint16_t half;
    do
      half = host::floatToHalfBits(uniform(rng));
    while ((half & 0x7FFF) == 0);
    halves[i] = half;
    rounded[i] = host::halfBitsToFloat(half);
  }
  return halves;
}

Status fillInit(runtime::DeviceBuffer &buffer, const TensorSetup &tensor,
                void *stream) {
  if (tensor.patternBytes == 2)
    return buffer.fill16(static_cast<uint16_t>(tensor.pattern), stream);
  return buffer.fill32(tensor.pattern, stream);
}

Status prepareTensor(const Manifest &manifest, const TensorSetup &tensor,
                     const RandomTensor *random, BenchData &data) {
  size_t count = static_cast<size_t>(product(tensor.sizes));
  size_t bytes = count * runtime::getDTypeSize(tensor.dtype);
  Expected<runtime::DeviceBuffer> buffer =
      runtime::DeviceBuffer::allocate(bytes);
  if (!buffer.ok())
    return buffer.status();
  const std::string &name = manifest.params[tensor.param].name;
  if (tensor.fill == Fill::Random) {
    (name == "Q"   ? data.inputs.q
     : name == "K" ? data.inputs.k
                   : data.inputs.v) = random->rounded;
    TESSERA_RETURN_IF_ERROR(buffer->upload(random->halves.data(), bytes));
  } else if (tensor.fill == Fill::Poison) {
    TESSERA_RETURN_IF_ERROR(buffer->fill8(0xFF));
  } else {
    TESSERA_RETURN_IF_ERROR(fillInit(*buffer, tensor, nullptr));
  }
  data.buffers.push_back(buffer.take());
  return Status::success();
}

/// Allocates and fills every tensor and builds the argument list.
Status prepareData(const Manifest &manifest, const BenchSetup &setup,
                   uint64_t seed, BenchData &data) {
  static RandomInputCache cache; // One per worker process: its whole run.
  std::vector<size_t> counts;
  for (const TensorSetup &tensor : setup.tensors)
    if (tensor.fill == Fill::Random)
      counts.push_back(static_cast<size_t>(product(tensor.sizes)));
  const std::vector<RandomTensor> &random = cache.get(seed, counts);
  std::vector<const KernelArg *> byParam(manifest.params.size(), nullptr);
  std::vector<KernelArg> tensorArgs, scalarArgs;
  size_t nextRandom = 0;
  for (const TensorSetup &tensor : setup.tensors) {
    const RandomTensor *values =
        tensor.fill == Fill::Random ? &random[nextRandom++] : nullptr;
    TESSERA_RETURN_IF_ERROR(prepareTensor(manifest, tensor, values, data));
    tensorArgs.emplace_back(runtime::TensorArg::contiguous(
        data.buffers.back().address(), tensor.dtype, tensor.sizes));
  }
  for (const auto &scalar : setup.scalars)
    scalarArgs.emplace_back(scalar.second);
  for (size_t i = 0; i < setup.tensors.size(); ++i)
    byParam[setup.tensors[i].param] = &tensorArgs[i];
  for (size_t i = 0; i < setup.scalars.size(); ++i)
    byParam[setup.scalars[i].first] = &scalarArgs[i];
  for (const KernelArg *arg : byParam)
    data.args.push_back(*arg);
  return runtime::synchronize();
}

/// Index of the TensorSetup of param `param`.
size_t tensorSlot(const BenchSetup &setup, int64_t param) {
  for (size_t i = 0; i < setup.tensors.size(); ++i)
    if (static_cast<int64_t>(setup.tensors[i].param) == param)
      return i;
  return 0;
}

Status readOutputs(const BenchSetup &setup, const BenchData &data,
                   AttentionOutputs &outputs) {
  const runtime::DeviceBuffer &out =
      data.buffers[tensorSlot(setup, setup.outParam)];
  std::vector<uint16_t> halves(out.size() / 2);
  TESSERA_RETURN_IF_ERROR(out.download(halves.data(), out.size()));
  outputs.out.resize(halves.size());
  for (size_t i = 0; i < halves.size(); ++i)
    outputs.out[i] = host::halfBitsToFloat(halves[i]);
  if (!setup.hasLse)
    return Status::success();
  const runtime::DeviceBuffer &lse =
      data.buffers[tensorSlot(setup, setup.lseParam)];
  outputs.lse.resize(lse.size() / 4);
  return lse.download(outputs.lse.data(), lse.size());
}

/// Re-initialises the inout tensors on `stream` (before each timed launch).
Status reinitialise(const BenchSetup &setup, BenchData &data, void *stream) {
  for (size_t i = 0; i < setup.tensors.size(); ++i)
    if (setup.tensors[i].fill == Fill::Init)
      TESSERA_RETURN_IF_ERROR(
          fillInit(data.buffers[i], setup.tensors[i], stream));
  return Status::success();
}

Status checkAndTime(const runtime::Module &module, const BenchOptions &options,
                    BenchResult &result) {
  const Manifest &manifest = module.manifest();
  TESSERA_RETURN_IF_ERROR(checkCausal(manifest, options.shape.causal));
  Expected<BenchSetup> setup = planBenchmark(manifest, options.shape);
  if (!setup.ok())
    return setup.status();
  BenchData data;
  TESSERA_RETURN_IF_ERROR(prepareData(manifest, *setup, options.seed, data));
  Expected<runtime::LaunchPlan> plan = module.plan(data.args);
  if (!plan.ok())
    return plan.status();
  result.grid = plan->grid;
  TESSERA_RETURN_IF_ERROR(module.launch(*plan));
  TESSERA_RETURN_IF_ERROR(
      runtime::synchronize().withContext("running " + manifest.kernel));
  AttentionOutputs outputs;
  TESSERA_RETURN_IF_ERROR(readOutputs(*setup, data, outputs));
  std::vector<RowId> rows =
      rowsToCheck(options.shape, options.maxCheckRows, options.seed);
  result.check = checkAttention(data.inputs, outputs, options.shape,
                                setup->scale, rows, options.atol, options.rtol,
                                std::thread::hardware_concurrency());
  if (!result.check.passed()) {
    result.status = "mismatch";
    result.message = result.check.firstProblem;
    return Status::success();
  }
  BenchData &mutableData = data;
  const BenchSetup &fixedSetup = *setup;
  Expected<std::vector<float>> times = module.time(
      *plan, nullptr, options.warmup, options.iterations, [&](void *stream) {
        return reinitialise(fixedSetup, mutableData, stream);
      });
  if (!times.ok())
    return times.status();
  std::vector<float> sorted = times.take();
  std::sort(sorted.begin(), sorted.end());
  result.medianMs = sorted[sorted.size() / 2];
  result.minMs = sorted.front();
  result.tflops = options.shape.flops() / (result.medianMs * 1e-3) / 1e12;
  result.status = "ok";
  return Status::success();
}

} // namespace

const std::vector<RandomTensor> &
RandomInputCache::get(uint64_t seed, const std::vector<size_t> &counts) {
  for (auto it = entries_.begin(); it != entries_.end(); ++it)
    if (it->seed == seed && it->counts == counts) {
      entries_.splice(entries_.begin(), entries_, it);
      return entries_.front().tensors;
    }
  Entry entry{seed, counts, {}};
  std::mt19937_64 rng(seed);
  for (size_t count : counts) {
    RandomTensor tensor;
    auto rounded = std::make_shared<std::vector<float>>();
    tensor.halves = randomHalves(count, rng, *rounded);
    tensor.rounded = std::move(rounded);
    entry.tensors.push_back(std::move(tensor));
  }
  entries_.push_front(std::move(entry));
  ++made_;
  while (entries_.size() > 1 && bytes() > maxBytes_)
    entries_.pop_back();
  return entries_.front().tensors;
}

size_t RandomInputCache::bytes() const {
  size_t total = 0;
  for (const Entry &entry : entries_)
    for (const RandomTensor &tensor : entry.tensors)
      total += tensor.halves.size() * (sizeof(uint16_t) + sizeof(float));
  return total;
}

BenchResult runBenchmark(const runtime::Module &module,
                         const BenchOptions &options) {
  BenchResult result = describeModule(module);
  result.shape = options.shape;
  Status status = checkAndTime(module, options, result);
  if (!status.ok()) {
    result.status = "error";
    result.message = status.message();
  }
  return result;
}

} // namespace bench
} // namespace tessera
