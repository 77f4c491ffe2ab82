// cute-nvgpu-grid-constant-args: the arguments named by
// cute_nvgpu.grid_constant_args (the outlined TMA descriptors) are passed by
// value, 128 bytes aligned to 64, as __grid_constant__ parameters; through
// the whole pipeline that is a `.param .align 64 .b8 NAME[128]` in the PTX.
// RUN: cute-opt %s -split-input-file --cute-nvgpu-grid-constant-args -verify-diagnostics | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/tma-prefetch.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/tma_prefetch.sm_90a.ptx

// CHECK-LABEL: llvm.func @k(
// CHECK-SAME: %{{.*}}: !llvm.ptr<1>,
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant},
// CHECK-SAME: %{{.*}}: i32,
// CHECK-SAME: %{{.*}}: !llvm.ptr {llvm.align = 64 : i64, llvm.byval = !llvm.array<128 x i8>, nvvm.grid_constant})
// CHECK-NOT: cute_nvgpu.grid_constant_args
// CHECK-SAME: nvvm.kernel
llvm.func @k(%a: !llvm.ptr<1>, %d0: !llvm.ptr, %n: i32, %d1: !llvm.ptr) attributes {cute_nvgpu.grid_constant_args = array<i32: 1, 3>, nvvm.kernel} {
  llvm.return
}

// -----

// expected-error@+1 {{cute_nvgpu.grid_constant_args names argument 1, which is not a pointer}}
llvm.func @k(%a: !llvm.ptr<1>, %n: i32) attributes {cute_nvgpu.grid_constant_args = array<i32: 1>} {
  llvm.return
}

// -----

// expected-error@+1 {{cute_nvgpu.grid_constant_args names argument 2, which is not a pointer}}
llvm.func @k(%a: !llvm.ptr<1>, %n: i32) attributes {cute_nvgpu.grid_constant_args = array<i32: 2>} {
  llvm.return
}

// PTX-LABEL: .visible .entry prefetch(
// PTX-NEXT: .param .u64 .ptr .global .align 1 prefetch_param_0,
// PTX-NEXT: .param .u32 prefetch_param_1,
// PTX-NEXT: .param .u32 prefetch_param_2,
// PTX-NEXT: .param .align 64 .b8 prefetch_param_3[128],
// PTX-NEXT: .param .align 64 .b8 prefetch_param_4[128]
// PTX-NEXT: )
// PTX: mov.b64 %[[R:rd[0-9]+]], prefetch_param_3;
// PTX-NEXT: cvta.param.u64 %[[G:rd[0-9]+]], %[[R]];
// PTX: prefetch.tensormap [%[[G]]];
