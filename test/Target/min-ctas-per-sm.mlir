// cute.min_ctas_per_sm = N on a kernel with a known block size: .maxntid
// (the block size) and .minnctapersm N, CUDA's __launch_bounds__; without
// it neither directive (this kernel sets no register counts).
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/min_ctas.sm_90a.ptx
// CHECK-LABEL: .entry bounded(
// CHECK: .maxntid 128, 1, 1
// CHECK-NEXT: .minnctapersm 3
// CHECK-LABEL: .entry unbounded(
// CHECK-NOT: .minnctapersm
// CHECK: ret;
module attributes {gpu.container_module} {
  gpu.module @min_ctas {
    gpu.func @bounded(%p: !cute.ptr<f32, gmem, align<4>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>, cute.min_ctas_per_sm = 3 : i32} {
      gpu.return
    }
    gpu.func @unbounded(%p: !cute.ptr<f32, gmem, align<4>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
