// Warp reductions become butterfly shuffles; block reductions also go
// through a shared-memory buffer and a barrier.
// RUN: cute-opt %s --cute-lower-gpu-reductions | FileCheck %s --check-prefix=GPU
// RUN: cute-opt %s --cute-compile="chip=sm_90a" | FileCheck %s --check-prefix=PTX
// RUN: cute-opt %s --cute-compile="chip=sm_120a" | FileCheck %s --check-prefix=PTX

// GPU-LABEL: gpu.func @row_sum
// GPU-SAME: workgroup(
// GPU-COUNT-5: gpu.shuffle xor
// GPU: gpu.barrier
// GPU-LABEL: gpu.func @warp_max
// GPU-NOT: gpu.barrier
// GPU-COUNT-5: gpu.shuffle xor
// GPU-NOT: gpu.subgroup_reduce

// PTX: .entry row_sum
// PTX-SAME: shfl.sync.bfly.b32
// PTX-SAME: bar.sync
// PTX-SAME: .entry warp_max
// PTX-SAME: shfl.sync.bfly.b32
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @row_sum(%x: !llvm.ptr<1> {cute.elem = f32}, %out: !llvm.ptr<1> {cute.elem = f32}) kernel
        attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %p = llvm.getelementptr %x[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %s = gpu.all_reduce add %v uniform {} : (f32) -> f32
      %c0 = arith.constant 0 : i32
      %first = arith.cmpi eq, %t, %c0 : i32
      scf.if %first {
        llvm.store %s, %out : f32, !llvm.ptr<1>
      }
      gpu.return
    }
    gpu.func @warp_max(%x: !llvm.ptr<1> {cute.elem = f32}) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %p = llvm.getelementptr %x[%t] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, f32
      %v = llvm.load %p : !llvm.ptr<1> -> f32
      %m = gpu.subgroup_reduce maxnumf %v uniform : (f32) -> f32
      llvm.store %m, %p : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
