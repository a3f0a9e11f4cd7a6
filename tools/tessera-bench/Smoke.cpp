//===- Smoke.cpp - GPU smoke test of the runtime --------------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Smoke.h"

#include "tessera/Runtime/Module.h"
#include "tessera/Runtime/tessera_runtime.h"

#include <cmath>
#include <cstring>
#include <vector>

namespace tessera {
namespace bench {

using runtime::DType;
using runtime::Expected;
using runtime::KernelArg;
using runtime::Status;

namespace {

constexpr int64_t kRows = 37;  // M
constexpr int64_t kCols = 300; // N: not a multiple of the 128-thread block
/// X's row pitch: padded past N (rows stay 16-byte aligned), so that the
/// kernel's strides are exercised.
constexpr int64_t kPitch = 304;
constexpr float kAlpha = 0.5f;

/// Device tensors of one smoke run; X has padded rows to exercise strides.
struct SmokeData {
  std::vector<float> x, y; ///< Row-major host values.
  runtime::DeviceBuffer xBuf, yBuf, outBuf;
  std::vector<KernelArg> args;
};

Expected<runtime::DeviceBuffer> allocate(size_t count) {
  return runtime::DeviceBuffer::allocate(count * sizeof(float));
}

Expected<SmokeData> prepare() {
  const size_t count = kRows * kCols;
  Expected<runtime::DeviceBuffer> x = allocate(kRows * kPitch),
                                  y = allocate(count), out = allocate(count);
  for (auto *buffer : {&x, &y, &out})
    if (!buffer->ok())
      return buffer->status();
  SmokeData data{{}, {}, x.take(), y.take(), out.take(), {}};
  // The padding holds NaN: a kernel that ignored the row stride would read it.
  std::vector<float> xPadded(kRows * kPitch, std::nanf(""));
  for (int64_t i = 0; i < kRows; ++i)
    for (int64_t j = 0; j < kCols; ++j) {
      data.x.push_back(0.25f * i - 0.125f * j + 1.0f);
      data.y.push_back(static_cast<float>((i * 7 + j * 3) % 11) - 5.0f);
      xPadded[i * kPitch + j] = data.x.back();
    }
  TESSERA_RETURN_IF_ERROR(
      data.xBuf.upload(xPadded.data(), xPadded.size() * 4));
  TESSERA_RETURN_IF_ERROR(data.yBuf.upload(data.y.data(), count * 4));
  runtime::TensorArg xArg;
  xArg.data = data.xBuf.address();
  xArg.dtype = DType::F32;
  xArg.sizes = {kRows, kCols};
  xArg.strides = {kPitch, 1};
  data.args = {xArg,
               runtime::TensorArg::contiguous(data.yBuf.address(), DType::F32,
                                              {kRows, kCols}),
               runtime::TensorArg::contiguous(data.outBuf.address(), DType::F32,
                                              {kRows, kCols}),
               runtime::ScalarArg::ofFloat(kAlpha)};
  return data;
}

/// Poisons Out, runs `launch`, and compares Out with X + alpha * Y exactly.
template <typename Launch>
Status runAndCompare(SmokeData &data, const char *what, Launch launch) {
  TESSERA_RETURN_IF_ERROR(data.outBuf.fill8(0xFF));
  TESSERA_RETURN_IF_ERROR(launch());
  TESSERA_RETURN_IF_ERROR(runtime::synchronize().withContext(what));
  std::vector<float> out(kRows * kCols);
  TESSERA_RETURN_IF_ERROR(data.outBuf.download(out.data(), out.size() * 4));
  for (size_t k = 0; k < out.size(); ++k) {
    float expected = std::fma(kAlpha, data.y[k], data.x[k]);
    if (!(out[k] == expected))
      return Status::error(
          std::string(what) + ": Out[" + std::to_string(k / kCols) + ", " +
          std::to_string(k % kCols) + "] = " + std::to_string(out[k]) +
          ", expected " + std::to_string(expected));
  }
  return Status::success();
}

/// The runtime must refuse bad arguments with a message naming the problem.
Status expectRejected(const runtime::Module &module,
                      const std::vector<KernelArg> &args, const char *needle,
                      std::ostream &log) {
  Status status = module.launch(args);
  if (status.ok())
    return Status::error(std::string("a launch with bad arguments succeeded "
                                     "(expected an error mentioning '") +
                         needle + "')");
  if (status.message().find(needle) == std::string::npos)
    return Status::error("unexpected error text: " + status.message());
  log << "  rejected as expected: " << status.message() << "\n";
  return Status::success();
}

Status checkRejections(const runtime::Module &module, const SmokeData &data,
                       std::ostream &log) {
  std::vector<KernelArg> args = data.args;
  runtime::TensorArg wrongDType = args[1].tensor();
  wrongDType.dtype = DType::F16;
  args[1] = wrongDType;
  TESSERA_RETURN_IF_ERROR(
      expectRejected(module, args, "expected dtype f32", log));
  args = data.args;
  runtime::TensorArg misaligned = args[2].tensor();
  misaligned.data += 4;
  args[2] = misaligned;
  TESSERA_RETURN_IF_ERROR(expectRejected(module, args, "16-byte aligned", log));
  args = data.args;
  runtime::TensorArg columnMajor = args[0].tensor();
  columnMajor.strides = {1, kRows};
  args[0] = columnMajor;
  TESSERA_RETURN_IF_ERROR(expectRejected(
      module, args, "expected a contiguous innermost dimension", log));
  args = data.args;
  args.pop_back();
  return expectRejected(module, args, "expected 4 arguments", log);
}

tessera_arg toCArg(const KernelArg &arg) {
  tessera_arg c;
  std::memset(&c, 0, sizeof(c));
  if (!arg.isTensor()) {
    c.kind = TESSERA_ARG_SCALAR;
    c.dtype = TESSERA_DTYPE_F32;
    c.float_value = arg.scalar().floatValue;
    return c;
  }
  const runtime::TensorArg &tensor = arg.tensor();
  c.kind = TESSERA_ARG_TENSOR;
  c.dtype = TESSERA_DTYPE_F32;
  c.rank = static_cast<int32_t>(tensor.sizes.size());
  c.data = tensor.data;
  for (int d = 0; d < c.rank; ++d) {
    c.sizes[d] = tensor.sizes[d];
    c.strides[d] = tensor.strides[d];
  }
  return c;
}

Status checkCApi(const std::string &manifestPath, SmokeData &data,
                 std::ostream &log) {
  tessera_module *module = nullptr;
  char error[1024];
  if (tessera_module_load(manifestPath.c_str(), &module, error, sizeof(error)))
    return Status::error(std::string("C API: ") + error);
  std::vector<tessera_arg> args;
  for (const KernelArg &arg : data.args)
    args.push_back(toCArg(arg));
  Status status = runAndCompare(data, "C API launch", [&] {
    if (tessera_launch(module, args.data(), static_cast<int>(args.size()),
                       nullptr))
      return Status::error(tessera_last_error());
    return Status::success();
  });
  float median = 0;
  if (status.ok() &&
      tessera_time(module, args.data(), static_cast<int>(args.size()), nullptr,
                   2, 10, &median))
    status =
        Status::error(std::string("C API timing: ") + tessera_last_error());
  tessera_module_unload(module);
  if (status.ok())
    log << "  C API: launch correct, median " << median << " ms\n";
  return status;
}

} // namespace

Status runSmoke(const std::string &manifestPath, bool preferCubin,
                bool expectCubin, std::ostream &log) {
  runtime::LoadOptions options;
  options.preferCubin = preferCubin;
  Expected<runtime::Module> module =
      runtime::Module::load(manifestPath, options);
  if (!module.ok())
    return module.status();
  log << "  loaded " << module->binaryPath()
      << (module->usedCubin() ? " (cubin)" : " (PTX, JIT-compiled)")
      << (module->loadNote().empty() ? "" : "; " + module->loadNote()) << "\n";
  if (expectCubin && !module->usedCubin())
    return Status::error("expected the cubin to be loaded, got " +
                         module->binaryPath());
  Expected<SmokeData> data = prepare();
  if (!data.ok())
    return data.status();
  TESSERA_RETURN_IF_ERROR(runAndCompare(
      *data, "C++ API launch", [&] { return module->launch(data->args); }));
  log << "  C++ API: " << kRows << "x" << kCols
      << " strided axpy with 64 KB dynamic shared memory is exact\n";
  TESSERA_RETURN_IF_ERROR(checkRejections(*module, *data, log));
  Expected<runtime::LaunchPlan> plan = module->plan(data->args);
  if (!plan.ok())
    return plan.status();
  Expected<std::vector<float>> times = module->time(*plan, nullptr, 3, 20);
  if (!times.ok())
    return times.status();
  log << "  timed " << times->size() << " launches with events\n";
  return checkCApi(manifestPath, *data, log);
}

} // namespace bench
} // namespace tessera
