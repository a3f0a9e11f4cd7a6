func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "X", dtype = f64, shape = ["N"]>]} {
  return
}

