func.func @ok(%l: !cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32"> {
  %s = cute.size (%l) : (!cute.layout<"(4,8):(1,4)">) -> !cute.int_tuple<"32">
  return %s : !cute.int_tuple<"32">
}
