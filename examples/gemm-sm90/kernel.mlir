// chips: sm_90a
// C (M x N, row-major, leading dimension ldc) = act(alpha x A x B^T + beta x R
// + bias) with A (M x K) and B (N x K) row-major, f32 accumulation, on the
// H200: CUTLASS's warp-specialized persistent "cooperative" design written in
// the dialect. One source, thirty-eight instances (docs/instances.md):
//   gemm_bf16  bf16 A, B, C;  gemm_f16  f16 A, B, C;
//   gemm_e4m3  f8E4M3FN A, B, bf16 C (K % 16 == 0);
//   gemm_<T>_n128  the same with 128 x 128 tiles (BN = 128): twice the
//              tiles, for shapes whose 128 x 256 tiles leave SMs idle;
//   gemm_<T>_n192  128 x 192 tiles (BN = 192): 4/3 of the tiles, for
//              shapes whose 128 x 256 tiles fill a wave badly (M = 256 x
//              N = 24576: 192 tiles on 132 SMs; 256 of 128 x 192);
//   gemm_e4m3_{n128,swap}_bs  128 x 128 (swap-AB: 128 x 64) tiles with
//              FP8 128 x 128 block scales (BLOCKSCALE; gemm-blockscale.mlir):
//              psm and psn are the kernel's A's and B's block scales (for
//              swap-AB: the caller's B's and A's), applied per K tile,
//              scalemode 0;
//   gemm_<T>_swap  128 x 64 tiles whose C is stored directly with strides
//              (1, ldc) (DIRECT): called with A and B exchanged and M and N
//              exchanged it computes C^T = B A^T, so a small M (decode)
//              becomes the 64-wide N of the wgmma instead of a 128-row
//              tile of zeros (swap-AB);
//   gemm_{bf16,e4m3}_grouped  grouped GEMM for MoE (GROUPED, 128 x 128):
//              group g owns rows [offs[g-1], offs[g]) of A and C and B's
//              N x K block g; offsets read on the device (below);
//   gemm_{bf16,e4m3}[_n128|_grouped]_swiglu  SwiGLU (SWIGLU): B's 64-row
//              gate and up blocks in turn, C = silu(gate) x up (+ beta R)
//              with N / 2 columns.
//   gemm_bf16[_n128|_swap]_f32  bf16 A, B, f32 C (TC = f32);
//   gemm_e4m3[_n128|_swap]_e4m3  e4m3 A, B, e4m3 C = satfinite_e4m3(
//              epilogue x *pos) (QOUT: the output scale, one f32 in device
//              memory), rounded to nearest even (cvt.rn.satfinite).
//   gemm_{bf16,f16,e4m3}[_n128]_c2  a 2 x 1 cluster (CM = 2, CLUSTER):
//              CTA r of a pair takes rows [128 r, 128 r + 128) of a
//              256-row tile and loads half of B's tile with a TMA load
//              multicast to both CTAs (one B load per pair instead of
//              two); the load stages are released by both CTAs'
//              consumers (multicast = 2). Split-K as below; stream-K
//              (splits = 0) runs as one split.
//   gemm_bf16_{n128,swap}_qkv[_e4m3]  a Qwen3 QKV projection whose
//              epilogue is the KV-cache append (QKV; gemm-qkv.mlir): each
//              tile is one head, staged in shared memory as bf16, then
//              QK-norm, RoPE, q to C and k/v (bf16 or e4m3: KV) to the
//              paged caches (the arguments from pqw on).
//   Bias and R are TE (bf16; f16 for f16). TMAC = false: C's rows are
//   stored from registers (masked, 8-byte f32 / 2-byte e4m3 pairs, ldc %
//   8 == 0), not by TMA: a 64 x 64 f32 box spans 256 bytes (over the
//   128-byte swizzle), and a 64-byte e4m3 row under the 128-byte swizzle
//   needs a 128-byte smem row (the emulator's TMA reads 8 KB for the 4 KB
//   tile). TS is the staging (TMA store) type: TC where C is TMA-stored.
// - 128 x BN x BK tiles (BK = 128 bytes of T); a 4-stage PipelineTmaAsync
//   ring of 128-byte swizzled A and B tiles filled by TMA from one elected
//   thread of the producer warpgroup (setmaxnreg 40): `cute.copy` with the
//   TMA atom from coordinate tiles (local_tile of the identity tensors of
//   A, B and C), so no element offset is written; the expected bytes and
//   the consumer count are inferred from the copies and the roles;
// - two consumer warpgroups (setmaxnreg 232), each computing 64 x BN with
//   wgmma m64nBN (a 2 x 1 tiled MMA), one wgmma group kept in flight: a
//   stage is released once the group after it has been issued;
// - persistent CTAs over tiles in groups of 8 M-tiles (cute.make_tile_scheduler);
// - split-K (`splits` >= 1, a runtime argument): each tile's K tiles are cut
//   into `splits` ranges computed by different CTAs; or stream-K (`splits`
//   = 0): the K tiles of all tiles are divided evenly among the grid's CTAs
//   (grid <= tiles x K tiles), a tile touched by several CTAs split among
//   them. Each split writes its f32 partial sum to the workspace `ws` (its
//   slot, `cute.tile_scheduler_slot`, in the accumulator's register order:
//   16-byte stores, coalesced across the warp), then arrives on the tile's
//   counter in `flags`; the last split to
//   arrive sums the slots in split order (deterministic: the result does not
//   depend on which CTA finishes last) and runs the epilogue; beyond 8
//   splits (BN <= 192) in two levels, groups of up to 8 summed by their
//   last arrival, then the groups' sums by the last group
//   (gemm-splitk.mlir). No CTA waits for another. `flags` (17 i32 per
//   tile: the tiles' counters, then 16 group counters per tile) must be
//   zero before the first launch; the last arrivals reset them. With
//   splits = 1 neither is touched.
//   `reduce` = 1 instead adds every split's partial to one slot per tile
//   with atomic reductions (red.add.v4.f32: `#cute_nvgpu.red_add`); the
//   last arrival reads that slot and zeroes it (the slots must be zero
//   before the first launch): a fix-up of one slot instead of `splits`,
//   whose f32 sums may differ in the last bits from run to run;
// - epilogue, 64 columns at a time (BN / 64 chunks): alpha x acc (times
//   sm[m] and/or sn[n], f32 per-row / per-column scales, by scalemode bits
//   0 and 1: FP8 per-token / per-channel quantization), plus beta x
//   R when beta != 0 (R: TC elements at R[m ldr + n], or R[m + n ldr] for
//   DIRECT; 16-byte aligned, ldr % 8 == 0, so that pairs load as 32 bits;
//   R may be C),
//   plus the bias (TC; biasmode 0 none, 1 bias[n], 2 bias[m]), then the
//   activation `act` (0 none, 1 ReLU, 2 ReLU^2, 3 GELU tanh, 4 SiLU), in
//   f32, rounded to TC once. R and bias are read through `mma_partition
//   "C"` views of them, masked at the edges. Then either a 2-buffer
//   128-byte swizzled staging ring and TMA stores of 64 x 64 boxes
//   (PipelineTmaStore), or (DIRECT) masked element stores.
// Ragged edges: TMA loads zero-fill outside A and B, TMA stores clip. TMA
// needs 16-byte row pitches: K % 8 == 0 (16 for e4m3), and for the TMA
// store ldc >= N, ldc % 8 == 0 (DIRECT instances: any ldc >= M).
!T = !cute.param<"T", bf16>
!TC = !cute.param<"TC", bf16>
!TE = !cute.param<"TE", bf16>
!TS = !cute.param<"TS", bf16>
#BK = #cute.param<"BK", 64 : i32>
#BN = #cute.param<"BN", 256 : i32>
#AK = #cute.param<"AK", 16 : i32>
#DIRECT = #cute.param<"DIRECT", false>
#GROUPED = #cute.param<"GROUPED", false>
#GROUP = #cute.param<"GROUP", 8 : i64>
#SWIGLU = #cute.param<"SWIGLU", false>
#QOUT = #cute.param<"QOUT", false>
#TMAC = #cute.param<"TMAC", true>
#CM = #cute.param<"CM", 1 : i32>
#CLUSTER = #cute.param<"CLUSTER", false>
#BLOCKSCALE = #cute.param<"BLOCKSCALE", false>
// QKV (gemm-qkv.mlir): the KV-cache append as the epilogue; KV the cache
// type; the tile's staging in shared memory, QM x QN with strides (QR, QC)
// (1 x 128 elsewhere).
#QKV = #cute.param<"QKV", false>
!KV = !cute.param<"KV", bf16>
#QM = #cute.param<"QM", 1 : i32>
#QN = #cute.param<"QN", 128 : i32>
#QR = #cute.param<"QR", 128 : i32>
#QC = #cute.param<"QC", 1 : i32>

