//===- LaunchPlan.cpp - Check arguments and compute a launch --------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/LaunchPlan.h"

#include "Numbers.h"

#include <cfloat>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace tessera {
namespace runtime {

TensorArg TensorArg::contiguous(uint64_t data, DType dtype,
                                std::vector<int64_t> sizes) {
  TensorArg tensor;
  tensor.data = data;
  tensor.dtype = dtype;
  tensor.strides.assign(sizes.size(), 1);
  // A stride that overflows saturates; planLaunch then rejects the sizes
  // (their element count overflows too).
  for (size_t i = sizes.size(); i-- > 1;)
    if (__builtin_mul_overflow(tensor.strides[i], sizes[i],
                               &tensor.strides[i - 1]))
      tensor.strides[i - 1] = INT64_MAX;
  tensor.sizes = std::move(sizes);
  return tensor;
}

int64_t TensorArg::numElements() const {
  int64_t count = 1;
  for (int64_t size : sizes)
    if (__builtin_mul_overflow(count, size, &count))
      return -1;
  return count;
}

ScalarArg ScalarArg::ofFloat(double value) {
  ScalarArg scalar;
  scalar.isFloat = true;
  scalar.floatValue = value;
  return scalar;
}

ScalarArg ScalarArg::ofInt(int64_t value) {
  ScalarArg scalar;
  scalar.intValue = value;
  return scalar;
}

void LaunchPlan::addParam(const void *value, size_t bytes) {
  uint64_t slot = 0;
  std::memcpy(&slot, value, bytes);
  slots_.push_back(slot);
  sizes_.push_back(bytes);
}

std::vector<void *> LaunchPlan::paramPointers() const {
  std::vector<void *> pointers;
  pointers.reserve(slots_.size());
  for (const uint64_t &slot : slots_)
    pointers.push_back(const_cast<uint64_t *>(&slot));
  return pointers;
}

namespace {

std::string describeArg(const Manifest &manifest, size_t index) {
  return "argument " + std::to_string(index) + " (" +
         manifest.params[index].name + ")";
}

std::string sizesString(const std::vector<int64_t> &sizes) {
  std::string text = "[";
  for (size_t i = 0; i < sizes.size(); ++i)
    text += (i ? ", " : "") + std::to_string(sizes[i]);
  return text + "]";
}

Status checkArgCount(const Manifest &manifest,
                     const std::vector<KernelArg> &args) {
  if (args.size() == manifest.params.size())
    return Status::success();
  return Status::error("expected " + std::to_string(manifest.params.size()) +
                       " arguments (" + manifest.paramList() + "), got " +
                       std::to_string(args.size()));
}

Status checkKind(const ParamSpec &spec, const KernelArg &arg) {
  if (spec.isTensor() == arg.isTensor())
    return Status::success();
  return Status::error(std::string("expected a ") +
                       (spec.isTensor() ? "tensor" : "scalar") + ", got a " +
                       (arg.isTensor() ? "tensor" : "scalar"));
}

std::string hex(uint64_t value) {
  char text[32];
  std::snprintf(text, sizeof(text), "0x%llx",
                static_cast<unsigned long long>(value));
  return text;
}

/// Where the alignment requirement of `spec` comes from, for messages.
std::string alignOrigin(const ParamSpec &spec) {
  if (spec.alignFromManifest)
    return " (" + spec.name + "'s \"align\" in the manifest)";
  return " (the default \"align\"; the manifest gives none for " + spec.name +
         ")";
}

/// Checks that the elements of `tensor` have addresses that fit in 64 bits:
/// the element and byte counts, and the offset of the last element (in
/// elements and bytes) from the data pointer. Sizes and strides are
/// non-negative.
Status checkExtent(const TensorArg &tensor) {
  int64_t elementBytes = static_cast<int64_t>(getDTypeSize(tensor.dtype));
  int64_t count = 1;
  for (int64_t size : tensor.sizes)
    if (__builtin_mul_overflow(count, size, &count))
      return Status::error("sizes " + sizesString(tensor.sizes) +
                           ": the element count overflows 64 bits");
  int64_t bytes = 0;
  if (__builtin_mul_overflow(count, elementBytes, &bytes))
    return Status::error("sizes " + sizesString(tensor.sizes) +
                         ": the byte count overflows 64 bits");
  if (count == 0)
    return Status::success(); // No element is addressed.
  int64_t last = 0;           // Offset of the last element, in elements.
  for (size_t d = 0; d < tensor.sizes.size(); ++d) {
    int64_t term = 0;
    if (__builtin_mul_overflow(tensor.sizes[d] - 1, tensor.strides[d], &term) ||
        __builtin_add_overflow(last, term, &last))
      return Status::error("sizes " + sizesString(tensor.sizes) +
                           " and strides " + sizesString(tensor.strides) +
                           ": the offset of the last element overflows 64 "
                           "bits");
  }
  int64_t lastByte = 0;
  uint64_t end = 0;
  if (__builtin_mul_overflow(last, elementBytes, &lastByte) ||
      __builtin_add_overflow(tensor.data, static_cast<uint64_t>(lastByte),
                             &end))
    return Status::error("data pointer " + hex(tensor.data) + ", sizes " +
                         sizesString(tensor.sizes) + " and strides " +
                         sizesString(tensor.strides) +
                         ": the address of the last element overflows 64 "
                         "bits");
  return Status::success();
}

/// Checks dtype, rank, sizes, strides and the data pointer of one tensor.
Status checkTensorLayout(const ParamSpec &spec, const TensorArg &tensor) {
  if (tensor.dtype != spec.dtype)
    return Status::error(std::string("expected dtype ") +
                         getDTypeName(spec.dtype) + ", got " +
                         getDTypeName(tensor.dtype));
  if (tensor.sizes.size() != spec.rank())
    return Status::error("expected rank " + std::to_string(spec.rank()) + " " +
                         spec.shapeString() + ", got rank " +
                         std::to_string(tensor.sizes.size()) + " " +
                         sizesString(tensor.sizes));
  if (tensor.strides.size() != tensor.sizes.size())
    return Status::error("has " + std::to_string(tensor.sizes.size()) +
                         " sizes but " + std::to_string(tensor.strides.size()) +
                         " strides");
  for (size_t d = 0; d < tensor.sizes.size(); ++d) {
    if (tensor.sizes[d] < 0)
      return Status::error("negative size in dimension " + std::to_string(d));
    if (tensor.strides[d] < 0)
      return Status::error("negative stride in dimension " + std::to_string(d));
  }
  TESSERA_RETURN_IF_ERROR(checkExtent(tensor));
  // Generated kernels fold the innermost offsets into constants, and assume
  // the manifest's alignment of the base pointer and of the outer strides
  // (vector loads and stores, cp.async).
  size_t last = tensor.strides.size() - 1;
  if (!tensor.strides.empty() && tensor.sizes[last] > 1 &&
      tensor.strides[last] != 1)
    return Status::error("expected a contiguous innermost dimension (stride "
                         "1), got stride " +
                         std::to_string(tensor.strides[last]));
  int64_t elementBytes = static_cast<int64_t>(getDTypeSize(tensor.dtype));
  int64_t align = static_cast<int64_t>(spec.align);
  for (size_t d = 0; d + 1 < tensor.strides.size(); ++d) {
    if (tensor.sizes[d] <= 1)
      continue; // The stride is never applied.
    int64_t strideBytes = 0;
    if (__builtin_mul_overflow(tensor.strides[d], elementBytes, &strideBytes))
      return Status::error("the stride of dimension " + std::to_string(d) +
                           " (" + std::to_string(tensor.strides[d]) +
                           " elements) overflows 64 bits in bytes");
    if (strideBytes % align != 0)
      return Status::error(
          "expected the stride of dimension " + std::to_string(d) +
          " to be a multiple of " + std::to_string(align) + " bytes" +
          alignOrigin(spec) + ", got " + std::to_string(strideBytes));
  }
  if (tensor.numElements() > 0 && tensor.data == 0)
    return Status::error("data pointer is null");
  if (tensor.data % spec.align != 0)
    return Status::error("data pointer " + hex(tensor.data) + " is not " +
                         std::to_string(spec.align) + "-byte aligned" +
                         alignOrigin(spec));
  return Status::success();
}

/// Checks the sizes of tensor argument `index` against its declared shape
/// and binds its symbolic sizes.
Status bindTensorSizes(const Manifest &manifest, size_t index,
                       const TensorArg &tensor, host::SizeBinder &binder) {
  const ParamSpec &spec = manifest.params[index];
  std::optional<host::SizeBinder::Mismatch> mismatch =
      binder.bind(index, spec.shape, tensor.sizes.data());
  if (!mismatch)
    return Status::success();
  std::string where = "dimension " + std::to_string(mismatch->dim) + " (" +
                      spec.shape[mismatch->dim].str() + ")";
  if (mismatch->isFixed())
    return Status::error(where + ": expected size " +
                         std::to_string(mismatch->expected) + ", got " +
                         std::to_string(mismatch->actual));
  return Status::error(where + " is " + std::to_string(mismatch->actual) +
                       ", but " + describeArg(manifest, mismatch->boundBy) +
                       " has " + mismatch->symbol + " = " +
                       std::to_string(mismatch->expected));
}

/// Packs a tensor as pointer, sizes, strides.
void packTensor(const TensorArg &tensor, LaunchPlan &plan) {
  plan.addParam(&tensor.data, sizeof(uint64_t));
  for (int64_t size : tensor.sizes)
    plan.addParam(&size, sizeof(int64_t));
  for (int64_t stride : tensor.strides)
    plan.addParam(&stride, sizeof(int64_t));
}

Status packScalar(const ParamSpec &spec, const ScalarArg &scalar,
                  LaunchPlan &plan) {
  if (spec.dtype == DType::F32) {
    double wide = scalar.isFloat ? scalar.floatValue
                                 : static_cast<double>(scalar.intValue);
    // Converting a finite double beyond the float range is undefined.
    if (std::isfinite(wide) && std::fabs(wide) > FLT_MAX)
      return Status::error("value " + formatDouble(wide) +
                           " does not fit in f32");
    float value = static_cast<float>(wide);
    plan.addParam(&value, sizeof(float));
    return Status::success();
  }
  if (scalar.isFloat)
    return Status::error(std::string("expected an integer (") +
                         getDTypeName(spec.dtype) + "), got a float");
  if (spec.dtype == DType::I32) {
    if (scalar.intValue < INT32_MIN || scalar.intValue > INT32_MAX)
      return Status::error("value " + std::to_string(scalar.intValue) +
                           " does not fit in i32");
    int32_t value = static_cast<int32_t>(scalar.intValue);
    plan.addParam(&value, sizeof(int32_t));
    return Status::success();
  }
  plan.addParam(&scalar.intValue, sizeof(int64_t));
  return Status::success();
}

/// Checks every argument, binds sizes, and (when `plan` is given) packs them.
Status checkArgs(const Manifest &manifest, const std::vector<KernelArg> &args,
                 host::SizeBinder &binder, LaunchPlan *plan) {
  TESSERA_RETURN_IF_ERROR(checkArgCount(manifest, args));
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamSpec &spec = manifest.params[i];
    const KernelArg &arg = args[i];
    Status status = checkKind(spec, arg);
    if (status.ok() && arg.isTensor()) {
      status = checkTensorLayout(spec, arg.tensor());
      if (status.ok())
        status = bindTensorSizes(manifest, i, arg.tensor(), binder);
      if (status.ok() && plan)
        packTensor(arg.tensor(), *plan);
    } else if (status.ok() && plan) {
      status = packScalar(spec, arg.scalar(), *plan);
    }
    if (!status.ok())
      return status.withContext(describeArg(manifest, i));
  }
  return Status::success();
}

/// Evaluates the grid; sizes shadow constants of the same name. Only the
/// integer constants the grid names are looked up (a manifest may have very
/// many constants).
Status computeGrid(const Manifest &manifest, LaunchPlan &plan) {
  SymbolTable symbols = plan.sizes;
  std::vector<std::string> unbound;
  for (const GridExpr &expr : manifest.grid)
    for (const std::string &name : expr.names())
      if (!symbols.count(name))
        unbound.push_back(name);
  if (!unbound.empty())
    for (const auto &[name, constant] : manifest.findConstants(unbound))
      if (constant->isInteger())
        symbols.emplace(name, constant->intValue);
  const int64_t limits[3] = {INT32_MAX, 65535, 65535};
  for (size_t i = 0; i < manifest.grid.size(); ++i) {
    auto where = [i] { return "grid[" + std::to_string(i) + "]"; };
    Expected<int64_t> value = manifest.grid[i].evaluate(symbols);
    if (!value.ok())
      return value.status().withContext(where());
    if (*value < 1 || *value > limits[i])
      return Status::error(where() + ": \"" + manifest.grid[i].text() +
                           "\" is " + std::to_string(*value) +
                           ", outside [1, " + std::to_string(limits[i]) + "]");
    plan.grid[i] = static_cast<unsigned>(*value);
  }
  return Status::success();
}

/// The tensor map of `map` for `tensor` (checked by checkTensorLayout).
/// TMA needs a 16-byte aligned address, outer strides that are multiples of
/// 16 bytes below 2^40 and sizes in [1, 2^32]; a stride of a dimension of
/// size 1 is never applied, so it is replaced by one that satisfies this.
Expected<TensorMapRequest> tensorMapRequest(const TensorMapSpec &map,
                                            const TensorArg &tensor) {
  TensorMapRequest request;
  request.dtype = tensor.dtype;
  request.address = tensor.data;
  request.rank = static_cast<unsigned>(tensor.sizes.size());
  request.swizzle = map.swizzle;
  auto error = [&](const std::string &what) {
    return Status::error("its tensor map (for TMA copies) " + what);
  };
  if (tensor.data % 16 != 0)
    return error("needs a 16-byte aligned address, got " +
                 std::to_string(tensor.data));
  uint64_t elementBytes = getDTypeSize(tensor.dtype);
  uint64_t innerBytes = elementBytes;
  for (unsigned i = 0; i < request.rank; ++i) {
    size_t d = request.rank - 1 - i;
    int64_t size = tensor.sizes[d];
    if (size < 1 || size > (int64_t(1) << 32))
      return error("needs sizes in [1, 2^32], got " + std::to_string(size) +
                   " in dimension " + std::to_string(d));
    request.dims[i] = static_cast<uint64_t>(size);
    if (i > 0) {
      uint64_t stride = size == 1
                            ? (innerBytes + 15) / 16 * 16
                            : static_cast<uint64_t>(tensor.strides[d]) *
                                  elementBytes;
      if (stride % 16 != 0 || stride >= (uint64_t(1) << 40))
        return error("needs the stride of dimension " + std::to_string(d) +
                     " to be a multiple of 16 bytes below 2^40, got " +
                     std::to_string(stride) + " bytes");
      request.strides[i - 1] = stride;
      innerBytes = stride * request.dims[i];
    } else {
      innerBytes = elementBytes * request.dims[0];
    }
    request.box[i] = 1;
  }
  request.box[0] = static_cast<uint32_t>(map.box[1]);
  request.box[1] = static_cast<uint32_t>(map.box[0]);
  return request;
}

} // namespace

