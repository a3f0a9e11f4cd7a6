func.func @k() attributes {tilegpu.shared_bytes = 232449 : i64} {
  return
}

