func.func @producer_attr_on_if(%p: i1) {
  scf.if %p {
  } {tilegpu.producer}
  return
}

