//===- TileGPUDialect.h - GPU layouts of tiles ------------------*- C++ -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
#define TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/TensorEncoding.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPULimits.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TileGPU/IR/TileGPUDialect.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.h.inc"

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.h.inc"

namespace tessera::tilegpu {

/// The most warps a CTA has: 1024 threads.
constexpr unsigned kMaxWarps = 32;

/// The deepest cp.async ring `tilegpu-pipeline` builds (`tile.num_stages`,
/// `tilegpu.stages`): the pipeliner itself needs 2, FA2 uses 2 or 3; each
/// stage is a copy of every pipelined tile in shared memory, which bounds
/// the useful depth anyway.
constexpr unsigned kMaxStages = 8;

/// The most shared memory one CTA can have on any supported chip, in bytes:
/// the bound of `tilegpu.shared_offset` (TileGPULimits.h).
constexpr int64_t maxSharedMemoryBytes() { return kMaxSharedMemoryBytes; }

/// Checks what the layouts of a kernel need from the kernel and what the
/// dialect's verifiers cannot see from one type: every tile (of any op
/// result, operand, block argument or type attribute) has a layout whose
/// shape it fits (types made by passes are not verified), every mma layout's
/// warpsM divides the kernel's `numWarps`, and the buffers of a pipelined
/// load (one `buffer` id) agree on their tile, stages and offset.
/// Diagnostics go to the offending op.
mlir::LogicalResult verifyKernelLayouts(mlir::Operation *kernel,
                                        unsigned numWarps);

/// The one-stage tile of the shared-memory buffer `op` fills, reads or
/// goes through (a tile.load into shared memory, tilegpu.async_load,
/// tilegpu.stage_view, a tilegpu.convert_layout's scratch, a cross-warp
/// tile.reduce's scratch), or null when `op` has none. Safe on ops not yet
/// verified (the attribute verifier asks it too).
mlir::RankedTensorType sharedBufferTile(mlir::Operation *op);

/// The shared-memory scratch through which a tile.reduce of a
/// #tilegpu.blocked tile combines the partials of the warps along its axis
/// (BlockedEncodingAttr::getReductionWarps): one element of the result type
/// per warp and kept position, laid out [warp][position]; null when nothing
/// crosses warps or the operand is not blocked.
mlir::RankedTensorType reductionScratchType(tile::ReduceOp reduce);

} // namespace tessera::tilegpu

#endif // TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
