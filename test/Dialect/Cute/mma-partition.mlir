// RUN: cute-opt %s | FileCheck %s
// RUN: cute-opt %s | cute-opt | FileCheck %s
// RUN: cute-opt %s --mlir-print-op-generic | cute-opt | FileCheck %s
// RUN: cute-opt %s --canonicalize | FileCheck %s --check-prefix=CANON

// Tiled MMAs: `cute.mma_tv_layout` and `cute.mma_partition` against the
// values CuTe prints (NVIDIA/cutlass 7107b05, make_tiled_mma(...)
// .get_layoutA/B/C_TV() and get_slice(t).partition_A/B/C; the numbers are
// those of test/unittests/Atom/TiledMmaTest.cpp).
//
// mma_tv_layout prints CuTe's TV layout with the value mode flattened one
// level: CuTe's (thr, (FrgV, (RestM, RestK))) is our (thr, (FrgV, RestM,
// RestK)), same shapes and strides otherwise.
//
// mma_partition of a column-major tile gives, as its layout, exactly CuTe's
// partition_A/B/C of a column-major tensor (the thread's offset goes into
// the pointer, so only the alignment of the result depends on it). Row-major
// tiles are checked by hand from the column-major ones: a column-major
// stride s of an R-row tile is the step (s % R rows, s / R columns), which
// the row-major tile turns into (s % R) * cols + s / R. A stride of a mode
// of size 1 is immaterial; CuTe keeps the one the division computed where
// we print 0.

#sm80 = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>
#sm90 = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>
#sm90mn = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = mn, b_major = mn>

//===----------------------------------------------------------------------===//
// mma_tv_layout
//===----------------------------------------------------------------------===//

// One SM80 16x8x16 atom: the atom's own layouts. CuTe:
//   A ((_4,_8),((_2,_2,_2),(_1,_1))):((_32,_1),((_16,_8,_128),(_0,_0)))
//   B ((_4,_8),((_2,_2),(_1,_1))):((_16,_1),((_8,_64),(_0,_0)))
//   C ((_4,_8),((_2,_2),(_1,_1))):((_32,_1),((_16,_8),(_0,_0)))
// CHECK-LABEL: func.func @tv_sm80_single
// CHECK: cute.mma_tv_layout "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(1,1,1):(0,0,0)">> tile [16, 16] -> !cute.layout<"((4,8),((2,2,2),1,1)):((32,1),((16,8,128),0,0))">
// CHECK: cute.mma_tv_layout "B" of {{.*}} tile [8, 16] -> !cute.layout<"((4,8),((2,2),1,1)):((16,1),((8,64),0,0))">
// CHECK: cute.mma_tv_layout "C" of {{.*}} tile [16, 8] -> !cute.layout<"((4,8),((2,2),1,1)):((32,1),((16,8),0,0))">
// CANON-LABEL: func.func @tv_sm80_single
// CANON-NOT: cute.mma_tv_layout
// CANON: cute.static : !cute.layout<"((4,8),((2,2,2),1,1)):((32,1),((16,8,128),0,0))">
// CANON: cute.static : !cute.layout<"((4,8),((2,2),1,1)):((16,1),((8,64),0,0))">
// CANON: cute.static : !cute.layout<"((4,8),((2,2),1,1)):((32,1),((16,8),0,0))">
func.func @tv_sm80_single() -> (!cute.layout<"((4,8),((2,2,2),1,1)):((32,1),((16,8,128),0,0))">, !cute.layout<"((4,8),((2,2),1,1)):((16,1),((8,64),0,0))">, !cute.layout<"((4,8),((2,2),1,1)):((32,1),((16,8),0,0))">) {
  %a = cute.mma_tv_layout "A" of #cute.tiled_mma<#sm80, #cute.layout<"(1,1,1):(0,0,0)">> tile [16, 16] -> !cute.layout<"((4,8),((2,2,2),1,1)):((32,1),((16,8,128),0,0))">
  %b = cute.mma_tv_layout "B" of #cute.tiled_mma<#sm80, #cute.layout<"(1,1,1):(0,0,0)">> tile [8, 16] -> !cute.layout<"((4,8),((2,2),1,1)):((16,1),((8,64),0,0))">
  %c = cute.mma_tv_layout "C" of #cute.tiled_mma<#sm80, #cute.layout<"(1,1,1):(0,0,0)">> tile [16, 8] -> !cute.layout<"((4,8),((2,2),1,1)):((32,1),((16,8),0,0))">
  return %a, %b, %c : !cute.layout<"((4,8),((2,2,2),1,1)):((32,1),((16,8,128),0,0))">, !cute.layout<"((4,8),((2,2),1,1)):((16,1),((8,64),0,0))">, !cute.layout<"((4,8),((2,2),1,1)):((32,1),((16,8),0,0))">
}

