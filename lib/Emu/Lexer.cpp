//===- Lexer.cpp - PTX tokens, type names, special registers, numbers -----===//
//
// The PTX ISA's "Syntax" chapter: identifiers (with the dotted and `::`
// parts of opcodes), numbers, strings and punctuation, comments skipped;
// and the tables of type names and special registers.
//
//===----------------------------------------------------------------------===//
#include "Lexer.h"

#include <cctype>
#include <cstdlib>
#include <unordered_map>

namespace cute::emu {

std::vector<Token> Lexer::run() {
  std::vector<Token> out;
  while (true) {
    skipSpace();
    Token t;
    t.line = line_;
    if (i_ >= s_.size()) {
      t.kind = Token::End;
      out.push_back(t);
      return out;
    }
    char c = s_[i_];
    if (isIdentStart(c) ||
        (c == '.' && i_ + 1 < s_.size() && isIdentStart(s_[i_ + 1]))) {
      size_t b = i_++;
      // Dots and `::` join parts (ld.shared::cta, mbarrier::complete_tx).
      while (i_ < s_.size()) {
        if (isIdentChar(s_[i_]) ||
            (s_[i_] == '.' && i_ + 1 < s_.size() && isIdentChar(s_[i_ + 1]))) {
          ++i_;
        } else if (s_[i_] == ':' && i_ + 2 < s_.size() && s_[i_ + 1] == ':' &&
                   isIdentChar(s_[i_ + 2])) {
          i_ += 2;
        } else {
          break;
        }
      }
      t.kind = Token::Ident;
      t.text = std::string(s_.substr(b, i_ - b));
    } else if (std::isdigit(static_cast<unsigned char>(c))) {
      size_t b = i_++;
      while (
          i_ < s_.size() &&
          (std::isalnum(static_cast<unsigned char>(s_[i_])) || s_[i_] == '.'))
        ++i_;
      t.kind = Token::Number;
      t.text = std::string(s_.substr(b, i_ - b));
    } else if (c == '"') {
      size_t b = ++i_;
      while (i_ < s_.size() && s_[i_] != '"') {
        if (s_[i_] == '\\')
          ++i_;
        ++i_;
      }
      t.kind = Token::String;
      t.text = std::string(s_.substr(b, i_ - b));
      ++i_;
    } else {
      t.kind = Token::Punct;
      t.text = std::string(1, c);
      ++i_;
    }
    out.push_back(std::move(t));
  }
}

bool Lexer::isIdentStart(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$' ||
         c == '%';
}
bool Lexer::isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

void Lexer::skipSpace() {
  while (i_ < s_.size()) {
    char c = s_[i_];
    if (c == '\n') {
      ++line_;
      ++i_;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      ++i_;
    } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '/') {
      while (i_ < s_.size() && s_[i_] != '\n')
        ++i_;
    } else if (c == '/' && i_ + 1 < s_.size() && s_[i_ + 1] == '*') {
      i_ += 2;
      while (i_ + 1 < s_.size() && !(s_[i_] == '*' && s_[i_ + 1] == '/')) {
        if (s_[i_] == '\n')
          ++line_;
        ++i_;
      }
      i_ += 2;
    } else {
      return;
    }
  }
}

std::optional<Ty> parseTyName(std::string_view s) {
  static const std::unordered_map<std::string_view, Ty> kTys = {
      {"pred", Ty::Pred},     {"b8", Ty::B8},           {"b16", Ty::B16},
      {"b32", Ty::B32},       {"b64", Ty::B64},         {"b128", Ty::B128},
      {"u8", Ty::U8},         {"u16", Ty::U16},         {"u32", Ty::U32},
      {"u64", Ty::U64},       {"s8", Ty::S8},           {"s16", Ty::S16},
      {"s32", Ty::S32},       {"s64", Ty::S64},         {"f16", Ty::F16},
      {"f16x2", Ty::F16x2},   {"bf16", Ty::BF16},       {"bf16x2", Ty::BF16x2},
      {"tf32", Ty::TF32},     {"f32", Ty::F32},         {"f64", Ty::F64},
      {"e4m3", Ty::E4M3},     {"e5m2", Ty::E5M2},       {"e4m3x2", Ty::E4M3x2},
      {"e5m2x2", Ty::E5M2x2}, {"e2m1x2", Ty::E2M1x2},   {"e2m3x2", Ty::E2M3x2},
      {"e3m2x2", Ty::E3M2x2}, {"ue8m0x2", Ty::UE8M0x2}, {"s4", Ty::S4},
      {"u4", Ty::U4}};
  auto it = kTys.find(s);
  if (it == kTys.end())
    return std::nullopt;
  return it->second;
}

