// cute.fill is cute.store of a splat vector of the layout's size: one
// vector store for a contiguous fragment, one store per element for a
// strided smem tile, one per swizzle-contiguous chunk of a swizzled row;
// bad operands are diagnosed.
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

    // 16 values of a row of a 128-byte swizzled bf16 tile (S<3,3,3> moves
    // address bits from 8 elements up), at a dynamic 32-byte aligned
    // offset: each aligned half of 8 stays contiguous, so two 16-byte
    // stores at the swizzled addresses of elements 0 and 8.
    // CHECK-LABEL: gpu.func @fill_swizzled_row
    // CHECK-COUNT-2: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<8xbf16>, !llvm.ptr<3>
    // CHECK-NOT: llvm.store
    // CHECK: gpu.return
    gpu.func @fill_swizzled_row(%x: bf16, %q: i32, %r: i32) kernel {
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(16,(4,64)):(1,(16,64))">
      %c = cute.make_coord(%q, %r) -> !cute.coord<"(_,(?,?))">
      %row = cute.tensor_slice(%s, %c)
      cute.fill(%row, %x)
      gpu.return
    }

    // The same values at a 4-byte aligned offset (a column pair): the
    // chunks are 2 elements, eight 4-byte stores.
    // CHECK-LABEL: gpu.func @fill_swizzled_pairs
    // CHECK-COUNT-8: llvm.store %{{.*}}, %{{.*}} {alignment = 4 : i64} : vector<2xbf16>, !llvm.ptr<3>
    // CHECK-NOT: llvm.store
    // CHECK: gpu.return
    gpu.func @fill_swizzled_pairs(%x: bf16, %q: i32, %r: i32) kernel {
      %s = cute.smem_alloc() : !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "(16,(32,64)):(1,(2,64))">
      %c = cute.make_coord(%q, %r) -> !cute.coord<"(_,(?,?))">
      %row = cute.tensor_slice(%s, %c)
      cute.fill(%row, %x)
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
