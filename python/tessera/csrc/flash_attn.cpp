//===- flash_attn.cpp - flash_attn_func's C++ op and autograd node -------===//
//
// Part of Tessera. The compiled launch path of tessera.ops.flash_attn_func,
// built on first use against the PyTorch in the process
// (torch.utils.cpp_extension, python/tessera/ops/_extension.py):
//
//   out, lse = torch.ops.tessera_ext.flash_attn(q, k, v, slopes, scale,
//                                                modules)
//
// q: [B, N, H, D], k, v: [B, N, HK, D] (HK divides H: GQA/MQA) CUDA tensors
// with a contiguous head dim; slopes:
// float32 [H] (ALiBi; read only by kernels compiled with ALIBI=1); modules:
// the tessera_module handles the Python package compiled and loaded for this
// combination, in the order forward (kernels/fa2_bnhd.tile), then
// kernels/fa2_bwd.tile's preprocess, dK/dV and dQ kernels (0 where no
// gradient can be asked for), each registered first with
// torch.ops.tessera_ext.register_module(handle). Out is allocated like q and
// Lse as float32 [B, H, N]; when q, k or v requires grad, a C++ autograd node
// records the call and its backward launches the three backward kernels on the
// stream the engine gives it, with no Python in between.
//
// Each kernel's parameters are bound by name (the manifest's, through the
// runtime's C API) and checked by tessera_launch against the manifest, so a
// tensor that does not fit is an error with the runtime's message, never a
// launch. What this file adds over the Python path is host time only: the
// arguments, the launches and the kernels are the same.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/tessera_runtime.h"

#include <ATen/ATen.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAGuard.h>
#include <c10/cuda/CUDAStream.h>
#include <torch/csrc/autograd/custom_function.h>
#include <torch/library.h>

#include <array>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <string>
#include <unordered_set>
#include <utility>

