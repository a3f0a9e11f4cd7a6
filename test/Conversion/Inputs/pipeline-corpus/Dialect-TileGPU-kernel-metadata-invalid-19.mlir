func.func @k() attributes {
  tilegpu.tensor_maps = [#tilegpu.tensor_map<tensor = "K", box = [64, 64], swizzle = 128>]} {
  return
}

