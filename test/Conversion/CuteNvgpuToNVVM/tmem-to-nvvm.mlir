// convert-cute-nvgpu-to-nvvm of the Tensor Memory ops and the tcgen05.ld/st
// copy atoms: each becomes its nvvm.tcgen05.* op. TMEM tensors are reached
// as !llvm.ptr<6> through unrealized casts (convert-cute-to-llvm resolves
// them); tmem_tensor loads the address from its smem slot; a copy moves the
// fragment's elements in layout order as i32 registers.
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm | FileCheck %s
// RUN: cute-opt %s --convert-cute-nvgpu-to-nvvm --convert-cute-to-llvm --reconcile-unrealized-casts | FileCheck %s --check-prefix=LLVM

!slot = !cute.memref<i32, smem, align<16>, "1:1">
!acc = !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">

// CHECK-LABEL: func.func @manage(
// CHECK: %[[N:.+]] = arith.constant 256 : i32
// CHECK: %[[S:.+]] = builtin.unrealized_conversion_cast %arg0 : !cute.memref<i32, smem, align<16>, "1:1"> to !llvm.ptr<3>
// CHECK: nvvm.tcgen05.alloc %[[S]], %[[N]] : !llvm.ptr<3>, i32
// CHECK: nvvm.tcgen05.alloc %{{.+}}, %{{.+}} {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i32
// CHECK: nvvm.tcgen05.relinquish_alloc_permit{{$}}
// CHECK: nvvm.tcgen05.relinquish_alloc_permit {group = #nvvm.cta_group<cta_2>}
// CHECK: nvvm.tcgen05.fence <before>
// CHECK: nvvm.tcgen05.fence <after>
// CHECK: %[[SL:.+]] = builtin.unrealized_conversion_cast %arg0 : {{.*}} to !llvm.ptr<3>
// CHECK: %[[A:.+]] = llvm.load %[[SL]] {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// CHECK: %[[P:.+]] = llvm.inttoptr %[[A]] : i32 to !llvm.ptr<6>
// CHECK: %[[T:.+]] = builtin.unrealized_conversion_cast %[[P]] : !llvm.ptr<6> to !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">
// CHECK: nvvm.tcgen05.wait <load>
// CHECK: nvvm.tcgen05.wait <store>
// CHECK: nvvm.tcgen05.commit %{{.+}} : !llvm.ptr<3>
// CHECK: nvvm.tcgen05.commit %{{.+}}, multicast_mask = %arg2 {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<3>, i16
// CHECK: %[[TP:.+]] = builtin.unrealized_conversion_cast %[[T]] : {{.*}} to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.dealloc %[[TP]], %{{.+}} : !llvm.ptr<6>, i32
// CHECK: nvvm.tcgen05.dealloc %{{.+}}, %{{.+}} {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<6>, i32
// LLVM-LABEL: func.func @manage(
// LLVM: %[[A:.+]] = llvm.load %{{.+}} {alignment = 4 : i64} : !llvm.ptr<3> -> i32
// LLVM: %[[P:.+]] = llvm.inttoptr %[[A]] : i32 to !llvm.ptr<6>
// LLVM: nvvm.tcgen05.dealloc %[[P]], %{{.+}} : !llvm.ptr<6>, i32
func.func @manage(%slot: !slot, %bars: !cute.memref<i64, smem, align<8>, "2:1">, %mask: i16) {
  cute_nvgpu.tmem_alloc %slot, columns = 256 : !slot
  cute_nvgpu.tmem_alloc %slot, columns = 64 cta_group = 2 : !slot
  cute_nvgpu.tmem_relinquish_alloc_permit
  cute_nvgpu.tmem_relinquish_alloc_permit cta_group = 2
  cute_nvgpu.tcgen05_fence_before_thread_sync
  cute_nvgpu.tcgen05_fence_after_thread_sync
  %acc = cute_nvgpu.tmem_tensor %slot : !slot -> !acc
  cute_nvgpu.tcgen05_wait_ld
  cute_nvgpu.tcgen05_wait_st
  %i = arith.constant 1 : i32
  %bar = cute_nvgpu.mbarrier_get %bars[%i] : !cute.memref<i64, smem, align<8>, "2:1">
  cute_nvgpu.tcgen05_commit %bar
  cute_nvgpu.tcgen05_commit %bar multicast %mask cta_group = 2
  cute_nvgpu.tmem_dealloc %acc, columns = 256 : !acc
  cute_nvgpu.tmem_dealloc %acc, columns = 64 cta_group = 2 : !acc
  return
}

