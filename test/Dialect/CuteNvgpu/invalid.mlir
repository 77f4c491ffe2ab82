// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per verifier rule of cute_nvgpu: the tma_desc box rules (extent,
// inner bytes, swizzle span and kind, alignment, compactness, nesting, rank,
// multicast), make_tma_desc against the global tensor (16-byte strides,
// unit contiguous stride, element type, rank, base alignment, L2 promotion,
// memory space), TMA copies against the box (layout -- the TMA/consumer
// layout mismatch --, coordinates, descriptor kind, multicast mask,
// elements, memory space, alignment), barrier storage and indices, pipeline
// creation, states and handles, warp roles, named barriers and setmaxnreg.

// Box extent above 256.
// expected-error@+1 {{box mode 0 has 512 elements; TMA allows 1 to 256}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(512,4):(1,512)">>)
// -----
// Inner box bytes not a multiple of 16.
// expected-error@+1 {{box mode 0 (innermost) has 2 elements = 8 bytes; TMA needs a multiple of 16 bytes}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(2,8):(1,2)">>)
// -----
// Inner box bytes above the swizzle span.
// expected-error@+1 {{box mode 1 (innermost) spans 256 bytes, more than the 32-byte swizzle}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<256>, S<1,2,3>, "(8,64):(64,1)">>)
// -----
// The f32 swizzle on f16 elements.
// expected-error@+1 {{swizzle S<3,2,3> is not a TMA swizzle for 16-bit elements (S<1,3,3>, S<2,3,3> or S<3,3,3> for 32, 64, 128 B)}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f16, smem, align<1024>, S<3,2,3>, "(8,64):(64,1)">>)
// -----
// The 128-byte swizzle with 32-byte atoms (CuTe's Sw<2,5,2>) on f32.
// expected-error@+1 {{swizzle S<2,3,2> is the 128-byte swizzle with 32-byte atoms on 32-bit elements (CuTe's Sw<2,5,2>, TMA's CU_TENSOR_MAP_SWIZZLE_128B_ATOM_32B); this compiler derives no TMA descriptor for it yet}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<2,3,2>, "(32,8):(1,32)">>)
// -----
// Box alignment below the swizzle atom (8 x 128 B).
// expected-error@+1 {{TMA box '!cute.memref<f32, smem, align<128>, S<3,2,3>, "(8,32):(32,1)">' is aligned to 128 B; its 128-byte swizzle needs 1024 B}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, S<3,2,3>, "(8,32):(32,1)">>)
// -----
// A box with a gap between rows.
// expected-error@+1 {{box layout "(32,32):(64,1)" is not compact: mode 0 has stride 64 where a TMA box (dimension 1, innermost first) has stride 32}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(32,32):(64,1)">>)
// -----
// expected-error@+1 {{box layout "((4,8),32):((32,128),1)" has a nested mode; each mode of a TMA box is one dimension}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "((4,8),32):((32,128),1)">>)
// -----
// expected-error@+1 {{box layout "(2,2,2,2,2,4):(4,8,16,32,64,1)" has rank 6; TMA boxes have rank 1 to 5}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(2,2,2,2,2,4):(4,8,16,32,64,1)">>)
// -----
// expected-error@+1 {{multicast applies to TMA loads only}}
func.func private @f(!cute_nvgpu.tma_desc<store, !cute.memref<f32, smem, align<128>, "(8,32):(32,1)">, multicast = 2>)
// -----
// expected-error@+1 {{multicast = 17 CTAs; a cluster has 1 to 16}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(8,32):(32,1)">, multicast = 17>)
// -----
// expected-error@+1 {{TMA box must be a shared-memory tensor, got '!cute.memref<f32, gmem, align<128>, "(8,32):(32,1)">'}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, gmem, align<128>, "(8,32):(32,1)">>)
// -----
// expected-error@+1 {{TMA box '!cute.memref<f32, smem, align<128>, "(8,?):(32,1)">' must have a static layout}}
func.func private @f(!cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<128>, "(8,?):(32,1)">>)
// -----
// expected-error@+1 {{a pipeline has 1 to 1048576 stages, got 0}}
func.func private @f(!cute_nvgpu.pipeline<tma_async, 0>)
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f32, gmem, align<16>, "(?,?):(7,1)">) {
  // Global row pitch not a multiple of 16 bytes.
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op mode 0 of the global tensor "(?,?):(7,1)" has stride 7 elements = 28 bytes; TMA needs a positive multiple of 16 bytes}}
  %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(7,1)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f32, gmem, align<16>, "(?,?):(?,2)">) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op mode 1 of the global tensor "(?,?):(?,2)" has stride 2; it is the box's contiguous mode, so TMA needs stride 1 (a static 1)}}
  %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(?,2)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f32, gmem, align<16>, "(?,?):(1,?)">) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op mode 1 of the global tensor "(?,?):(1,?)" has stride ?; it is the box's contiguous mode, so TMA needs stride 1 (a static 1)}}
  %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?):(1,?)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op tensor elements are 'f16' but the box holds 'f32'}}
  %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f32, gmem, align<16>, "(?,?,?):(?,?,1)">) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op global tensor layout "(?,?,?):(?,?,1)" has rank 3 but the box has rank 2}}
  %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<16>, "(?,?,?):(?,?,1)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f32, gmem, align<4>, "(?,?):(?,1)">) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op the global tensor is aligned to 4 B; a TMA descriptor needs a 16-byte aligned base (promise align<16> on the pointer; the runtime checks it at launch)}}
  %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f32, gmem, align<4>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)">) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op l2_promotion = 32 bytes; TMA promotes 0, 64, 128 or 256}}
  %d = cute_nvgpu.make_tma_desc %g {l2_promotion = 32 : i32} : !cute.memref<f32, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%g: !box) {
  // expected-error@+1 {{'cute_nvgpu.make_tma_desc' op makes a TMA descriptor of a global tensor, got '!cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">'}}
  %d = cute_nvgpu.make_tma_desc %g : !box -> !cute_nvgpu.tma_desc<load, !box>
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !cute.memref<f32, smem, align<1024>, "(64,32):(32,1)">, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // The TMA/consumer layout mismatch: the smem tensor lacks the box's swizzle.
  // expected-error@+1 {{'cute_nvgpu.tma_load' op shared tensor layout (64,32):(32,1) differs from the TMA box layout S<3,2,3> o (64,32):(32,1): TMA writes the box in this layout, so the consumers must read it in the same one}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !box>, !cute.memref<f32, smem, align<1024>, "(64,32):(32,1)">
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(1,64)">, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // ... or reads the box column-major.
  // expected-error@+1 {{'cute_nvgpu.tma_load' op shared tensor layout S<3,2,3> o (64,32):(1,64) differs from the TMA box layout S<3,2,3> o (64,32):(32,1): TMA writes the box in this layout, so the consumers must read it in the same one}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !box>, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(1,64)">
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !box, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op has 1 coordinates for a rank-2 box}}
  cute_nvgpu.tma_load %d, %s, %b box [%x] : !cute_nvgpu.tma_desc<load, !box>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<store, !box>, %s: !box, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op needs a load descriptor, got '!cute_nvgpu.tma_desc<store, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>'}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<store, !box>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !box, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_store' op needs a store descriptor, got '!cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>'}}
  cute_nvgpu.tma_store %d, %s box [%x, %x] : !cute_nvgpu.tma_desc<load, !box>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box, multicast = 2>, %s: !box, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op a multicast descriptor needs the `multicast` mask}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !box, multicast = 2>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !box, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op cta_group = 4; it is 1 or 2 (a CTA pair)}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] cta_group 4 : !cute_nvgpu.tma_desc<load, !box>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box, multicast = 2>, %s: !box, %b: !cute_nvgpu.mbarrier, %x: i32, %m: i16) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op cta_group = 2 with a multicast mask is not supported (CuTe's SM100_TMA_2SM_LOAD_MULTICAST)}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] multicast %m cta_group 2 : !cute_nvgpu.tma_desc<load, !box, multicast = 2>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !box, %b: !cute_nvgpu.mbarrier, %x: i32, %m: i16) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op multicast needs a descriptor with multicast >= 2, got '!cute_nvgpu.tma_desc<load, <f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">>'}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] multicast %m : !cute_nvgpu.tma_desc<load, !box>, !box
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op shared tensor elements are 'f16' but the descriptor's are 'f32'}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !box>, !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !cute.memref<f32, gmem, align<1024>, "(64,32):(32,1)">, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op TMA copies to and from shared memory, got '!cute.memref<f32, gmem, align<1024>, "(64,32):(32,1)">'}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !box>, !cute.memref<f32, gmem, align<1024>, "(64,32):(32,1)">
  return
}
// -----
!box = !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(64,32):(32,1)">
func.func @f(%d: !cute_nvgpu.tma_desc<load, !box>, %s: !cute.memref<f32, smem, align<128>, S<3,2,3>, "(64,32):(32,1)">, %b: !cute_nvgpu.mbarrier, %x: i32) {
  // expected-error@+1 {{'cute_nvgpu.tma_load' op shared tensor is aligned to 128 B; the TMA box needs 1024 B}}
  cute_nvgpu.tma_load %d, %s, %b box [%x, %x] : !cute_nvgpu.tma_desc<load, !box>, !cute.memref<f32, smem, align<128>, S<3,2,3>, "(64,32):(32,1)">
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "4:1">) {
  %c = arith.constant 4 : i32
  // expected-error@+1 {{'cute_nvgpu.mbarrier_get' op barrier 4 is outside the storage of 4 barriers}}
  %b = cute_nvgpu.mbarrier_get %s[%c] : !cute.memref<i64, smem, align<8>, "4:1">
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "4:1">) {
  %c = arith.constant -1 : i32
  // expected-error@+1 {{'cute_nvgpu.mbarrier_get' op barrier -1 is outside the storage of 4 barriers}}
  %b = cute_nvgpu.mbarrier_get %s[%c] : !cute.memref<i64, smem, align<8>, "4:1">
  return
}
// -----
func.func @f(%s: !cute.memref<i32, smem, align<8>, "4:1">, %c: i32) {
  // expected-error@+1 {{'cute_nvgpu.mbarrier_get' op barrier storage must be a shared-memory tensor of i64, got '!cute.memref<i32, smem, align<8>, "4:1">'}}
  %b = cute_nvgpu.mbarrier_get %s[%c] : !cute.memref<i32, smem, align<8>, "4:1">
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "6:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op barrier storage holds 6 barriers; 4 stages need 8 (full and empty per stage)}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "6:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op tx_bytes = 0; it is the bytes each stage receives (leave it out to infer it from the TMA loads)}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 0 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op tx_bytes = 1048576; an mbarrier counts at most 1048575}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 1048576 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op tx_bytes applies to tma_async and tma_umma pipelines only}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op a tma_store pipeline has no barriers and takes no storage}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> -> !cute_nvgpu.pipeline<tma_store, 4>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op needs barrier storage (an smem i64 tensor of 2 x stages elements)}}
  %p = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op producers and consumers must be at least 1}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {consumers = 0 : i32} -> !cute_nvgpu.pipeline<async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op multicast = 17; a cluster has 1 to 16 CTAs}}
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32, multicast = 17 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">) {
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // expected-error@+1 {{'cute_nvgpu.pipeline_producer_state' op result type '!cute_nvgpu.pipeline_state<2>' differs from the inferred '!cute_nvgpu.pipeline_state<4>' (the state of '!cute_nvgpu.pipeline<tma_async, 4>')}}
  %st = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 4> -> !cute_nvgpu.pipeline_state<2>
  return
}
// -----
func.func @f(%s: !cute.memref<i64, smem, align<8>, "8:1">, %st: !cute_nvgpu.pipeline_state<2>) {
  %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // expected-error@+1 {{'cute_nvgpu.pipeline_consumer_wait' op state of 2 stages for a pipeline of 4}}
  cute_nvgpu.pipeline_consumer_wait %p, %st : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<2>
  return
}
// -----
// A kernel cannot take a pipeline (a helper function can: test/Target/helpers.mlir).
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%p: !cute_nvgpu.pipeline<tma_async, 4>, %st: !cute_nvgpu.pipeline_state<4>) kernel {
      // expected-error@+1 {{'cute_nvgpu.pipeline_producer_acquire' op pipeline must come from cute_nvgpu.pipeline_create in the same kernel, or be an argument of a helper function (which --cute-compile inlines)}}
      cute_nvgpu.pipeline_producer_acquire %p, %st : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<4>
      gpu.return
    }
  }
}
// -----
func.func @f(%st: !cute_nvgpu.pipeline_state<2>) {
  %p = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
  // expected-error@+1 {{'cute_nvgpu.pipeline_consumer_release' op a tma_store pipeline has no consumer side}}
  cute_nvgpu.pipeline_consumer_release %p, %st : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
  return
}
// -----
func.func @f(%st: !cute_nvgpu.pipeline_state<2>) {
  %p = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
  // expected-error@+1 {{'cute_nvgpu.pipeline_producer_get_barrier' op a tma_store pipeline has no barriers}}
  %b = cute_nvgpu.pipeline_producer_get_barrier %p, %st : !cute_nvgpu.pipeline<tma_store, 2>, !cute_nvgpu.pipeline_state<2>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.warp_specialize' op roles "a" and "b" share warps}}
  cute_nvgpu.warp_specialize
    role "a" warps [0, 4) {
    }
    role "b" warps [3, 8) {
    }
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.warp_specialize' op role "a" asks for max_regs 100; setmaxnreg takes a multiple of 8 in [24, 256]}}
  cute_nvgpu.warp_specialize
    role "a" warps [0, 4) max_regs 100 {
    }
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.warp_specialize' op role "a" asks for max_regs 264; setmaxnreg takes a multiple of 8 in [24, 256]}}
  cute_nvgpu.warp_specialize
    role "a" warps [0, 4) max_regs 264 {
    }
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.warp_specialize' op role "a" (warps [0, 1)) sets max_regs but setmaxnreg applies to whole warpgroups: the range must start and end on a multiple of 4}}
  cute_nvgpu.warp_specialize
    role "a" warps [0, 1) max_regs 40 {
    }
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.warp_specialize' op role "a" has the empty warp range [4, 4)}}
  cute_nvgpu.warp_specialize
    role "a" warps [4, 4) {
    }
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{custom op 'cute_nvgpu.warp_specialize' expected at least one `role`}}
  cute_nvgpu.warp_specialize {
  }
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.named_barrier' op threads = 100; a named barrier counts whole warps (a multiple of 32)}}
  cute_nvgpu.named_barrier id = 1, threads = 100
  return
}
// -----
func.func @f(%c: !cute.ptr<f32, gmem, align<4>>, %i: i32, %l: i1) {
  // expected-error@+1 {{'cute_nvgpu.counter_arrive' op counters must be a !cute.ptr<i32, gmem>, not '!cute.ptr<f32, gmem, align<4>>'}}
  %x = cute_nvgpu.counter_arrive %c[%i] expected %i leader %l barrier id = 2, threads = 256 : !cute.ptr<f32, gmem, align<4>>
  return
}
// -----
func.func @f(%c: !cute.ptr<i32, smem, align<4>>, %i: i32, %l: i1) {
  // expected-error@+1 {{'cute_nvgpu.counter_arrive' op counters must be a !cute.ptr<i32, gmem>}}
  %x = cute_nvgpu.counter_arrive %c[%i] expected %i leader %l barrier id = 2, threads = 256 : !cute.ptr<i32, smem, align<4>>
  return
}
// -----
func.func @f(%c: !cute.ptr<i32, gmem, align<4>>, %i: i32, %l: i1) {
  // expected-error@+1 {{'cute_nvgpu.counter_arrive' op threads = 100; the group's barrier counts whole warps (a multiple of 32)}}
  %x = cute_nvgpu.counter_arrive %c[%i] expected %i leader %l barrier id = 2, threads = 100 : !cute.ptr<i32, gmem, align<4>>
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.named_barrier' op attribute 'id' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1 whose maximum value is 15}}
  cute_nvgpu.named_barrier id = 0, threads = 128
  return
}
// -----
func.func @f(%i: i32) {
  // expected-error@+1 {{'cute_nvgpu.named_barrier' op takes one id: an integer 1..15 or an i32 value}}
  "cute_nvgpu.named_barrier"(%i) <{id = 2 : i32, threads = 128 : i32, operandSegmentSizes = array<i32: 1>}> : (i32) -> ()
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.setmaxnreg' op regs = 100; setmaxnreg takes a multiple of 8 in [24, 256]}}
  cute_nvgpu.setmaxnreg inc 100
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.setmaxnreg' op attribute 'regs' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 24 whose maximum value is 256}}
  cute_nvgpu.setmaxnreg dec 16
  return
}
// -----
func.func @f(%b: !cute_nvgpu.mbarrier) {
  // expected-error@+1 {{'cute_nvgpu.mbarrier_init' op attribute 'count' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 1 whose maximum value is 1048575}}
  cute_nvgpu.mbarrier_init %b, count = 0
  return
}
// -----
func.func @f() {
  // expected-error@+1 {{'cute_nvgpu.yield' op expects parent op to be one of 'cute_nvgpu.warp_specialize, cute_nvgpu.elect_one'}}
  cute_nvgpu.yield
  return
}

// -----

func.func @pipeline_in_role(%s: !cute.memref<i64, smem, align<8>, "4:1">) {
  cute_nvgpu.warp_specialize
    role "producer" warps [0, 1) {
      // expected-error@+1 {{'cute_nvgpu.pipeline_create' op initialises its barriers and then synchronises the whole block, so it must be executed by every thread: create the pipeline before cute_nvgpu.warp_specialize or elect_one}}
      %p = cute_nvgpu.pipeline_create %s : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
    }
  return
}

// -----

func.func @release_cta_local(%b: !cute_nvgpu.mbarrier) {
  // expected-error@+1 {{'cute_nvgpu.mbarrier_arrive' op release_cta applies to an arrive on another CTA's barrier (`cta %r`); a local arrive releases at CTA scope already}}
  cute_nvgpu.mbarrier_arrive %b release_cta
  return
}
