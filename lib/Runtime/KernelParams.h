//===- KernelParams.h - A kernel's .params against its manifest -*- C++ -*-===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
///
/// \file
/// Private to lib/Runtime. At load time the runtime compares the `.param`
/// list of the compiled kernel with the one the manifest's params expand to
/// (docs/manifest.md, "Parameters and the kernel ABI"). The driver queries
/// come in as callbacks so that the comparison is tested without a GPU.
///
/// The queries never ask the driver about a parameter that does not exist:
/// cuFuncGetParamInfo past the last one fails with CUDA_ERROR_INVALID_VALUE,
/// which compute-sanitizer reports as an API error on every load. The count
/// comes from cuFuncGetParamCount where the driver has it; without it, only
/// the manifest's parameters are inspected (a kernel with extra trailing
/// .params then goes unnoticed).
///
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_RUNTIME_KERNELPARAMS_H
#define TESSERA_LIB_RUNTIME_KERNELPARAMS_H

#include "tessera/Runtime/Manifest.h"
#include "tessera/Runtime/Status.h"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace tessera {
namespace runtime {

/// One `.param` the manifest implies: a name for messages and its size.
struct KernelParamSpec {
  std::string name; ///< "Q (pointer)", "Q.sizes[1]", "sm_scale".
  size_t bytes = 0;
};

/// The `.param`s `manifest`'s params expand to, in order.
std::vector<KernelParamSpec> expectedKernelParams(const Manifest &manifest);

/// Queries of a compiled kernel's `.param` list.
struct KernelParamQueries {
  /// Sets the number of .params; false when the query fails. Empty where
  /// the driver has no cuFuncGetParamCount.
  std::function<bool(size_t &count)> count;
  /// Sets the byte size of .param `index`; false when there is none.
  std::function<bool(size_t index, size_t &bytes)> size;
};

/// Checks the kernel's .params against `expected`; `kernel` names it in
/// messages ("kernel fa2 in out/fa2.cubin"). Calls `queries.size` only for
/// indices below the count (below expected.size() without a count).
Status checkKernelParams(const std::vector<KernelParamSpec> &expected,
                         const KernelParamQueries &queries,
                         const std::string &kernel);

} // namespace runtime
} // namespace tessera

#endif // TESSERA_LIB_RUNTIME_KERNELPARAMS_H
