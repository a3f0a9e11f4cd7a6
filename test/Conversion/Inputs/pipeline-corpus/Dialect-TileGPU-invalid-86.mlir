module attributes {tilegpu.shared_memory = 300000 : i64} {
}

