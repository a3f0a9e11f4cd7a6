//===- Target.cpp - Supported targets, input checks and PTX emission ------===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//
//
// PTX comes from the upstream NVVM target: the `#nvvm.target` attribute's
// TargetAttrInterface translates the `gpu.module` to LLVM IR, links libdevice
// when the toolkit has it, and runs the NVPTX back end (what
// `gpu-module-to-binary format=isa` does, without building a `gpu.binary`).
//
//===----------------------------------------------------------------------===//

#include "tessera/Target/Target.h"

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/NVVM/NVVMToLLVMIRTranslation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tessera {

//===----------------------------------------------------------------------===//
// Registration and input
//===----------------------------------------------------------------------===//

void registerTargetDialects(DialectRegistry &registry) {
  // tilegpu declares the kernel metadata the manifest is written from.
  registry.insert<gpu::GPUDialect, LLVM::LLVMDialect, NVVM::NVVMDialect,
                  tilegpu::TileGPUDialect>();
  registerBuiltinDialectTranslation(registry);
  registerGPUDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerNVVMDialectTranslation(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

llvm::Expected<KernelOps> findKernel(ModuleOp module) {
  auto gpuModules = llvm::to_vector(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.size() != 1)
    return llvm::createStringError(
        "expected one gpu.module in the input, got " +
        llvm::Twine(gpuModules.size()));
  gpu::GPUModuleOp gpuModule = gpuModules.front();

  llvm::SmallVector<LLVM::LLVMFuncOp> kernels;
  for (auto func : gpuModule.getOps<LLVM::LLVMFuncOp>())
    if (func->hasAttr(NVVM::NVVMDialect::getKernelFuncAttrName()))
      kernels.push_back(func);
  if (kernels.size() != 1)
    return llvm::createStringError("expected one llvm.func marked '" +
                                   NVVM::NVVMDialect::getKernelFuncAttrName() +
                                   "' in gpu.module @" + gpuModule.getName() +
                                   ", got " + llvm::Twine(kernels.size()));
  return KernelOps{gpuModule, kernels.front()};
}

/// The first `#nvvm.target` of `gpuModule`'s targets, or null.
static NVVM::NVVMTargetAttr nvvmTargetOf(gpu::GPUModuleOp gpuModule) {
  if (ArrayAttr targets = gpuModule.getTargetsAttr())
    for (Attribute attr : targets)
      if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(attr))
        return nvvm;
  return {};
}

llvm::Expected<KernelTarget> findTarget(const KernelOps &ops) {
  KernelTarget target;
  gpu::GPUModuleOp gpuModule = ops.gpuModule;
  target.attr = nvvmTargetOf(gpuModule);
  if (!target.attr)
    return llvm::createStringError(
        "gpu.module @" + gpuModule.getName() +
        " has no #nvvm.target: compile it with tessera-attach-target first "
        "(tessera-compile --target, tessera-opt -tessera-attach-target), or "
        "name a chip (tessera-translate --chip)");
  llvm::Expected<const ChipInfo &> chip = lookupChip(target.attr.getChip());
  if (!chip)
    return chip.takeError();
  target.chip = &*chip;
  return target;
}

llvm::Error attachNVVMTarget(ModuleOp module, const TargetSpec &spec) {
  llvm::Expected<KernelOps> ops = findKernel(module);
  if (!ops)
    return ops.takeError();
  MLIRContext *context = module.getContext();
  // Keep the flags (e.g. `fast`, `ftz`) and link files of a target already
  // there, and its chip when `spec` names none; the rest comes from `spec`.
  NVVM::NVVMTargetAttr existing = nvvmTargetOf(ops->gpuModule);
  TargetSpec resolved = spec;
  if (resolved.chip.empty() && existing)
    resolved.chip = existing.getChip().str();
  llvm::Expected<NVVM::NVVMTargetAttr> target =
      makeNVVMTarget(context, resolved);
  if (!target)
    return target.takeError();
  auto attached = NVVM::NVVMTargetAttr::get(
      context, target->getO(), target->getTriple(), target->getChip(),
      target->getFeatures(), existing ? existing.getFlags() : DictionaryAttr(),
      existing ? existing.getLink() : ArrayAttr());
  ops->gpuModule.setTargetsAttr(ArrayAttr::get(context, {attached}));
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// PTX
//===----------------------------------------------------------------------===//

namespace {
/// Collects the diagnostics emitted on a context while it lives, so that
/// they can be returned as an llvm::Error instead of printed.
class DiagnosticCollector {
public:
  explicit DiagnosticCollector(MLIRContext *context)
      : handler(context, [this](Diagnostic &diag) {
          record(diag);
          return success();
        }) {}

  /// An error whose message is `summary` followed by the diagnostics.
  llvm::Error takeError(const llvm::Twine &summary) {
    return llvm::createStringError(summary + (text.empty() ? "" : ":\n") +
                                   text);
  }

private:
  void record(Diagnostic &diag) {
    llvm::raw_string_ostream os(text);
    if (!text.empty())
      os << "\n";
    os << where(diag.getLocation()) << diag;
    for (Diagnostic &note : diag.getNotes())
      os << "\n" << where(note.getLocation()) << "note: " << note;
  }

  /// "file:line:col: " for a location in a file, "" otherwise.
  static std::string where(Location loc) {
    auto file = loc->findInstanceOf<FileLineColLoc>();
    if (!file)
      return "";
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
            ":" + llvm::Twine(file.getColumn()) + ": ")
        .str();
  }

  std::string text;
  ScopedDiagnosticHandler handler;
};
} // namespace

/// Where a CUDA toolkit rooted at `root` keeps libdevice.
static llvm::SmallString<128> libdeviceUnder(llvm::StringRef root) {
  llvm::SmallString<128> path(root);
  llvm::sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  return path;
}

std::optional<std::string> findLibdevice(const TargetOptions &options) {
  llvm::SmallVector<llvm::SmallString<128>, 3> candidates;
  if (!options.cudaRoot.empty())
    candidates.push_back(libdeviceUnder(options.cudaRoot));
  // The toolkit whose ptxas is on PATH (<root>/bin/ptxas).
  if (llvm::ErrorOr<std::string> ptxas = llvm::sys::findProgramByName("ptxas")) {
    llvm::SmallString<128> real;
    if (!llvm::sys::fs::real_path(*ptxas, real))
      candidates.push_back(libdeviceUnder(
          llvm::sys::path::parent_path(llvm::sys::path::parent_path(real))));
  }
  // Debian's and Ubuntu's nvidia-cuda-toolkit.
  candidates.emplace_back("/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc");
  for (const auto &path : candidates)
    if (llvm::sys::fs::is_regular_file(path))
      return std::string(path);
  return std::nullopt;
}

namespace {
/// The libdevice bitcode to link into `gpuModule` when it calls libdevice
/// (`__nv_sinf`, ... : the math builtins that have no instruction), as the
/// serializer's list of libraries: empty when there is no call, or when the
/// NVVM target finds libdevice in `cudaRoot` itself. A call without a
/// libdevice to link is an error at the call (the driver would reject the
/// PTX's unresolved function when it loads the module).
FailureOr<SmallVector<Attribute>>
libdeviceToLink(gpu::GPUModuleOp gpuModule, const TargetOptions &options) {
  SmallVector<Attribute> link;
  for (auto func : gpuModule.getOps<LLVM::LLVMFuncOp>()) {
    if (!func.isExternal() || !func.getName().starts_with("__nv_"))
      continue;
    std::optional<std::string> path = findLibdevice(options);
    if (!path) {
      Location where = func.getLoc();
      gpuModule.walk([&](LLVM::CallOp call) {
        if (call.getCallee() == func.getName()) {
          where = call.getLoc();
          return WalkResult::interrupt();
        }
        return WalkResult::advance();
      });
      emitError(where) << "this builtin calls CUDA's libdevice ("
                       << func.getName()
                       << "), which is not installed: no "
                          "nvvm/libdevice/libdevice.10.bc under '"
                       << options.cudaRoot
                       << "' nor the toolkit of the ptxas on PATH; install "
                          "the CUDA toolkit or pass its root (--cuda-root)";
      return failure();
    }
    if (options.cudaRoot.empty() || *path != libdeviceUnder(options.cudaRoot))
      link.push_back(StringAttr::get(gpuModule.getContext(), *path));
    break;
  }
  return link;
}
} // namespace

llvm::Expected<std::string> translateToPTX(ModuleOp module,
                                           const TargetOptions &options) {
  llvm::Expected<KernelOps> ops = findKernel(module);
  if (!ops)
    return ops.takeError();
  llvm::Expected<KernelTarget> kernelTarget = findTarget(*ops);
  if (!kernelTarget)
    return kernelTarget.takeError();
  llvm::StringRef chip = kernelTarget->chip->name;
  gpu::GPUModuleOp gpuModule = ops->gpuModule;
  DiagnosticCollector diagnostics(module.getContext());

  // The NVVM target checks that every op is available on the chip.
  if (failed(verify(gpuModule)))
    return diagnostics.takeError("the kernel is not valid for " + chip);

  auto target = dyn_cast<gpu::TargetAttrInterface>(kernelTarget->attr);
  if (!target)
    return llvm::createStringError(
        "#nvvm.target has no TargetAttrInterface: call "
        "tessera::registerTargetDialects on the context's registry");
  FailureOr<SmallVector<Attribute>> link = libdeviceToLink(gpuModule, options);
  if (failed(link))
    return diagnostics.takeError("cannot link gpu.module @" +
                                 gpuModule.getName() + " for " + chip);
  gpu::TargetOptions serializeOptions(
      options.cudaRoot, *link, /*cmdOptions=*/"",
      /*elfSection=*/"", gpu::CompilationTarget::Assembly);
  std::optional<SmallVector<char, 0>> ptx =
      target.serializeToObject(gpuModule, serializeOptions);
  if (!ptx)
    return diagnostics.takeError("cannot translate gpu.module @" +
                                 gpuModule.getName() + " to PTX for " +
                                 chip);
  return std::string(ptx->begin(), ptx->end());
}

} // namespace tessera
