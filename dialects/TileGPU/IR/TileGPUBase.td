//===- TileGPUBase.td - GPU layouts of tiles ---------------*- tablegen -*-===//
//
// Part of Tessera. The `tilegpu` dialect holds the GPU level's tensor
// encodings: how the elements of a tile are distributed over the threads of a
// CTA (registers) or placed in shared memory.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TILEGPU_BASE_TD
#define TESSERA_TILEGPU_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/TensorEncoding.td"

def TileGPU_Dialect : Dialect {
  let name = "tilegpu";
  let cppNamespace = "::tessera::tilegpu";
  let summary = "Layouts of tiles on NVIDIA GPUs";
  let description = [{
    Encodings attached to `tensor` types by `tilegpu-assign-layouts`. A tile
    with an encoding is distributed: `#tilegpu.mma` (tiles of a dot),
    `#tilegpu.blocked` (other tiles) and `#tilegpu.slice` (vectors of either)
    say which thread holds which element in registers, `#tilegpu.shared` says
    the tile lives in shared memory (and is read by `ldmatrix`).
  }];
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let extraClassDeclaration = [{
    /// Discardable attributes of the GPU level, verified by the dialect.
    /// The byte offset of an op's shared-memory buffer
    /// (tilegpu-allocate-shared).
    static constexpr ::llvm::StringLiteral kSharedOffsetAttrName =
        "tilegpu.shared_offset";
    /// The stages of a pipelined buffer (tilegpu-pipeline).
    static constexpr ::llvm::StringLiteral kStagesAttrName = "tilegpu.stages";
    /// The elements a global load or store of a register tile moves per
    /// access (convert-tile-to-nvvm plans them before lowering).
    static constexpr ::llvm::StringLiteral kVectorAttrName = "tilegpu.vector";
    /// A tile.dot that only issues its instructions (wgmma.mma_async and a
    /// commit): the result is in flight until a tilegpu.dot_wait returns it
    /// (tilegpu-schedule-dots).
    static constexpr ::llvm::StringLiteral kAsyncAttrName = "tilegpu.async";
    /// A tile.dot convert-tile-to-nvvm lowers to wgmma.mma_async (chosen
    /// before the patterns run, on the whole kernel: a loop-carried operand's
    /// buffers are seen there).
    static constexpr ::llvm::StringLiteral kWgmmaAttrName = "tilegpu.wgmma";
    /// A tile.load into shared memory whose tile is still read during the
    /// next iteration of its loop (by a dot in flight across the back edge or
    /// deferred into the next iteration): tilegpu-pipeline gives its ring one
    /// more stage, so the copy issued ahead does not overwrite it.
    static constexpr ::llvm::StringLiteral kReadLagAttrName = "tilegpu.read_lag";
    /// A tile.load with tilegpu.read_lag whose ring, in a warp-specialized
    /// pipeline, keeps num_stages stages (two or more) instead of one more:
    /// the producer copies into a stage only after the consumers release it,
    /// and they release a lagged stage after the read that lags, so the copy
    /// waits instead (tilegpu-schedule-dots sets it where the longer ring
    /// would not fit shared memory).
    static constexpr ::llvm::StringLiteral kLateReleaseAttrName =
        "tilegpu.late_release";
    /// A tile.load into shared memory, before a loop, of the tile the loop's
    /// first iteration loads, carried into that iteration for the dot
    /// tilegpu-schedule-dots deferred into it (which reads it with a zero
    /// A): tilegpu-pipeline gives it the first stage of the ring of the
    /// load it copies, where that iteration's tile lands anyway.
    static constexpr ::llvm::StringLiteral kFirstIterationAttrName =
        "tilegpu.first_iteration";
    /// A tile.dot that tilegpu-schedule-dots deferred into the next
    /// iteration of its loop (P(j - 1)·V(j - 1), issued under QKᵀ(j)): in
    /// the first iteration of a rotation it reads a zero A, and
    /// tilegpu-peel-rotation drops it from that iteration.
    static constexpr ::llvm::StringLiteral kRotatedAttrName =
        "tilegpu.rotated";
    /// A pipelined tile.load into shared memory (and the tilegpu.async_load
    /// it becomes) copied by TMA, one thread issuing the copy of a whole
    /// tile onto an mbarrier, instead of by every thread with cp.async
    /// (tilegpu-select-copies).
    static constexpr ::llvm::StringLiteral kTmaAttrName = "tilegpu.tma";
    /// The byte offset of the mbarriers of a TMA-filled buffer, one 8-byte
    /// barrier per stage (tilegpu-allocate-shared), on its
    /// tilegpu.async_load, stage_wait, ring_init and ring_inval ops; on its
    /// stage_acquire and stage_release, the offset of its empty barriers
    /// (a warp-specialized ring's second row of barriers).
    static constexpr ::llvm::StringLiteral kBarrierOffsetAttrName =
        "tilegpu.barrier_offset";
    /// On an scf.for that tilegpu-pipeline made for the producer of a
    /// warp-specialized kernel: it only acquires stages and issues their TMA
    /// copies, ahead of the consumers' loop (tilegpu-warp-specialize moves
    /// it into the producer region).
    static constexpr ::llvm::StringLiteral kProducerAttrName =
        "tilegpu.producer";
    /// On the `scf.for` of a persistent kernel that runs its programs
    /// (tilegpu-persistent): its body is the kernel's top level for the
    /// pipeline and the producer warpgroup. On the kernel (func.func, then
    /// llvm.func): its programs run in that loop, so the manifest says
    /// `"persistent": true` and the runtime launches the CTAs that fit.
    static constexpr ::llvm::StringLiteral kPersistentAttrName =
        "tilegpu.persistent";
    /// On the builtin.module: the chip the kernels are compiled for, an
    /// `#nvvm.target` (chip, features, O), attached once by
    /// tessera-attach-target; convert-tile-to-nvvm gives it to the
    /// gpu.module, whose PTX the Target stage makes for it.
    static constexpr ::llvm::StringLiteral kTargetAttrName = "tilegpu.target";
    /// On the builtin.module, next to tilegpu.target: the most dynamic
    /// shared memory one CTA of that chip may use, in bytes (the budget of
    /// tilegpu-allocate-shared and tilegpu-schedule-dots).
    static constexpr ::llvm::StringLiteral kSharedMemoryAttrName =
        "tilegpu.shared_memory";

    /// Kernel metadata (TileGPUKernelAttrs.td), which the Target stage
    /// writes the manifest from. On a kernel (func.func, then llvm.func):
    /// its dynamic shared memory in bytes (tilegpu-allocate-shared).
    static constexpr ::llvm::StringLiteral kSharedBytesAttrName =
        "tilegpu.shared_bytes";
    /// On a kernel's llvm.func (convert-tile-to-nvvm): the source-level
    /// name of the kernel, its parameters in source order (an array of
    /// #tilegpu.param) and the tensor maps its TMA copies read (an array of
    /// #tilegpu.tensor_map, passed after the parameters).
    static constexpr ::llvm::StringLiteral kKernelNameAttrName =
        "tilegpu.kernel_name";
    static constexpr ::llvm::StringLiteral kParamsAttrName = "tilegpu.params";
    static constexpr ::llvm::StringLiteral kTensorMapsAttrName =
        "tilegpu.tensor_maps";
    /// On a TMA tilegpu.async_load being lowered: the index of its tensor
    /// map in the kernel's tilegpu.tensor_maps.
    static constexpr ::llvm::StringLiteral kTensorMapAttrName =
        "tilegpu.tensor_map";
  }];
}

