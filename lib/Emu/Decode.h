//===- Decode.h - From PTX text to decoded instructions ---------*- C++ -*-===//
#ifndef CUTE_EMU_DECODE_H
#define CUTE_EMU_DECODE_H

#include "Ptx.h"
#include "cute/Support/Expected.h"

#include <string>
#include <string_view>
#include <vector>

namespace cute::emu {

/// Parses a whole module (Parser.cpp); each instruction goes through
/// decodeInstruction.
Expected<ModuleDecl> parsePtx(std::string_view text);

/// Chooses the handler of `opcode` ("ld.global.nc.v4.f32") for `inst`, whose
/// operands are already parsed, and checks modifiers and operand kinds. An
/// opcode or modifier the emulator does not implement is an error naming it.
Status decodeInstruction(const std::string &opcode, Inst &inst);

/// The dotted parts of an opcode after the first: consumed by decoders; any
/// part left over is reported as unsupported.
class Mods {
public:
  explicit Mods(const std::string &opcode);
  const std::string &base() const { return base_; }
  /// Removes `m` ("ftz") if present.
  bool take(std::string_view m);
  /// Removes and returns the first part that is a type name, or None.
  Ty takeType();
  /// Removes the first of `options` present; returns its index or -1.
  int takeOneOf(std::initializer_list<std::string_view> options);
  /// Removes a state-space part (global, shared, shared::cta,
  /// shared::cluster, local, param, const) if present.
  bool takeSpace(Space &out);
  /// Removes a rounding part (rn, rz, rm, rp, rna, rni, rzi, rmi, rpi).
  uint8_t takeRounding(bool *integerRounding = nullptr);
  /// Removes a part starting with `prefix` ("v" -> "v4") and returns the
  /// rest; empty when absent.
  std::string takePrefixed(std::string_view prefix);
  const std::vector<std::string> &rest() const { return parts_; }
  /// Error when parts remain: "unsupported modifier '.x' of 'op'".
  Status finish(const std::string &opcode) const;

private:
  std::string base_;
  std::vector<std::string> parts_;
};

/// Registry of per-family decoders (each Exec*.cpp registers its own).
using DecodeFn = Status (*)(Mods &mods, Inst &inst);
struct DecoderEntry {
  const char *base;
  DecodeFn fn;
};
/// The decoders of one family, defined in that family's file.
const std::vector<DecoderEntry> &aluDecoders();
const std::vector<DecoderEntry> &memDecoders();
const std::vector<DecoderEntry> &controlDecoders();
const std::vector<DecoderEntry> &syncDecoders();
const std::vector<DecoderEntry> &asyncDecoders();
const std::vector<DecoderEntry> &mmaDecoders();
const std::vector<DecoderEntry> &floatDecoders();
const std::vector<DecoderEntry> &cvtDecoders();
const std::vector<DecoderEntry> &tcgen05Decoders();
/// bar.warp.sync (ExecControl.cpp), reached through the `bar` decoder.
Status decodeBarWarpSync(Mods &mods, Inst &inst);
/// The sm_80 per-thread cp.async family (ExecCpAsync.cpp), reached
/// through the `cp` decoder once `.async` is taken and `.bulk` is absent.
Status decodeCpAsync(Mods &mods, Inst &inst);

/// Operand-shape checks used by decoders.
Status expectOperands(const Inst &inst, size_t n);
Status expectKind(const Inst &inst, size_t i, Operand::Kind kind);

} // namespace cute::emu

#endif // CUTE_EMU_DECODE_H