// tcgen05.cp: the descriptor is (start >> 4) & 0x3FFF or'ed with the fields
// of the tile: SBO 128 B (8 << 32), version 1 (1 << 46) = 0x400800000000.
// CHECK-LABEL: func.func @cp(
// CHECK: %[[B:.+]] = builtin.unrealized_conversion_cast %arg0 : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)"> to !llvm.ptr<3>
// CHECK: %[[AD:.+]] = llvm.ptrtoint %[[B]] : !llvm.ptr<3> to i32
// CHECK: %[[SH:.+]] = arith.shrui %[[AD]], %{{.+}} : i32
// CHECK: %[[ST:.+]] = arith.andi %[[SH]], %{{.+}} : i32
// CHECK: %[[W:.+]] = arith.extui %[[ST]] : i32 to i64
// CHECK: %[[F:.+]] = arith.constant 70403103916032 : i64
// CHECK: %[[D:.+]] = arith.ori %[[W]], %[[F]] : i64
// CHECK: %[[T:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr<6>
// CHECK: nvvm.tcgen05.cp %[[T]], %[[D]] {multicast = #nvvm.tcgen05_cp_multicast<warpx4>, shape = #nvvm.tcgen05_cp_shape<shape_32x128b>}
// 128x256b of bf16, K-major interleaved: LBO 128 B (8 << 16), SBO 256 B
// (16 << 32), version 1: 0x401000080000; two CTAs.
// CHECK: arith.constant 70437464178688 : i64
// CHECK: nvvm.tcgen05.cp %{{.+}}, %{{.+}} {group = #nvvm.cta_group<cta_2>, shape = #nvvm.tcgen05_cp_shape<shape_128x256b>}
// CHECK: nvvm.tcgen05.cp %{{.+}}, %{{.+}} {multicast = #nvvm.tcgen05_cp_multicast<warpx2_01_23>, shape = #nvvm.tcgen05_cp_shape<shape_64x128b>}
func.func @cp(%sf: !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">, %t: !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">,
              %b: !cute.memref<bf16, smem, align<128>, "((8,16),(8,2)):((8,128),(1,64))">, %acc: !acc,
              %s64: !cute.memref<i32, smem, align<128>, "(64,4):(4,1)">) {
  cute_nvgpu.tcgen05_cp %sf, %t shape = 32x128b multicast = warpx4 : !cute.memref<f8E8M0FNU, smem, align<128>, "(32,16):(16,1)">, !cute.memref<i32, tmem, align<16>, "(32,4):(65536,1)">
  cute_nvgpu.tcgen05_cp %b, %acc shape = 128x256b cta_group = 2 : !cute.memref<bf16, smem, align<128>, "((8,16),(8,2)):((8,128),(1,64))">, !acc
  cute_nvgpu.tcgen05_cp %s64, %acc shape = 64x128b multicast = warpx2_01_23 : !cute.memref<i32, smem, align<128>, "(64,4):(4,1)">, !acc
  return
}