!gmem = !cute.memref<!T, gmem, align<16>, "(?,?):(?,1)">
!gmemC = !cute.memref<!TC, gmem, align<16>, "(?,?):(?,1)">
!tileA = !cute.memref<!T, smem, align<1024>, sw128, "(128,BK):(BK,1)">
!tileB = !cute.memref<!T, smem, align<1024>, sw128, "(BN,BK):(BK,1)">
// CLUSTER: the half of B's tile that each CTA of the pair loads for both.
!tileBh = !cute.memref<!T, smem, align<1024>, sw128, "(BN/2,BK):(BK,1)">
!tileC = !cute.memref<!TS, smem, align<1024>, sw128, "(64,64):(64,1)">
!acc = !cute.memref<f32, rmem, align<16>, "((2,2,(8,BN/64)),1,1):((1,2,(4,32)),0,0)">
// One thread's accumulators in the workspace: thread t's registers 4j..4j+3
// at 1024 j + 4 t (256 consumer threads x 4 floats apart), all threads of a
// slot in 128 x BN floats; the slots follow each other.
!wsT = !cute.memref<f32, gmem, align<16>, "(((2,2,(8,BN/64)),1,1),256,?):(((1,2,(1024,8192)),0,0),4,128*BN)">
!chunk = !cute.memref<f32, rmem, align<16>, "(2,2,8):(1,2,4)">
!chunkC = !cute.memref<!TC, rmem, align<16>, "(2,2,8):(1,2,4)">
!chunkS = !cute.memref<!TS, rmem, align<16>, "(2,2,8):(1,2,4)">
!chunkE = !cute.memref<!TE, rmem, align<16>, "(2,2,8):(1,2,4)">
!LS = !cute_nvgpu.pipeline_state<4>
!SS = !cute_nvgpu.pipeline_state<2>
#wgmma = #cute_nvgpu.wgmma<m = 64, n = BN, k = AK, a = !T, b = !T, c = f32, a_major = k, b_major = k>
#mma = #cute.tiled_mma<#wgmma, #cute.layout<"(2,1,1):(1,0,0)">>
// Partitions a 64 x 64 C staging tile like the accumulator's columns.
#cpart = #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = !TE, b = !TE, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>

