// RUN: cute-opt %s | cute-opt | FileCheck %s --check-prefix=PARSE
// RUN: cute-opt %s --cute-lower-reductions | FileCheck %s
// RUN: cute-opt %s --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: FileCheck %s --check-prefix=PTX < %t/m.sm_90a.ptx

module attributes {gpu.container_module} {
  gpu.module @m {
    // PARSE-LABEL: gpu.func @reductions
    // CHECK-LABEL: gpu.func @reductions
    gpu.func @reductions(%p: !cute.ptr<f32, gmem, align<16>>, %q: !cute.ptr<i32, gmem, align<16>>) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %tidx = gpu.thread_id x
      %tid = arith.index_cast %tidx : index to i32
      %l = cute.static : !cute.layout<"512:1">
      %x = cute.make_view(%p, %l)
      %v = cute.partition_tv(%x, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %f = cute.make_fragment_like(%v)
      cute.copy(%v, %f)
      %xv = cute.load(%f)
      // PARSE: cute.reduce<max, thread>(%{{.*}}) : vector<4xf32>
      // CHECK: %[[T:.*]] = vector.reduction <maximumf>, %{{.*}} : vector<4xf32> into f32
      %t = cute.reduce<max, thread>(%xv) : vector<4xf32>
      // CHECK: %[[W:.*]] = gpu.subgroup_reduce add %[[T]] uniform : (f32) -> f32
      %w = cute.reduce<add, warp>(%t) : f32
      // The value's type is optional.
      // CHECK: %[[M:.*]] = vector.reduction <minimumf>, %{{.*}} : vector<4xf32> into f32
      // CHECK: gpu.all_reduce minimumf %[[M]] uniform
      %b = cute.reduce<min, block>(%xv)
      // CHECK: %[[P:.*]] = vector.reduction <mul>, %{{.*}} : vector<4xf32> into f32
      // CHECK: gpu.all_reduce mul %[[P]] uniform
      %m = cute.reduce<mul, block>(%xv)
      %r0 = arith.addf %w, %b : f32
      %r = arith.addf %r0, %m : f32
      %sv = vector.broadcast %r : f32 to vector<4xf32>
      cute.store(%sv, %f)
      cute.copy(%f, %v)
      // Integers: signed max/min.
      %qi = cute.make_view(%q, %l)
      %vi = cute.partition_tv(%qi, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">}
      %fi = cute.make_fragment_like(%vi)
      cute.copy(%vi, %fi)
      %iv = cute.load(%fi)
      // CHECK: vector.reduction <maxsi>, %{{.*}} : vector<4xi32> into i32
      // CHECK: gpu.all_reduce maxsi
      %imax = cute.reduce<max, block>(%iv)
      // Narrow values cross threads widened to 32 bits.
      // CHECK: %[[H:.*]] = arith.truncf %{{.*}} : vector<4xf32> to vector<4xf16>
      // CHECK: %[[HM:.*]] = vector.reduction <maximumf>, %[[H]] : vector<4xf16> into f16
      // CHECK: %[[HW:.*]] = arith.extf %[[HM]] : f16 to f32
      // CHECK: %[[HR:.*]] = gpu.all_reduce maximumf %[[HW]] uniform
      // CHECK: arith.truncf %[[HR]] : f32 to f16
      %h = arith.truncf %xv : vector<4xf32> to vector<4xf16>
      %hmax = cute.reduce<max, block>(%h)
      %ib = vector.broadcast %imax : i32 to vector<4xi32>
      cute.store(%ib, %fi)
      %hf = arith.extf %hmax : f16 to f32
      %hb = vector.broadcast %hf : f32 to vector<4xf32>
      cute.store(%hb, %f)
      cute.copy(%fi, %vi)
      gpu.return
    }
  }
}
// Float max/min propagate NaN in the PTX; the block reductions shuffle.
// PTX: min.NaN.f32
// PTX: shfl.sync.bfly
