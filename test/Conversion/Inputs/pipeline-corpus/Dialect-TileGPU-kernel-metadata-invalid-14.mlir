func.func @k() attributes {tilegpu.kernel_name = ""} {
  return
}

