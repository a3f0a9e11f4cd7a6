//===- TileGPUOps.td - Asynchronous copies into shared memory -*- tablegen -*-===//
//
// Part of Tessera. The ops tilegpu-pipeline introduces: a tile.load into
// shared memory split into an asynchronous copy issued iterations ahead, a
// wait, and a view of the stage the copy filled.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TILEGPU_OPS_TD
#define TESSERA_TILEGPU_OPS_TD

include "TileGPU/IR/TileGPUBase.td"
include "Tile/IR/TileBase.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"

class TileGPU_Op<string mnemonic, list<Trait> traits = []>
    : Op<TileGPU_Dialect, mnemonic, traits>;

def TileGPU_AsyncLoadOp : TileGPU_Op<"async_load", [MemoryEffects<[MemRead, MemWrite]>]> {
  let summary = "start copying a tile into one stage of a shared buffer";
  let description = [{
    Issues the 16-byte `cp.async` copies of the tile `view[indices]` (with
    `tile.load`'s slicing and zero fill) into stage `stage` of shared buffer
    `buffer`, when `pred` holds. Nothing waits for the copies: a later
    `tilegpu.async_commit` closes the group and `tilegpu.async_wait` waits.
    With `tilegpu.tma`, one thread issues the copy instead as TMA boxes of
    64 columns (`cp.async.bulk.tensor` through a tensor map the runtime
    encodes for the view), completing on the stage's mbarrier, which
    `tilegpu.stage_wait` waits on.

    ```mlir
    tilegpu.async_load %K[%bh, %n, %c0] stage %s if %p {buffer = 1 : i64}
        : !tile.view<f16, 3> -> tensor<64x64xf16, #tilegpu.shared<transposed = false>>
    ```
  }];
  let arguments = (ins Tile_ViewType:$view, Variadic<I32>:$indices, I32:$stage,
                       I1:$pred, I64Attr:$buffer, TypeAttrOf<AnyRankedTensor>:$tileType);
  let assemblyFormat = [{
    $view `[` $indices `]` `stage` $stage `if` $pred attr-dict `:`
      qualified(type($view)) `->` $tileType
  }];
  let hasVerifier = 1;
}

def TileGPU_AsyncCommitOp : TileGPU_Op<"async_commit"> {
  let summary = "close the group of the asynchronous copies issued so far";
  let description = [{
    ```mlir
    tilegpu.async_commit
    ```
  }];
  let assemblyFormat = "attr-dict";
}

def TileGPU_AsyncWaitOp : TileGPU_Op<"async_wait"> {
  let summary = "wait until at most `pending` copy groups are in flight, then synchronize the CTA";
  let description = [{
    `cp.async.wait_group pending` followed by a CTA barrier: afterwards every
    thread sees the tiles of the completed groups, and every thread has left
    the code before the wait (so stages read there may be overwritten).

    ```mlir
    tilegpu.async_wait 1
    ```
  }];
  let arguments = (ins ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pending);
  let assemblyFormat = "$pending attr-dict";
}

def TileGPU_StageViewOp : TileGPU_Op<"stage_view", [Pure]> {
  let summary = "the tile held by one stage of a shared buffer";
  let description = [{
    ```mlir
    %k = tilegpu.stage_view stage %s {buffer = 1 : i64}
        : tensor<64x64xf16, #tilegpu.shared<transposed = false>>
    ```
  }];
  let arguments = (ins I32:$stage, I64Attr:$buffer);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "`stage` $stage attr-dict `:` type($result)";
  let hasVerifier = 1;
}

def TileGPU_RingInitOp : TileGPU_Op<"ring_init"> {
  let summary = "make the mbarriers of a TMA-filled buffer ready";
  let description = [{
    A buffer whose stages are filled by TMA (`tilegpu.async_load
    {tilegpu.tma}`) has one mbarrier per stage, after its tiles
    (`tilegpu.barrier_offset`, from `tilegpu-allocate-shared`). Before the
    pipelined loop, after a CTA barrier (the memory may have held another
    buffer), one thread initializes each to phase 0, expecting one arrival
    (the thread that issues the copy, with the copy's bytes); a fence and a
    second CTA barrier publish them to every thread and to the copy engine.

    ```mlir
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64}
    ```
  }];
  let arguments = (ins I64Attr:$buffer,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$stages);
  let assemblyFormat = "attr-dict";
}

def TileGPU_RingInvalOp : TileGPU_Op<"ring_inval"> {
  let summary = "retire the mbarriers of a TMA-filled buffer";
  let description = [{
    After the pipelined loop has waited for every copy and the CTA has
    synchronized, one thread invalidates the buffer's mbarriers, so the
    memory may hold other data (or be initialized again when the loop runs
    again).

    ```mlir
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64}
    ```
  }];
  let arguments = (ins I64Attr:$buffer,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$stages);
  let assemblyFormat = "attr-dict";
}

def TileGPU_StageWaitOp : TileGPU_Op<"stage_wait"> {
  let summary = "wait until the TMA copy into one stage of a buffer has landed";
  let description = [{
    Every thread waits on the mbarrier of stage `stage` of buffer `buffer`
    for the completion of the phase of parity `phase` (0 or 1): the
    `n`-th copy into a stage completes the phase of parity `n % 2`.
    Afterwards the stage's tile is visible to the thread and to wgmma.

    ```mlir
    tilegpu.stage_wait stage %s phase %p {buffer = 0 : i64}
    ```
  }];
  let arguments = (ins I32:$stage, I32:$phase, I64Attr:$buffer);
  let assemblyFormat = "`stage` $stage `phase` $phase attr-dict";
}

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout", [Pure]> {
  let summary = "move a tile to another layout through shared memory";
  let description = [{
    The same tile in another layout, inserted by `tilegpu-assign-layouts`
    where a value is needed in two layouts (a row statistic used as a
    column, a computed tile used as a B operand). Lowered through a
    shared-memory scratch buffer: every thread writes its elements, the CTA
    synchronizes, every thread reads the elements of the new layout (or,
    for `#tilegpu.shared`, the buffer is the result).

    ```mlir
    %c = tilegpu.convert_layout %r : tensor<64xf32, #rows> -> tensor<64xf32, #cols>
    ```
  }];
  let arguments = (ins AnyRankedTensor:$src);
  let results = (outs AnyRankedTensor:$result);
  let assemblyFormat = "$src attr-dict `:` type($src) `->` type($result)";
  let hasVerifier = 1;
}

def TileGPU_DotWaitOp : TileGPU_Op<"dot_wait", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "wait until at most `pendings` asynchronous dots are in flight";
  let description = [{
    The results of asynchronous dots (`tile.dot {tilegpu.async}`, issued as
    `wgmma.mma_async` and committed as one group each) become readable here:
    `wgmma.wait_group pendings` waits until at most the `pendings` most
    recently issued dots are still running. The results are the operands,
    complete when the dot that produced each one is older than those
    `pendings` dots; `tilegpu-schedule-dots` places waits so that every
    value read by anything other than the accumulator of the next async dot
    is complete.

    ```mlir
    %s = tile.dot %q, %kt, %zero {tilegpu.async} : ...
    %acc = tile.dot %p, %v, %acc0 {tilegpu.async} : ...
    %s1 = tilegpu.dot_wait %s {pendings = 1 : i32} : tensor<128x64xf32, #mma>
    ```
  }];
  let arguments = (ins Variadic<AnyRankedTensor>:$operands,
                       ConfinedAttr<I32Attr, [IntMinValue<0>]>:$pendings);
  let results = (outs Variadic<AnyRankedTensor>:$results);
  let assemblyFormat = "$operands attr-dict `:` type($operands)";
  let hasVerifier = 1;
}

#endif // TESSERA_TILEGPU_OPS_TD
