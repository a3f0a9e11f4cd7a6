//===- TileGPUKernelAttrs.td - What a compiled kernel asks of its caller --===//
//
// Part of Tessera. The typed metadata convert-tile-to-nvvm leaves on a
// kernel's llvm.func for the Target stage, which serializes it once, through
// the runtime's schema, as the manifest (docs/manifest.md).
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TILEGPU_KERNEL_ATTRS_TD
#define TESSERA_TILEGPU_KERNEL_ATTRS_TD

include "TileGPU/IR/TileGPUBase.td"
include "mlir/IR/EnumAttr.td"

def TileGPU_ParamRole : I32EnumAttr<"ParamRole",
    "how a kernel uses a parameter", [
      I32EnumAttrCase<"Input", 0, "input">,
      I32EnumAttrCase<"Output", 1, "output">,
      I32EnumAttrCase<"InOut", 2, "inout">]> {
  let cppNamespace = "::tessera::tilegpu";
  let genSpecializedAttr = 0;
}

// Kernel metadata is not a tensor encoding.
class TileGPU_KernelAttr<string name, string attrMnemonic>
    : AttrDef<TileGPU_Dialect, name> {
  let mnemonic = attrMnemonic;
  let assemblyFormat = "`<` struct(params) `>`";
  let genVerifyDecl = 1;
}

def TileGPU_KernelParamAttr : TileGPU_KernelAttr<"KernelParam", "param"> {
  let summary = "one source-level parameter of a compiled kernel";
  let description = [{
    One entry of a kernel's `tilegpu.params`, in source order: the
    manifest's `params` (docs/manifest.md). A parameter with a `shape` is a
    tensor, passed as a global pointer, its sizes and its strides (i64); one
    without is a scalar, passed by value. `shape` names each dimension by a
    size (bound by the runtime from the tensors) or fixes it (a positive
    integer). `align` is the alignment in bytes the generated code assumes of
    a tensor's base pointer and of every stride but the innermost (times the
    element size), which the runtime checks before a launch (0: the element
    size). `init` is how the caller fills an `inout` tensor before the
    launch.

    Tensors are of f16, bf16, f32, i32 or i64; scalars of f32, i32 or i64,
    and only read.

    ```mlir
    #tilegpu.param<name = "Q", dtype = f16, shape = ["BH", "N", 64], align = 16>
    #tilegpu.param<name = "Lse", dtype = f32, shape = ["BH", "N"], role = output, align = 4>
    #tilegpu.param<name = "sm_scale", dtype = f32>
    ```
  }];
  let parameters = (ins
    "::mlir::StringAttr":$name,
    "::mlir::Type":$dtype,
    OptionalParameter<"::mlir::ArrayAttr">:$shape,
    DefaultValuedParameter<"::tessera::tilegpu::ParamRole",
                           "::tessera::tilegpu::ParamRole::Input">:$role,
    DefaultValuedParameter<"int64_t", "0">:$align,
    OptionalParameter<"::mlir::FloatAttr">:$init);
  let extraClassDeclaration = [{
    bool isTensor() const { return static_cast<bool>(getShape()); }
  }];
}

def TileGPU_TensorMapAttr : TileGPU_KernelAttr<"TensorMap", "tensor_map"> {
  let summary = "a TMA tensor map the runtime encodes at launch";
  let description = [{
    One entry of a kernel's `tilegpu.tensor_maps`: the runtime encodes a
    `CUtensorMap` of the tensor parameter `tensor` with boxes of `box` =
    [rows, columns] elements and the given swizzle (bytes), and passes it by
    value after the parameters (`cuTensorMapEncodeTiled`; docs/manifest.md).
    The kernel's TMA copies (`tilegpu.tma`) read it; box dimensions are in
    [1, 256], the swizzle is 128 bytes (the panels of a `#tilegpu.shared`
    tile that wgmma reads).

    ```mlir
    #tilegpu.tensor_map<tensor = "K", box = [64, 64], swizzle = 128>
    ```
  }];
  let parameters = (ins
    "::mlir::StringAttr":$tensor,
    ArrayRefParameter<"int64_t">:$box,
    "int64_t":$swizzle);
  let assemblyFormat = [{
    `<` `tensor` `=` $tensor `,` `box` `=` `[` $box `]` `,` `swizzle` `=`
    $swizzle `>`
  }];
}

#endif // TESSERA_TILEGPU_KERNEL_ATTRS_TD
