// Instance arguments that do not fit the source's declarations.
// RUN: not cute-opt %s --cute-instance=T=f16 2>&1 | FileCheck %s --check-prefix=MISSING
// RUN: not cute-opt %s --cute-instance=T=f16,N=4,BM=64 2>&1 | FileCheck %s --check-prefix=UNUSED
// RUN: not cute-opt %s --cute-instance=T=128,N=4 2>&1 | FileCheck %s --check-prefix=NOTYPE
// RUN: not cute-opt %s --cute-instance=T=f16,N=f16 2>&1 | FileCheck %s --check-prefix=NOTINT
// RUN: not cute-opt %s --cute-instance=T=f16,N=4096 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: not cute-opt %s --cute-instance=T=f16,N=4,N=8 2>&1 | FileCheck %s --check-prefix=TWICE
// RUN: not cute-opt %s --cute-instance=T=f16,N=4 --cute-instance=T=f16,N=4 2>&1 | FileCheck %s --check-prefix=SAME

!T = !cute.param<"T">
#N = #cute.param<"N" : i8>

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%p: !cute.ptr<!T, gmem>) kernel {
      %n = arith.constant #N
      %s = cute.smem_alloc() : !cute.memref<!T, smem, align<16>, "(N,8):(8,1)">
      gpu.return
    }
  }
}
// MISSING: error: instance parameter 'N' ('i8') has no default and no argument: give it as N=<value>
// MISSING: note: in the instance 'T=f16'
// UNUSED: error: instance argument 'BM' is not a parameter of this source (it declares T, N)
// NOTYPE-NOT: expected non-function type
// NOTYPE: error: instance argument T=128 is not a type (T is a type parameter)
// NOTINT: error: instance argument N=f16 is not an integer that fits in 'i8' (N is declared 'i8')
// RANGE: error: instance argument N=4096 is not an integer that fits in 'i8'
// TWICE: --cute-instance=T=f16,N=4,N=8: instance argument 'N' is given twice
// SAME: error: two instances define @k_f16_4; give each instance its own suffix
