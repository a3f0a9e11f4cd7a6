//===- CApi.cpp - C API of the Tessera runtime ----------------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/tessera_runtime.h"

#include "tessera/Runtime/Module.h"
#include "tessera/Runtime/Watchdog.h"

#include <algorithm>
#include <cstring>
#include <new>

namespace rt = tessera::runtime;

/// The opaque handle behind `tessera_module *`.
struct tessera_module {
  explicit tessera_module(rt::Module module) : module(std::move(module)) {}
  rt::Module module;
};

static_assert(sizeof(tessera_arg) == 168, "tessera_arg layout changed");

namespace {

thread_local std::string lastError;

int fail(const std::string &message) {
  lastError = message;
  return -1;
}

int fail(const rt::Status &status) { return fail(status.message()); }

/// Runs `body` (returning 0 or -1), turning any escaping C++ exception into
/// an error when exceptions are enabled.
template <typename Body> int guarded(Body body) {
#if defined(__cpp_exceptions) || defined(__EXCEPTIONS)
  try {
    return body();
  } catch (const std::bad_alloc &) {
    return fail("out of host memory");
  } catch (...) {
    return fail("internal error: unexpected C++ exception");
  }
#else
  return body();
#endif
}

rt::Expected<rt::DType> toDType(int32_t dtype) {
  switch (dtype) {
  case TESSERA_DTYPE_F16:
    return rt::DType::F16;
  case TESSERA_DTYPE_BF16:
    return rt::DType::BF16;
  case TESSERA_DTYPE_F32:
    return rt::DType::F32;
  case TESSERA_DTYPE_I32:
    return rt::DType::I32;
  case TESSERA_DTYPE_I64:
    return rt::DType::I64;
  default:
    return rt::Status::error("unknown dtype code " + std::to_string(dtype));
  }
}

rt::Expected<rt::KernelArg> toKernelArg(const tessera_arg &arg) {
  rt::Expected<rt::DType> dtype = toDType(arg.dtype);
  if (!dtype.ok())
    return dtype.status();
  if (arg.kind == TESSERA_ARG_SCALAR) {
    if (*dtype == rt::DType::F32)
      return rt::KernelArg(rt::ScalarArg::ofFloat(arg.float_value));
    return rt::KernelArg(rt::ScalarArg::ofInt(arg.int_value));
  }
  if (arg.kind != TESSERA_ARG_TENSOR)
    return rt::Status::error("unknown argument kind " +
                             std::to_string(arg.kind));
  if (arg.rank < 0 || arg.rank > TESSERA_MAX_RANK)
    return rt::Status::error("rank " + std::to_string(arg.rank) +
                             " is outside [0, " +
                             std::to_string(TESSERA_MAX_RANK) + "]");
  rt::TensorArg tensor;
  tensor.data = arg.data;
  tensor.dtype = *dtype;
  tensor.sizes.assign(arg.sizes, arg.sizes + arg.rank);
  tensor.strides.assign(arg.strides, arg.strides + arg.rank);
  return rt::KernelArg(std::move(tensor));
}

rt::Expected<std::vector<rt::KernelArg>> toKernelArgs(const tessera_arg *args,
                                                      int numArgs) {
  if (numArgs < 0 || (numArgs > 0 && !args))
    return rt::Status::error("invalid argument array");
  std::vector<rt::KernelArg> converted;
  for (int i = 0; i < numArgs; ++i) {
    rt::Expected<rt::KernelArg> arg = toKernelArg(args[i]);
    if (!arg.ok())
      return arg.status().withContext("argument " + std::to_string(i));
    converted.push_back(arg.take());
  }
  return converted;
}

rt::Expected<rt::LaunchPlan> planFor(const tessera_module *module,
                                     const tessera_arg *args, int numArgs) {
  if (!module)
    return rt::Status::error("module is NULL");
  rt::Expected<std::vector<rt::KernelArg>> converted =
      toKernelArgs(args, numArgs);
  if (!converted.ok())
    return converted.status().withContext("launching " +
                                          module->module.manifest().kernel);
  return module->module.plan(*converted);
}

void copyToBuffer(const std::string &message, char *buffer, size_t size) {
  if (!buffer || size == 0)
    return;
  size_t length = std::min(message.size(), size - 1);
  std::memcpy(buffer, message.data(), length);
  buffer[length] = '\0';
}

} // namespace

