// The elementwise example compiles for every chip; its full tiles move 128
// bits per global access (sm_90a: v4.b32; sm_100a/sm_120a: v2.b64 for f32 --
// the same 16 bytes, as LLVM uses packed f32x2 there), and its last tile is
// predicated with scalar accesses.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/elementwise/kernel.mlir --cute-compile="chip=sm_90a output-dir=%t" -o /dev/null
// RUN: cute-opt %cute_src/examples/elementwise/kernel.mlir --cute-compile="chip=sm_100a output-dir=%t" -o /dev/null
// RUN: cute-opt %cute_src/examples/elementwise/kernel.mlir --cute-compile="chip=sm_120a output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=SM90 < %t/elementwise.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=SM100 < %t/elementwise.sm_100a.ptx
// RUN: FileCheck %s --check-prefix=SM100 < %t/elementwise.sm_120a.ptx

// SM90-LABEL: .entry add_f32(
// SM90-DAG: ld.global.v4.b32 {{.*}}[%rd1];
// SM90-DAG: ld.global.v4.b32 {{.*}}[%rd2];
// SM90-DAG: st.global.v4.b32 [%rd3]
// SM90-DAG: ld.global.b32
// SM90-DAG: st.global.b32
// SM90-LABEL: .entry add_f16(
// SM90-DAG: ld.global.v4.b32
// SM90-DAG: st.global.v4.b32
// SM90-DAG: ld.global.b16
// SM90-LABEL: .entry add_bf16(
// SM90-DAG: ld.global.v4.b32
// SM90-DAG: st.global.v4.b32
// SM90-DAG: ld.global.b16

// SM100-LABEL: .entry add_f32(
// SM100-DAG: ld.global.v2.b64
// SM100-DAG: st.global.v2.b64
// SM100-LABEL: .entry add_f16(
// SM100-DAG: ld.global.v4.b32
// SM100-DAG: st.global.v4.b32