module attributes {gpu.container_module,
    cute.instances = ["bf16:T=bf16,TC=bf16", "f16:T=f16,TC=f16,TE=f16,TS=f16",
                      "e4m3:T=f8E4M3FN,TC=bf16,BK=128,AK=32",
                      "bf16_n128:T=bf16,TC=bf16,BN=128",
                      "f16_n128:T=f16,TC=f16,TE=f16,TS=f16,BN=128",
                      "e4m3_n128:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=128",
                      "e4m3_n128_bs:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=128,BLOCKSCALE=true",
                      "e4m3_swap_bs:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=64,DIRECT=true,BLOCKSCALE=true",
                      "bf16_n192:T=bf16,TC=bf16,BN=192",
                      "f16_n192:T=f16,TC=f16,TE=f16,TS=f16,BN=192",
                      "e4m3_n192:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=192",
                      "bf16_swap:T=bf16,TC=bf16,BN=64,DIRECT=true",
                      "f16_swap:T=f16,TC=f16,TE=f16,TS=f16,BN=64,DIRECT=true",
                      "e4m3_swap:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=64,DIRECT=true",
                      "bf16_grouped:T=bf16,TC=bf16,BN=128,DIRECT=true,GROUPED=true,GROUP=1",
                      "e4m3_grouped:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=128,DIRECT=true,GROUPED=true,GROUP=1",
                      "bf16_swiglu:T=bf16,TC=bf16,SWIGLU=true",
                      "e4m3_swiglu:T=f8E4M3FN,TC=bf16,BK=128,AK=32,SWIGLU=true",
                      "bf16_n128_swiglu:T=bf16,TC=bf16,BN=128,SWIGLU=true",
                      "e4m3_n128_swiglu:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=128,SWIGLU=true",
                      "bf16_grouped_swiglu:T=bf16,TC=bf16,BN=128,DIRECT=true,GROUPED=true,GROUP=1,SWIGLU=true",
                      "e4m3_grouped_swiglu:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=128,DIRECT=true,GROUPED=true,GROUP=1,SWIGLU=true",
                      "bf16_f32:T=bf16,TC=f32,TMAC=false",
                      "bf16_n128_f32:T=bf16,TC=f32,BN=128,TMAC=false",
                      "bf16_swap_f32:T=bf16,TC=f32,BN=64,DIRECT=true,TMAC=false",
                      "e4m3_e4m3:T=f8E4M3FN,TC=f8E4M3FN,BK=128,AK=32,QOUT=true,TMAC=false",
                      "e4m3_n128_e4m3:T=f8E4M3FN,TC=f8E4M3FN,BK=128,AK=32,BN=128,QOUT=true,TMAC=false",
                      "e4m3_swap_e4m3:T=f8E4M3FN,TC=f8E4M3FN,BK=128,AK=32,BN=64,DIRECT=true,QOUT=true,TMAC=false",
                      "bf16_c2:T=bf16,TC=bf16,CM=2,CLUSTER=true",
                      "f16_c2:T=f16,TC=f16,TE=f16,TS=f16,CM=2,CLUSTER=true",
                      "e4m3_c2:T=f8E4M3FN,TC=bf16,BK=128,AK=32,CM=2,CLUSTER=true",
                      "bf16_n128_c2:T=bf16,TC=bf16,BN=128,CM=2,CLUSTER=true",
                      "f16_n128_c2:T=f16,TC=f16,TE=f16,TS=f16,BN=128,CM=2,CLUSTER=true",
                      "e4m3_n128_c2:T=f8E4M3FN,TC=bf16,BK=128,AK=32,BN=128,CM=2,CLUSTER=true",
                      "bf16_n128_qkv:T=bf16,TC=bf16,BN=128,QKV=true,QM=128,QN=128,QR=128,QC=1",
                      "bf16_n128_qkv_e4m3:T=bf16,TC=bf16,BN=128,QKV=true,QM=128,QN=128,QR=128,QC=1,KV=f8E4M3FN",
                      "bf16_swap_qkv:T=bf16,TC=bf16,BN=64,DIRECT=true,QKV=true,QM=128,QN=64,QR=1,QC=128",
                      "bf16_swap_qkv_e4m3:T=bf16,TC=bf16,BN=64,DIRECT=true,QKV=true,QM=128,QN=64,QR=1,QC=128,KV=f8E4M3FN"]} {
  gpu.module @gemm_sm90 attributes {cute.imports = ["gemm-activation.mlir", "gemm-groups.mlir", "gemm-splitk.mlir", "gemm-blockscale.mlir", "../decode-attention/decode-common.mlir", "../decode-attention/append-common.mlir", "gemm-qkv.mlir", "gemm-store.mlir"]} {
    // @activation (the epilogue's, by code): gemm-activation.mlir, which
    // examples/gemm-sm100 imports too; the grouped GEMM's @group_bounds,
    // @group_of and @tile_origin: gemm-groups.mlir; the split-K fix-up
    // (@split_fixup, @sum_slots): gemm-splitk.mlir; the 128 x 128 block
    // scales (@block_scales, @add_scaled): gemm-blockscale.mlir; the TMA
    // store of a 64 x 64 chunk of C (@store_chunk_tma): gemm-store.mlir.

    gpu.func @gemm(%pa: !cute.ptr<!T, gmem, align<16>>, %pb: !cute.ptr<!T, gmem, align<16>>, %pc: !cute.ptr<!TS, gmem, align<16>>, %m: i32, %n: i32, %k: i32, %ldc: i32, %alpha: f32, %pws: !cute.ptr<f32, gmem, align<16>>, %pflags: !cute.ptr<i32, gmem, align<4>>, %splits: i32, %beta: f32, %pr: !cute.ptr<!TE, gmem, align<16>>, %ldr: i32, %pbias: !cute.ptr<!TE, gmem, align<2>>, %biasmode: i32, %act: i32, %psm: !cute.ptr<f32, gmem, align<4>>, %psn: !cute.ptr<f32, gmem, align<4>>, %scalemode: i32, %reduce: i32, %poffs: !cute.ptr<i32, gmem, align<4>>, %groups: i32, %pos: !cute.ptr<f32, gmem, align<4>>, %pqw: !cute.ptr<bf16, gmem, align<2>>, %pkw: !cute.ptr<bf16, gmem, align<2>>, %pcs: !cute.ptr<f32, gmem, align<4>>, %ppos: !cute.ptr<i32, gmem, align<4>>, %pslot: !cute.ptr<i32, gmem, align<4>>, %pkc: !cute.ptr<!KV, gmem, align<2>>, %pvc: !cute.ptr<!KV, gmem, align<2>>, %pks: !cute.ptr<f32, gmem, align<4>>, %pvs: !cute.ptr<f32, gmem, align<4>>, %hq: i32, %hkv: i32, %ldkv: i32, %kvslots: i32, %eps: f32) kernel
        attributes {gpu.known_block_size = array<i32: 384, 1, 1>, cute.no_specialize, cute.cluster_dims = #cute.shape<"(CM,1,1)">} {
      %c0 = arith.constant 0 : i32
      %c1 = arith.constant 1 : i32
      %bnc = arith.constant #BN
      %c64 = arith.constant 64 : i32
      %chunks = arith.divui %bnc, %c64 : i32
      %c128 = arith.constant 128 : i32
      %direct = arith.constant #DIRECT
      %grouped = arith.constant #GROUPED
      %tmac = arith.constant #TMAC
      // SwiGLU (SWIGLU): B's rows are 64-row blocks of gate and up weights
      // in turn (gate block i at rows 128 i, up block i at 128 i + 64), and
      // C = silu(gate) x up has N / 2 columns: column 64 i + c of C from
      // GEMM columns 128 i + c and 128 i + 64 + c.
      %swiglu = arith.constant #SWIGLU
      %two = arith.constant 2 : i32
      %c4 = arith.constant 4 : i32
      %nHalf = arith.divui %n, %two : i32
      %nOut = arith.select %swiglu, %nHalf, %n : i32
      %shO = cute.make_shape(%m, %nOut)
      %true0 = arith.constant true
      %qkv = arith.constant #QKV
      %notQkv = arith.xori %qkv, %true0 : i1
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      // Grouped: B holds the groups' N x K blocks one after the other, and
      // the scheduler runs over a bound of the groups' tile rows.
      %c127 = arith.constant 127 : i32
      %nAll = arith.muli %n, %groups : i32
      %nb = arith.select %grouped, %nAll, %n : i32
      %pad = arith.muli %groups, %c127 : i32
      %mPad = arith.addi %m, %pad : i32
      %mv = arith.select %grouped, %mPad, %m : i32
      // Global tensors and their TMA descriptors.
      %shA = cute.make_shape(%m, %k)
      %shB = cute.make_shape(%nb, %k)
      %shC = cute.make_shape(%m, %n)
      %sk = cute.make_stride(%k) -> !cute.stride<"(?,1)">
      %la = cute.make_layout(%shA, %sk)
      %lb = cute.make_layout(%shB, %sk)
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      // C's pointer is typed TS, the type its TMA descriptor describes;
      // the element stores see it as TC (the same type but for f32 C).
      %pct = cute.recast(%pc) {elem_type = !TC} : !cute.ptr<!TS, gmem, align<16>> -> !cute.ptr<!TC, gmem, align<16>>
      %da = cute_nvgpu.make_tma_desc %ga -> !cute_nvgpu.tma_desc<load, !tileA>
      %db = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !tileB>
      // CLUSTER: B's half-tile boxes, each multicast to both CTAs.
      %dbm = cute_nvgpu.make_tma_desc %gb -> !cute_nvgpu.tma_desc<load, !tileBh, multicast = 2>
      // C's TMA store view, in the staging type TS; TMAC = false (f32 C):
      // a 64 x 64 stand-in that is never stored through (a legal box).
      %c64d = arith.constant 64 : i32
      %mD = arith.select %tmac, %m, %c64d : i32
      %nD = arith.select %tmac, %nOut, %c64d : i32
      %ldD = arith.select %tmac, %ldc, %c64d : i32
      %shD = cute.make_shape(%mD, %nD)
      %sD = cute.make_stride(%ldD) -> !cute.stride<"(?,1)">
      %lD = cute.make_layout(%shD, %sD)
      %gcs = cute.make_view(%pc, %lD)
      %dc = cute_nvgpu.make_tma_desc %gcs -> !cute_nvgpu.tma_desc<store, !tileC>
      // TMA copies address their boxes in these coordinate tensors.
      %cA = cute.make_identity_tensor(%shA)
      %cB = cute.make_identity_tensor(%shB)
      %cC = cute.make_identity_tensor(%shO)
      // Epilogue operands, in C's coordinates (M x N), read and written
      // element by element with masks at the edges: the residual R (strides
      // ldrm, ldrn; read when beta != 0), the bias (biasmode 1: one value per
      // column, bias[n]; 2: per row, bias[m]) and, for DIRECT instances,
      // C itself with strides (1, ldc): the swap-AB form that computes C^T.
      %srs = cute.make_stride(%ldr) -> !cute.stride<"(?{div=8},1)">
      %lr = cute.make_layout(%shO, %srs)
      %gr = cute.make_view(%pr, %lr)
      %srt = cute.make_stride(%ldr) -> !cute.stride<"(1,?)">
      %lrt = cute.make_layout(%shO, %srt)
      %grt = cute.make_view(%pr, %lrt)
      %c2 = arith.constant 2 : i32
      %biasM = arith.cmpi eq, %biasmode, %c2 : i32
      %biasN = arith.cmpi eq, %biasmode, %c1 : i32
      %hasBias = arith.ori %biasM, %biasN : i1
      %sbn = cute.static : !cute.stride<"(0,1)">
      %lbn = cute.make_layout(%shC, %sbn)
      %gbn = cute.make_view(%pbias, %lbn)
      %sbm = cute.static : !cute.stride<"(1,0)">
      %lbm = cute.make_layout(%shC, %sbm)
      %gbm = cute.make_view(%pbias, %lbm)
      // Per-row and per-column f32 scales (scalemode bit 0: sm[m], bit 1:
      // sn[n]; FP8 inputs quantized per token and per channel).
      %sm0 = arith.andi %scalemode, %c1 : i32
      %sn0 = arith.andi %scalemode, %c2 : i32
      %rowScaled = arith.cmpi ne, %sm0, %c0 : i32
      %colScaled = arith.cmpi ne, %sn0, %c0 : i32
      %lsm = cute.make_layout(%shC, %sbm)
      %gsm = cute.make_view(%psm, %lsm)
      %lsn = cute.make_layout(%shC, %sbn)
      %gsn = cute.make_view(%psn, %lsn)
      %fzero0 = arith.constant 0.0 : f32
      %hasR = arith.cmpf une, %beta, %fzero0 : f32
      // Grouped: C's rows stored element by element (ldc % 8 == 0).
      %scr = cute.make_stride(%ldc) -> !cute.stride<"(?{div=8},1)">
      %lcr = cute.make_layout(%shO, %scr)
      %gcr = cute.make_view(%pct, %lcr)
      %sct = cute.make_stride(%ldc) -> !cute.stride<"(1,?)">
      %lct = cute.make_layout(%shO, %sct)
      %gct = cute.make_view(%pct, %lct)
      // Shared memory: 4 stages of A and B, 2 x 2 staging tiles of C.
      %bars = cute.smem_alloc() : !cute.memref<i64, smem, align<8>, "8:1">
      %sA = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((128,BK),4):((BK,1),128*BK)">
      %sB = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((BN,BK),4):((BK,1),BN*BK)">
      %sC = cute.smem_alloc() : !cute.memref<!TS, smem, align<1024>, sw128, "((64,64),2,2):((64,1),4096,8192)">
      %sQ = cute.smem_alloc() : !cute.memref<!TS, smem, align<128>, "(QM,QN):(QR,QC)">
      // CLUSTER: a stage is free once the consumers of both CTAs released
      // it (multicast = 2: each release arrives in both CTAs).
      %loads = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {multicast = #CM} -> !cute_nvgpu.pipeline<tma_async, 4>
      %stores = cute_nvgpu.pipeline_create -> !cute_nvgpu.pipeline<tma_store, 2>
      // Groups of 8 tile rows for L2 reuse; grouped: row-major (GROUP = 1),
      // so each CTA's tiles come in increasing rows and each walk to a
      // tile's group goes forward a few groups.
      // CLUSTER (CM = 2 CTAs along M sharing B's tile): the scheduler runs
      // over cluster tiles (256 rows, scheduled as 128-row tiles of
      // ceil(m / 256) x 128 rows) and clusters (cluster c = CTAs 2c and
      // 2c + 1 takes positions c, c + clusters, ...); CTA r of the cluster
      // computes the tile's rows [128 r, 128 r + 128). Both CTAs walk the
      // same positions and K tiles, as the shared B loads need; stream-K
      // (splits = 0: per-CTA ranges) runs as one split.
      %clustered = arith.constant #CLUSTER
      %blockscale = arith.constant #BLOCKSCALE
      %cm = arith.constant #CM
      %mvs, %spl = scf.if %clustered -> (i32, i32) {
        %crows = arith.muli %c128, %cm : i32
        %crt = arith.ceildivui %mv, %crows : i32
        %ms = arith.muli %crt, %c128 : i32
        %streamK = arith.cmpi eq, %splits, %c0 : i32
        %s1 = arith.select %streamK, %c1, %splits : i32
        scf.yield %ms, %s1 : i32, i32
      } else {
        scf.yield %mv, %splits : i32, i32
      }
      %sched = cute.make_tile_scheduler %mvs, %n, %k tile [128, BN, BK] group GROUP splits %spl
      %first0, %end, %step0 = cute.tile_scheduler_range %sched
      %rank, %first, %step = scf.if %clustered -> (i32, i32, i32) {
        %r = cute_nvgpu.cluster_rank
        %f = arith.divui %first0, %cm : i32
        %st = arith.divui %step0, %cm : i32
        scf.yield %r, %f, %st : i32, i32, i32
      } else {
        scf.yield %c0, %first0, %step0 : i32, i32, i32
      }
      // The split-K / stream-K workspace: slots of 128 x BN floats.
      // reduce = 0: a slot per split, summed in order by the tile's last
      // split (deterministic); 1: one zeroed slot per tile that every split
      // adds to with red.add (cute_nvgpu.red_add), read and re-zeroed by
      // the last.
      %atomic = arith.cmpi ne, %reduce, %c0 : i32
      %slot0, %splitSlots = cute.tile_scheduler_slot %sched, %first
      %mtiles0 = arith.ceildivui %mvs, %c128 : i32
      %ntiles = arith.ceildivui %n, %bnc : i32
      // CLUSTER: CTA r's tile counters and workspace slots follow those of
      // the CTAs before it in the cluster: a block of the scheduler's
      // tiles (atomic) or slots (ordered) per rank.
      %mtiles, %splitSlotsC, %tileOff, %slotOff = scf.if %clustered -> (i32, i32, i32, i32) {
        %mt = arith.muli %mtiles0, %cm : i32
        %ss = arith.muli %splitSlots, %cm : i32
        %ct0 = arith.muli %mtiles0, %ntiles : i32
        %to = arith.muli %rank, %ct0 : i32
        %so = arith.muli %rank, %splitSlots : i32
        scf.yield %mt, %ss, %to, %so : i32, i32, i32, i32
      } else {
        scf.yield %mtiles0, %splitSlots, %c0, %c0 : i32, i32, i32, i32
      }
      %tiles = arith.muli %mtiles, %ntiles : i32
      %slots = arith.select %atomic, %tiles, %splitSlotsC : i32
      %wsShape = cute.make_shape(%slots) -> !cute.shape<"(((2,2,(8,BN/64)),1,1),256,?)">
      %wsStride = cute.static : !cute.stride<"(((1,2,(1024,8192)),0,0),4,128*BN)">
      %wsLayout = cute.make_layout(%wsShape, %wsStride)
      %ws = cute.make_view(%pws, %wsLayout)
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs 40 {
          %w = cute_nvgpu.warp_idx
          %w0 = arith.cmpi eq, %w, %c0 : i32
          scf.if %w0 {
            cute_nvgpu.elect_one {
              %p0 = cute_nvgpu.pipeline_producer_state %loads
              %pe:3 = scf.for %t = %first to %end step %step iter_args(%ps = %p0, %pg = %c0, %pr0 = %c0) -> (!LS, i32, i32) : i32 {
                %tm0, %tn = cute.tile_scheduler_coord %sched, %t
                %tm = scf.if %clustered -> (i32) {
                  %x = arith.muli %tm0, %cm : i32
                  %y = arith.addi %x, %rank : i32
                  scf.yield %y : i32
                } else {
                  scf.yield %tm0 : i32
                }
                %g, %rg, %row0, %rows, %tl = func.call @tile_origin(%grouped, %poffs, %groups, %m, %tm, %pg, %pr0) : (i1, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32)
                // The tile's A rows (from row row0 + 128 tl) and B columns
                // (group g's block), all k: (128|BN, BK, k).
                %tlr = arith.muli %tl, %c128 : i32
                %ar = arith.addi %row0, %tlr : i32
                %ao = cute.make_coord(%ar) -> !cute.coord<"(?,0)">
                %cAt = cute.domain_offset(%cA, %ao)
                %gn0 = arith.muli %g, %n : i32
                %bo = cute.make_coord(%gn0) -> !cute.coord<"(?,0)">
                %cBg = cute.domain_offset(%cB, %bo)
                %am = cute.make_coord() -> !cute.coord<"(0,_)">
                %bn = cute.make_coord(%tn) -> !cute.coord<"(?,_)">
                %gA = cute.local_tile(%cAt, %am) {tiler = #cute.shape<"(128,BK)">}
                %gB = cute.local_tile(%cBg, %bn) {tiler = #cute.shape<"(BN,BK)">}
                %kb, %ke0 = cute.tile_scheduler_k_tiles %sched, %t
                // An empty tile (past the last group) loads nothing.
                %empty = arith.cmpi eq, %rows, %c0 : i32
                %ke = arith.select %empty, %kb, %ke0 : i32
                %pk = scf.for %kt = %kb to %ke step %c1 iter_args(%q = %ps) -> (!LS) : i32 {
                  cute_nvgpu.pipeline_producer_acquire %loads, %q
                  %full = cute_nvgpu.pipeline_producer_get_barrier %loads, %q
                  %i = cute_nvgpu.pipeline_state_index %q
                  %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
                  %bufA = cute.tensor_slice(%sA, %sc)
                  %bufB = cute.tensor_slice(%sB, %sc)
                  %kc = cute.make_coord(%kt) -> !cute.coord<"(_,_,?)">
                  %gAk = cute.tensor_slice(%gA, %kc)
                  %gBk = cute.tensor_slice(%gB, %kc)
                  cute.copy(%gAk, %bufA) with(%da, %full)
                  scf.if %clustered {
                    // This CTA's half of B's tile, to both CTAs.
                    %mask = arith.constant 3 : i16
                    %hB, %gBh = cute_nvgpu.tma_partition %dbm, %rank (%bufB, %gBk)
                    cute.copy(%gBh, %hB) with(%dbm, %full, %mask)
                  } else {
                    cute.copy(%gBk, %bufB) with(%db, %full)
                  }
                  cute_nvgpu.pipeline_producer_commit %loads, %q
                  %qn = cute_nvgpu.pipeline_state_advance %q
                  scf.yield %qn : !LS
                }
                scf.yield %pk, %g, %rg : !LS, i32, i32
              }
              cute_nvgpu.pipeline_producer_tail %loads, %pe#0
            }
          }
        }
        role "consumer" warps [4, 12) max_regs 232 {
          %ct = arith.subi %tid, %c128 : i32
          %wg = arith.divui %ct, %c128 : i32
          %lt = arith.remui %ct, %c128 : i32
          %leader = arith.cmpi eq, %lt, %c0 : i32
          %first256 = arith.cmpi eq, %ct, %c0 : i32
          %acc = cute.make_fragment() : !acc
          // BLOCKSCALE: one K tile's product before it is scaled.
          %tmp = cute.make_fragment() : !acc
          %out = cute.make_fragment() : !cute.memref<!TC, rmem, align<16>, "(2,2,8):(1,2,4)">
          // C's values in the staging type TS (= TC; f32 C is never staged,
          // see TS above).
          %outS = cute.make_fragment() : !chunkS
          %alphas = vector.broadcast %alpha : f32 to vector<32xf32>
          %betas = vector.broadcast %beta : f32 to vector<32xf32>
          // QOUT: the output scale, one f32 at pos (read once per CTA).
          %qout = arith.constant #QOUT
          %fone = arith.constant 1.0 : f32
          %oscale = scf.if %qout -> (f32) {
            %sh1 = cute.make_shape(%c1) -> !cute.shape<"(?)">
            %st1 = cute.static : !cute.stride<"(1)">
            %l1 = cute.make_layout(%sh1, %st1)
            %os = cute.make_view(%pos, %l1)
            %oc = cute.make_coord(%c0) -> !cute.coord<"(?)">
            %oe = cute.tensor_slice(%os, %oc)
            %ov = cute.load(%oe)
            %o = vector.extract %ov[0] : f32 from vector<1xf32>
            scf.yield %o : f32
          } else {
            scf.yield %fone : f32
          }
          %oscales = vector.broadcast %oscale : f32 to vector<32xf32>
          %fzero = arith.constant 0.0 : f32
          %cs0 = cute_nvgpu.pipeline_consumer_state %loads
          %ss0 = cute_nvgpu.pipeline_producer_state %stores
          %fin:4 = scf.for %t = %first to %end step %step iter_args(%cs = %cs0, %ss = %ss0, %pg = %c0, %pr0 = %c0) -> (!LS, !SS, i32, i32) : i32 {
            %tm0, %tn = cute.tile_scheduler_coord %sched, %t
            %tm = scf.if %clustered -> (i32) {
              %x = arith.muli %tm0, %cm : i32
              %y = arith.addi %x, %rank : i32
              scf.yield %y : i32
            } else {
              scf.yield %tm0 : i32
            }
            %g, %rg, %row0, %rows, %tl = func.call @tile_origin(%grouped, %poffs, %groups, %m, %tm, %pg, %pr0) : (i1, !cute.ptr<i32, gmem, align<4>>, i32, i32, i32, i32, i32) -> (i32, i32, i32, i32, i32)
            // C's coordinates of the tile: rows from row0 + 128 tl.
            %tlr = arith.muli %tl, %c128 : i32
            %ar = arith.addi %row0, %tlr : i32
            // (SwiGLU: the tile's C columns start at BN / 2 tn.)
            %bnHalf = arith.divui %bnc, %two : i32
            %cbw = arith.select %swiglu, %bnHalf, %bnc : i32
            %cbase = arith.muli %tn, %cbw : i32
            %co = cute.make_coord(%ar, %cbase) -> !cute.coord<"(?,?)">
            %cCt = cute.domain_offset(%cC, %co)
            %mn = cute.make_coord() -> !cute.coord<"(0,0)">
            %gC = cute.local_tile(%cCt, %mn) {tiler = #cute.shape<"(128,BN)">}
            // Grouped: a tile of 128 rows of its group is TMA-stored, the
            // group's last (partial) tile row by row (TMA would write the
            // next group's rows).
            %tileEnd = arith.addi %tlr, %c128 : i32
            %fullTile = arith.cmpi ule, %tileEnd, %rows : i32
            %kb, %ke0 = cute.tile_scheduler_k_tiles %sched, %t
            %empty = arith.cmpi eq, %rows, %c0 : i32
            %ke = arith.select %empty, %kb, %ke0 : i32
            // The epilogue's operands for the tile's group: rows [row0,
            // row0 + rows) of C, R, the row bias and row scales; group g's
            // N values of the column bias and column scales (not GROUPED:
            // all m rows, g = 0).
            %shG = cute.make_shape(%rows, %n)
            %shGO = cute.make_shape(%rows, %nOut)
            %oR = cute.make_coord(%row0) -> !cute.coord<"(?,0)">
            %gn0 = arith.muli %g, %n : i32
            %oN = cute.make_coord(%gn0) -> !cute.coord<"(0,?)">
            %grO = cute.domain_offset(%gr, %oR)
            %grP = cute.get_iter(%grO)
            %lrG = cute.make_layout(%shGO, %srs)
            %grG = cute.make_view(%grP, %lrG)
            %gbnO = cute.domain_offset(%gbn, %oN)
            %gbnP = cute.get_iter(%gbnO)
            %lbnG = cute.make_layout(%shG, %sbn)
            %gbnG = cute.make_view(%gbnP, %lbnG)
            %gbmO = cute.domain_offset(%gbm, %oR)
            %gbmP = cute.get_iter(%gbmO)
            %lbmG = cute.make_layout(%shG, %sbm)
            %gbmG = cute.make_view(%gbmP, %lbmG)
            %gsmO = cute.domain_offset(%gsm, %oR)
            %gsmP = cute.get_iter(%gsmO)
            %gsmG = cute.make_view(%gsmP, %lbmG)
            %gsnO = cute.domain_offset(%gsn, %oN)
            %gsnP = cute.get_iter(%gsnO)
            %gsnG = cute.make_view(%gsnP, %lbnG)
            %gcO = cute.domain_offset(%gcr, %oR)
            %gcP = cute.get_iter(%gcO)
            %lcG = cute.make_layout(%shGO, %scr)
            %gcG = cute.make_view(%gcP, %lcG)
            cute.fill(%acc, %fzero)
            // Main loop: wgmma on stage s while TMA fills the others; the
            // stage read by the previous group is released once this
            // group is issued and the previous one has completed.
            // BLOCKSCALE: each K tile (one K block) into %tmp, waited for,
            // its stage released, then added to acc scaled by the block's
            // scales (gemm-blockscale.mlir).
            %kl:2 = scf.for %kt = %kb to %ke step %c1 iter_args(%q = %cs, %prev = %cs) -> (!LS, !LS) : i32 {
              cute_nvgpu.pipeline_consumer_wait %loads, %q
              %sv = scf.if %blockscale -> (vector<32xf32>) {
                %x = func.call @block_scale_vec(%psm, %psn, %m, %n, %k, %ar, %wg, %lt, %tn, %kt, %direct) : (!cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, i32, i32, i32, i1) -> vector<32xf32>
                scf.yield %x : vector<32xf32>
              } else {
                %z = vector.broadcast %fzero : f32 to vector<32xf32>
                scf.yield %z : vector<32xf32>
              }
              %i = cute_nvgpu.pipeline_state_index %q
              %sc = cute.make_coord(%i) -> !cute.coord<"(_,?)">
              %bufA = cute.tensor_slice(%sA, %sc)
              %bufB = cute.tensor_slice(%sB, %sc)
              %fa = cute.mma_partition "A" of #mma (%bufA, %ct)
              %fb = cute.mma_partition "B" of #mma (%bufB, %ct)
              cute_nvgpu.wgmma_fence
              scf.if %blockscale {
                %false = arith.constant false
                cute.gemm #wgmma (%fa, %fb, %tmp) accumulate(%false)
                cute_nvgpu.wgmma_commit_group
                cute_nvgpu.wgmma_wait_group 0
                cute_nvgpu.warp_sync
                cute_nvgpu.elect_one {
                  cute_nvgpu.pipeline_consumer_release %loads, %q
                }
                func.call @add_scaled(%acc, %tmp, %sv) : (!acc, !acc, vector<32xf32>) -> ()
              } else {
                cute.gemm #wgmma (%fa, %fb, %acc)
                cute_nvgpu.wgmma_commit_group
                cute_nvgpu.wgmma_wait_group 1
                %notFirst = arith.cmpi ugt, %kt, %kb : i32
                scf.if %notFirst {
                  cute_nvgpu.warp_sync
                  cute_nvgpu.elect_one {
                    cute_nvgpu.pipeline_consumer_release %loads, %prev
                  }
                }
              }
              %qn = cute_nvgpu.pipeline_state_advance %q
              scf.yield %qn, %q : !LS, !LS
            }
            cute_nvgpu.wgmma_wait_group 0
            // The last stage (BLOCKSCALE released every stage in the loop).
            %anyK = arith.cmpi ugt, %ke, %kb : i32
            %notBs = arith.xori %blockscale, %true0 : i1
            %any = arith.andi %anyK, %notBs : i1
            scf.if %any {
              cute_nvgpu.warp_sync
              cute_nvgpu.elect_one {
                cute_nvgpu.pipeline_consumer_release %loads, %kl#1
              }
            }
            // Split-K: the partial to the workspace; the last split of the
            // tile sums all of them and goes on to the epilogue
            // (gemm-splitk.mlir).
            %tile0, %split, %nsplit = cute.tile_scheduler_split %sched, %t
            %tile = scf.if %clustered -> (i32) {
              %x = arith.addi %tile0, %tileOff : i32
              scf.yield %x : i32
            } else {
              scf.yield %tile0 : i32
            }
            %partial = arith.cmpi ugt, %nsplit, %c1 : i32
            %complete = scf.if %partial -> (i1) {
              %slot1, %nslots = cute.tile_scheduler_slot %sched, %t
              %slot = scf.if %clustered -> (i32) {
                %x = arith.addi %slot1, %slotOff : i32
                scf.yield %x : i32
              } else {
                scf.yield %slot1 : i32
              }
              %last = func.call @split_fixup(%acc, %ws, %ct, %first256, %pflags, %atomic, %tiles, %tile, %slot, %split, %nsplit) : (!acc, !wsT, i32, i1, !cute.ptr<i32, gmem, align<4>>, i1, i32, i32, i32, i32, i32) -> i1
              scf.yield %last : i1
            } else {
              %true = arith.constant true
              scf.yield %true : i1
            }
            // Epilogue: BN/64 chunks of 64 columns per warpgroup. Each
            // chunk is act(alpha acc + beta R + bias) in f32, rounded to TC,
            // then staged in shared memory and TMA-stored (64 x 64 boxes),
            // or stored directly (DIRECT).
            // A tile past the last group has nothing to store.
            %notEmpty = arith.xori %empty, %true0 : i1
            %doEpi = arith.andi %complete, %notEmpty : i1
            %se = scf.if %doEpi -> (!SS) {
              %tm2 = arith.muli %tl, %c2 : i32
              %er = arith.addi %tm2, %wg : i32
              %tnc = arith.muli %tn, %chunks : i32
              %gate0 = vector.broadcast %fzero : f32 to vector<32xf32>
              // QKV: the previous tile's rows have been read.
              scf.if %qkv {
                cute_nvgpu.named_barrier id = 1, threads = 256
              }
              %sj:2 = scf.for %j = %c0 to %chunks step %c1 iter_args(%s = %ss, %gate = %gate0) -> (!SS, vector<32xf32>) : i32 {
                %jc = cute.make_coord(%j) -> !cute.coord<"((_,_,(_,?)),0,0)">
                %chunk = cute.tensor_slice(%acc, %jc)
                %v = cute.load(%chunk)
                %v1 = arith.mulf %v, %alphas : vector<32xf32>
                // The chunk's 64 x 64 block of the GEMM's columns (scales,
                // bias) and of C (R, stores), in units of such blocks;
                // SwiGLU: even chunks are gates, odd ones their ups, and
                // the pair makes C's block tn BN / 128 + j / 2.
                %ecol = arith.addi %tnc, %j : i32
                %eb = cute.make_coord(%er, %ecol) -> !cute.coord<"(?,?)">
                %jodd = arith.andi %j, %c1 : i32
                %isUp = arith.cmpi ne, %jodd, %c0 : i32
                %jh = arith.divui %j, %two : i32
                %tnh = arith.divui %tnc, %two : i32
                %ocolS = arith.addi %tnh, %jh : i32
                %ocol = arith.select %swiglu, %ocolS, %ecol : i32
                %jo = arith.select %swiglu, %jh, %j : i32
                %ob = cute.make_coord(%er, %ocol) -> !cute.coord<"(?,?)">
                %notSwiglu = arith.xori %swiglu, %true0 : i1
                %storeIt0 = arith.ori %notSwiglu, %isUp : i1
                %storeIt = arith.andi %storeIt0, %notQkv : i1
                %v2 = scf.if %rowScaled -> vector<32xf32> {
                  %st = cute.local_tile(%gsmG, %eb) {tiler = #cute.shape<"(64,64)">}
                  %sp = cute.mma_partition "C" of #cpart (%st, %lt)
                  %sf = cute.make_fragment() : !chunk
                  cute.copy(%sp, %sf) {fill = 0.0 : f32}
                  %sv = cute.load(%sf)
                  %o = arith.mulf %v1, %sv : vector<32xf32>
                  scf.yield %o : vector<32xf32>
                } else {
                  scf.yield %v1 : vector<32xf32>
                }
                %va = scf.if %colScaled -> vector<32xf32> {
                  %st = cute.local_tile(%gsnG, %eb) {tiler = #cute.shape<"(64,64)">}
                  %sp = cute.mma_partition "C" of #cpart (%st, %lt)
                  %sf = cute.make_fragment() : !chunk
                  cute.copy(%sp, %sf) {fill = 0.0 : f32}
                  %sv = cute.load(%sf)
                  %o = arith.mulf %v2, %sv : vector<32xf32>
                  scf.yield %o : vector<32xf32>
                } else {
                  scf.yield %v2 : vector<32xf32>
                }
                %vb = scf.if %hasBias -> vector<32xf32> {
                  %bf = cute.make_fragment() : !chunkE
                  scf.if %biasN {
                    %bt = cute.local_tile(%gbnG, %eb) {tiler = #cute.shape<"(64,64)">}
                    %bp = cute.mma_partition "C" of #cpart (%bt, %lt)
                    cute.copy(%bp, %bf) {fill = 0.0 : !TE}
                  } else {
                    %bt = cute.local_tile(%gbmG, %eb) {tiler = #cute.shape<"(64,64)">}
                    %bp = cute.mma_partition "C" of #cpart (%bt, %lt)
                    cute.copy(%bp, %bf) {fill = 0.0 : !TE}
                  }
                  %bv = cute.load(%bf)
                  %bx = arith.extf %bv : vector<32x!TE> to vector<32xf32>
                  %o = arith.addf %va, %bx : vector<32xf32>
                  scf.yield %o : vector<32xf32>
                } else {
                  scf.yield %va : vector<32xf32>
                }
                // SwiGLU: silu(gate) x up at an up chunk (the gate chunk
                // only passes its value on).
                %siluG = func.call @activation(%gate, %c4) : (vector<32xf32>, i32) -> vector<32xf32>
                %glu = arith.mulf %siluG, %vb : vector<32xf32>
                %vx = arith.select %swiglu, %glu, %vb : vector<32xf32>
                %gateNext = arith.select %isUp, %gate, %vb : vector<32xf32>
                %readR = arith.andi %hasR, %storeIt : i1
                %vr = scf.if %readR -> vector<32xf32> {
                  %rf = cute.make_fragment() : !chunkE
                  // R as C^T (swap-AB) or by rows (the others). Branches on
                  // the parameters themselves, so each instance keeps only
                  // its view of R: a view left in would be checked at launch
                  // (R^T's offsets overflow 32 bits at 1 x 151936 x 4096).
                  %rowsR = arith.constant true
                  %byRows = scf.if %direct -> (i1) {
                    %gr2 = scf.if %grouped -> (i1) {
                      scf.yield %rowsR : i1
                    } else {
                      %tr = cute.local_tile(%grt, %ob) {tiler = #cute.shape<"(64,64)">}
                      %tp = cute.mma_partition "C" of #cpart (%tr, %lt)
                      cute.copy(%tp, %rf) {fill = 0.0 : !TE}
                      %no = arith.constant false
                      scf.yield %no : i1
                    }
                    scf.yield %gr2 : i1
                  } else {
                    scf.yield %rowsR : i1
                  }
                  scf.if %byRows {
                    %rt = cute.local_tile(%grG, %ob) {tiler = #cute.shape<"(64,64)">}
                    %rp = cute.mma_partition "C" of #cpart (%rt, %lt)
                    cute.copy(%rp, %rf) {fill = 0.0 : !TE}
                  }
                  %rv = cute.load(%rf)
                  %rx = arith.extf %rv : vector<32x!TE> to vector<32xf32>
                  %rb = arith.mulf %rx, %betas : vector<32xf32>
                  %o = arith.addf %vx, %rb : vector<32xf32>
                  scf.yield %o : vector<32xf32>
                } else {
                  scf.yield %vx : vector<32xf32>
                }
                %ya = func.call @activation(%vr, %act) : (vector<32xf32>, i32) -> vector<32xf32>
                %y = arith.select %swiglu, %vr, %ya : vector<32xf32>
                // QOUT (FP8 C): times the output scale, then rounded to
                // nearest even and saturated to +-448 (cvt.rn.satfinite).
                // Through f64 so that one spelling serves f32 C too: the
                // exact extension folds away (truncf(extf x) -> truncf x).
                %yq = arith.mulf %y, %oscales : vector<32xf32>
                %yo = arith.select %qout, %yq, %y : vector<32xf32>
                %y64 = arith.extf %yo : vector<32xf32> to vector<32xf64>
                %h = arith.truncf %y64 : vector<32xf64> to vector<32x!TC>
                cute.store(%h, %out)
                %hS = arith.truncf %y64 : vector<32xf64> to vector<32x!TS>
                cute.store(%hS, %outS)
                // QKV: the chunk, rounded to bf16 (TS), to the tile's staging.
                scf.if %qkv {
                  %qb = cute.make_coord(%wg, %j) -> !cute.coord<"(?,?)">
                  %qt = cute.local_tile(%sQ, %qb) {tiler = #cute.shape<"(64,64)">}
                  %qp = cute.mma_partition "C" of #cpart (%qt, %lt)
                  cute.copy(%outS, %qp)
                }
                %sstore = scf.if %storeIt -> (!SS) {
                %snext = scf.if %direct -> (!SS) {
                  %sd = scf.if %grouped -> (!SS) {
                    %sg = scf.if %fullTile -> (!SS) {
                      %st2 = func.call @store_chunk_tma(%stores, %s, %leader, %sC, %wg, %lt, %outS, %gC, %jo, %dc) : (!cute_nvgpu.pipeline<tma_store, 2>, !SS, i1, !cute.memref<!TS, smem, align<1024>, sw128, "((64,64),2,2):((64,1),4096,8192)">, i32, i32, !chunkS, !cute.coord_tensor<"(?,?)", "(128,BN):(1@0,1@1)">, i32, !cute_nvgpu.tma_desc<store, !tileC>) -> !SS
                      scf.yield %st2 : !SS
                    } else {
                      %ot = cute.local_tile(%gcG, %ob) {tiler = #cute.shape<"(64,64)">}
                      %op = cute.mma_partition "C" of #cpart (%ot, %lt)
                      cute.copy(%out, %op) {masked}
                      scf.yield %s : !SS
                    }
                    scf.yield %sg : !SS
                  } else {
                    %ot = cute.local_tile(%gct, %ob) {tiler = #cute.shape<"(64,64)">}
                    %op = cute.mma_partition "C" of #cpart (%ot, %lt)
                    cute.copy(%out, %op) {masked}
                    scf.yield %s : !SS
                  }
                  scf.yield %sd : !SS
                } else {
                  // TMAC = false (f32 C): masked stores of C's rows.
                  %sm2 = scf.if %tmac -> (!SS) {
                    %st2 = func.call @store_chunk_tma(%stores, %s, %leader, %sC, %wg, %lt, %outS, %gC, %jo, %dc) : (!cute_nvgpu.pipeline<tma_store, 2>, !SS, i1, !cute.memref<!TS, smem, align<1024>, sw128, "((64,64),2,2):((64,1),4096,8192)">, i32, i32, !chunkS, !cute.coord_tensor<"(?,?)", "(128,BN):(1@0,1@1)">, i32, !cute_nvgpu.tma_desc<store, !tileC>) -> !SS
                    scf.yield %st2 : !SS
                  } else {
                    %ot = cute.local_tile(%gcG, %ob) {tiler = #cute.shape<"(64,64)">}
                    %op = cute.mma_partition "C" of #cpart (%ot, %lt)
                    cute.copy(%out, %op) {masked}
                    scf.yield %s : !SS
                  }
                  scf.yield %sm2 : !SS
                }
                scf.yield %snext : !SS
                } else {
                  scf.yield %s : !SS
                }
                scf.yield %sstore, %gateNext : !SS, vector<32xf32>
              } {cute.unroll}
              // QKV: the tile's tokens to q_out and the caches (gemm-qkv.mlir).
              scf.if %qkv {
                func.call @qkv_epilogue(%sQ, %ct, %tn, %tl, %ar, %m, %n, %pc, %pqw, %pkw, %pcs, %ppos, %pslot, %pkc, %pvc, %pks, %pvs, %hq, %hkv, %ldc, %ldkv, %kvslots, %eps) : (!cute.memref<!TS, smem, align<128>, "(QM,QN):(QR,QC)">, i32, i32, i32, i32, i32, i32, !cute.ptr<!TS, gmem, align<16>>, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<bf16, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<i32, gmem, align<4>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<!KV, gmem, align<2>>, !cute.ptr<f32, gmem, align<4>>, !cute.ptr<f32, gmem, align<4>>, i32, i32, i32, i32, i32, f32) -> ()
              }
              scf.yield %sj#0 : !SS
            } else {
              scf.yield %ss : !SS
            }
            scf.yield %kl#0, %se, %g, %rg : !LS, !SS, i32, i32
          }
          scf.if %leader {
            cute_nvgpu.pipeline_producer_tail %stores, %fin#1
          }
        }
      // CLUSTER: neither CTA leaves while its peer may still signal its
      // barriers or multicast into its shared memory.
      scf.if %clustered {
        cute_nvgpu.cluster_sync
      }
      gpu.return
    }
  }
}
