//===- Ptx.h - A decoded PTX module ------------------------------*- C++
//-*-===//
//
// The emulator parses PTX text once (Parser.cpp) into functions of decoded
// instructions (Decode.cpp): an opcode handler chosen at load time, its
// modifiers as small enums and flags, and operands with register indices
// resolved. Registers of every class live in one flat per-thread file of
// 64-bit slots; a value narrower than 64 bits is kept zero-extended.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_PTX_H
#define CUTE_EMU_PTX_H

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cute::emu {

/// Scalar types of PTX (PTX ISA "Fundamental Types").
enum class Ty : uint8_t {
  None,
  Pred,
  B8,
  B16,
  B32,
  B64,
  B128,
  U8,
  U16,
  U32,
  U64,
  S8,
  S16,
  S32,
  S64,
  F16,
  F16x2,
  BF16,
  BF16x2,
  TF32,
  F32,
  F64,
  E4M3,
  E5M2,
  E4M3x2,
  E5M2x2,
  E2M1x2,
  E2M3x2,
  E3M2x2,
  UE8M0x2,
  S4,
  U4,
};
unsigned tyBits(Ty t);
bool tyIsSigned(Ty t);
bool tyIsFloat(Ty t);
const char *tyName(Ty t);

/// State spaces (PTX ISA "State Spaces").
enum class Space : uint8_t {
  Generic,
  Global,
  Shared,
  SharedCluster,
  Local,
  Param,
  Const,
  TensorMap
};

struct Operand {
  enum Kind : uint8_t { None, Reg, Imm, Vec, Mem, Label, Sreg, Sink };
  Kind kind = None;
  bool negate = false; ///< `!%p` (predicate operands)
  uint16_t count = 0;  ///< Vec: number of elements
  uint32_t reg = 0;    ///< Reg / Mem base (kNoReg: absolute) / Vec: first
                       ///< index into Inst::vecRegs / Sreg: SpecialReg
  int64_t imm = 0;     ///< Imm value (bits) / Mem offset / Label target
  /// Imm / Mem: the value is a shared::cta address, so the executing CTA's
  /// rank in its cluster is added (bits 24 and up; Exec.h kRankShift).
  bool addRank = false;
  /// Before the loader resolves symbols: what `imm` indexes (SymKind).
  uint8_t symKind = 0;
  uint32_t symIndex = 0;
  /// Imm / Mem: a function-body `.param` (call argument scratch), which
  /// the emulator keeps in the thread's local memory.
  bool localParam = false;
  /// Reg: the register is declared .pred (cp.async tells its ignore-src
  /// operand from src-size by this).
  bool pred = false;
  static constexpr uint32_t kNoReg = 0xffffffffu;
};

/// Special registers (PTX ISA "Special Registers").
enum class SpecialReg : uint32_t {
  TidX,
  TidY,
  TidZ,
  NtidX,
  NtidY,
  NtidZ,
  CtaidX,
  CtaidY,
  CtaidZ,
  NctaidX,
  NctaidY,
  NctaidZ,
  LaneId,
  WarpId,
  NWarpId,
  SmId,
  NSmId,
  GridId,
  ClusterCtaidX,
  ClusterCtaidY,
  ClusterCtaidZ,
  ClusterNctaidX,
  ClusterNctaidY,
  ClusterNctaidZ,
  ClusteridX,
  ClusteridY,
  ClusteridZ,
  NclusteridX,
  NclusteridY,
  NclusteridZ,
  ClusterCtarank,
  ClusterNctarank,
  IsExplicitCluster,
  LanemaskEq,
  LanemaskLe,
  LanemaskLt,
  LanemaskGe,
  LanemaskGt,
  Clock,
  Clock64,
  GlobalTimer,
  GlobalTimerLo,
  DynamicSmemSize,
  TotalSmemSize,
  AggrSmemSize,
};

/// Symbols whose address the loader fills in (Operand::symKind).
enum SymKind : uint8_t {
  SymNone = 0,
  SymGlobal = 1,      ///< ModuleDecl::globals[symIndex]
  SymLocalShared = 2, ///< Function::locals[symIndex] (.shared)
};
/// Label operands: Operand::reg says what imm is.
enum LabelKind : uint32_t {
  LabelPc = 0,       ///< instruction index in the function
  LabelFunction = 1, ///< ModuleDecl::functions index
  LabelPending = 2,  ///< parser: index into its pending names
};

struct Warp;
struct Inst;
struct ExecCtx;
/// Executes `inst` for the lanes in `mask` (already filtered by the guard
/// predicate). Returns false when the lanes parked (the warp must yield).
using ExecFn = bool (*)(ExecCtx &ctx, const Inst &inst, uint32_t mask);

struct Inst {
  ExecFn exec = nullptr;
  uint16_t op = 0;     ///< opcode family (handler-specific)
  uint16_t sub = 0;    ///< handler-specific sub-operation
  Ty type = Ty::None;  ///< the (first) instruction type
  Ty type2 = Ty::None; ///< cvt source type, second type of mma etc.
  Space space = Space::Generic;
  uint8_t rounding = 0;             ///< Rounding
  uint32_t flags = 0;               ///< handler-specific modifier bits
  uint32_t guard = Operand::kNoReg; ///< @%p guard register
  bool guardNeg = false;
  bool changesControl = false; ///< bra/ret/exit/call: sets the pc itself
  std::vector<Operand> ops;
  std::vector<uint32_t> vecRegs;     ///< register lists of Vec operands
  uint32_t line = 0;                 ///< PTX text line
  uint32_t srcFile = 0, srcLine = 0; ///< from the last .loc
  std::string text;                  ///< the instruction as written (reports)
  int64_t aux[4] = {0, 0, 0, 0};     ///< handler-specific decoded constants
};

enum Rounding : uint8_t { RNone = 0, RN, RZ, RM, RP, RNA, RS };

struct VarDecl {
  std::string name;
  Space space = Space::Global;
  uint32_t align = 1;
  uint64_t size = 0; ///< bytes (0 for extern unsized arrays)
  bool isExtern = false;
  std::vector<uint8_t> init; ///< initializer bytes (may be shorter)
  uint64_t address = 0;      ///< assigned at load (space-relative)
};

struct ParamDecl {
  std::string name;
  uint32_t size = 0, align = 0, offset = 0;
};

struct Function {
  std::string name;
  bool isEntry = false;
  std::vector<ParamDecl> params;
  uint32_t paramBytes = 0;
  std::vector<ParamDecl> retParams; ///< .func return values
  uint32_t numRegs = 0;
  /// Hidden registers holding constants of vector operands, set at launch.
  std::vector<std::pair<uint32_t, uint64_t>> constRegs;
  std::vector<std::string> regNames; ///< by index (reports)
  std::vector<Inst> code;
  std::vector<VarDecl> locals;  ///< function-scope .local/.shared
  uint32_t localBytes = 0;      ///< per-thread local memory
  uint32_t staticSmemBytes = 0; ///< module + function .shared
  uint32_t dynSmemOffset = 0;   ///< where extern .shared arrays start
  uint32_t maxntid[3] = {0, 0, 0}, reqntid[3] = {0, 0, 0};
  uint32_t reqnctapercluster[3] = {0, 0, 0};
  bool explicitCluster = false;
  int maxnreg = 0, minnctapersm = 0;
  int line = 0;
};

struct ModuleDecl {
  std::string version, target;
  int addressSize = 64;
  std::vector<VarDecl> globals; ///< module-scope .global/.const/.shared
  std::vector<Function> functions;
  std::map<std::string, size_t> functionIndex;
  std::vector<std::string> files; ///< .file table (index -> name)
};

} // namespace cute::emu

#endif // CUTE_EMU_PTX_H
