//===- LoopIterations.h - Values of another iteration of a loop -*- C++ -*-===//
//
// Part of Tessera. Private to lib/Transforms: what tilegpu-pipeline and
// tilegpu-schedule-dots need to issue a load of another iteration than the
// running one (the pipeliner's copies ahead, a deferred dot's first tile).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_TRANSFORMS_LOOPITERATIONS_H
#define TESSERA_LIB_TRANSFORMS_LOOPITERATIONS_H

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace tessera {

/// Whether `view` reads a tensor the kernel never writes: an `input`
/// parameter, or a `tile.narrow` of one. Reading such a tensor early, or for
/// an iteration that does not run, reads what the iteration would have read
/// (an index outside the tensor reads 0).
bool isReadOnlyView(mlir::Value view);

/// Whether `v` can be recomputed for another iteration: loop invariants, the
/// induction variable, pure arith ops of those inside the body, and scalar
/// loads at such indices from tensors the kernel only reads (a block table:
/// `page = BlockTable[b, j]`, then `K[page, ...]`).
bool isIterationComputable(mlir::Value v, mlir::scf::ForOp loop);

/// Recomputes `v` with the induction variable replaced as `mapping` says,
/// cloning the arith ops and scalar loads it depends on at the builder's
/// insertion point.
mlir::Value recompute(mlir::OpBuilder &b, mlir::Value v, mlir::scf::ForOp loop,
                      mlir::IRMapping &mapping);

/// The tile.load that `v` is, or is a transpose (tile.trans) of; null if
/// none.
tile::LoadOp loadThroughTransposes(mlir::Value v);

/// The loads tilegpu-pipeline turns into a ring of shared buffers in
/// `loop`: tile.loads into #tilegpu.shared in its body at indices computable
/// for another iteration (none unless the induction variable is i32, none
/// in a persistent kernel's loop of programs).
llvm::SmallVector<tile::LoadOp> pipelinedLoads(mlir::scf::ForOp loop);

/// The loads tilegpu-pipeline issues one iteration ahead into registers in
/// `loop`: tile.loads in its body whose tile stays in registers (a register
/// layout, not #tilegpu.shared), from tensors the kernel only reads, at
/// indices computable for another iteration (none unless the induction
/// variable is i32).
llvm::SmallVector<tile::LoadOp> registerPrefetchLoads(mlir::scf::ForOp loop);

/// Whether `loop` is a persistent kernel's loop of programs (`scf.for
/// {tilegpu.persistent}`, tilegpu-persistent).
bool isProgramLoop(mlir::scf::ForOp loop);

/// The loop of programs of a persistent kernel (in its body), or null.
mlir::scf::ForOp getPersistentLoop(mlir::func::FuncOp kernel);

/// The block whose ops run once per program: the body of a persistent
/// kernel's loop of programs, else the kernel's body (which must not be
/// empty).
mlir::Block &getProgramBlock(mlir::func::FuncOp kernel);

/// The iterations after its own during which `load`'s tile is still read
/// (`tilegpu.read_lag`; 0 without it).
unsigned readLag(tile::LoadOp load);

/// The stages of the ring of `load` in a `stages`-deep pipeline: one more
/// when its tile is still read during the next iteration (`readLag`), so
/// the copy issued S - 1 iterations ahead lands in a stage nothing reads any
/// more; but `stages` (two or more) for a lagged load marked
/// `tilegpu.late_release` in a warp-specialized pipeline (`specialized`),
/// whose producer copies into a stage only after the consumers release it
/// and whose consumers release a lagged stage after the read that lags.
unsigned ringStages(tile::LoadOp load, unsigned stages, bool specialized);

/// A ring of shared buffers that tilegpu-pipeline makes for pipelined loads
/// of `view` with tiles of `tileType`, `stages` deep; `id` is its buffer.
struct LoadRing {
  mlir::Value view;
  mlir::Type tileType;
  unsigned stages;
  int64_t id;
};

/// The ring among `rings` (an earlier loop's) that `load`, with a ring of
/// `stages`, shares in a warp-specialized kernel: one of the same view, tile
/// type and stages that `load`'s loop has not already `taken` (a loop's two
/// loads of one view get two rings); null if none. tilegpu-pipeline lays the
/// rings out by this rule and tilegpu-schedule-dots estimates their bytes by
/// it.
const LoadRing *findSharedRing(llvm::ArrayRef<LoadRing> rings,
                               tile::LoadOp load, unsigned stages,
                               llvm::ArrayRef<int64_t> taken);

} // namespace tessera

#endif // TESSERA_LIB_TRANSFORMS_LOOPITERATIONS_H
