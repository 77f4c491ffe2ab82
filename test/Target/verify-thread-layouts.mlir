// Thread-value partitions must fit the block: a layout with more threads
// than the kernel runs leaves values unmoved, and a thread index that can
// reach past the layout's threads (integer range analysis bounds
// gpu.thread_id by gpu.known_block_size) would access elements outside the
// tile. cute-verify-kernel rejects both at compile time.
// RUN: cute-opt %s -split-input-file --cute-verify-kernel="chip=sm_90a" -verify-diagnostics

// A 256-thread block partitioned by a 128-thread TV layout: threads
// 128..255 index past the layout.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tv_fewer_threads(%t: !cute.memref<f32, gmem, align<16>, "512:1">) kernel attributes {gpu.known_block_size = array<i32: 256, 1, 1>} {
      %x = gpu.thread_id x
      %tid = arith.index_cast %x : index to i32
      // expected-error @below {{the thread index can reach 255, but the TV layout (128,4):(4,1) has only 128 threads; threads 128..255 would access elements outside the tile}}
      %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      gpu.return
    }
  }
}

// -----

// A 256-thread TV layout in a 128-thread block: half of the values are never
// moved.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @tv_more_threads(%t: !cute.memref<f32, gmem, align<8>, "512:1">) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %x = gpu.thread_id x
      %tid = arith.index_cast %x : index to i32
      // expected-error @below {{the TV layout (256,2):(2,1) has 256 threads, but kernel @tv_more_threads runs 128 threads per block (gpu.known_block_size); the values of threads 128..255 would never be moved}}
      %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(256,2):(2,1)">} : (!cute.memref<f32, gmem, align<8>, "512:1">, i32) -> !cute.memref<f32, gmem, align<8>, "2:1">
      gpu.return
    }
  }
}

// -----

// local_partition: the thread layout has 64 threads, the index reaches 127.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @thr_fewer_threads(%t: !cute.memref<f32, smem, align<16>, "(128,32):(32,1)">) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %x = gpu.thread_id x
      %tid = arith.index_cast %x : index to i32
      // expected-error @below {{the thread index can reach 127, but the thread layout (16,4):(4,1) has only 64 threads}}
      %p = cute.local_partition(%t, %tid) {thr_layout = #cute.layout<"(16,4):(4,1)">} : (!cute.memref<f32, smem, align<16>, "(128,32):(32,1)">, i32) -> !cute.memref<f32, smem, align<4>, "(8,8):(512,4)">
      gpu.return
    }
  }
}

// -----

// Accepted: a warp-level TV layout indexed by the lane (tid % 32 < 32), and
// a block-level layout indexed by the thread id of a matching block.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @fits(%t: !cute.memref<f32, gmem, align<16>, "512:1">, %w: !cute.memref<f32, gmem, align<16>, "128:1">) kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
      %x = gpu.thread_id x
      %tid = arith.index_cast %x : index to i32
      %c32 = arith.constant 32 : i32
      %lane = arith.remui %tid, %c32 : i32
      %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      %u = cute.partition_tv(%w, %lane) {tv_layout = #cute.layout<"(32,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "128:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
      gpu.return
    }
  }
}
