//===- tessera-translate.cpp - Test driver of the Target stage ------------===//
//
// Part of Tessera. Reads a module in the Target stage's input form (a
// `gpu.module` holding one `llvm.func` kernel, see docs/target.md) and emits
// one of:
//   --emit=ptx          the PTX
//   --emit=cubin-stats  the resources `ptxas -v` reports for the kernel
//   --emit=manifest     the JSON manifest (no PTX is generated)
//   --emit=grid         the grid expressions, one per line
//   --emit=files        <prefix>.ptx, <prefix>.cubin and <prefix>.json (-o)
//   --emit=ptxas-log-stats  the resources of --symbol in a `ptxas -v` log
// The manifest and the grid expressions are read back with the runtime's
// parser (and the grid evaluated both ways on sample sizes), so a test of
// them is also a test of the compiler/runtime contract.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/GridExpr.h"
#include "tessera/Runtime/Manifest.h"
#include "tessera/Target/Manifest.h"
#include "tessera/Target/Target.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/ToolUtilities.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <functional>

namespace {
enum class Emit { Ptx, CubinStats, Manifest, Grid, Files, PtxasLog };

llvm::cl::OptionCategory translateCategory("tessera-translate options");

llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                         llvm::cl::desc("<input.mlir>"),
                                         llvm::cl::cat(translateCategory), llvm::cl::init("-"));
llvm::cl::opt<std::string>
    outputName("o",
               llvm::cl::desc("Output file (the file prefix for "
                              "--emit=files)"),
               llvm::cl::value_desc("path"), llvm::cl::cat(translateCategory), llvm::cl::init("-"));
llvm::cl::opt<Emit>
    emit("emit", llvm::cl::desc("What to emit"), llvm::cl::cat(translateCategory), llvm::cl::init(Emit::Ptx),
         llvm::cl::values(
             clEnumValN(Emit::Ptx, "ptx", "PTX"),
             clEnumValN(Emit::CubinStats, "cubin-stats",
                        "registers, spills, stack and static shared memory "
                        "reported by ptxas -v"),
             clEnumValN(Emit::Manifest, "manifest", "the JSON manifest"),
             clEnumValN(Emit::Grid, "grid", "the grid expressions"),
             clEnumValN(Emit::Files, "files",
                        "<o>.ptx, <o>.cubin and <o>.json, as tessera-compile"),
             clEnumValN(Emit::PtxasLog, "ptxas-log-stats",
                        "read the input as a `ptxas -v` log and print the "
                        "resources of --symbol")));
llvm::cl::opt<std::string>
    symbol("symbol",
           llvm::cl::desc("--emit=ptxas-log-stats: the entry to report"),
           llvm::cl::cat(translateCategory), llvm::cl::init(""));
llvm::cl::opt<std::string>
    chip("chip",
         llvm::cl::desc("Target chip, replacing the gpu.module's #nvvm.target "
                        "(default: that target)"),
         llvm::cl::cat(translateCategory), llvm::cl::init(""));
llvm::cl::opt<std::string>
    features("features",
             llvm::cl::desc("NVPTX features, with --chip (default: the "
                            "chip's)"),
             llvm::cl::cat(translateCategory), llvm::cl::init(""));
llvm::cl::opt<unsigned> optLevel("opt-level",
                                 llvm::cl::desc("LLVM and ptxas -O level, "
                                                "with --chip"),
                                 llvm::cl::cat(translateCategory),
                                 llvm::cl::init(3));
llvm::cl::opt<std::string> cudaRoot("cuda-root",
                                    llvm::cl::desc("CUDA toolkit root"),
                                    llvm::cl::cat(translateCategory), llvm::cl::init("/usr/local/cuda"));
llvm::cl::opt<bool> splitInputFile(
    "split-input-file",
    llvm::cl::desc("Process each '// -----' chunk of the input on its own"),
    llvm::cl::cat(translateCategory), llvm::cl::init(false));
llvm::cl::opt<bool> noCubin("no-cubin",
                            llvm::cl::desc("--emit=files: skip ptxas"),
                            llvm::cl::cat(translateCategory), llvm::cl::init(false));
} // namespace

/// Checks that the runtime parses `manifest`.
static llvm::Error checkManifestWithRuntime(llvm::StringRef manifest) {
  auto parsed = tessera::runtime::Manifest::parse(manifest.str());
  if (!parsed.ok())
    return llvm::createStringError("the runtime rejects the manifest: " +
                                   parsed.message());
  return llvm::Error::success();
}

