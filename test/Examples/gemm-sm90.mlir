// examples/gemm-sm90: one source, twenty-nine instances. The swap-AB instances
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
// The 2 x 1 clusters (CM = 2, CLUSTER): a cluster kernel (cute.cluster_dims
// from the parameter), the barriers initialised before a cluster barrier,
// the empty barriers counting 16 releases (8 consumer warps x 2 CTAs, each
// release arriving in both CTAs through mapa), A loaded by one TMA into
// this CTA, half of B by one multicast TMA into both, 49152 bytes expected
// per stage all the same; both CTAs wait for each other before leaving.
// The one-CTA instances have no cluster (the attribute is dropped for
// CM = 1: their PTX is the same as before the parameter).
// RUN: sed -n '/^.visible .entry gemm_bf16_c2(/,/\/\/ .globl/p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=CLUSTER
// RUN: sed -n '/^.visible .entry gemm_bf16(/,/\/\/ .globl/p' %t/gemm_sm90.sm_90a.ptx | FileCheck %s --check-prefix=NOCLUSTER
// RUN: FileCheck %s --check-prefix=CMETA < %t/gemm_sm90.sm_90a.json
// The verifier's facts for one cluster instance (128 x 128): 16384 bytes
// of A and a box of 8192 of B multicast to 2 per stage.
// RUN: cute-opt %cute_src/examples/gemm-sm90/kernel.mlir --cute-instance=BN=128,CM=2,CLUSTER=true --cute-compile="chip=sm_90a format=ptx output-dir=%t report=true" -o /dev/null --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=FACTS

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

// CLUSTER: .explicitcluster
// CLUSTER-NEXT: .reqnctapercluster 2, 1, 1
// CLUSTER: mov.b32 %r[[EMPTY:[0-9]+]], 16;
// CLUSTER-NEXT: mbarrier.init.shared.b64 [__cute_dynamic_smem+32], %r[[EMPTY]];
// CLUSTER: fence.mbarrier_init.release.cluster;
// CLUSTER-NEXT: barrier.cluster.arrive.aligned;
// CLUSTER-NEXT: barrier.cluster.wait.aligned;
// CLUSTER: mov.b32 %r{{[0-9]+}}, 49152;
// CLUSTER-NEXT: mbarrier.arrive.expect_tx.shared.b64
// CLUSTER: cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes [
// CLUSTER: mov.b16 %rs[[MASK:[0-9]+]], 3;
// CLUSTER-NEXT: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster [{{.*}}], %rs[[MASK]];
// CLUSTER: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// CLUSTER: mapa.shared::cluster.u64 %rd{{[0-9]+}}, %rd{{[0-9]+}}, 1;
// The releases: CTA-scope (the default .release.cta), never .release.cluster,
// whose fences (MEMBAR.ALL.GPU) cost 2 us per K tile on the H100.
// CLUSTER-NOT: release.cluster
// CLUSTER: mbarrier.arrive.shared::cluster.b64 _, [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CLUSTER-NEXT: mbarrier.arrive.shared::cluster.b64 _, [%rd{{[0-9]+}}], %r{{[0-9]+}};
// CLUSTER: cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group
// CLUSTER: barrier.cluster.arrive.aligned;
// CLUSTER-NEXT: barrier.cluster.wait.aligned;

// NOCLUSTER-NOT: {{reqnctapercluster|explicitcluster|barrier.cluster|multicast::cluster|mapa}}
// NOCLUSTER: wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16
// NOCLUSTER-NOT: {{reqnctapercluster|explicitcluster|barrier.cluster|multicast::cluster|mapa}}

// CMETA: "cluster":[1,1,1],"name":"gemm_bf16","params"
// CMETA: "cluster":[2,1,1],"name":"gemm_bf16_c2","params"
// CMETA: "cluster":[2,1,1],"name":"gemm_f16_c2","params"
// CMETA: "cluster":[2,1,1],"name":"gemm_e4m3_c2","params"
// CMETA: "cluster":[2,1,1],"name":"gemm_bf16_n128_c2","params"

// FACTS: remark: kernel @gemm_128_2_true: 384 threads, 165120 bytes of shared memory
// FACTS: remark: pipeline %loads (tma_async, 4 stages): each stage receives 32768 bytes from its TMA loads (1 box of 16384 + 1 box of 8192 x multicast 2) = tx_bytes
// FACTS: remark: pipeline %loads (tma_async, 4 stages): consumers = 8: 8 threads (one per warp of role "consumer", warps [4, 12)) release each stage
