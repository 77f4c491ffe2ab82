// The one-flag pipeline produces PTX for each chip, with that chip's target
// and PTX version, and keeps the 128-bit global accesses of the kernel
// (sm_100a/sm_120a have packed f32x2 arithmetic, so LLVM moves the same 128
// bits as two b64 lanes).
// RUN: cute-opt %s --cute-compile="chip=sm_90a" | FileCheck %s --check-prefixes=CHECK,SM90
// RUN: cute-opt %s --cute-compile="chip=sm_100a" | FileCheck %s --check-prefixes=CHECK,SM100
// RUN: cute-opt %s --cute-compile="chip=sm_120a" | FileCheck %s --check-prefixes=CHECK,SM120

// CHECK: gpu.binary @kernels
// SM90-SAME: chip = "sm_90a"
// SM100-SAME: chip = "sm_100a"
// SM120-SAME: chip = "sm_120a"
// CHECK-SAME: .version 8.8
// SM90-SAME: .target sm_90a
// SM100-SAME: .target sm_100a
// SM120-SAME: .target sm_120a
// CHECK-SAME: .visible .entry add_f32x4
// SM90-SAME: ld.global.v4.b32
// SM90-SAME: st.global.v4.b32
// SM100-SAME: ld.global.v2.b64
// SM100-SAME: st.global.v2.b64
// SM120-SAME: ld.global.v2.b64
// SM120-SAME: st.global.v2.b64
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @add_f32x4(%a: !llvm.ptr<1> {cute.elem = f32}, %b: !llvm.ptr<1> {cute.elem = f32},
                        %c: !llvm.ptr<1> {cute.elem = f32}, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %t = arith.index_cast %tid : index to i32
      %bb = arith.index_cast %bid : index to i32
      %c128 = arith.constant 128 : i32
      %o = arith.muli %bb, %c128 : i32
      %i = arith.addi %o, %t : i32
      %p = arith.cmpi slt, %i, %n : i32
      scf.if %p {
        %pa = llvm.getelementptr %a[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xf32>
        %pb = llvm.getelementptr %b[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xf32>
        %pc = llvm.getelementptr %c[%i] : (!llvm.ptr<1>, i32) -> !llvm.ptr<1>, vector<4xf32>
        %va = llvm.load %pa {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
        %vb = llvm.load %pb {alignment = 16 : i64} : !llvm.ptr<1> -> vector<4xf32>
        %vc = arith.addf %va, %vb : vector<4xf32>
        llvm.store %vc, %pc {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<1>
      }
      gpu.return
    }
  }
}
