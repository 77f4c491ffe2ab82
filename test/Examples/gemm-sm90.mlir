// examples/gemm-sm90: one source, twenty-three instances. The swap-AB instances
// (DIRECT) store C^T element by element: their TMA store descriptor was
// only used in the other instances' branch (cute-resolve-static-branches),
// so it is no kernel parameter, and their PTX has no TMA store. Every
// instance's epilogue reads the residual and bias and computes the
// activation with ex2.approx. The grouped instances take the group
// offsets and count, keep the TMA store (full tiles of a group) and store
// a group's last tile with 32-bit stores (pairs of bf16 along a row, C's
// pitch a multiple of 8), and reduce nothing atomically unless asked
// (red.add.v4 is there for reduce = 1).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/gemm-sm90/kernel.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=META < %t/gemm_sm90.sm_90a.json
// Each instance records only the views of its own branches: R is read by
// rows or (swap-AB) as R^T, never both (a view left in is checked at
// launch: R^T's offsets overflow 32 bits at 1 x 151936 x 4096).
// RUN: %python -c "import json, sys; d = json.load(open(sys.argv[1])); v = {k['name']: len([p for p in k['params'] if p['name'] == 'pr'][0]['views']) for k in d['kernels']}; print(v); sys.exit(0 if set(v.values()) == {1} else 1)" %t/gemm_sm90.sm_90a.json
// RUN: sed -n '/^.visible .entry gemm_bf16(/,/\/\/ .globl/p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=TILE
// RUN: sed -n '/^.visible .entry gemm_bf16_swap(/,/\/\/ .globl/p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=SWAP
// RUN: sed -n '/^.visible .entry gemm_bf16_grouped(/,$p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=GROUPED
// Output types: f32 C (bf16_f32) and e4m3 C with an output scale
// (e4m3_e4m3) are stored by rows from registers (TMAC = false): 8-byte
// pairs of f32, 2-byte pairs of e4m3 rounded by cvt.rn.satfinite.
// RUN: sed -n '/^.visible .entry gemm_bf16_f32(/,/\/\/ .globl/p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=F32
// RUN: sed -n '/^.visible .entry gemm_e4m3_e4m3(/,/\/\/ .globl/p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=E4M3

// META: "name":"gemm_bf16","params":
// META-SAME: "name":"act"
// META-SAME: "name":"pc_tma"
// META: "name":"gemm_bf16_swap","params":
// META-SAME: "name":"act"
// META-SAME: "name":"pb_tma"
// META-NOT: pc_tma
// META-SAME: "smem_dynamic"
// META: "name":"gemm_bf16_grouped","params":
// META-SAME: "name":"reduce"
// META-SAME: "name":"poffs"
// META-SAME: "name":"groups"
// META-SAME: "name":"pc_tma"

// TILE: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// TILE: ex2.approx
// TILE: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group

// SWAP: wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16
// SWAP-NOT: cp.async.bulk.tensor.2d.global.shared
// SWAP: ex2.approx
// SWAP: st.global.b16
// SWAP-NOT: cp.async.bulk.tensor.2d.global.shared

// GROUPED: wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16
// GROUPED: red.relaxed.gpu.global.add.v4.f32
// GROUPED: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// GROUPED: st.global.b32

// F32: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// F32-NOT: cp.async.bulk.tensor.2d.global.shared
// F32-NOT: cvt.rn.bf16x2.f32
// F32: st.global.v2.b32
// F32-NOT: cp.async.bulk.tensor.2d.global.shared

// E4M3: wgmma.mma_async.sync.aligned.m64n256k32.f32.e4m3.e4m3
// E4M3-NOT: cp.async.bulk.tensor.2d.global.shared
// E4M3: cvt.rn.satfinite.e4m3x2.f32
// E4M3: st.global.v2.b8
// E4M3-NOT: cp.async.bulk.tensor.2d.global.shared
