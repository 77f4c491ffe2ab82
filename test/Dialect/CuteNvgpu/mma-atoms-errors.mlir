// RUN: cute-opt %s -split-input-file -verify-diagnostics

// One case per parameter rule of the cute_nvgpu MMA atoms
// (lib/Dialect/CuteNvgpu/IR/MmaAtoms.cpp, and the shape tables of
// lib/Atom/MmaAtoms.cpp they call), then the read-back errors of
// `cute.mma_atom_layout`. The operand rules of `cute.gemm` are in
// test/Dialect/Cute/gemm-errors.mlir.

//===----------------------------------------------------------------------===//
// mma_sync
//===----------------------------------------------------------------------===//

// m16n8k32 is the 8-bit shape: f16 there is an error.
// expected-error@+1 {{mma.sync m16n8k32 takes s8/u8 operands (si8 or ui8, each of A and B) or, kind::f8f6f4 on sm_120a, 8/6/4-bit floats for both, got 'f16' x 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f16, b = f16, c = f32>}
// -----
// Signless i8 says nothing about the sign: the atom names s8 or u8.
// expected-error@+1 {{mma.sync m16n8k32 takes s8/u8 operands (si8 or ui8, each of A and B) or, kind::f8f6f4 on sm_120a, 8/6/4-bit floats for both, got 'i8' x 'si8'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = i8, b = si8, c = i32>}
// -----
// expected-error@+1 {{mma.sync m16n8k32 accumulates in s32 (i32), got 'f32'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = si8, b = ui8, c = f32>}
// -----
// An 8-bit float and an 8-bit integer.
// expected-error@+1 {{mma.sync m16n8k32 takes s8/u8 operands (si8 or ui8, each of A and B) or, kind::f8f6f4 on sm_120a, 8/6/4-bit floats for both, got 'f8E4M3FN' x 'si8'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f8E4M3FN, b = si8, c = f32>}
// -----
// expected-error@+1 {{mma.sync m16n8k32 kind::f8f6f4 accumulates in f32 here, got 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f4E2M1FN, c = f16>}
// -----
// expected-error@+1 {{mma.sync m16n8k32 kind::f8f6f4 on 'f6E3M2FN' x 'f8E4M3FN': 6-bit operands have no cute tensor type yet}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 32, a = f6E3M2FN, b = f8E4M3FN, c = f32>}
// -----
// 8-bit integers at k16 (m16n8k16 .s8 exists in PTX; no atom here).
// expected-error@+1 {{mma.sync takes f16 x f16 or bf16 x bf16, got 'si8' x 'si8'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = si8, b = si8, c = i32>}
// -----
// expected-error@+1 {{mma.sync shape 8x8x4 is not m16n8k8, m16n8k16 or m16n8k32}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 8, n = 8, k = 4, a = f16, b = f16, c = f32>}
// -----
// Mixed f16 x bf16.
// expected-error@+1 {{mma.sync takes f16 x f16 or bf16 x bf16, got 'f16' x 'bf16'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = f16, b = bf16, c = f32>}
// -----
// expected-error@+1 {{mma.sync takes f16 x f16 or bf16 x bf16, got 'f8E4M3FN' x 'f8E4M3FN'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = f8E4M3FN, b = f8E4M3FN, c = f32>}
// -----
// expected-error@+1 {{mma.sync accumulates in f32 here, got 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = f16, b = f16, c = f16>}

// -----
//===----------------------------------------------------------------------===//
// wgmma
//===----------------------------------------------------------------------===//