// Every layout checks its parameters (genVerifyDecl) and, as a tensor
// encoding, the shapes it can distribute (VerifiableTensorEncoding).
class TileGPU_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TileGPU_Dialect, name,
              !listconcat(traits,
                          [DeclareAttrInterfaceMethods<VerifiableTensorEncoding>])> {
  let mnemonic = attrMnemonic;
}

def TileGPU_MmaEncodingAttr : TileGPU_Attr<"MmaEncoding", "mma"> {
  let summary = "the accumulator layout of mma.sync m16n8k16 and wgmma";
  let description = [{
    A 2-D tile distributed as a grid of 16×8 accumulator fragments of
    `mma.sync.m16n8k16` (PTX ISA 9.7.14.5.8). Warps split the rows
    (`warpsM`) and the columns (`warpsN`); with `warpsN = 1` each warp owns
    whole rows (split-Q), so row reductions never cross warps. The warps
    take the 16-row fragments in turn: m-fragment `i` of warp `w` holds rows
    `16 * (i * warpsM + w)` to `+ 15`, so the 4 warps of a warpgroup hold 64
    consecutive rows, which is also the accumulator layout of Hopper's
    `wgmma.m64nNk16`. Lane
    `4 * group + t` holds, for each fragment, rows `group` and `group + 8`,
    columns `2t` and `2t + 1`. Per thread the elements are ordered
    `[m-fragment][n-fragment][c0, c1, c2, c3]`.

    `warpsM` is in [1, 32] (a CTA has at most 32 warps) and must divide the
    kernel's warps (`tile.num_warps`; the other warps hold replicas, which
    `convert-tile-to-nvvm` checks); only `warpsN = 1` is lowered. The rows
    are a multiple of `16 * warpsM`, the columns of `8 * warpsN`.

    ```mlir
    tensor<128x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
    ```
  }];
  let parameters = (ins "unsigned":$warpsM, "unsigned":$warpsN);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TileGPU_BlockedEncodingAttr : TileGPU_Attr<"BlockedEncoding", "blocked"> {
  let summary = "contiguous elements per thread, for tiles without a dot";
  let description = [{
    A 1-D or 2-D tile cut into blocks of `sizePerThread` contiguous elements
    per thread; `threadsPerWarp` lanes and `warpsPerCTA` warps tile those
    blocks along each dimension, and the pattern repeats over a larger tile
    (Triton's blocked layout). `order` lists the dimensions fastest first:
    lane `l` sits at position `l % threadsPerWarp[order[0]]` along
    `order[0]` and `l / threadsPerWarp[order[0]]` along the other (warps
    likewise). Along dimension `d` the thread at position `p` (warp
    position times `threadsPerWarp[d]` plus lane position) holds elements
    `p * sizePerThread[d] + r * coverage[d] + i` for `i <
    sizePerThread[d]` and every repetition `r`, where `coverage[d]` is
    `sizePerThread[d] * threadsPerWarp[d] * warpsPerCTA[d]`. A tile smaller
    than the coverage is replicated: positions past the tile wrap around
    and hold copies. Per thread the elements are ordered row-major by
    their index along each dimension, so the `sizePerThread` elements of
    the innermost dimension are adjacent: global loads and stores move
    them as one vector (up to 16 bytes).

    Every parameter has one entry per dimension; `sizePerThread` and
    `threadsPerWarp` are powers of two, `threadsPerWarp` multiplies to 32
    and `warpsPerCTA` (any counts: 2 x 5 for a kernel of 10 warps) to the
    kernel's warps (`convert-tile-to-nvvm` checks); `order` is a
    permutation. Along
    each dimension the tile's size is a multiple of `sizePerThread` and
    either a multiple of the coverage or smaller than it.

    ```mlir
    tensor<4x1024xf32, #tilegpu.blocked<sizePerThread = [1, 8],
        threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [1, 0]>>
    ```
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order);
  let assemblyFormat = [{
    `<` `sizePerThread` `=` `[` $sizePerThread `]` `,`
        `threadsPerWarp` `=` `[` $threadsPerWarp `]` `,`
        `warpsPerCTA` `=` `[` $warpsPerCTA `]` `,`
        `order` `=` `[` $order `]` `>`
  }];
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    unsigned getRank() const { return getSizePerThread().size(); }
    /// The elements one sweep of all threads covers along `dim`.
    int64_t getCoverage(unsigned dim) const;
    /// The warps of the CTA (the product of warpsPerCTA).
    unsigned getNumWarps() const;
    /// The thread positions along `dim`: lanes times warps.
    int64_t getPositions(unsigned dim) const;
    /// How many thread positions along `dim` hold distinct elements of a
    /// tile of `size` elements there (the others hold copies).
    int64_t getDistinctPositions(unsigned dim, int64_t size) const;
    /// The warps whose partials a reduction along `dim` of a tile of `size`
    /// there combines through shared memory: all the warps along `dim` when
    /// the distinct elements span more than one warp's lanes, else 1 (each
    /// warp reduces a whole copy on its own).
    int64_t getReductionWarps(unsigned dim, int64_t size) const;
    /// The elements a thread holds along `dim` of a tile of `size`.
    int64_t getElementsPerThread(unsigned dim, int64_t size) const;
  }];
}

