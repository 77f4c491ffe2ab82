// Specialized clones (`cute.specialization_of` + `cute.specialization`, as
// the compiler emits them; written by hand here) appear in the metadata as
// the generic kernel's "variants", in module order, with each condition on
// a runtime parameter index: a cute value's argument index maps to its
// pointer (align) or, with `leaf`, to its dynamic leaf (div). The clones
// stay ordinary kernels of the document.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t" -o %t/out.mlir
// RUN: FileCheck %s < %t/specialized.sm_90a.json
// RUN: FileCheck %s --check-prefix=PTX < %t/specialized.sm_90a.ptx

// Kernels in module order, the clones first.
// CHECK: "name":"scale__spec0","params":[{"align":16,"bytes":8,"elem":"f32","kind":"ptr","name":"x"},{"align":16,"bytes":8,"elem":"f32","kind":"ptr","name":"y"},{"bytes":4,"elem":"i32","kind":"scalar","name":"n"}],"smem_dynamic":0,"smem_static":0}
// CHECK-SAME: "name":"scale__spec1","params":[{"align":16,"bytes":8,"elem":"f32","kind":"ptr","name":"x"},{"align":4,"bytes":8,"elem":"f32","kind":"ptr","name":"y"},{"bytes":4,"elem":"i32","kind":"scalar","name":"n"}],"smem_dynamic":0,"smem_static":0}
// CHECK-SAME: "name":"scale","params":[
// CHECK-SAME: "name":"x"
// CHECK-SAME: "name":"y"
// CHECK-SAME: "name":"n"
// CHECK-SAME: "variants":[
// CHECK-SAME: {"name":"scale__spec0","when":[{"align":16,"param":0},{"align":16,"param":1},{"div":16,"param":2}]}
// CHECK-SAME: {"name":"scale__spec1","when":[{"align":16,"param":0},{"div":4,"param":2}]}]
// @rows's arguments are the memref (its pointer, then 3 leaves: runtime
// params 0..3), the f32 (param 4) and the i32 (param 5).
// CHECK-SAME: "name":"rows","params":[
// CHECK-SAME: "variants":[{"name":"rows__spec0","when":[{"div":8,"param":3},{"div":2,"param":5}]}]
// CHECK-SAME: "name":"rows__spec0"
// CHECK-NOT: "variants"
// CHECK-SAME: "schema_version":5

// Every clone is compiled.
// PTX-DAG: .entry scale(
// PTX-DAG: .entry scale__spec0(
// PTX-DAG: .entry scale__spec1(
// PTX-DAG: .entry rows__spec0(

module attributes {gpu.container_module} {
  gpu.module @specialized {
    // Most specialized first.
    gpu.func @scale__spec0(%x: !cute.ptr<f32, gmem, align<16>>, %y: !cute.ptr<f32, gmem, align<16>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>,
                    cute.specialization_of = "scale",
                    cute.specialization = [{param = 0 : i64, align = 16 : i64}, {param = 1 : i64, align = 16 : i64}, {param = 2 : i64, div = 16 : i64}]} {
      gpu.return
    }
    gpu.func @scale__spec1(%x: !cute.ptr<f32, gmem, align<16>>, %y: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>,
                    cute.specialization_of = "scale",
                    cute.specialization = [{param = 0 : i64, align = 16 : i64}, {param = 2 : i64, div = 4 : i64}]} {
      gpu.return
    }
    gpu.func @scale(%x: !cute.ptr<f32, gmem, align<4>>, %y: !cute.ptr<f32, gmem, align<4>>, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }

    gpu.func @rows(%in: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">, %scale: f32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
    gpu.func @rows__spec0(%in: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">, %scale: f32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>,
                    cute.specialization_of = "rows",
                    cute.specialization = [{param = 0 : i64, leaf = 2 : i64, div = 8 : i64}, {param = 2 : i64, div = 2 : i64}]} {
      gpu.return
    }
  }
}
