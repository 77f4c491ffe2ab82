func.func @bad(%l: !cute.layout<"(4,8):(1,4)">) {
  %r = cute.coalesce(%l) : (!cute.layout<"(4,8):(1,4)">) -> !cute.layout<"32:2">
  return
}
