// The TMA copy atom's rules: the coordinate tile is exactly one box (the
// box's extents, unit strides 1@j) or a tile of whole boxes (multiples of
// the extents, with an smem tile of the same mode sizes, every box of
// which is the box's layout and alignment), the smem side is the
// descriptor's box type, the operands after `with` are the descriptor, the barrier and (for
// a multicast descriptor) the mask; coordinate tensors only with an atom
// that takes coordinates; tma_partition needs whole boxes.
// RUN: cute-opt %s -split-input-file -verify-diagnostics -o /dev/null

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
!coords = !cute.coord_tensor<"(?,?)", "(128,64):(1@0,1@1)">
func.func @not_a_box(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(64,64):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op a TMA copy moves whole boxes: mode 0 of the coordinate tile "(64,64):(1@0,1@1)" is 64, the box's extents are (128, 64) (tile the coordinate tensor by the box or a multiple of it, with a shared tile of the same mode sizes)}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @transposed_coords(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,64):(1@1,1@0)">) {
  // expected-error @+1 {{'cute.copy' op a TMA copy moves whole boxes: mode 0 of the coordinate tile "(128,64):(1@1,1@0)" has stride 1@1, it must be 1@0 (consecutive coordinates of mode 0 of the global tensor, as a cute.local_tile of cute.make_identity_tensor gives)}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

// Two boxes of coordinates, but an smem tile of one box: not a tile of
// whole boxes, so the one-box rule speaks.
!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @boxes_smem_too_small(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,128):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op a TMA copy moves whole boxes: mode 1 of the coordinate tile "(128,128):(1@0,1@1)" is 128, the box's extents are (128, 64) (tile the coordinate tensor by the box or a multiple of it, with a shared tile of the same mode sizes)}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

// A 128 x 128 smem tile in one row-major swizzled block: its 128 x 64
// halves are not the box's layout (rows 128 elements apart, not 64).
!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @boxes_wrong_layout(%d: !desc, %s: !cute.memref<bf16, smem, align<1024>, sw128, "(128,128):(128,1)">, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,128):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op box of the 2-box tile (smem "(128,128):(128,1)", coordinates "(128,128):(1@0,1@1)"): shared tensor layout S<3,3,3> o (128,64):(128,1) differs from the TMA box layout S<3,3,3> o (128,64):(64,1)}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

// Column blocks 8256 elements apart: the second box starts 16512 bytes
// in, 128-byte aligned, but the 128-byte swizzle needs 1024.
!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @boxes_misaligned(%d: !desc, %s: !cute.memref<bf16, smem, align<1024>, sw128, "(128,(64,2)):(64,(1,8256))">, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,128):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op box of the 2-box tile (smem "(128,(64,2)):(64,(1,8256))", coordinates "(128,128):(1@0,1@1)"): shared tensor is aligned to 128 B; the TMA box needs 1024 B}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @wrong_rank(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,64,2):(1@0,1@1,64@1)">) {
  // expected-error @+1 {{'cute.copy' op a TMA copy moves whole boxes: the coordinate tile "(128,64,2):(1@0,1@1,64@1)" has 3 mode(s), the box (128, 64) has 2 (tile the coordinate tensor by the box, e.g. cute.local_tile with the box shape as tiler)}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @smem_not_the_box(%d: !desc, %s: !cute.memref<bf16, smem, align<1024>, "(128,64):(64,1)">, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,64):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op shared tensor layout (128,64):(64,1) differs from the TMA box layout S<3,3,3> o (128,64):(64,1): TMA writes the box in this layout, so the consumers must read it in the same one}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @load_without_barrier(%d: !desc, %s: !tile, %c: !cute.coord_tensor<"(?,?)", "(128,64):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op a TMA load takes `with(%desc, %barrier)` or, with a multicast descriptor, `with(%desc, %barrier, %mask)` (a !cute_nvgpu.mbarrier, an i16 mask of cluster CTAs)}}
  cute.copy(%c, %s) with(%d)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile, multicast = 2>
func.func @multicast_without_mask(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,64):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op a multicast descriptor needs the multicast mask (`with(%desc, %barrier, %mask)`)}}
  cute.copy(%c, %s) with(%d, %bar)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @data_not_coordinates(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %g: !cute.memref<bf16, gmem, align<16>, "(128,64):(64,1)">) {
  // expected-error @+1 {{'cute.copy' op a TMA load copies from a !cute.coord_tensor of global coordinates (the src), but got '!cute.memref<bf16, gmem, align<16>, "(128,64):(64,1)">'}}
  cute.copy(%g, %s) with(%d, %bar)
  return
}

// -----

!tile = !cute.memref<f32, smem, align<128>, "(32,32):(32,1)">
!desc = !cute_nvgpu.tma_desc<store, !tile>
func.func @store_with_barrier(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(32,32):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op a TMA store takes `with(%desc)` only, but 2 operands are written}}
  cute.copy(%s, %c) with(%d, %bar)
  return
}

// -----

func.func @coords_with_universal(%f: !cute.memref<i32, rmem, align<16>, "4:1">, %c: !cute.coord_tensor<"(?)", "4:1@0">) {
  // expected-error @+1 {{'cute.copy' op src is a !cute.coord_tensor (coordinates, not data): only an atom that addresses memory by coordinates reads or writes one (a TMA copy: `with(%desc, ...)`), but the atom is `universal`}}
  cute.copy(%c, %f)
  return
}

// -----

func.func @operands_for_universal(%a: !cute.memref<f32, rmem, align<16>, "4:1">, %b: !cute.memref<f32, rmem, align<16>, "4:1">, %x: i32) {
  // expected-error @+1 {{'cute.copy' op the copy atom `universal` takes no operands, but 1 are written after `with`}}
  cute.copy(%a, %b) with(%x)
  return
}

// -----

!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
!desc = !cute_nvgpu.tma_desc<load, !tile>
func.func @masked_tma(%d: !desc, %s: !tile, %bar: !cute_nvgpu.mbarrier, %c: !cute.coord_tensor<"(?,?)", "(128,64):(1@0,1@1)">) {
  // expected-error @+1 {{'cute.copy' op is masked, but a copy by coordinates (TMA) bounds itself: out-of-bounds elements are zero-filled on loads and not written on stores}}
  cute.copy(%c, %s) with(%d, %bar) {masked}
  return
}

// -----

!half = !cute.memref<bf16, smem, align<1024>, sw128, "(48,64):(64,1)">
!tile = !cute.memref<bf16, smem, align<1024>, sw128, "(128,64):(64,1)">
func.func @partition_not_whole_boxes(%d: !cute_nvgpu.tma_desc<load, !half, multicast = 2>, %s: !tile, %c: !cute.coord_tensor<"(?,?)", "(128,64):(1@0,1@1)">, %r: i32) {
  // expected-error @+1 {{'cute_nvgpu.tma_partition' op divides the smem tile by the box: its shape (128,64) must have the box's rank and static multiples of the box extents (48,64)}}
  %a, %b = cute_nvgpu.tma_partition %d, %r (%s, %c)
  return
}
