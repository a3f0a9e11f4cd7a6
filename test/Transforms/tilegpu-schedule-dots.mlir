// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots | FileCheck %s --check-prefix=ASYNC --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true | FileCheck %s --check-prefix=DEFER --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -tilegpu-pipeline -tilegpu-allocate-shared | FileCheck %s --check-prefix=RING --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -tilegpu-select-copies=tma=true -tilegpu-pipeline | FileCheck %s --check-prefix=CHAIN --enable-var-scope
// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -tilegpu-select-copies=tma=true -tilegpu-pipeline | FileCheck %s --check-prefix=TMA --enable-var-scope
// On a target without wgmma there is nothing to schedule.
// RUN: tessera-opt %s -split-input-file -tilegpu-assign-layouts -tessera-attach-target=chip=sm_80 -tilegpu-schedule-dots=defer-dots=true | FileCheck %s --check-prefix=SM80
// A kernel that asks for the overlap and does not get it is told so (@over_budget):
// RUN: tessera-opt %s -split-input-file -verify-diagnostics -tilegpu-assign-layouts -tessera-attach-target -tilegpu-schedule-dots=defer-dots=true -o /dev/null
// SM80-LABEL: func.func @attention
// SM80: tile.dot
// SM80-NOT: tilegpu.async
// SM80-NOT: tilegpu.dot_wait

// Attention's K/V loop: S = Q·Kᵀ, P = exp2(S), acc = P·V + acc·0.5.

// Every dot is asynchronous, each waited for right before its first use:
// nothing else runs in between here, so nothing overlaps.
// ASYNC-LABEL: func.func @attention
// ASYNC: scf.for
// ASYNC: %[[S:.*]] = tile.dot {{.*}} {tilegpu.async}
// ASYNC-NEXT: %[[SW:.*]] = tilegpu.dot_wait %[[S]] {pendings = 0 : i32} : tensor<64x64xf32, #mma>
// ASYNC-NEXT: math.exp2 %[[SW]]
// ASYNC: %[[A:.*]] = tile.dot {{.*}} {tilegpu.async}
// ASYNC-NEXT: %[[AW:.*]] = tilegpu.dot_wait %[[A]] {pendings = 0 : i32}
// ASYNC-NEXT: scf.yield %[[AW]]
// ASYNC-NOT: tilegpu.read_lag

// Deferred: iteration j issues P(j-1)·V(j-1) right after Q·K(j)ᵀ, waits
// for S with that dot still running (pendings 1), and for the accumulator
// only where the rescale reads it. The loop carries acc', P and V; the
// first P is 0 and the first V the first iteration's tile, loaded before
// the loop (tilegpu.first_iteration: tilegpu-pipeline gives it the first
// stage of V's ring); the deferred dot is marked (tilegpu.rotated:
// tilegpu-peel-rotation drops it from the first iteration); the last
// iteration's dot follows the loop.
// DEFER-LABEL: func.func @attention
// DEFER-SAME: (%[[Q:[a-z0-9]+]]: {{.*}}, %[[K:[a-z0-9]+]]: {{.*}}, %[[V:[a-z0-9]+]]: {{.*}}, %[[O:[a-z0-9]+]]: {{.*}}, %[[N:[a-z0-9]+]]: i32)
// DEFER-DAG: %[[ZEROP:.*]] = arith.constant dense<0.000000e+00> : tensor<64x64xf16, #mma>
// DEFER-DAG: %[[C0:.*]] = arith.constant 0 : i32
// DEFER: %[[V0:.*]] = tile.load %[[V]][%[[C0]], %[[C0]]] {tilegpu.first_iteration} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
// DEFER: %[[R:.*]]:3 = scf.for %[[I:.*]] = %[[C0]] to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}, %[[P:.*]] = %[[ZEROP]], %[[VP:.*]] = %[[V0]])
// DEFER: %[[VT:.*]] = tile.load %[[V]][%[[I]], %[[C0]]] {tilegpu.read_lag = 1 : i64}
// DEFER: %[[S:.*]] = tile.dot {{.*}} {tilegpu.async} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t>
// DEFER-NEXT: %[[D:.*]] = tile.dot %[[P]], %[[VP]], %[[ACC]] {tilegpu.async, tilegpu.rotated}
// DEFER-NEXT: %[[SW:.*]] = tilegpu.dot_wait %[[S]] {pendings = 1 : i32}
// DEFER-NEXT: %[[E:.*]] = math.exp2 %[[SW]]
// DEFER: %[[DW:.*]] = tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// DEFER-NEXT: %[[SCALED:.*]] = arith.mulf %[[DW]]
// DEFER-NEXT: %[[PN:.*]] = arith.truncf %[[E]]
// DEFER-NEXT: scf.yield %[[SCALED]], %[[PN]], %[[VT]]
// DEFER: %[[LAST:.*]] = tile.dot %[[R]]#1, %[[R]]#2, %[[R]]#0 {tilegpu.async}
// DEFER-NEXT: %[[LW:.*]] = tilegpu.dot_wait %[[LAST]] {pendings = 0 : i32}
// DEFER-NEXT: tile.store %[[LW]], %[[O]]

