//===- LayoutGeometry.h - Per-thread slots of #tilegpu layouts --*- C++ -*-===//
//
// Part of Tessera. Which element of a laid-out tile each per-thread slot
// holds, in the coordinates of the running thread (warp, lane = 4 * group +
// quad). The fragment layouts follow the PTX ISA, "Matrix Fragments for
// mma.m16n8k16 with floating point type" (section 9.7.14.5.8).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_LAYOUTGEOMETRY_LAYOUTGEOMETRY_H
#define TESSERA_CONVERSION_LAYOUTGEOMETRY_LAYOUTGEOMETRY_H

#include "TileGPU/IR/TileGPUDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

#include <optional>

namespace tessera::lowering {

/// An i32 constant.
mlir::Value i32Const(mlir::OpBuilder &b, mlir::Location loc, int64_t v);
/// An i64 constant.
mlir::Value i64Const(mlir::OpBuilder &b, mlir::Location loc, int64_t v);
/// `v + c` on i32, or `v` itself when `c` is 0.
mlir::Value addI32(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                   int64_t c);

/// On the llvm.func of a warp-specialized kernel: the threads of its
/// consumer warps, which its layouts and barriers are written for (the
/// producer warpgroup follows them; nvvm.maxntid counts both).
inline constexpr llvm::StringLiteral kConsumerThreadsAttr =
    "tessera.consumer_threads";

/// The consumer threads of the warp-specialized kernel that holds `op` (or
/// is `op`: an llvm.func being lowered or the func.func before), or none.
std::optional<unsigned> consumerThreads(mlir::Operation *op);

/// The threads the layouts of the kernel `func` is in are written for: its
/// kConsumerThreadsAttr, or its nvvm.maxntid (0 if neither is set).
unsigned layoutThreads(mlir::Operation *func);

/// The coordinates of the running thread that every layout is written in:
/// lane = 4 * group + quad within warp `warp`.
struct ThreadIds {
  mlir::Value tid, warp, lane, group, quad;
  /// The warps the layouts are written for (layoutThreads / 32).
  unsigned numWarps = 0;

  /// Reads the thread id at the builder's insertion point.
  static ThreadIds get(mlir::OpBuilder &b, mlir::Location loc);

  /// The warp's place in a layout of `warpsM` warps. A tile with fewer row
  /// fragments than the CTA has warps is replicated: warp w holds what warp
  /// w % warpsM would.
  mlir::Value warpIn(mlir::OpBuilder &b, mlir::Location loc,
                     unsigned warpsM) const;

  /// Whether the warp holds the first copy of a layout of `warpsM` warps.
  mlir::Value isFirstReplica(mlir::OpBuilder &b, mlir::Location loc,
                             unsigned warpsM) const;
};

/// The per-thread view of an mma tile (or of one of its slices). The warps
/// take 16-row fragments in turn: fragment mt of warp w holds rows
/// (mt * warpsM + w) * 16 ... + 15, so that the 4 warps of a warpgroup hold
/// 64 consecutive rows, as wgmma.m64nNk16 wants.
struct MmaGeometry {
  int64_t rows = 1, cols = 1;
  unsigned warpsM = 1;
  int64_t rowsPerWarp() const { return rows / warpsM; }
  int64_t mTiles() const { return rowsPerWarp() / 16; }
  /// The first row of m-fragment mt, relative to the warp's first row.
  int64_t mTileRow(int64_t mt) const { return mt * 16 * warpsM; }
  int64_t nTiles() const { return cols / 8; }
  int64_t slot(int64_t mt, int64_t nt, int64_t c) const {
    return (mt * nTiles() + nt) * 4 + c;
  }
};

/// The per-thread view of a #tilegpu.blocked tile of `shape` (or of the
/// parent of one of its slices). Along dimension d a thread holds
/// elementsAlong(d) elements: slot k along d is element
/// base(d) + offsetAlong(d, k) (docs of BlockedEncodingAttr).
struct BlockedGeometry {
  tilegpu::BlockedEncodingAttr layout;
  llvm::SmallVector<int64_t, 2> shape;