// expected-error@+1 {{wgmma M = 128; it is 64}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{wgmma (SS) takes f16 x f16, bf16 x bf16, tf32 x tf32 or e4m3/e5m2 x e4m3/e5m2, got 'f16' x 'bf16'}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = f16, b = bf16, c = f32, a_major = k, b_major = k>}
// -----
// A 16-bit and an 8-bit operand.
// expected-error@+1 {{wgmma (SS) takes f16 x f16, bf16 x bf16, tf32 x tf32 or e4m3/e5m2 x e4m3/e5m2, got 'f8E4M3FN' x 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f16, c = f32, a_major = k, b_major = k>}
// -----
// tf32 x f32: the atom names tf32 for both (the tensors hold f32).
// expected-error@+1 {{wgmma (SS) takes f16 x f16, bf16 x bf16, tf32 x tf32 or e4m3/e5m2 x e4m3/e5m2, got 'tf32' x 'f32'}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = f32, c = f32, a_major = k, b_major = k>}
// -----
// K of a tf32 wgmma is 8.
// expected-error@+1 {{wgmma K = 16 for 'tf32'; it is 8 (32 bytes)}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = tf32, b = tf32, c = f32, a_major = k, b_major = k>}
// -----
// tf32 has no transpose (imm-trans-a/b are for 16-bit types).
// expected-error@+1 {{wgmma on tf32 reads K-major operands only (a_major = k, b_major = k): imm-trans exists for f16/bf16 only}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = mn>}
// -----
// expected-error@+1 {{wgmma on tf32 takes A from shared memory only here (a_src = smem, CuTe's SM90_64xNx8_F32TF32TF32_SS_TN); the register-A form is implemented for f16/bf16/e4m3/e5m2}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 64, k = 8, a = tf32, b = tf32, c = f32, a_major = k, b_major = k, a_src = rmem>}
// -----
// K of an f16 wgmma is 16.
// expected-error@+1 {{wgmma K = 32 for 'f16'; it is 16 (32 bytes)}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f16, b = f16, c = f32, a_major = k, b_major = k>}
// -----
// K of an fp8 wgmma is 32.
// expected-error@+1 {{wgmma K = 16 for 'f8E4M3FN'; it is 32 (32 bytes)}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = k, b_major = k>}
// -----
// N not a multiple of 8.
// expected-error@+1 {{wgmma N = 12; it must be a multiple of 8 in [8, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 12, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>}
// -----
// N above 256.
// expected-error@+1 {{wgmma N = 264; it must be a multiple of 8 in [8, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 264, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{wgmma N = 0; it must be a multiple of 8 in [8, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 0, k = 32, a = f8E5M2, b = f8E5M2, c = f32, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{wgmma accumulates in f32 here, got 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 16, a = f16, b = f16, c = f16, a_major = k, b_major = k>}
// -----
// fp8 with an MN-major (transposed) A.
// expected-error@+1 {{wgmma on 8-bit types reads K-major operands only (a_major = k, b_major = k)}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, a_major = mn, b_major = k>}
// -----
// fp8 with an MN-major B.
// expected-error@+1 {{wgmma on 8-bit types reads K-major operands only (a_major = k, b_major = k)}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 64, k = 32, a = f8E5M2, b = f8E4M3FN, c = f32, a_major = k, b_major = mn>}
// -----
// A major-ness that is neither k nor mn.
// expected-error@+2 {{expected one of [k, mn] for which mode of a shared-memory operand is contiguous, got: t}}
// expected-error@+1 {{failed to parse CuteNvgpu_WgmmaAttr parameter 'a_major' which is to be a `::mlir::cute_nvgpu::MmaMajor`}}
func.func private @f() attributes {atom = #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = f16, b = f16, c = f32, a_major = t, b_major = k>}

// -----
//===----------------------------------------------------------------------===//
// tcgen05_mma
//===----------------------------------------------------------------------===//

// expected-error@+1 {{tcgen05.mma kind::f16 does not take 'f8E4M3FN' x 'f8E4M3FN'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma kind::f16 does not take 'f16' x 'bf16'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = f16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma kind::tf32 does not take 'bf16' x 'bf16'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma kind::f8f6f4 does not take 'bf16' x 'f8E4M3FN'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 128, k = 32, a = bf16, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// K = 256 bits of A: 8 for tf32.
// expected-error@+1 {{tcgen05.mma kind::tf32 K = 16; it is 8 (32 bytes of A)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 16, a = tf32, b = tf32, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// kind::f8f6f4 has K = 32 whatever the operand width.
// expected-error@+1 {{tcgen05.mma kind::f8f6f4 K = 64; it is 32 (32 bytes of A)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// kind left out: A and B must take one.
// expected-error@+1 {{tcgen05.mma takes f16 x f16, bf16 x bf16, tf32 x tf32 or 8/6/4-bit floats (kind::f16, tf32, f8f6f4), got 'f16' x 'bf16'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<m = 128, n = 128, a = f16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// kind left out, k written: it must be the inferred kind's.
// expected-error@+1 {{tcgen05.mma kind::f8f6f4 K = 16; it is 32 (32 bytes of A)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<m = 128, n = 128, k = 16, a = f8E4M3FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma accumulates in f32 (or f16), got 'bf16'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = bf16, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// kind::tf32 accumulates in f32 only.
// expected-error@+1 {{tcgen05.mma accumulates in f32 (or f16), got 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = tf32, m = 128, n = 128, k = 8, a = tf32, b = tf32, c = f16, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// M = 256 needs the CTA pair.
// expected-error@+1 {{tcgen05.mma M = 256 on 1 CTA; it is 64 or 128}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 256, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// M = 64 does not exist on 2 CTAs.
// expected-error@+1 {{tcgen05.mma M = 64 on 2 CTAs; it is 128 or 256}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 64, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma N = 24 with M = 128 on 2 CTA(s); it must be a multiple of 16 in [16, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 24, k = 16, a = bf16, b = bf16, c = f32, cta_group = 2, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma N = 260 with M = 128 on 1 CTA(s); it must be a multiple of 8 in [8, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 260, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma runs on 1 or 2 CTAs, not 4}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 4, a_src = smem, a_major = k, b_major = k>}
// -----
// A read from Tensor Memory cannot be transposed.
// expected-error@+1 {{tcgen05.mma reads A from Tensor Memory K-major only (a_major = k)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 128, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = tmem, a_major = mn, b_major = k>}
// -----
// expected-error@+1 {{tcgen05.mma with A in Tensor Memory and M = 128 needs N % 16 == 0, got N = 24}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f16, m = 128, n = 24, k = 16, a = bf16, b = bf16, c = f32, cta_group = 1, a_src = tmem, a_major = k, b_major = k>}
// -----
// An MN-major 4-bit A.
// expected-error@+1 {{6- and 4-bit operands are K-major only (MN-major needs 8, 16 or 32 bits)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 128, k = 32, a = f4E2M1FN, b = f8E4M3FN, c = f32, cta_group = 1, a_src = smem, a_major = mn, b_major = k>}
// -----
// An MN-major 6-bit B.
// expected-error@+1 {{6- and 4-bit operands are K-major only (MN-major needs 8, 16 or 32 bits)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma<kind = f8f6f4, m = 128, n = 128, k = 32, a = f8E4M3FN, b = f6E3M2FN, c = f32, cta_group = 1, a_src = smem, a_major = k, b_major = mn>}

// -----
//===----------------------------------------------------------------------===//
// tcgen05_mma_block_scale
//===----------------------------------------------------------------------===//

// expected-error@+1 {{tcgen05.mma kind::mxf4 does not take 'f8E4M3FN' x 'f4E2M1FN' (f4E2M1FN x f4E2M1FN)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4, m = 128, n = 128, k = 64, a = f8E4M3FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf8f6f4 does not take 'bf16' x 'bf16' (8, 6 or 4-bit floats)}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 128, n = 128, k = 32, a = bf16, b = bf16, sf = f8E8M0FNU, vs = 32, cta_group = 1>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf4nvf4 K = 32; it is 64}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 32, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf8f6f4 K = 64; it is 32}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1>}
// -----
// UE4M3 scales are per 16 elements only.
// expected-error@+1 {{tcgen05.mma kind::mxf4nvf4 with 'f8E4M3FN' scales per 32 elements is not a block-scaled format: it takes f8E8M0FNU per 32 or 16, or UE4M3 (f8E4M3FN) per 16}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 32, cta_group = 1>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf4nvf4 with 'f8E8M0FNU' scales per 64 elements is not a block-scaled format: it takes f8E8M0FNU per 32 or 16, or UE4M3 (f8E4M3FN) per 16}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 64, cta_group = 1>}
// -----
// MXF4 is e8m0 per 32 (scale_vec::2X) only.
// expected-error@+1 {{tcgen05.mma kind::mxf4 with 'f8E8M0FNU' scales per 16 elements is not a block-scaled format: it takes f8E8M0FNU per 32}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4, m = 128, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 16, cta_group = 1>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf8f6f4 with 'f8E4M3FN' scales per 16 elements is not a block-scaled format: it takes f8E8M0FNU per 32}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 128, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, sf = f8E4M3FN, vs = 16, cta_group = 1>}
// -----
// Block-scaled MMAs on one CTA are M = 128 only.
// expected-error@+1 {{tcgen05.mma kind::mxf4 M = 64 on 1 CTA(s); it is 128}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4, m = 64, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E8M0FNU, vs = 32, cta_group = 1>}
// -----
// kind::mxf8f6f4 on the CTA pair is M = 256 only (CUTLASS's
// SM100_MMA_MXF8F6F4_2x1SM_SS).
// expected-error@+1 {{tcgen05.mma kind::mxf8f6f4 M = 128 on 2 CTA(s); it is 256}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 128, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf4nvf4 M = 64 on 2 CTA(s); it is 128 or 256}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 64, n = 128, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 2>}
// -----
// expected-error@+1 {{tcgen05.mma N = 8 with M = 256 on 2 CTA(s); it must be a multiple of 16 in [16, 256]}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 8, k = 32, a = f8E4M3FN, b = f8E4M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 2>}
// -----
// expected-error@+1 {{tcgen05.mma kind::mxf8f6f4 runs on 1 or 2 CTAs, not 3}}
func.func private @f() attributes {atom = #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf8f6f4, m = 256, n = 128, k = 32, a = f8E4M3FN, b = f8E4M3FN, sf = f8E8M0FNU, vs = 32, cta_group = 3>}

// -----
//===----------------------------------------------------------------------===//
// mma_block_scale (sm_120a)
//===----------------------------------------------------------------------===//

// expected-error@+1 {{block-scaled mma.sync shape 16x8x16 is not m16n8k64 or m16n8k32}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 16, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>}
// -----
// expected-error@+1 {{block-scaled mma.sync shape 16x16x64 is not m16n8k64 or m16n8k32}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 16, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>}
// -----
// m16n8k64 is 4-bit only.
// expected-error@+1 {{m16n8k64 kind::mxf4nvf4 takes f4E2M1FN x f4E2M1FN, got 'f8E4M3FN' x 'f4E2M1FN'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f8E4M3FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>}
// -----
// expected-error@+1 {{m16n8k32 kind::mxf8f6f4 takes 8, 6 or 4-bit floats, got 'bf16' x 'f8E4M3FN'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = bf16, b = f8E4M3FN, c = f32, sf = f8E8M0FNU, vs = 32>}
// -----
// expected-error@+1 {{block-scaled mma.sync accumulates in f32, got 'f16'}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f16, sf = f8E8M0FNU, vs = 32>}
// -----
// UE4M3 per 32 is no scale_vec mode.
// expected-error@+1 {{m16n8k64 with 'f8E4M3FN' scales per 32 elements is not a scale_vec mode: 2X is f8E8M0FNU per 32, 4X is UE4M3 (f8E4M3FN) per 16}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 32>}
// -----
// expected-error@+1 {{m16n8k64 with 'f8E8M0FNU' scales per 8 elements is not a scale_vec mode: 2X is f8E8M0FNU per 32, 4X is UE4M3 (f8E4M3FN) per 16}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 8>}
// -----
// m16n8k32 (kind::mxf8f6f4) is scale_vec::1X: e8m0 per 32.
// expected-error@+1 {{m16n8k32 with 'f8E8M0FNU' scales per 16 elements is not a scale_vec mode: 1X is f8E8M0FNU per 32}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, sf = f8E8M0FNU, vs = 16>}
// -----
// expected-error@+1 {{m16n8k32 with 'f8E4M3FN' scales per 32 elements is not a scale_vec mode: 1X is f8E8M0FNU per 32}}
func.func private @f() attributes {atom = #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E4M3FN, b = f8E4M3FN, c = f32, sf = f8E4M3FN, vs = 32>}

// -----
//===----------------------------------------------------------------------===//
// cute.mma_atom_layout
//===----------------------------------------------------------------------===//

func.func @f() {
  // expected-error@+2 {{'cute.mma_atom_layout' op mma.sync is not block-scaled: it has no SFA layout}}
  // expected-error@+1 {{'cute.mma_atom_layout' op failed to infer returned types}}
  %0 = cute.mma_atom_layout "SFA" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"1:0">
  return
}
// -----
func.func @f() {
  // expected-error@+2 {{'cute.mma_atom_layout' op wgmma is not block-scaled: it has no SFB layout}}
  // expected-error@+1 {{'cute.mma_atom_layout' op failed to infer returned types}}
  %0 = cute.mma_atom_layout "SFB" of #cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k> -> !cute.layout<"1:0">
  return
}
// -----
// The tcgen05 block-scaled atoms keep their scale factors in Tensor Memory
// and have no SFA/SFB thread-value layout (as in CuTe).
func.func @f() {
  // expected-error@+2 {{'cute.mma_atom_layout' op tcgen05.mma.block_scale has no thread-value layout for SFA (its scale factors are read from Tensor Memory, as in CuTe)}}
  // expected-error@+1 {{'cute.mma_atom_layout' op failed to infer returned types}}
  %0 = cute.mma_atom_layout "SFA" of #cute_nvgpu.tcgen05_mma_block_scale<kind = mxf4nvf4, m = 128, n = 256, k = 64, a = f4E2M1FN, b = f4E2M1FN, sf = f8E4M3FN, vs = 16, cta_group = 1> -> !cute.layout<"1:0">
  return
}
// -----
func.func @f() {
  // expected-error@+2 {{'cute.mma_atom_layout' op "D" is not one of shape, thr, A, B, C, SFA, SFB}}
  // expected-error@+1 {{'cute.mma_atom_layout' op failed to infer returned types}}
  %0 = cute.mma_atom_layout "D" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"1:0">
  return
}
// -----
// A result type that is not the atom's layout (CuTe's SM80 C stride is
// (16,8), not (8,16)).
func.func @f() {
  // expected-error@+2 {{'cute.mma_atom_layout' op inferred type(s) '!cute.layout<"((4,8),(2,2)):((32,1),(16,8))">' are incompatible with return type(s) of operation '!cute.layout<"((4,8),(2,2)):((32,1),(8,16))">'}}
  // expected-error@+1 {{'cute.mma_atom_layout' op failed to infer returned types}}
  %0 = cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(8,16))">
  return
}
// -----
// Not an MMA atom (the generic message of a typed attribute's parser).
func.func @f() {
  // expected-error@+1 {{custom op 'cute.mma_atom_layout' invalid kind of attribute specified}}
  %0 = cute.mma_atom_layout "C" of #cute.layout<"1:0"> -> !cute.layout<"1:0">
  return
}
