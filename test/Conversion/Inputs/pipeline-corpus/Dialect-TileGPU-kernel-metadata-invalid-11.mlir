func.func @k() attributes {tilegpu.params = [{name = "alpha", kind = "scalar", dtype = "f32"}]} {
  return
}

