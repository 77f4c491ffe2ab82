// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per rule of the Tensor Memory ops and the tcgen05.ld/st atoms.

!slot = !cute.memref<i32, smem, align<4>, "1:1">

func.func @columns(%slot: !slot) {
  // expected-error@+1 {{'cute_nvgpu.tmem_alloc' op columns = 48; Tensor Memory is allocated in a power of two of columns in [32, 512]}}
  cute_nvgpu.tmem_alloc %slot, columns = 48 : !slot
  return
}
// -----
!slot = !cute.memref<i32, smem, align<4>, "1:1">
func.func @columns_big(%slot: !slot) {
  // expected-error@+1 {{columns = 1024; Tensor Memory is allocated in a power of two of columns in [32, 512]}}
  cute_nvgpu.tmem_alloc %slot, columns = 1024 : !slot
  return
}
// -----
!slot = !cute.memref<i32, smem, align<4>, "1:1">
func.func @cta_group(%slot: !slot) {
  // expected-error@+1 {{'cute_nvgpu.tmem_alloc' op cta_group = 3; it is 1 (this CTA) or 2 (the CTA pair)}}
  cute_nvgpu.tmem_alloc %slot, columns = 32 cta_group = 3 : !slot
  return
}
// -----
func.func @slot_type(%slot: !cute.memref<i64, smem, align<8>, "1:1">) {
  // expected-error@+1 {{'cute_nvgpu.tmem_alloc' op the TMEM address slot must be a shared-memory tensor of i32, got '!cute.memref<i64, smem, align<8>, "1:1">'}}
  cute_nvgpu.tmem_alloc %slot, columns = 32 : !cute.memref<i64, smem, align<8>, "1:1">
  return
}
// -----
!slot = !cute.memref<i32, smem, align<4>, "1:1">
func.func @tensor_space(%slot: !slot) {
  // expected-error@+1 {{'cute_nvgpu.tmem_tensor' op the result must be a tmem tensor, got '!cute.memref<f32, smem, align<4>, "4:1">'}}
  %t = cute_nvgpu.tmem_tensor %slot : !slot -> !cute.memref<f32, smem, align<4>, "4:1">
  return
}
// -----
!slot = !cute.memref<i32, smem, align<4>, "1:1">
func.func @tensor_dynamic(%slot: !slot) {
  // expected-error@+1 {{'cute_nvgpu.tmem_tensor' op the tmem tensor must have a static layout}}
  %t = cute_nvgpu.tmem_tensor %slot : !slot -> !cute.memref<f32, tmem, align<4>, "(128,?):(65536,1)">
  return
}
// -----
func.func @dealloc_space(%t: !cute.memref<f32, rmem, align<4>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.tmem_dealloc' op the freed tensor must be a tmem tensor}}
  cute_nvgpu.tmem_dealloc %t, columns = 32 : !cute.memref<f32, rmem, align<4>, "4:1">
  return
}
// -----
func.func @relinquish() {
  // expected-error@+1 {{'cute_nvgpu.tmem_relinquish_alloc_permit' op cta_group = 0; it is 1 (this CTA) or 2 (the CTA pair)}}
  cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 0
  return
}
// -----
func.func @commit(%b: !cute_nvgpu.mbarrier) {
  // expected-error@+1 {{'cute_nvgpu.tcgen05_commit' op cta_group = 4; it is 1 (this CTA) or 2 (the CTA pair)}}
  cute_nvgpu.tcgen05_commit %b cta_group = 4
  return
}

// -----
// tcgen05.cp: shape and multicast pair as PTX has them.
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_multicast(%s: !sf, %t: !t) {
  // expected-error@+1 {{'cute_nvgpu.tcgen05_cp' op tcgen05.cp .32x128b takes multicast warpx4, got none}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 32x128b : !sf, !t
  return
}
// -----
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_multicast2(%s: !sf, %t: !t) {
  // expected-error@+1 {{tcgen05.cp .128x128b takes no multicast, got warpx4}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 128x128b multicast = warpx4 : !sf, !t
  return
}
// -----
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(64,16):(16,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_shape(%s: !sf, %t: !t) {
  // expected-error@+1 {{'cute_nvgpu.tcgen05_cp' op tcgen05.cp .32x128b reads a shared-memory tile of shape (32,16) (32 rows of 16 bytes), got "(64,16):(16,1)"}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 32x128b multicast = warpx4 : !sf, !t
  return
}
// -----
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(32,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_rows(%s: !sf, %t: !t) {
  // expected-error@+1 {{rows of the tile "(32,16):(32,1)" are 32 bytes apart; a core matrix is 8 contiguous 16-byte rows}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 32x128b multicast = warpx4 : !sf, !t
  return
}
// -----
!sf = !cute.memref<f8E8M0FNU, gmem, align<128>, "(32,16):(16,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_space(%s: !sf, %t: !t) {
  // expected-error@+1 {{'cute_nvgpu.tcgen05_cp' op copies from a shared-memory tensor, got}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 32x128b multicast = warpx4 : !sf, !t
  return
}
// -----
!sf = !cute.memref<f8E8M0FNU, smem, align<8>, "(32,16):(16,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_align(%s: !sf, %t: !t) {
  // expected-error@+1 {{'cute_nvgpu.tcgen05_cp' op the source tile is aligned to 8 B; a shared-memory descriptor addresses 16-byte units}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 32x128b multicast = warpx4 : !sf, !t
  return
}
// -----
!sf = !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">
!t = !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
func.func @cp_unknown_shape(%s: !sf, %t: !t) {
  // expected-error@+1 {{unknown tcgen05 shape '4x256b'}}
  cute_nvgpu.tcgen05_cp %s, %t shape = 4x256b : !sf, !t
  return
}

