// The short form's errors: a written type is checked against the value's
// (operands) or the inferred one (a state's type), a value used before its
// definition must have its types written, and a pipeline step's state must
// come from that pipeline (a state is tied to the pipeline it was made
// from, through pipeline_state_advance, scf.for and scf.if).
// RUN: cute-opt %s -split-input-file -verify-diagnostics -o /dev/null

func.func @wrong_operand_type(%bars: !cute.memref<i64, smem, align<8>, "8:1">) {
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // expected-note @-1 {{prior use here}}
  // expected-error @+1 {{use of value '%p' expects different type than prior uses: '!cute_nvgpu.pipeline<tma_async, 2>' vs '!cute_nvgpu.pipeline<tma_async, 4>'}}
  %s = cute_nvgpu.pipeline_producer_state %p : !cute_nvgpu.pipeline<tma_async, 2>
  return
}

// -----

func.func @wrong_result_type(%bars: !cute.memref<i64, smem, align<8>, "8:1">) {
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // expected-error @+1 {{'cute_nvgpu.pipeline_consumer_state' op result type '!cute_nvgpu.pipeline_state<2>' differs from the inferred '!cute_nvgpu.pipeline_state<4>' (the state of '!cute_nvgpu.pipeline<tma_async, 4>')}}
  %s = cute_nvgpu.pipeline_consumer_state %p -> !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @wrong_state_type(%bars: !cute.memref<i64, smem, align<8>, "8:1">, %st: !cute_nvgpu.pipeline_state<4>) {
  // expected-note @-1 {{prior use here}}
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // expected-error @+1 {{use of value '%st' expects different type than prior uses: '!cute_nvgpu.pipeline_state<2>' vs '!cute_nvgpu.pipeline_state<4>'}}
  cute_nvgpu.pipeline_consumer_wait %p, %st : !cute_nvgpu.pipeline<tma_async, 4>, !cute_nvgpu.pipeline_state<2>
  return
}

// -----

func.func @type_count(%bars: !cute.memref<i64, smem, align<8>, "8:1">, %st: !cute_nvgpu.pipeline_state<4>) {
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  // expected-error @+1 {{this op has 2 operand(s) here but 1 type(s) are written}}
  cute_nvgpu.pipeline_consumer_wait %p, %st : !cute_nvgpu.pipeline<tma_async, 4>
  return
}

// -----

func.func @used_before_defined(%bars: !cute.memref<i64, smem, align<8>, "8:1">) {
  cf.br ^bb1
^bb2:
  // expected-error @+1 {{the type of '%p' is not known here (it is used before its definition); write this op's types}}
  %s = cute_nvgpu.pipeline_producer_state %p
  return
^bb1:
  %p = cute_nvgpu.pipeline_create %bars : !cute.memref<i64, smem, align<8>, "8:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 4>
  cf.br ^bb2
}

// -----

// The V ring's consumer state seeded from the K ring's pipeline.
func.func @tied_state(%kb: !cute.memref<i64, smem, align<8>, "4:1">, %vb: !cute.memref<i64, smem, align<8>, "4:1">) {
  %k = cute_nvgpu.pipeline_create %kb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the stepped pipeline %1 is made here}}
  %v = cute_nvgpu.pipeline_create %vb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the state is made from %0 here}}
  %vs = cute_nvgpu.pipeline_consumer_state %k
  // expected-error @+1 {{'cute_nvgpu.pipeline_consumer_wait' op steps pipeline %1 with a state of pipeline %0 (made by cute_nvgpu.pipeline_consumer_state): a state counts the stages and phases of the pipeline it was made from}}
  cute_nvgpu.pipeline_consumer_wait %v, %vs
  return
}

// -----

