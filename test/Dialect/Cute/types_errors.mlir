// RUN: cute-opt %s -split-input-file -verify-diagnostics

// Malformed types: unbalanced parens, empty strings, bad leaves, kind rules
// (`_` / basis where not allowed), stride basis rules, incongruent layouts,
// non-positive shapes, 64-bit overflow of a literal, swizzle invariants
// (|S| >= B, |S|+B+M <= 32), tile and composed-layout rules.

// expected-error@+1 {{failed to parse int_tuple from "(1,2": cannot parse "(1,2" at column 5: expected ')'}}
func.func private @f(!cute.int_tuple<"(1,2">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "(1,2))": cannot parse "(1,2))" at column 6: unexpected trailing characters}}
func.func private @f(!cute.int_tuple<"(1,2))">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "": cannot parse "" at column 1: expected an integer}}
func.func private @f(!cute.int_tuple<"">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "1,2": cannot parse "1,2" at column 2: unexpected trailing characters}}
func.func private @f(!cute.int_tuple<"1,2">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "(1,,2)": cannot parse "(1,,2)" at column 4: expected an integer}}
func.func private @f(!cute.int_tuple<"(1,,2)">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "(a,2)": cannot parse "(a,2)" at column 2: 'a' is not an integer instance parameter}}
func.func private @f(!cute.int_tuple<"(a,2)">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "?{unknown}": cannot parse "?{unknown}" at column 3: expected 'iN' or 'div=N' in a dynamic leaf}}
func.func private @f(!cute.int_tuple<"?{unknown}">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "?{i128}": cannot parse "?{i128}" at column 7: dynamic integer width must be i1, i8, i16, i32 or i64}}
func.func private @f(!cute.int_tuple<"?{i128}">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "(_,1)": `_` is not allowed in an int_tuple, but got "(_,1)"}}
func.func private @f(!cute.int_tuple<"(_,1)">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "1@0": scaled basis elements are not allowed in int_tuple, but got "1@0"}}
func.func private @f(!cute.int_tuple<"1@0">)

// -----

// expected-error@+1 {{expected string}}
func.func private @f(!cute.int_tuple<(1,2)>)

// -----

// expected-error@+1 {{failed to parse shape from "(_,2)": `_` is not allowed in a shape, but got "(_,2)"}}
func.func private @f(!cute.shape<"(_,2)">)

// -----

// expected-error@+1 {{failed to parse stride from "(1,1@0)": expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got "(1,1@0)"}}
func.func private @f(!cute.stride<"(1,1@0)">)

// -----

// expected-error@+1 {{failed to parse stride from "(?,?@0)": expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got "(?,?@0)"}}
func.func private @f(!cute.stride<"(?,?@0)">)

// -----

// expected-error@+1 {{failed to parse stride from "1/2@0": cannot parse "1/2@0" at column 4: 1 / 2 is not exact (use % for a remainder)}}
func.func private @f(!cute.stride<"1/2@0">)

// -----

// expected-error@+1 {{failed to parse stride from "(1@1@0,1@0)": expects scaled-basis paths to agree on mode-index depth (no path may terminate at a node that another path continues through), but got "(1@1@0,1@0)"}}
func.func private @f(!cute.stride<"(1@1@0,1@0)">)

// -----

// expected-error@+1 {{failed to parse stride from "?@": cannot parse "?@" at column 3: expected an integer}}
func.func private @f(!cute.stride<"?@">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "99999999999999999999": cannot parse "99999999999999999999" at column 20: integer does not fit in 64 bits}}
func.func private @f(!cute.int_tuple<"99999999999999999999">)

// -----

// expected-error@+1 {{failed to parse layout from "(2,3):(1,2,4)": cannot parse "(2,3):(1,2,4)" at column 14: shape (2,3) and stride (1,2,4) are not congruent}}
func.func private @f(!cute.layout<"(2,3):(1,2,4)">)

// -----

// expected-error@+1 {{failed to parse layout from "(2,3)": cannot parse "(2,3)" at column 6: expected ':' between shape and stride}}
func.func private @f(!cute.layout<"(2,3)">)

// -----

// expected-error@+1 {{failed to parse layout from "(0,3):(1,2)": expects positive shape modes, but got "(0,3):(1,2)"}}
func.func private @f(!cute.layout<"(0,3):(1,2)">)

// -----

// expected-error@+1 {{failed to parse layout from "(-2,3):(1,2)": expects positive shape modes, but got "(-2,3):(1,2)"}}
func.func private @f(!cute.layout<"(-2,3):(1,2)">)

// -----

// expected-error@+1 {{failed to parse layout from "(2,3):(1,2):(3)": cannot parse "(2,3):(1,2):(3)" at column 12: unexpected trailing characters}}
func.func private @f(!cute.layout<"(2,3):(1,2):(3)">)

// -----

// expected-error@+1 {{failed to parse layout from "(2,_):(1,2)": cannot parse "(2,_):(1,2)" at column 12: `_` is not allowed in a layout}}
func.func private @f(!cute.layout<"(2,_):(1,2)">)

