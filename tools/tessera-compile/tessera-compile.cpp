//===- tessera-compile.cpp - The Tessera compiler driver ------------------===//
//
// Part of Tessera. Compiles a .tile file:
//
//   tessera-compile kernels/fa2.tile -D BLOCK_M=64 --emit=tile [-o out.mlir]
//   tessera-compile kernels/fa2.tile --target sm_90a -o out/fa2
//       (writes out/fa2.ptx, out/fa2.cubin, out/fa2.json; `-o out/` writes
//       out/<kernel>.ptx, ...)
//
// The GPU stages compile one kernel: the file's only one, or the one
// --kernel names.
//
// The driver is a sequence of stages: the frontend, the tile-to-GPU pipeline
// (tessera-to-gpu), the GPU-to-NVVM pipeline (tessera-gpu-to-nvvm), PTX, and
// ptxas + manifest. --emit picks the last one to run; without --emit the
// driver prints tile IR, or writes the files when --target is given.
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/PassPipelines.h"
#include "tessera/Frontend/Frontend.h"
#include "tessera/Target/Manifest.h"
#include "tessera/Target/Target.h"
#include "tessera/Transforms/Passes.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace cl = llvm::cl;

namespace {

/// The stages --emit can stop after, in pipeline order.
enum class EmitKind { Tile, Gpu, Llvm, Ptx, Files };

cl::OptionCategory compileCategory("tessera-compile options");

/// The command line of the driver.
struct Options {
  cl::opt<std::string> input{cl::Positional, cl::desc("<input .tile file>"),
                             cl::Required, cl::cat(compileCategory)};
  cl::list<std::string> defines{"D", cl::Prefix,
                                cl::desc("Override a constant: -D NAME=VALUE"),
                                cl::value_desc("NAME=VALUE"),
                                cl::cat(compileCategory)};
  cl::opt<EmitKind> emit{
      "emit", cl::desc("The stage to run up to and print"),
      cl::cat(compileCategory), cl::init(EmitKind::Tile),
      cl::values(clEnumValN(EmitKind::Tile, "tile", "the tile dialect"),
                 clEnumValN(EmitKind::Gpu, "gpu", "the GPU-level dialects"),
                 clEnumValN(EmitKind::Llvm, "llvm", "the LLVM/NVVM dialects"),
                 clEnumValN(EmitKind::Ptx, "ptx", "PTX text"),
                 clEnumValN(EmitKind::Files, "files",
                            "PREFIX.ptx, PREFIX.cubin and PREFIX.json (-o "
                            "PREFIX)"))};
  cl::opt<std::string> output{"o", cl::desc("Output file (or prefix)"),
                              cl::value_desc("path"), cl::cat(compileCategory), cl::init("-")};
  cl::opt<std::string> kernel{
      "kernel",
      cl::desc("The kernel to compile (default: the only one in the file)"),
      cl::value_desc("NAME"), cl::cat(compileCategory)};
  cl::opt<std::string> cudaRoot{
      "cuda-root",
      cl::desc("The CUDA toolkit whose bin/ptxas to run (else ptxas on PATH)"),
      cl::value_desc("dir"), cl::cat(compileCategory),
      cl::init("/usr/local/cuda")};
  cl::opt<std::string> target{"target", cl::desc("GPU architecture"),
                              cl::value_desc("sm_XX"), cl::cat(compileCategory), cl::init("sm_90a")};
  cl::opt<unsigned> maxRegisters{
      "max-registers",
      cl::desc("Registers per thread (nvvm.maxnreg; 0: let ptxas choose)"),
      cl::cat(compileCategory), cl::init(0)};
  cl::opt<unsigned> maxVectorBytes{
      "max-vector-bytes",
      cl::desc("The widest global access of a register tile in bytes (1, 2, "
               "4, 8 or 16; the manifest's align follows)"),
      cl::cat(compileCategory), cl::init(16)};
  cl::opt<tessera::MmaKind> mma{
      "mma", cl::desc("Tensor-core instructions"), cl::cat(compileCategory),
      cl::init(tessera::MmaKind::Auto), tessera::mmaKindValues()};
  cl::opt<tessera::CopyKind> copies{
      "copies", cl::desc("How pipelined tiles reach shared memory"),
      cl::cat(compileCategory), cl::init(tessera::CopyKind::Auto),
      tessera::copyKindValues()};
  cl::opt<bool> warpSpecialize{
      "warp-specialize",
      cl::desc("Give the TMA copies of every kernel to a producer "
               "warpgroup, as @kernel(warp_specialize=True) does (sm_90a)"),
      cl::cat(compileCategory), cl::init(false)};
  cl::opt<bool> persistent{
      "persistent",
      cl::desc("Run every kernel's programs in a loop over the CTAs the GPU "
               "holds, as @kernel(persistent=True) does"),
      cl::cat(compileCategory), cl::init(false)};
  cl::opt<unsigned> ctasPerSm{
      "ctas-per-sm",
      cl::desc("CTAs an SM holds: a warp-specialized kernel's registers are "
               "its share (1 to 4; 2 for one consumer warpgroup)"),
      cl::cat(compileCategory), cl::init(1)};
  cl::opt<bool> noCubin{"no-cubin",
                        cl::desc("Write PTX and manifest only (no ptxas)"),
                        cl::cat(compileCategory), cl::init(false)};
  // `--stats` is LLVM's own option (llvm::AreStatisticsEnabled()): with it
  // the driver prints the kernel's registers, spills and shared memory.
  cl::opt<bool> decomposeOnlineSoftmax{
      "decompose-online-softmax",
      cl::desc("Rewrite tile.online_softmax into its steps before printing"),
      cl::cat(compileCategory), cl::init(false)};
};

} // namespace

