// examples/blockscale-gemm-sm120/kernel-sm100.mlir (the block-scaled MXFP4
// GEMM of kernel.mlir for sm_100a: tcgen05.mma.block_scale kind::mxf4) through
// --cute-compile with report=true: the facts cute-verify-kernel verified (192
// threads; 103424 bytes of dynamic shared memory within sm_100a's 232448:
// barriers and the TMEM slot, the 4-stage rings of A and B (8192-byte 5-D i8
// boxes in the interleaved K-major UMMA layout), SFA and SFB (512-byte
// scale-factor atoms), the 32768-byte staging tile; 256 TMEM columns; each
// stage receives the 17408 bytes tx_bytes says and is released by the one
// MMA thread; the accumulator is committed by that thread and released by the
// 128 epilogue threads); the PTX (per K block two tcgen05.cp 32x128b warpx4
// into columns 128 and 132, two tcgen05.mma.block_scale kind::mxf4 block32
// with the instruction descriptors of sf_id 0 and 2, the stage released by
// tcgen05.commit; 5-D TMA loads; tcgen05.ld 32x32b.x128), the metadata (the
// 5-D descriptors of A and B derived from the tile counts), ptxas -v (no
// spills) and the SASS (UTCCP, UTCOMMA, UTCBAR, LDTM, UTMALDG.5D,
// UTMASTG.2D). Not run: no GPU here executes sm_100a code.
// REQUIRES: ptxas, sass
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/blockscale-gemm-sm120/kernel-sm100.mlir --cute-compile="chip=sm_100a format=cubin output-dir=%t report=true" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=REPORT
// RUN: test -s %t/blockscale_gemm_sm100.sm_100a.cubin
// RUN: FileCheck %s --check-prefix=PTX < %t/blockscale_gemm_sm100.sm_100a.ptx
// RUN: grep -c "tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32" %t/blockscale_gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=NMMA
// RUN: grep -c "cp.async.bulk.tensor.5d.shared::cta.global.tile.mbarrier::complete_tx::bytes" %t/blockscale_gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=NLOAD
// RUN: FileCheck %s --check-prefix=META < %t/blockscale_gemm_sm100.sm_100a.json
// RUN: %ptxas -arch=sm_100a -v %t/blockscale_gemm_sm100.sm_100a.ptx -o %t/v.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS
// RUN: %sass %t/blockscale_gemm_sm100.sm_100a.cubin | FileCheck %s --check-prefix=SASS
// RUN: not cute-opt %cute_src/examples/blockscale-gemm-sm120/kernel-sm100.mlir --cute-compile="chip=sm_120a" --mlir-print-op-on-diagnostic=false -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM120

// REPORT: remark: kernel @mxfp4_gemm_sm100: shared memory 103424 bytes (dynamic): %{{[0-9]+}} at 0 (64 B, align 16), %{{[0-9]+}} at 64 (16 B, align 16), %{{[0-9]+}} at 80 (4 B, align 16), %{{[0-9]+}} at 1024 (32768 B, align 1024), %{{[0-9]+}} at 33792 (32768 B, align 1024), %{{[0-9]+}} at 66560 (2048 B, align 512), %{{[0-9]+}} at 68608 (2048 B, align 512), %{{[0-9]+}} at 70656 (32768 B, align 1024)
// REPORT: remark: kernel @mxfp4_gemm_sm100: 192 threads, 103424 bytes of shared memory (static 0 + dynamic 103424) of the 232448 sm_100a allows per block
// REPORT: remark: kernel @mxfp4_gemm_sm100: Tensor Memory 256 of 512 columns: 256 at %{{[0-9]+}}
// REPORT: remark: pipeline %loads (tma_umma, 4 stages): each stage receives 17408 bytes from its TMA loads (2 boxes of 8192 + 2 boxes of 512) = tx_bytes
// REPORT: remark: pipeline %loads (tma_umma, 4 stages): consumers = 1: 1 threads (one per warp of role "mma", warps [1, 2)) release each stage
// REPORT: remark: pipeline %accs (umma_async, 1 stage): consumers = 128: 128 threads (role "epilogue", warps [2, 6)) release each stage
// REPORT: remark: pipeline %accs (umma_async, 1 stage): producers = 1: 1 threads (one per warp of role "mma", warps [1, 2)) commit each stage
// REPORT-NOT: error