extern "C" {

int tessera_api_version(void) { return TESSERA_RUNTIME_API_VERSION; }

const char *tessera_last_error(void) { return lastError.c_str(); }

const char *tessera_manifest_json(const char *manifest_path) {
  thread_local std::string json;
  int result = guarded([&] {
    if (!manifest_path)
      return fail("tessera_manifest_json: manifest_path must not be NULL");
    rt::Expected<rt::Manifest> manifest = rt::Manifest::load(manifest_path);
    if (!manifest.ok())
      return fail(manifest.status());
    json = manifest->toJson();
    return 0;
  });
  return result == 0 ? json.c_str() : nullptr;
}

int tessera_module_load(const char *manifest_path, tessera_module **module,
                        char *errbuf, size_t errbuf_size) {
  return tessera_module_load_ex(manifest_path, 0, 1, module, errbuf,
                                errbuf_size);
}

int tessera_module_load_ex(const char *manifest_path, int device,
                           int prefer_cubin, tessera_module **module,
                           char *errbuf, size_t errbuf_size) {
  int result = guarded([&] {
    if (!manifest_path || !module)
      return fail("tessera_module_load: manifest_path and module must not be "
                  "NULL");
    *module = nullptr;
    rt::LoadOptions options;
    options.device = device;
    options.preferCubin = prefer_cubin != 0;
    rt::Expected<rt::Module> loaded = rt::Module::load(manifest_path, options);
    if (!loaded.ok())
      return fail(loaded.status());
    *module = new tessera_module(loaded.take());
    return 0;
  });
  if (result != 0)
    copyToBuffer(lastError, errbuf, errbuf_size);
  return result;
}

void tessera_module_unload(tessera_module *module) { delete module; }

const char *tessera_module_kernel(const tessera_module *module) {
  return module ? module->module.manifest().kernel.c_str() : "";
}

const char *tessera_module_binary_path(const tessera_module *module) {
  return module ? module->module.binaryPath().c_str() : "";
}

int tessera_module_used_cubin(const tessera_module *module) {
  return module && module->module.usedCubin() ? 1 : 0;
}

int tessera_module_num_params(const tessera_module *module) {
  return module ? static_cast<int>(module->module.manifest().params.size()) : 0;
}

const char *tessera_module_param_name(const tessera_module *module, int index) {
  if (!module || index < 0 ||
      index >= static_cast<int>(module->module.manifest().params.size()))
    return "";
  return module->module.manifest().params[index].name.c_str();
}

int tessera_grid(const tessera_module *module, const tessera_arg *args,
                 int num_args, uint32_t grid[3]) {
  return guarded([&] {
    rt::Expected<rt::LaunchPlan> plan = planFor(module, args, num_args);
    if (!plan.ok())
      return fail(plan.status());
    rt::Expected<std::array<unsigned, 3>> launched =
        module->module.launchGrid(*plan);
    if (!launched.ok())
      return fail(launched.status());
    for (int i = 0; i < 3; ++i)
      grid[i] = (*launched)[i];
    return 0;
  });
}

int tessera_launch(const tessera_module *module, const tessera_arg *args,
                   int num_args, void *stream) {
  return guarded([&] {
    rt::Expected<rt::LaunchPlan> plan = planFor(module, args, num_args);
    if (!plan.ok())
      return fail(plan.status());
    rt::Status status = module->module.launch(*plan, stream);
    return status.ok() ? 0 : fail(status);
  });
}

int tessera_time(const tessera_module *module, const tessera_arg *args,
                 int num_args, void *stream, int warmup, int iterations,
                 float *median_ms) {
  return guarded([&] {
    if (!median_ms)
      return fail("tessera_time: median_ms must not be NULL");
    rt::Expected<rt::LaunchPlan> plan = planFor(module, args, num_args);
    if (!plan.ok())
      return fail(plan.status());
    rt::Expected<std::vector<float>> times =
        module->module.time(*plan, stream, warmup, iterations);
    if (!times.ok())
      return fail(times.status());
    std::vector<float> sorted = times.take();
    std::sort(sorted.begin(), sorted.end());
    *median_ms = sorted[sorted.size() / 2];
    return 0;
  });
}

int tessera_set_wait_timeout(double seconds) {
  if (!(seconds >= 0))
    return fail("tessera_set_wait_timeout: expected seconds >= 0");
  rt::setWaitTimeout(seconds);
  return 0;
}

} // extern "C"