// tcgen05.ld: one instruction of num x (1, 1, 2, 4, 1) registers; register
// j is fragment element layout(j) (here "(2,8):(8,1)": j = 2a + b at 8b + a
// ... element offsets 0, 8, 1, 9, ...), bitcast to f32.
// CHECK-LABEL: func.func @ld(
// CHECK: %[[T:.+]] = builtin.unrealized_conversion_cast %arg0 : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)"> to !llvm.ptr<6>
// CHECK: %[[R:.+]] = builtin.unrealized_conversion_cast %arg1 : !cute.memref<f32, rmem, align<16>, "(2,8):(8,1)"> to !llvm.ptr
// CHECK: %[[V:.+]] = nvvm.tcgen05.ld %[[T]] {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
// CHECK: %[[E0:.+]] = llvm.extractelement %[[V]][%{{.+}} : i32] : vector<16xi32>
// CHECK: %[[F0:.+]] = llvm.bitcast %[[E0]] : i32 to f32
// CHECK: %[[P0:.+]] = llvm.getelementptr %[[R]][0] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: llvm.store %[[F0]], %[[P0]] {alignment = 4 : i64} : f32, !llvm.ptr
// CHECK: llvm.getelementptr %[[R]][8] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: llvm.getelementptr %[[R]][1] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: nvvm.tcgen05.ld %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x64b>} : vector<8xi32>
// CHECK: nvvm.tcgen05.ld %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x128b>} : vector<8xi32>
// CHECK: nvvm.tcgen05.ld %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x256b>} : vector<8xi32>
// CHECK: %[[O:.+]] = arith.constant 8 : i64
// CHECK: nvvm.tcgen05.ld %{{.+}}, %[[O]] {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
// One register: i32, no vector; i32 elements need no bitcast.
// CHECK: %[[ONE:.+]] = nvvm.tcgen05.ld %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : i32
// CHECK-NEXT: %[[P:.+]] = llvm.getelementptr %{{.+}}[0] : (!llvm.ptr) -> !llvm.ptr, i32
// CHECK-NEXT: llvm.store %[[ONE]], %[[P]]
func.func @ld(%t: !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, %r: !cute.memref<f32, rmem, align<16>, "(2,8):(8,1)">,
              %h: !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, %r8: !cute.memref<f32, rmem, align<16>, "8:1">,
              %t1: !cute.memref<i32, tmem, align<16>, "(32,1):(65536,1)">, %r1: !cute.memref<i32, rmem, align<4>, "1:1">) {
  cute.copy(%t, %r) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 16>} : !cute.memref<f32, tmem, align<16>, "(32,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "(2,8):(8,1)">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x64b, num = 8>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x128b, num = 4>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x256b, num = 2>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%h, %r8) {atom = #cute_nvgpu.tcgen05_ld<shape = 16x32bx2, num = 8>} : !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, !cute.memref<f32, rmem, align<16>, "8:1">
  cute.copy(%t1, %r1) {atom = #cute_nvgpu.tcgen05_ld<shape = 32x32b, num = 1>} : !cute.memref<i32, tmem, align<16>, "(32,1):(65536,1)">, !cute.memref<i32, rmem, align<4>, "1:1">
  return
}

// tcgen05.st: the fragment's elements as i32 in a vector, in layout order.
// CHECK-LABEL: func.func @st(
// CHECK: %[[R:.+]] = builtin.unrealized_conversion_cast %arg1 : {{.*}} to !llvm.ptr
// CHECK: %[[U:.+]] = llvm.mlir.poison : vector<8xi32>
// CHECK: %[[P0:.+]] = llvm.getelementptr %[[R]][0] : (!llvm.ptr) -> !llvm.ptr, f32
// CHECK: %[[L0:.+]] = llvm.load %[[P0]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[B0:.+]] = llvm.bitcast %[[L0]] : f32 to i32
// CHECK: llvm.insertelement %[[B0]], %[[U]][%{{.+}} : i32] : vector<8xi32>
// CHECK: nvvm.tcgen05.st %{{.+}}, %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x256b>} : vector<8xi32>
// CHECK: nvvm.tcgen05.st %{{.+}}, %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x64b>} : vector<8xi32>
// CHECK: nvvm.tcgen05.st %{{.+}}, %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x128b>} : vector<8xi32>
// CHECK: nvvm.tcgen05.st %{{.+}}, %{{.+}}, %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_16x32bx2>} : vector<8xi32>
// CHECK: nvvm.tcgen05.st %{{.+}}, %{{.+}} {shape = #nvvm.tcgen05_ldst_shape<shape_32x32b>} : vector<16xi32>
func.func @st(%h: !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">, %r8: !cute.memref<f32, rmem, align<16>, "8:1">,
              %t: !cute.memref<f32, tmem, align<16>, "(16,32):(1,65536)">, %r: !cute.memref<f32, rmem, align<16>, "16:1">) {
  cute.copy(%r8, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x256b, num = 2>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
  cute.copy(%r8, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x64b, num = 8>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
  cute.copy(%r8, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x128b, num = 4>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
  cute.copy(%r8, %h) {atom = #cute_nvgpu.tcgen05_st<shape = 16x32bx2, num = 8>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, tmem, align<16>, "(16,16):(65536,1)">
  cute.copy(%r, %t) {atom = #cute_nvgpu.tcgen05_st<shape = 32x32b, num = 16>} : !cute.memref<f32, rmem, align<16>, "16:1">, !cute.memref<f32, tmem, align<16>, "(16,32):(1,65536)">
  return
}
