func.func @program_axis() {
  %p = tile.program_id 3
  return
}

