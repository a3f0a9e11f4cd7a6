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
include "TileGPU/IR/TileGPUKernelAttrs.td"
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
        : !tile.view<f16, 3> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
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
        : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
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

    With `arrivals` (a warp-specialized ring), each stage also has an
    "empty" mbarrier, after the full ones, expecting `arrivals` arrivals:
    one per consumer warp releasing the stage (`tilegpu.stage_release`),
    which the producer acquires (`tilegpu.stage_acquire`) before filling it
    again.

    ```mlir
    tilegpu.ring_init {buffer = 0 : i64, stages = 2 : i64}
    tilegpu.ring_init {arrivals = 8 : i64, buffer = 1 : i64, stages = 3 : i64}
    ```
  }];
  let arguments = (ins I64Attr:$buffer,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$stages,
                       OptionalAttr<ConfinedAttr<I64Attr, [IntMinValue<1>]>>:$arrivals);
  let assemblyFormat = "attr-dict";
}

def TileGPU_RingInvalOp : TileGPU_Op<"ring_inval"> {
  let summary = "retire the mbarriers of a TMA-filled buffer";
  let description = [{
    After the pipelined loop has waited for every copy and the CTA has
    synchronized, one thread invalidates the buffer's mbarriers (with
    `empty`, the empty ones of a warp-specialized ring too), so the memory
    may hold other data (or be initialized again when the loop runs again).

    ```mlir
    tilegpu.ring_inval {buffer = 0 : i64, stages = 2 : i64}
    ```
  }];
  let arguments = (ins I64Attr:$buffer,
                       ConfinedAttr<I64Attr, [IntMinValue<1>]>:$stages,
                       UnitAttr:$empty);
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

def TileGPU_StageAcquireOp : TileGPU_Op<"stage_acquire"> {
  let summary = "wait until the consumers have released one stage of a buffer";
  let description = [{
    The producer thread of a warp-specialized pipeline waits on the "empty"
    mbarrier of stage `stage` of buffer `buffer` for the completion of the
    phase of parity `phase`: the `n`-th release of a stage by every
    consumer warp completes the phase of parity `n % 2`, and before the
    first (parity 1) the stage counts as released. Afterwards nothing reads
    the stage and its next copy may be issued.

    ```mlir
    tilegpu.stage_acquire stage %s phase %p {buffer = 0 : i64}
    ```
  }];
  let arguments = (ins I32:$stage, I32:$phase, I64Attr:$buffer);
  let assemblyFormat = "`stage` $stage `phase` $phase attr-dict";
}

def TileGPU_StageReleaseOp : TileGPU_Op<"stage_release"> {
  let summary = "tell the producer that this warp no longer reads a stage";
  let description = [{
    After its last read of stage `stage` of buffer `buffer` in an
    iteration, each consumer warp synchronizes its lanes and arrives once on
    the stage's "empty" mbarrier (release semantics: its reads happen before
    the producer's next copy into the stage).

    ```mlir
    tilegpu.stage_release stage %s {buffer = 0 : i64}
    ```
  }];
  let arguments = (ins I32:$stage, I64Attr:$buffer);
  let assemblyFormat = "`stage` $stage attr-dict";
}

def TileGPU_WarpSpecializeOp : TileGPU_Op<"warp_specialize", [
    SingleBlock, NoTerminator]> {
  let summary = "run a producer and the consumers of a kernel in different warps";
  let description = [{
    The body of a warp-specialized kernel (`tilegpu-warp-specialize`): the
    CTA has `producer_warps` more warps than the kernel's `tile.num_warps`.
    Those extra warps (the last ones) give their registers back
    (`setmaxnreg.dec` to `producer_registers`) and one thread of them runs
    the `producer` region: the loops that acquire stages and issue their
    TMA copies. The kernel's own warps take the registers
    (`setmaxnreg.inc` to `consumer_registers`, where that is more than a
    thread has at launch) and run the `consumer` region, whose CTA-wide
    synchronization becomes a named barrier over the consumers alone.

    ```mlir
    tilegpu.warp_specialize {consumer_registers = 240 : i64,
                             producer_registers = 24 : i64,
                             producer_warps = 4 : i64} producer {
      scf.for %i = %c0 to %n step %c64 { ... } {tilegpu.producer}
    } consumer {
      ...
    }
    ```
  }];
  let arguments = (ins ConfinedAttr<I64Attr, [IntMinValue<4>]>:$producer_warps,
                       ConfinedAttr<I64Attr, [IntMinValue<24>, IntMaxValue<256>]>:$producer_registers,
                       ConfinedAttr<I64Attr, [IntMinValue<24>, IntMaxValue<256>]>:$consumer_registers);
  let regions = (region SizedRegion<1>:$producer, SizedRegion<1>:$consumer);
  let assemblyFormat = "attr-dict `producer` $producer `consumer` $consumer";
  let hasVerifier = 1;
}

