// examples/gemm-sm100: the kernel library's sm_100a configurations, one
// kernel, twenty instances: 1cta_ and 2cta_ (CG = 1, 2) of bf16, bf16_n128,
// bf16_f32, bf16_n128_f32, e4m3 and e4m3_n128 (one atom spelling: kind and
// K follow A and B's type, kind::f16 K 16 or kind::f8f6f4 K 32), and the
// SwiGLU forms of the bf16 and e4m3 ones. The 1-CTA kernels issue tcgen05.mma
// cta_group::1 and load A and B by plain TMA; the 2-CTA kernels issue
// cta_group::2 MMAs, load their halves with cta_group::2 TMA onto the even
// CTA's barrier, release stages with a multicast commit and allocate the
// pair's TMEM together. Every kernel reads its 32 accumulator columns per
// chunk with one tcgen05.ld 32x32b.x32 and computes the activation with
// ex2.approx; C is stored from registers (bf16 pairs of bytes / f32 words;
// the __aligned16 variants, for 16-byte aligned pointers and extents
// divisible by 16, store whole 16-byte vectors). The tx bytes are
// inferred: 1-CTA 128 x 64 + 256 x 64 bf16 = 49152 per stage; 2-CTA both
// CTAs' 128 x 64 + 128 x 64 = 65536 on the even CTA's barrier. Compiled only: the
// library's tests run it on the emulator (GemmSm100.*); no Blackwell GPU
// ran it.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/gemm-sm100/kernel.mlir --cute-compile="chip=sm_100a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=META < %t/gemm_sm100.sm_100a.json
// RUN: sed -n '/^.visible .entry gemm_1cta_bf16(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=ONE
// RUN: sed -n '/^.visible .entry gemm_1cta_bf16(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=SPLIT
// RUN: sed -n '/^.visible .entry gemm_2cta_bf16(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=TWO
// RUN: sed -n '/^.visible .entry gemm_1cta_bf16_f32(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=F32
// RUN: sed -n '/^.visible .entry gemm_2cta_bf16_n128__aligned16(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=VEC
// RUN: sed -n '/^.visible .entry gemm_1cta_e4m3(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=E4
// RUN: sed -n '/^.visible .entry gemm_2cta_e4m3_n128(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=E4TWO
// RUN: sed -n '/^.visible .entry gemm_1cta_bf16_n128_swiglu(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=GLU
// RUN: sed -n '/^.visible .entry gemm_1cta_e4m3_n128_bs(/,/\/\/ .globl/p' %t/gemm_sm100.sm_100a.ptx | FileCheck %s --check-prefix=BS

// META: "name":"gemm_1cta_bf16","params":
// META-SAME: "name":"scalemode"
// META-SAME: "cluster":[1,1,1]
// META: "name":"gemm_1cta_bf16_n128","params":
// META-SAME: "cluster":[1,1,1]
// META: "name":"gemm_2cta_bf16","params":
// META-SAME: "cluster":[2,1,1]
// META: "name":"gemm_2cta_bf16_n128_f32","params":
// META-SAME: "cluster":[2,1,1]
// META: "name":"gemm_1cta_e4m3","params":
// META-SAME: "elem":"f8e4m3"
// META: "name":"gemm_2cta_e4m3_n128","params":
// META-SAME: "cluster":[2,1,1]
// Block scales: four 128-column accumulator buffers, all 512 columns.
// META: "name":"gemm_1cta_e4m3_n128_bs","params":
// META-SAME: "tmem_columns":512
// META: "name":"gemm_2cta_e4m3_n128_bs","params":
// META-SAME: "cluster":[2,1,1]
// META-SAME: "tmem_columns":512

// e4m3: 128 x 128 + 256 x 128 bytes a stage (the same bytes as bf16's
// 64-element K), kind::f8f6f4, K tiles of 128: (k + 127) / 128.
// E4: add.s32 [[KU:%r[0-9]+]], %{{.*}}, 127;
// E4: shr.u32 %{{.*}}, [[KU]], 7;
// E4: mov.b32 [[TX:%r[0-9]+]], 49152;
// E4-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX]];
// E4: tcgen05.mma.cta_group::1.kind::f8f6f4
// E4-NOT: kind::f16
// E4: tcgen05.ld.sync.aligned.32x32b.x32.b32

