module attributes {tilegpu.target = "sm_90a"} {
}