/// Calls `body` with every assignment of `samples` to `count` sizes.
static void
forEachBinding(unsigned count, llvm::ArrayRef<int64_t> samples,
               llvm::function_ref<void(llvm::ArrayRef<int64_t>)> body) {
  llvm::SmallVector<int64_t> values(count, samples.front());
  std::function<void(unsigned)> recurse = [&](unsigned index) {
    if (index == count)
      return body(values);
    for (int64_t sample : samples) {
      values[index] = sample;
      recurse(index + 1);
    }
  };
  recurse(0);
}

/// Checks that the runtime parses grid expression `text` (dimension `dim`
/// of `map`) and evaluates it like the affine map on sample sizes.
static llvm::Error checkGridRoundTrip(mlir::AffineMap map, unsigned dim,
                                      llvm::StringRef text,
                                      llvm::ArrayRef<std::string> names) {
  auto parsed = tessera::host::GridExpr::parse(text.str());
  if (!parsed.ok())
    return llvm::createStringError("the runtime cannot parse '" + text +
                                   "': " + parsed.message());
  static constexpr int64_t kSamples[] = {1, 2, 7, 64, 65, 1000};
  llvm::Error err = llvm::Error::success();
  mlir::MLIRContext *context = map.getContext();
  forEachBinding(names.size(), kSamples, [&](llvm::ArrayRef<int64_t> values) {
    if (err)
      return;
    tessera::host::SymbolTable symbols;
    llvm::SmallVector<mlir::AffineExpr> constants;
    for (auto [name, value] : llvm::zip(names, values)) {
      symbols[name] = value;
      constants.push_back(mlir::getAffineConstantExpr(value, context));
    }
    auto folded = llvm::dyn_cast<mlir::AffineConstantExpr>(
        map.getResult(dim).replaceSymbols(constants));
    auto evaluated = parsed->evaluate(symbols);
    if (folded && evaluated.ok() && *evaluated == folded.getValue())
      return;
    std::string binding;
    llvm::raw_string_ostream os(binding);
    llvm::interleaveComma(llvm::zip(names, values), os, [&](auto pair) {
      os << std::get<0>(pair) << "=" << std::get<1>(pair);
    });
    err = llvm::createStringError(
        "'" + text + "' evaluates to " +
        (evaluated.ok() ? std::to_string(*evaluated) : evaluated.message()) +
        " in the runtime but the grid map gives " +
        (folded ? std::to_string(folded.getValue()) : "no constant") + " at " +
        binding);
  });
  return err;
}

/// --emit=grid: the expressions of the kernel's grid, checked both ways.
static llvm::Expected<std::string> emitGrid(mlir::ModuleOp module) {
  auto ops = tessera::findKernel(module);
  if (!ops)
    return ops.takeError();
  auto grid = tessera::readKernelGrid(ops->kernel);
  if (!grid)
    return grid.takeError();
  auto texts = tessera::printKernelGrid(ops->kernel);
  if (!texts)
    return texts.takeError();
  std::string text;
  for (auto [dim, expr] : llvm::enumerate(*texts)) {
    if (llvm::Error err =
            checkGridRoundTrip(grid->map, dim, expr, grid->sizeNames))
      return std::move(err);
    text += "grid[" + std::to_string(dim) + "] = " + expr + "\n";
  }
  return text;
}

/// Kernel resources as `name: value` lines, named as in the manifest.
static std::string formatResources(const tessera::KernelResources &r) {
  std::string text =
      "registers: " + std::to_string(r.registers) +
      "\nspill_stores: " + std::to_string(r.spillStores) +
      "\nspill_loads: " + std::to_string(r.spillLoads) +
      "\nstack: " + std::to_string(r.stack) +
      "\nstatic_shared_memory: " + std::to_string(r.staticSharedMemory) + "\n";
  for (const std::string &advisory : r.advisories)
    text += "advisory: " + advisory + "\n";
  return text;
}

/// --emit=cubin-stats: the resources ptxas reports for the kernel.
static llvm::Expected<std::string>
emitCubinStats(mlir::ModuleOp module, const tessera::TargetOptions &options) {
  auto ops = tessera::findKernel(module);
  if (!ops)
    return ops.takeError();
  auto ptx = tessera::translateToPTX(module, options);
  if (!ptx)
    return ptx.takeError();
  auto target = tessera::findTarget(*ops);
  if (!target)
    return target.takeError();
  auto result = tessera::assembleWithPtxas(*ptx, ops->kernel.getSymName(),
                                           *target, options);
  if (!result)
    return result.takeError();
  return formatResources(result->resources);
}

