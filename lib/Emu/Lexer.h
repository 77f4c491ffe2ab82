//===- Lexer.h - PTX tokens and the tables of names -------------*- C++ -*-===//
#ifndef CUTE_EMU_LEXER_H
#define CUTE_EMU_LEXER_H

#include "Ptx.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cute::emu {

struct Token {
  enum Kind { End, Ident, Number, String, Punct } kind = End;
  std::string text;
  uint32_t line = 0;
};

class Lexer {
public:
  explicit Lexer(std::string_view s) : s_(s) {}
  /// Every token of the text, ending with an End token.
  std::vector<Token> run();
  static bool isIdentStart(char c);
  static bool isIdentChar(char c);

private:
  void skipSpace();
  std::string_view s_;
  size_t i_ = 0;
  uint32_t line_ = 1;
};

/// "b32" -> Ty::B32 (no leading dot); nullopt for other names.
std::optional<Ty> parseTyName(std::string_view s);
/// "%tid.x" -> SpecialReg::TidX; nullopt for other names.
std::optional<SpecialReg> parseSreg(std::string_view s);
/// A PTX integer or float literal's bits (PTX ISA "Constants").
std::optional<uint64_t> parseNumber(const std::string &t);

} // namespace cute::emu

#endif // CUTE_EMU_LEXER_H
