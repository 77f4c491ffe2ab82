// Block-scaled mma.sync kernels (one warp, operands from global memory
// through cute.mma_partition / partition_tv into register fragments, two
// k-blocks) compile for sm_120a and assemble with ptxas; the PTX has the
// three block_scale forms of the atom. Not run: no GPU here executes
// sm_120a code.
// REQUIRES: ptxas
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=cubin output-dir=%t" -o /dev/null
// RUN: test -s %t/bs.sm_120a.cubin
// RUN: FileCheck %s < %t/bs.sm_120a.ptx

// CHECK-LABEL: .entry nvf4(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::4X.f32.e2m1.e2m1.f32.ue4m3
// CHECK-LABEL: .entry mxf4(
// CHECK-COUNT-2: mma.sync.aligned.m16n8k64.row.col.kind::mxf4nvf4.block_scale.scale_vec::2X.f32.e2m1.e2m1.f32.ue8m0
// CHECK-LABEL: .entry mxf8(
// CHECK-COUNT-4: mma.sync.aligned.m16n8k32.row.col.kind::mxf8f6f4.block_scale.scale_vec::1X.f32.e5m2.e2m1.f32.ue8m0
module attributes {gpu.container_module} {
  gpu.module @bs {
    // NVFP4: A 16 x 128, B 8 x 128 (row-major, K contiguous), UE4M3 scales
    // per 16 (rows x 8, row-major), C 16 x 8 f32.
    gpu.func @nvf4(%pa: !cute.ptr<f4E2M1FN, gmem, align<16>>, %pb: !cute.ptr<f4E2M1FN, gmem, align<16>>, %psa: !cute.ptr<f8E4M3FN, gmem, align<16>>, %psb: !cute.ptr<f8E4M3FN, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>, %acc: i1) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,128):(128,1)">
      %lb = cute.static : !cute.layout<"(8,128):(128,1)">
      %lsa = cute.static : !cute.layout<"(16,8):(8,1)">
      %lsb = cute.static : !cute.layout<"(8,8):(8,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gsa = cute.make_view(%psa, %lsa)
      %gsb = cute.make_view(%psb, %lsb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16>, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid) : (!cute.memref<f4E2M1FN, gmem, align<16>, "(16,128):(128,1)">, i32) -> !cute.memref<f4E2M1FN, gmem, align<4>, "((8,2,2),1,2):((1,1024,32),0,64)">
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16>, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid) : (!cute.memref<f4E2M1FN, gmem, align<16>, "(8,128):(128,1)">, i32) -> !cute.memref<f4E2M1FN, gmem, align<4>, "((8,2),1,2):((1,32),0,64)">
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16>, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid) : (!cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">, i32) -> !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
      // The atom's SFA/SFB layouts with one value per scale vector: lane l
      // holds row 8 (l % 2) + l / 4 of A, column l / 4 of B.
      %tsa = cute.partition_tv(%gsa, %tid) {tv_layout = #cute.layout<"((2,2,8),8):((8,0,1),16)">}
      %tsb = cute.partition_tv(%gsb, %tid) {tv_layout = #cute.layout<"((4,8),8):((0,1),8)">}
      %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),1,2):((1,8,16),0,32)">
      %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2),1,2):((1,8),0,16)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
      %sa = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<8>, "(4,1,2):(1,0,4)">
      %sb = cute.make_fragment() : !cute.memref<f8E4M3FN, rmem, align<8>, "(4,1,2):(1,0,4)">
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tc, %fc)
      cute.copy(%tsa, %sa)
      cute.copy(%tsb, %sb)
      cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E4M3FN, vs = 16> (%fa, %fb, %fc) scales(%sa, %sb) accumulate(%acc) : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),1,2):((1,8,16),0,32)">, !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2),1,2):((1,8),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f8E4M3FN, rmem, align<8>, "(4,1,2):(1,0,4)">, !cute.memref<f8E4M3FN, rmem, align<8>, "(4,1,2):(1,0,4)">
      cute.copy(%fc, %tc)
      gpu.return
    }

    // MXFP4: E8M0 scales per 32 (rows x 4).
    gpu.func @mxf4(%pa: !cute.ptr<f4E2M1FN, gmem, align<16>>, %pb: !cute.ptr<f4E2M1FN, gmem, align<16>>, %psa: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %psb: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,128):(128,1)">
      %lb = cute.static : !cute.layout<"(8,128):(128,1)">
      %lsa = cute.static : !cute.layout<"(16,4):(4,1)">
      %lsb = cute.static : !cute.layout<"(8,4):(4,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gsa = cute.make_view(%psa, %lsa)
      %gsb = cute.make_view(%psb, %lsb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid) : (!cute.memref<f4E2M1FN, gmem, align<16>, "(16,128):(128,1)">, i32) -> !cute.memref<f4E2M1FN, gmem, align<4>, "((8,2,2),1,2):((1,1024,32),0,64)">
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid) : (!cute.memref<f4E2M1FN, gmem, align<16>, "(8,128):(128,1)">, i32) -> !cute.memref<f4E2M1FN, gmem, align<4>, "((8,2),1,2):((1,32),0,64)">
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid) : (!cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">, i32) -> !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
      %tsa = cute.partition_tv(%gsa, %tid) {tv_layout = #cute.layout<"((2,2,8),4):((8,0,1),16)">}
      %tsb = cute.partition_tv(%gsb, %tid) {tv_layout = #cute.layout<"((4,8),4):((0,1),8)">}
      %fa = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),1,2):((1,8,16),0,32)">
      %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2),1,2):((1,8),0,16)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
      %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "(2,1,2):(1,0,2)">
      %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "(2,1,2):(1,0,2)">
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tsa, %sa)
      cute.copy(%tsb, %sb)
      %z = arith.constant dense<0.0> : vector<4xf32>
      cute.store(%z, %fc)
      cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 64, a = f4E2M1FN, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2,2),1,2):((1,8,16),0,32)">, !cute.memref<f4E2M1FN, rmem, align<16>, "((8,2),1,2):((1,8),0,16)">, !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f8E8M0FNU, rmem, align<4>, "(2,1,2):(1,0,2)">, !cute.memref<f8E8M0FNU, rmem, align<4>, "(2,1,2):(1,0,2)">
      cute.copy(%fc, %tc)
      gpu.return
    }

    // MXF8F6F4 m16n8k32: e5m2 x e2m1 (e2m1 one code per byte in memory is
    // not a cute type: the fragment holds f4E2M1FN packed, the lowering
    // spreads it into 8-bit containers), K = 128: four k-blocks.
    gpu.func @mxf8(%pa: !cute.ptr<f8E5M2, gmem, align<16>>, %pb: !cute.ptr<f4E2M1FN, gmem, align<16>>, %psa: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %psb: !cute.ptr<f8E8M0FNU, gmem, align<16>>, %pc: !cute.ptr<f32, gmem, align<16>>) kernel
        attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %la = cute.static : !cute.layout<"(16,128):(128,1)">
      %lb = cute.static : !cute.layout<"(8,128):(128,1)">
      %lsa = cute.static : !cute.layout<"(16,4):(4,1)">
      %lsb = cute.static : !cute.layout<"(8,4):(4,1)">
      %lc = cute.static : !cute.layout<"(16,8):(8,1)">
      %ga = cute.make_view(%pa, %la)
      %gb = cute.make_view(%pb, %lb)
      %gsa = cute.make_view(%psa, %lsa)
      %gsb = cute.make_view(%psb, %lsb)
      %gc = cute.make_view(%pc, %lc)
      %ta = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E5M2, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(1,1,1):(0,0,0)">> (%ga, %tid) : (!cute.memref<f8E5M2, gmem, align<16>, "(16,128):(128,1)">, i32) -> !cute.memref<f8E5M2, gmem, align<4>, "((4,2,2),1,4):((1,1024,16),0,32)">
      %tb = cute.mma_partition "B" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E5M2, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(1,1,1):(0,0,0)">> (%gb, %tid) : (!cute.memref<f4E2M1FN, gmem, align<16>, "(8,128):(128,1)">, i32) -> !cute.memref<f4E2M1FN, gmem, align<2>, "((4,2),1,4):((1,16),0,32)">
      %tc = cute.mma_partition "C" of #cute.tiled_mma<#cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E5M2, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32>, #cute.layout<"(1,1,1):(0,0,0)">> (%gc, %tid) : (!cute.memref<f32, gmem, align<16>, "(16,8):(8,1)">, i32) -> !cute.memref<f32, gmem, align<8>, "((2,2),1,1):((1,64),0,0)">
      %tsa = cute.partition_tv(%gsa, %tid) {tv_layout = #cute.layout<"((2,2,8),4):((8,0,1),16)">}
      %tsb = cute.partition_tv(%gsb, %tid) {tv_layout = #cute.layout<"((4,8),4):((0,1),8)">}
      %fa = cute.make_fragment() : !cute.memref<f8E5M2, rmem, align<16>, "((4,2,2),1,4):((1,4,8),0,16)">
      %fb = cute.make_fragment() : !cute.memref<f4E2M1FN, rmem, align<16>, "((4,2),1,4):((1,4),0,8)">
      %fc = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">
      %sa = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "(1,1,4):(0,0,1)">
      %sb = cute.make_fragment() : !cute.memref<f8E8M0FNU, rmem, align<4>, "(1,1,4):(0,0,1)">
      cute.copy(%ta, %fa)
      cute.copy(%tb, %fb)
      cute.copy(%tc, %fc)
      cute.copy(%tsa, %sa)
      cute.copy(%tsb, %sb)
      cute.gemm #cute_nvgpu.mma_block_scale<m = 16, n = 8, k = 32, a = f8E5M2, b = f4E2M1FN, c = f32, sf = f8E8M0FNU, vs = 32> (%fa, %fb, %fc) scales(%sa, %sb) : !cute.memref<f8E5M2, rmem, align<16>, "((4,2,2),1,4):((1,4,8),0,16)">, !cute.memref<f4E2M1FN, rmem, align<16>, "((4,2),1,4):((1,4),0,8)">, !cute.memref<f32, rmem, align<16>, "((2,2),1,1):((1,2),0,0)">, !cute.memref<f8E8M0FNU, rmem, align<4>, "(1,1,4):(0,0,1)">, !cute.memref<f8E8M0FNU, rmem, align<4>, "(1,1,4):(0,0,1)">
      cute.copy(%fc, %tc)
      gpu.return
    }
  }
}