/// Splits each -D NAME=VALUE.
static std::optional<std::vector<std::pair<std::string, std::string>>>
parseDefines(const cl::list<std::string> &defines) {
  std::vector<std::pair<std::string, std::string>> result;
  for (const std::string &define : defines) {
    auto [name, value] = llvm::StringRef(define).split('=');
    if (name.empty() || value.empty() ||
        define.find('=') == std::string::npos) {
      llvm::WithColor::error()
          << "expected -D NAME=VALUE, got -D " << define << "\n";
      return std::nullopt;
    }
    result.emplace_back(name.trim().str(), value.str());
  }
  return result;
}

/// Reports an error about the input file as a whole ("f.tile: error: ...").
static void fileError(llvm::StringRef file, const llvm::Twine &message) {
  llvm::SMDiagnostic(file, llvm::SourceMgr::DK_Error, message.str())
      .print(/*ProgName=*/nullptr, llvm::errs());
}

/// The module's kernels, in file order.
static llvm::SmallVector<mlir::func::FuncOp> kernelsOf(mlir::ModuleOp module) {
  llvm::SmallVector<mlir::func::FuncOp> kernels;
  for (auto func : module.getOps<mlir::func::FuncOp>())
    if (func->hasAttr(tessera::tile::TileDialect::kKernelAttrName))
      kernels.push_back(func);
  return kernels;
}

/// Keeps the kernel to compile and erases the others: the one `name` names
/// (--kernel), or the file's only kernel. With `needOne` false (--emit=tile)
/// and no name, every kernel stays. Returns the name of the kept kernel
/// ("" when all stay).
static mlir::FailureOr<std::string> selectKernel(mlir::ModuleOp module,
                                                 const Options &options,
                                                 llvm::StringRef name,
                                                 bool needOne) {
  llvm::SmallVector<mlir::func::FuncOp> kernels = kernelsOf(module);
  // At most this many names in a message: a file may hold thousands.
  constexpr size_t kMaxListed = 8;
  std::string known;
  for (auto [i, kernel] : llvm::enumerate(kernels)) {
    if (i == kMaxListed) {
      known += ", ...";
      break;
    }
    known += (i ? ", " : "") + kernel.getSymName().str();
  }
  mlir::func::FuncOp kept;
  if (!name.empty()) {
    const auto *it = llvm::find_if(kernels, [&](mlir::func::FuncOp kernel) {
      return kernel.getSymName() == name;
    });
    if (it == kernels.end()) {
      fileError(options.input,
                "no kernel named '" + name + "' in this file" +
                    (kernels.empty() ? "" : " (kernels: " + known + ")"));
      return mlir::failure();
    }
    kept = *it;
  } else if (!needOne) {
    return std::string();
  } else if (kernels.empty()) {
    fileError(options.input, "no @kernel in this file");
    return mlir::failure();
  } else if (kernels.size() > 1) {
    mlir::emitError(kernels[1].getLoc())
        << "a second kernel in this file; the GPU stages compile one kernel "
           "at a time: choose it with --kernel NAME (kernels: "
        << known << ")";
    return mlir::failure();
  } else {
    kept = kernels.front();
  }
  for (mlir::func::FuncOp kernel : kernels)
    if (kernel != kept)
      kernel.erase();
  return kept.getSymName().str();
}

/// The prefix of the files --emit=files writes: -o PREFIX, or DIR/<kernel>
/// when -o names a directory (an existing one, or a path ending in '/').
/// For one of several kernels of a file (no --kernel) it is PREFIX.<kernel>.
static std::string filePrefix(llvm::StringRef output, llvm::StringRef kernel,
                              bool oneOfSeveral) {
  llvm::StringRef name = llvm::sys::path::filename(output);
  if (!output.ends_with("/") && name != "." && name != ".." &&
      !llvm::sys::fs::is_directory(output))
    return oneOfSeveral ? (output + "." + kernel).str() : output.str();
  llvm::SmallString<128> prefix(output);
  llvm::sys::path::append(prefix, kernel);
  return std::string(prefix);
}

