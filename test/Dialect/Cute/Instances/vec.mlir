// !cute.vec<"N", T>: a builtin vector whose length is an expression of the
// integer instance parameters, resolved while parsing (what a kernel's
// register vectors need when their length follows a tile parameter).
// RUN: cute-opt %s | FileCheck %s --check-prefix=DEFAULT
// RUN: cute-opt %s --cute-instance=n80:BN=80,T=f16 | FileCheck %s --check-prefix=N80
// RUN: not cute-opt %s --cute-instance=BN=0 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: not cute-opt %s --cute-instance=BN=3 2>&1 | FileCheck %s --check-prefix=INEXACT

!T = !cute.param<"T", bf16>
#BN = #cute.param<"BN", 128 : i32>
!sv = !cute.vec<"BN/2", f32>
!hv = !cute.vec<"BN/2", !T>

// DEFAULT: func.func @f(%{{.*}}: vector<64xf32>) -> vector<64xbf16>
// DEFAULT: arith.truncf %{{.*}} : vector<64xf32> to vector<64xbf16>
// N80: func.func @f(%{{.*}}: vector<40xf32>) -> vector<40xf16>
// EMPTY: !cute.vec needs a positive static length, but "0" is not one
// INEXACT: error: failed to parse int_tuple from "BN/2": {{.*}}3 / 2 is not exact
func.func @f(%v: !sv) -> !hv {
  %h = arith.truncf %v : !sv to !hv
  return %h : !hv
}

