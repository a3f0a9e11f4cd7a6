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
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include "Tile/IR/TileDialect.h"
#include "TileGPU/IR/TileGPULimits.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "TileGPU/IR/TileGPUDialect.h.inc"

#include "TileGPU/IR/TileGPUEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "TileGPU/IR/TileGPUAttrs.h.inc"

#define GET_OP_CLASSES
#include "TileGPU/IR/TileGPUOps.h.inc"

namespace tessera::tilegpu {

/// The most warps a CTA has: 1024 threads.
constexpr unsigned kMaxWarps = 32;

/// The warps of a warpgroup: wgmma's unit, and setmaxnreg's (a
/// warp-specialized kernel's producer is one, its consumers whole ones).
constexpr unsigned kWarpsPerWarpgroup = 4;

/// The deepest cp.async ring `tilegpu-pipeline` builds (`tile.num_stages`,
/// `tilegpu.stages`): the pipeliner itself needs 2, FA2 uses 2 or 3; each
/// stage is a copy of every pipelined tile in shared memory, which bounds
/// the useful depth anyway.
constexpr unsigned kMaxStages = 8;

/// The most shared memory one CTA can have on any supported chip, in bytes:
/// the bound of `tilegpu.shared_offset` (TileGPULimits.h).
constexpr int64_t maxSharedMemoryBytes() { return kMaxSharedMemoryBytes; }

/// Whether `chip` names an NVVM target the way a gpu.module's #nvvm.target
/// must: "sm_" and a version of at least 20, optionally with the "a"
/// (architecture-specific) or "f" (family) suffix ("sm_80", "sm_90a").
bool isValidChip(llvm::StringRef chip);

/// Whether `chip` ("sm_90a") has Hopper's path: wgmma.mma_async, TMA and
/// setmaxnreg (the architecture-specific sm_90a; asked the way the NVVM
/// dialect checks an op's `RequiresSMa<[90]>`). False for a chip that is
/// not valid (isValidChip).
bool chipHasWgmma(llvm::StringRef chip);

/// What the passes between the tile dialect and NVVM know of the target:
/// the module's `tilegpu.target` and `tilegpu.shared_memory`
/// (tessera-attach-target writes both from the chip table of lib/Target).
struct TargetInfo {
  mlir::NVVM::NVVMTargetAttr target;
  /// The most dynamic shared memory one CTA may use, in bytes.
  int64_t sharedMemory = 0;

  /// Whether the chip has Hopper's path (chipHasWgmma).
  bool hasWgmma() const { return chipHasWgmma(target.getChip()); }
  /// The alignment of shared-memory buffers: 1024 bytes where wgmma reads
  /// them (its 128-byte swizzle repeats every 8 rows of 128 bytes), 128
  /// otherwise.
  int64_t sharedAlignment() const { return hasWgmma() ? 1024 : 128; }
};

/// The target of the module holding `op` (or of `op`, a module), or an
/// error at `op` when the module names none.
mlir::FailureOr<TargetInfo> getTargetInfo(mlir::Operation *op);

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
/// tilegpu.stage_view, a tilegpu.convert_layout's scratch, a register
/// tile.trans's scratch, a cross-warp tile.reduce's scratch), or null when
/// `op` has none. Safe on ops not yet verified (the attribute verifier asks
/// it too).
mlir::RankedTensorType sharedBufferTile(mlir::Operation *op);

/// Whether `op` is a tile.trans of a tile in a register layout, which moves
/// elements between threads through a shared scratch buffer with CTA
/// barriers (a #tilegpu.shared tile's transpose only flips its layout).
bool isRegisterTranspose(mlir::Operation *op);

/// The shared-memory scratch of a register tile.trans: the source row-major,
/// each row padded by a 4-byte word (at least one element), so that the
/// column reads of the transpose fall in different banks; null for other ops.
mlir::RankedTensorType transposeScratchType(mlir::Operation *op);

/// The shared-memory scratch through which a tile.reduce of a
/// #tilegpu.blocked tile combines the partials of the warps along its axis
/// (BlockedEncodingAttr::getReductionWarps): one element of the operand's
/// type (f32 for f16 and bf16) per warp and kept position, laid out
/// [warp][position], then for an argmax or argmin the i32 indices laid out
/// the same way; null when nothing crosses warps or the operand is not
/// blocked.
mlir::RankedTensorType reductionScratchType(tile::ReduceOp reduce);

/// Whether a scan of a tile of `size` elements along `axis` of `layout`
/// combines the warps: warps lie along the axis and a run of distinct
/// elements (the tile, or a copy of it) spans more than one warp's lanes.
bool scanCrossesWarps(BlockedEncodingAttr layout, unsigned axis, int64_t size);

/// The shared-memory scratch through which a tile.scan of a
/// #tilegpu.blocked tile adds the totals of the warps before a thread's
/// (scanCrossesWarps): one element per repetition of the layout along the
/// axis, warp along it and kept position ([rep * warps + warp][position]);
/// null when nothing crosses warps or the operand is not blocked.
mlir::RankedTensorType scanScratchType(tile::ScanOp scan);

/// Verifies the kernel metadata attributes (tilegpu.shared_bytes,
/// tilegpu.kernel_name, tilegpu.params, tilegpu.tensor_maps); nothing when
/// `attr` is none of them (KernelMetadata.cpp).
std::optional<mlir::LogicalResult>
verifyKernelMetadataAttribute(mlir::Operation *op, mlir::NamedAttribute attr);

} // namespace tessera::tilegpu

#endif // TESSERA_DIALECT_TILEGPU_IR_TILEGPUDIALECT_H