/// Runs the tile-level passes the options ask for.
static mlir::LogicalResult runTilePasses(mlir::ModuleOp module,
                                         const Options &options) {
  if (!options.decomposeOnlineSoftmax)
    return mlir::success();
  mlir::PassManager pm(module.getContext());
  pm.addPass(tessera::createTileDecomposeOnlineSoftmax());
  return pm.run(module);
}

/// Runs the GPU pipelines up to `emit` (the same ones tessera-opt registers
/// as tessera-to-gpu and tessera-gpu-to-nvvm).
static mlir::LogicalResult runGpuPipelines(mlir::ModuleOp module,
                                           const Options &options) {
  tessera::TesseraPipelineOptions pipeline;
  pipeline.chip = options.target.getValue();
  pipeline.maxRegisters = options.maxRegisters.getValue();
  pipeline.maxVectorBytes = options.maxVectorBytes.getValue();
  pipeline.mma = options.mma.getValue();
  pipeline.copies = options.copies.getValue();
  pipeline.warpSpecialize = options.warpSpecialize.getValue();
  pipeline.persistent = options.persistent.getValue();
  pipeline.ctasPerSm = options.ctasPerSm.getValue();
  mlir::PassManager pm(module.getContext());
  tessera::buildTileToGPUPipeline(pm, pipeline);
  if (options.emit != EmitKind::Gpu)
    tessera::buildGPUToNVVMPipeline(pm, pipeline);
  return pm.run(module);
}

/// Opens the output file (-o, or stdout) and lets `print` fill it.
static mlir::LogicalResult
writeOutput(llvm::function_ref<void(llvm::raw_ostream &)> print,
            const Options &options) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file =
      mlir::openOutputFile(options.output, &error);
  if (!file) {
    llvm::WithColor::error() << error << "\n";
    return mlir::failure();
  }
  print(file->os());
  file->keep();
  return mlir::success();
}

/// Prints the module to the output file.
static mlir::LogicalResult emitModule(mlir::ModuleOp module,
                                      const Options &options) {
  return writeOutput(
      [&](llvm::raw_ostream &os) {
        module.print(os);
        os << "\n";
      },
      options);
}

/// Prints the PTX of the module's kernel to the output file.
static mlir::LogicalResult emitPtx(mlir::ModuleOp module,
                                   const tessera::TargetOptions &target,
                                   const Options &options) {
  llvm::Expected<std::string> ptx = tessera::translateToPTX(module, target);
  if (!ptx) {
    llvm::WithColor::error() << llvm::toString(ptx.takeError()) << "\n";
    return mlir::failure();
  }
  return writeOutput([&](llvm::raw_ostream &os) { os << *ptx; }, options);
}

