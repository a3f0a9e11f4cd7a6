func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = inout, init = 0x7FC00000 : f32>]} {
  return
}