def TileGPU_TurnWaitOp : TileGPU_Op<"turn_wait"> {
  let summary = "wait for this consumer warpgroup's turn to issue its dots";
  let description = [{
    Ping-pong between the consumer warpgroups of a warp-specialized kernel
    (`tilegpu-ping-pong`): the warpgroups take turns issuing their
    asynchronous dots, in a ring (warpgroup `i` hands the turn to `i + 1`,
    the last to the first), so that the tensor cores run one warpgroup's
    dots while the next computes its softmax. Warpgroup `i` waits here on
    its turn barrier (`bar.sync 2 + i, 256`: its 128 threads and the 128 of
    the warpgroup that passes it the turn). With `warpgroup`, only that
    warpgroup waits (the first one takes the ring's last hand-off at the
    end of the consumer region).

    ```mlir
    tilegpu.turn_wait
    %s = tile.dot %q, %kt, %zero {tilegpu.async, tilegpu.wgmma} : ...
    tilegpu.turn_pass
    tilegpu.turn_wait {warpgroup = 0 : i64}
    ```
  }];
  let arguments = (ins OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$warpgroup);
  let assemblyFormat = "attr-dict";
}

def TileGPU_TurnPassOp : TileGPU_Op<"turn_pass"> {
  let summary = "hand the turn to issue dots to the next consumer warpgroup";
  let description = [{
    The end of a consumer warpgroup's turn (`tilegpu.turn_wait`): warpgroup
    `i` arrives, without waiting, on the turn barrier of warpgroup
    `(i + 1) % n` (`bar.arrive 2 + (i + 1) % n, 256`), right after issuing
    its dots. With `warpgroup`, only that warpgroup passes (the last one
    opens the ring at the start of the consumer region, so that the first
    goes first).

    ```mlir
    tilegpu.turn_pass {warpgroup = 1 : i64}
    ```
  }];
  let arguments = (ins OptionalAttr<ConfinedAttr<I64Attr, [IntNonNegative]>>:$warpgroup);
  let assemblyFormat = "attr-dict";
}

def TileGPU_ConvertLayoutOp : TileGPU_Op<"convert_layout", [Pure]> {
  let summary = "move a tile to another layout";
  let description = [{
    The same tile in another layout, inserted by `tilegpu-assign-layouts`
    where a value is needed in two layouts (a row statistic used as a
    column, a computed tile used as a B operand). Between register layouts
    it is lowered through a shared-memory scratch buffer: every thread
    writes its elements, the CTA synchronizes, every thread reads the
    elements of the new layout (or, for `#tilegpu.shared`, the buffer is the
    result).

    From `#tilegpu.shared` it reads a dot's A operand (untransposed, 16-bit,
    K a multiple of 16) into the `#tilegpu.mma` layout of the dot's
    accumulator, one `ldmatrix.x4` per 16×16 fragment, with no scratch:
    `tilegpu-select-mma` inserts it for a loop-invariant A operand, so that
    it is read once, before the loops, instead of at every iteration.

    ```mlir
    %c = tilegpu.convert_layout %r : tensor<64xf32, #rows> -> tensor<64xf32, #cols>
    %q = tilegpu.convert_layout %qs : tensor<128x64xf16, #shared> -> tensor<128x64xf16, #mma>
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
