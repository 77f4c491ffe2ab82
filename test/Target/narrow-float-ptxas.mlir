// Narrow-float conversions through --cute-compile and ptxas on all three
// chips (cute-lower-narrow-floats): f8 uses cvt everywhere; f6, f4 and the
// directed E8M0 roundings use cvt on sm_100a and sm_120a and integer
// sequences on sm_90a, where ptxas rejects those cvt forms.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %S/Inputs/narrow-float-dequant.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/narrow-float-dequant.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %S/Inputs/narrow-float-dequant.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefixes=DQ,DQ90 < %t/m.sm_90a.ptx
// RUN: FileCheck %s --check-prefixes=DQ,DQBW < %t/m.sm_100a.ptx
// RUN: FileCheck %s --check-prefixes=DQ,DQBW < %t/m.sm_120a.ptx
// RUN: cute-opt %cute_src/examples/narrow-float/kernel.mlir --cute-compile="chip=sm_90a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %cute_src/examples/narrow-float/kernel.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t" -o /dev/null
// RUN: cute-opt %cute_src/examples/narrow-float/kernel.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=EX < %t/narrow_float.sm_90a.ptx
// RUN: FileCheck %s --check-prefixes=EX,EXBW < %t/narrow_float.sm_100a.ptx
// RUN: FileCheck %s --check-prefixes=EX,EXBW < %t/narrow_float.sm_120a.ptx
// RUN: FileCheck %s --check-prefix=NOBW < %t/narrow_float.sm_90a.ptx
// RUN: FileCheck %s --check-prefix=NOBW < %t/m.sm_90a.ptx
// RUN: test -s %t/narrow_float.sm_90a.cubin && test -s %t/narrow_float.sm_100a.cubin && test -s %t/narrow_float.sm_120a.cubin

// f4 values and an E8M0 scale to f32, f32 to bf16 and back to f4: 32 values
// per thread, 16 pairs each way. sm_90a has no e2m1 cvt.
// DQ-LABEL:  .entry dq_f4(
// DQBW-COUNT-16: cvt.rn.f16x2.e2m1x2
// DQBW-COUNT-16: cvt.rn.satfinite.e2m1x2.f32
// DQ90-NOT:  cvt.rn
// DQ90:      cvt.rn.bf16x2.f32
// DQ-LABEL:  .entry dq_f8(
// DQ-COUNT-16: cvt.rn.f16x2.e4m3x2
// DQ-COUNT-16: cvt.rn.satfinite.e5m2x2.f32

// The example: one cvt per pair of a thread's 8 values.
// EX-LABEL:  .entry decode(
// EX-DAG:    cvt.rn.f16x2.e4m3x2
// EX-DAG:    cvt.rn.f16x2.e5m2x2
// EXBW-DAG:  cvt.rn.f16x2.e2m3x2
// EXBW-DAG:  cvt.rn.f16x2.e3m2x2
// EXBW-DAG:  cvt.rn.f16x2.e2m1x2
// EXBW-DAG:  cvt.rn.bf16x2.ue8m0x2
// EX-LABEL:  .entry encode_f32(
// EX-DAG:    cvt.rn.satfinite.e4m3x2.f32
// EX-DAG:    cvt.rn.satfinite.e5m2x2.f32
// EXBW-DAG:  cvt.rn.satfinite.e2m3x2.f32
// EXBW-DAG:  cvt.rn.satfinite.e3m2x2.f32
// EXBW-DAG:  cvt.rn.satfinite.e2m1x2.f32
// EXBW-DAG:  cvt.rz.satfinite.ue8m0x2.f32
// EXBW-DAG:  cvt.rp.satfinite.ue8m0x2.f32
// EX-LABEL:  .entry encode_f16(
// EX-DAG:    cvt.rn.satfinite.e4m3x2.f16x2
// EX-DAG:    cvt.rn.satfinite.e5m2x2.f16x2
// EX-LABEL:  .entry encode_bf16(
// EX-DAG:    cvt.rn.satfinite.e4m3x2.f32
// EXBW-DAG:  cvt.rz.satfinite.ue8m0x2.bf16x2
// EXBW-DAG:  cvt.rp.satfinite.ue8m0x2.bf16x2

// NOBW-NOT: e2m1x2
// NOBW-NOT: e2m3x2
// NOBW-NOT: e3m2x2
// NOBW-NOT: ue8m0x2