// 2x2 SM80 atoms, AtomLayoutMNK (2,2,1):(1,2,0): 128 threads, one step is
// 32 x 16 x 16. CuTe:
//   A ((_4,_8,_2,_2),((_2,_2,_2),(_1,_1))):((_64,_1,_16,_0),((_32,_8,_256),(_0,_0)))
//   B ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_32,_1,_0,_8),((_16,_128),(_0,_0)))
//   C ((_4,_8,_2,_2),((_2,_2),(_1,_1))):((_64,_1,_16,_256),((_32,_8),(_0,_0)))
// CHECK-LABEL: func.func @tv_sm80_2x2
// CHECK: cute.mma_tv_layout "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2,2),1,1)):((64,1,16,0),((32,8,256),0,0))">
// CHECK: cute.mma_tv_layout "B" of {{.*}} tile [16, 16] -> !cute.layout<"((4,8,2,2),((2,2),1,1)):((32,1,0,8),((16,128),0,0))">
// CHECK: cute.mma_tv_layout "C" of {{.*}} tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2),1,1)):((64,1,16,256),((32,8),0,0))">
// CANON-LABEL: func.func @tv_sm80_2x2
// CANON: cute.static : !cute.layout<"((4,8,2,2),((2,2,2),1,1)):((64,1,16,0),((32,8,256),0,0))">
// CANON: cute.static : !cute.layout<"((4,8,2,2),((2,2),1,1)):((32,1,0,8),((16,128),0,0))">
// CANON: cute.static : !cute.layout<"((4,8,2,2),((2,2),1,1)):((64,1,16,256),((32,8),0,0))">
func.func @tv_sm80_2x2() -> (!cute.layout<"((4,8,2,2),((2,2,2),1,1)):((64,1,16,0),((32,8,256),0,0))">, !cute.layout<"((4,8,2,2),((2,2),1,1)):((32,1,0,8),((16,128),0,0))">, !cute.layout<"((4,8,2,2),((2,2),1,1)):((64,1,16,256),((32,8),0,0))">) {
  %a = cute.mma_tv_layout "A" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2,2),1,1)):((64,1,16,0),((32,8,256),0,0))">
  %b = cute.mma_tv_layout "B" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> tile [16, 16] -> !cute.layout<"((4,8,2,2),((2,2),1,1)):((32,1,0,8),((16,128),0,0))">
  %c = cute.mma_tv_layout "C" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2),1,1)):((64,1,16,256),((32,8),0,0))">
  return %a, %b, %c : !cute.layout<"((4,8,2,2),((2,2,2),1,1)):((64,1,16,0),((32,8,256),0,0))">, !cute.layout<"((4,8,2,2),((2,2),1,1)):((32,1,0,8),((16,128),0,0))">, !cute.layout<"((4,8,2,2),((2,2),1,1)):((64,1,16,256),((32,8),0,0))">
}

