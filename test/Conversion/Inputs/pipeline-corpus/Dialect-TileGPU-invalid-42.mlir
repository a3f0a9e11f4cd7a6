func.func @unknown_attr() attributes {tilegpu.offset = 0 : i64} { return }

