// Cutting a 128x64 row-major tile into 16x8 blocks and giving each of
// 32 threads a (4,2) fragment, statically and with a dynamic row count.
func.func @static_tiling() -> !cute.layout<"((16,8),(8,8)):((64,1),(1024,8))"> {
  %a = cute.static : !cute.layout<"(128,64):(64,1)">
  %t = cute.static : !cute.shape<"(16,8)">
  %z = cute.zipped_divide(%a, %t) : (!cute.layout<"(128,64):(64,1)">, !cute.shape<"(16,8)">) -> !cute.layout<"((16,8),(8,8)):((64,1),(1024,8))">
  return %z : !cute.layout<"((16,8),(8,8)):((64,1),(1024,8))">
}

func.func @dynamic_tiling(%m: i32) -> !cute.layout<"((16,8),(?,8)):((64,1),(1024,8))"> {
  %s = cute.make_shape(%m) : (i32) -> !cute.shape<"(?,64)">
  %d = cute.static : !cute.stride<"(64,1)">
  %a = cute.make_layout(%s, %d) : (!cute.shape<"(?,64)">, !cute.stride<"(64,1)">) -> !cute.layout<"(?,64):(64,1)">
  %t = cute.static : !cute.shape<"(16,8)">
  %z = cute.zipped_divide(%a, %t) : (!cute.layout<"(?,64):(64,1)">, !cute.shape<"(16,8)">) -> !cute.layout<"((16,8),(?,8)):((64,1),(1024,8))">
  return %z : !cute.layout<"((16,8),(?,8)):((64,1),(1024,8))">
}
