//===- TileBase.td - The tile dialect, its types and attributes -*- tablegen -*-===//
//
// Part of Tessera. The `tile` dialect is the target-independent level of the
// compiler: tiles are statically shaped ranked tensors, global tensors are
// views built from kernel pointer arguments, and kernels are `func.func`s that
// carry grid metadata as dialect attributes.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TILE_BASE_TD
#define TESSERA_TILE_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"
include "mlir/IR/BuiltinTypes.td"

def Tile_Dialect : Dialect {
  let name = "tile";
  let cppNamespace = "::tessera::tile";
  let summary = "Target-independent tiles, views of global tensors, dot and online softmax";
  let description = [{
    The `tile` dialect describes one program instance (one CTA) of a tile
    kernel. Values are either scalars (`i32`, `f32`, ...), tiles (statically
    shaped `tensor`s of `f16`, `bf16`, `f32`, `i1`, `i32`), or views of
    global tensors (`!tile.view`). Elementwise math on tiles reuses `arith`
    and `math` (`arith.addf`, `arith.select`, `arith.extf`, `math.exp2`, ...)
    with operands of identical shape; broadcasting is always explicit
    (`tile.expand_dims` + `tile.broadcast`, or `tile.splat`). Loops are `scf.for`
    with loop-carried tiles.

    A kernel is a `func.func` marked `tile.kernel`; its grid and symbolic sizes
    are dialect attributes on the function (see `docs/tile-dialect.md`).
  }];
  let useDefaultTypePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasConstantMaterializer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let extraClassDeclaration = [{
    /// Attribute names used on kernels (func.func) and their arguments.
    static constexpr ::llvm::StringLiteral kKernelAttrName = "tile.kernel";
    static constexpr ::llvm::StringLiteral kSizesAttrName = "tile.sizes";
    static constexpr ::llvm::StringLiteral kGridAttrName = "tile.grid";
    static constexpr ::llvm::StringLiteral kConstantsAttrName = "tile.constants";
    static constexpr ::llvm::StringLiteral kNumWarpsAttrName = "tile.num_warps";
    static constexpr ::llvm::StringLiteral kNumStagesAttrName = "tile.num_stages";
    /// `@kernel(overlap_dots=True)`: on wgmma targets, each loop's last dot
    /// runs under the next iteration's work (tilegpu-schedule-dots).
    static constexpr ::llvm::StringLiteral kOverlapDotsAttrName = "tile.overlap_dots";
    /// `@kernel(warp_specialize=True)`: on TMA targets, a producer warpgroup
    /// issues the copies of the kernel's pipelined loops while its warps
    /// compute (tilegpu-pipeline, tilegpu-warp-specialize).
    static constexpr ::llvm::StringLiteral kWarpSpecializeAttrName = "tile.warp_specialize";
    /// `@kernel(ping_pong=True)`: in a warp-specialized kernel, the consumer
    /// warpgroups take turns issuing their dots (tilegpu-ping-pong).
    static constexpr ::llvm::StringLiteral kPingPongAttrName = "tile.ping_pong";
    /// `@kernel(prefetch_registers=True)`: a loop's loads into registers are
    /// issued one iteration ahead (tilegpu-pipeline).
    static constexpr ::llvm::StringLiteral kPrefetchRegistersAttrName = "tile.prefetch_registers";
    /// `@kernel(persistent=True)`: on GPU targets, a grid of as many CTAs as
    /// the GPU holds at once, each walking the kernel's programs in a loop
    /// (tilegpu-persistent).
    static constexpr ::llvm::StringLiteral kPersistentAttrName = "tile.persistent";
    static constexpr ::llvm::StringLiteral kShapeAttrName = "tile.shape";
    static constexpr ::llvm::StringLiteral kRoleAttrName = "tile.role";
    static constexpr ::llvm::StringLiteral kInitAttrName = "tile.init";
    static constexpr ::llvm::StringLiteral kNameAttrName = "tile.name";

    /// The defaults of `tile.num_warps` and `tile.num_stages` (the
    /// `@kernel(num_warps=..., num_stages=...)` options): the one place they
    /// are written.
    static constexpr unsigned kDefaultNumWarps = 4;
    static constexpr unsigned kDefaultNumStages = 2;

    /// The warps per CTA of `kernel`: its `tile.num_warps`, or the default.
    static unsigned getNumWarps(::mlir::Operation *kernel);
    /// The pipeline depth of `kernel`: its `tile.num_stages`, or the default.
    static unsigned getNumStages(::mlir::Operation *kernel);
    /// Whether `kernel` asks for overlapped dots (`tile.overlap_dots`).
    static bool getOverlapDots(::mlir::Operation *kernel);
    /// Whether `kernel` asks for warp specialization (`tile.warp_specialize`).
    static bool getWarpSpecialize(::mlir::Operation *kernel);
    /// Whether `kernel` asks for ping-pong (`tile.ping_pong`).
    static bool getPingPong(::mlir::Operation *kernel);
    /// Whether `kernel` asks for its register loads to be prefetched
    /// (`tile.prefetch_registers`).
    static bool getPrefetchRegisters(::mlir::Operation *kernel);
    /// Whether `kernel` asks for a persistent grid (`tile.persistent`).
    static bool getPersistent(::mlir::Operation *kernel);
  }];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class Tile_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<Tile_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def Tile_ViewType : Tile_Type<"View", "view"> {
  let summary = "a view of a global tensor: element type and rank";
  let description = [{
    A view of a tensor in global memory, as passed to a kernel: a base
    pointer, `rank` runtime sizes and `rank` runtime strides (in elements).
    The sizes are read with `tile.dim`; tiles are read and written with
    `tile.load` / `tile.store`, which mask elements outside the sizes.

    ```mlir
    func.func @k(%q: !tile.view<f16, 3>)
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType, "unsigned":$rank);
  let assemblyFormat = "`<` $elementType `,` $rank `>`";
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

def Tile_MMAOperandType : AnyTypeOf<[F16, BF16]>;
def Tile_ElementType : AnyTypeOf<[F16, BF16, F32, F64, I1, I8, I32, I64]>;
def Tile_Tile : StaticShapeTensorOf<[Tile_ElementType]>;
def Tile_FloatTile : StaticShapeTensorOf<[F16, BF16, F32]>;
def Tile_F32Tile : StaticShapeTensorOf<[F32]>;
def Tile_Tile1D : 1DTensorOf<[Tile_ElementType]>;
def Tile_Tile2D : 2DTensorOf<[Tile_ElementType]>;
def Tile_Scalar : AnyTypeOf<[Tile_ElementType, Index]>;
def Tile_IndexLike : AnyTypeOf<[I32, I64, Index]>;

//===----------------------------------------------------------------------===//
// Enums
//===----------------------------------------------------------------------===//

def Tile_ReduceKind : I32EnumAttr<"ReduceKind", "reduction combiner", [
    I32EnumAttrCase<"Max", 0, "max">,
    I32EnumAttrCase<"Min", 1, "min">,
    I32EnumAttrCase<"Sum", 2, "sum">,
    I32EnumAttrCase<"ArgMax", 3, "argmax">,
    I32EnumAttrCase<"ArgMin", 4, "argmin">,
  ]> {
  let cppNamespace = "::tessera::tile";
}

#endif // TESSERA_TILE_BASE_TD