std::optional<SpecialReg> parseSreg(std::string_view s) {
  static const std::unordered_map<std::string_view, SpecialReg> kSregs = {
      {"%tid.x", SpecialReg::TidX},
      {"%tid.y", SpecialReg::TidY},
      {"%tid.z", SpecialReg::TidZ},
      {"%ntid.x", SpecialReg::NtidX},
      {"%ntid.y", SpecialReg::NtidY},
      {"%ntid.z", SpecialReg::NtidZ},
      {"%ctaid.x", SpecialReg::CtaidX},
      {"%ctaid.y", SpecialReg::CtaidY},
      {"%ctaid.z", SpecialReg::CtaidZ},
      {"%nctaid.x", SpecialReg::NctaidX},
      {"%nctaid.y", SpecialReg::NctaidY},
      {"%nctaid.z", SpecialReg::NctaidZ},
      {"%laneid", SpecialReg::LaneId},
      {"%warpid", SpecialReg::WarpId},
      {"%nwarpid", SpecialReg::NWarpId},
      {"%smid", SpecialReg::SmId},
      {"%nsmid", SpecialReg::NSmId},
      {"%gridid", SpecialReg::GridId},
      {"%cluster_ctaid.x", SpecialReg::ClusterCtaidX},
      {"%cluster_ctaid.y", SpecialReg::ClusterCtaidY},
      {"%cluster_ctaid.z", SpecialReg::ClusterCtaidZ},
      {"%cluster_nctaid.x", SpecialReg::ClusterNctaidX},
      {"%cluster_nctaid.y", SpecialReg::ClusterNctaidY},
      {"%cluster_nctaid.z", SpecialReg::ClusterNctaidZ},
      {"%clusterid.x", SpecialReg::ClusteridX},
      {"%clusterid.y", SpecialReg::ClusteridY},
      {"%clusterid.z", SpecialReg::ClusteridZ},
      {"%nclusterid.x", SpecialReg::NclusteridX},
      {"%nclusterid.y", SpecialReg::NclusteridY},
      {"%nclusterid.z", SpecialReg::NclusteridZ},
      {"%cluster_ctarank", SpecialReg::ClusterCtarank},
      {"%cluster_nctarank", SpecialReg::ClusterNctarank},
      {"%is_explicit_cluster", SpecialReg::IsExplicitCluster},
      {"%lanemask_eq", SpecialReg::LanemaskEq},
      {"%lanemask_le", SpecialReg::LanemaskLe},
      {"%lanemask_lt", SpecialReg::LanemaskLt},
      {"%lanemask_ge", SpecialReg::LanemaskGe},
      {"%lanemask_gt", SpecialReg::LanemaskGt},
      {"%clock", SpecialReg::Clock},
      {"%clock64", SpecialReg::Clock64},
      {"%globaltimer", SpecialReg::GlobalTimer},
      {"%globaltimer_lo", SpecialReg::GlobalTimerLo},
      {"%dynamic_smem_size", SpecialReg::DynamicSmemSize},
      {"%total_smem_size", SpecialReg::TotalSmemSize},
      {"%aggr_smem_size", SpecialReg::AggrSmemSize},
  };
  auto it = kSregs.find(s);
  if (it == kSregs.end())
    return std::nullopt;
  return it->second;
}

/// PTX integer and floating-point literals (PTX ISA "Constants"): decimal,
/// 0x hex, 0b binary, 0 octal, an optional U suffix; 0f/0F + 8 hex digits
/// (f32 bits), 0d/0D + 16 hex digits (f64 bits).
std::optional<uint64_t> parseNumber(const std::string &t) {
  if (t.size() > 2 && t[0] == '0' &&
      (t[1] == 'f' || t[1] == 'F' || t[1] == 'd' || t[1] == 'D'))
    return std::strtoull(t.c_str() + 2, nullptr, 16);
  std::string s = t;
  if (!s.empty() && (s.back() == 'U' || s.back() == 'u'))
    s.pop_back();
  char *end = nullptr;
  uint64_t v;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
    v = std::strtoull(s.c_str() + 2, &end, 16);
  else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
    v = std::strtoull(s.c_str() + 2, &end, 2);
  else if (s.size() > 1 && s[0] == '0')
    v = std::strtoull(s.c_str() + 1, &end, 8);
  else
    v = std::strtoull(s.c_str(), &end, 10);
  if (!end || *end != '\0')
    return std::nullopt;
  return v;
}

} // namespace cute::emu
