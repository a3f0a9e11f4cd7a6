//===- Passes.td - Transformations of the tile dialect -----*- tablegen -*-===//
//
// Part of Tessera.
//
//===----------------------------------------------------------------------===//

#ifndef TESSERA_TRANSFORMS_PASSES_TD
#define TESSERA_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TileDecomposeOnlineSoftmax : Pass<"tile-decompose-online-softmax"> {
  let summary = "Rewrite tile.online_softmax into max / exp2 / sum / rescale / dot";
  let description = [{
    Input: any IR with `tile.online_softmax` ops. Output: the same IR where
    each one is replaced by exactly these steps (M×N scores, N×D values):

    ```
    t     = scores * splat(scale)                  // only when scale is given
    mx    = tile.reduce max t axis 1               // M (without a scale)
    mx    = scale >= 0 ? tile.reduce max scores axis 1
                       : tile.reduce min scores axis 1,
            times splat(scale)                     // M (with one: scf.if)
    m'    = arith.maximumf m, mx                   // M
    p     = math.exp2 (t - broadcast(m'))          // M×N
    a     = math.exp2 (m - m')                     // M
    l'    = a * l + tile.reduce sum p axis 1       // M
    acc'  = tile.dot (truncf p), v, acc * broadcast(a)
    ```

    so that users (and later passes) can see and change every step. The
    rescale of `acc` is folded into the accumulator of the dot. With a
    scale, the row max of `t` is taken from the scores (the rounded product
    is monotonic in the score, so it is exact for every scale, a NaN one
    giving NaN), and `t` is read only by `t - m'`: one FMA a score on the
    GPU, where the max over `t` kept a multiply a score alive for it.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileGPUPersistent : Pass<"tilegpu-persistent", "::mlir::func::FuncOp"> {
  let summary = "Run a kernel's programs in a loop over a grid the GPU holds at once";
  let description = [{
    Input: a tile kernel with `tile.persistent = true` (`@kernel(persistent=
    True)`), or any kernel with `force`. Output: the kernel's body inside
    one `scf.for {tilegpu.persistent}` over its programs: the logical grid
    (G0, G1, G2) is computed in the kernel from `tile.grid` and the sizes
    of `tile.sizes` (`tile.dim` of the first argument with that size in its
    `tile.shape`), and the loop runs the program numbers

    ```
    for t = program_id(0); t < G0 * G1 * G2; t += num_programs(0):
      program_id(0) = t % G0, program_id(1) = (t / G0) % G1,
      program_id(2) = t / (G0 * G1)
    ```

    (axis 0 fastest, as the hardware starts a grid), with every
    `tile.program_id` and `tile.num_programs` of the body replaced by the
    logical ones (an axis past the grid's rank: 0 and 1). The launch grid
    is one dimension of min(G0 * G1 * G2, CTAs the GPU holds at once): the
    manifest says `"persistent": true` and the runtime sizes it by the
    driver's occupancy. So a CTA's next program starts while the SM holds
    its state: with a producer warpgroup (tilegpu-pipeline,
    tilegpu-warp-specialize), the copies of the next program's first
    stages run under this one's epilogue, and the rings' mbarriers are
    initialized once, their phases counted across programs. A kernel with
    a program order of its own (FA2's causal heaviest-first) keeps it: the
    loop only changes which CTA runs a program. A kernel without
    `tile.grid` is an error.
  }];
  let options = [
    Option<"force", "force", "bool", /*default=*/"false",
           "Make every kernel persistent, whatever tile.persistent says">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileGPUVersionInBounds : Pass<"tilegpu-version-in-bounds", "::mlir::func::FuncOp"> {
  let summary = "Copy a kernel's program (with dots: its epilogue's stores) for the programs that lie inside their tensors, without bounds checks";
  let description = [{
    Input: a tile kernel without `tile.dot` (memory-bound: softmax, norms,
    rotary embeddings, elementwise ops). Output: its program (the body, or
    the body of a persistent kernel's loop of programs) as

    ```
    scf.if %inside { the program, without the checks %inside implies }
    else { the program as it was }
    ```

    where `%inside`, computed once at the program's start, is the
    conjunction of
    - for every `tile.load` / `tile.store` dimension whose view and index
      the program's start can compute (from the arguments, program ids,
      sizes and pure arithmetic on them, not from a loop): `0 <= index` and
      `index + extent <= size` (the extent is the tile's along a sliced
      dimension, 1 along an indexed one). The copy's access carries
      `in_bounds` for those dimensions, and the GPU lowering checks only the
      others;
    - for every compare of integer tiles (`cols < N`, `rows >= start`) whose
      operands are affine in `tile.iota` with coefficients and offsets the
      start has: the bound of their ranges under which every element
      compares true ([lo, hi] by interval arithmetic in i64, each operand of
      an i32 product or sum guarded to fit in i32, so the ranges are the
      tiles' exact values). The copy's compare is a constant true, and the
      selects and masks it fed fold.

    A dimension or compare that can never be wholly inside (a constant
    condition false) is left out; a kernel whose condition is constant true
    (static sizes) gets the unchecked program alone; otherwise a kernel is
    copied only when some access is inside along every dimension (a LOOPED
    kernel's program, whose chunk loop's column index the start cannot
    know, is not: its copy would double its code and its registers for a
    few compares). Most programs of a ragged tensor take the first branch;
    the last along each ragged dimension takes the second, which checks
    every element as before.

    Then the body of each innermost `scf.for` (in either copy) is copied
    the same way, per iteration, under the condition computed at the
    body's start (where the induction variable is known): a LOOPED
    kernel's chunk loop runs every chunk but a ragged last one without
    checks, so ptxas can issue all of a chunk's 16-byte loads (X, W, B)
    before their first use, where the per-run branches of the checked
    accesses had kept them apart. Dimensions an access already has
    `in_bounds` for (the program's copy) add nothing to it. Not in a
    kernel with `tile.prefetch_registers`: tilegpu-pipeline issues only the
    loads at a loop body's top level one iteration ahead.
    Kernels with `tile.dot` are not copied whole: their tiles move through
    shared memory (cp.async or TMA, whose zero fill already bounds them),
    and a second copy of their pipelines would double their code and the
    registers ptxas allocates over both. Instead each `tile.store` at the
    program's top level (an epilogue: FA2's Out and Lse, a GEMM's C) gets a
    copy of its own under its tile's condition, computed right before it:

    ```
    scf.if %inside { tile.store ... {in_bounds = all true} }
    else { tile.store ... }
    ```

    so a wholly-inside program writes its accumulator tile with plain
    stores, without a compare, select and branch per element. A store in a
    loop of the program (its condition would be computed every iteration)
    keeps its checks.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileGPUAssignLayouts : Pass<"tilegpu-assign-layouts", "::mlir::func::FuncOp"> {
  let summary = "Give every tile of a kernel a GPU layout (#tilegpu encodings)";
  let description = [{
    Input: a tile kernel whose `tile.online_softmax` ops have been decomposed.
    Output: the same kernel where every tensor type carries an encoding:

    - the accumulator and result of `tile.dot` are `#tilegpu.mma` with the
      kernel's warps all along the rows (split-Q: `warpsM = num_warps`,
      `warpsN = 1`), so row reductions stay inside a warp;
    - dot operands loaded from memory (directly or through `tile.trans`) are
      `#tilegpu.shared`: staged through shared memory and read by `ldmatrix`
      (or wgmma descriptors), with the largest swizzle their stored rows
      allow (`SharedEncodingAttr::getCanonical`: 128 bytes, 64-column
      panels, for rows of a multiple of 64 columns); an A operand computed
      in registers (P of P·V) keeps the mma layout and is reused as the A
      fragment without a shared-memory round trip;
    - `tile.trans` of a register tile (not a dot operand loaded from
      memory) relates no layouts: its operand and result each take the one
      their other uses want, and the lowering moves the elements through a
      shared scratch (a computed operand transposed for a dot: P^T of P^T·dO);
    - `tile.reduce` of an mma or blocked tile gives a `#tilegpu.slice`,
      `tile.expand_dims` keeps it, `tile.broadcast` of it gives the parent
      layout back; a column reduction of an mma tile converts it to blocked;
    - elementwise ops, `scf.for` carried values and `scf.yield`s share the
      layout of their operands; constants, splats and iotas are cloned per
      use and take the layout their use needs;
    - the tiles nothing above reached (no dot: a softmax, a norm, a copy)
      take `#tilegpu.blocked` layouts, the tiles loaded or stored first
      (16-bit before 32-bit, larger first): 16 bytes of adjacent elements a
      thread along the innermost dimension, lanes and then warps along the
      columns as far as the tile is wide and along the rows for the rest.
      Each choice propagates before the next.

    Where a use needs its operand in another layout than the operand has (a
    row statistic used as a column vector, a computed tile as the B operand
    of a dot, a dot operand in shared memory that an arith op, a reduction
    or a store also uses), a `tilegpu.convert_layout` is inserted before
    that use. A
    conflict on a loop-carried value or a result is an error, as is an mma
    tile whose shape does not divide into 16×8 fragments over the warps, a
    blocked tile its layout cannot hold (not whole repetitions of the
    coverage) and a tile of rank above 2.
  }];
  let options = [
    Option<"numWarps", "num-warps", "unsigned", /*default=*/"0",
           "Warps per CTA (0: the kernel's tile.num_warps or its default)">,
  ];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect"];
}

def TileGPUScheduleDots : Pass<"tilegpu-schedule-dots", "::mlir::func::FuncOp"> {
  let summary = "Issue wgmma dots asynchronously and wait for them as late as possible";
  let description = [{
    Input: a kernel after tilegpu-assign-layouts, in a module whose target
    (`tilegpu.target`, from tessera-attach-target) has wgmma (sm_90a; on
    other targets the pass changes nothing). Every `tile.dot` wgmma can compute (f16/bf16 operands, an f32
    accumulator in whole warpgroups, B in 64-column shared panels) becomes
    `tile.dot {tilegpu.async}`, whose result only a `tilegpu.dot_wait`
    reads:

    the wait goes right before the first use of the result, past code that
    does not touch memory (and past other dots) but not past a definition of
    a register a later asynchronous dot reads (ptxas would serialize every
    wgmma of the kernel); its `pendings` is the number of asynchronous dots
    issued in between, which may keep running.

    In kernels that ask for overlap (`@kernel(overlap_dots=True)`,
    `tile.overlap_dots`), or in every kernel with `defer-dots`, dots also
    overlap the work of the next iteration:

    - a dot that only accumulates into a loop-carried value from shared
      operands (`acc = dot(a, b, acc)`, a GEMM's k loop) is waited for with
      `pendings = 1` right after it, so it runs under the next iteration's
      copies and issue; the loop's result is waited for after the loop;
    - a loop whose body ends in a dot whose result is only carried
      (`acc = dot(P, V, acc')`), whose A operand is computed in the body and
      whose B is loop-invariant or loaded from a read-only tensor, and that
      has another dot before the carried value is used (`S = dot(Q, Kᵀ)`),
      is rotated: the dot of iteration j - 1 is issued in iteration j right
      after that other dot, the body carries P, V and acc' instead, and the
      last iteration's dot follows the loop:

    ```
    loop j:  S = dot(Q, K(j)ᵀ)               {async}
             acc = dot(P(j-1), V(j-1), acc') {async}
             S = dot_wait S {pendings = 1}   // P·V keeps running
             ... softmax of S: P(j), rescale factor ...
             acc = dot_wait acc {pendings = 0}
             acc' = acc * rescale
    after:   acc = dot(P(last), V(last), acc')
    ```

    The first iteration's deferred dot reads P = 0 and the first
    iteration's V (loaded before the loop, `tilegpu.first_iteration`:
    tilegpu-pipeline makes it the first stage of V's ring), so it adds
    exactly nothing. A deferral costs one more stage of V's ring (and that
    buffer where the loop is not pipelined); it is made
    only where the kernel, pipelined with its `num_stages`, still fits the
    target's shared memory (`tilegpu.shared_memory`). A shared tile read by a dot that is still running
    in the next iteration (the deferred V, a GEMM's operands) gets
    `tilegpu.read_lag = 1` on its load: tilegpu-pipeline gives its ring one
    more stage. A dot is overlapped so only where each such load will have
    a ring: one tilegpu-pipeline pipelines, with `num_stages` >= 2 (its
    `num-stages` option, else the kernel's). A load of one buffer would be
    overwritten by the next iteration's while the dot still reads it.
  }];
  let options = [
    Option<"deferDots", "defer-dots", "bool", /*default=*/"false",
           "Overlap dots in every kernel, not only those with tile.overlap_dots">,
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "The pipeline depth tilegpu-pipeline will use (0: the kernel's "
           "tile.num_stages)">,
  ];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect"];
}

def TileGPUAllocateShared : Pass<"tilegpu-allocate-shared", "::mlir::func::FuncOp"> {
  let summary = "Place the shared-memory buffers of a laid-out kernel";
  let description = [{
    Input: a kernel after tilegpu-assign-layouts (and the pipeliner, whose
    `tilegpu.stages` multiplies a buffer). Every `tile.load` into
    `#tilegpu.shared` gets a buffer: its size is the tile's bytes times its
    stages, its live range runs from the load to the last use of the tile
    (or of a transpose of it, or of a loop argument or result that carries
    it) at the level of the block that holds them all. Buffers are packed first
    fit in program order at 128-byte alignment (1024 on sm_90a, where
    wgmma reads them with the 128-byte swizzle), reusing space between
    buffers never live together. Output: `tilegpu.shared_offset` on each
    load and `tilegpu.shared_bytes` on the kernel.

    The target is the module's (`tilegpu.target`, from
    tessera-attach-target). A total over its budget
    (`tilegpu.shared_memory`; sm_90/sm_90a: 227 KB, sm_80: 163 KB,
    sm_86/sm_89/sm_120: 99 KB) is an error that names every buffer and its
    size: a tuning sweep uses this to drop a config before compiling it.
  }];
}

def TileGPUSelectMma : Pass<"tilegpu-select-mma", "::mlir::func::FuncOp"> {
  let summary = "Choose each tile.dot's tensor-core instruction (wgmma.mma_async or mma.sync)";
  let description = [{
    Input: a kernel after tilegpu-allocate-shared. With `wgmma`, in a module
    whose target has it (sm_90a), every `tile.dot` that wgmma.mma_async.m64nNk16 can
    compute gets `tilegpu.wgmma`, which convert-tile-to-nvvm lowers to it:
    f16 or bf16 operands with an f32 `#tilegpu.mma` accumulator whose warps
    form whole warpgroups along the rows, K a multiple of 16, N a multiple
    of 16 up to 256, B in shared memory with the 128-byte swizzle
    (`#tilegpu.shared<..., swizzle = 128>`: 64-column panels), A in registers
    or untransposed in shared memory, and every buffer a shared-memory
    descriptor reads starting on a 1024-byte boundary (through loop-carried
    tiles: each tile that enters one). The other dots stay mma.sync.

    An asynchronous dot (`tilegpu.async`, from tilegpu-schedule-dots) that
    cannot be wgmma is an error, and so is any dot that cannot be with
    `require-wgmma` (tessera-compile --mma=wgmma): the message says why.

    Where a dot would read a shared A operand with ldmatrix at every k step
    (mma.sync, or wgmma when A is not in descriptor-readable panels), that
    A is a `tile.load` outside a loop around the dot (Q in attention) and
    its fragments take at most 32 registers a thread, A is read into the
    accumulator's `#tilegpu.mma` layout by a `tilegpu.convert_layout`
    before the dot, which loop-invariant code motion then moves out of
    every loop A does not change in: the fragments are read once.
  }];
  let options = [
    Option<"wgmma", "wgmma", "bool", /*default=*/"false",
           "Select wgmma where a dot allows and the target (tilegpu.target) "
           "has it">,
    Option<"requireWgmma", "require-wgmma", "bool", /*default=*/"false",
           "Every dot must be wgmma (an error names the one that cannot)">,
  ];
}

def TileGPUTestPrintAllocation
    : Pass<"tilegpu-test-print-allocation", "::mlir::ModuleOp"> {
  let summary = "Print the shared-memory allocation of each kernel (for tests)";
  let description = [{
    Prints one line per buffer (offset, size, stages, live range, tile type)
    and the total, without changing the IR. A module pass, so that the
    functions print in source order (a function pass would run them on
    several threads and interleave their lines).
  }];
}

def TileGPUSelectCopies : Pass<"tilegpu-select-copies", "::mlir::func::FuncOp"> {
  let summary = "Choose how each pipelined tile is copied into shared memory (TMA or cp.async)";
  let description = [{
    Input: a kernel after tilegpu-assign-layouts (and tilegpu-schedule-dots),
    before tilegpu-pipeline. With `tma`, in a module whose
    target has it (sm_90a), every
    `tile.load` tilegpu-pipeline will turn into a ring (`num_stages` >= 2)
    gets `tilegpu.tma` when one TMA box per 64-column panel can copy it: a
    2-D tile of 16-bit elements whose `#tilegpu.shared` has the 128-byte
    swizzle (64-column panels) in whole 8-row groups, at most 256 rows,
    zero padding, read from a kernel parameter of at most 5 dimensions
    (the runtime encodes the parameter's tensor map from its sizes and
    strides at launch). The
    pipeliner then fills its ring from one thread, completing on one
    mbarrier per stage, instead of with every thread's cp.async copies.

    In a persistent kernel (tilegpu-persistent) that asks for warp
    specialization (`tile.warp_specialize`, or every kernel with
    `warp-specialize`), the program's own tiles get `tilegpu.tma` too where
    TMA can copy them: `tile.load`s into shared memory at the top level of
    the loop of programs from a tensor the kernel only reads (FA2's Q; a
    tensor it writes could be read by a copy for the next program before
    this one's store). tilegpu-pipeline gives them to the producer, or drops
    the attribute where it does not.

    With `require-tma` (tessera-compile --copies=tma) a pipelined load that
    cannot be a TMA copy is an error naming why, and so is a kernel without
    pipelined loads.
  }];
  let options = [
    Option<"tma", "tma", "bool", /*default=*/"false",
           "Select TMA where a load allows and the target (tilegpu.target) "
           "has it">,
    Option<"requireTma", "require-tma", "bool", /*default=*/"false",
           "Every pipelined load must be a TMA copy">,
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "The pipeline depth tilegpu-pipeline uses (0: the kernel's tile.num_stages)">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"false",
           "Mark the program tiles of every persistent kernel for a producer, not only those with tile.warp_specialize">,
  ];
}

def TileGPUPipeline : Pass<"tilegpu-pipeline", "::mlir::func::FuncOp"> {
  let summary = "Multi-buffer the shared-memory loads of scf.for loops (cp.async or TMA)";
  let description = [{
    Input: a kernel after tilegpu-assign-layouts. In every `scf.for` whose
    body loads tiles into `#tilegpu.shared` at indices computed from the
    induction variable and loop invariants only (K and V in attention), each
    such `tile.load` becomes a `num_stages`-deep ring of shared buffers:

    ```
    prologue:  for s in 0 .. S-2: async_load(iteration s) -> stage s; commit
    body k:    async_wait (S-2)              // iteration k's tiles are in
               async_load(iteration k+S-1) -> stage (k+S-1) % S; commit
               ... stage_view(k % S) replaces the tile.load ...
    after:     async_wait 0
    ```

    Loads past the loop's end are predicated off but still commit a (empty)
    group, so group counting stays uniform. `num_stages` = 1 leaves the loop
    alone (synchronous loads). The stage count lands on each buffer
    (`tilegpu.stages`) for tilegpu-allocate-shared.

    A load with `tilegpu.tma` (tilegpu-select-copies) keeps `tilegpu.tma` on
    its copies, which complete on one mbarrier per stage: its ring is made
    ready before the prologue (`tilegpu.ring_init`) and retired after the
    drain (`tilegpu.ring_inval`), and every thread waits for the stage of
    iteration k (`tilegpu.stage_wait`, phase (k / stages) % 2) right before
    the tile's first use in the body (V's copy lands while QK^T computes).
    The async_wait's CTA barrier still frees the stage the next copy fills.

    In a kernel that asks for warp specialization
    (`@kernel(warp_specialize=True)`, `tile.warp_specialize`, or every
    kernel with `warp-specialize`) whose pipelined loops are all at its top
    level and copy only by TMA, each such loop is split into a producer loop
    and the consumers' loop instead, handing stages over on full and empty
    mbarriers (`ring_init {arrivals = num_warps}`); any other kernel keeps
    the pipeline every thread runs:

    ```
    producer (tilegpu.producer):
      for k: stage_acquire(k % S, phase (k / S + 1) % 2)   // released
             async_load(iteration k) -> stage k % S {tma}
    consumers, body k:
             stage_wait(k % S, phase (k / S) % 2) before the first use
             ... stage_view(k % S) replaces the tile.load ...
             stage_release((k - lag) % S)                 // each warp
    after:   async_wait 0; ring_inval
    ```

    No CTA barrier remains in the loop; the producer runs up to S
    iterations ahead. The kernel's loops share rings: a load takes the ring
    of an earlier loop's load of the same view, tile type and ring size, and
    `k` counts on from the earlier loops' trip counts (a lagged ring's first
    iteration in a loop releases the last stage of the loop before); the
    rings are retired after the last loop. Two loops in a row that
    tilegpu-schedule-dots rotated (a dot deferred past each, its B on such
    a lagged ring: P·V) share one rotation: the second loop starts from the
    P, B and accumulator the first carries out, so its first iteration
    issues the first loop's last dot, in place of that dot and its wait
    after the first loop, the B loaded for the second loop's first
    iteration and its dot on P = 0. tilegpu-warp-specialize must follow: the
    producer loop only runs in a warp of its own.

    A rotated loop's first B (a `tile.load {tilegpu.first_iteration}` before
    it: the tile of its first iteration, which the dot deferred into that
    iteration reads with P = 0) becomes the first iteration's stage of the
    ring, where the tile lands anyway: no copy and no buffer of its own. A
    TMA stage is waited for before the loop (after the prologue's copies)
    when the loop runs and the rotation begins in it (in chained loops, in
    the first that runs); a cp.async stage is complete when the iteration
    starts. The dot after the rotation's last loop then reads a stage never
    filled if the rotation ran no iteration (which may hold NaN, and
    0 · NaN is NaN): it and its wait are issued in a branch on whether the
    rotation ran, the accumulator passing through otherwise. (A select
    after the dot would keep the accumulator live across the wgmma that
    overwrites it, which ptxas serializes, C7520.)

    In a warp-specialized persistent kernel the program's own tiles
    (`tile.load {tilegpu.tma}` at the top level of the loop of programs,
    tilegpu-select-copies: FA2's Q; at indices the producer can compute,
    what tilegpu-warp-specialize clones) are the producer's too, each on a ring
    of two stages: a producer loop of one iteration in place of the load
    acquires the stage of the CTA's n-th program and copies its tile (n
    counted from the loop of programs' induction variable); the consumers
    wait for it before its first reader and release it after its last (its
    users, and the `tilegpu.dot_wait`s of the asynchronous dots that read
    it, through the loops that carry them):

    ```
    producer:  for _ in 0 .. 1 (tilegpu.producer):        // program n
                 stage_acquire(n % 2, phase (n / 2 + 1) % 2)
                 async_load -> stage n % 2 {tma}
               ... the K/V producer loops ...
    consumers: stage_wait(n % 2, phase (n / 2) % 2) before the first reader
               ... stage_view(n % 2) replaces the tile.load ...
               stage_release(n % 2) after the last reader
    ```

    With two stages the producer copies program n + 1's tile while the
    consumers still read program n's, and goes on to n + 1's K and V
    (with one, it would wait for program n's last read, and the next
    program's first K/V copies behind it). The ring is built on a trial
    copy of the kernel first and kept only where the kernel still fits the
    chip's shared memory and an SM still holds by shared memory the CTAs it
    held before, up to `ctas-per-sm` (the CTAs tilegpu-warp-specialize
    sizes the registers for; the persistent grid is the CTAs the GPU holds
    at once); otherwise (and without a producer) the tile stays a
    `tile.load` by every consumer thread and loses `tilegpu.tma`.

    In a kernel that asks for it (`@kernel(prefetch_registers=True)`,
    `tile.prefetch_registers`, or every kernel with `prefetch-registers`),
    with `num_stages` >= 2, a loop's loads whose tile stays in registers (a
    register layout: Lse and Delta of FlashAttention's backward) from
    tensors the kernel only reads, at indices computed from the induction
    variable and loop invariants, are issued one iteration ahead: iteration
    0's before the loop, iteration k+1's in iteration k right after the
    last read of iteration k's tile or of what is computed from it alone
    (`Lse * log2e`, its broadcast), carried by the loop:

    ```
    before:    t0 = tile.load(iteration 0)
    body k:    ... uses of t_k ...
               t_{k+1} = tile.load(iteration k+1)    // lands during the rest
               scf.yield ..., t_{k+1}
    ```

    The load's latency overlaps the rest of the iteration instead of
    stalling its first use; the tile's registers stay live across the back
    edge, which is why it is a config choice.
  }];
  let options = [
    Option<"numStages", "num-stages", "unsigned", /*default=*/"0",
           "Buffers per pipelined load (0: the kernel's tile.num_stages or its default)">,
    Option<"warpSpecialize", "warp-specialize", "bool", /*default=*/"false",
           "Warp-specialize the TMA pipelines of every kernel, not only those with tile.warp_specialize">,
    Option<"prefetchRegisters", "prefetch-registers", "bool", /*default=*/"false",
           "Prefetch the register loads of every kernel's loops, not only those with tile.prefetch_registers">,
    Option<"ctasPerSm", "ctas-per-sm", "unsigned", /*default=*/"1",
           "CTAs an SM is to hold (tilegpu-warp-specialize's): a program tile's ring must leave room for them">,
  ];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

def TileGPUWarpSpecialize : Pass<"tilegpu-warp-specialize", "::mlir::func::FuncOp"> {
  let summary = "Give the producer loops of a kernel to a producer warpgroup";
  let description = [{
    Input: a kernel after tilegpu-pipeline. If it has producer loops
    (`scf.for {tilegpu.producer}`), its body becomes one
    `tilegpu.warp_specialize`: the rings' `ring_init`s stay before it (every
    thread runs them), the producer region gets the producer loops in
    program order with the scalar values they read (loop bounds, copy
    indices: arithmetic, grid queries and scalar loads are cloned; anything
    else is an error), and the consumer region everything else.

    The CTA grows by one warpgroup. Registers follow FlashAttention-3: the
    producer keeps `producer-registers` a thread, the consumers get
    min(240, what is left of a CTA's share of the SM's 65536 over their
    threads), rounded down to a multiple of 8; the share is 65536 over
    `ctas-per-sm` (1: FA3's one CTA an SM; 2 lets one consumer warpgroup run
    two CTAs an SM: 232 registers each, 128 at launch). The split's
    registers say how many CTAs an SM holds; the conversion bounds the
    launch registers to match (`nvvm.minctasm`). A kernel whose warps are
    not whole warpgroups, and a TMA copy outside a producer loop, are
    errors.
  }];
  let options = [
    Option<"producerRegisters", "producer-registers", "unsigned",
           /*default=*/"24",
           "Registers a producer thread keeps (setmaxnreg.dec)">,
    Option<"ctasPerSm", "ctas-per-sm", "unsigned", /*default=*/"1",
           "CTAs an SM holds: the register file's share of one (1 to 4)">,
  ];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect"];
}

def TileGPUPingPong : Pass<"tilegpu-ping-pong", "::mlir::func::FuncOp"> {
  let summary = "Let the consumer warpgroups of a kernel take turns issuing dots";
  let description = [{
    Input: a warp-specialized kernel (`tilegpu.warp_specialize`, after
    tilegpu-select-mma) that asks for ping-pong (`@kernel(ping_pong=True)`,
    `tile.ping_pong`, or every such kernel with `all`); any other kernel is
    left as it is. FlashAttention-3's schedule: the consumer warpgroups
    issue their asynchronous dots in turns, in a ring, so that the tensor
    cores run one warpgroup's QK^T and P·V while the next computes its
    softmax.

    A turn is a run of asynchronous dots (`tile.dot {tilegpu.async}`) and
    what fits between them (stage waits and views, pure elementwise work;
    not a layout conversion or a reduction, which may synchronize the
    consumers), ending at the first other op (the `dot_wait` for them):

    ```
    consumer: turn_pass {warpgroup = n - 1}    // the ring opens: 0 goes first
              ... turn_wait                     // bar.sync 2 + i, 256
                  s = dot(q, k^T) {async}
                  turn_pass                     // bar.arrive 2 + (i + 1) % n, 256
                  dot_wait s ...
              turn_wait {warpgroup = 0}         // the ring's last hand-off
    ```

    Every warpgroup must take the same turns: a dot under anything but
    `scf.for` and `scf.if` (whose trip counts and conditions are scalars of
    the program, the same in every consumer warpgroup) is an error, as is a
    kernel
    with fewer than two consumer warpgroups, or one that asks for ping-pong
    but not for warp specialization (`tile.warp_specialize`).
  }];
  let options = [
    Option<"all", "all", "bool", /*default=*/"false",
           "Ping-pong every warp-specialized kernel, not only those with tile.ping_pong">,
  ];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect"];
}

def TileGPUPeelRotation : Pass<"tilegpu-peel-rotation", "::mlir::func::FuncOp"> {
  let summary = "Peel a rotated loop's first iteration, without the dot it "
                "issues on a zero operand";
  let description = [{
    Input: a kernel after tilegpu-pipeline (the last pass before
    convert-tile-to-nvvm). A loop that tilegpu-schedule-dots rotated issues,
    in iteration j, the dot of iteration j - 1 (`tile.dot
    {tilegpu.rotated}`, P(j-1)·V(j-1)), so its first iteration issues one on
    the zero P the loop starts from: tensor-core time for nothing, one dot
    of the 2n + 1 of a program with n key blocks. This pass peels that
    iteration out of the loop, under a branch on whether the loop runs, and
    drops the zero dot from it (its result is its accumulator); a wait for
    it alone goes too, and the waits after it in that iteration for earlier
    dots let one dot fewer run:

    ```
    loop j in [lb, ub):  S = dot(Q, K(j)ᵀ) {async}
                         acc = dot(P, V, acc') {async, rotated}  // P = 0 at lb
                         S = dot_wait S {pendings = 1} ...
    ```
    becomes
    ```
    first = if lb < ub:  S = dot(Q, K(lb)ᵀ) {async}
                         S = dot_wait S {pendings = 0} ...  // acc = acc'
            else:        the loop's inits
    loop j in [lb + step, ub) from first: (as before)
    ```

    Only a rotated dot whose A starts as a zero constant is dropped: the
    rotation put it there, so the source has no such dot (0·V would be NaN
    where V holds an infinity). A rotation chained from an earlier loop
    (tilegpu-pipeline's shared rings) starts from that loop's P: its first
    dot is real work and stays. Ring stages and phases are computed from
    the induction variable, so the peeled iteration waits on and releases
    the same stages as the loop's first did; ping-pong turns are taken
    alike in every consumer warpgroup.
  }];
  let dependentDialects = ["::tessera::tilegpu::TileGPUDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::scf::SCFDialect"];
}

#endif // TESSERA_TRANSFORMS_PASSES_TD
