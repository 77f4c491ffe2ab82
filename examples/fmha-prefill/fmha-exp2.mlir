// 2^x on the FMA pipe, without MUFU (FlashAttention-4's software exp2 for
// part of the softmax; the method below is written from the math, not
// from FA4's code). fmha-sm100-common.mlir imports this file;
// test/emu/exp2-poly measures it against exp2 in double.
//
// x = r + f with r = round(x) and f in [-0.5, 0.5]; 2^x = 2^r p(f), p the
// degree-3 minimax of 2^f on [-0.5, 0.5] in relative error (Remez: max
// relative error 7.478e-5, about 2^-13.7; a bf16 P rounds to 2^-9, an f16
// P to 2^-11). The rounding is the f32 adder's: t = x + 1.5 2^23 holds
// 2^22 + r in its mantissa, so t - 1.5 2^23 is r and, as an integer,
// t << 23 is r << 23 modulo 2^32 (the bits above the mantissa shift out);
// adding that to p's bits adds r to its exponent. Inputs below -128 are
// clamped to -128, whose exponent sum is negative and is clamped to 0, so
// x = -inf (a masked score) gives exactly 0; so does every x that rounds
// to -128 or to -127 with p(f) < 1. For x below -125.5 the exponent
// leaves the normal range and the result, in [0, 2^-125], is inexact (a
// denormal bit pattern or 0; ex2.approx.ftz flushes what is below 2^-126
// to 0). Valid for x < 128 (the softmax's x is at most 8, the
// conditional rescaling's threshold); NaN is not propagated. Per value:
// one max, three adds and three FMAs on floats, a shift, an add and a max
// on integers.
module {
  func.func private @exp2_poly(%x: vector<128xf32>) -> vector<128xf32> {
    %lo, %magic = cute.constants -128.0, 12582912.0 : f32
    // p(f) = c0 + c1 f + c2 f^2 + c3 f^3 (coefficients rounded to f32).
    %c0, %c1, %c2, %c3 = cute.constants 0.999928057, 0.693260968, 0.242611125, 0.0551716685 : f32
    %sh, %zero = cute.constants 23, 0 : i32
    %lov = vector.broadcast %lo : f32 to vector<128xf32>
    %mv = vector.broadcast %magic : f32 to vector<128xf32>
    %c0v = vector.broadcast %c0 : f32 to vector<128xf32>
    %c1v = vector.broadcast %c1 : f32 to vector<128xf32>
    %c2v = vector.broadcast %c2 : f32 to vector<128xf32>
    %c3v = vector.broadcast %c3 : f32 to vector<128xf32>
    %shv = vector.broadcast %sh : i32 to vector<128xi32>
    %zv = vector.broadcast %zero : i32 to vector<128xi32>
    %xc = arith.maxnumf %x, %lov : vector<128xf32>
    %t = arith.addf %xc, %mv : vector<128xf32>
    %r = arith.subf %t, %mv : vector<128xf32>
    %f = arith.subf %xc, %r : vector<128xf32>
    %p1 = math.fma %c3v, %f, %c2v : vector<128xf32>
    %p2 = math.fma %p1, %f, %c1v : vector<128xf32>
    %p = math.fma %p2, %f, %c0v : vector<128xf32>
    %pb = arith.bitcast %p : vector<128xf32> to vector<128xi32>
    %tb = arith.bitcast %t : vector<128xf32> to vector<128xi32>
    %rs = arith.shli %tb, %shv : vector<128xi32>
    %eb = arith.addi %pb, %rs : vector<128xi32>
    %ez = arith.maxsi %eb, %zv : vector<128xi32>
    %e = arith.bitcast %ez : vector<128xi32> to vector<128xf32>
    return %e : vector<128xf32>
  }
}