// The same with the permutation Tile<_32,_32,_16>: one step is 32 x 32 x 16
// (each warp's N extent repeats twice). CuTe:
//   B ((_4,_8,_2,_2),((_2,_2),(_2,_1))):((_64,_1,_0,_8),((_32,_256),(_16,_0)))
//   C ((_4,_8,_2,_2),((_2,_2),(_1,_2))):((_64,_1,_16,_256),((_32,_8),(_0,_512)))
// CHECK-LABEL: func.func @tv_sm80_2x2_permuted
// CHECK: cute.mma_tv_layout "B" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">, permutation = #cute.tile<"[32:1;32:1;16:1]">> tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2),2,1)):((64,1,0,8),((32,256),16,0))">
// CHECK: cute.mma_tv_layout "C" of {{.*}} tile [32, 32] -> !cute.layout<"((4,8,2,2),((2,2),1,2)):((64,1,16,256),((32,8),0,512))">
// CANON-LABEL: func.func @tv_sm80_2x2_permuted
// CANON: cute.static : !cute.layout<"((4,8,2,2),((2,2),2,1)):((64,1,0,8),((32,256),16,0))">
// CANON: cute.static : !cute.layout<"((4,8,2,2),((2,2),1,2)):((64,1,16,256),((32,8),0,512))">
func.func @tv_sm80_2x2_permuted() -> (!cute.layout<"((4,8,2,2),((2,2),2,1)):((64,1,0,8),((32,256),16,0))">, !cute.layout<"((4,8,2,2),((2,2),1,2)):((64,1,16,256),((32,8),0,512))">) {
  %b = cute.mma_tv_layout "B" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">, permutation = #cute.tile<"[32:1;32:1;16:1]">> tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2),2,1)):((64,1,0,8),((32,256),16,0))">
  %c = cute.mma_tv_layout "C" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">, permutation = #cute.tile<"[32:1;32:1;16:1]">> tile [32, 32] -> !cute.layout<"((4,8,2,2),((2,2),1,2)):((64,1,16,256),((32,8),0,512))">
  return %b, %c : !cute.layout<"((4,8,2,2),((2,2),2,1)):((64,1,0,8),((32,256),16,0))">, !cute.layout<"((4,8,2,2),((2,2),1,2)):((64,1,16,256),((32,8),0,512))">
}

// Two SM90 64x128x16 warpgroups in M, AtomLayoutMNK (2,1,1):(1,2,2): 256
// threads. CuTe:
//   A ((_128,_2),((_64,_16),(_1,_1))):((_0,_64),((_1,_128),(_0,_0)))
//   C ((_4,_8,_8),((_2,_2,_16),(_1,_1))):((_256,_1,_16),((_128,_8,_1024),(_0,_0)))
// CHECK-LABEL: func.func @tv_sm90_2x1
// CHECK: cute.mma_tv_layout "A" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(2,1,1):(1,2,2)">> tile [128, 16] -> !cute.layout<"((128,2),((64,16),1,1)):((0,64),((1,128),0,0))">
// CHECK: cute.mma_tv_layout "C" of {{.*}} tile [128, 128] -> !cute.layout<"((4,8,8),((2,2,16),1,1)):((256,1,16),((128,8,1024),0,0))">
// CANON-LABEL: func.func @tv_sm90_2x1
// CANON: cute.static : !cute.layout<"((128,2),((64,16),1,1)):((0,64),((1,128),0,0))">
// CANON: cute.static : !cute.layout<"((4,8,8),((2,2,16),1,1)):((256,1,16),((128,8,1024),0,0))">
func.func @tv_sm90_2x1() -> (!cute.layout<"((128,2),((64,16),1,1)):((0,64),((1,128),0,0))">, !cute.layout<"((4,8,8),((2,2,16),1,1)):((256,1,16),((128,8,1024),0,0))">) {
  %a = cute.mma_tv_layout "A" of #cute.tiled_mma<#sm90, #cute.layout<"(2,1,1):(1,2,2)">> tile [128, 16] -> !cute.layout<"((128,2),((64,16),1,1)):((0,64),((1,128),0,0))">
  %c = cute.mma_tv_layout "C" of #cute.tiled_mma<#sm90, #cute.layout<"(2,1,1):(1,2,2)">> tile [128, 128] -> !cute.layout<"((4,8,8),((2,2,16),1,1)):((256,1,16),((128,8,1024),0,0))">
  return %a, %c : !cute.layout<"((128,2),((64,16),1,1)):((0,64),((1,128),0,0))">, !cute.layout<"((4,8,8),((2,2,16),1,1)):((256,1,16),((128,8,1024),0,0))">
}

