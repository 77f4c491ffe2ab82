// A TMA load of a CTA pair (cta_group 2, CuTe's SM100_TMA_2SM_LOAD): the
// box lands in the issuing CTA's shared memory (a shared::cluster address
// of its own window) and completes the barrier at the same offset in the
// pair's even CTA: the barrier address with bit 24 cleared (0xFEFFFFFF,
// CuTe's Sm100MmaPeerBitMask), on the NVVM op with cta_group = cta_2.
// RUN: cute-opt %s --cute-nvgpu-outline-tma --convert-cute-nvgpu-to-nvvm | FileCheck %s

// CHECK-LABEL: gpu.func @pair_load(
// CHECK: %[[DST:.*]] = llvm.addrspacecast %{{.*}} : !llvm.ptr<3> to !llvm.ptr<7>
// CHECK: %[[A:.*]] = llvm.ptrtoint %[[BAR:.*]] : !llvm.ptr<3> to i32
// CHECK-NEXT: %[[MASK:.*]] = llvm.mlir.constant(-16777217 : i32) : i32
// CHECK-NEXT: %[[LEAD:.*]] = llvm.and %[[A]], %[[MASK]] : i32
// CHECK-NEXT: %[[LBAR:.*]] = llvm.inttoptr %[[LEAD]] : i32 to !llvm.ptr<3>
// CHECK-NEXT: nvvm.cp.async.bulk.tensor.shared.cluster.global %[[DST]], %{{.*}}, %[[LBAR]], box[%{{.*}}, %{{.*}}] {group = #nvvm.cta_group<cta_2>} : !llvm.ptr<7>, !llvm.ptr
// A one-CTA load keeps its own barrier and the shared::cta destination.
// CHECK: nvvm.cp.async.bulk.tensor.shared.cluster.global %{{.*}}, %{{.*}}, %[[BAR]], box[%{{.*}}, %{{.*}}] {isCTAOnly = true} : !llvm.ptr<3>, !llvm.ptr

!box = !cute.memref<f16, smem, align<1024>, S<3,3,3>, "(128,64):(64,1)">
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @pair_load(%g: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">, %x: i32, %y: i32) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.cluster_dims = array<i32: 2, 1, 1>} {
      %d = cute_nvgpu.make_tma_desc %g : !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> -> !cute_nvgpu.tma_desc<load, !box>
      %s = cute.smem_alloc() : !box
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "1:1">
      %c0 = arith.constant 0 : i32
      %bar = cute_nvgpu.mbarrier_get %bars[%c0] : !cute.memref<i64, smem, align<8>, "1:1">
      cute_nvgpu.tma_load %d, %s, %bar box [%x, %y] cta_group 2 : !cute_nvgpu.tma_desc<load, !box>, !box
      cute_nvgpu.tma_load %d, %s, %bar box [%x, %y] : !cute_nvgpu.tma_desc<load, !box>, !box
      gpu.return
    }
  }
}