/// Writes PREFIX.ptx, PREFIX.cubin and PREFIX.json; with --stats prints the
/// kernel's resources.
static mlir::LogicalResult emitFiles(mlir::ModuleOp module,
                                     const tessera::TargetOptions &target,
                                     const Options &options,
                                     llvm::StringRef kernelName, bool stats,
                                     bool oneOfSeveral = false) {
  if (options.output == "-" || options.output.empty()) {
    llvm::WithColor::error() << "expected -o PREFIX to write PREFIX.ptx, "
                                "PREFIX.cubin and PREFIX.json (or -o DIR/ "
                                "for DIR/<kernel>.*)\n";
    return mlir::failure();
  }
  llvm::Expected<tessera::EmittedKernel> emitted = tessera::emitKernelFiles(
      module, target, filePrefix(options.output, kernelName, oneOfSeveral),
      /*withCubin=*/!options.noCubin);
  if (!emitted) {
    llvm::WithColor::error() << llvm::toString(emitted.takeError()) << "\n";
    return mlir::failure();
  }
  if (!stats)
    return mlir::success();
  llvm::Expected<tessera::KernelOps> kernel = tessera::findKernel(module);
  if (!kernel) {
    llvm::consumeError(kernel.takeError());
    return mlir::success();
  }
  auto shared = kernel->kernel->getAttrOfType<mlir::IntegerAttr>(
      tessera::tilegpu::TileGPUDialect::kSharedBytesAttrName);
  llvm::errs() << kernel->kernel.getName() << " (" << options.target
               << "): ";
  if (emitted->resources)
    llvm::errs() << emitted->resources->registers << " registers, "
                 << emitted->resources->spillStores << " B spill stores, "
                 << emitted->resources->spillLoads << " B spill loads, "
                 << emitted->resources->stack << " B stack, ";
  llvm::errs() << (shared ? shared.getInt() : 0)
               << " B dynamic shared memory\n";
  if (emitted->resources)
    for (const std::string &advisory : emitted->resources->advisories)
      llvm::WithColor::note() << "ptxas: " << advisory << "\n";
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  Options options;
  cl::HideUnrelatedOptions(compileCategory);
  cl::ParseCommandLineOptions(
      argc, argv,
      "Tessera tile-language compiler\n\n"
      "  --stats: with --target/-o, print the kernel's registers, spills and\n"
      "  shared memory (from ptxas)\n");
  // --stats is LLVM's option; take it over so that LLVM's own statistics
  // (disabled in release builds) do not report at exit.
  bool stats = llvm::AreStatisticsEnabled();
  if (auto *option = static_cast<cl::opt<bool> *>(
          cl::getRegisteredOptions().lookup("stats")))
    option->setValue(false);
  // Without --emit: tile IR, or the files when a target is named.
  if (options.emit.getNumOccurrences() == 0 &&
      options.target.getNumOccurrences() > 0)
    options.emit = EmitKind::Files;

  std::optional<std::vector<std::pair<std::string, std::string>>> defines =
      parseDefines(options.defines);
  if (!defines)
    return 1;

  tessera::TargetOptions target;
  target.cudaRoot = options.cudaRoot;
  llvm::Expected<const tessera::ChipInfo &> chip =
      tessera::lookupChip(options.target);
  if (!chip) {
    llvm::WithColor::error() << llvm::toString(chip.takeError()) << "\n";
    return 1;
  }
  bool hopper = tessera::tilegpu::chipHasWgmma(chip->name);
  if (options.mma == tessera::MmaKind::Wgmma && !hopper) {
    llvm::WithColor::error() << "--mma=wgmma needs a target with wgmma "
                                "(sm_90a), got "
                             << options.target << "\n";
    return 1;
  }

  if (options.copies == tessera::CopyKind::Tma && !hopper) {
    llvm::WithColor::error() << "--copies=tma needs a target with the Hopper "
                                "path (sm_90a), got "
                             << options.target << "\n";
    return 1;
  }

  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer =
      mlir::openInputFile(options.input, &error);
  if (!buffer) {
    llvm::WithColor::error() << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());

  mlir::DialectRegistry registry;
  tessera::frontend::registerFrontendDialects(registry);
  tessera::registerTargetDialects(registry);
  mlir::MLIRContext context(registry);
  // Diagnostics point into the .tile source; an IR dump would bury them.
  context.printOpOnDiagnostic(false);
  tessera::frontend::CompileOptions compileOptions;
  compileOptions.defines = std::move(*defines);
  // Past the tile stage the kernel goes to ptxas: parameters that do not fit
  // its parameter space are reported at the kernel instead.
  if (options.emit != EmitKind::Tile)
    compileOptions.paramSpace = tessera::frontend::ParamSpaceLimit{
        chip->name.str(), tessera::kernelParamSpace(*chip)};
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tessera::frontend::compileTile(sourceMgr, context, compileOptions);
  if (!module)
    return 1;
  // Errors of the later stages point into the .tile source too.
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  // Files for a file with several kernels and no --kernel: each kernel
  // through the pipelines on its own, into its own files.
  if (options.emit == EmitKind::Files && options.kernel.empty() &&
      kernelsOf(*module).size() > 1) {
    llvm::SmallVector<std::string> names;
    for (mlir::func::FuncOp kernel : kernelsOf(*module))
      names.push_back(kernel.getSymName().str());
    for (const std::string &name : names) {
      mlir::OwningOpRef<mlir::ModuleOp> one = module->clone();
      if (mlir::failed(selectKernel(*one, options, name, /*needOne=*/true)) ||
          mlir::failed(runGpuPipelines(*one, options)) ||
          mlir::failed(emitFiles(*one, target, options, name, stats,
                                 /*oneOfSeveral=*/true)))
        return 1;
    }
    return 0;
  }
  mlir::FailureOr<std::string> kernelName = selectKernel(
      *module, options, options.kernel, options.emit != EmitKind::Tile);
  if (mlir::failed(kernelName))
    return 1;
  if (options.emit == EmitKind::Tile)
    return mlir::failed(runTilePasses(*module, options)) ||
                   mlir::failed(emitModule(*module, options))
               ? 1
               : 0;
  if (mlir::failed(runGpuPipelines(*module, options)))
    return 1;
  switch (options.emit) {
  case EmitKind::Tile:
  case EmitKind::Gpu:
  case EmitKind::Llvm:
    return mlir::failed(emitModule(*module, options)) ? 1 : 0;
  case EmitKind::Ptx:
    return mlir::failed(emitPtx(*module, target, options)) ? 1 : 0;
  case EmitKind::Files:
    return mlir::failed(emitFiles(*module, target, options, *kernelName, stats))
               ? 1
               : 0;
  }
  return 1;
}
