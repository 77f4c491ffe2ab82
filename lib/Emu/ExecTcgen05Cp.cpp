//===- ExecTcgen05Cp.cpp - tcgen05.cp and tcgen05.shift -------------------===//
//
// PTX ISA 9.7.16.9.2 "tcgen05.cp" (shared memory to Tensor Memory) and
// 9.7.16.9.3 "tcgen05.shift"; both run in the tensor pipe (Tcgen05.h).
//
// tcgen05.cp's lanes are in the ISA's figures only; the reading (CuTe's
// SM100_UTCCP traits): source row r of the shape, its 16-byte chunk q at the
// K-major canonical layout's offset of (row r, byte 16 q) under the
// descriptor (swizzle included); the row goes to lane r (128x256b,
// 128x128b), lanes 32 i for row i (4x256b), lanes r + 32 w for w = 0..3
// (32x128b.warpx4), and for 64x128b .warpx2::02_13 lanes r and r + 64,
// ::01_23 lanes r % 32 + 64 (r / 32) and that + 32; bytes 4 c .. of a row
// to column c.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "MatrixDesc.h"
#include "Tcgen05.h"

#include <algorithm>
#include <sstream>

namespace cute::emu {

namespace {

Status decodeError(const std::string &what) {
  return Error(ErrorCode::Parse, what);
}

// --- tcgen05.cp --------------------------------------------------------------

using CpShape = TcCpShape;
struct CpInfo {
  unsigned rows, bytes;
};
const CpInfo kCp[] = {{128, 32}, {128, 16}, {4, 32},
                      {32, 16},  {64, 16},  {64, 16}};

bool execCp(ExecCtx &c, const Inst &in, uint32_t mask) {
  for (uint32_t m = mask; m; m &= m - 1) {
    const int l = __builtin_ctz(m);
    if (!tcIssue(c, in, l, true))
      return false;
    const uint32_t taddr = uint32_t(memAddr(c, in.ops[0], l));
    const uint64_t raw = readOp(c, in.ops[1], l);
    MatrixDesc d;
    std::string why;
    if (!MatrixDesc::umma(raw, d, why))
      return c.fail(in, l, "source descriptor " + tcHex(raw) + ": " + why,
                    kTcIllegalInstruction);
    std::vector<Cta *> ctas{&c.cta};
    if (tcGroup(in) == 2) {
      Cta *peer = tcPeer(c, in, l);
      if (!peer)
        return false;
      ctas.push_back(peer);
    }
    const CpShape shape = CpShape(in.aux[0]);
    const CpInfo info = kCp[shape];
    const uint32_t lane0 = taddr >> 16, col0 = taddr & 0xffff;
    unsigned span = 0;
    for (unsigned r = 0; r < info.rows; ++r) {
      unsigned lanes[4];
      for (unsigned i = 0, n = tcCpLanes(shape, r, lanes); i < n; ++i)
        span = std::max(span, lanes[i] + 1);
    }
    for (Cta *cta : ctas)
      if (!tmemCheck(c, in, l, *cta, lane0, span, col0, info.bytes / 4,
                     tcOpName(in)))
        return false;
    uint32_t agent = 0;
    std::shared_ptr<VClock> vc = tcRaceIssue(c, agent);
    TcIssuer is = TcIssuer::of(c, in, l);
    tcPipeIssue(c.cta, [is, d, ctas, shape, info, lane0, col0, vc, agent]() {
      ExecCtx x = is.ctx();
      for (Cta *cta : ctas) {
        for (unsigned r = 0; r < info.rows; ++r)
          for (unsigned b = 0; b < info.bytes; ++b) {
            uint64_t a =
                matrixSwizzle(d, d.start + matrixOffset(d, false, r, b, 8));
            if (a >= cta->smem.size())
              return x.fail(*is.in, is.lane,
                            d.describe("tcgen05.cp source", false) + ": row " +
                                std::to_string(r) + " byte " +
                                std::to_string(b) + " lies at shared offset " +
                                tcHex(a) + ", outside the CTA's " +
                                std::to_string(cta->smem.size()) + " bytes",
                            kTcIllegalAddress);
            if (vc && !raceAccess(x, *is.in, *cta, a, 1, false, Proxy::Async,
                                  agent, *vc))
              return false;
            unsigned lanes[4];
            unsigned n = tcCpLanes(shape, r, lanes);
            for (unsigned i = 0; i < n; ++i) {
              if (vc && b % 4 == 0 &&
                  !raceTmem(x, *is.in, *cta, lane0 + lanes[i], col0 + b / 4, 1,
                            true, agent, *vc))
                return false;
              uint8_t *cell = reinterpret_cast<uint8_t *>(
                  cta->tmem.cell(lane0 + lanes[i], col0 + b / 4));
              cell[b % 4] = cta->smem[a];
            }
          }
      }
      if (vc)
        ++x.cl.race->clocks[agent][agent];
      return true;
    });
  }
  return true;
}

// --- tcgen05.shift
// ------------------------------------------------------------
//
// 9.7.16.9.3: "shifts 32-byte elements downwards across all the rows, except
// the last, by one row" with the implicit shape .31x256b and a 32-aligned
// lane in taddr. Read here as: in the 32 lanes from taddr's, over the 8
// columns from its column, row i + 1 receives row i for i = 30 .. 0 (row 0
// keeps its value, for tcgen05.cp.4x256b to refresh). Asynchronous, in the
// tensor pipe; cta_group::2 shifts both CTAs of the pair.

bool execShift(ExecCtx &c, const Inst &in, uint32_t mask) {
  for (uint32_t m = mask; m; m &= m - 1) {
    const int l = __builtin_ctz(m);
    if (!tcIssue(c, in, l, true))
      return false;
    const uint32_t taddr = uint32_t(memAddr(c, in.ops[0], l));
    const uint32_t lane0 = taddr >> 16, col0 = taddr & 0xffff;
    if (lane0 % 32)
      return c.fail(in, l,
                    "tcgen05.shift at lane " + std::to_string(lane0) +
                        ": the lane must be a multiple of 32 (PTX ISA "
                        "9.7.16.9.3)",
                    kTcIllegalAddress);
    std::vector<Cta *> ctas{&c.cta};
    if (tcGroup(in) == 2) {
      Cta *peer = tcPeer(c, in, l);
      if (!peer)
        return false;
      ctas.push_back(peer);
    }
    for (Cta *cta : ctas)
      if (!tmemCheck(c, in, l, *cta, lane0, 32, col0, 8, tcOpName(in)))
        return false;
    uint32_t agent = 0;
    std::shared_ptr<VClock> vc = tcRaceIssue(c, agent);
    TcIssuer is = TcIssuer::of(c, in, l);
    tcPipeIssue(c.cta, [is, ctas, lane0, col0, vc, agent]() {
      ExecCtx x = is.ctx();
      for (Cta *cta : ctas)
        for (int i = 30; i >= 0; --i)
          for (uint32_t k = 0; k < 8; ++k) {
            if (vc && (!raceTmem(x, *is.in, *cta, lane0 + uint32_t(i), col0 + k,
                                 1, false, agent, *vc) ||
                       !raceTmem(x, *is.in, *cta, lane0 + uint32_t(i) + 1,
                                 col0 + k, 1, true, agent, *vc)))
              return false;
            *cta->tmem.cell(lane0 + uint32_t(i) + 1, col0 + k) =
                *cta->tmem.cell(lane0 + uint32_t(i), col0 + k);
          }
      if (vc)
        ++x.cl.race->clocks[agent][agent];
      return true;
    });
  }
  return true;
}

} // namespace

/// The TMEM lanes source row r of the shape goes to (lane offsets).
unsigned tcCpLanes(TcCpShape s, unsigned r, unsigned out[4]) {
  switch (s) {
  case Cp128x256:
  case Cp128x128:
    out[0] = r;
    return 1;
  case Cp4x256:
    out[0] = 32 * r;
    return 1;
  case Cp32x128x4:
    for (unsigned w = 0; w < 4; ++w)
      out[w] = r + 32 * w;
    return 4;
  case Cp64x128_02_13:
    out[0] = r;
    out[1] = r + 64;
    return 2;
  case Cp64x128_01_23:
    out[0] = r % 32 + 64 * (r / 32);
    out[1] = out[0] + 32;
    return 2;
  }
  return 0;
}

Status decodeTcCp(Mods &m, Inst &in) {
  CUTE_TRY(tcTakeGroup(m, in, "cp"));
  int shape =
      m.takeOneOf({"128x256b", "128x128b", "4x256b", "32x128b", "64x128b"});
  CpShape s;
  switch (shape) {
  case 0:
    s = Cp128x256;
    break;
  case 1:
    s = Cp128x128;
    break;
  case 2:
    s = Cp4x256;
    break;
  case 3:
    if (!m.take("warpx4"))
      return decodeError("tcgen05.cp.32x128b needs .warpx4");
    s = Cp32x128x4;
    break;
  case 4: {
    int w = m.takeOneOf({"warpx2::02_13", "warpx2::01_23"});
    if (w < 0)
      return decodeError("tcgen05.cp.64x128b needs .warpx2::02_13 or "
                         ".warpx2::01_23");
    s = w == 0 ? Cp64x128_02_13 : Cp64x128_01_23;
    break;
  }
  default:
    return decodeError("tcgen05.cp needs a shape (.128x256b, .128x128b, "
                       ".4x256b, .32x128b.warpx4, .64x128b.warpx2::..)");
  }
  if (m.take("b8x16"))
    return decodeError("tcgen05.cp decompression (.b8x16.b6x16_p32 / "
                       ".b4x16_p64) is not implemented: where each value "
                       "lands in its byte is in the ISA's figures only");
  CUTE_TRY(expectOperands(in, 2));
  CUTE_TRY(expectKind(in, 0, Operand::Mem));
  in.aux[0] = s;
  in.exec = execCp;
  return okStatus();
}

Status decodeTcShift(Mods &m, Inst &in) {
  CUTE_TRY(tcTakeGroup(m, in, "shift"));
  if (!m.take("down"))
    return decodeError("tcgen05.shift needs .down");
  CUTE_TRY(expectOperands(in, 1));
  CUTE_TRY(expectKind(in, 0, Operand::Mem));
  in.exec = execShift;
  return okStatus();
}

} // namespace cute::emu