// A pair at BN = 128: each CTA's 128 x 128 A and 64 x 128 B, both CTAs'
// 49152 bytes on the even CTA's barrier.
// E4TWO: mov.b32 [[TX:%r[0-9]+]], 49152;
// E4TWO-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX]];
// E4TWO: tcgen05.mma.cta_group::2.kind::f8f6f4
// E4TWO-NOT: kind::f16

// ONE: tcgen05.alloc.cta_group::1
// ONE: mov.b32 [[TX:%r[0-9]+]], 49152;
// ONE-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX]];
// ONE: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes
// ONE: tcgen05.mma.cta_group::1.kind::f16
// ONE: tcgen05.commit.cta_group::1
// ONE: tcgen05.ld.sync.aligned.32x32b.x32.b32
// ONE: ex2.approx
// ONE: st.global.b16
// ONE: tcgen05.dealloc.cta_group::1

// TWO: tcgen05.alloc.cta_group::2
// TWO: tcgen05.relinquish_alloc_permit.cta_group::2
// TWO: barrier.cluster.arrive
// TWO: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2
// TWO: mov.b32 [[TX:%r[0-9]+]], 65536;
// TWO-NEXT: mbarrier.arrive.expect_tx.shared.b64 {{.*}}, [[TX]];
// TWO: tcgen05.mma.cta_group::2.kind::f16
// TWO: tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64
// TWO: tcgen05.ld.sync.aligned.32x32b.x32.b32
// TWO: st.global.b16
// TWO: tcgen05.dealloc.cta_group::2

// F32: tcgen05.mma.cta_group::1.kind::f16
// F32-NOT: cvt.rn.bf16x2.f32
// F32: st.global.b32

// VEC: tcgen05.mma.cta_group::2.kind::f16
// VEC: st.global.v4.b32

// SwiGLU at BN = 128: one output chunk pair per tile, each reading a gate
// and an up chunk (two tcgen05.ld each time), silu through ex2.approx.
// GLU: tcgen05.mma.cta_group::1.kind::f16
// GLU: tcgen05.ld.sync.aligned.32x32b.x32.b32
// GLU: tcgen05.ld.sync.aligned.32x32b.x32.b32
// GLU: ex2.approx
// GLU: st.global.b16

// Split-K: the split is block z; a split's 32-float partial chunk goes to
// the workspace as eight 16-byte stores; the epilogue's 128 threads meet
// on named barrier 1 before the counter's acq_rel add (the last split
// resets it); the last split reads the slots back 16 bytes at a time.
// SPLIT: mov.u32 %r{{[0-9]+}}, %ctaid.z;
// SPLIT-COUNT-8: st.global.v2.b64
// SPLIT: bar.sync 1, 128;
// SPLIT: atom.acq_rel.gpu.global.add.u32
// SPLIT: st.global.b32 [%rd{{[0-9]+}}], 0;
// SPLIT-COUNT-8: ld.global.v2.b64

// Block scales (BS, NACC = 4): 4 load stages and 4 accumulator buffers (16
// barriers); per K tile the MMA thread commits its buffer after releasing
// the load stage, the epilogue reads the buffer's four 32-column chunks,
// fuses them into the register sum (packed fma.rn.f32x2), and after the loop stores the sum's
// four chunks into buffer 0 (tcgen05.st, waited) for the common epilogue.
// BS: tcgen05.alloc.cta_group::1
// BS-COUNT-16: mbarrier.init.shared.b64
// BS: tcgen05.mma.cta_group::1.kind::f8f6f4
// BS: tcgen05.commit.cta_group::1
// BS: tcgen05.commit.cta_group::1
// BS: tcgen05.ld.sync.aligned.32x32b.x32.b32
// BS: fma.rn.f32x2
// BS-COUNT-4: tcgen05.st.sync.aligned.32x32b.x32.b32
// BS: tcgen05.wait::st.sync.aligned
// BS: tcgen05.ld.sync.aligned.32x32b.x32.b32
// BS: st.global.b16
// BS: tcgen05.dealloc.cta_group::1
