//===- CudaDriver.cpp - The CUDA driver API, loaded with dlopen -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "CudaDriver.h"

#include <dlfcn.h>

#include <mutex>

namespace tessera {
namespace runtime {

/// Expands a (possibly macro-renamed) entry point to its exported name.
#define TESSERA_STRINGIFY_EXPANDED(name) TESSERA_STRINGIFY(name)
#define TESSERA_STRINGIFY(name) #name

Expected<std::unique_ptr<CudaDriver>> CudaDriver::open(const char *library) {
  // dlerror() is not thread-safe; keep it under a lock.
  static std::mutex dlMutex;
  std::lock_guard<std::mutex> lock(dlMutex);
  std::unique_ptr<CudaDriver> driver(new CudaDriver());
  driver->handle_ = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (!driver->handle_) {
    const char *reason = dlerror();
    return Status::error(std::string("loading the CUDA driver: ") +
                         (reason ? reason : library) +
                         " (no NVIDIA driver installed?)");
  }
#define TESSERA_CUDA_RESOLVE_REQUIRED(name)                                    \
  driver->name = reinterpret_cast<decltype(driver->name)>(                     \
      dlsym(driver->handle_, TESSERA_STRINGIFY_EXPANDED(name)));               \
  if (!driver->name)                                                           \
    return Status::error(std::string("loading the CUDA driver: ") + library +  \
                         " has no entry point " +                              \
                         TESSERA_STRINGIFY_EXPANDED(name) +                    \
                         " (driver too old?)");
#define TESSERA_CUDA_RESOLVE_OPTIONAL(name)                                    \
  driver->name = reinterpret_cast<decltype(driver->name)>(                     \
      dlsym(driver->handle_, TESSERA_STRINGIFY_EXPANDED(name)));
  TESSERA_CUDA_REQUIRED_FUNCTIONS(TESSERA_CUDA_RESOLVE_REQUIRED)
  TESSERA_CUDA_OPTIONAL_FUNCTIONS(TESSERA_CUDA_RESOLVE_OPTIONAL)
  TESSERA_CUDA_RESOLVE_OPTIONAL(cuFuncGetParamCount)
#undef TESSERA_CUDA_RESOLVE_REQUIRED
#undef TESSERA_CUDA_RESOLVE_OPTIONAL
  return driver;
}

CudaDriver::~CudaDriver() {
  if (handle_)
    dlclose(handle_);
}

std::string CudaDriver::describe(CUresult result) const {
  const char *name = nullptr;
  const char *text = nullptr;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || !name)
    return "CUDA error " + std::to_string(static_cast<int>(result));
  std::string description = name;
  if (cuGetErrorString(result, &text) == CUDA_SUCCESS && text)
    description += std::string(": ") + text;
  return description;
}

Status CudaDriver::check(CUresult result, const std::string &what) const {
  if (result == CUDA_SUCCESS)
    return Status::success();
  return Status::error(what + ": " + describe(result));
}

Expected<const CudaDriver *> CudaDriver::get() {
  static std::once_flag once;
  static std::unique_ptr<CudaDriver> driver;
  static std::string error;
  std::call_once(once, [] {
    Expected<std::unique_ptr<CudaDriver>> opened = open("libcuda.so.1");
    if (!opened.ok()) {
      error = opened.message();
      return;
    }
    Status status =
        (*opened)->check((*opened)->cuInit(0), "initialising CUDA (cuInit)");
    if (!status.ok()) {
      error = status.message();
      return;
    }
    driver = opened.take();
  });
  if (!driver)
    return Status::error(error);
  return static_cast<const CudaDriver *>(driver.get());
}

} // namespace runtime
} // namespace tessera