/// --emit=manifest: the manifest of a kernel whose PTX is "<symbol>.ptx".
static llvm::Expected<std::string>
emitManifest(mlir::ModuleOp module, const tessera::TargetOptions &options) {
  auto ops = tessera::findKernel(module);
  if (!ops)
    return ops.takeError();
  tessera::ManifestFiles files{(ops->kernel.getSymName() + ".ptx").str(), ""};
  auto manifest = tessera::writeManifest(module, options, files, nullptr);
  if (!manifest)
    return manifest.takeError();
  if (llvm::Error err = checkManifestWithRuntime(*manifest))
    return std::move(err);
  return manifest;
}

/// --emit=files: what tessera-compile writes; prints the paths.
static llvm::Expected<std::string>
emitFiles(mlir::ModuleOp module, const tessera::TargetOptions &options) {
  if (outputName == "-")
    return llvm::createStringError("--emit=files needs -o <prefix>");
  auto emitted =
      tessera::emitKernelFiles(module, options, outputName, !noCubin);
  if (!emitted)
    return emitted.takeError();
  auto manifest = llvm::MemoryBuffer::getFile(emitted->manifestPath);
  if (!manifest)
    return llvm::createStringError(manifest.getError(),
                                   "cannot read " + emitted->manifestPath);
  if (llvm::Error err = checkManifestWithRuntime((*manifest)->getBuffer()))
    return std::move(err);
  std::string text = "wrote " + emitted->ptxPath + "\n";
  if (!emitted->cubinPath.empty())
    text += "wrote " + emitted->cubinPath + "\n";
  return text + "wrote " + emitted->manifestPath + "\n";
}

static llvm::Expected<std::string> run(mlir::ModuleOp module) {
  tessera::TargetOptions options;
  options.cudaRoot = cudaRoot;
  // --chip, --features, --opt-level replace the gpu.module's target (or
  // name one for input written without it); --chip defaults to its chip.
  if (emit != Emit::Grid &&
      (chip.getNumOccurrences() || features.getNumOccurrences() ||
       optLevel.getNumOccurrences()))
    if (llvm::Error error = tessera::attachNVVMTarget(
            module, {chip, features, optLevel.getValue()}))
      return std::move(error);
  switch (emit) {
  case Emit::Ptx:
    return tessera::translateToPTX(module, options);
  case Emit::CubinStats:
    return emitCubinStats(module, options);
  case Emit::Manifest:
    return emitManifest(module, options);
  case Emit::Grid:
    return emitGrid(module);
  case Emit::Files:
    return emitFiles(module, options);
  case Emit::PtxasLog:
    llvm_unreachable("a ptxas log is not parsed as MLIR");
  }
  llvm_unreachable("unknown --emit value");
}

/// Prints `message` as an error of this tool.
static void printError(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "tessera-translate") << message << "\n";
}

/// Parses one input module from `buffer` and writes what --emit asks for
/// to `os`.
static mlir::LogicalResult
processBuffer(std::unique_ptr<llvm::MemoryBuffer> buffer,
              mlir::MLIRContext &context, llvm::raw_ostream &os) {
  if (emit == Emit::PtxasLog) {
    auto resources =
        tessera::parsePtxasLog(buffer->getBuffer(), symbol.getValue());
    if (!resources) {
      printError(llvm::toString(resources.takeError()));
      return mlir::failure();
    }
    os << formatResources(*resources);
    return mlir::success();
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return mlir::failure(); // The parser reported why.
  llvm::Expected<std::string> text = run(*module);
  if (!text) {
    printError(llvm::toString(text.takeError()));
    return mlir::failure();
  }
  os << *text;
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::HideUnrelatedOptions(translateCategory);
  llvm::cl::ParseCommandLineOptions(argc, argv,
                                    "Tessera Target stage test driver\n");

  mlir::DialectRegistry registry;
  tessera::registerTargetDialects(registry);
  mlir::MLIRContext context(registry);
  std::string errorMessage;
  std::unique_ptr<llvm::MemoryBuffer> input =
      mlir::openInputFile(inputFilename, &errorMessage);
  if (!input) {
    printError(errorMessage);
    return 1;
  }
  // --emit=files writes the files itself and reports them on stdout.
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(
      emit == Emit::Files ? "-" : outputName.getValue(), &errorMessage);
  if (!output) {
    printError(errorMessage);
    return 1;
  }
  auto process = [&](std::unique_ptr<llvm::MemoryBuffer> chunk,
                     llvm::raw_ostream &os) {
    return processBuffer(std::move(chunk), context, os);
  };
  mlir::LogicalResult result =
      splitInputFile
          ? mlir::splitAndProcessBuffer(std::move(input), process, output->os(),
                                        mlir::kDefaultSplitMarker,
                                        mlir::kDefaultSplitMarker)
          : process(std::move(input), output->os());
  if (mlir::failed(result))
    return 1;
  output->keep();
  return 0;
}