def TileGPU_SliceEncodingAttr : TileGPU_Attr<"SliceEncoding", "slice"> {
  let summary = "a row or column vector of an mma or blocked tile";
  let description = [{
    The layout of a tile that drops dimension `dim` of a 2-D `parent` tile
    (`#tilegpu.mma` or `#tilegpu.blocked`): `dim = 1` gives one value per
    row (what a row reduction produces; the threads that held the row's
    columns each hold a copy), `dim = 0` one value per column. A 2-D tile
    whose dimension `dim` has size 1 (after `tile.expand_dims`) has the
    same distribution. `dim` is 0 or 1; with an mma parent the vector's
    length is a multiple of the parent's rows (`16 * warpsM`) or columns
    (`8 * warpsN`), with a blocked parent it fits the parent's kept
    dimension as a tile of the parent's would.

    ```mlir
    tensor<128xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
    ```
  }];
  let parameters = (ins "unsigned":$dim, "::mlir::Attribute":$parent);
  let assemblyFormat = "`<` `dim` `=` $dim `,` `parent` `=` $parent `>`";
  let genVerifyDecl = 1;
}

def TileGPU_SharedEncodingAttr : TileGPU_Attr<"SharedEncoding", "shared"> {
  let summary = "a 2-D f16/bf16 tile staged in shared memory";
  let description = [{
    The tile is copied from global memory into a shared-memory buffer with
    16-byte `cp.async` copies (or TMA boxes) and read by `ldmatrix` or wgmma
    descriptors. `transposed` marks the logical transpose of the stored tile
    (`tile.trans` of a shared tile only flips it); the stored tile is
    `[rows][cols]` of the type, or `[cols][rows]` when transposed.

    `swizzle` is the geometry of the stored rows, in bytes: rows are cut into
    16-byte chunks, and chunk `c` of row `r` is stored at chunk
    `c ^ (r % period)` of its group of `period = swizzle / 16` chunks, so
    that the rows an `ldmatrix` reads hit distinct banks. `swizzle = 128`
    (period 8) stores the tile as 64-column panels of 128-byte rows, one
    panel after the other: on a 1024-byte aligned buffer that is exactly the
    128-byte swizzle wgmma's shared-memory descriptors and TMA boxes read.
    `tilegpu-assign-layouts` gives every tile the largest swizzle its stored
    rows allow (`getCanonical`): 128 when they are a multiple of 64 columns,
    else 16 times the largest power of two up to 8 dividing their chunks
    (16: no swizzle).

    The tile is 2-D, of f16 or bf16, its stored rows a multiple of 8
    elements (16-byte chunks), and at most as large as the largest chip's
    shared memory; `swizzle` is a power of two in [16, 128] whose period
    divides the stored row's chunks (128 only for stored rows of a multiple
    of 64 columns).

    ```mlir
    tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
    tensor<64x48xf16, #tilegpu.shared<transposed = false, swizzle = 32>>
    ```
  }];
  let parameters = (ins "bool":$transposed, "unsigned":$swizzle);
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// The largest swizzle (bytes) a stored row of `storedCols` 16-bit
    /// elements allows: 128 (64-column panels) for a multiple of 64
    /// columns, else 16 times the largest power of two dividing its chunks.
    static unsigned getCanonicalSwizzle(int64_t storedCols);
    /// The encoding tilegpu-assign-layouts gives a tile of `shape` (as the
    /// tensor type has it, the stored one when not `transposed`): the
    /// canonical swizzle of its stored rows.
    static SharedEncodingAttr getCanonical(::mlir::MLIRContext *context,
                                           ::llvm::ArrayRef<int64_t> shape,
                                           bool transposed);
    /// The chunks XORed together: swizzle / 16 (1, 2, 4 or 8).
    int64_t getPeriod() const { return getSwizzle() / 16; }
    /// Whether the tile is stored as 64-column panels of 128-byte rows (the
    /// 128-byte swizzle wgmma descriptors and TMA read).
    bool isPanelled() const { return getSwizzle() == 128; }
  }];
}

#endif // TESSERA_TILEGPU_BASE_TD