//===----------------------------------------------------------------------===//
// mma_partition, column-major tiles: CuTe's partition_A/B/C
//===----------------------------------------------------------------------===//

// 2x2 SM80 on a 64 x 32 x 32 problem (two steps in each mode). CuTe,
// thread 5 (first element at 129 for A and C, 65 for B):
//   partition_A ((_2,_2,_2),2,2):((64,_8,512),_32,1024)
//   partition_B ((_2,_2),2,2):((32,256),_16,512)
//   partition_C ((_2,_2),2,2):((64,_8),_32,1024)
// A thread's first element can be any element of its column (thread 5
// starts at 129), so A and C keep one element's alignment; B's threads
// start at 64 * tig + group (thread 5: 65), likewise.
// CHECK-LABEL: func.func @partition_sm80_colmajor
// CHECK: cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> (%{{.+}}, %{{.+}}) : (!cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, i32) -> !cute.memref<bf16, smem, align<2>, "((2,2,2),2,2):((64,8,512),32,1024)">
// CHECK: cute.mma_partition "B" of {{.*}} : (!cute.memref<bf16, smem, align<128>, "(32,32):(1,32)">, i32) -> !cute.memref<bf16, smem, align<2>, "((2,2),2,2):((32,256),16,512)">
// CHECK: cute.mma_partition "C" of {{.*}} : (!cute.memref<f32, gmem, align<16>, "(64,32):(1,64)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,2):((64,8),32,1024)">
func.func @partition_sm80_colmajor(%sA: !cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, %sB: !cute.memref<bf16, smem, align<128>, "(32,32):(1,32)">, %gC: !cute.memref<f32, gmem, align<16>, "(64,32):(1,64)">, %tid: i32) {
  %a = cute.mma_partition "A" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> (%sA, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, i32) -> !cute.memref<bf16, smem, align<2>, "((2,2,2),2,2):((64,8,512),32,1024)">
  %b = cute.mma_partition "B" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> (%sB, %tid) : (!cute.memref<bf16, smem, align<128>, "(32,32):(1,32)">, i32) -> !cute.memref<bf16, smem, align<2>, "((2,2),2,2):((32,256),16,512)">
  %c = cute.mma_partition "C" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> (%gC, %tid) : (!cute.memref<f32, gmem, align<16>, "(64,32):(1,64)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2),2,2):((64,8),32,1024)">
  return
}

// With the permutation Tile<_32,_32,_16>, B 64 x 32 and C 64 x 64. CuTe:
//   partition_B ((_2,_2),(_2,2),2):((64,512),(_16,_32),1024)
//   partition_C ((_2,_2),2,(_2,2)):((64,_8),_32,(1024,2048))
// Ours merges CuTe's RestN mode of B, (_2,2):(_16,_32), into 4:16 and of
// C, (_2,2):(1024,2048), into 4:1024: the same functions of the same
// values, but not congruent with CuTe's results.
// CHECK-LABEL: func.func @partition_sm80_permuted
// CHECK: cute.mma_partition "B" of {{.*}}permutation = #cute.tile<"[32:1;32:1;16:1]">> (%{{.+}}, %{{.+}}) : (!cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, i32) -> !cute.memref<bf16, smem, align<2>, "((2,2),4,2):((64,512),16,1024)">
// CHECK: cute.mma_partition "C" of {{.*}} : (!cute.memref<f32, rmem, align<16>, "(64,64):(1,64)">, i32) -> !cute.memref<f32, rmem, align<4>, "((2,2),2,4):((64,8),32,1024)">
func.func @partition_sm80_permuted(%sB: !cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, %rC: !cute.memref<f32, rmem, align<16>, "(64,64):(1,64)">, %tid: i32) {
  %b = cute.mma_partition "B" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">, permutation = #cute.tile<"[32:1;32:1;16:1]">> (%sB, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(1,64)">, i32) -> !cute.memref<bf16, smem, align<2>, "((2,2),4,2):((64,512),16,1024)">
  %c = cute.mma_partition "C" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">, permutation = #cute.tile<"[32:1;32:1;16:1]">> (%rC, %tid) : (!cute.memref<f32, rmem, align<16>, "(64,64):(1,64)">, i32) -> !cute.memref<f32, rmem, align<4>, "((2,2),2,4):((64,8),32,1024)">
  return
}