// The deferred V's ring has a stage more than K's (its tile is read in the
// next iteration too). The first V, which the first deferred dot reads
// (with P = 0), is the first iteration's stage of that ring, where the tile
// lands anyway (with cp.async, complete when the iteration starts): no
// copy and no buffer of its own. The dot after the loop is issued only if
// the loop ran an iteration (otherwise its V would be a stage never
// filled, and 0 · NaN is NaN); else the accumulator is the result.
// RING-LABEL: func.func @attention
// RING: tile.load {{.*}} {tilegpu.shared_offset = 0 : i64} : !tile.view<f16, 2> -> tensor<64x64xf16, #shared>
// RING-NOT: tile.load
// RING: %[[FIRSTV:.*]] = tilegpu.stage_view stage %{{.*}} {buffer = 1 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64}
// RING-NOT: tile.load
// RING: tilegpu.async_load {{.*}} {buffer = 0 : i64, tilegpu.shared_offset = 32768 : i64, tilegpu.stages = 2 : i64}
// RING: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.shared_offset = 8192 : i64, tilegpu.stages = 3 : i64}
// RING: %[[R:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[FIRSTV]])
// RING: %[[K:.*]] = arith.divsi
// RING: %[[SK:.*]] = arith.remsi %[[K]], %c2_i32
// RING: %[[SV:.*]] = arith.remsi %[[K]], %c3_i32
// RING: tilegpu.stage_view stage %[[SK]] {buffer = 0 : i64
// RING: tilegpu.stage_view stage %[[SV]] {buffer = 1 : i64
// RING: %[[RAN:.*]] = arith.cmpi ne, %{{.*}}, %{{.*}} : i32
// RING-NEXT: %[[LAST:.*]] = scf.if %[[RAN]] -> (tensor<64x64xf32, #mma>) {
// RING-NEXT: %[[D:.*]] = tile.dot %[[R]]#1, %[[R]]#2, %[[R]]#0 {tilegpu.async}
// RING-NEXT: %[[W:.*]] = tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// RING-NEXT: scf.yield %[[W]]
// RING-NEXT: } else {
// RING-NEXT: scf.yield %[[R]]#0
// RING-NEXT: }
// RING-NEXT: tile.store %[[LAST]]
// RING: tilegpu.shared_bytes = 49152
// With TMA the first stage is waited for before the loop, after the
// prologue has issued its copy, when the loop runs.
// TMA-LABEL: func.func @attention
// TMA: %[[FIRSTV:.*]] = tilegpu.stage_view stage %{{.*}} {buffer = 1 : i64, tilegpu.stages = 3 : i64}
// TMA: tilegpu.ring_init {buffer = 1 : i64, stages = 3 : i64}
// TMA: %[[TRIPS:.*]] = arith.ceildivsi
// TMA: tilegpu.async_load {{.*}} {buffer = 1 : i64, tilegpu.stages = 3 : i64, tilegpu.tma}
// TMA-NEXT: tilegpu.async_commit
// TMA: %[[RUNS:.*]] = arith.cmpi sgt, %[[TRIPS]], %{{.*}}
// TMA-NEXT: scf.if %[[RUNS]] {
// TMA: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 1 : i64}
// TMA: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[FIRSTV]])

