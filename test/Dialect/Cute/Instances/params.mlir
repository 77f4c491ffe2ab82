// Instance parameters: types and integers resolved while parsing, from the
// defaults or from --cute-instance.
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance=T=f16,BK=32 | FileCheck %s --check-prefix=F16
// RUN: cute-opt %s --cute-instance=e4m3:T=f8E4M3FN,BK=128 | FileCheck %s --check-prefix=E4M3
// RUN: cute-opt %s --cute-instance=T=f16 --cute-instance=T=bf16,BK=16 | FileCheck %s --check-prefix=TWO
// RUN: cute-opt %s --cute-instance=BK=8 | FileCheck %s --check-prefix=SMALL
// SMALL: gpu.func @k_8(
// SMALL: arith.constant 8 : i32

!T = !cute.param<"T", bf16>
#BK = #cute.param<"BK", 64 : i32>
#STAGES = #cute.param<"STAGES", 4 : i32>

module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%p: !cute.ptr<!T, gmem, align<16>>, %x: vector<4x!T>, %m: !cute.memref<!T, gmem, align<16>, "(4,?):(1,?{i64,div=BK/8})">) kernel {
      %bk = arith.constant #BK
      %s = cute.smem_alloc() : !cute.memref<!T, smem, align<1024>, sw128, "((128,BK),STAGES):((BK,1),128*BK)">
      %a = cute.smem_alloc() : !cute.memref<!T, smem, align<16>, "(BK/2,BK%5+1):(1,BK/2)">
      gpu.return
    }
  }
}
// DEFAULT-LABEL: gpu.func @k(
// DEFAULT-SAME: !cute.ptr<bf16, gmem, align<16>>{{.*}}: vector<4xbf16>
// A dynamic leaf's divisor may be an expression of parameters too.
// DEFAULT-SAME: "(4,?):(1,?{i64,div=8})"
// DEFAULT: arith.constant 64 : i32
// DEFAULT: !cute.memref<bf16, smem, align<1024>, S<3,3,3>, "((128,64),4):((64,1),8192)">
// DEFAULT: !cute.memref<bf16, smem, align<16>, "(32,5):(1,32)">

// F16-LABEL: gpu.func @k_f16_32(
// F16-SAME: !cute.ptr<f16, gmem, align<16>>{{.*}}: vector<4xf16>
// F16-SAME: "(4,?):(1,?{i64,div=4})"
// F16: arith.constant 32 : i32
// F16: !cute.memref<f16, smem, align<1024>, S<3,3,3>, "((128,32),4):((32,1),4096)">
// F16: "(16,3):(1,16)"

// E4M3-LABEL: gpu.func @k_e4m3(
// E4M3-SAME: !cute.ptr<f8E4M3FN, gmem, align<16>>
// E4M3: arith.constant 128 : i32
// E4M3: !cute.memref<f8E4M3FN, smem, align<1024>, S<3,4,3>, "((128,128),4):((128,1),16384)">

// Two instances in one module, each kernel named after its arguments.
// TWO: gpu.module @m
// TWO: gpu.func @k_f16(
// TWO-SAME: !cute.ptr<f16
// TWO: "((128,64),4):((64,1),8192)"
// TWO: gpu.func @k_bf16_16(
// TWO-SAME: !cute.ptr<bf16
// TWO: "((128,16),4):((16,1),2048)"
