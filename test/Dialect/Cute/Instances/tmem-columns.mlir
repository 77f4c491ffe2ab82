// tmem_alloc and tmem_dealloc take their column count as an integer, an
// integer parameter (its alias `#BN` or its name), or a quoted expression
// of parameters (examples/gemm-sm100's block-scaled instances allocate
// "BN*NACC": NACC accumulator buffers of BN columns).
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance=NACC=4 | FileCheck %s --check-prefix=FOUR
// RUN: not cute-opt %s --cute-instance=BN=65536,NACC=65536 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: not cute-opt %s --cute-instance=NACC=3 2>&1 | FileCheck %s --check-prefix=ODD

// DEFAULT-LABEL: func.func @columns
// DEFAULT: cute_nvgpu.tmem_alloc %{{.*}}, columns = 128 :
// DEFAULT: cute_nvgpu.tmem_alloc %{{.*}}, columns = 128 :
// DEFAULT: cute_nvgpu.tmem_alloc %{{.*}}, columns = 128 :
// DEFAULT: cute_nvgpu.tmem_dealloc %{{.*}}, columns = 128 :
// FOUR: cute_nvgpu.tmem_alloc %{{.*}}, columns = 512 :
// FOUR: cute_nvgpu.tmem_dealloc %{{.*}}, columns = 512 :
// WIDE: error: custom op 'cute_nvgpu.tmem_alloc' 4294967296 does not fit 32 bits
// ODD: error: 'cute_nvgpu.tmem_alloc' op columns = 384; Tensor Memory is allocated in a power of two of columns in [32, 512]
// ODD: note: in the instance 'NACC=3'

#BN = #cute.param<"BN", 128 : i32>
#NACC = #cute.param<"NACC", 1 : i32>
func.func @columns(%slot: !cute.memref<i32, smem, align<4>, "1:1">, %t: !cute.memref<f32, tmem, align<16>, "(128,256):(65536,1)">) {
  cute_nvgpu.tmem_alloc %slot, columns = "BN*NACC"
  cute_nvgpu.tmem_alloc %slot, columns = #BN
  cute_nvgpu.tmem_alloc %slot, columns = BN
  cute_nvgpu.tmem_dealloc %t, columns = "BN*NACC"
  return
}
