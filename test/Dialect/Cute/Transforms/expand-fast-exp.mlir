// cute-expand-fast-exp: an f32 math.exp with afn becomes exp2 of x * log2(e)
// (0x3FB8AA3B = 1.44269502, log2(e) rounded to f32) on the whole value,
// with the same flags; without afn, or on f16/f64, it stays.
// --cute-compile runs the pass always: the vector multiply stays a vector
// op (on sm_100a two mul.rn.f32x2 for 4 elements) and each element is one
// ex2.approx.f32 (PTX ISA: ex2.approx.f32 "implements a fast approximation
// to 2^a"), where libdevice's __nv_fast_expf would be called per element.
// RUN: cute-opt %s --cute-expand-fast-exp | FileCheck %s
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %s --cute-compile="chip=sm_100a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX100 < %t/m.sm_100a.ptx
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX90 < %t/m.sm_90a.ptx
// RUN: cute-opt %s --cute-compile="chip=sm_120a format=ptx output-dir=%t" -o /dev/null
// RUN: %if ptxas %{ /usr/local/cuda/bin/ptxas -arch=sm_90a %t/m.sm_90a.ptx -o %t/m.sm_90a.cubin %}
// RUN: %if ptxas %{ /usr/local/cuda/bin/ptxas -arch=sm_100a %t/m.sm_100a.ptx -o %t/m.sm_100a.cubin %}
// RUN: %if ptxas %{ /usr/local/cuda/bin/ptxas -arch=sm_120a %t/m.sm_120a.ptx -o %t/m.sm_120a.cubin %}

// CHECK-LABEL: gpu.func @k
// CHECK: %[[K:.*]] = arith.constant dense<1.44269502> : vector<4xf32>
// CHECK: %[[X:.*]] = arith.mulf %{{.*}}, %[[K]] : vector<4xf32>
// CHECK: math.exp2 %[[X]] fastmath<afn> : vector<4xf32>
// CHECK: %[[KS:.*]] = arith.constant 1.44269502 : f32
// CHECK: %[[XS:.*]] = arith.mulf %{{.*}}, %[[KS]] : f32
// CHECK: math.exp2 %[[XS]] fastmath<nnan,afn> : f32
// CHECK: math.exp %{{.*}} : f32
// CHECK: math.exp %{{.*}} fastmath<afn> : vector<1xf16>

// PTX100-COUNT-2: mul.rn.f32x2
// PTX100-COUNT-5: ex2.approx.f32
// PTX90-NOT: call
// PTX90-COUNT-5: ex2.approx.f32
module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%p: !cute.ptr<f32, gmem, align<16>>, %h: !cute.ptr<f16, gmem, align<2>>) kernel attributes {gpu.known_block_size = array<i32: 32, 1, 1>} {
      %tid = cute.thread_idx x
      %l = cute.static : !cute.layout<"128:1">
      %x = cute.make_view(%p, %l)
      %v = cute.partition_tv(%x, %tid) {tv_layout = #cute.layout<"(32,4):(4,1)">}
      %f = cute.make_fragment_like(%v)
      cute.copy(%v, %f)
      %xv = cute.load(%f)
      %e = math.exp %xv fastmath<afn> : vector<4xf32>
      %s = cute.reduce<add, thread>(%e)
      %es = math.exp %s fastmath<nnan,afn> : f32
      %acc = math.exp %es : f32
      %ev = cute.mul(%e, %acc)
      cute.store(%ev, %f)
      cute.copy(%f, %v)
      %hl = cute.static : !cute.layout<"32:1">
      %hx = cute.make_view(%h, %hl)
      %hv = cute.partition_tv(%hx, %tid) {tv_layout = #cute.layout<"(32,1):(1,1)">}
      %hf = cute.make_fragment_like(%hv)
      cute.copy(%hv, %hf)
      %hh = cute.load(%hf)
      %he = math.exp %hh fastmath<afn> : vector<1xf16>
      cute.store(%he, %hf)
      cute.copy(%hf, %hv)
      gpu.return
    }
  }
}
