func.func @target_on_func() attributes {tilegpu.target = #nvvm.target<chip = "sm_80">} {
  return
}

