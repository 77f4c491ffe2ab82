//===- Parse.h - CuTe notation parser ---------------------------*- C++ -*-===//
//
// Grammar (whitespace is ignored):
//   int_tuple := leaf | '(' [int_tuple (',' int_tuple)*] ')'
//   leaf      := expr | expr ('@' integer)+ | '_'
//   expr      := factor (('+'|'-'|'*'|'/'|'%') factor)*   (C precedence)
//   factor    := integer | name    (a name is an integer instance
//                parameter, resolved by DynamicSymbols::params)
//              | '?' ['{' dyn_opt (',' dyn_opt)* '}']
//              | (integer | '?') ('@' integer)+          (scaled basis,
//              strides)
//   dyn_opt   := i1 | i8 | i16 | i32 | i64 | div=N  (div=N is our extension:
//                a known divisor of the dynamic value; CuTe IR lacks it)
//   layout    := int_tuple ':' int_tuple
//   swizzle   := 'S<' B ',' M ',' S '>'
//   composed  := (swizzle | layout) 'o' int_tuple 'o' layout
//   tile      := '[' tile_elem (';' tile_elem)* ']' | layout | '_'
//   tile_elem := layout | '_' | '[' ... ']'
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LAYOUT_PARSE_H
#define CUTE_LAYOUT_PARSE_H

#include "cute/Layout/Expected.h"
#include "cute/Layout/Layout.h"

#include <functional>
#include <optional>
#include <string_view>

namespace cute::layout {

/// Hands out ids for the dynamic leaves (`?`) met while parsing.
struct DynamicSymbols {
  int64_t next = 0;
  /// The integer instance parameters a static leaf may name (`BM*64`);
  /// none when empty.
  std::function<std::optional<int64_t>(std::string_view)> params;
  Int fresh(unsigned width, int64_t divisor) {
    return Int::symbol(next++, width, divisor);
  }
};

Expected<IntTuple> parseIntTuple(std::string_view text, DynamicSymbols &syms);
Expected<Layout> parseLayout(std::string_view text, DynamicSymbols &syms);
Expected<Swizzle> parseSwizzle(std::string_view text);
Expected<ComposedLayout> parseComposedLayout(std::string_view text,
                                             DynamicSymbols &syms);
Expected<Tile> parseTile(std::string_view text, DynamicSymbols &syms);

} // namespace cute::layout

#endif // CUTE_LAYOUT_PARSE_H
