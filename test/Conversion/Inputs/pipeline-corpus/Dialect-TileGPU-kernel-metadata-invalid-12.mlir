func.func @k() attributes {tilegpu.shared_bytes = -1 : i64} {
  return
}