// One SM90 warpgroup; A 128 x 64, B 128 x 64, C 128 x 128. CuTe (every
// thread sees the whole A and B atom blocks, at offset 0):
//   partition_A ((_64,_16),2,4):((_1,128),_64,2048)
//   partition_B ((_128,_16),1,4):((_1,128),_128,2048)
//   partition_C ((_2,_2,_16),2,1):((128,_8,1024),_64,16384)
// A and B stay at the tile's base (align<128> kept); B's RestN has size 1.
// CHECK-LABEL: func.func @partition_sm90_colmajor
// CHECK: cute.mma_partition "A" of {{.*}} : (!cute.memref<bf16, smem, align<128>, "(128,64):(1,128)">, i32) -> !cute.memref<bf16, smem, align<128>, "((64,16),2,4):((1,128),64,2048)">
// CHECK: cute.mma_partition "B" of {{.*}} : (!cute.memref<bf16, smem, align<128>, "(128,64):(1,128)">, i32) -> !cute.memref<bf16, smem, align<128>, "((128,16),1,4):((1,128),0,2048)">
// CHECK: cute.mma_partition "C" of {{.*}} : (!cute.memref<f32, gmem, align<16>, "(128,128):(1,128)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),2,1):((128,8,1024),64,0)">
func.func @partition_sm90_colmajor(%sA: !cute.memref<bf16, smem, align<128>, "(128,64):(1,128)">, %sB: !cute.memref<bf16, smem, align<128>, "(128,64):(1,128)">, %gC: !cute.memref<f32, gmem, align<16>, "(128,128):(1,128)">, %tid: i32) {
  %a = cute.mma_partition "A" of #cute.tiled_mma<#sm90, #cute.layout<"(1,1,1):(0,0,0)">> (%sA, %tid) : (!cute.memref<bf16, smem, align<128>, "(128,64):(1,128)">, i32) -> !cute.memref<bf16, smem, align<128>, "((64,16),2,4):((1,128),64,2048)">
  %b = cute.mma_partition "B" of #cute.tiled_mma<#sm90, #cute.layout<"(1,1,1):(0,0,0)">> (%sB, %tid) : (!cute.memref<bf16, smem, align<128>, "(128,64):(1,128)">, i32) -> !cute.memref<bf16, smem, align<128>, "((128,16),1,4):((1,128),0,2048)">
  %c = cute.mma_partition "C" of #cute.tiled_mma<#sm90, #cute.layout<"(1,1,1):(0,0,0)">> (%gC, %tid) : (!cute.memref<f32, gmem, align<16>, "(128,128):(1,128)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),2,1):((128,8,1024),64,0)">
  return
}

// Two warpgroups in M, C 128 x 128. CuTe, thread 127 (first element 823):
//   partition_C ((_2,_2,_16),1,1):((128,_8,1024),_128,16384)
// CHECK-LABEL: func.func @partition_sm90_2x1
// CHECK: cute.mma_partition "C" of {{.*}} : (!cute.memref<f32, gmem, align<16>, "(128,128):(1,128)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),1,1):((128,8,1024),0,0)">
func.func @partition_sm90_2x1(%gC: !cute.memref<f32, gmem, align<16>, "(128,128):(1,128)">, %tid: i32) {
  %c = cute.mma_partition "C" of #cute.tiled_mma<#sm90, #cute.layout<"(2,1,1):(1,2,2)">> (%gC, %tid) : (!cute.memref<f32, gmem, align<16>, "(128,128):(1,128)">, i32) -> !cute.memref<f32, gmem, align<4>, "((2,2,16),1,1):((128,8,1024),0,0)">
  return
}

