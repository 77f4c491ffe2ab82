module {
  func.func private @fine() {
    return
  }
  gpu.module @not_a_helper {
  }
}
