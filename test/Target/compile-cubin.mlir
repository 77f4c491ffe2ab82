// With format=cubin the pipeline writes PTX, runs ptxas for the chip and
// writes the launch metadata next to them.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/compile-ptx.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o %t/out.mlir
// RUN: FileCheck %s --check-prefix=IR < %t/out.mlir
// RUN: FileCheck %s --check-prefix=IR-PTX < %t/out.mlir
// RUN: FileCheck %s --check-prefix=JSON < %t/kernels.sm_100a.json
// RUN: FileCheck %s --check-prefix=PTX < %t/kernels.sm_100a.ptx
// RUN: test -s %t/kernels.sm_100a.cubin
// RUN: cute-opt %S/compile-ptx.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t"
// RUN: test -s %t/kernels.sm_120a.cubin
// RUN: cute-opt %S/compile-ptx.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t"
// RUN: test -s %t/kernels.sm_90a.cubin

// IR: gpu.binary @kernels [#gpu.object<#nvvm.target<O = 3, chip = "sm_100a", features = "+ptx88">, properties = {{.*}}, bin = "
// JSON: "chip":"sm_100a"
// JSON-SAME: "block":[128,1,1]
// JSON-SAME: "cluster":[1,1,1]
// JSON-SAME: "name":"add_f32x4"
// JSON-SAME: "params":[{"bytes":8,"elem":"f32","kind":"ptr","name":"a"},{"bytes":8,"elem":"f32","kind":"ptr","name":"b"},{"bytes":8,"elem":"f32","kind":"ptr","name":"c"},{"bytes":4,"elem":"i32","kind":"scalar","name":"n"}]
// JSON-SAME: "smem_dynamic":0,"smem_static":0
// JSON-SAME: "module":"kernels"
// JSON-SAME: "schema_version":5
// The cubin object keeps its PTX (what the JIT reads from the module).
// IR-PTX: #gpu.object<{{.*}}cute.ptx = "{{.*}}.target sm_100a
// PTX: .target sm_100a
