//===- Tcgen05.h - Tensor Memory and the tcgen05 pipe -----------*- C++ -*-===//
//
// Shared by ExecTcgen05.cpp (alloc/dealloc, ld/st, cp, commit, fences) and
// ExecUmma.cpp (tcgen05.mma). PTX ISA 9.7.16 "TensorCore 5th Generation
// Family Instructions".
//
// Execution model.
// - Tensor Memory (Exec.h Tmem) is per CTA; an address is lane << 16 |
//   column (9.7.16.1.1). Every access is checked against the CTA's
//   allocations and, for tcgen05.ld/st, the warp's lane quarter (9.7.16.8.1).
// - tcgen05.mma and tcgen05.cp are asynchronous: issuing one appends it to
//   the issuing CTA's tensor pipe (Cta::tensorPipe), which runs in issue
//   order (the ISA's pipelined pairs mma->mma, cp->mma, 9.7.16.6.2). Nothing
//   runs at issue: tcgen05.commit appends its mbarrier arrival to the pipe and
//   queues an async completion; when the scheduler completes it (at a point
//   it chooses, random under CUTE_EMU_SCHEDULE=random), the pipe runs up to
//   and including that arrival. A kernel that reads an accumulator without
//   waiting for the commit thus reads what was there before.
// - tcgen05.ld reads Tensor Memory and writes its registers at issue (a true
//   register dependency on a tcgen05.ld is respected without a wait,
//   9.7.16.6.4.5); tcgen05.st reads its registers at issue and writes Tensor
//   Memory at the warp's tcgen05.wait::st (9.7.16.8.5), so a reader that does
//   not wait for the store sees the old cells.
// - cta_group::2: the pair is the CTAs whose %cluster_ctarank differs in
//   bit 0 (9.7.16.5.1); an MMA or copy issued in one CTA reads and writes
//   both CTAs' shared and Tensor Memory at the same offsets.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_TCGEN05_H
#define CUTE_EMU_TCGEN05_H

#include "Decode.h"
#include "Exec.h"
#include "MmaNumerics.h"

#include <functional>
#include <sstream>
#include <string>

namespace cute::emu {

constexpr int kTcIllegalAddress = 700;     // CUDA_ERROR_ILLEGAL_ADDRESS
constexpr int kTcIllegalInstruction = 715; // CUDA_ERROR_ILLEGAL_INSTRUCTION
constexpr int kTcLaunchFailed = 719;       // CUDA_ERROR_LAUNCH_FAILED

/// "0x..." for reports.
inline std::string tcHex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}
/// The instruction's opcode as written ("tcgen05.alloc.cta_group::1...").
inline std::string tcOpName(const Inst &in) {
  return in.text.substr(0, in.text.find_first_of(" \t"));
}

/// Inst::flags bits common to the tcgen05 family: bit 0 set for
/// .cta_group::2.
constexpr uint32_t kTcGroup2 = 1u << 0;
inline unsigned tcGroup(const Inst &in) { return in.flags & kTcGroup2 ? 2 : 1; }

/// Checks, at execution, that the chip has tcgen05 (else an illegal
/// instruction naming it) and that the kernel uses one .cta_group (ISA
/// 9.7.16.5: "all tcgen05 instructions within a kernel must specify the same
/// value of .cta_group").
bool tcIssue(ExecCtx &c, const Inst &in, int lane, bool hasGroup);

/// Decoding: takes .cta_group::1 or ::2 (sets kTcGroup2).
Status tcTakeGroup(Mods &m, Inst &in, const char *name);

/// The CTA of the executing CTA's pair that is not it (rank ^ 1); failure
/// when the cluster has no such CTA.
Cta *tcPeer(ExecCtx &c, const Inst &in, int lane);

/// Lanes [lane0, lane0 + lanes) x columns [col0, col0 + cols) of `cta`'s
/// Tensor Memory must lie inside one allocation; `what` names the access.
bool tmemCheck(ExecCtx &c, const Inst &in, int lane, const Cta &cta,
               uint32_t lane0, uint32_t lanes, uint32_t col0, uint32_t cols,
               const std::string &what);

