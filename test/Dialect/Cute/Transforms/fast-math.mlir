// cute-fast-math marks math functions and divisions `afn` (keeping flags
// already there); --cute-compile runs it only with fast-math=true, and the
// NVVM lowering then picks ex2.approx / lg2.approx / div.approx instead of
// libdevice's accurate sequences.
// RUN: cute-opt %s --cute-fast-math | FileCheck %s --check-prefix=IR
// RUN: cute-opt %s --cute-compile="chip=sm_90a fast-math=true" | FileCheck %s --check-prefix=FAST
// RUN: cute-opt %s --cute-compile="chip=sm_90a" | FileCheck %s --check-prefix=ACCURATE

// IR-LABEL: gpu.func @k
// IR: math.exp %{{.+}} fastmath<afn> : f32
// IR: math.log %{{.+}} fastmath<nnan,afn> : f32
// IR: arith.divf %{{.+}}, %{{.+}} fastmath<afn> : f32
// IR: arith.addf %{{.+}}, %{{.+}} : f32

// FAST-NOT: fma.rm
// FAST-NOT: div.rn
// FAST: ex2.approx.f32
// FAST: lg2.approx.f32
// FAST: div.approx.f32

// ACCURATE-NOT: div.approx
// ACCURATE: fma.rm.f32
// ACCURATE: ex2.approx.ftz.f32
// ACCURATE: div.rn.f32
module attributes {gpu.container_module} {
  gpu.module @fm {
    gpu.func @k(%p: !llvm.ptr<1> {cute.elem = f32}) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %x = llvm.load %p : !llvm.ptr<1> -> f32
      %e = math.exp %x : f32
      %l = math.log %e fastmath<nnan> : f32
      %d = arith.divf %l, %x : f32
      %s = arith.addf %d, %x : f32
      llvm.store %s, %p : f32, !llvm.ptr<1>
      gpu.return
    }
  }
}
