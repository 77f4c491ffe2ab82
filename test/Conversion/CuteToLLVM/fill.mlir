// cute.fill is cute.store of a splat vector of the layout's size: one
// vector store for a contiguous fragment, one store per element for a
// strided smem tile; bad operands are diagnosed.
// RUN: cute-opt %s --split-input-file --verify-diagnostics --cute-plan-smem --convert-cute-to-llvm | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @k {
    // CHECK-LABEL: gpu.func @fill_fragment
    // CHECK: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
    // CHECK: %[[V0:.*]] = llvm.mlir.poison : vector<8xf32>
    // CHECK-COUNT-8: llvm.insertelement %[[Z]]
    // CHECK: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xf32>, !llvm.ptr
    // CHECK-NOT: llvm.store
    // CHECK: gpu.return
    gpu.func @fill_fragment() kernel {
      %z = arith.constant 0.0 : f32
      %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(2,4):(1,2)">
      cute.fill(%f, %z)
      gpu.return
    }

    // A column of a row-major smem tile: 4 scalar stores, 64 bytes apart.
    // CHECK-LABEL: gpu.func @fill_column
    // CHECK-COUNT-4: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : bf16, !llvm.ptr<3>
    // CHECK: gpu.return
    gpu.func @fill_column(%x: bf16) kernel {
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<16>, "(4,32):(32,1)">
      %c = cute.make_coord() : () -> !cute.coord<"(_,0)">
      %col = cute.tensor_slice(%s, %c)
      cute.fill(%col, %x)
      gpu.return
    }
  }
}

// -----

gpu.module @bad {
  gpu.func @wrong_type(%x: f16) kernel {
    %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "4:1">
    // expected-error @+1 {{'cute.fill' op expects a value of the tensor's element type 'f32', but got 'f16'}}
    cute.fill(%f, %x)
    gpu.return
  }
}
