func.func @k() attributes {tilegpu.params = [
    #tilegpu.param<name = "K", dtype = f16, shape = ["N", 64]>],
  tilegpu.tensor_maps = [
  #tilegpu.tensor_map<tensor = "K", box = [64, 32], swizzle = 64>]} {
  return
}

