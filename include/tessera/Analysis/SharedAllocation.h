//===- SharedAllocation.h - Shared-memory buffers of a kernel ---*- C++ -*-===//
//
// Part of Tessera. Finds the shared-memory buffers a laid-out tile kernel
// needs (one per tile.load into #tilegpu.shared), their sizes and live
// ranges, and packs them into offsets of one dynamic shared-memory block,
// reusing space between buffers that are never live at once.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_ANALYSIS_SHAREDALLOCATION_H
#define TESSERA_ANALYSIS_SHAREDALLOCATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/StringRef.h"

namespace tessera {

class SharedAllocation {
public:
  struct Buffer {
    /// The ops that fill or read the buffer: a tile.load, or the
    /// tilegpu.async_load / stage_view ops of one pipelined load.
    llvm::SmallVector<mlir::Operation *> ops;
    mlir::RankedTensorType tileType; ///< One stage's tile.
    int64_t size = 0;       ///< Bytes, all pipeline stages included.
    int64_t offset = -1;    ///< Bytes from the start of shared memory.
    unsigned stages = 1;
    /// The ops on the buffer's mbarriers (tilegpu.ring_init, ring_inval,
    /// stage_wait, stage_acquire, stage_release) when TMA fills it: one
    /// 8-byte barrier per stage at `barrierOffset`, after all the tiles
    /// (barriers are never shared), followed by as many "empty" barriers
    /// when the ring is warp-specialized (`ring_init {arrivals}`).
    llvm::SmallVector<mlir::Operation *> barrierOps;
    int64_t barrierOffset = 0;
    bool emptyBarriers = false;
    unsigned start = 0, end = 0; ///< Live range in program order (inclusive).
  };

  /// Analyses `kernel`; buffers are aligned to `alignment` bytes.
  explicit SharedAllocation(mlir::func::FuncOp kernel, int64_t alignment = 128);

  llvm::ArrayRef<Buffer> getBuffers() const { return buffers; }
  /// Total bytes of dynamic shared memory.
  int64_t getTotalSize() const { return totalSize; }

  /// Writes `tilegpu.shared_offset` on each buffer's load and
  /// `tilegpu.shared_bytes` on the kernel.
  void annotate(mlir::func::FuncOp kernel) const;

  /// Emits an error naming every buffer and its size when the total exceeds
  /// `budget` bytes.
  mlir::LogicalResult checkBudget(mlir::func::FuncOp kernel, int64_t budget,
                                  llvm::StringRef chip) const;

  /// Prints one line per buffer (offset, size, live range) for lit tests.
  void print(llvm::raw_ostream &os) const;

private:
  llvm::SmallVector<Buffer> buffers;
  int64_t totalSize = 0;
};

} // namespace tessera

#endif // TESSERA_ANALYSIS_SHAREDALLOCATION_H
