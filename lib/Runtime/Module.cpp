//===- Module.cpp - Load and launch compiled Tessera kernels --------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/Module.h"

#include "tessera/Runtime/Watchdog.h"

#include "CudaDriver.h"
#include "Files.h"
#include "HangState.h"
#include "KernelParams.h"

#include <cstdio>
#include <map>
#include <mutex>

namespace tessera {
namespace runtime {

namespace {

/// Without opting in, a block may use at most this much shared memory.
constexpr int64_t kDefaultSharedMemoryLimit = 48 * 1024;

CUstream toStream(void *stream) { return static_cast<CUstream>(stream); }

/// A device and its retained primary context, kept for the process lifetime.
struct OpenDevice {
  DeviceInfo info;
  CUcontext context = nullptr;
};

Status queryDevice(const CudaDriver &cuda, CUdevice device, DeviceInfo &info) {
  char name[256] = {0};
  TESSERA_RETURN_IF_ERROR(
      cuda.check(cuda.cuDeviceGetName(name, sizeof(name), device),
                 "querying the device name"));
  info.name = name;
  int optin = 0;
  const std::pair<CUdevice_attribute, int *> attributes[] = {
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, &info.major},
      {CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, &info.minor},
      {CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, &info.multiprocessors},
      {CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, &optin}};
  for (const auto &attribute : attributes)
    TESSERA_RETURN_IF_ERROR(cuda.check(
        cuda.cuDeviceGetAttribute(attribute.second, attribute.first, device),
        "querying device attributes"));
  info.maxSharedMemoryOptin = optin;
  return cuda.check(cuda.cuDriverGetVersion(&info.driverVersion),
                    "querying the driver version");
}

Expected<OpenDevice> openDeviceUncached(const CudaDriver &cuda, int ordinal) {
  int count = 0;
  TESSERA_RETURN_IF_ERROR(
      cuda.check(cuda.cuDeviceGetCount(&count), "counting CUDA devices"));
  if (ordinal < 0 || ordinal >= count)
    return Status::error("opening CUDA device " + std::to_string(ordinal) +
                         ": there are " + std::to_string(count) + " devices");
  std::string what = "opening CUDA device " + std::to_string(ordinal);
  CUdevice device = 0;
  TESSERA_RETURN_IF_ERROR(cuda.check(cuda.cuDeviceGet(&device, ordinal), what));
  OpenDevice open;
  open.info.ordinal = ordinal;
  TESSERA_RETURN_IF_ERROR(queryDevice(cuda, device, open.info));
  TESSERA_RETURN_IF_ERROR(
      cuda.check(cuda.cuDevicePrimaryCtxRetain(&open.context, device),
                 what + " (retaining its primary context)"));
  return open;
}

/// Opens each device once; makes its primary context current.
Expected<OpenDevice> acquireDevice(int ordinal) {
  Expected<const CudaDriver *> cuda = CudaDriver::get();
  if (!cuda.ok())
    return cuda.status();
  static std::mutex mutex;
  static std::map<int, OpenDevice> devices;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = devices.find(ordinal);
  if (it == devices.end()) {
    Expected<OpenDevice> opened = openDeviceUncached(**cuda, ordinal);
    if (!opened.ok())
      return opened.status();
    it = devices.emplace(ordinal, opened.take()).first;
  }
  TESSERA_RETURN_IF_ERROR(
      (*cuda)->check((*cuda)->cuCtxSetCurrent(it->second.context),
                     "making the context current"));
  return it->second;
}

/// The driver, which must already be loaded (a Module or buffer exists).
const CudaDriver &driver() { return **CudaDriver::get(); }

Status makeCurrent(void *context) {
  return driver().checkLazily(
      driver().cuCtxSetCurrent(static_cast<CUcontext>(context)),
      [] { return std::string("making the context current"); });
}

/// Waits for the GPU work that `query` (cuStreamQuery or cuEventQuery) asks
/// about: with `block` (cuStreamSynchronize or cuEventSynchronize) when no
/// wait timeout is set, else by polling until the timeout, after which the
/// GPU counts as hung (Watchdog.h).
Status waitForGpu(const std::function<CUresult()> &query,
                  const std::function<CUresult()> &block,
                  const std::string &what) {
  TESSERA_RETURN_IF_ERROR(checkGpuNotHung(what));
  double timeout = waitTimeout();
  if (timeout <= 0)
    return driver().check(block(), what);
  CUresult result = CUDA_ERROR_NOT_READY;
  bool finished = pollUntil(
      [&] {
        result = query();
        return result != CUDA_ERROR_NOT_READY;
      },
      timeout);
  if (finished)
    return driver().check(result, what);
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%g", timeout);
  return markGpuHung(what + ": did not finish in " + seconds +
                     " s (a hung kernel? a kernel cannot be stopped inside "
                     "its CUDA context, so this process cannot use the GPU "
                     "again)");
}

Expected<std::string> readBinary(const std::string &path) {
  Expected<std::string> bytes =
      readRegularFile(path, kMaxKernelBinaryBytes, "reading");
  if (!bytes.ok())
    return bytes;
  // cuModuleLoadData needs PTX to be NUL-terminated; a cubin ignores it.
  return bytes.take() + '\0';
}

} // namespace

std::string DeviceInfo::arch() const {
  return "sm_" + std::to_string(major) + std::to_string(minor);
}

Expected<DeviceInfo> openDevice(int ordinal) {
  Expected<OpenDevice> device = acquireDevice(ordinal);
  if (!device.ok())
    return device.status();
  return device->info;
}

//===----------------------------------------------------------------------===//
// Module
//===----------------------------------------------------------------------===//

struct Module::Impl {
  Manifest manifest;
  DeviceInfo device;
  CUcontext context = nullptr;
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  std::string binaryPath;
  bool usedCubin = false;
  std::string note;
  /// The CTAs of the kernel the GPU holds at once (its SMs times the
  /// occupancy the driver computes): a persistent kernel's launch grid.
  int64_t residentCtas = 0;

