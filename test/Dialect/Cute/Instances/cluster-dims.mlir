// A kernel's cluster shape as an instance parameter: `cute.cluster_dims =
// #cute.shape<"(CM,1,1)">` becomes the `array<i32: ...>` form; a cluster of
// one CTA (every extent 1) is no cluster, so the attribute is dropped (the
// kernel is then exactly the one written without it).
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance=CM=2 | FileCheck %s --check-prefix=TWO
// RUN: not cute-opt %s --cute-instance=CM=0 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: sed 's/(CM,1,1)/(CM,1,1,1)/' %s | not cute-opt --cute-instance=CM=2 2>&1 | FileCheck %s --check-prefix=FOUR

// DEFAULT: gpu.func @k() kernel attributes {gpu.known_block_size = array<i32: 128, 1, 1>} {
// TWO: gpu.func @k_2() kernel attributes {cute.cluster_dims = array<i32: 2, 1, 1>, gpu.known_block_size = array<i32: 128, 1, 1>} {
// ZERO: error: cute.cluster_dims must be a static #cute.shape of 1 to 3 positive extents, not #cute.shape<"(0,1,1)">
// FOUR: error: cute.cluster_dims must be a static #cute.shape of 1 to 3 positive extents, not #cute.shape<"(2,1,1,1)">

#CM = #cute.param<"CM", 1 : i32>
module attributes {gpu.container_module, cute.instances = []} {
  gpu.module @m {
    gpu.func @k() kernel attributes {cute.cluster_dims = #cute.shape<"(CM,1,1)">, gpu.known_block_size = array<i32: 128, 1, 1>} {
      gpu.return
    }
  }
}
