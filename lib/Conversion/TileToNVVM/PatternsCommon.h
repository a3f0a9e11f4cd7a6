//===- PatternsCommon.h - What the TileToNVVM families share ----*- C++ -*-===//
//
// Part of Tessera. Private to lib/Conversion/TileToNVVM: views and their
// addressing, shared-memory buffers and their publication, common checks.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_LIB_CONVERSION_TILETONVVM_PATTERNSCOMMON_H
#define TESSERA_LIB_CONVERSION_TILETONVVM_PATTERNSCOMMON_H

#include "tessera/Conversion/LayoutGeometry/LayoutGeometry.h"
#include "tessera/Conversion/SharedLayout/SharedLayout.h"

#include "Tile/IR/TileDialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace tessera::lowering {

/// A CUtensorMap's bytes, the columns of 16-bit elements one TMA box
/// copies (128 bytes, the 128-byte swizzle's row) and that swizzle, which
/// writes a box as one panel of a #tilegpu.shared tile.
inline constexpr int64_t kTensorMapBytes = 128;
inline constexpr int64_t kTmaBoxColumns = 64;
inline constexpr int64_t kTmaSwizzleBytes = 128;
/// The external shared global every buffer is an offset into.
inline constexpr llvm::StringLiteral kSharedGlobal = "__tessera_smem";

//===----------------------------------------------------------------------===//
// Views
//===----------------------------------------------------------------------===//

/// A view is passed as a global pointer, its sizes and its strides.
mlir::LLVM::LLVMStructType viewStructType(tile::ViewType view);

/// Accessors of a converted view struct.
struct ViewValue {
  mlir::Value value;
  unsigned rank;

  mlir::Value ptr(mlir::OpBuilder &b, mlir::Location loc) const {
    return mlir::LLVM::ExtractValueOp::create(b, loc, value,
                                              llvm::ArrayRef<int64_t>{0});
  }
  mlir::Value size(mlir::OpBuilder &b, mlir::Location loc, unsigned d) const {
    return mlir::LLVM::ExtractValueOp::create(
        b, loc, value, llvm::ArrayRef<int64_t>{1, int64_t(d)});
  }
  mlir::Value stride(mlir::OpBuilder &b, mlir::Location loc,
                     unsigned d) const {
    return mlir::LLVM::ExtractValueOp::create(
        b, loc, value, llvm::ArrayRef<int64_t>{2, int64_t(d)});
  }
};

/// Addressing of tile elements inside a view: the leading indices select one
/// element, the trailing `tileRank` dimensions start at the trailing indices.
struct ViewAccess {
  ViewValue view;
  llvm::SmallVector<mlir::Value> indices; // i32, one per view dimension
  unsigned tileRank;
  /// The view dimensions the access is known to stay inside (the op's
  /// `in_bounds`): no check along them. Empty: none.
  llvm::SmallVector<bool> inBounds;

  bool knownInBounds(unsigned d) const {
    return d < inBounds.size() && inBounds[d];
  }

  /// Element offset and in-bounds predicate of the tile element at
  /// (indices[R-2] + row, indices[R-1] + col) (2-D tiles) or
  /// indices[R-1] + row (1-D tiles).
  std::pair<mlir::Value, mlir::Value> locate(mlir::OpBuilder &b,
                                             mlir::Location loc,
                                             mlir::Value row,
                                             mlir::Value col) const;
};

ViewAccess makeAccess(mlir::Value view, tile::ViewType viewType,
                      mlir::ValueRange indices, unsigned tileRank,
                      std::optional<llvm::ArrayRef<bool>> inBounds = {});

/// The address of element `offset` of the global array at `base`.
mlir::Value globalAddress(mlir::OpBuilder &b, mlir::Location loc,
                          mlir::Value base, mlir::Type elementType,
                          mlir::Value offset);

//===----------------------------------------------------------------------===//
// Vector accesses
//===----------------------------------------------------------------------===//

/// Records on each tile.load and tile.store of a #tilegpu.blocked tile how
/// many adjacent elements one access moves (`tilegpu.vector`, up to 16
/// bytes): the elements a thread holds contiguously along the innermost
/// dimension, as far as the start index along it is known to keep them
/// aligned (a multiple of the width), and one at a time through a view
/// narrowed along that dimension. The runtime checks the base pointer and
/// the outer strides against the manifest's "align" (viewAlignment).
/// No access is wider than `maxBytes` (a power of two up to 16).
void planVectorAccesses(mlir::func::FuncOp kernel, unsigned maxBytes = 16);

/// The elements per access planVectorAccesses chose for `op` (1 without).
int64_t vectorElementsOf(mlir::Operation *op);

/// Orders the global accesses that the layouts hand to different threads.
/// A tile program is one sequence of tile ops, but on the GPU each element
/// of a tile is loaded or stored by the thread its layout gives it: when a
/// load or store of a view may follow a store (or a store may follow a load)
/// of the same tensor in a layout that gives elements to other threads (a
/// different layout, or one with copies), a CTA barrier (bar.sync, which
/// orders the CTA's global accesses; bar.warp.sync where the only copies are
/// lanes of one warp) goes before the later access, hoisted
/// out of the loops and branches that hold none of the earlier ones (the
/// conditions are uniform scalars, so every thread reaches it).
void orderCrossThreadAccesses(mlir::func::FuncOp kernel, unsigned numWarps);

