module attributes {tilegpu.target = #nvvm.target<chip = "sm_x90a">} {
}

