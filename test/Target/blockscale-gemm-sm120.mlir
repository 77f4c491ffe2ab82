// examples/blockscale-gemm-sm120 (block-scaled MXFP4 GEMM, sm_120a) through
// --cute-compile with report=true: the facts cute-verify-kernel verified
// (288 threads, 86016 bytes of dynamic shared memory within sm_120a's
// 101376; each stage of the 3-stage TMA ring receives the 17408 bytes
// tx_bytes says: A and B 128 x 64-byte i8 boxes, SFA and SFB 512-byte
// scale-factor atoms; the 8 MMA warps release each stage once each) and the
// shared-memory plan (barriers, then the 1024-aligned rings and the
// staging tile); the PTX (32 block-scaled mma.sync per K block, four TMA
// loads on the stage's full barrier, two TMA stores), the metadata (the
// descriptors derived from the tile counts) and ptxas's resource usage (no
// spills; registers in the README: 152 with ptxas 13.0). Chips without
// block-scaled mma.sync are refused. Not run: no GPU here executes sm_120a.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/blockscale-gemm-sm120/kernel.mlir --cute-compile="chip=sm_120a format=cubin output-dir=%t report=true" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: test -s %t/blockscale_gemm_sm120.sm_120a.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t/blockscale_gemm_sm120.sm_120a.ptx
// RUN: grep -c "mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0" %t/blockscale_gemm_sm120.sm_120a.ptx | FileCheck %s --check-prefix=NMMA
// RUN: grep -c "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes" %t/blockscale_gemm_sm120.sm_120a.ptx | FileCheck %s --check-prefix=NLOAD
// RUN: grep -c "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group" %t/blockscale_gemm_sm120.sm_120a.ptx | FileCheck %s --check-prefix=NSTORE
// RUN: FileCheck %s --check-prefix=META < %t/blockscale_gemm_sm120.sm_120a.json
// RUN: %ptxas -arch=sm_120a -v %t/blockscale_gemm_sm120.sm_120a.ptx -o %t/v.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: not cute-opt %cute_src/examples/blockscale-gemm-sm120/kernel.mlir --cute-compile="chip=sm_90a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: not cute-opt %cute_src/examples/blockscale-gemm-sm120/kernel.mlir --cute-compile="chip=sm_100a" -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM100

// REPORT: remark: kernel @mxfp4_gemm: shared memory 86016 bytes (dynamic): %{{[0-9]+}} at 0 (48 B, align 16), %{{[0-9]+}} at 1024 (24576 B, align 1024), %{{[0-9]+}} at 25600 (24576 B, align 1024), %{{[0-9]+}} at 50176 (1536 B, align 512), %{{[0-9]+}} at 51712 (1536 B, align 512), %{{[0-9]+}} at 53248 (32768 B, align 1024)
// REPORT: remark: kernel @mxfp4_gemm: 288 threads, 86016 bytes of shared memory (static 0 + dynamic 86016) of the 101376 sm_120a allows per block
// REPORT: remark: pipeline %loads (tma_async, 3 stages): each stage receives 17408 bytes from its TMA loads (2 boxes of 8192 + 2 boxes of 512) = tx_bytes
// REPORT: remark: pipeline %loads (tma_async, 3 stages): consumers = 8: 8 threads (one per warp of role "mma", warps [0, 8)) release each stage
// REPORT-NOT: error

// PTX-LABEL: .entry mxfp4_gemm(
// PTX-DAG: mbarrier.arrive.expect_tx.shared.b64
// PTX-DAG: mbarrier.try_wait.parity.shared.b64
// PTX-DAG: mbarrier.arrive.shared.b64
// PTX-DAG: fence.proxy.async.shared::cta;
// PTX-DAG: bar.sync 1, 256;
// PTX-DAG: cp.async.bulk.wait_group.read 0;
// NMMA: {{^}}32{{$}}
// NLOAD: {{^}}4{{$}}
// NSTORE: {{^}}2{{$}}

// The descriptors, derived from the tile counts mt (param 5), nt (6) and
// kt (7): A and B (128 mt or 128 nt rows of 64 kt bytes, 128 x 64-byte
// boxes, 64-byte swizzle), SFA and SFB (2 mt kt or 2 nt kt rows of 256
// bytes, one 512-byte atom per box), C (128 mt x 128 nt f16, 128 x 64 boxes).
// META: "name":"mxfp4_gemm"
// META-SAME: "name":"pa_tma","tma":{"box":[64,128],"elem":"i8","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"mul":[{"const":64},{"param":7}]},"stride":{"const":1}},{"extent":{"mul":[{"const":128},{"param":5}]},"stride":{"mul":[{"const":64},{"param":7}]}}],"ptr":0},"swizzle":64}
// META-SAME: "name":"pb_tma","tma":{"box":[64,128],"elem":"i8","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"mul":[{"const":64},{"param":7}]},"stride":{"const":1}},{"extent":{"mul":[{"const":128},{"param":6}]},"stride":{"mul":[{"const":64},{"param":7}]}}],"ptr":1},"swizzle":64}
// META-SAME: "name":"psfa_tma","tma":{"box":[256,2],"elem":"f8e8m0","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"const":256},"stride":{"const":1}},{"extent":{"mul":[{"const":2},{"param":5},{"param":7}]},"stride":{"const":256}}],"ptr":2},"swizzle":0}
// META-SAME: "name":"psfb_tma","tma":{"box":[256,2],"elem":"f8e8m0","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"const":256},"stride":{"const":1}},{"extent":{"mul":[{"const":2},{"param":6},{"param":7}]},"stride":{"const":256}}],"ptr":3},"swizzle":0}
// META-SAME: "name":"pc_tma","tma":{"box":[64,128],"elem":"f16","interleave":0,"l2_promotion":128,"oob_fill":"zero","rank":2,"source":{"dims":[{"extent":{"mul":[{"const":128},{"param":6}]},"stride":{"const":1}},{"extent":{"mul":[{"const":128},{"param":5}]},"stride":{"mul":[{"const":128},{"param":6}]}}],"ptr":4},"swizzle":128}
// META-SAME: "smem_dynamic":86016,"smem_static":0

// PTXAS: Compiling entry function 'mxfp4_gemm' for 'sm_120a'
// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// PTXAS: Used {{[0-9]+}} registers, used 2 barriers

// SM90: error: 'cute.gemm' op with mma.sync.block_scale: block-scaled mma.sync runs on sm_120a only
// SM100: error: 'cute.gemm' op with mma.sync.block_scale: block-scaled mma.sync runs on sm_120a only
