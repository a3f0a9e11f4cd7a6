func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "alpha", dtype = f16>]} {
  return
}

