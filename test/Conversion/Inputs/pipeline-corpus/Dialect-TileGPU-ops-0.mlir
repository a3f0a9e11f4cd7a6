func.func @ops(%k: !tile.view<f16, 2>, %i: i32, %s: i32, %p: i1,
               %r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>,
               %h: tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>) {
  tilegpu.async_load %k[%i, %i] stage %s if %p {buffer = 0 : i64}
      : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  tilegpu.async_commit
  tilegpu.ring_init {buffer = 1 : i64, stages = 2 : i64}
  tilegpu.async_load %k[%i, %i] stage %s if %p {buffer = 1 : i64, tilegpu.tma, tilegpu.barrier_offset = 16384 : i64}
      : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  tilegpu.stage_wait stage %s phase %i {buffer = 1 : i64}
  tilegpu.ring_inval {buffer = 1 : i64, stages = 2 : i64}
  tilegpu.ring_init {arrivals = 8 : i64, buffer = 2 : i64, stages = 2 : i64}
  tilegpu.stage_acquire stage %s phase %i {buffer = 2 : i64}
  tilegpu.stage_release stage %s {buffer = 2 : i64}
  tilegpu.ring_inval {buffer = 2 : i64, empty, stages = 2 : i64}
  tilegpu.async_wait 1
  %t = tilegpu.stage_view stage %s {buffer = 0 : i64} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  %c = tilegpu.convert_layout %r : tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
      -> tensor<64xf32, #tilegpu.slice<dim = 0, parent = #tilegpu.mma<warpsM = 4, warpsN = 1>>>
  %d = tilegpu.convert_layout %h : tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
      -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
  %e = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
      -> tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}
func.func @blocked(%x: !tile.view<f16, 2>, %i: i32,
                   %r: tensor<64xf32, #tilegpu.slice<dim = 1, parent = #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>>,
                   %v: tensor<256xf32, #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>>) {
  %t = tile.load %x[%i, %i] {tilegpu.vector = 8 : i64} : !tile.view<f16, 2>
      -> tensor<64x64xf16, #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
  %m = tilegpu.convert_layout %t : tensor<64x64xf16, #tilegpu.blocked<sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]>>
      -> tensor<64x64xf16, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return
}
func.func @swizzles(%a: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 64>>,
                    %b: tensor<16x8xf16, #tilegpu.shared<transposed = false, swizzle = 16>>,
                    %c: tensor<48x16xf16, #tilegpu.shared<swizzle = 32, transposed = true>>) {
  return
}
func.func @async_dot(%a: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>, %b: tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>,
                     %c: tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>) -> tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>> {
  %d = tile.dot %a, %b, %c {tilegpu.async, tilegpu.wgmma} : tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>, tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
      -> tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  %w = tilegpu.dot_wait %d {pendings = 1 : i32} : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
  return %w : tensor<64x64xf32, #tilegpu.mma<warpsM = 4, warpsN = 1>>
}
func.func @specialized(%k: !tile.view<f16, 2>, %n: i32)
    attributes {tile.kernel, tile.num_warps = 8 : i32} {
  tilegpu.warp_specialize {consumer_registers = 240 : i64, producer_registers = 24 : i64, producer_warps = 4 : i64} producer {
    %c0 = arith.constant 0 : i32
    %c64 = arith.constant 64 : i32
    %true = arith.constant true
    scf.for %i = %c0 to %n step %c64 : i32 {
      tilegpu.stage_acquire stage %c0 phase %c0 {buffer = 0 : i64}
      tilegpu.async_load %k[%i, %c0] stage %c0 if %true {buffer = 0 : i64, tilegpu.tma}
          : !tile.view<f16, 2> -> tensor<64x64xf16, #tilegpu.shared<transposed = false, swizzle = 128>>
    } {tilegpu.producer}
  } consumer {
    tilegpu.async_wait 0
  }
  return
}