  ~Impl() {
    // Unloading a module whose kernel still runs would block.
    if (module && !gpuHung() && makeCurrent(context).ok())
      driver().cuModuleUnload(module);
  }

  /// Chooses between cubin and PTX; sets binaryPath, usedCubin and note.
  Status chooseBinary(bool preferCubin);
  /// Loads `binaryPath`, with the JIT log in the error when it fails.
  Status loadBinary();
  /// Checks the kernel's .params against the manifest (if the driver can).
  Status checkKernelParams() const;
  /// Checks the block size and opts in to large dynamic shared memory.
  Status configureFunction() const;
  /// Sets residentCtas (an error when no CTA fits an SM).
  Status countResidentCtas();
};

Status Module::Impl::countResidentCtas() {
  unsigned threads =
      manifest.block[0] * manifest.block[1] * manifest.block[2];
  int perSm = 0;
  TESSERA_RETURN_IF_ERROR(driver().check(
      driver().cuOccupancyMaxActiveBlocksPerMultiprocessor(
          &perSm, function, static_cast<int>(threads),
          static_cast<size_t>(manifest.dynamicSharedMemory)),
      "computing the occupancy of " + manifest.kernel));
  if (perSm < 1)
    return Status::error(manifest.kernel + ": no CTA of " +
                         std::to_string(threads) + " threads and " +
                         std::to_string(manifest.dynamicSharedMemory) +
                         " bytes of dynamic shared memory fits an SM of " +
                         device.name);
  residentCtas = int64_t(perSm) * device.multiprocessors;
  return Status::success();
}

Status Module::Impl::chooseBinary(bool preferCubin) {
  std::string cubin = manifest.cubinPath();
  std::string ptx = manifest.ptxPath();
  bool cubinUsable = !cubin.empty() && isRegularFile(cubin) &&
                     cubinRunsOn(manifest.target, device.major, device.minor);
  if ((preferCubin && cubinUsable) || (ptx.empty() && !cubin.empty())) {
    binaryPath = cubin;
    usedCubin = true;
    return Status::success();
  }
  if (!cubin.empty() && !preferCubin)
    note = "PTX requested instead of the cubin";
  else if (!cubin.empty() && !isRegularFile(cubin))
    note = "cubin " + cubin + " is missing; JIT-compiling the PTX";
  else if (!cubin.empty())
    note = "cubin is built for " + manifest.target + ", device is " +
           device.arch() + "; JIT-compiling the PTX";
  binaryPath = ptx;
  usedCubin = false;
  return Status::success();
}

Status Module::Impl::loadBinary() {
  Expected<std::string> image = readBinary(binaryPath);
  if (!image.ok())
    return image.status();
  char errorLog[8192] = {0};
  CUjit_option options[] = {CU_JIT_ERROR_LOG_BUFFER,
                            CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *values[] = {errorLog, reinterpret_cast<void *>(sizeof(errorLog))};
  CUresult result =
      driver().cuModuleLoadDataEx(&module, image->data(), 2, options, values);
  if (result == CUDA_SUCCESS)
    return Status::success();
  module = nullptr;
  std::string message =
      "loading " + binaryPath + ": " + driver().describe(result);
  if (result == CUDA_ERROR_NO_BINARY_FOR_GPU ||
      result == CUDA_ERROR_INVALID_PTX ||
      result == CUDA_ERROR_UNSUPPORTED_PTX_VERSION ||
      result == CUDA_ERROR_INVALID_IMAGE)
    message +=
        ": built for " + manifest.target + ", device is " + device.arch();
  if (errorLog[0])
    message += "\n" + std::string(errorLog);
  return Status::error(message);
}

Status Module::Impl::checkKernelParams() const {
  const CudaDriver &cuda = driver();
  if (!cuda.cuFuncGetParamInfo)
    return Status::success(); // Driver older than CUDA 12.4: cannot check.
  CUfunction kernel = function;
  KernelParamQueries queries;
  if (cuda.cuFuncGetParamCount)
    queries.count = [&cuda, kernel](size_t &count) {
      return cuda.cuFuncGetParamCount(kernel, &count) == CUDA_SUCCESS;
    };
  queries.size = [&cuda, kernel](size_t index, size_t &bytes) {
    size_t offset = 0;
    return cuda.cuFuncGetParamInfo(kernel, index, &offset, &bytes) ==
           CUDA_SUCCESS;
  };
  return runtime::checkKernelParams(expectedKernelParams(manifest), queries,
                                    "kernel " + manifest.symbol + " in " +
                                        binaryPath);
}

Status Module::Impl::configureFunction() const {
  const CudaDriver &cuda = driver();
  std::string what = "configuring kernel " + manifest.symbol;
  int maxThreads = 0, staticShared = 0, registers = 0;
  TESSERA_RETURN_IF_ERROR(cuda.check(
      cuda.cuFuncGetAttribute(
          &maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function),
      what));
  TESSERA_RETURN_IF_ERROR(cuda.check(
      cuda.cuFuncGetAttribute(&staticShared,
                              CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES, function),
      what));
  TESSERA_RETURN_IF_ERROR(cuda.check(
      cuda.cuFuncGetAttribute(&registers, CU_FUNC_ATTRIBUTE_NUM_REGS, function),
      what));
  int64_t threads =
      int64_t(manifest.block[0]) * manifest.block[1] * manifest.block[2];
  if (threads > maxThreads)
    return Status::error(what + ": the block has " + std::to_string(threads) +
                         " threads, but the kernel can launch at most " +
                         std::to_string(maxThreads) + " (" +
                         std::to_string(registers) + " registers per thread)");
  int64_t dynamicShared = manifest.dynamicSharedMemory;
  if (dynamicShared + staticShared > device.maxSharedMemoryOptin)
    return Status::error(
        what + ": needs " + std::to_string(dynamicShared) +
        " bytes of dynamic + " + std::to_string(staticShared) +
        " bytes of static shared memory; " + device.name + " allows " +
        std::to_string(device.maxSharedMemoryOptin) + " per block");
  if (dynamicShared <= kDefaultSharedMemoryLimit - staticShared)
    return Status::success();
  return cuda.check(
      cuda.cuFuncSetAttribute(function,
                              CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                              static_cast<int>(dynamicShared)),
      what + ": raising the dynamic shared memory limit to " +
          std::to_string(dynamicShared) + " bytes");
}

Module::Module(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Module::Module(Module &&other) noexcept = default;
Module &Module::operator=(Module &&other) noexcept = default;
Module::~Module() = default;

Expected<Module> Module::load(const std::string &manifestPath,
                              const LoadOptions &options) {
  ManifestOptions manifestOptions;
  manifestOptions.allowExternalBinaries = options.allowExternalBinaries;
  Expected<Manifest> manifest = Manifest::load(manifestPath, manifestOptions);
  if (!manifest.ok())
    return manifest.status();
  return load(manifest.take(), options);
}

Expected<Module> Module::load(Manifest manifest, const LoadOptions &options) {
  std::string name = manifest.path.empty() ? manifest.kernel : manifest.path;
  Expected<OpenDevice> device = acquireDevice(options.device);
  if (!device.ok())
    return device.status().withContext("loading " + name);
  auto impl = std::make_unique<Impl>();
  impl->manifest = std::move(manifest);
  impl->device = device->info;
  impl->context = device->context;
  TESSERA_RETURN_IF_ERROR(impl->chooseBinary(options.preferCubin));
  TESSERA_RETURN_IF_ERROR(impl->loadBinary());
  TESSERA_RETURN_IF_ERROR(driver().check(
      driver().cuModuleGetFunction(&impl->function, impl->module,
                                   impl->manifest.symbol.c_str()),
      "looking up kernel '" + impl->manifest.symbol + "' in " +
          impl->binaryPath));
  TESSERA_RETURN_IF_ERROR(impl->checkKernelParams());
  TESSERA_RETURN_IF_ERROR(impl->configureFunction());
  if (impl->manifest.persistent)
    TESSERA_RETURN_IF_ERROR(impl->countResidentCtas());
  return Module(std::move(impl));
}

const Manifest &Module::manifest() const { return impl_->manifest; }
const DeviceInfo &Module::device() const { return impl_->device; }
const std::string &Module::binaryPath() const { return impl_->binaryPath; }
bool Module::usedCubin() const { return impl_->usedCubin; }
const std::string &Module::loadNote() const { return impl_->note; }

Expected<LaunchPlan> Module::plan(const std::vector<KernelArg> &args) const {
  Expected<LaunchPlan> plan = planLaunch(impl_->manifest, args);
  if (!plan.ok())
    return plan.status().withContext("launching " + impl_->manifest.kernel);
  return plan;
}

Status Module::launch(const std::vector<KernelArg> &args, void *stream) const {
  Expected<LaunchPlan> checked = plan(args);
  if (!checked.ok())
    return checked.status();
  return launch(*checked, stream);
}

namespace {

/// The manifest reader allows tensor maps of f16 and bf16 tensors only.
CUtensorMapDataType tensorMapDataType(DType dtype) {
  return dtype == DType::F16 ? CU_TENSOR_MAP_DATA_TYPE_FLOAT16
                             : CU_TENSOR_MAP_DATA_TYPE_BFLOAT16;
}

/// Encodes the tensor maps of `plan` (the elements outside the tensor read
/// as zeros, as tile.load reads them).
Status encodeTensorMaps(const LaunchPlan &plan, const Manifest &manifest,
                        std::vector<CUtensorMap> &maps) {
  maps.resize(plan.tensorMaps.size());
  if (maps.empty())
    return Status::success();
  if (!driver().cuTensorMapEncodeTiled)
    return Status::error(manifest.kernel +
                         " copies tiles with TMA, and this driver has no "
                         "cuTensorMapEncodeTiled (CUDA 12 or newer)");
  for (size_t i = 0; i < maps.size(); ++i) {
    const TensorMapRequest &r = plan.tensorMaps[i];
    const cuuint32_t elementStrides[kMaxTensorMapRank] = {1, 1, 1, 1, 1};
    CUresult result = driver().cuTensorMapEncodeTiled(
        &maps[i], tensorMapDataType(r.dtype), r.rank,
        reinterpret_cast<void *>(static_cast<uintptr_t>(r.address)),
        r.dims.data(), r.strides.data(), r.box.data(), elementStrides,
        CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
        CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
        CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    TESSERA_RETURN_IF_ERROR(driver().checkLazily(result, [&] {
      return "encoding the tensor map of " + manifest.tensorMaps[i].tensor +
             " for " + manifest.kernel;
    }));
  }
  return Status::success();
}

} // namespace

Status Module::launch(const LaunchPlan &plan, void *stream) const {
  if (gpuHung()) // (The message is built only then: this is the hot path.)
    return checkGpuNotHung("launching " + impl_->manifest.kernel);
  TESSERA_RETURN_IF_ERROR(makeCurrent(impl_->context));
  std::vector<void *> params = plan.paramPointers();
  // Passed by value: the driver copies them at the launch.
  std::vector<CUtensorMap> maps;
  TESSERA_RETURN_IF_ERROR(encodeTensorMaps(plan, impl_->manifest, maps));
  for (CUtensorMap &map : maps)
    params.push_back(&map);
  Expected<std::array<unsigned, 3>> grid = launchGrid(plan);
  if (!grid.ok())
    return grid.status();
  CUresult result = driver().cuLaunchKernel(
      impl_->function, (*grid)[0], (*grid)[1], (*grid)[2], plan.block[0],
      plan.block[1], plan.block[2], plan.dynamicSharedMemory, toStream(stream),
      params.data(), nullptr);
  return driver().checkLazily(result, [&] {
    return "launching " + impl_->manifest.kernel + " (grid " +
           dim3String(*grid) + ", block " + dim3String(plan.block) + ", " +
           std::to_string(plan.dynamicSharedMemory) +
           " bytes of dynamic shared memory)";
  });
}

Expected<std::array<unsigned, 3>>
Module::launchGrid(const LaunchPlan &plan) const {
  return launchGridFor(impl_->manifest, plan.grid, impl_->residentCtas);
}

namespace {

/// Owns CUDA events and destroys them on scope exit.
class EventPool {
public:
  ~EventPool() {
    if (gpuHung())
      return; // Events of a hung stream; destroying them is not worth a risk.
    for (CUevent event : events_)
      driver().cuEventDestroy(event);
  }
  Status create(size_t count) {
    for (size_t i = 0; i < count; ++i) {
      CUevent event = nullptr;
      TESSERA_RETURN_IF_ERROR(driver().check(
          driver().cuEventCreate(&event, CU_EVENT_DEFAULT), "creating events"));
      events_.push_back(event);
    }
    return Status::success();
  }
  CUevent operator[](size_t i) const { return events_[i]; }

private:
  std::vector<CUevent> events_;
};

} // namespace

Expected<std::vector<float>>
Module::time(const LaunchPlan &plan, void *stream, int warmup, int iterations,
             const BeforeLaunch &beforeEach) const {
  if (warmup < 0 || iterations < 1)
    return Status::error("timing needs warmup >= 0 and iterations >= 1");
  TESSERA_RETURN_IF_ERROR(makeCurrent(impl_->context));
  EventPool events;
  TESSERA_RETURN_IF_ERROR(events.create(2 * static_cast<size_t>(iterations)));
  const CudaDriver &cuda = driver();
  std::string waiting = "waiting for " + impl_->manifest.kernel + " to finish";
  // With a wait timeout, at most 2 * kMaxQueued launches are queued ahead of
  // the GPU: cuLaunchKernel itself blocks once the driver's queue is full,
  // which no deadline could interrupt. Two events take turns marking every
  // kMaxQueued-th launch; each is waited for before it is recorded again.
  constexpr int kMaxQueued = 64;
  bool throttle = waitTimeout() > 0 && warmup + iterations > kMaxQueued;
  EventPool marks;
  if (throttle)
    TESSERA_RETURN_IF_ERROR(marks.create(2));
  for (int i = 0; i < warmup + iterations; ++i) {
    if (throttle && i > 0 && i % kMaxQueued == 0) {
      int turn = i / kMaxQueued % 2;
      if (i >= 2 * kMaxQueued) {
        CUevent older = marks[turn];
        TESSERA_RETURN_IF_ERROR(waitForGpu(
            [&] { return cuda.cuEventQuery(older); },
            [&] { return cuda.cuEventSynchronize(older); }, waiting));
      }
      TESSERA_RETURN_IF_ERROR(
          cuda.check(cuda.cuEventRecord(marks[turn], toStream(stream)),
                     "recording an event"));
    }
    if (beforeEach)
      TESSERA_RETURN_IF_ERROR(beforeEach(stream));
    int timed = i - warmup;
    if (timed >= 0)
      TESSERA_RETURN_IF_ERROR(
          cuda.check(cuda.cuEventRecord(events[2 * timed], toStream(stream)),
                     "recording an event"));
    TESSERA_RETURN_IF_ERROR(launch(plan, stream));
    if (timed >= 0)
      TESSERA_RETURN_IF_ERROR(cuda.check(
          cuda.cuEventRecord(events[2 * timed + 1], toStream(stream)),
          "recording an event"));
  }
  CUevent last = events[2 * iterations - 1];
  TESSERA_RETURN_IF_ERROR(
      waitForGpu([&] { return cuda.cuEventQuery(last); },
                 [&] { return cuda.cuEventSynchronize(last); }, waiting));
  std::vector<float> times(iterations);
  for (int i = 0; i < iterations; ++i)
    TESSERA_RETURN_IF_ERROR(cuda.check(
        cuda.cuEventElapsedTime(&times[i], events[2 * i], events[2 * i + 1]),
        "reading event times"));
  return times;
}

//===----------------------------------------------------------------------===//
// DeviceBuffer
//===----------------------------------------------------------------------===//

Expected<DeviceBuffer> DeviceBuffer::allocate(size_t bytes, int device) {
  Expected<OpenDevice> open = acquireDevice(device);
  if (!open.ok())
    return open.status();
  DeviceBuffer buffer;
  buffer.context_ = open->context;
  CUdeviceptr address = 0;
  TESSERA_RETURN_IF_ERROR(driver().check(
      driver().cuMemAlloc(&address, bytes == 0 ? 1 : bytes),
      "allocating " + std::to_string(bytes) + " bytes of device memory"));
  buffer.address_ = address;
  buffer.size_ = bytes;
  return buffer;
}

DeviceBuffer::DeviceBuffer(DeviceBuffer &&other) noexcept
    : context_(other.context_), address_(other.address_), size_(other.size_) {
  other.address_ = 0;
}

DeviceBuffer &DeviceBuffer::operator=(DeviceBuffer &&other) noexcept {
  if (this != &other) {
    release();
    context_ = other.context_;
    address_ = other.address_;
    size_ = other.size_;
    other.address_ = 0;
  }
  return *this;
}

DeviceBuffer::~DeviceBuffer() { release(); }

void DeviceBuffer::release() {
  // cuMemFree waits for the device; after a hang it would never return.
  if (address_ && !gpuHung() && makeCurrent(context_).ok())
    driver().cuMemFree(address_);
  address_ = 0;
}

Status DeviceBuffer::upload(const void *host, size_t bytes) {
  if (bytes > size_)
    return Status::error("uploading " + std::to_string(bytes) +
                         " bytes into a buffer of " + std::to_string(size_));
  if (gpuHung())
    return checkGpuNotHung("copying to the device");
  TESSERA_RETURN_IF_ERROR(makeCurrent(context_));
  return driver().check(driver().cuMemcpyHtoD(address_, host, bytes),
                        "copying to the device");
}

Status DeviceBuffer::download(void *host, size_t bytes) const {
  if (bytes > size_)
    return Status::error("downloading " + std::to_string(bytes) +
                         " bytes from a buffer of " + std::to_string(size_));
  if (gpuHung())
    return checkGpuNotHung("copying from the device");
  TESSERA_RETURN_IF_ERROR(makeCurrent(context_));
  return driver().check(driver().cuMemcpyDtoH(host, address_, bytes),
                        "copying from the device");
}

Status DeviceBuffer::fill8(uint8_t value, void *stream) {
  TESSERA_RETURN_IF_ERROR(makeCurrent(context_));
  return driver().check(
      driver().cuMemsetD8Async(address_, value, size_, toStream(stream)),
      "filling device memory");
}

Status DeviceBuffer::fill16(uint16_t value, void *stream) {
  if (size_ % 2)
    return Status::error("filling a buffer of odd size with 16-bit values");
  TESSERA_RETURN_IF_ERROR(makeCurrent(context_));
  return driver().check(
      driver().cuMemsetD16Async(address_, value, size_ / 2, toStream(stream)),
      "filling device memory");
}

Status DeviceBuffer::fill32(uint32_t value, void *stream) {
  if (size_ % 4)
    return Status::error("filling a buffer whose size is not a multiple of 4 "
                         "with 32-bit values");
  TESSERA_RETURN_IF_ERROR(makeCurrent(context_));
  return driver().check(
      driver().cuMemsetD32Async(address_, value, size_ / 4, toStream(stream)),
      "filling device memory");
}

Status synchronize(void *stream) {
  Expected<const CudaDriver *> cuda = CudaDriver::get();
  if (!cuda.ok())
    return cuda.status();
  const CudaDriver &api = **cuda;
  CUstream handle = toStream(stream);
  return waitForGpu([&] { return api.cuStreamQuery(handle); },
                    [&] { return api.cuStreamSynchronize(handle); },
                    "waiting for the stream");
}

} // namespace runtime
} // namespace tessera