Expected<SymbolTable> bindSizes(const Manifest &manifest,
                                const std::vector<KernelArg> &args) {
  host::SizeBinder binder;
  TESSERA_RETURN_IF_ERROR(checkArgs(manifest, args, binder, nullptr));
  return binder.sizes();
}

Expected<LaunchPlan> planLaunch(const Manifest &manifest,
                                const std::vector<KernelArg> &args) {
  LaunchPlan plan;
  host::SizeBinder binder;
  TESSERA_RETURN_IF_ERROR(checkArgs(manifest, args, binder, &plan));
  plan.sizes = binder.sizes();
  for (const TensorMapSpec &map : manifest.tensorMaps) {
    Expected<TensorMapRequest> request =
        tensorMapRequest(map, args[map.param].tensor());
    if (!request.ok())
      return request.status().withContext(describeArg(manifest, map.param));
    plan.tensorMaps.push_back(request.take());
  }
  TESSERA_RETURN_IF_ERROR(computeGrid(manifest, plan));
  plan.block = manifest.block;
  plan.dynamicSharedMemory =
      static_cast<unsigned>(manifest.dynamicSharedMemory);
  return plan;
}

std::string dim3String(const std::array<unsigned, 3> &dims) {
  return "[" + std::to_string(dims[0]) + ", " + std::to_string(dims[1]) + ", " +
         std::to_string(dims[2]) + "]";
}

Expected<std::array<unsigned, 3>>
launchGridFor(const Manifest &manifest, const std::array<unsigned, 3> &grid,
              int64_t residentCtas) {
  if (!manifest.persistent)
    return grid;
  int64_t programs = int64_t(grid[0]) * grid[1] * grid[2];
  if (programs > INT32_MAX)
    return Status::error("launching " + manifest.kernel + ": the grid " +
                         dim3String(grid) + " has " +
                         std::to_string(programs) +
                         " programs; a persistent kernel runs at most " +
                         std::to_string(INT32_MAX));
  return std::array<unsigned, 3>{
      static_cast<unsigned>(std::min(programs, residentCtas)), 1, 1};
}

} // namespace runtime
} // namespace tessera
