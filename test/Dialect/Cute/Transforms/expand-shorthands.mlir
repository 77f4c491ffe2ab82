// cute-expand-shorthands: each shorthand becomes the ops it stands for;
// --cute-compile runs it first and assembles the result for every chip.
// RUN: cute-opt %s --cute-expand-shorthands | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/m.sm_90a.ptx
// RUN: %if ptxas %{ /usr/local/cuda/bin/ptxas -arch=sm_90a %t/m.sm_90a.ptx -o %t/m.sm_90a.cubin %}
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX100 < %t/m.sm_100a.ptx
// RUN: %if ptxas %{ /usr/local/cuda/bin/ptxas -arch=sm_100a %t/m.sm_100a.ptx -o %t/m.sm_100a.cubin %}
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=ptx output-dir=%t" -o /dev/null
// RUN: %if ptxas %{ /usr/local/cuda/bin/ptxas -arch=sm_120a %t/m.sm_120a.ptx -o %t/m.sm_120a.cubin %}

module attributes {gpu.container_module} {
  gpu.module @m {
    // CHECK-LABEL: gpu.func @k
    gpu.func @k(%p: !cute.ptr<f32, gmem, align<16>>, %q: !cute.ptr<i32, gmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 64, 1, 1>} {
      // CHECK: %[[TX:.*]] = gpu.thread_id x
      // CHECK: %[[T:.*]] = arith.index_cast %[[TX]] : index to i32
      %tid = cute.thread_idx x
      // CHECK: %[[BY:.*]] = gpu.block_id y
      // CHECK: arith.index_cast %[[BY]] : index to i32
      %bid = cute.block_idx y
      // CHECK: gpu.block_dim z
      // CHECK: arith.index_cast
      %bd = cute.block_dim z
      // CHECK: gpu.grid_dim x
      // CHECK: arith.index_cast
      %gd = cute.grid_dim x
      // CHECK: %[[L:.*]] = gpu.lane_id
      // CHECK: arith.index_cast %[[L]] : index to i32
      %lane = cute.lane_idx
      // One arith.constant per value, in order.
      // CHECK: %[[C3:.*]] = arith.constant 3 : i32
      // CHECK: %[[CH:.*]] = arith.constant 5.000000e-01 : f32
      // CHECK: %[[CNI:.*]] = arith.constant 0xFF800000 : f32
      // CHECK-NOT: cute.constants
      %c3, %half, %ninf = cute.constants 3 : i32, 0.5, 0xFF800000 : f32
      %l = cute.static : !cute.layout<"256:1">
      %x = cute.make_view(%p, %l)
      %v = cute.partition_tv(%x, %tid) {tv_layout = #cute.layout<"(64,4):(4,1)">}
      %f = cute.make_fragment_like(%v)
      cute.copy(%v, %f)
      %xv = cute.load(%f)
      // A scalar beside a vector is broadcast; the float ops are the f-forms.
      // CHECK: %[[HB:.*]] = vector.broadcast %[[CH]] : f32 to vector<4xf32>
      // CHECK: %[[S:.*]] = arith.subf %{{.*}}, %[[HB]] : vector<4xf32>
      %s = cute.sub(%xv, %half)
      // CHECK: %[[NB:.*]] = vector.broadcast %[[CNI]] : f32 to vector<4xf32>
      // CHECK: arith.maximumf %[[NB]], %[[S]] : vector<4xf32>
      %mx = cute.max(%ninf, %s)
      // CHECK: arith.minimumf
      %mn = cute.min(%mx, %s)
      // CHECK: arith.addf
      %a = cute.add(%mn, %half)
      // CHECK: arith.mulf
      %m = cute.mul(%a, %a)
      // Two scalars: no broadcast.
      // CHECK: %[[DS:.*]] = arith.divf %[[CH]], %[[CNI]] : f32
      %ds = cute.div(%half, %ninf)
      // CHECK: vector.broadcast %[[DS]] : f32 to vector<4xf32>
      // CHECK: arith.divf
      %d = cute.div(%m, %ds)
      cute.store(%d, %f)
      cute.copy(%f, %v)
      // The integer ops are the signed i-forms.
      // CHECK: arith.addi %[[T]], %[[C3]] : i32
      // CHECK: arith.subi
      // CHECK: arith.muli
      // CHECK: arith.divsi
      // CHECK: arith.maxsi
      // CHECK: arith.minsi
      %i0 = cute.add(%tid, %c3)
      %i1 = cute.sub(%i0, %bid)
      %i2 = cute.mul(%i1, %bd)
      %i3 = cute.div(%i2, %gd)
      %i4 = cute.max(%i3, %lane)
      %i5 = cute.min(%i4, %tid)
      %ql = cute.static : !cute.layout<"64:1">
      %qv = cute.make_view(%q, %ql)
      %qt = cute.partition_tv(%qv, %tid) {tv_layout = #cute.layout<"(64,1):(1,1)">}
      %qf = cute.make_fragment_like(%qt)
      %iv = vector.broadcast %i5 : i32 to vector<1xi32>
      cute.store(%iv, %qf)
      cute.copy(%qf, %qt)
      gpu.return
    }
  }
}
// The float chain (LLVM folds max(-inf, s) and min(s, s) away):
// x - 0.5 as an add of -0.5, then + 0.5, squared, divided by -inf.
// PTX: mov.u32 %r{{[0-9]+}}, %tid.x;
// PTX: mov.u32 %r{{[0-9]+}}, %ctaid.y;
// PTX-COUNT-4: add.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0fBF000000;
// PTX-COUNT-4: add.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0f3F000000;
// PTX-COUNT-4: mul.rn.f32
// PTX-COUNT-4: div.rn.f32 %r{{[0-9]+}}, %r{{[0-9]+}}, 0f80000000;
// PTX: div.s32
// PTX: max.s32
// PTX: min.s32
// PTX100: .target sm_100a