namespace {

using torch::autograd::AutogradContext;
using torch::autograd::variable_list;

/// The order of `modules`.
enum Kernel { Forward = 0, Preprocess = 1, DKDV = 2, DQ = 3, NumKernels = 4 };

/// One named argument of a launch.
using Named = std::pair<const char *, tessera_arg>;

tessera_dtype dtypeOf(const at::Tensor &t) {
  switch (t.scalar_type()) {
  case at::kHalf:
    return TESSERA_DTYPE_F16;
  case at::kBFloat16:
    return TESSERA_DTYPE_BF16;
  case at::kFloat:
    return TESSERA_DTYPE_F32;
  default:
    TORCH_CHECK(false,
                std::string("tessera.ops.flash_attn_func: unsupported dtype ") +
                    c10::toString(t.scalar_type()));
  }
}

/// "dtype [sizes] on device", for messages. (Numbers are formatted with
/// std::to_string: this file's streams may come from another libstdc++ than
/// the process's, whose number formatting they must not reach.)
std::string describe(const at::Tensor &t) {
  std::string sizes;
  for (int64_t size : t.sizes())
    sizes += (sizes.empty() ? "" : ", ") + std::to_string(size);
  return std::string(c10::toString(t.scalar_type())) + " [" + sizes + "] on " +
         t.device().str();
}

/// `t` as a kernel argument, its dimensions taken in `order` (a view: the
/// [B, N, H, D] tensors are passed as [B, H, N, D] with order {0, 2, 1, 3}).
tessera_arg tensorArg(const at::Tensor &t, std::initializer_list<int> order) {
  tessera_arg arg;
  std::memset(&arg, 0, sizeof(arg));
  arg.kind = TESSERA_ARG_TENSOR;
  arg.dtype = dtypeOf(t);
  arg.rank = static_cast<int32_t>(order.size());
  arg.data = reinterpret_cast<uint64_t>(t.data_ptr());
  int i = 0;
  for (int dim : order) {
    arg.sizes[i] = t.size(dim);
    arg.strides[i] = t.stride(dim);
    ++i;
  }
  return arg;
}

tessera_arg bnhd(const at::Tensor &t) { return tensorArg(t, {0, 2, 1, 3}); }
tessera_arg asIs(const at::Tensor &t) {
  TORCH_CHECK(t.dim() == 1 || t.dim() == 3,
              "tessera: unexpected rank " + std::to_string(t.dim()));
  return t.dim() == 1 ? tensorArg(t, {0}) : tensorArg(t, {0, 1, 2});
}

tessera_arg f32Arg(double value) {
  tessera_arg arg;
  std::memset(&arg, 0, sizeof(arg));
  arg.kind = TESSERA_ARG_SCALAR;
  arg.dtype = TESSERA_DTYPE_F32;
  arg.float_value = value;
  return arg;
}

/// The module handles the Python package registered (register_module): the
/// only ones `launch` dereferences, so a wrong integer is an error, not a
/// crash.
std::mutex registryMutex;
std::unordered_set<int64_t> &registry() {
  static std::unordered_set<int64_t> handles;
  return handles;
}

void registerModule(int64_t handle) {
  TORCH_CHECK(handle != 0, "tessera_ext::register_module: a null handle");
  std::lock_guard<std::mutex> lock(registryMutex);
  registry().insert(handle);
}

/// Launches `module` on `stream`, each parameter taken from `named` by the
/// manifest's name; errors are the runtime's.
void launch(int64_t handle, std::initializer_list<Named> named,
            const c10::cuda::CUDAStream &stream) {
  {
    std::lock_guard<std::mutex> lock(registryMutex);
    TORCH_CHECK(registry().count(handle),
                "tessera_ext::flash_attn: " + std::to_string(handle) +
                    " is not a kernel handle tessera.ops registered (call "
                    "tessera.ops.flash_attn_func, not the op itself)");
  }
  auto *module = reinterpret_cast<const tessera_module *>(handle);
  int count = tessera_module_num_params(module);
  TORCH_CHECK(count >= 0 && count <= 16,
              std::string("tessera: ") + tessera_module_kernel(module) +
                  " has " + std::to_string(count) + " parameters");
  std::array<tessera_arg, 16> args;
  for (int i = 0; i < count; ++i) {
    const char *name = tessera_module_param_name(module, i);
    const Named *found = nullptr;
    for (const Named &entry : named)
      if (std::strcmp(entry.first, name) == 0)
        found = &entry;
    TORCH_CHECK(found, "tessera: kernel ", tessera_module_kernel(module),
                " has a parameter ", name,
                " that tessera.ops.flash_attn_func does not bind");
    args[i] = found->second;
  }
  TORCH_CHECK(tessera_launch(module, args.data(), count, stream.stream()) == 0,
              "tessera: ", tessera_last_error());
}

/// Makes the work queued on `later` from now on wait for what is queued on
/// `first` so far (an event, released once it has fired).
void orderAfter(const c10::cuda::CUDAStream &later,
                const c10::cuda::CUDAStream &first) {
  cudaEvent_t event;
  C10_CUDA_CHECK(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  C10_CUDA_CHECK(cudaEventRecord(event, first.stream()));
  C10_CUDA_CHECK(cudaStreamWaitEvent(later.stream(), event, 0));
  C10_CUDA_CHECK(cudaEventDestroy(event));
}

class FlashAttnFunction : public torch::autograd::Function<FlashAttnFunction> {
public:
  static variable_list forward(AutogradContext *ctx, const at::Tensor &q,
                               const at::Tensor &k, const at::Tensor &v,
                               const at::Tensor &slopes, double scale,
                               c10::IntArrayRef modules) {
    TORCH_CHECK(modules.size() == NumKernels,
                "tessera_ext::flash_attn: expected 4 module handles, got " +
                    std::to_string(modules.size()));
    TORCH_CHECK(
        q.is_cuda() && q.dim() == 4 && k.dim() == 4 && v.sizes() == k.sizes() &&
            k.size(2) > 0 && q.size(2) % k.size(2) == 0,
        "tessera_ext::flash_attn: expected CUDA q [B, N, H, D] and k, v "
        "[B, N, HK, D] with HK dividing H");
    for (const at::Tensor *t : {&k, &v, &slopes})
      if (t->device() != q.device()) // (The message only then: hot path.)
        TORCH_CHECK(false, "tessera_ext::flash_attn: every tensor must be on " +
                               q.device().str() + ", got " + t->device().str());
    at::Tensor out = at::empty_like(q);
    at::Tensor lse = at::empty({q.size(0), q.size(2), q.size(1)},
                               q.options().dtype(at::kFloat));
    if (q.numel())
      launch(modules[Forward],
             {{"Q", bnhd(q)},
              {"K", bnhd(k)},
              {"V", bnhd(v)},
              {"Slopes", asIs(slopes)},
              {"sm_scale", f32Arg(scale)},
              {"Out", bnhd(out)},
              {"Lse", asIs(lse)}},
             c10::cuda::getCurrentCUDAStream(q.get_device()));
    ctx->save_for_backward({q, k, v, out, lse, slopes});
    ctx->saved_data["scale"] = scale;
    ctx->saved_data["modules"] = modules.vec();
    ctx->mark_non_differentiable({lse});
    // Lse has no gradient: without this the engine would fill a zero tensor
    // for it on every backward (a kernel and an aten op of host time).
    ctx->set_materialize_grads(false);
    return {out, lse};
  }

  static variable_list backward(AutogradContext *ctx, variable_list grads) {
    variable_list saved = ctx->get_saved_variables();
    const at::Tensor &q = saved[0], &k = saved[1], &v = saved[2];
    const at::Tensor &out = saved[3], &lse = saved[4], &slopes = saved[5];
    at::Tensor dout = grads[0];
    if (!dout.defined()) // Out did not reach the loss: no gradient.
      return {at::Tensor(), at::Tensor(), at::Tensor(),
              at::Tensor(), at::Tensor(), at::Tensor()};
    TORCH_CHECK(
        dout.sizes() == q.sizes() && dout.scalar_type() == q.scalar_type() &&
            dout.device() == q.device(),
        "tessera.ops.flash_attn_func backward: the gradient of out must "
        "be " +
            describe(q) + ", got " + describe(dout));
    if (dout.size(-1) > 1 && dout.stride(-1) != 1)
      dout = dout.contiguous();
    at::Tensor dq = at::empty_like(q), dk = at::empty_like(k),
               dv = at::empty_like(v);
    if (!q.numel())
      return {dq, dk, dv, at::Tensor(), at::Tensor(), at::Tensor()};
    // GQA/MQA: the dK/dV kernel writes each query head's share; each group's
    // H / HK shares are summed into dk and dv after it.
    int64_t group = q.size(2) / k.size(2);
    at::Tensor dkHeads = group == 1 ? dk : at::empty(q.sizes(), k.options());
    at::Tensor dvHeads = group == 1 ? dv : at::empty(q.sizes(), v.options());
    at::Tensor delta = at::empty_like(lse);
    std::vector<int64_t> modules = ctx->saved_data["modules"].toIntVector();
    double scale = ctx->saved_data["scale"].toDouble();
    c10::cuda::CUDAStream stream =
        c10::cuda::getCurrentCUDAStream(q.get_device());
    launch(modules[Preprocess],
           {{"Out", bnhd(out)}, {"dO", bnhd(dout)}, {"Delta", asIs(delta)}},
           stream);
    // dK/dV and dQ both read Delta and write disjoint gradients: dQ runs on
    // a side stream, so that its programs fill the SMs dK/dV's last wave
    // leaves idle; the engine's stream waits for it before going on (every
    // tensor either reads is thus in use on the current stream until then).
    c10::cuda::CUDAGuard guard(q.device());
    c10::cuda::CUDAStream side =
        c10::cuda::getStreamFromPool(false, q.get_device());
    orderAfter(side, stream);
    tessera_arg Q = bnhd(q), K = bnhd(k), V = bnhd(v), dO = bnhd(dout),
                Lse = asIs(lse), Delta = asIs(delta), Slopes = asIs(slopes),
                Scale = f32Arg(scale);
    launch(modules[DKDV],
           {{"Q", Q},
            {"K", K},
            {"V", V},
            {"dO", dO},
            {"Lse", Lse},
            {"Delta", Delta},
            {"Slopes", Slopes},
            {"sm_scale", Scale},
            {"dK", bnhd(dkHeads)},
            {"dV", bnhd(dvHeads)}},
           stream);
    launch(modules[DQ],
           {{"Q", Q},
            {"K", K},
            {"V", V},
            {"dO", dO},
            {"Lse", Lse},
            {"Delta", Delta},
            {"Slopes", Slopes},
            {"sm_scale", Scale},
            {"dQ", bnhd(dq)}},
           side);
    orderAfter(stream, side);
    if (group > 1) {
      std::vector<int64_t> shape = {k.size(0), k.size(1), k.size(2), group,
                                    k.size(3)};
      at::sum_out(dk, dkHeads.view(shape), {3});
      at::sum_out(dv, dvHeads.view(shape), {3});
    }
    return {dq, dk, dv, at::Tensor(), at::Tensor(), at::Tensor()};
  }
};

std::tuple<at::Tensor, at::Tensor>
flashAttn(const at::Tensor &q, const at::Tensor &k, const at::Tensor &v,
          const at::Tensor &slopes, double scale, c10::IntArrayRef modules) {
  variable_list result =
      FlashAttnFunction::apply(q, k, v, slopes, scale, modules);
  return {result[0], result[1]};
}

} // namespace

TORCH_LIBRARY(tessera_ext, m) {
  m.def("register_module(int handle) -> ()", &registerModule);
  m.def("flash_attn(Tensor q, Tensor k, Tensor v, Tensor slopes, float scale, "
        "int[] modules) -> (Tensor, Tensor)",
        &flashAttn);
}
