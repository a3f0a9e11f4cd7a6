func.func @k() attributes {tilegpu.params = [
  #tilegpu.param<name = "", dtype = f32>]} {
  return
}

