func.func @attn() attributes {
    tilegpu.kernel_name = "attn",
    tilegpu.params = [
      #tilegpu.param<name = "Q", dtype = f16, shape = ["BH", "N", 64], role = input, align = 16>,
      #tilegpu.param<name = "Lse", dtype = f32, shape = ["BH", "N"], role = output, align = 4>,
      #tilegpu.param<name = "Acc", dtype = bf16, shape = [16, "N"], role = inout, init = 0.5 : f32>,
      #tilegpu.param<name = "sm_scale", dtype = f32>],
    tilegpu.shared_bytes = 49216 : i64,
    tilegpu.tensor_maps = [#tilegpu.tensor_map<tensor = "Q", box = [128, 64], swizzle = 128>]} {
  return
}