//===----------------------------------------------------------------------===//
// Shared memory
//===----------------------------------------------------------------------===//

/// The start of dynamic shared memory plus `offset` bytes.
mlir::Value sharedBase(mlir::OpBuilder &b, mlir::Location loc, int64_t offset);

/// The address of element (row, col) of a row-major `element` array of
/// `rowStride` elements a row at `base` (a scratch in shared memory).
mlir::Value scratchElement(mlir::OpBuilder &b, mlir::Location loc,
                           mlir::Value base, mlir::Type element,
                           mlir::Value row, int64_t rowStride,
                           mlir::Value col);

/// The bytes of one copy of `type`.
int64_t tileBytes(mlir::RankedTensorType type);

/// The start of stage `stage` of a pipelined buffer at `offset`, whose
/// stages are whole tiles of `type`.
mlir::Value stageBase(mlir::OpBuilder &b, mlir::Location loc, int64_t offset,
                      mlir::Value stage, mlir::RankedTensorType type);

/// Whether `type` can be staged in shared memory by 16-byte copies: a 2-D
/// 16-bit tile with a multiple of 8 columns. Every tile the conversion
/// stores in shared memory is one: #tilegpu.shared requires 2-D f16/bf16
/// tiles whose stored rows are multiples of 8, and loads and
/// convert_layout require transposed = false (tilegpu::verifyKernelLayouts
/// and the op verifiers), so the patterns assert it.
bool isStageableSharedTile(mlir::RankedTensorType type);

/// The byte offset tilegpu-allocate-shared gave the buffer of `op`, or an
/// error when the allocation has not run.
mlir::FailureOr<int64_t> sharedOffsetOf(mlir::Operation *op);

/// The named barriers of a warp-specialized kernel (0 is the CTA's, which
/// the producer would have to join): the consumers' own, then one turn
/// barrier per consumer warpgroup (tilegpu.turn_wait / turn_pass).
constexpr int64_t kConsumerBarrier = 1;
constexpr int64_t kFirstTurnBarrier = 2;

/// shfl.bfly of a 32-bit value across the lanes of a warp (every lane
/// takes part).
mlir::Value butterfly(mlir::OpBuilder &b, mlir::Location loc, mlir::Value v,
                      int64_t offset);

/// A barrier over the threads the kernel's layouts are written for: the
/// whole CTA (bar.sync 0), or in a warp-specialized kernel its consumers
/// alone (bar.sync 1, consumer threads), at the builder's insertion point.
void syncThreads(mlir::OpBuilder &b, mlir::Location loc);

/// Runs `body` in thread `thread` of the CTA only (and only where `pred`,
/// when given, holds): an scf.if at the builder's insertion point.
void inThread(mlir::OpBuilder &b, mlir::Location loc, int64_t thread,
              mlir::Value pred,
              llvm::function_ref<void(mlir::OpBuilder &, mlir::Location)> body);
/// inThread for thread 0 (a TMA copy, a tile.store_scalar).
void inFirstThread(
    mlir::OpBuilder &b, mlir::Location loc, mlir::Value pred,
    llvm::function_ref<void(mlir::OpBuilder &, mlir::Location)> body);

/// Makes this thread's shared-memory writes (cp.async copies, stores)
/// visible to the whole CTA: a barrier, preceded in a kernel that also uses
/// shared memory through the async proxy (`asyncProxy`: wgmma operands, TMA
/// copies) by fence.proxy.async (the writes went through the generic one).
void publishSharedWrites(mlir::OpBuilder &b, mlir::Location loc,
                         bool asyncProxy);

//===----------------------------------------------------------------------===//
// Inline PTX (what the NVVM dialect has no op for)
//===----------------------------------------------------------------------===//

/// The operand list "{$first, ..., $first + count - 1}" of an asm string
/// ("$first" alone for one operand).
std::string asmOperandList(int64_t first, int64_t count);

/// `ptx` as an llvm.inline_asm with `constraints` over `operands`, returning
/// `resultType` (none: a null type); `sideEffects` keeps it in order with the
/// kernel's other memory accesses and side effects.
mlir::LLVM::InlineAsmOp inlinePtx(mlir::OpBuilder &b, mlir::Location loc,
                                  mlir::Type resultType,
                                  mlir::ValueRange operands,
                                  llvm::StringRef ptx,
                                  llvm::StringRef constraints,
                                  bool sideEffects);

/// Inline PTX (with side effects) with `n` outputs of `type` ($0..$n-1, the
/// first of `constraints`) over `operands`; returns the outputs.
llvm::SmallVector<mlir::Value>
asmOutputs(mlir::OpBuilder &b, mlir::Location loc, mlir::Type type, int64_t n,
           mlir::ValueRange operands, llvm::StringRef ptx,
           llvm::StringRef constraints);

/// Inline PTX (with side effects) whose outputs $0.. are tied to `values`
/// (f32 or i32 registers the instruction updates, or leaves as they are),
/// after `inputs` with `inputConstraints`; returns the outputs.
llvm::SmallVector<mlir::Value> tiedAsm(mlir::OpBuilder &b, mlir::Location loc,
                                       llvm::StringRef ptx,
                                       llvm::ArrayRef<mlir::Value> values,
                                       mlir::ValueRange inputs,
                                       llvm::StringRef inputConstraints);

} // namespace tessera::lowering

#endif // TESSERA_LIB_CONVERSION_TILETONVVM_PATTERNSCOMMON_H
