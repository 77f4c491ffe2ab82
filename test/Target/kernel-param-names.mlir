// Parameter names in the launch metadata come from the source: the `%name`
// each gpu.func argument's location points at, or its `cute.param_name`;
// a numbered value (`%0`) or source that cannot be read (stdin) gives
// "argN". The dynamic leaves of a cute value `x` are x.leaf0, x.leaf1, ...
// RUN: rm -rf %t && mkdir -p %t/file %t/stdin
// RUN: cute-opt %s --cute-compile="chip=sm_90a output-dir=%t/file" -o /dev/null
// RUN: FileCheck %s --check-prefix=FILE < %t/file/names.sm_90a.json
// RUN: cute-opt --cute-compile="chip=sm_90a output-dir=%t/stdin" -o /dev/null < %s
// RUN: FileCheck %s --check-prefix=STDIN < %t/stdin/names.sm_90a.json

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
// FILE-SAME: {"bytes":8,"elem":"i64","kind":"scalar","name":"ld"}]
// FILE: "schema_version":5

// STDIN: "name":"axpy","params":[
// STDIN-SAME: "name":"arg0"
// STDIN-SAME: "name":"arg1"
// STDIN-SAME: "name":"arg2"
// STDIN-SAME: "name":"arg3"
// STDIN: "name":"rows","params":[
// STDIN-SAME: "name":"arg0"
// STDIN-SAME: "name":"arg0.leaf0"
// STDIN-SAME: "name":"arg1"
// The attribute names a parameter wherever the source comes from.
// STDIN-SAME: "name":"ld"

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