func.func @attention(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %s : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// tile.overlap_dots (@kernel(overlap_dots=True)) asks for the deferral
// without the pass option.
// ASYNC-LABEL: func.func @kernel_asks
// ASYNC: scf.for {{.*}} iter_args(%{{.*}}, %{{.*}}, %{{.*}}) -> (tensor<64x64xf32, #mma>, tensor<64x64xf16, #mma>, tensor<64x64xf16, #shared>)
// ASYNC: tilegpu.dot_wait %{{.*}} {pendings = 1 : i32}

func.func @kernel_asks(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.overlap_dots = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %s : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A GEMM's k loop. Overlapped, the dot only accumulates into the carried
// value, so each iteration waits for the previous one's dot (pendings 1) and
// the loop's last dot is waited for after it; A and B are read into the next
// iteration: one more stage each. Without overlap, each dot is waited for at
// once and the rings keep num_stages.
// ASYNC-LABEL: func.func @gemm
// ASYNC-NOT: tilegpu.read_lag
// ASYNC: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async}
// ASYNC-NEXT: %[[W:.*]] = tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// ASYNC-NEXT: scf.yield %[[W]]
// DEFER-LABEL: func.func @gemm
// DEFER: %[[R:.*]] = scf.for
// DEFER: tile.load {{.*}} {tilegpu.read_lag = 1 : i64}
// DEFER: tile.load {{.*}} {tilegpu.read_lag = 1 : i64}
// DEFER: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async}
// DEFER-NEXT: %[[W:.*]] = tilegpu.dot_wait %[[D]] {pendings = 1 : i32}
// DEFER-NEXT: scf.yield %[[W]]
// DEFER: %[[RW:.*]] = tilegpu.dot_wait %[[R]] {pendings = 0 : i32}
// DEFER-NEXT: tile.store %[[RW]]
// RING-LABEL: func.func @gemm
// RING-COUNT-6: tilegpu.stages = 4 : i64

func.func @gemm(%a: !tile.view<f16, 2> {tile.role = "input"}, %b: !tile.view<f16, 2> {tile.role = "input"}, %c: !tile.view<f32, 2> {tile.role = "output"}, %kdim: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %k = %c0 to %kdim step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %at = tile.load %a[%c0, %k] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %bt = tile.load %b[%k, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %at, %bt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store %r, %c[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Deferring here would need 272 KB of shared memory (Q 32 KB, K 2 x 48 KB
// and V 3 x 48 KB), over sm_90a's 227 KB; without it the kernel takes
// 224 KB: the loop is left as it is, with a warning at the dot that stays.
// DEFER-LABEL: func.func @over_budget
// DEFER-NOT: tilegpu.read_lag
// DEFER: scf.for {{.*}} -> (tensor<64x256xf32, #mma>)
// DEFER: tilegpu.dot_wait %{{.*}} {pendings = 0 : i32} : tensor<64x96xf32, #mma>
// DEFER: tilegpu.dot_wait %{{.*}} {pendings = 0 : i32} : tensor<64x256xf32, #mma>
// DEFER-NEXT: scf.yield
// RING-LABEL: func.func @over_budget
// RING: tilegpu.shared_bytes = 229376

func.func @over_budget(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c96 = arith.constant 96 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x256xf16>
  %init = arith.constant dense<0.0> : tensor<64x256xf32>
  %r = scf.for %i = %c0 to %n step %c96 iter_args(%acc = %init) -> (tensor<64x256xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<96x256xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<96x256xf16>
    %ktt = tile.trans %kt : tensor<96x256xf16> -> tensor<256x96xf16>
    %z = arith.constant dense<0.0> : tensor<64x96xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x256xf16>, tensor<256x96xf16> -> tensor<64x96xf32>
    %e = math.exp2 %s : tensor<64x96xf32>
    %half = arith.constant dense<0.5> : tensor<64x256xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x256xf32>
    %p = arith.truncf %e : tensor<64x96xf32> to tensor<64x96xf16>
    // expected-warning@+1 {{overlap_dots: this dot is not deferred under the next iteration's dots: deferring it takes the kernel to 278528 bytes of shared memory, over sm_90a's 232448 (fewer stages or smaller tiles may fit)}}
    %a = tile.dot %p, %vt, %scaled : tensor<64x96xf16>, tensor<96x256xf16> -> tensor<64x256xf32>
    scf.yield %a : tensor<64x256xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x256xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A wait moves past code that does not touch memory (the exp2), not past a
// load (a dot still running reads shared memory whose space a later
// buffer may reuse).
// ASYNC-LABEL: func.func @wait_stops
// ASYNC: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async}
// ASYNC-NEXT: math.exp2
// ASYNC-NEXT: tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// ASYNC-NEXT: tile.load

func.func @wait_stops(%q: !tile.view<f16, 2> {tile.role = "input"}, %x: !tile.view<f32, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"})
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %kt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = tile.dot %qt, %kt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  %e = math.exp2 %z : tensor<64x64xf32>
  %y = tile.load %x[%c0, %c0] : !tile.view<f32, 2> -> tensor<64x64xf32>
  %sum = arith.addf %s, %y : tensor<64x64xf32>
  %t = arith.addf %sum, %e : tensor<64x64xf32>
  tile.store %t, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// A wait moves past a branch of pure code too (tile-decompose-online-
// softmax's row max, scale·max(s) or scale·min(s) on the scale's sign):
// deferred, the accumulator's wait still sits at the rescale, after the
// branch, the exp2 and the row sum, so the softmax runs under P·V. S's wait
// stops before the branch, which reads S inside it.
// DEFER-LABEL: func.func @row_max_branch
// DEFER: %[[S:.*]] = tile.dot {{.*}} {tilegpu.async} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t>
// DEFER-NEXT: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async, tilegpu.rotated}
// DEFER-NEXT: arith.cmpf
// DEFER-NEXT: %[[SW:.*]] = tilegpu.dot_wait %[[S]] {pendings = 1 : i32}
// DEFER-NEXT: scf.if
// DEFER-NEXT: tile.reduce max %[[SW]]
// DEFER: tile.reduce min %[[SW]]
// DEFER: math.exp2
// DEFER-NEXT: tile.reduce sum
// DEFER-NEXT: arith.constant
// DEFER-NEXT: %[[DW:.*]] = tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// DEFER-NEXT: arith.mulf %[[DW]]

func.func @row_max_branch(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32, %scale: f32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %zero = arith.constant 0.0 : f32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %positive = arith.cmpf oge, %scale, %zero : f32
    %mx = scf.if %positive -> (tensor<64xf32>) {
      %rmax = tile.reduce max %s axis 1 : tensor<64x64xf32> -> tensor<64xf32>
      scf.yield %rmax : tensor<64xf32>
    } else {
      %rmin = tile.reduce min %s axis 1 : tensor<64x64xf32> -> tensor<64xf32>
      scf.yield %rmin : tensor<64xf32>
    }
    %mxe = tile.expand_dims %mx axis 1 : tensor<64xf32> -> tensor<64x1xf32>
    %mxb = tile.broadcast %mxe : tensor<64x1xf32> -> tensor<64x64xf32>
    %t = arith.subf %s, %mxb : tensor<64x64xf32>
    %e = math.exp2 %t : tensor<64x64xf32>
    %sum = tile.reduce sum %e axis 1 : tensor<64x64xf32> -> tensor<64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Not past a branch that touches memory.
// ASYNC-LABEL: func.func @branch_stops_wait
// ASYNC: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async}
// ASYNC-NEXT: tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// ASYNC-NEXT: scf.if

func.func @branch_stops_wait(%q: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %c: i1)
    attributes {tile.kernel, tile.num_warps = 4 : i32} {
  %c0 = arith.constant 0 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %z = arith.constant dense<0.0> : tensor<64x64xf32>
  %s = tile.dot %qt, %qt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
  scf.if %c {
    tile.store %z, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  }
  tile.store %s, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Two loops in a row over the same K/V (FlashAttention's unmasked blocks,
// then the masked tail), each rotated. Without warp specialization each
// loop's last dot follows it; with it (the loops then share their rings),
// tilegpu-pipeline lets the second loop continue the first's rotation: its
// first iteration issues the first loop's last P·V on the P and V carried
// out of the first loop, so no dot runs or is waited for between the
// loops, no V is loaded for the second loop's first iteration, and only the
// second loop's last dot follows it. That V is the first loop's last stage
// on the shared ring, which the second loop's first iteration releases.
// The rotation's first V is the first loop's first stage on the ring,
// waited for before the first loop when it runs, or before the second when
// the first ran none and the second runs; the last dot is issued only if
// either ran.
// DEFER-LABEL: func.func @consecutive_loops
// DEFER: %[[R1:.*]]:3 = scf.for
// DEFER: %[[D1:.*]] = tile.dot %[[R1]]#1, %[[R1]]#2, %[[R1]]#0 {tilegpu.async}
// DEFER: %[[W1:.*]] = tilegpu.dot_wait %[[D1]] {pendings = 0 : i32}
// DEFER: %[[V0:.*]] = tile.load {{.*}} {tilegpu.first_iteration}
// DEFER-NEXT: scf.for {{.*}} iter_args(%{{.*}} = %[[W1]], %{{.*}} = %{{.*}}, %{{.*}} = %[[V0]])
// CHAIN-LABEL: func.func @consecutive_loops
// CHAIN-SAME: (%[[Q:[a-z0-9]+]]: {{.*}}, %[[K:[a-z0-9]+]]: {{.*}}, %[[V:[a-z0-9]+]]: {{.*}}, %[[O:[a-z0-9]+]]: {{.*}}, %[[M:[a-z0-9]+]]: i32, %[[N:[a-z0-9]+]]: i32)
// CHAIN-NOT: tile.load %[[V]]
// CHAIN: %[[FIRSTV:.*]] = tilegpu.stage_view stage %{{.*}} {buffer = 1 : i64, tilegpu.stages = 3 : i64}
// CHAIN: %[[TRIPS1:.*]] = arith.ceildivsi
// CHAIN: } {tilegpu.producer}
// CHAIN: %[[RUNS1:.*]] = arith.cmpi sgt, %[[TRIPS1]], %{{.*}}
// CHAIN-NEXT: scf.if %[[RUNS1]] {
// CHAIN: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 1 : i64}
// CHAIN: %[[R1:.*]]:3 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %[[FIRSTV]])
// CHAIN: scf.yield
// CHAIN-NEXT: }
// CHAIN-NOT: tile.dot
// CHAIN-NOT: tile.load
// CHAIN: } {tilegpu.producer}
// CHAIN: %[[RUNS2:.*]] = arith.cmpi sgt
// CHAIN-NEXT: %[[FRESH:.*]] = arith.cmpi eq, %[[TRIPS1]], %{{.*}}
// CHAIN-NEXT: %[[WAIT2:.*]] = arith.andi %[[RUNS2]], %[[FRESH]]
// CHAIN-NEXT: scf.if %[[WAIT2]] {
// CHAIN: tilegpu.stage_wait stage %{{.*}} phase %{{.*}} {buffer = 1 : i64}
// CHAIN-NOT: tile.dot
// CHAIN-NOT: tile.load
// CHAIN: %[[R2:.*]]:3 = scf.for %{{.*}} = %[[M]] to %[[N]] step %{{.*}} iter_args(%[[ACC:.*]] = %[[R1]]#0, %[[P:.*]] = %[[R1]]#1, %[[VP:.*]] = %[[R1]]#2)
// CHAIN: tile.dot {{.*}} {tilegpu.async} : tensor<64x64xf16, #shared>, tensor<64x64xf16, #shared_t>
// CHAIN-NEXT: tile.dot %[[P]], %[[VP]], %[[ACC]] {tilegpu.async, tilegpu.rotated}
// CHAIN: %[[READ:.*]] = arith.subi %{{.*}}, %c1_i32
// CHAIN: scf.if
// CHAIN: tilegpu.stage_release {{.*}} {buffer = 1 : i64}
// CHAIN: scf.yield
// CHAIN: %[[RAN:.*]] = arith.cmpi ne
// CHAIN-NEXT: %[[OUT:.*]] = scf.if %[[RAN]]
// CHAIN-NEXT: %[[LAST:.*]] = tile.dot %[[R2]]#1, %[[R2]]#2, %[[R2]]#0 {tilegpu.async}
// CHAIN-NEXT: %[[LW:.*]] = tilegpu.dot_wait %[[LAST]] {pendings = 0 : i32}
// CHAIN-NEXT: scf.yield %[[LW]]
// CHAIN-NEXT: } else {
// CHAIN-NEXT: scf.yield %[[R2]]#0
// CHAIN-NEXT: }
// CHAIN-NEXT: tile.store %[[OUT]], %[[O]]
// CHAIN-NOT: tile.dot

func.func @consecutive_loops(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %m: i32, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 2 : i32, tile.warp_specialize = true} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r1 = scf.for %i = %c0 to %m step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %s : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  %r2 = scf.for %i = %m to %n step %c64 iter_args(%acc = %r1) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %mask = arith.constant dense<-1.0> : tensor<64x64xf32>
    %sm = arith.addf %s, %mask : tensor<64x64xf32>
    %e = math.exp2 %sm : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  tile.store %r2, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// One stage: tilegpu-pipeline makes no ring, so each load has one buffer,
// which the next iteration's load overwrites. Neither a deferred P·V nor a
// GEMM's dot left running across the back edge could read its operands
// there: both are waited for in their own iteration.
// DEFER-LABEL: func.func @one_stage
// CHAIN-LABEL: func.func @one_stage
// DEFER-NOT: tilegpu.read_lag
// DEFER: scf.for {{.*}} -> (tensor<64x64xf32, #mma>)
// DEFER: tilegpu.dot_wait %{{.*}} {pendings = 0 : i32}
// DEFER: tilegpu.dot_wait %{{.*}} {pendings = 0 : i32}
// DEFER-NEXT: scf.yield
// DEFER: scf.for
// DEFER: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async}
// DEFER-NEXT: %[[W:.*]] = tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// DEFER-NEXT: scf.yield %[[W]]
// DEFER-NOT: tilegpu.read_lag
// DEFER: return

func.func @one_stage(%q: !tile.view<f16, 2> {tile.role = "input"}, %k: !tile.view<f16, 2> {tile.role = "input"}, %v: !tile.view<f16, 2> {tile.role = "input"}, %o: !tile.view<f32, 2> {tile.role = "output"}, %n: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 1 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %qt = tile.load %q[%c0, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r = scf.for %i = %c0 to %n step %c64 iter_args(%acc = %init) -> (tensor<64x64xf32>) : i32 {
    %kt = tile.load %k[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %vt = tile.load %v[%i, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %ktt = tile.trans %kt : tensor<64x64xf16> -> tensor<64x64xf16>
    %z = arith.constant dense<0.0> : tensor<64x64xf32>
    %s = tile.dot %qt, %ktt, %z : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %e = math.exp2 %s : tensor<64x64xf32>
    %half = arith.constant dense<0.5> : tensor<64x64xf32>
    %scaled = arith.mulf %acc, %half : tensor<64x64xf32>
    %p = arith.truncf %e : tensor<64x64xf32> to tensor<64x64xf16>
    %a = tile.dot %p, %vt, %scaled : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %a : tensor<64x64xf32>
  }
  %r2 = scf.for %kk = %c0 to %n step %c64 iter_args(%acc = %r) -> (tensor<64x64xf32>) : i32 {
    %at = tile.load %q[%c0, %kk] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %bt = tile.load %k[%kk, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %at, %bt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    scf.yield %d : tensor<64x64xf32>
  }
  tile.store %r2, %o[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}

// -----

// Two stages, but a GEMM operand loaded at an index the loop carries (not
// computable for another iteration): tilegpu-pipeline leaves that load
// alone (one buffer), so the dot is waited for in its own iteration.
// DEFER-LABEL: func.func @unpipelined_operand
// DEFER-NOT: tilegpu.read_lag
// DEFER: %[[D:.*]] = tile.dot {{.*}} {tilegpu.async}
// DEFER: %[[W:.*]] = tilegpu.dot_wait %[[D]] {pendings = 0 : i32}
// DEFER-NEXT: scf.yield %[[W]]

func.func @unpipelined_operand(%a: !tile.view<f16, 2> {tile.role = "input"}, %b: !tile.view<f16, 2> {tile.role = "input"}, %c: !tile.view<f32, 2> {tile.role = "output"}, %kdim: i32)
    attributes {tile.kernel, tile.num_warps = 4 : i32, tile.num_stages = 3 : i32} {
  %c0 = arith.constant 0 : i32
  %c64 = arith.constant 64 : i32
  %init = arith.constant dense<0.0> : tensor<64x64xf32>
  %r:2 = scf.for %k = %c0 to %kdim step %c64 iter_args(%acc = %init, %col = %c0) -> (tensor<64x64xf32>, i32) : i32 {
    %at = tile.load %a[%c0, %col] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %bt = tile.load %b[%k, %c0] : !tile.view<f16, 2> -> tensor<64x64xf16>
    %d = tile.dot %at, %bt, %acc : tensor<64x64xf16>, tensor<64x64xf16> -> tensor<64x64xf32>
    %next = arith.addi %col, %c64 : i32
    scf.yield %d, %next : tensor<64x64xf32>, i32
  }
  tile.store %r#0, %c[%c0, %c0] : tensor<64x64xf32> -> !tile.view<f32, 2>
  return
}
