// What cute-lower-narrow-floats cannot lower is an error naming the rule.
// RUN: cute-opt %s --cute-lower-narrow-floats=chip=sm_90a -split-input-file -verify-diagnostics
// RUN: not cute-opt %s --cute-lower-narrow-floats=chip=sm_89 -split-input-file 2>&1 | FileCheck %s --check-prefix=CHIP
// CHIP: error: cute-lower-narrow-floats: unknown chip 'sm_89' (supported: sm_90a, sm_100a, sm_120a; hardware=false uses no cvt instruction)

func.func @f64_source(%a: f64) -> f8E4M3FN {
  // expected-error @+1 {{'arith.truncf' op from 'f64' to 'f8E4M3FN' has no lowering}}
  %0 = arith.truncf %a : f64 to f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

func.func @f8_rounding(%a: f32) -> f8E4M3FN {
  // expected-error @+1 {{'arith.truncf' op to 'f8E4M3FN' with rounding mode toward_zero has no lowering: only to_nearest_even (cvt.rn) is supported}}
  %0 = arith.truncf %a toward_zero : f32 to f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

func.func @e8m0_rounding(%a: f32) -> f8E8M0FNU {
  // expected-error @+1 {{'arith.truncf' op to 'f8E8M0FNU' with rounding mode downward has no lowering: to_nearest_even, toward_zero (cvt.rz) and upward (cvt.rp) are supported}}
  %0 = arith.truncf %a downward : f32 to f8E8M0FNU
  return %0 : f8E8M0FNU
}

// -----

func.func @arith_on_f8(%a: f8E4M3FN) -> f8E4M3FN {
  // expected-error @+1 {{'arith.addf' op on narrow floats has no lowering: extend the operands to f16, bf16 or f32 with arith.extf first}}
  %0 = arith.addf %a, %a : f8E4M3FN
  return %0 : f8E4M3FN
}

// -----

func.func @cmp_on_f4(%a: vector<2xf4E2M1FN>) -> vector<2xi1> {
  // expected-error @+1 {{'arith.cmpf' op on narrow floats has no lowering}}
  %0 = arith.cmpf olt, %a, %a : vector<2xf4E2M1FN>
  return %0 : vector<2xi1>
}
