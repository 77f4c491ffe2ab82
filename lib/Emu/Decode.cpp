//===- Decode.cpp - Opcode and modifier decoding --------------------------===//
#include "Decode.h"

#include <unordered_map>

namespace cute::emu {

unsigned tyBits(Ty t) {
  switch (t) {
  case Ty::None:
    return 0;
  case Ty::Pred:
    return 1;
  case Ty::S4:
  case Ty::U4:
    return 4;
  case Ty::B8:
  case Ty::U8:
  case Ty::S8:
  case Ty::E4M3:
  case Ty::E5M2:
    return 8;
  case Ty::B16:
  case Ty::U16:
  case Ty::S16:
  case Ty::F16:
  case Ty::BF16:
  case Ty::E4M3x2:
  case Ty::E5M2x2:
  case Ty::E2M1x2:
  case Ty::E2M3x2:
  case Ty::E3M2x2:
  case Ty::UE8M0x2:
    return 16;
  case Ty::B32:
  case Ty::U32:
  case Ty::S32:
  case Ty::F32:
  case Ty::F16x2:
  case Ty::BF16x2:
  case Ty::TF32:
    return 32;
  case Ty::B64:
  case Ty::U64:
  case Ty::S64:
  case Ty::F64:
    return 64;
  case Ty::B128:
    return 128;
  }
  return 0;
}

bool tyIsSigned(Ty t) {
  return t == Ty::S8 || t == Ty::S16 || t == Ty::S32 || t == Ty::S64 ||
         t == Ty::S4;
}

bool tyIsFloat(Ty t) {
  switch (t) {
  case Ty::F16:
  case Ty::F16x2:
  case Ty::BF16:
  case Ty::BF16x2:
  case Ty::TF32:
  case Ty::F32:
  case Ty::F64:
  case Ty::E4M3:
  case Ty::E5M2:
    return true;
  default:
    return false;
  }
}

const char *tyName(Ty t) {
  static const char *kNames[] = {
      "none",   "pred",    "b8",    "b16",    "b32",    "b64",    "b128",
      "u8",     "u16",     "u32",   "u64",    "s8",     "s16",    "s32",
      "s64",    "f16",     "f16x2", "bf16",   "bf16x2", "tf32",   "f32",
      "f64",    "e4m3",    "e5m2",  "e4m3x2", "e5m2x2", "e2m1x2", "e2m3x2",
      "e3m2x2", "ue8m0x2", "s4",    "u4"};
  return kNames[unsigned(t)];
}

namespace {
std::optional<Ty> tyFromName(std::string_view s) {
  for (unsigned i = 1; i <= unsigned(Ty::U4); ++i)
    if (s == tyName(Ty(i)))
      return Ty(i);
  return std::nullopt;
}
} // namespace

Mods::Mods(const std::string &opcode) {
  size_t p = 0;
  while (true) {
    size_t q = opcode.find('.', p);
    std::string part = opcode.substr(p, q == std::string::npos ? q : q - p);
    if (p == 0)
      base_ = part;
    else
      parts_.push_back(part);
    if (q == std::string::npos)
      break;
    p = q + 1;
  }
}

bool Mods::take(std::string_view m) {
  for (size_t i = 0; i < parts_.size(); ++i)
    if (parts_[i] == m) {
      parts_.erase(parts_.begin() + long(i));
      return true;
    }
  return false;
}

Ty Mods::takeType() {
  for (size_t i = 0; i < parts_.size(); ++i)
    if (auto t = tyFromName(parts_[i])) {
      parts_.erase(parts_.begin() + long(i));
      return *t;
    }
  return Ty::None;
}

int Mods::takeOneOf(std::initializer_list<std::string_view> options) {
  int k = 0;
  for (std::string_view o : options) {
    if (take(o))
      return k;
    ++k;
  }
  return -1;
}

bool Mods::takeSpace(Space &out) {
  static const std::pair<const char *, Space> kSpaces[] = {
      {"global", Space::Global},
      {"shared::cta", Space::Shared},
      {"shared::cluster", Space::SharedCluster},
      {"shared", Space::Shared},
      {"local", Space::Local},
      {"param::entry", Space::Param},
      {"param", Space::Param},
      {"const", Space::Const}};
  for (auto &[n, s] : kSpaces)
    if (take(n)) {
      out = s;
      return true;
    }
  return false;
}

uint8_t Mods::takeRounding(bool *integerRounding) {
  static const std::pair<const char *, uint8_t> kModes[] = {
      {"rn", RN}, {"rz", RZ},  {"rm", RM},  {"rp", RP},  {"rna", RNA},
      {"rs", RS}, {"rni", RN}, {"rzi", RZ}, {"rmi", RM}, {"rpi", RP}};
  for (auto &[n, r] : kModes)
    if (take(n)) {
      if (integerRounding)
        *integerRounding = std::string_view(n).size() == 3 && n[2] == 'i';
      return r;
    }
  return RNone;
}

std::string Mods::takePrefixed(std::string_view prefix) {
  for (size_t i = 0; i < parts_.size(); ++i)
    if (parts_[i].size() > prefix.size() &&
        parts_[i].compare(0, prefix.size(), prefix) == 0 &&
        std::isdigit(static_cast<unsigned char>(parts_[i][prefix.size()]))) {
      std::string r = parts_[i].substr(prefix.size());
      parts_.erase(parts_.begin() + long(i));
      return r;
    }
  return "";
}

Status Mods::finish(const std::string &opcode) const {
  if (parts_.empty())
    return okStatus();
  return Error(ErrorCode::Parse, "cute-emu does not implement modifier '." +
                                     parts_.front() + "' of '" + opcode + "'");
}

Status expectOperands(const Inst &inst, size_t n) {
  if (inst.ops.size() == n)
    return okStatus();
  return Error(ErrorCode::Parse, "expected " + std::to_string(n) +
                                     " operands, found " +
                                     std::to_string(inst.ops.size()));
}

Status expectKind(const Inst &inst, size_t i, Operand::Kind kind) {
  static const char *kNames[] = {
      "none",    "register", "immediate",        "vector",
      "address", "label",    "special register", "sink"};
  if (i < inst.ops.size() && inst.ops[i].kind == kind)
    return okStatus();
  return Error(ErrorCode::Parse, "operand " + std::to_string(i + 1) +
                                     " must be a " + kNames[kind]);
}

Status decodeInstruction(const std::string &opcode, Inst &inst) {
  static const std::unordered_map<std::string, DecodeFn> kDecoders = [] {
    std::unordered_map<std::string, DecodeFn> m;
    for (const auto *family :
         {&aluDecoders(), &memDecoders(), &controlDecoders(), &syncDecoders(),
          &asyncDecoders(), &mmaDecoders(), &floatDecoders(), &cvtDecoders(),
          &tcgen05Decoders()})
      for (const DecoderEntry &e : *family)
        m[e.base] = e.fn;
    return m;
  }();
  Mods mods(opcode);
  auto it = kDecoders.find(mods.base());
  if (it == kDecoders.end())
    return Error(ErrorCode::Parse, "cute-emu does not implement instruction '" +
                                       mods.base() + "'");
  CUTE_TRY(it->second(mods, inst));
  if (!inst.exec)
    return Error(ErrorCode::Parse,
                 "cute-emu does not implement '" + opcode + "'");
  return mods.finish(opcode);
}

} // namespace cute::emu
