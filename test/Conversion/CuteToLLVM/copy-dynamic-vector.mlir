// RUN: cute-opt %s --convert-cute-to-llvm | FileCheck %s
// RUN: cute-opt %s | FileCheck %s --check-prefix=TYPES

// A copy into a thread's part of a tile of a view with a dynamic row stride
// (an attention kernel's O store): each thread holds pairs of adjacent
// columns. When the row stride is declared a multiple of 8 (`?{div=8}`),
// the partition's derived row strides keep that fact (8 rows apart:
// `?{div=64}`) and every pair is one 4-byte store; with a plain `?` stride
// a thread's first row may start at an odd element (align<2>) and the
// copy stores element by element.
#wg = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 16, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>

// TYPES-LABEL: func.func @aligned
// TYPES: cute.mma_partition {{.*}} -> !cute.memref<bf16, gmem, align<4>, "((2,2,2),1,1):((1,?{div=64},8),0,0)">
// CHECK-LABEL: func.func @aligned
// CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<1>
// CHECK-NOT: llvm.store {{.*}}ptr<1>
// CHECK: return
func.func @aligned(%p: !cute.ptr<bf16, gmem, align<16>>, %ld: i32, %t: i32, %v: vector<8xbf16>) {
  %sh = cute.static : !cute.shape<"(64,16)">
  %st = cute.make_stride(%ld) -> !cute.stride<"(?{div=8},1)">
  %l = cute.make_layout(%sh, %st)
  %g = cute.make_view(%p, %l)
  %part = cute.mma_partition "C" of #wg (%g, %t)
  %f = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">
  cute.store(%v, %f)
  cute.copy(%f, %part)
  return
}

// TYPES-LABEL: func.func @unaligned
// TYPES: cute.mma_partition {{.*}} -> !cute.memref<bf16, gmem, align<2>, "((2,2,2),1,1):((1,?{div=8},8),0,0)">
// CHECK-LABEL: func.func @unaligned
// CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : bf16, !llvm.ptr<1>
// CHECK-NOT: llvm.store {{.*}}ptr<1>
// CHECK: return
func.func @unaligned(%p: !cute.ptr<bf16, gmem, align<16>>, %ld: i32, %t: i32, %v: vector<8xbf16>) {
  %sh = cute.static : !cute.shape<"(64,16)">
  %st = cute.make_stride(%ld) -> !cute.stride<"(?,1)">
  %l = cute.make_layout(%sh, %st)
  %g = cute.make_view(%p, %l)
  %part = cute.mma_partition "C" of #wg (%g, %t)
  %f = cute.make_fragment() : !cute.memref<bf16, rmem, align<16>, "((2,2,2),1,1):((1,2,4),0,0)">
  cute.store(%v, %f)
  cute.copy(%f, %part)
  return
}