/// Enough of the issuing context to run a pipe operation later.
struct TcIssuer {
  Launch *L;
  Cluster *cl;
  Cta *cta;
  Warp *w;
  const Inst *in;
  int lane;
  ExecCtx ctx() const { return ExecCtx{*L, *cl, *cta, *w, *L->fn, w->regs}; }
  static TcIssuer of(ExecCtx &c, const Inst &in, int lane) {
    return TcIssuer{&c.L, &c.cl, &c.cta, &c.w, &in, lane};
  }
};

/// Appends an asynchronous tcgen05 operation to the CTA's tensor pipe.
void tcPipeIssue(Cta &cta, std::function<bool()> run);

/// Race checking: the clock an operation issued now runs at (the issuing
/// warp's async agent, as for TMA), or null without race checking.
std::shared_ptr<VClock> tcRaceIssue(ExecCtx &c, uint32_t &agent);

/// The shapes of tcgen05.ld/st (9.7.16.2.3).
enum class TmemShape : uint8_t {
  S32x32b,
  S16x64b,
  S16x128b,
  S16x256b,
  S16x32bx2
};

/// Where register `reg` of thread `thread` of a tcgen05.ld/st of `shape`
/// lives, relative to taddr (ExecTcgen05.cpp's header has the formulas):
/// its lane offset and the column offsets of its low and high 16 bits (the
/// same column unless `pack`: .pack::16b / .unpack::16b); `splitoff` is
/// 16x32bx2's immHalfSplitoff.
void tmemLdStCell(TmemShape shape, unsigned thread, unsigned reg, bool pack,
                  unsigned splitoff, uint32_t &laneOff, uint32_t &colLo,
                  uint32_t &colHi);

/// The kinds of tcgen05.mma (9.7.16.10.1).
enum class UmmaKind : uint8_t {
  F16,
  Tf32,
  F8f6f4,
  I8,
  Mxf8f6f4,
  Mxf4,
  Mxf4nvf4
};
const char *ummaKindName(UmmaKind k);

/// A decoded instruction descriptor (9.7.16.4.2, Tables 42-44).
struct UmmaIdesc {
  unsigned M = 0, N = 0;
  MmaElem a = MmaElem::F16, b = MmaElem::F16; ///< floating-point kinds
  bool aSigned = false, bSigned = false;      ///< kind::i8: s8 (else u8)
  unsigned dFormat = 1; ///< 0 f16, 1 f32, 2 s32 (block-scaled: f32)
  bool negA = false, negB = false;
  bool mnMajorA = false, mnMajorB = false; ///< transpose bits 15, 16
  bool saturate = false, sparse = false;
  unsigned maxShift = 0; ///< bits 30-31 (.ws B reuse)
  MmaScaleFmt scale = MmaScaleFmt::UE8M0;
  unsigned aSfId = 0, bSfId = 0;
};
/// Decodes `idesc` for `kind`; false with `why` naming the field for
/// encodings the kind does not define.
bool decodeUmmaIdesc(uint32_t idesc, UmmaKind kind, UmmaIdesc &out,
                     std::string &why);

/// The shapes of tcgen05.cp (9.7.16.9.2).
enum TcCpShape : uint8_t {
  Cp128x256,
  Cp128x128,
  Cp4x256,
  Cp32x128x4,
  Cp64x128_02_13,
  Cp64x128_01_23
};
/// The TMEM lane offsets source row r of a tcgen05.cp of `shape` is written
/// to (ExecTcgen05Cp.cpp's header); returns how many.
unsigned tcCpLanes(TcCpShape shape, unsigned r, unsigned out[4]);

/// At a thread's exit: the CTA's last thread must leave no Tensor Memory
/// allocated (9.7.16.7.1).
bool tmemExitCheck(ExecCtx &c, const Inst &in, int lane);

} // namespace cute::emu

#endif // CUTE_EMU_TCGEN05_H