// -----
// The copy atoms: num, shape spelling, the warp tile, the fragment.
// expected-error@+1 {{num = 64; tcgen05.ld/st .16x256b repeats a power of two in [1, 32] times (.x1 .. .x32)}}
func.func private @num() attributes {atom = #cute_nvgpu.tcgen05_ld<shape = 16x256b, num = 64>}
// -----
// expected-error@+1 {{num = 3; tcgen05.ld/st .32x32b repeats a power of two in [1, 128] times}}
func.func private @num3() attributes {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 3>}
// -----
// expected-error@+2 {{unknown tcgen05 shape '8x32b'}}
// expected-error@+1 {{failed to parse CuteNvgpu_Tcgen05LdAttr parameter 'shape'}}
func.func private @shape() attributes {atom = #cute_nvgpu.tcgen05_ld<shape = 8x32b, num = 1>}
// -----
func.func @tile_size(%t: !cute.memref<f32, tmem, align<16>, "(32,8):(65536,1)">, %r: !cute.memref<f32, rmem, align<16>, "16:1">) {
  // expected-error@+1 {{'cute.copy' op tcgen05.ld.32x32b.x16 moves a warp tile of 32 lanes x 16 columns (512 TMEM words, offsets (16,32):(1,65536) in any mode order); the src tmem tensor "(32,8):(65536,1)" has 256 elements}}
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<f32, tmem, align<16>, "(32,8):(65536,1)">, !cute.memref<f32, rmem, align<16>, "16:1">
  return
}
// -----
func.func @tile_outside(%t: !cute.memref<f32, tmem, align<16>, "(32,16):(65536,2)">, %r: !cute.memref<f32, rmem, align<16>, "16:1">) {
  // expected-error@+1 {{the src tmem tensor "(32,16):(65536,2)" reaches lane 0, column 16 outside it}}
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,2)">, !cute.memref<f32, rmem, align<16>, "16:1">
  return
}
// -----
func.func @tile_lanes(%t: !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, %r: !cute.memref<f32, rmem, align<16>, "16:1">) {
  // expected-error@+1 {{tcgen05.ld.16x64b.x16 moves a warp tile of 16 lanes x 32 columns (512 TMEM words, offsets (32,16):(1,65536) in any mode order); the src tmem tensor "(32,16):(65536,1)" reaches lane 16, column 0 outside it}}
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x64b, num = 16>} : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "16:1">
  return
}
// -----
func.func @regs(%t: !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, %r: !cute.memref<f32, rmem, align<16>, "16:1">) {
  // expected-error@+1 {{'cute.copy' op tcgen05.ld.16x256b.x2 gives each thread 8 32-bit registers; the dst fragment "16:1" has 16 elements}}
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x256b, num = 2>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "16:1">
  return
}
// -----
func.func @direction(%t: !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, %r: !cute.memref<f32, rmem, align<16>, "16:1">) {
  // expected-error@+1 {{'cute.copy' op tcgen05.ld.32x32b.x16 reads Tensor Memory: the src must be a tmem tensor, got '!cute.memref<f32, rmem, align<16>, "16:1">'}}
  cute.copy(%r, %t) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<f32, rmem, align<16>, "16:1">, !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  return
}
// -----
func.func @st_regs(%t: !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, %g: !cute.memref<f32, gmem, align<16>, "16:1">) {
  // expected-error@+1 {{'cute.copy' op tcgen05.st.32x32b.x16 reads registers: the src must be an rmem tensor}}
  cute.copy(%g, %t) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 16>} : !cute.memref<f32, gmem, align<16>, "16:1">, !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">
  return
}
// -----
func.func @pred(%t: !cute.memref<f32, tmem, align<16>, "(32,1):(65536,1)">, %r: !cute.memref<f32, rmem, align<4>, "1:1">, %p: !cute.memref<i1, rmem, align<1>, "32:1">) {
  // expected-error@+1 {{tcgen05.ld.32x32b.x1 moves a warp's whole tile; it takes no predicate}}
  cute.copy(%t, %r, %p) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 1>} : !cute.memref<f32, tmem, align<16>, "(32,1):(65536,1)">, !cute.memref<f32, rmem, align<4>, "1:1">, !cute.memref<i1, rmem, align<1>, "32:1">
  return
}
// -----
// 16-bit tmem tensors are tcgen05.mma A operands (two per column); ld/st
// move 32-bit words.
func.func @ld16(%t: !cute.memref<bf16, tmem, align<16>, "(32,16):(65536,1)">, %r: !cute.memref<bf16, rmem, align<16>, "16:1">) {
  // expected-error@+1 {{'cute.copy' op tcgen05.ld.32x32b.x16 moves 32-bit TMEM words; the src holds 'bf16' (16-bit tmem tensors are tcgen05.mma A operands; move 16-bit pairs as i32)}}
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<bf16, tmem, align<16>, "(32,16):(65536,1)">, !cute.memref<bf16, rmem, align<16>, "16:1">
  return
}