  unsigned rank() const { return shape.size(); }
  int64_t elementsAlong(unsigned d) const {
    return layout.getElementsPerThread(d, shape[d]);
  }
  /// The offset of slot k along d from the thread's base.
  int64_t offsetAlong(unsigned d, int64_t k) const {
    int64_t perThread = layout.getSizePerThread()[d];
    return (k / perThread) * layout.getCoverage(d) + k % perThread;
  }
  /// The lane's and the warp's position along d.
  mlir::Value lanePosition(mlir::OpBuilder &b, mlir::Location loc,
                           const ThreadIds &ids, unsigned d) const;
  mlir::Value warpPosition(mlir::OpBuilder &b, mlir::Location loc,
                           const ThreadIds &ids, unsigned d) const;
  /// The thread's first element along d (wrapped into the tile when the
  /// tile is smaller than the layout's coverage).
  mlir::Value base(mlir::OpBuilder &b, mlir::Location loc,
                   const ThreadIds &ids, unsigned d) const;
  /// Whether the thread holds the first copy of its elements along d.
  mlir::Value isDistinct(mlir::OpBuilder &b, mlir::Location loc,
                         const ThreadIds &ids, unsigned d) const;
  /// Whether the thread sits at position 0 along d (lane and warp).
  mlir::Value isFirst(mlir::OpBuilder &b, mlir::Location loc,
                      const ThreadIds &ids, unsigned d) const;
};

/// A slot's element: row = rowBase + rowConst, col = colBase + colConst, where
/// the bases depend on the thread and the constants on the slot.
struct SlotCoords {
  int64_t rowConst = 0, colConst = 0;
};

/// Describes how a laid-out tile maps onto per-thread slots. A 1-D
/// blocked tile's index is its row; a 2-D blocked tile's slots are ordered
/// row-major by their (row, column) slot along each dimension. Rows and
/// Cols are slices (of an mma or a blocked parent): one value per row or
/// per column of the parent.
struct Distribution {
  enum Kind { Mma, Rows, Cols, Blocked } kind;
  /// The mma parent's geometry (Mma, and slices of an mma tile).
  MmaGeometry geom;
  /// The blocked layout's geometry (Blocked, and slices of a blocked tile,
  /// whose shape is the parent's with size 1 along the dropped dimension).
  std::optional<BlockedGeometry> blocked;

  /// The distribution of a tile with a #tilegpu.mma, #tilegpu.blocked or
  /// #tilegpu.slice layout; none for other tiles.
  static std::optional<Distribution> get(mlir::RankedTensorType type);

  /// The parent's dimension a slice keeps (0 for Rows, 1 for Cols).
  unsigned keptDim() const { return kind == Cols ? 1 : 0; }

  int64_t numSlots() const;

  /// The (row, col) of slot `s`, relative to the thread's bases.
  SlotCoords coords(int64_t s) const;

  /// The thread's row base: warp * 16 + group.
  mlir::Value rowBase(mlir::OpBuilder &b, mlir::Location loc,
                      const ThreadIds &ids) const;

  /// The first row of the warp's first m-fragment: warp * 16.
  mlir::Value warpRowBase(mlir::OpBuilder &b, mlir::Location loc,
                          const ThreadIds &ids) const;

  /// The thread's column base: 2 * quad.
  mlir::Value colBase(mlir::OpBuilder &b, mlir::Location loc,
                      const ThreadIds &ids) const;

  /// Only one copy of a replicated slot writes to memory: the first replica
  /// of a tile with fewer warps than the CTA; for row vectors, the lane with
  /// quad 0 of each group; for column vectors, group 0 of warp 0.
  mlir::Value isOwner(mlir::OpBuilder &b, mlir::Location loc,
                      const ThreadIds &ids) const;
};

} // namespace tessera::lowering

#endif // TESSERA_CONVERSION_LAYOUTGEOMETRY_LAYOUTGEOMETRY_H
