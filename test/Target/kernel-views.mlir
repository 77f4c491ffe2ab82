// "views" in the launch metadata: for each pointer parameter, the tensors
// the kernel makes of it whose extents and strides come from integer
// scalar parameters (or constants) and arith sums, differences, products
// and quotients of those, with the largest offset the
// kernel computes in 32 bits as an expression over those parameters
// (cute/Support/KernelMetadataSchema.h); the runtime evaluates it at launch.
// Nothing is recorded for a view whose offsets are 64-bit, whose leaves are
// loaded or computed otherwise, or whose 32-bit offsets always fit (a 1-D i32
// extent n: n - 1).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t" -o /dev/null
// RUN: FileCheck %s < %t/views.sm_90a.json

// (rows - 1)*|cols| + cols - 1, over params 1 (rows) and 2 (cols).
// CHECK: "name":"k","params":[{"align":2,"bytes":8,"elem":"bf16","kind":"ptr","name":"x_ptr","views":[{"bits":32,"extents":[{"param":1},{"param":2}],"max_offset":{"add":[{"mul":[{"add":[{"param":1},{"const":-1}]},{"abs":{"param":2}}]},{"param":2},{"const":-1}]}}]},{"bytes":4,"elem":"i32","kind":"scalar","name":"rows"},{"bytes":4,"elem":"i32","kind":"scalar","name":"cols"}]
// CHECK-SAME: "variants":[{"name":"k__aligned16"
// The clone reads cols through cute.make_int_tuple(%cols) -> ?{div=16}
// (what cute-specialize writes) and records the same view.
// CHECK-SAME: "name":"k__aligned16","params":[{"align":16,"bytes":8,"elem":"bf16","kind":"ptr","name":"x_ptr","views":[{"bits":32,"extents":[{"param":1},{"param":2}],"max_offset":{"add":[{"mul":[{"add":[{"param":1},{"const":-1}]},{"abs":{"param":2}}]},{"param":2},{"const":-1}]}}]},
// ?{i64} strides: the 32-bit part, cols - 1, always fits: no views.
// CHECK-SAME: "name":"wide","params":[{"align":2,"bytes":8,"elem":"bf16","kind":"ptr","name":"x_ptr"},
// A leaf computed in the kernel from params (rows * 2): its expression.
// CHECK-SAME: "name":"computed","params":[{"align":2,"bytes":8,"elem":"bf16","kind":"ptr","name":"x_ptr","views":[{"bits":32,"extents":[{"mul":[{"const":2},{"param":1}]},{"param":2}],"max_offset":{"add":[{"mul":[{"add":[{"mul":[{"const":2},{"param":1}]},{"const":-1}]},{"abs":{"param":2}}]},{"param":2},{"const":-1}]}}]},
// A memref parameter: its own layout over its leaves (params 1..3).
// CHECK-SAME: "name":"mem","params":[{"align":16,"bytes":8,"elem":"f16","kind":"ptr","name":"in","views":[{"bits":32,"extents":[{"param":1},{"param":2}],"max_offset":{"add":[{"mul":[{"add":[{"param":1},{"const":-1}]},{"abs":{"param":3}}]},{"param":2},{"const":-1}]}}]},
// Several views of one pointer: each distinct one (the repeated view once,
// the 1-D view of n not at all), a constant extent folded (4 - 1 = 3).
// CHECK-SAME: "name":"three","params":[{"align":4,"bytes":8,"elem":"f32","kind":"ptr","name":"p","views":[
// CHECK-SAME: {"bits":32,"extents":[{"param":1},{"param":2},{"param":3}],"max_offset":{"add":[{"mul":[{"add":[{"param":1},{"const":-1}]},{"abs":{"param":4}}]},{"mul":[{"add":[{"param":2},{"const":-1}]},{"abs":{"param":5}}]},{"param":3},{"const":-1}]}},
// CHECK-SAME: {"bits":32,"extents":[{"param":6}],"max_offset":{"add":[{"mul":[{"const":3},{"abs":{"param":6}}]},{"param":6},{"const":-1}]}}]},
// CHECK-SAME: "schema_version":5
// CHECK-NOT: "views"

module attributes {gpu.container_module} {
  gpu.module @views {
    gpu.func @k(%x_ptr: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %shape = cute.make_shape(%rows, %cols)
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%x_ptr, %layout)
      gpu.return
    }
    gpu.func @k__aligned16(%x_ptr: !cute.ptr<bf16, gmem, align<16>>, %rows: i32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>,
                    cute.specialization_of = "k",
                    cute.specialization = [{param = 0 : i64, align = 16 : i64},
                                           {param = 2 : i64, div = 16 : i64}]} {
      %c = cute.make_int_tuple(%cols) -> !cute.int_tuple<"?{div=16}">
      %shape = cute.make_shape(%rows, %c)
      %stride = cute.make_stride(%c) -> !cute.stride<"(?{div=16},1)">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%x_ptr, %layout)
      gpu.return
    }
    gpu.func @wide(%x_ptr: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32, %ld: i64) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %shape = cute.make_shape(%rows, %cols)
      %stride = cute.make_stride(%ld) -> !cute.stride<"(?{i64},1)">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%x_ptr, %layout)
      gpu.return
    }
    gpu.func @computed(%x_ptr: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %c2 = arith.constant 2 : i32
      %r2 = arith.muli %rows, %c2 : i32
      %shape = cute.make_shape(%r2, %cols)
      %stride = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%x_ptr, %layout)
      gpu.return
    }
    gpu.func @mem(%in: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
    gpu.func @three(%p: !cute.ptr<f32, gmem, align<4>>, %d0: i32, %d1: i32, %d2: i32,
                    %s0: i32, %s1: i32, %n: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %shape = cute.make_shape(%d0, %d1, %d2)
      %stride = cute.make_stride(%s0, %s1) -> !cute.stride<"(?,?,1)">
      %layout = cute.make_layout(%shape, %stride)
      %x = cute.make_view(%p, %layout)
      %again = cute.make_view(%p, %layout)
      %c4 = arith.constant 4 : i32
      %shape2 = cute.make_shape(%c4, %n)
      %stride2 = cute.make_stride(%n) -> !cute.stride<"(?,1)">
      %layout2 = cute.make_layout(%shape2, %stride2)
      %y = cute.make_view(%p, %layout2)
      %shape1 = cute.make_shape(%n)
      %one = cute.static : !cute.stride<"1">
      %layout1 = cute.make_layout(%shape1, %one)
      %z = cute.make_view(%p, %layout1)
      gpu.return
    }
  }
}