// Through an scf.for iteration argument and pipeline_state_advance.
func.func @tied_state_loop(%kb: !cute.memref<i64, smem, align<8>, "4:1">, %vb: !cute.memref<i64, smem, align<8>, "4:1">, %n: i32) {
  %k = cute_nvgpu.pipeline_create %kb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the stepped pipeline}}
  %v = cute_nvgpu.pipeline_create %vb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  %ks = cute_nvgpu.pipeline_consumer_state %k
  // expected-note @+1 {{the state is made from}}
  %vs = cute_nvgpu.pipeline_consumer_state %k
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %ks, %b = %vs) -> (!cute_nvgpu.pipeline_state<2>, !cute_nvgpu.pipeline_state<2>) : i32 {
    cute_nvgpu.pipeline_consumer_wait %k, %a
    cute_nvgpu.pipeline_consumer_release %k, %a
    // expected-error @+1 {{'cute_nvgpu.pipeline_consumer_wait' op steps pipeline}}
    cute_nvgpu.pipeline_consumer_wait %v, %b
    %a2 = cute_nvgpu.pipeline_state_advance %a
    %b2 = cute_nvgpu.pipeline_state_advance %b
    scf.yield %a2, %b2 : !cute_nvgpu.pipeline_state<2>, !cute_nvgpu.pipeline_state<2>
  }
  return
}

// -----

// Through a loop's result and an scf.if: one path is enough.
func.func @tied_state_if(%kb: !cute.memref<i64, smem, align<8>, "4:1">, %vb: !cute.memref<i64, smem, align<8>, "4:1">, %n: i32, %c: i1) {
  %k = cute_nvgpu.pipeline_create %kb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the stepped pipeline}}
  %v = cute_nvgpu.pipeline_create %vb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the state is made from}}
  %ks = cute_nvgpu.pipeline_producer_state %k
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %ke = scf.for %i = %c0 to %n step %c1 iter_args(%a = %ks) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
    %a2 = cute_nvgpu.pipeline_state_advance %a
    scf.yield %a2 : !cute_nvgpu.pipeline_state<2>
  }
  %s = scf.if %c -> !cute_nvgpu.pipeline_state<2> {
    scf.yield %ke : !cute_nvgpu.pipeline_state<2>
  } else {
    %vs = cute_nvgpu.pipeline_producer_state %v
    scf.yield %vs : !cute_nvgpu.pipeline_state<2>
  }
  // expected-error @+1 {{'cute_nvgpu.pipeline_producer_tail' op steps pipeline}}
  cute_nvgpu.pipeline_producer_tail %v, %s
  return
}

// -----

// get_barrier is a step too.
func.func @tied_state_barrier(%kb: !cute.memref<i64, smem, align<8>, "4:1">, %vb: !cute.memref<i64, smem, align<8>, "4:1">) {
  %k = cute_nvgpu.pipeline_create %kb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the stepped pipeline}}
  %v = cute_nvgpu.pipeline_create %vb : !cute.memref<i64, smem, align<8>, "4:1"> {tx_bytes = 16 : i32} -> !cute_nvgpu.pipeline<tma_async, 2>
  // expected-note @+1 {{the state is made from}}
  %ks = cute_nvgpu.pipeline_producer_state %k
  %ks2 = cute_nvgpu.pipeline_state_advance %ks
  // expected-error @+1 {{'cute_nvgpu.pipeline_producer_get_barrier' op steps pipeline}}
  %bar = cute_nvgpu.pipeline_producer_get_barrier %v, %ks2
  return
}

// -----

// A state of unknown origin (a helper's argument) is accepted, and so is
// one that only traces back to the op's own pipeline.
func.func @opaque(%p: !cute_nvgpu.pipeline<tma_async, 2>, %st: !cute_nvgpu.pipeline_state<2>, %n: i32) {
  cute_nvgpu.pipeline_consumer_wait %p, %st
  %s0 = cute_nvgpu.pipeline_consumer_state %p
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %e = scf.for %i = %c0 to %n step %c1 iter_args(%a = %s0) -> (!cute_nvgpu.pipeline_state<2>) : i32 {
    cute_nvgpu.pipeline_consumer_release %p, %a
    %a2 = cute_nvgpu.pipeline_state_advance %a
    scf.yield %a2 : !cute_nvgpu.pipeline_state<2>
  }
  cute_nvgpu.pipeline_consumer_wait %p, %e
  return
}
