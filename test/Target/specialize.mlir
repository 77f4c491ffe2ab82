// --cute-compile runs cute-specialize first: the kernel's clone for 16-byte
// aligned pointers and a row length divisible by 16 is compiled next to it,
// the metadata lists it as the kernel's variant, and its copies move 128
// bits per access where the generic kernel's move 16. specialize=false
// compiles the kernel alone.
// RUN: rm -rf %t && mkdir -p %t/on %t/off
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t/on" -o /dev/null
// RUN: FileCheck %s --check-prefix=JSON < %t/on/rows.sm_90a.json
// RUN: FileCheck %s --check-prefix=PTX < %t/on/rows.sm_90a.ptx
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t/off specialize=false" -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF < %t/off/rows.sm_90a.json
// RUN: FileCheck %s --check-prefix=OFF < %t/off/rows.sm_90a.ptx

// Both record the views of px and py, (rows - 1)*|cols| + cols - 1 (the
// clone reads cols through cute.make_int_tuple -> ?{div=16}).
// JSON: "kernels":[{
// JSON-SAME: "name":"copy_rows","params":[{"align":2,"bytes":8,"elem":"bf16","kind":"ptr","name":"px","views":[{"bits":32,"extents":[{"param":2},{"param":3}],"max_offset":{"add":[{"mul":[{"add":[{"param":2},{"const":-1}]},{"abs":{"param":3}}]},{"param":3},{"const":-1}]}}]},{"align":2,"bytes":8,"elem":"bf16","kind":"ptr","name":"py","views":[{"bits":32,"extents":[{"param":2},{"param":3}],"max_offset":{"add":[{"mul":[{"add":[{"param":2},{"const":-1}]},{"abs":{"param":3}}]},{"param":3},{"const":-1}]}}]},{"bytes":4,"elem":"i32","kind":"scalar","name":"rows"},{"bytes":4,"elem":"i32","kind":"scalar","name":"cols"}]
// JSON-SAME: "variants":[{"name":"copy_rows__aligned16","when":[{"align":16,"param":0},{"align":16,"param":1},{"div":16,"param":3}]}]
// JSON-SAME: "name":"copy_rows__aligned16","params":[{"align":16,"bytes":8,"elem":"bf16","kind":"ptr","name":"px","views":[{"bits":32,"extents":[{"param":2},{"param":3}],"max_offset":{"add":[{"mul":[{"add":[{"param":2},{"const":-1}]},{"abs":{"param":3}}]},{"param":3},{"const":-1}]}}]},{"align":16,"bytes":8,"elem":"bf16","kind":"ptr","name":"py","views":[{"bits":32,"extents":[{"param":2},{"param":3}],"max_offset":{"add":[{"mul":[{"add":[{"param":2},{"const":-1}]},{"abs":{"param":3}}]},{"param":3},{"const":-1}]}}]},{"bytes":4,"elem":"i32","kind":"scalar","name":"rows"},{"bytes":4,"elem":"i32","kind":"scalar","name":"cols"}]
// JSON-NOT: "variants"

// PTX-LABEL: .visible .entry copy_rows(
// PTX-NOT: .v4.
// PTX: ld.global.b16
// PTX-NOT: .v4.
// PTX: st.global.b16
// PTX-NOT: .v4.
// PTX-LABEL: .visible .entry copy_rows__aligned16(
// PTX-NOT: ld.global.b16
// PTX: ld.global.v4.b32
// PTX-NOT: st.global.b16
// PTX: st.global.v4.b32
// PTX-NOT: .global.b16

// OFF: copy_rows
// OFF-NOT: aligned16
// OFF-NOT: variants

module attributes {gpu.container_module} {
  gpu.module @rows {
    // Row r of a (rows, cols) row-major bf16 matrix, 8 values per thread.
    gpu.func @copy_rows(%px: !cute.ptr<bf16, gmem, align<2>>, %py: !cute.ptr<bf16, gmem, align<2>>, %rows: i32, %cols: i32) kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %bidx = gpu.block_id x
      %tidx = gpu.thread_id x
      %row = arith.index_cast %bidx : index to i32
      %tid = arith.index_cast %tidx : index to i32
      %s = cute.make_shape(%rows, %cols)
      %d = cute.make_stride(%cols) -> !cute.stride<"(?,1)">
      %l = cute.make_layout(%s, %d)
      %x = cute.make_view(%px, %l)
      %y = cute.make_view(%py, %l)
      %c = cute.make_coord(%row) -> !cute.coord<"(?,_)">
      %xr = cute.tensor_slice(%x, %c)
      %yr = cute.tensor_slice(%y, %c)
      %tx = cute.local_tile(%xr, %tid) {tiler = #cute.shape<"2048">}
      %ty = cute.local_tile(%yr, %tid) {tiler = #cute.shape<"2048">}
      %vx = cute.partition_tv(%tx, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
      %vy = cute.partition_tv(%ty, %tid) {tv_layout = #cute.layout<"(256,8):(8,1)">}
      %f = cute.make_fragment_like(%vx)
      cute.copy(%vx, %f)
      cute.copy(%f, %vy)
      gpu.return
    }
  }
}
