// Attention kernels that tessera-run must reject or flag (see errors.test).

!view3 = !tile.view<f16, 3>

// Q has the wrong element type.
func.func @f32_q(%Q: !tile.view<f32, 3> {tile.name = "Q", tile.shape = ["BH", "N", 64]},
                 %K: !view3 {tile.name = "K", tile.shape = ["BH", "N", 64]},
                 %V: !view3 {tile.name = "V", tile.shape = ["BH", "N", 64]},
                 %Out: !view3 {tile.name = "Out", tile.shape = ["BH", "N", 64], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["BH", "N"], tile.grid = affine_map<()[s0, s1] -> (s0)>} {
  return
}

// There is no V.
func.func @no_v(%Q: !view3 {tile.name = "Q", tile.shape = ["BH", "N", 64]},
                %K: !view3 {tile.name = "K", tile.shape = ["BH", "N", 64]},
                %Out: !view3 {tile.name = "Out", tile.shape = ["BH", "N", 64], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["BH", "N"], tile.grid = affine_map<()[s0, s1] -> (s0)>} {
  return
}

// An argument attention mode does not know.
func.func @extra(%Q: !view3 {tile.name = "Q", tile.shape = ["BH", "N", 64]},
                 %Bias: !view3 {tile.name = "Bias", tile.shape = ["BH", "N", 64]})
    attributes {tile.kernel, tile.sizes = ["BH", "N"], tile.grid = affine_map<()[s0, s1] -> (s0)>} {
  return
}

// Writes only the first 16 rows of each head: the rest stays NaN.
func.func @unwritten(%Q: !view3 {tile.name = "Q", tile.shape = ["BH", "N", 64]},
                     %K: !view3 {tile.name = "K", tile.shape = ["BH", "N", 64]},
                     %V: !view3 {tile.name = "V", tile.shape = ["BH", "N", 64]},
                     %Out: !view3 {tile.name = "Out", tile.shape = ["BH", "N", 64], tile.role = "output"})
    attributes {tile.kernel, tile.sizes = ["BH", "N"], tile.grid = affine_map<()[s0, s1] -> (s0)>} {
  %bh = tile.program_id 0
  %c0 = arith.constant 0 : i32
  %v = tile.load %V[%bh, %c0, %c0] : !view3 -> tensor<16x64xf16>
  tile.store %v, %Out[%bh, %c0, %c0] : tensor<16x64xf16> -> !view3
  return
}
