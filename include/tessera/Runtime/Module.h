//===- Module.h - Load and launch compiled Tessera kernels ------*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// The C++ runtime API. A `Module` is one compiled kernel: its manifest plus
/// the cubin (preferred when built for the device) or PTX (JIT-compiled by the
/// driver) beside it. It runs on the device's primary context, the one
/// PyTorch uses, so device pointers from PyTorch can be passed directly.
///
/// \code
///   Expected<Module> module = Module::load("out/fa2.json");
///   if (!module.ok()) { report(module.message()); return; }
///   Status status = module->launch({TensorArg::contiguous(q, DType::F16,
///                                   {bh, n, d}), ..., ScalarArg::ofFloat(s)},
///                                  stream);
/// \endcode
///
/// Streams are `CUstream` values passed as `void *` (null: the legacy default
/// stream), so this header does not need cuda.h.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_RUNTIME_MODULE_H
#define TESSERA_RUNTIME_MODULE_H

#include "tessera/Runtime/LaunchPlan.h"
#include "tessera/Runtime/Manifest.h"
#include "tessera/Runtime/Status.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace tessera {
namespace runtime {

/// What the runtime knows about a GPU.
struct DeviceInfo {
  int ordinal = 0;
  std::string name;
  int major = 0; ///< Compute capability.
  int minor = 0;
  int multiprocessors = 0;
  /// Largest dynamic + static shared memory a block may opt in to.
  int64_t maxSharedMemoryOptin = 0;
  int driverVersion = 0; ///< E.g. 13000 for CUDA 13.0.

  /// "sm_90".
  std::string arch() const;
};

/// Loads the driver, retains device `ordinal`'s primary context and makes it
/// current on the calling thread. The error when there is no driver or GPU
/// is clean, e.g. "loading the CUDA driver: libcuda.so.1: cannot open ...".
Expected<DeviceInfo> openDevice(int ordinal = 0);

/// The largest cubin or PTX file `Module::load` reads.
constexpr size_t kMaxKernelBinaryBytes = 256u << 20;

/// Options for `Module::load`.
struct LoadOptions {
  int device = 0;
  /// Load the cubin when the manifest has one built for this device;
  /// otherwise JIT-compile the PTX.
  bool preferCubin = true;
  /// Follow `ptx` / `cubin` paths that are absolute or contain `..` (see
  /// ManifestOptions). Off by default: binaries are read only from the
  /// manifest's folder. Applies when `load` reads the manifest; a Manifest
  /// passed in was checked by the `ManifestOptions` it was parsed with.
  bool allowExternalBinaries = false;
};

/// One loaded kernel. Move-only; unloads on destruction.
class Module {
public:
  /// Reads the manifest at `manifestPath` and loads its kernel. Binaries
  /// are read only when they are regular files of at most
  /// kMaxKernelBinaryBytes.
  static Expected<Module> load(const std::string &manifestPath,
                               const LoadOptions &options = {});
  /// Loads the kernel of an already parsed manifest.
  static Expected<Module> load(Manifest manifest,
                               const LoadOptions &options = {});

  Module(Module &&other) noexcept;
  Module &operator=(Module &&other) noexcept;
  ~Module();

  const Manifest &manifest() const;
  const DeviceInfo &device() const;
  /// The binary that was loaded (cubin or PTX path).
  const std::string &binaryPath() const;
  /// True when the cubin was loaded, false when PTX was JIT-compiled.
  bool usedCubin() const;
  /// Why PTX was used although a cubin is listed ("" otherwise).
  const std::string &loadNote() const;

  /// Checks `args` against the manifest and computes the launch.
  Expected<LaunchPlan> plan(const std::vector<KernelArg> &args) const;
  /// Checks `args` and launches asynchronously on `stream`.
  Status launch(const std::vector<KernelArg> &args,
                void *stream = nullptr) const;
  /// Launches a plan from `plan()` asynchronously on `stream`.
  Status launch(const LaunchPlan &plan, void *stream = nullptr) const;
  /// The grid launch() uses for `plan`: the plan's, or for a persistent
  /// kernel (`"persistent": true`) min(programs, the CTAs the GPU holds at
  /// once) in one dimension (an error past 2^31 - 1 programs).
  Expected<std::array<unsigned, 3>> launchGrid(const LaunchPlan &plan) const;

  /// Called before every launch of `time`, to enqueue work on the stream
  /// that is not timed (e.g. re-initialising inout tensors).
  using BeforeLaunch = std::function<Status(void *stream)>;

  /// Launches `warmup` untimed then `iterations` timed launches back to back
  /// on `stream`, each between two CUDA events; waits, and returns the
  /// milliseconds of each timed launch. With a wait timeout (Watchdog.h) the
  /// wait has that deadline, and at most 128 launches are queued at a time.
  Expected<std::vector<float>> time(const LaunchPlan &plan, void *stream,
                                    int warmup, int iterations,
                                    const BeforeLaunch &beforeEach = {}) const;

  struct Impl;

private:
  explicit Module(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

/// Device memory on one device's primary context. Move-only; frees on
/// destruction. For tools and tests; PyTorch users pass their own pointers.
class DeviceBuffer {
public:
  static Expected<DeviceBuffer> allocate(size_t bytes, int device = 0);

  DeviceBuffer(DeviceBuffer &&other) noexcept;
  DeviceBuffer &operator=(DeviceBuffer &&other) noexcept;
  ~DeviceBuffer();

  uint64_t address() const { return address_; }
  size_t size() const { return size_; }

  /// Synchronous copies of `bytes` (at most `size()`).
  Status upload(const void *host, size_t bytes);
  Status download(void *host, size_t bytes) const;
  /// Asynchronous fills of the whole buffer with a repeated 1-, 2- or 4-byte
  /// pattern (size must be a multiple of the pattern).
  Status fill8(uint8_t value, void *stream = nullptr);
  Status fill16(uint16_t value, void *stream = nullptr);
  Status fill32(uint32_t value, void *stream = nullptr);

private:
  DeviceBuffer() = default;
  void release();
  void *context_ = nullptr;
  uint64_t address_ = 0;
  size_t size_ = 0;
};

/// Waits for all work on `stream` (on device 0's primary context unless
/// another was made current), for at most the wait timeout (Watchdog.h).
Status synchronize(void *stream = nullptr);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_RUNTIME_MODULE_H
