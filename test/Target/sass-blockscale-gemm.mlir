// The SASS ptxas 13.0 writes for examples/blockscale-gemm-sm120 (the
// block-scaled MXFP4 GEMM; docs/sass.md): the MMA warps' K loop waits on the
// stage's full barrier (SYNCS.PHASECHK), reads its operands into registers
// (ldmatrix), orders those generic-proxy reads before the TMA that refills
// the stage (FENCE.VIEW.ASYNC.S: fence.proxy.async, which
// cute-nvgpu-expand-pipelines inserts) and releases the stage
// (SYNCS.ARRIVE), then runs the 32 block-scaled MMAs of a 128 x 128 x 128
// stage per warp (OMMA.SF.16864 e2m1 x e2m1 with E8 scales: mma.sync
// m16n8k64 kind::mxf4nvf4 scale_vec::2X ue8m0); the epilogue converts to f16 (F2FP), writes the
// staging tile (STS), fences it for the async proxy and stores it with two
// UTMASTG.2D; the producer warp arrives with expect_tx and issues the four
// UTMALDG.2D of a stage. No other tensor-core instruction (no HMMA/QMMA
// fallback). Not run: no GPU here executes sm_120a code.
// REQUIRES: ptxas, sass
// RUN: %sass --compile sm_120a %cute_src/examples/blockscale-gemm-sm120/kernel.mlir | FileCheck %s

// CHECK-LABEL: .text.mxfp4_gemm:
// CHECK-NOT: {{HMMA|QMMA|HGMMA}}
// CHECK: SYNCS.PHASECHK.TRANS64.TRYWAIT
// CHECK: FENCE.VIEW.ASYNC.S ;
// CHECK: SYNCS.ARRIVE.TRANS64.A1T0
// CHECK-COUNT-32: OMMA.SF.16864.F32.E2M1.E2M1.E8 R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, R{{[0-9]+}}, URZ ;
// CHECK-NOT: OMMA
// CHECK-COUNT-32: F2FP.F16.F32.PACK_AB
// CHECK: BAR.SYNC.DEFER_BLOCKING 0x1, 0x100 ;
// CHECK-COUNT-32: STS [R{{[0-9]+}}], R{{[0-9]+}} ;
// CHECK: FENCE.VIEW.ASYNC.S ;
// CHECK-NEXT: BAR.SYNC.DEFER_BLOCKING 0x1, 0x100 ;
// CHECK: UTMASTG.2D
// CHECK-NEXT: UTMASTG.2D
// CHECK: SYNCS.ARRIVE.TRANS64 RZ
// CHECK-COUNT-4: UTMALDG.2D
// CHECK-NOT: {{OMMA|HMMA|QMMA}}
