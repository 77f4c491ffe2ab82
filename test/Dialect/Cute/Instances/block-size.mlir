// A warp-specialized kernel whose number of warpgroups is an instance
// parameter (kernel-sm90.mlir's WG): warp_specialize's warp bounds and
// register counts take a parameter or a quoted expression of parameters,
// and `cute.block_size` (a static #cute.shape, which may use parameters)
// becomes the kernel's gpu.known_block_size (when the source is read as
// instances: `cute.instances`, even empty, or --cute-instance).
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance=WG=3 | FileCheck %s --check-prefix=THREE
// RUN: not cute-opt %s --cute-instance=WG=7 2>&1 | FileCheck %s --check-prefix=INEXACT

// DEFAULT: gpu.func @roles() kernel attributes {gpu.known_block_size = array<i32: 384, 1, 1>}
// DEFAULT: role "producer" warps [0, 4) max_regs 24
// DEFAULT: role "consumer" warps [4, 12) max_regs 240
// THREE: gpu.func @roles_3() kernel attributes {gpu.known_block_size = array<i32: 512, 1, 1>}
// THREE: role "producer" warps [0, 4) max_regs 32
// THREE: role "consumer" warps [4, 16) max_regs 160
// INEXACT: error: custom op 'cute_nvgpu.warp_specialize' cannot evaluate "480/WG": {{.*}}480 / 7 is not exact

#WG = #cute.param<"WG", 2 : i32>
module attributes {gpu.container_module, cute.instances = []} {
  gpu.module @m {
    gpu.func @roles() kernel attributes {cute.block_size = #cute.shape<"(128*WG+128)">} {
      cute_nvgpu.warp_specialize
        role "producer" warps [0, 4) max_regs "8*WG+8" {
        }
        role "consumer" warps [4, "4*WG+4") max_regs "480/WG" {
        }
      gpu.return
    }
  }
}
