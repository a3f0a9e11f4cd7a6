func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "X", dtype = f32, shape = ["N"], role = output>,
  #tilegpu.param<name = "X", dtype = f32>]} {
  return
}

