module attributes {tilegpu.target = #nvvm.target<chip = "sm_100f">} {
}

