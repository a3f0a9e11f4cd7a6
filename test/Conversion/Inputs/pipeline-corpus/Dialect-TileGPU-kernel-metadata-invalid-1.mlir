func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "alpha", dtype = f32, role = output>]} {
  return
}

