//===- PassPipelines.h - The registered tile-to-NVVM pipelines --*- C++ -*-===//
//
// Part of Tessera. One definition of the compiler's pipeline, shared by
// `tessera-opt --tessera-to-nvvm` and `tessera-compile`.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_PASSPIPELINES_H
#define TESSERA_CONVERSION_PASSPIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace tessera {

/// The tensor-core instructions tile.dot becomes.
enum class MmaKind {
  Auto,  ///< wgmma where the chip has it (sm_90a), mma.sync elsewhere
  Sync,  ///< mma.sync.m16n8k16 everywhere
  Wgmma, ///< wgmma.mma_async (sm_90a only)
};

/// The spellings of MmaKind for command-line options: auto, sync, wgmma.
inline auto mmaKindValues() {
  return llvm::cl::values(
      clEnumValN(MmaKind::Auto, "auto",
                 "wgmma where the chip has it (sm_90a), mma.sync elsewhere"),
      clEnumValN(MmaKind::Sync, "sync", "mma.sync everywhere"),
      clEnumValN(MmaKind::Wgmma, "wgmma", "wgmma.mma_async (sm_90a only)"));
}

enum class CopyKind {
  Auto,    ///< TMA where the chip has the Hopper path (sm_90a), else cp.async
  CpAsync, ///< every thread's 16-byte cp.async copies everywhere
  Tma,     ///< TMA for every pipelined load (sm_90a only)
};

inline auto copyKindValues() {
  return llvm::cl::values(
      clEnumValN(CopyKind::Auto, "auto",
                 "TMA for pipelined tiles where the chip has it (sm_90a), "
                 "cp.async elsewhere"),
      clEnumValN(CopyKind::CpAsync, "cp.async", "cp.async everywhere"),
      clEnumValN(CopyKind::Tma, "tma",
                 "TMA for every pipelined tile (sm_90a only)"));
}

struct TesseraPipelineOptions
    : public mlir::PassPipelineOptions<TesseraPipelineOptions> {
  PassOptions::Option<std::string> chip{
      *this, "chip", llvm::cl::desc("Target chip (sm_80 ... sm_90a)"),
      llvm::cl::init("sm_90a")};
  PassOptions::Option<unsigned> numStages{
      *this, "num-stages",
      llvm::cl::desc("cp.async pipeline depth (0: the kernel's tile.num_stages)"),
      llvm::cl::init(0)};
  PassOptions::Option<MmaKind> mma{
      *this, "mma",
      llvm::cl::desc("Tensor-core instructions (wgmma needs sm_90a)"),
      llvm::cl::init(MmaKind::Auto), mmaKindValues()};
  PassOptions::Option<CopyKind> copies{
      *this, "copies",
      llvm::cl::desc("How pipelined tiles reach shared memory (TMA needs "
                     "sm_90a)"),
      llvm::cl::init(CopyKind::Auto), copyKindValues()};
  PassOptions::Option<bool> warpSpecialize{
      *this, "warp-specialize",
      llvm::cl::desc("Warp-specialize the TMA pipelines of every kernel, not "
                     "only those with @kernel(warp_specialize=True)"),
      llvm::cl::init(false)};
  PassOptions::Option<bool> persistent{
      *this, "persistent",
      llvm::cl::desc("Run the programs of every kernel in a loop over the "
                     "CTAs that fit, not only those with "
                     "@kernel(persistent=True)"),
      llvm::cl::init(false)};
  PassOptions::Option<unsigned> ctasPerSm{
      *this, "ctas-per-sm",
      llvm::cl::desc("CTAs an SM holds, for the registers of a "
                     "warp-specialized kernel (1 to 4)"),
      llvm::cl::init(1)};
  PassOptions::Option<unsigned> maxRegisters{
      *this, "max-registers",
      llvm::cl::desc("Registers per thread (0: from the occupancy)"),
      llvm::cl::init(0)};
  PassOptions::Option<unsigned> maxVectorBytes{
      *this, "max-vector-bytes",
      llvm::cl::desc("The widest global access of a register tile in bytes "
                     "(a power of two up to 16)"),
      llvm::cl::init(16)};
};

/// tile dialect -> GPU level: attach the target (`chip`), decompose
/// online_softmax, canonicalize, assign layouts, pipeline loop loads,
/// allocate shared memory.
void buildTileToGPUPipeline(mlir::OpPassManager &pm,
                            const TesseraPipelineOptions &options);

/// GPU level -> LLVM + NVVM in a gpu.module: convert-tile-to-nvvm and the
/// upstream conversions to the LLVM dialect.
void buildGPUToNVVMPipeline(mlir::OpPassManager &pm,
                            const TesseraPipelineOptions &options);

/// Both, in order.
void buildTesseraToNVVMPipeline(mlir::OpPassManager &pm,
                                const TesseraPipelineOptions &options);

/// Registers `tessera-to-gpu`, `tessera-gpu-to-nvvm` and `tessera-to-nvvm`.
void registerTesseraPipelines();

} // namespace tessera

#endif // TESSERA_CONVERSION_PASSPIPELINES_H
