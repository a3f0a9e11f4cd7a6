//===- tessera-pipeline-fuzzer.cpp - libFuzzer target of the pass pipeline ===//
//
// Part of Tessera. Parses arbitrary bytes as MLIR (tile, tilegpu, arith,
// math, scf and func dialects); when the module verifies, runs the whole
// tessera-to-nvvm pipeline (tessera-opt --tessera-to-nvvm) on it, or, when
// it is already at the GPU level (layouts or tilegpu ops, which
// tilegpu-assign-layouts rejects), the GPU half (--tessera-gpu-to-nvvm):
// once for sm_90a (wgmma) and once for sm_80 (mma.sync). Any input may be rejected
// with diagnostics (they are dropped); none may crash, hang, trip an
// assertion or a sanitizer, or make a pass that succeeds leave IR that does
// not verify (checked after every pass; such an input aborts naming the
// pass).
//
//===----------------------------------------------------------------------===//

#include "tessera/Conversion/PassPipelines.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>

namespace {

/// Verifies the IR after every pass that succeeded: a pass may reject its
/// input, but what it accepts it must leave valid.
struct VerifyAfterEachPass : public mlir::PassInstrumentation {
  void runAfterPass(mlir::Pass *pass, mlir::Operation *op) override {
    if (mlir::succeeded(mlir::verify(op)))
      return;
    llvm::errs() << "tessera-pipeline-fuzzer: '" << pass->getName()
                 << "' succeeded but left IR that does not verify\n";
    std::abort();
  }
};

/// Whether `module` has layouts or tilegpu ops (the output of
/// tessera-to-gpu).
bool isGPULevel(mlir::ModuleOp module) {
  auto isLaidOut = [](mlir::Type type) {
    auto tensor = llvm::dyn_cast<mlir::RankedTensorType>(type);
    return tensor && tensor.getEncoding();
  };
  return module
      .walk([&](mlir::Operation *op) {
        if (llvm::isa<tessera::tilegpu::TileGPUDialect>(op->getDialect()) ||
            llvm::any_of(op->getResultTypes(), isLaidOut))
          return mlir::WalkResult::interrupt();
        return mlir::WalkResult::advance();
      })
      .wasInterrupted();
}

void runPipeline(mlir::ModuleOp module, llvm::StringRef chip) {
  mlir::PassManager pm(module.getContext());
  // The instrumentation verifies (and aborts) instead of the pass manager
  // (which would turn invalid output into a failure).
  pm.enableVerifier(false);
  pm.addInstrumentation(std::make_unique<VerifyAfterEachPass>());
  tessera::TesseraPipelineOptions options;
  options.chip = chip.str();
  if (isGPULevel(module))
    tessera::buildGPUToNVVMPipeline(pm, options);
  else
    tessera::buildTesseraToNVVMPipeline(pm, options);
  (void)pm.run(module);
}

} // namespace

// MLIR is linked uninstrumented while this binary's copies of LLVM's inline
// BumpPtrAllocator poison the free rest of every slab they create: a slab
// one side creates and the other allocates from then reads as poisoned (a
// false use-after-poison in MLIR's storage uniquer). The sanitizer build's
// suites run with the same option (tools/run.sh, sanitize_env).
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);

  // A fresh context per input, so that inputs cannot affect each other. The
  // dialects the pipeline produces are loaded by its passes.
  mlir::DialectRegistry registry;
  registry.insert<tessera::tile::TileDialect, tessera::tilegpu::TileGPUDialect,
                  mlir::arith::ArithDialect, mlir::func::FuncDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::NVVM::NVVMDialect>();
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  // Diagnostics are expected: drop them.
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });

  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(text, "fuzz.mlir"), llvm::SMLoc());
  // Parsing verifies the module.
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return 0;
  mlir::OwningOpRef<mlir::ModuleOp> copy = module->clone();
  runPipeline(*module, "sm_90a");
  runPipeline(*copy, "sm_80");
  return 0;
}