// PTX-LABEL: .entry mxfp4_gemm_sm100(
// PTX: tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [__cute_dynamic_smem+80]
// Producer: A and B as 5-D boxes at (0, 0, 0, 16 tile, 2 kb), the scale atoms.
// PTX: cp.async.bulk.tensor.5d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}+1024], [%rd{{[0-9]+}}, {%r[[Z:[0-9]+]], %r[[Z]], %r[[Z]], %r{{[0-9]+}}, %r{{[0-9]+}}}]
// PTX: cp.async.bulk.tensor.5d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}+33792]
// PTX: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}+66560]
// PTX: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [%rd{{[0-9]+}}+68608]
// MMA thread: scale atoms to TMEM, two MMAs (interleaved K-major
// descriptors 0x401000080000: LBO 128 B, SBO 256 B; idesc 0x8A00480 and
// 0x48A004A0 = sf_id 2), the release.
// PTX: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SFA:[0-9]+]]], %rd{{[0-9]+}};
// PTX: tcgen05.cp.cta_group::1.32x128b.warpx4 [%r[[SFB:[0-9]+]]], %rd{{[0-9]+}};
// PTX: or.b64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 70437464178688;
// PTX: mov.b32 %r[[ID0:[0-9]+]], 144704640;
// PTX: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [%r[[D:[0-9]+]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[ID0]], [%r[[SFA]]], [%r[[SFB]]], %p{{[0-9]+}};
// PTX: mov.b32 %r[[ID1:[0-9]+]], 1218446496;
// PTX: tcgen05.mma.cta_group::1.kind::mxf4.block_scale.block32.collector::a::discard [%r[[D]]], %rd{{[0-9]+}}, %rd{{[0-9]+}}, %r[[ID1]], [%r{{[0-9]+}}], [%r{{[0-9]+}}], %p{{[0-9]+}};
// PTX: tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64 [%rd{{[0-9]+}}];
// Epilogue: the accumulator read in one tcgen05.ld, two TMA stores.
// PTX: tcgen05.ld.sync.aligned.32x32b.x128.b32
// PTX: tcgen05.wait::ld.sync.aligned;
// PTX: bar.sync 1, 128;
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// PTX: tcgen05.dealloc.cta_group::1.sync.aligned.b32
// NMMA: {{^}}2{{$}}
// NLOAD: {{^}}2{{$}}

// META: "name":"mxfp4_gemm_sm100"
// META: "name":"pa_tma","tma":{"box":[16,8,2,16,2],"elem":"i8",{{.*}}"rank":5,"source":{"dims":[{"extent":{"const":16},"stride":{"const":1}},{"extent":{"const":8},"stride":{"mul":[{"const":64},{"param":7}]}},{"extent":{"const":2},"stride":{"const":16}},{"extent":{"mul":[{"const":16},{"param":5}]},"stride":{"mul":[{"const":512},{"param":7}]}},{"extent":{"mul":[{"const":2},{"param":7}]},"stride":{"const":32}}],"ptr":0}
// META: "name":"pb_tma","tma":{"box":[16,8,2,16,2]
// META: "smem_dynamic":103424,"smem_static":0,"tmem_columns":256

// PTXAS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads

// SASS-LABEL: .text.mxfp4_gemm_sm100:
// SASS-NOT: {{HMMA|QMMA|OMMA|HGMMA}}
// SASS-DAG: UTMALDG.5D
// SASS-DAG: UTMALDG.2D
// SASS-DAG: LDTM.x128
// SASS-DAG: UTMASTG.2D
// SASS-DAG: UTCCP.T.S.4x32dp128bit tmem[UR{{[0-9]+}}+0x80], gdesc[UR{{[0-9]+}}] ;
// SASS-DAG: UTCCP.T.S.4x32dp128bit tmem[UR{{[0-9]+}}+0x84], gdesc[UR{{[0-9]+}}] ;
// SASS-DAG: UTCOMMA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], UP{{[0-9]}} ;
// SASS-DAG: UTCOMMA gdesc[UR{{[0-9]+}}], gdesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], idesc[UR{{[0-9]+}}], tmem[UR{{[0-9]+}}], UPT ;
// SASS-DAG: UTCBAR [UR{{[0-9]+}}], URZ ;

// SM120: error: 'cute.gemm' op with tcgen05.mma.block_scale: tcgen05.mma needs Tensor Memory, which sm_120a lacks (tcgen05 runs on sm_100a)
// SM120: error: 'cute_nvgpu.tcgen05_cp' op needs Tensor Memory, which sm_120a lacks
