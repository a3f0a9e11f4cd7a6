func.func @k() attributes {tilegpu.params = [
    #tilegpu.param<name = "K", dtype = f16, shape = ["N", 64]>,
    #tilegpu.param<name = "alpha", dtype = f32>],
  tilegpu.tensor_maps = [#tilegpu.tensor_map<tensor = "alpha", box = [64, 64], swizzle = 128>]} {
  return
}

