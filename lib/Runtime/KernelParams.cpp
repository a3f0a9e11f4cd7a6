//===- KernelParams.cpp - A kernel's .params against its manifest ---------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "KernelParams.h"

namespace tessera {
namespace runtime {

std::vector<KernelParamSpec> expectedKernelParams(const Manifest &manifest) {
  std::vector<KernelParamSpec> expected;
  for (const ParamSpec &spec : manifest.params) {
    if (!spec.isTensor()) {
      expected.push_back({spec.name, getDTypeSize(spec.dtype)});
      continue;
    }
    expected.push_back({spec.name + " (pointer)", 8});
    for (size_t d = 0; d < spec.rank(); ++d)
      expected.push_back({spec.name + ".sizes[" + std::to_string(d) + "]", 8});
    for (size_t d = 0; d < spec.rank(); ++d)
      expected.push_back(
          {spec.name + ".strides[" + std::to_string(d) + "]", 8});
  }
  for (const TensorMapSpec &map : manifest.tensorMaps)
    expected.push_back({map.tensor + " (tensor map)", kTensorMapBytes});
  return expected;
}

Status checkKernelParams(const std::vector<KernelParamSpec> &expected,
                         const KernelParamQueries &queries,
                         const std::string &kernel) {
  auto countMismatch = [&](size_t actual) {
    return Status::error(kernel + " has " + std::to_string(actual) +
                         " .params, but the manifest's params expand to " +
                         std::to_string(expected.size()));
  };
  size_t count = 0;
  if (queries.count && queries.count(count) && count != expected.size())
    return countMismatch(count);
  for (size_t i = 0; i < expected.size(); ++i) {
    size_t bytes = 0;
    if (!queries.size(i, bytes))
      return countMismatch(i);
    if (bytes != expected[i].bytes)
      return Status::error(kernel + ": .param " + std::to_string(i) + " (" +
                           expected[i].name + ") is " + std::to_string(bytes) +
                           " bytes, the manifest implies " +
                           std::to_string(expected[i].bytes));
  }
  return Status::success();
}

} // namespace runtime
} // namespace tessera
