//===- tessera-compile.cpp - The Tessera compiler driver ------------------===//
//
// Part of Tessera. Compiles a .tile file:
//
//   tessera-compile kernels/fa2.tile -D BLOCK_M=64 --emit=tile [-o out.mlir]
//
// The driver is a sequence of stages (frontend, tile passes, then the GPU
// stages once they exist); --emit picks the last one to run and print.
//
//===----------------------------------------------------------------------===//

#include "tessera/Frontend/Frontend.h"
#include "tessera/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

namespace cl = llvm::cl;

namespace {

/// The stages --emit can stop after, in pipeline order.
enum class EmitKind { Tile, Gpu, Llvm, Ptx };

/// The command line of the driver.
struct Options {
  cl::opt<std::string> input{cl::Positional, cl::desc("<input .tile file>"),
                             cl::Required};
  cl::list<std::string> defines{"D", cl::Prefix,
                                cl::desc("Override a constant: -D NAME=VALUE"),
                                cl::value_desc("NAME=VALUE")};
  cl::opt<EmitKind> emit{
      "emit", cl::desc("The stage to run up to and print"),
      cl::init(EmitKind::Tile),
      cl::values(clEnumValN(EmitKind::Tile, "tile", "the tile dialect"),
                 clEnumValN(EmitKind::Gpu, "gpu", "the GPU-level dialects"),
                 clEnumValN(EmitKind::Llvm, "llvm", "the LLVM/NVVM dialects"),
                 clEnumValN(EmitKind::Ptx, "ptx", "PTX, cubin and manifest"))};
  cl::opt<std::string> output{"o", cl::desc("Output file (or prefix)"),
                              cl::value_desc("path"), cl::init("-")};
  cl::opt<std::string> target{"target", cl::desc("GPU architecture"),
                              cl::value_desc("sm_XX"), cl::init("sm_90a")};
  // `--stats` is LLVM's own option: later stages report through
  // llvm::Statistic (STATISTIC counters), printed at exit.
  cl::opt<bool> decomposeOnlineSoftmax{
      "decompose-online-softmax",
      cl::desc("Rewrite tile.online_softmax into its steps before printing"),
      cl::init(false)};
};

} // namespace

static llvm::StringRef getEmitKindName(EmitKind kind) {
  switch (kind) {
  case EmitKind::Tile:
    return "tile";
  case EmitKind::Gpu:
    return "gpu";
  case EmitKind::Llvm:
    return "llvm";
  case EmitKind::Ptx:
    return "ptx";
  }
  return "?";
}

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

/// Runs the tile-level passes the options ask for.
static mlir::LogicalResult runTilePasses(mlir::ModuleOp module,
                                         const Options &options) {
  if (!options.decomposeOnlineSoftmax)
    return mlir::success();
  mlir::PassManager pm(module.getContext());
  pm.addPass(tessera::createTileDecomposeOnlineSoftmax());
  return pm.run(module);
}

/// Prints the module to the output file.
static mlir::LogicalResult emitModule(mlir::ModuleOp module,
                                      const Options &options) {
  std::string error;
  std::unique_ptr<llvm::ToolOutputFile> file =
      mlir::openOutputFile(options.output, &error);
  if (!file) {
    llvm::WithColor::error() << error << "\n";
    return mlir::failure();
  }
  module.print(file->os());
  file->os() << "\n";
  file->keep();
  return mlir::success();
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  Options options;
  cl::ParseCommandLineOptions(argc, argv, "Tessera tile-language compiler\n");

  if (options.emit != EmitKind::Tile) {
    llvm::WithColor::error() << "--emit=" << getEmitKindName(options.emit)
                             << " is not implemented yet in this build "
                                "(available: --emit=tile)\n";
    return 1;
  }

  std::optional<std::vector<std::pair<std::string, std::string>>> defines =
      parseDefines(options.defines);
  if (!defines)
    return 1;

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
  mlir::MLIRContext context(registry);
  tessera::frontend::CompileOptions compileOptions;
  compileOptions.defines = std::move(*defines);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      tessera::frontend::compileTile(sourceMgr, context, compileOptions);
  if (!module)
    return 1;
  if (mlir::failed(runTilePasses(*module, options)) ||
      mlir::failed(emitModule(*module, options)))
    return 1;
  return 0;
}
