func.func @k() {
  return {tilegpu.params = []}
}

