//===- Passes.td - Conversions out of the tile dialect -----*- tablegen -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_CONVERSION_PASSES_TD
#define TESSERA_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertTileToNVVM : Pass<"convert-tile-to-nvvm", "::mlir::ModuleOp"> {
  let summary = "Lower laid-out tile kernels to LLVM + NVVM inside a gpu.module";
  let description = [{
    Input: tile kernels (`func.func` with `tile.kernel`) whose tensors all
    carry `#tilegpu` layouts (tilegpu-assign-layouts) and whose shared loads
    carry `tilegpu.shared_offset` (tilegpu-allocate-shared).

    Output: one `llvm.func` per kernel, marked `nvvm.kernel` with
    `nvvm.maxntid`, inside `gpu.module @tessera` (whose target is the
    module's `tilegpu.target`, when it names one), taking the manifest ABI
    (docs/manifest.md): each view becomes a global pointer, its sizes and its
    strides (i64), scalars stay scalars. Inside, every tile is the vector of
    the elements the running thread holds in its layout:

    - `tile.load` into `#tilegpu.shared`: 16-byte `cp.async` copies (zero
      filled past the view's sizes) into a swizzled buffer, then a barrier;
    - `tile.dot`: `ldmatrix` (`.trans` for a K-major B operand) and
      `mma.sync.m16n8k16` per fragment; an A operand in the mma layout (P of
      P·V) is repacked from its accumulator registers (no shared memory).
      A dot tilegpu-select-mma marked `tilegpu.wgmma` (sm_90a): one whose rows are shared by groups of 4 warps
      and whose B tile has the 128-byte swizzle (`#tilegpu.shared<...,
      swizzle = 128>`: 64-column panels) is one
      `wgmma.mma_async.m64nNk16` per m-fragment and k step instead: A and
      B through shared-memory matrix descriptors (K-major, or N-major with
      imm-trans-b), or A from registers as above when it is not a panelled
      shared tile; scale-d 0 on the first step of a zero accumulator;
      synchronous (fence, commit, wait); in a kernel with such dots,
      shared-memory writes are followed by
      `fence.proxy.async.shared::cta` before their barrier;
    - `tile.reduce` along the rows of an mma tile: per-thread partials, then
      `shfl.bfly` 1 and 2; along either axis of a blocked tile: per-thread
      partials, `shfl.bfly` over the lanes along the axis, and across warps
      a shared scratch of the op (copies add the identity);
    - `math.exp2`: `ex2.approx.ftz.f32`;
    - register loads and stores of mma / slice tiles: per element, masked
      (16-bit tiles stored as 4-byte pairs of adjacent columns); of blocked
      tiles: `tilegpu.vector` adjacent elements (planned first: up to 16
      bytes, as far as the start column is known aligned) per access when
      the run is inside the view, per element, masked, otherwise;
    - `tilegpu.async_load` / `async_commit` / `async_wait` / `stage_view`:
      the pipelined copies, `cp.async.wait_group N` + barrier, stage bases;
    - `tilegpu.convert_layout`, and `tile.trans` of a register tile: through
      its shared scratch buffer (a transpose reads each element at its
      transposed position; a shared tile's `tile.trans` only flips its
      layout); out of a `#tilegpu.shared` tile, ldmatrix into the mma
      layout or a read of each slot at its swizzled address.

    Kernel metadata for the manifest is kept on the `llvm.func`
    (`tile.grid`, `tile.sizes`, `tile.constants`) or written there as the
    tilegpu dialect's typed attributes (`tilegpu.kernel_name`,
    `tilegpu.params` of `#tilegpu.param`, `tilegpu.tensor_maps` of
    `#tilegpu.tensor_map`, `tilegpu.shared_bytes`).

    Floating-point arith ops get the `contract` fast-math flag, so that
    multiply-adds become FMAs (CUDA's default, -fmad=true). `max-registers`
    sets `nvvm.maxnreg`; by default ptxas chooses (up to 255).
    `max-vector-bytes` caps the vector accesses of blocked tiles (and so the
    manifest's `align`): 2 makes a kernel of f16 rows take tensors whose rows
    are any number of elements apart.
  }];
  let options = [
    Option<"maxRegisters", "max-registers", "unsigned", /*default=*/"0",
           "Registers per thread (0: let ptxas choose)">,
    Option<"maxVectorBytes", "max-vector-bytes", "unsigned", /*default=*/"16",
           "The widest global access of a register tile in bytes (a power "
           "of two up to 16; the manifest's align follows)">,
  ];
  let dependentDialects = [
    "::mlir::LLVM::LLVMDialect",
    "::mlir::NVVM::NVVMDialect",
    "::mlir::nvgpu::NVGPUDialect",
    "::mlir::gpu::GPUDialect",
    "::mlir::vector::VectorDialect",
    "::mlir::scf::SCFDialect",
    // The kernel metadata (#tilegpu.param, #tilegpu.tensor_map).
    "::tessera::tilegpu::TileGPUDialect",
  ];
}

def TesseraSplitBlockVectors
    : Pass<"tessera-split-block-vectors", "::mlir::ModuleOp"> {
  let summary = "Pass 16- and 8-bit vectors between LLVM blocks in power-of-two pieces";
  let description = [{
    Runs on the LLVM dialect (last in the pipeline, after the conversions).
    LLVM's instruction selection passes a vector from one basic block to
    another (a phi: a tile carried around a loop) in the target's legal
    pieces only when its element count is a power of two; any other count
    is scalarized, one virtual register per element. For 16-bit elements
    on NVPTX that is a register per f16 where a pair would share one: the
    P tile that FA2's deferred P·V carries into the next iteration, 88
    halves at BLOCK_N = 176, cost 88 registers instead of 44, and the
    consumers of a 128×176 kernel spilled.

    Each block argument (not the entry block's) of a vector of 8- or 16-bit
    elements whose count is not a power of two becomes one argument per
    power of two in the count's binary form (88 = 64 + 16 + 8), in element
    order: each branch to the block slices the vector it passes with
    `llvm.shufflevector`, and the block rebuilds it from its pieces with
    shuffles at its start. Vectors of 32-bit elements are left alone (one
    register per element either way), and so is an argument a terminator
    without `BranchOpInterface` forwards to.

    A conversion to such a vector (`llvm.fptrunc`, `llvm.trunc`, the int/float
    conversions) whose only users are power-of-two runs of its elements (the
    slices above) becomes one conversion per run, of the matching slice of its
    source: NVPTX scalarizes the conversion of 88 floats to halves into 88
    `cvt.rn.f16.f32`, and converts 64 + 16 + 8 two at a time
    (`cvt.rn.f16x2.f32`).
  }];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // TESSERA_CONVERSION_PASSES_TD