//===----------------------------------------------------------------------===//
// mma_partition, row-major (K-major) tiles
//===----------------------------------------------------------------------===//

// 2x2 SM80, A 64 x 32 row-major (32 columns): from partition_A's
// column-major strides (64 rows) 64 -> 1 column, 8 -> 8 rows, 512 -> 8
// columns, 32 -> 32 rows, 1024 -> 16 columns. B 32 x 32 (n, k) row-major:
// 32 -> 1, 256 -> 8 columns, 16 -> 16 rows, 512 -> 16 columns. C 64 x 32
// row-major: 64 -> 1 column, 8 -> 8 rows, 32 -> 32 rows, 1024 -> 16
// columns. Every thread starts on an even column of A and B (column
// 2 * (lane % 4)), hence 4-byte alignment for bf16.
// CHECK-LABEL: func.func @partition_sm80_rowmajor
// CHECK: cute.mma_partition "A" of {{.*}} : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2,2),2,2):((1,256,8),1024,16)">
// CHECK: cute.mma_partition "B" of {{.*}} : (!cute.memref<bf16, smem, align<128>, "(32,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2),2,2):((1,8),512,16)">
// CHECK: cute.mma_partition "C" of {{.*}} : (!cute.memref<f32, rmem, align<16>, "(64,32):(32,1)">, i32) -> !cute.memref<f32, rmem, align<8>, "((2,2),2,2):((1,256),1024,16)">
func.func @partition_sm80_rowmajor(%sA: !cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, %sB: !cute.memref<bf16, smem, align<128>, "(32,32):(32,1)">, %rC: !cute.memref<f32, rmem, align<16>, "(64,32):(32,1)">, %tid: i32) {
  %a = cute.mma_partition "A" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> (%sA, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2,2),2,2):((1,256,8),1024,16)">
  %b = cute.mma_partition "B" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> (%sB, %tid) : (!cute.memref<bf16, smem, align<128>, "(32,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2),2,2):((1,8),512,16)">
  %c = cute.mma_partition "C" of #cute.tiled_mma<#sm80, #cute.layout<"(2,2,1):(1,2,0)">> (%rC, %tid) : (!cute.memref<f32, rmem, align<16>, "(64,32):(32,1)">, i32) -> !cute.memref<f32, rmem, align<8>, "((2,2),2,2):((1,256),1024,16)">
  return
}

// wgmma on 128-byte-swizzled K-major shared-memory tiles (bf16, 64 elements
// of K per row): every thread gets the whole (64,16) / (128,16) atom block
// at the tile's base, so the swizzle and the 1024-byte alignment carry
// over. From partition_A's column-major ((64,16),RestM,RestK):((1,M),64,
// 16 * M): m -> 64, k -> 1, RestK -> 16 elements.
// CHECK-LABEL: func.func @partition_sm90_swizzled
// CHECK: cute.mma_partition "A" of {{.*}} : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
// CHECK: cute.mma_partition "B" of {{.*}} : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
// The MN-major (transposed) A of the second atom: M contiguous.
// CHECK: cute.mma_partition "A" of {{.*}}a_major = mn, b_major = mn>{{.*}} : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(1,64)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((1,64),0,1024)">
func.func @partition_sm90_swizzled(%sA: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, %sB: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, %sAt: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(1,64)">, %tid: i32) {
  %a = cute.mma_partition "A" of #cute.tiled_mma<#sm90, #cute.layout<"(1,1,1):(0,0,0)">> (%sA, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((64,1),0,16)">
  %b = cute.mma_partition "B" of #cute.tiled_mma<#sm90, #cute.layout<"(1,1,1):(0,0,0)">> (%sB, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,16),1,4):((64,1),0,16)">
  %at = cute.mma_partition "A" of #cute.tiled_mma<#sm90mn, #cute.layout<"(1,1,1):(0,0,0)">> (%sAt, %tid) : (!cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(64,64):(1,64)">, i32) -> !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((64,16),1,4):((1,64),0,1024)">
  return
}
