// RUN: cute-opt %s -split-input-file -verify-diagnostics

// pipeline_create rules of the sm_100a pipelines: a written tx_bytes of
// tma_umma is positive (left out, it is inferred), one releasing thread; umma_async one committing thread, no multicast;
// cta_group = 2 only for umma_async (the 2-CTA tma_umma is not supported).

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op tx_bytes = 0; it is the bytes each stage receives (leave it out to infer it from the TMA loads)}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 0 : i32} -> !cute_nvgpu.pipeline<tma_umma, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op consumers = 128; a tma_umma stage is released by one tcgen05.commit per CTA (the thread that issues the MMAs): consumers is 1}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32, tx_bytes = 16384 : i32} -> !cute_nvgpu.pipeline<tma_umma, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op cta_group = 2 with multicast is not supported: the pair's stages are released by one commit onto both CTAs}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16384 : i32, cta_group = 2 : i32, multicast = 2 : i32} -> !cute_nvgpu.pipeline<tma_umma, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op cta_group = 2 applies to tma_umma and umma_async pipelines}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 4 : i32, tx_bytes = 16384 : i32, cta_group = 2 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op producers = 2; an umma_async stage is filled by one tcgen05.commit (the thread that issues the MMAs): producers is 1}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {producers = 2 : i32, consumers = 128 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op tx_bytes applies to tma_async and tma_umma pipelines only}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32, tx_bytes = 16384 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op multicast does not apply to umma_async pipelines (their consumers release their own CTA's stage, or the pair's even CTA's with cta_group = 2)}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32, multicast = 2 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
  return
}

// -----

func.func @f(%bars: !cute.memref<i64, smem, align<8>, "4:1">) {
  // expected-error@+1 {{'cute_nvgpu.pipeline_create' op cta_group = 4; it is 1 or 2 (a CTA pair)}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "4:1"> {consumers = 128 : i32, cta_group = 4 : i32} -> !cute_nvgpu.pipeline<umma_async, 2>
  return
}
