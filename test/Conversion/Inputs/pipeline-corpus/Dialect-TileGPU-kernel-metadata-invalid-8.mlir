func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output, init = 0.0 : f32>]} {
  return
}

