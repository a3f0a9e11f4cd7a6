#blocked = #tilegpu.blocked<sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]>
func.func @dot_wait_not_mma(%t: tensor<512xf32, #blocked>) {
  %w = tilegpu.dot_wait %t {pendings = 0 : i32} : tensor<512xf32, #blocked>
  return
}

