// Parameter names in the launch metadata come from the IR: each gpu.func
// argument's `cute.param_name`, which the parser's record of SSA names
// (mlir::AsmParserState) sets from `%name` whatever the text comes from (a
// file, stdin, a JIT string); a numbered value (`%0`) gives "argN". The
// dynamic leaves of a cute value `x` are x.leaf0, x.leaf1, ...
// RUN: rm -rf %t && mkdir -p %t/file %t/stdin
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t/file" -o /dev/null
// RUN: FileCheck %s --check-prefix=FILE < %t/file/names.sm_90a.json
// RUN: cute-opt --cute-compile="chip=sm_90a output-dir=%t/stdin" -o /dev/null < %s
// RUN: FileCheck %s --check-prefix=FILE < %t/stdin/names.sm_90a.json
// The names are in the IR once metadata is collected (stdin: no file to
// read them from).
// RUN: cute-opt --cute-collect-kernel-metadata="chip=sm_90a" < %s | FileCheck %s --check-prefix=ATTR

// FILE: "name":"axpy","params":[
// FILE-SAME: {"align":16,"bytes":8,"elem":"f32","kind":"ptr","name":"px"}
// FILE-SAME: {"align":4,"bytes":8,"elem":"f32","kind":"ptr","name":"py"}
// FILE-SAME: {"bytes":4,"elem":"f32","kind":"scalar","name":"alpha"}
// FILE-SAME: {"bytes":4,"elem":"i32","kind":"scalar","name":"n_elems"}]
// FILE: "name":"rows","params":[
// FILE-SAME: {"align":16,"bytes":8,"elem":"f16","kind":"ptr","name":"in","views":[{{.*}}]}
// FILE-SAME: {"bytes":4,"elem":"i32","kind":"scalar","name":"in.leaf0"}
// FILE-SAME: {"bytes":4,"elem":"i32","kind":"scalar","name":"in.leaf1"}
// FILE-SAME: {"bytes":4,"elem":"i32","kind":"scalar","name":"in.leaf2"}
// FILE-SAME: {"bytes":4,"elem":"i32","kind":"scalar","name":"arg1"}
// A written attribute wins over the SSA name.
// FILE-SAME: {"bytes":8,"elem":"i64","kind":"scalar","name":"ld"}]
// FILE: "schema_version":5

// ATTR: gpu.func @axpy(%{{.*}}: !cute.ptr<f32, gmem, align<16>> {cute.param_name = "px"}, %{{.*}}: !cute.ptr<f32, gmem, align<4>> {cute.param_name = "py"}, %{{.*}}: f32 {cute.param_name = "alpha"}, %{{.*}}: i32 {cute.param_name = "n_elems"})
// ATTR: gpu.func @rows(%{{.*}}: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)"> {cute.param_name = "in"}, %{{.*}}: i32, %{{.*}}: i64 {cute.param_name = "ld"})

module attributes {gpu.container_module} {
  gpu.module @names {
    gpu.func @axpy(%px: !cute.ptr<f32, gmem, align<16>>,
                   %py: !cute.ptr<f32, gmem, align<4>>, %alpha: f32,
                   %n_elems: i32) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
    gpu.func @rows(%in: !cute.memref<f16, gmem, align<16>, "(?,?):(?,1)">, %0: i32,
                   %stride: i64 {cute.param_name = "ld"}) kernel
        attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
