//===- SharedLayout.h - Swizzled shared-memory tiles ------------*- C++ -*-===//
//
// Part of Tessera. How a 16-bit tile is stored in shared memory (16-byte
// chunks, XOR swizzle, 64-column panels) and the addresses of its chunks.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_SHAREDLAYOUT_SHAREDLAYOUT_H
#define TESSERA_CONVERSION_SHAREDLAYOUT_SHAREDLAYOUT_H

#include "Tile/IR/TileDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace tessera::lowering {

/// How a 16-bit tile of rows × cols is laid out in shared memory, as its
/// #tilegpu.shared encoding says. Rows are cut into 16-byte chunks; chunk c
/// of row r is stored at chunk c ^ (r % period) of its group of `period`
/// chunks (period = swizzle / 16), so the 8 rows an ldmatrix reads hit
/// distinct banks when the period is 8. The 128-byte swizzle stores the
/// tile as panels of 64 columns (128 bytes) one after the other, each panel
/// rows × 128 bytes: on a 1024-byte aligned buffer that is exactly the
/// 128-byte swizzle wgmma's shared-memory descriptors and TMA boxes read
/// (8-row atoms of 1024 bytes, chunk XOR row % 8).
struct SharedTileLayout {
  int64_t rows, cols;
  /// #tilegpu.shared's `swizzle` in bytes: 16, 32, 64 or 128, its period
  /// dividing the row's chunks (the attribute's verifier checks it).
  int64_t swizzle;

  SharedTileLayout(int64_t rows, int64_t cols, int64_t swizzle)
      : rows(rows), cols(cols), swizzle(swizzle) {}

  int64_t chunksPerRow() const { return cols / 8; }
  bool panelled() const { return swizzle == 128; }
  /// Chunks per stored row: 8 in a panel, all of them otherwise.
  int64_t rowChunks() const { return panelled() ? 8 : chunksPerRow(); }
  int64_t rowBytes() const { return rowChunks() * 16; }
  int64_t panelBytes() const { return rows * 128; }
  /// The chunks XORed together: 1, 2, 4 or 8.
  int64_t period() const { return swizzle / 16; }
  /// The byte offset of chunk `chunk` of row `row` from the tile's start:
  /// the layout above, computed directly (sharedAddress builds the same
  /// offset in IR, split into a thread part and an immediate).
  int64_t byteOffset(int64_t row, int64_t chunk) const;
};

/// The layout of a #tilegpu.shared tile: its swizzle, and its shape as
/// stored (a transposed one is stored as its transpose, [N][K]).
SharedTileLayout storedLayout(mlir::RankedTensorType type);

/// A coordinate in a shared tile, split into a thread-dependent part and a
/// compile-time constant: row = rowVar + rowConst, 16-byte chunk =
/// chunkVar + chunkConst with 0 <= chunkVar < chunkVarBound.
struct SharedCoord {
  mlir::Value rowVar;
  int64_t rowConst = 0;
  mlir::Value chunkVar;
  int64_t chunkVarBound = 1;
  int64_t chunkConst = 0;
};

/// The byte address of a chunk of a shared tile (SharedTileLayout) whose
/// start is `base` (an LLVM pointer).
///
/// The address is built as base + (thread part) + (constant): when the
/// constants do not change the phase and do not carry into the thread's
/// chunk bits, (chunkVar + chunkConst) ^ phase ==
/// ((chunkVar ^ phase) ^ lo) + hi (lo = chunkConst % period), so all the
/// fragments of a dot share a few registers and use immediate offsets.
mlir::Value sharedAddress(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value base, const SharedTileLayout &layout,
                          const SharedCoord &c);

/// Why a wgmma descriptor or a TMA box cannot read or write the
/// #tilegpu.shared tile `type` (as stored), or an empty string when they
/// can: its encoding's 128-byte swizzle (64-column panels) in whole 8-row
/// groups, which on a 1024-byte aligned buffer is the hardware's 128-byte
/// swizzle. The reason names the tile "it" ("its swizzle is ...").
std::string whyNotDescriptorReadable(mlir::RankedTensorType type);

/// Whether whyNotDescriptorReadable(type) is empty.
bool descriptorReadable(mlir::RankedTensorType type);

/// Whether `op`'s types let it be wgmma.mma_async.m64nNk16: f16 or bf16
/// operands, an f32 #tilegpu.mma accumulator whose warps form whole
/// warpgroups along the rows, K a multiple of 16, N a multiple of 16 up to
/// 256, B in shared memory where a descriptor reads it, A in registers or
/// in shared memory untransposed. The buffers must also start on 1024-byte
/// boundaries, which tilegpu-allocate-shared gives every buffer on sm_90a;
/// the lowering checks that too.
bool wgmmaTypesFit(tile::DotOp op);

/// Why `op`'s types do not let it be wgmma (the first reason wgmmaTypesFit
/// fails), or an empty string when they do.
std::string whyNotWgmma(tile::DotOp op);

/// Whether the shared buffer `tile` lives in (through tile.trans, and every
/// tile entering a loop-carried one) starts on an `alignment` boundary
/// (its `tilegpu.shared_offset`; stages of a ring are whole tiles of
/// multiples of 1 KB).
bool sharedBufferAligned(mlir::Value tile, int64_t alignment);

} // namespace tessera::lowering

#endif // TESSERA_CONVERSION_SHAREDLAYOUT_SHAREDLAYOUT_H