// -----

// expected-error@+1 {{failed to parse layout from "(2,3):(1@0,2)": expects strides to be either all-integer or all-scaled-basis (zero integers allowed when mixed), but got "(1@0,2)"}}
func.func private @f(!cute.layout<"(2,3):(1@0,2)">)

// -----

// expected-error@+1 {{failed to parse layout from "": cannot parse "" at column 1: expected an integer}}
func.func private @f(!cute.layout<"">)

// -----

// expected-error@+1 {{failed to parse swizzle from "S<3,4,2>": swizzle S<3,4,2>: |S| must be >= B}}
func.func private @f(!cute.swizzle<"S<3,4,2>">)

// -----

// expected-error@+1 {{failed to parse swizzle from "S<3,30,3>": swizzle S<3,30,3>: expects |shift| + bits + base <= 32}}
func.func private @f(!cute.swizzle<"S<3,30,3>">)

// -----

// expected-error@+1 {{failed to parse swizzle from "S<-1,4,3>": cannot parse "S<-1,4,3>" at column 10: swizzle parameters out of range}}
func.func private @f(!cute.swizzle<"S<-1,4,3>">)

// -----

// expected-error@+1 {{failed to parse swizzle from "S<1,2>": cannot parse "S<1,2>" at column 6: expected ','}}
func.func private @f(!cute.swizzle<"S<1,2>">)

// -----

// expected-error@+1 {{failed to parse swizzle from "T<1,2,3>": cannot parse "T<1,2,3>" at column 1: expected 'S<'}}
func.func private @f(!cute.swizzle<"T<1,2,3>">)

// -----

// expected-error@+1 {{failed to parse tile from "[4:1;": cannot parse "[4:1;" at column 6: expected an integer}}
func.func private @f(!cute.tile<"[4:1;">)

// -----

// expected-error@+1 {{failed to parse tile from "[0:1]": expects positive shape modes, but got "0:1"}}
func.func private @f(!cute.tile<"[0:1]">)

// -----

// expected-error@+1 {{failed to parse tile from "[4]": cannot parse "[4]" at column 3: expected ':' between shape and stride}}
func.func private @f(!cute.tile<"[4]">)

// -----

// expected-error@+1 {{failed to parse composed_layout from "S<3,5,4> o (0,0) o (8,4):(1,8)": a swizzle composed layout expects a scalar offset, but got "(0,0)"}}
func.func private @f(!cute.composed_layout<"S<3,5,4> o (0,0) o (8,4):(1,8)">)

// -----

// expected-error@+1 {{failed to parse composed_layout from "S<3,5,4> o 0 o (4,2):(1@0,1@1)": scaled basis elements are not allowed in the outer layout of a swizzle, but got "(1@0,1@1)"}}
func.func private @f(!cute.composed_layout<"S<3,5,4> o 0 o (4,2):(1@0,1@1)">)

// -----

// expected-error@+1 {{failed to parse composed_layout from "S<3,5,4> o 0": cannot parse "S<3,5,4> o 0" at column 13: expected 'o' between the parts of a composed layout}}
func.func private @f(!cute.composed_layout<"S<3,5,4> o 0">)

// -----

// expected-error@+1 {{failed to parse composed_layout from "(0,2):(1,1) o 0 o 4:1": expects positive shape modes, but got "(0,2):(1,1)"}}
func.func private @f(!cute.composed_layout<"(0,2):(1,1) o 0 o 4:1">)

// -----

// expected-error@+1 {{failed to parse coord from "(1,2": cannot parse "(1,2" at column 5: expected ')'}}
func.func private @f(!cute.coord<"(1,2">)

// -----

// expected-error@+1 {{failed to parse shape from "(2,3):(1,2)": cannot parse "(2,3):(1,2)" at column 6: unexpected trailing characters}}
func.func private @f(!cute.layout<"(2,3):(1,2)"> , !cute.layout<"2:1">, !cute.shape<"(2,3):(1,2)">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "(1,(2,3)": cannot parse "(1,(2,3)" at column 9: expected ')'}}
func.func private @f(!cute.int_tuple<"(1,(2,3)">)

// -----

// expected-error@+1 {{failed to parse int_tuple from "?{i64": cannot parse "?{i64" at column 6: expected '}'}}
func.func private @f(!cute.int_tuple<"?{i64">)

// -----

// A composed layout A o offset o B needs offset + B(0) to be addable and to
// be a scalar or a coordinate of A's shape.
// expected-error @+1 {{expects offset and `layout_eval(0, outer)` to be addable, but got 3 and (0,0)}}
func.func private @f(!cute.composed_layout<"(6,2):(1,3) o 3 o (2,3):(1@1,2@0)">)

// -----

// expected-error @+1 {{expects arith sum of `layout_eval(0, outer)` and `offset` to be scalar or weakly congruent to inner shape, but got sum ((0,0)) and inner shape (8,5)}}
func.func private @f(!cute.composed_layout<"(8,5):(1,8) o 0 o ((3,2)):((1@0@0,1@1@0))">)
