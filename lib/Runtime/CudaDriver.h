//===- CudaDriver.h - The CUDA driver API, loaded with dlopen ---*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Private to lib/Runtime. The runtime never links libcuda: it opens
/// libcuda.so.1 with dlopen and resolves each entry point with dlsym, so that
/// binaries start (and fail with a clear message) on machines without a
/// driver. cuda.h is used for types only. Each entry point is looked up under
/// the name cuda.h maps it to (e.g. cuMemAlloc -> cuMemAlloc_v2), so the ABI
/// matches the header's declarations.
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_RUNTIME_CUDADRIVER_H
#define TESSERA_LIB_RUNTIME_CUDADRIVER_H

#include "tessera/Runtime/Status.h"

#include <cuda.h>

#include <memory>
#include <string>

namespace tessera {
namespace runtime {

/// The driver entry points the runtime needs. X(name) per function.
#define TESSERA_CUDA_REQUIRED_FUNCTIONS(X)                                     \
  X(cuInit)                                                                    \
  X(cuGetErrorName)                                                            \
  X(cuGetErrorString)                                                          \
  X(cuDriverGetVersion)                                                        \
  X(cuDeviceGetCount)                                                          \
  X(cuDeviceGet)                                                               \
  X(cuDeviceGetName)                                                           \
  X(cuDeviceGetAttribute)                                                      \
  X(cuDevicePrimaryCtxRetain)                                                  \
  X(cuCtxSetCurrent)                                                           \
  X(cuCtxSynchronize)                                                          \
  X(cuModuleLoadDataEx)                                                        \
  X(cuModuleUnload)                                                            \
  X(cuModuleGetFunction)                                                       \
  X(cuFuncSetAttribute)                                                        \
  X(cuFuncGetAttribute)                                                        \
  X(cuLaunchKernel)                                                            \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor)                               \
  X(cuStreamSynchronize)                                                       \
  X(cuStreamQuery)                                                             \
  X(cuEventCreate)                                                             \
  X(cuEventDestroy)                                                            \
  X(cuEventRecord)                                                             \
  X(cuEventSynchronize)                                                        \
  X(cuEventQuery)                                                              \
  X(cuEventElapsedTime)                                                        \
  X(cuMemAlloc)                                                                \
  X(cuMemFree)                                                                 \
  X(cuMemcpyHtoD)                                                              \
  X(cuMemcpyDtoH)                                                              \
  X(cuMemsetD8Async)                                                           \
  X(cuMemsetD16Async)                                                          \
  X(cuMemsetD32Async)

/// Entry points used when present (older drivers lack them).
#define TESSERA_CUDA_OPTIONAL_FUNCTIONS(X)                                     \
  X(cuFuncGetParamInfo)                                                        \
  X(cuTensorMapEncodeTiled)

/// cuFuncGetParamCount: newer drivers than the CUDA 13.0 headers declare it,
/// so its type is spelled out here. Looked up when present.
using CuFuncGetParamCountFn = CUresult(CUDAAPI *)(CUfunction function,
                                                  size_t *count);

/// A table of driver entry points resolved from one dlopen'ed library.
class CudaDriver {
public:
#define TESSERA_CUDA_DECLARE(name) decltype(&::name) name = nullptr;
  TESSERA_CUDA_REQUIRED_FUNCTIONS(TESSERA_CUDA_DECLARE)
  TESSERA_CUDA_OPTIONAL_FUNCTIONS(TESSERA_CUDA_DECLARE)
#undef TESSERA_CUDA_DECLARE
  CuFuncGetParamCountFn cuFuncGetParamCount = nullptr; ///< Optional.

  /// The process-wide driver: opens libcuda.so.1 and calls cuInit(0) once.
  /// Later calls return the same driver or the same error.
  static Expected<const CudaDriver *> get();

  /// Opens `library` and resolves the entry points, without calling cuInit.
  /// For tests of the no-driver path.
  static Expected<std::unique_ptr<CudaDriver>> open(const char *library);

  /// "CUDA_ERROR_OUT_OF_MEMORY: out of memory".
  std::string describe(CUresult result) const;

  /// Success for CUDA_SUCCESS, else "`what`: CUDA_ERROR_X: description".
  Status check(CUresult result, const std::string &what) const;
  /// As check, with the message built by `what()` only on failure: for the
  /// calls every launch makes.
  template <typename Describe>
  Status checkLazily(CUresult result, Describe &&what) const {
    if (result == CUDA_SUCCESS)
      return Status::success();
    return check(result, what());
  }

  ~CudaDriver();
  CudaDriver(const CudaDriver &) = delete;
  CudaDriver &operator=(const CudaDriver &) = delete;

private:
  CudaDriver() = default;
  void *handle_ = nullptr;
};

} // namespace runtime
} // namespace tessera

#endif // TESSERA_LIB_RUNTIME_CUDADRIVER_H
