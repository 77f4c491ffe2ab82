//===- ExecUmma.cpp - tcgen05.mma and tcgen05.mma.block_scale -------------===//
//
// PTX ISA 9.7.16.10 "TensorCore 5th Generation Matrix Multiply and
// accumulate Operations" (Tcgen05.h has the execution model: an MMA runs in
// the tensor pipe when a commit behind it completes).
//
// Operands (9.7.16.10.9.1): [d-tmem], a-desc | [a-tmem], b-desc, idesc,
// {disable-output-lane}, enable-input-d {, scale-input-d}; block_scale adds
// [scale-A-tmem], [scale-B-tmem] before enable-input-d.
//
// Where the ISA's text leaves a layout to its figures, the emulator reads it
// as follows (the sources are named; none of it comes from lib/Atom):
// - D in Tensor Memory (9.7.16.10.5, layouts A/B/D/F): M = 128 cta_group::1
//   and M = 256 cta_group::2: row m (of its CTA) at lane m, column c0 + n;
//   M = 64 cta_group::1 (layout F): lane l0 + m % 16 + 32 (m / 16); M = 128
//   cta_group::2 (layout B): lane m + 64 (n / (N/2)), column c0 + n % (N/2)
//   (CuTe's tmem_frg; not measured).
// - cta_group::2 (CuTe's 2x1SM MMA traits): CTA v of the pair holds A rows
//   [v M/2, (v+1) M/2) and B rows (N) [v N/2, (v+1) N/2) at the same shared
//   offsets, and D rows [v M/2, (v+1) M/2) in its own Tensor Memory.
// - Scale factors (9.7.16.10.7, CuTe's tmem_sf_frg): the factor s of A row m
//   is byte a_sf_id + s of the cell at lane m, column sfa + m / 32; of B
//   column n, byte b_sf_id + s at lane n % 128, column sfb + n / 32.
// - A from Tensor Memory: row m at D's lane for row m, K packed along the
//   columns from the address's column, low bits first.
// - kind::f8f6f4 6- and 4-bit operands in shared memory: each 16-byte unit of
//   the 8-bit canonical layout holds 16 elements packed low bits first (8 or
//   12 bytes) and padding (CuTe's unpacksmem types and their TMA formats).
//
// Numerics: MmaNumerics.h (MMA-Sim's Blackwell model; nothing measured here).
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "MatrixDesc.h"
#include "MmaOperands.h"
#include "Tcgen05.h"

#include <cstring>
#include <sstream>

namespace cute::emu {

namespace {

enum UmmaFlags : uint32_t {
  FBlockScale = 1u << 1,
  FATmem = 1u << 2,   ///< A from Tensor Memory
  FDisable = 1u << 3, ///< a disable-output-lane vector
};
// Inst::aux: [0] UmmaKind, [1] scale-vector size (1, 2, 4; 0 = the kind's
// default), [2] index of enable-input-d.

bool elemOf(unsigned code, bool f8f6f4, MmaElem &e) {
  static const int8_t kF8[] = {
      int8_t(MmaElem::E4M3), int8_t(MmaElem::E5M2), -1, int8_t(MmaElem::E2M3),
      int8_t(MmaElem::E3M2), int8_t(MmaElem::E2M1), -1, -1};
  if (!f8f6f4 || code > 7 || kF8[code] < 0)
    return false;
  e = MmaElem(kF8[code]);
  return true;
}

} // namespace

const char *ummaKindName(UmmaKind k) {
  static const char *kNames[] = {"f16",      "tf32", "f8f6f4",  "i8",
                                 "mxf8f6f4", "mxf4", "mxf4nvf4"};
  return kNames[unsigned(k)];
}

bool decodeUmmaIdesc(uint32_t d, UmmaKind kind, UmmaIdesc &o,
                     std::string &why) {
  auto bits = [&](unsigned lo, unsigned n) {
    return (d >> lo) & ((1u << n) - 1);
  };
  const bool scaled = kind == UmmaKind::Mxf8f6f4 || kind == UmmaKind::Mxf4 ||
                      kind == UmmaKind::Mxf4nvf4;
  const std::string k = std::string("kind::") + ummaKindName(kind);
  o = UmmaIdesc();
  o.sparse = bits(2, 1);
  o.negA = bits(13, 1);
  o.negB = bits(14, 1);
  o.mnMajorA = bits(15, 1);
  o.mnMajorB = bits(16, 1);
  o.N = bits(17, 6) << 3;
  // M >> 4 at bits 24-28 (Table 42); the block-scaled tables' M >> 7 at
  // bits 27-28 sets the same bits for their M = 128, 256.
  o.M = bits(24, 5) << 4;
  const unsigned a = bits(7, 3);
  const unsigned b =
      scaled && kind != UmmaKind::Mxf8f6f4 ? bits(10, 2) : bits(10, 3);
  if (!scaled) {
    o.saturate = bits(3, 1);
    o.dFormat = bits(4, 2);
    o.maxShift = bits(30, 2);
  } else {
    o.bSfId = bits(4, 2);
    o.aSfId = bits(29, 2);
    o.scale = bits(23, 1) ? MmaScaleFmt::UE8M0 : MmaScaleFmt::UE4M3;
  }
  auto bad = [&](const std::string &field, unsigned v) {
    why = "instruction descriptor " + tcHex(d) + " for " + k + ": " + field +
          " = " + std::to_string(v) + " is not defined (PTX ISA 9.7.16.4.2)";
    return false;
  };
  switch (kind) {
  case UmmaKind::F16:
    if (a > 1)
      return bad("atype (bits 7-9)", a);
    if (b > 1)
      return bad("btype (bits 10-12)", b);
    o.a = a ? MmaElem::BF16 : MmaElem::F16;
    o.b = b ? MmaElem::BF16 : MmaElem::F16;
    if (o.dFormat > 1)
      return bad("dtype (bits 4-5)", o.dFormat);
    break;
  case UmmaKind::Tf32:
    if (a != 2)
      return bad("atype (bits 7-9)", a);
    if (b != 2)
      return bad("btype (bits 10-12)", b);
    o.a = o.b = MmaElem::TF32;
    if (o.dFormat != 1)
      return bad("dtype (bits 4-5)", o.dFormat);
    break;
  case UmmaKind::F8f6f4:
  case UmmaKind::Mxf8f6f4:
    if (!elemOf(a, true, o.a))
      return bad("atype (bits 7-9)", a);
    if (!elemOf(b, true, o.b))
      return bad("btype (bits 10-12)", b);
    if (kind == UmmaKind::F8f6f4 && o.dFormat > 1)
      return bad("dtype (bits 4-5)", o.dFormat);
    if (kind == UmmaKind::Mxf8f6f4 && o.scale != MmaScaleFmt::UE8M0)
      return bad("scale type (bit 23; kind::mxf8f6f4 takes ue8m0 = 1)", 0);
    break;
  case UmmaKind::I8:
    if (a > 1)
      return bad("atype (bits 7-9)", a);
    if (b > 1)
      return bad("btype (bits 10-12)", b);
    o.aSigned = a;
    o.bSigned = b;
    if (o.dFormat != 2)
      return bad("dtype (bits 4-5)", o.dFormat);
    if (o.negA || o.negB)
      return bad("negate (bits 13-14; kind::i8 cannot negate)", 1);
    break;
  case UmmaKind::Mxf4:
  case UmmaKind::Mxf4nvf4:
    if (a != 1)
      return bad("atype (bits 7-9; e2m1 = 1)", a);
    if (b != 1)
      return bad("btype (bits 10-11; e2m1 = 1)", b);
    o.a = o.b = MmaElem::E2M1;
    if (o.mnMajorA || o.mnMajorB)
      return bad("transpose (bits 15-16; these kinds have none)", 1);
    if (o.aSfId % 2 || o.bSfId % 2)
      return bad("scale-factor id (bits 29-30 / 4-5; 0 or 2)",
                 o.aSfId | o.bSfId);
    if (kind == UmmaKind::Mxf4 && o.scale != MmaScaleFmt::UE8M0)
      return bad("scale type (bit 23; kind::mxf4 takes ue8m0 = 1)", 0);
    if (bits(31, 1))
      return bad("K dimension (bit 31; K = 96 is sm_103a's)", 1);
    break;
  }
  return true;
}

namespace {

/// K of one instruction (9.7.16.2.1 Table 39, dense).
unsigned kindK(UmmaKind k) {
  switch (k) {
  case UmmaKind::F16:
    return 16;
  case UmmaKind::Tf32:
    return 8;
  case UmmaKind::Mxf4:
  case UmmaKind::Mxf4nvf4:
    return 64;
  default:
    return 32;
  }
}

/// Everything an issued MMA needs when it runs.
struct UmmaOp {
  TcIssuer is;
  UmmaKind kind;
  UmmaIdesc id;
  uint32_t dAddr = 0, aAddr = 0, sfaAddr = 0, sfbAddr = 0;
  uint64_t aDesc = 0, bDesc = 0;
  bool aTmem = false, accumulate = false;
  unsigned vec = 1; ///< scale factors per row per instruction
  uint32_t disable[8] = {};
  std::vector<Cta *> ctas; ///< the CTA (cta_group::1) or the pair, even first
  std::shared_ptr<VClock> vc;
  uint32_t agent = 0;
};

/// Reads element (r, k) of an operand through its descriptor in `cta`.
bool readSmemElem(ExecCtx &x, const UmmaOp &op, Cta &cta, const MatrixDesc &d,
                  bool mn, unsigned r, unsigned k, MmaElem e, bool packed4,
                  const char *which, uint32_t &out) {
  uint64_t off;
  unsigned nibble = 0, shift = 0, width = 8;
  if (packed4) { // kind::mxf4/mxf4nvf4: two e2m1 per byte
    off = matrixOffset(d, mn, r, k, 4, &nibble);
    shift = 4 * nibble;
    width = 4;
  } else if (e == MmaElem::E2M1 || e == MmaElem::E3M2 || e == MmaElem::E2M3) {
    // kind::f8f6f4: 16 elements per 16-byte unit of the 8-bit layout.
    const unsigned bitsPer = e == MmaElem::E2M1 ? 4 : 6;
    const unsigned bit = (k % 16) * bitsPer;
    off = matrixOffset(d, mn, r, 16 * (k / 16) + bit / 8, 8);
    shift = bit % 8;
    width = bitsPer;
  } else {
    width = mmaElemBits(e);
    off = matrixOffset(d, mn, r, k, width);
  }
  const unsigned bytes = (shift + width + 7) / 8;
  uint64_t a = matrixSwizzle(d, d.start + off);
  if (a + bytes > cta.smem.size())
    return x.fail(*op.is.in, op.is.lane,
                  d.describe(which, mn) + ": element (" +
                      (which[0] == 'A' ? "m " : "n ") + std::to_string(r) +
                      ", k " + std::to_string(k) + ") of CTA rank " +
                      std::to_string(cta.rank) + " lies at shared offset " +
                      tcHex(a) + ", outside its " +
                      std::to_string(cta.smem.size()) + " bytes",
                  kTcIllegalAddress);
  if (op.vc && !raceAccess(x, *op.is.in, cta, a, bytes, false, Proxy::Async,
                           op.agent, *op.vc))
    return false;
  uint32_t v = 0;
  std::memcpy(&v, cta.smem.data() + a, bytes);
  out = (v >> shift) & ((1u << width) - 1);
  return true;
}

/// D's (lane, column) offsets of row m (of its CTA) and column n.
void dCell(const UmmaOp &op, unsigned mLocal, unsigned n, uint32_t &lane,
           uint32_t &col) {
  const unsigned M = op.id.M, N = op.id.N;
  if (op.ctas.size() == 2 && M == 128) { // layout B
    lane = mLocal + 64 * (n / (N / 2));
    col = n % (N / 2);
  } else if (op.ctas.size() == 1 && M == 64) { // layout F
    lane = mLocal % 16 + 32 * (mLocal / 16);
    col = n;
  } else { // layouts D and A
    lane = mLocal;
    col = n;
  }
}

bool runUmma(const UmmaOp &op) {
  ExecCtx x = op.is.ctx();
  const Inst &in = *op.is.in;
  const UmmaIdesc &id = op.id;
  const unsigned M = id.M, N = id.N, K = kindK(op.kind);
  const unsigned pair = unsigned(op.ctas.size());
  const unsigned mPer = M / pair, nPer = N / pair;
  const bool packed4 =
      op.kind == UmmaKind::Mxf4 || op.kind == UmmaKind::Mxf4nvf4;
  std::string why;
  MatrixDesc da, db;
  if ((!op.aTmem && !MatrixDesc::umma(op.aDesc, da, why)) ||
      !MatrixDesc::umma(op.bDesc, db, why))
    return x.fail(in, op.is.lane, why, kTcIllegalInstruction);
  // B (N x K) from the pair's shared memory.
  std::vector<uint32_t> B(size_t(N) * K);
  const uint32_t flipA = id.negA ? mmaSignBit(id.a) : 0;
  const uint32_t flipB = id.negB ? mmaSignBit(id.b) : 0;
  for (unsigned v = 0; v < pair; ++v)
    for (unsigned n = 0; n < nPer; ++n)
      for (unsigned k = 0; k < K; ++k) {
        uint32_t e;
        if (!readSmemElem(x, op, *op.ctas[v], db, id.mnMajorB, n, k, id.b,
                          packed4, "B", e))
          return false;
        B[size_t(v * nPer + n) * K + k] = e ^ flipB;
      }
  const unsigned aBits = packed4 ? 4 : mmaElemBits(id.a);
  const bool isInt = op.kind == UmmaKind::I8;
  const MmaModel &model = op.kind == UmmaKind::Mxf8f6f4 || packed4
                              ? mmaScaledModel(packed4)
                              : mmaModel(MmaInstr::Tcgen05, id.a);
  // The plain floating-point kinds decode B once for every row of A.
  const bool terms = !isInt && !(in.flags & FBlockScale) && !model.fp8ViaF16;
  std::vector<MmaTerm> Bt, At(K);
  if (terms) {
    Bt.resize(B.size());
    mmaDecode(id.b, B.data(), int(B.size()), Bt.data());
  }
  std::vector<uint32_t> A(K);
  for (unsigned v = 0; v < pair; ++v) {
    Cta &cta = *op.ctas[v];
    const uint32_t dLane0 = op.dAddr >> 16, dCol0 = op.dAddr & 0xffff;
    for (unsigned m = 0; m < mPer; ++m) {
      // Row m of A.
      for (unsigned k = 0; k < K; ++k) {
        uint32_t e;
        if (op.aTmem) {
          uint32_t lane, col;
          dCell(op, m, 0, lane, col);
          const unsigned bit = k * aBits;
          const uint32_t al = (op.aAddr >> 16) + lane,
                         ac = (op.aAddr & 0xffff) + bit / 32;
          if (op.vc && bit % 32 == 0 &&
              !raceTmem(x, in, cta, al, ac, 1, false, op.agent, *op.vc))
            return false;
          uint32_t cell = *cta.tmem.cell(al, ac);
          e = (cell >> (bit % 32)) & uint32_t(maskBits(aBits));
        } else if (!readSmemElem(x, op, cta, da, id.mnMajorA, m, k, id.a,
                                 packed4, "A", e)) {
          return false;
        }
        A[k] = e ^ flipA;
      }
      if (terms)
        mmaDecode(id.a, A.data(), int(K), At.data());
      uint8_t sfa[4] = {};
      if ((in.flags & FBlockScale) && op.vc &&
          !raceTmem(x, in, cta, m, (op.sfaAddr & 0xffff) + m / 32, 1, false,
                    op.agent, *op.vc))
        return false;
      if (in.flags & FBlockScale)
        for (unsigned s = 0; s < op.vec && s < 4; ++s)
          sfa[s] = uint8_t(*cta.tmem.cell(m, (op.sfaAddr & 0xffff) + m / 32) >>
                           (8 * (id.aSfId + s)));
      for (unsigned n = 0; n < N; ++n) {
        uint32_t lane, col;
        dCell(op, m, n, lane, col);
        lane += dLane0;
        col += dCol0;
        if (op.disable[lane / 32] >> (lane % 32) & 1)
          continue;
        if (op.vc &&
            ((op.accumulate &&
              !raceTmem(x, in, cta, lane, col, 1, false, op.agent, *op.vc)) ||
             !raceTmem(x, in, cta, lane, col, 1, true, op.agent, *op.vc)))
          return false;
        uint32_t *d = cta.tmem.cell(lane, col);
        const uint32_t *b = &B[size_t(n) * K];
        if (isInt) {
          *d = uint32_t(mmaDotInt(op.accumulate ? int32_t(*d) : 0, A.data(), b,
                                  int(K), id.aSigned, id.bSigned, id.saturate));
        } else if (in.flags & FBlockScale) {
          uint8_t sfb[4] = {};
          if (op.vc && m == 0 &&
              !raceTmem(x, in, *op.ctas[0], n % 128,
                        (op.sfbAddr & 0xffff) + n / 32, 1, false, op.agent,
                        *op.vc))
            return false;
          for (unsigned s = 0; s < op.vec && s < 4; ++s)
            sfb[s] = uint8_t(*op.ctas[0]->tmem.cell(
                                 n % 128, (op.sfbAddr & 0xffff) + n / 32) >>
                             (8 * (id.bSfId + s)));
          *d = mmaDotScaledBits(model, op.accumulate ? *d : 0u, A.data(), b,
                                int(K), id.a, id.b, sfa, sfb, int(K / op.vec),
                                id.scale);
        } else {
          *d = mmaDotTerms(model, op.accumulate ? *d : 0u, At.data(),
                           &Bt[size_t(n) * K], int(K));
        }
      }
    }
  }
  if (op.vc)
    ++x.cl.race->clocks[op.agent][op.agent];
  return true;
}

bool execUmma(ExecCtx &c, const Inst &in, uint32_t mask) {
  for (uint32_t msk = mask; msk; msk &= msk - 1) {
    const int l = __builtin_ctz(msk);
    if (!tcIssue(c, in, l, true))
      return false;
    UmmaOp op{TcIssuer::of(c, in, l), UmmaKind(in.aux[0]), {}};
    const auto &o = in.ops;
    op.dAddr = uint32_t(memAddr(c, o[0], l));
    op.aTmem = in.flags & FATmem;
    if (op.aTmem)
      op.aAddr = uint32_t(memAddr(c, o[1], l));
    else
      op.aDesc = readOp(c, o[1], l);
    op.bDesc = readOp(c, o[2], l);
    const uint32_t idesc = uint32_t(readOp(c, o[3], l));
    std::string why;
    if (!decodeUmmaIdesc(idesc, op.kind, op.id, why))
      return c.fail(in, l, why, kTcIllegalInstruction);
    const UmmaIdesc &id = op.id;
    const unsigned group = tcGroup(in);
    // Shapes (9.7.16.10.1, Table 39 and its notes).
    bool okShape = group == 1 ? (id.M == 64 || id.M == 128) && id.N >= 8 &&
                                    id.N <= 256 && id.N % 8 == 0
                              : (id.M == 128 || id.M == 256) && id.N >= 16 &&
                                    id.N <= 256 && id.N % 16 == 0;
    if (in.flags & FBlockScale)
      okShape &=
          id.M == (group == 1 ? 128u : 256u) || (group == 2 && id.M == 128);
    if (!okShape)
      return c.fail(
          in, l,
          "instruction descriptor " + tcHex(idesc) + ": M = " +
              std::to_string(id.M) + ", N = " + std::to_string(id.N) +
              " is no tcgen05.mma.cta_group::" + std::to_string(group) +
              " kind::" + ummaKindName(op.kind) +
              " shape (PTX ISA 9.7.16.10.1)",
          kTcIllegalInstruction);
    if (id.sparse)
      return c.fail(in, l,
                    "sparse tcgen05.mma (descriptor bit 2) is not implemented",
                    kTcIllegalInstruction);
    if (id.maxShift)
      return c.fail(in, l,
                    "the B-reuse shift of the descriptor (bits 30-31) is for "
                    "tcgen05.mma.ws, which cute-emu does not implement",
                    kTcIllegalInstruction);
    if (op.kind != UmmaKind::I8 && id.dFormat != 1)
      return c.fail(in, l,
                    "tcgen05.mma with an f16 accumulator (descriptor dtype 0) "
                    "is not implemented (only f32)",
                    kTcIllegalInstruction);
    if (op.aTmem && (group != 1 || id.M != 128 || id.a == MmaElem::E2M3 ||
                     id.a == MmaElem::E3M2 ||
                     (id.a == MmaElem::E2M1 && op.kind == UmmaKind::F8f6f4)))
      return c.fail(in, l,
                    "tcgen05.mma with A in Tensor Memory is implemented for "
                    "cta_group::1, M = 128 and 8/16/32-bit or packed e2m1 "
                    "operands only",
                    kTcIllegalInstruction);
    if ((id.mnMajorA && (id.a == MmaElem::E2M1 || id.a == MmaElem::E2M3 ||
                         id.a == MmaElem::E3M2)) ||
        (id.mnMajorB && (id.b == MmaElem::E2M1 || id.b == MmaElem::E2M3 ||
                         id.b == MmaElem::E3M2)))
      return c.fail(in, l,
                    "4- and 6-bit operands have no MN-major (transposed) form "
                    "(PTX ISA 9.7.16.10.1)",
                    kTcIllegalInstruction);
    op.ctas.push_back(&c.cta);
    if (group == 2) {
      Cta *peer = tcPeer(c, in, l);
      if (!peer)
        return false;
      op.ctas.push_back(peer);
      if (c.cta.rank & 1)
        std::swap(op.ctas[0], op.ctas[1]);
    }
    const Operand &en = o[size_t(in.aux[2])];
    op.accumulate =
        en.kind == Operand::Reg ? ((readOp(c, en, l) & 1) != 0) : en.imm != 0;
    if (in.flags & FDisable) {
      const Operand &dv = o[size_t(in.aux[2]) - 1];
      for (unsigned i = 0; i < dv.count && i < 8; ++i)
        op.disable[i] = uint32_t(c.reg(vecRegs(in, dv)[i], l));
      if (group == 2)
        for (unsigned i = 0; i < 8; ++i)
          if (op.disable[i])
            return c.fail(in, l,
                          "disable-output-lane with cta_group::2 is not "
                          "implemented (how its elements 4-7 map to the peer's "
                          "lanes is in the ISA's figures only)",
                          kTcIllegalInstruction);
    }
    if (in.flags & FBlockScale) {
      op.sfaAddr = uint32_t(memAddr(c, o[4], l));
      op.sfbAddr = uint32_t(memAddr(c, o[5], l));
      if (group == 2)
        return c.fail(in, l,
                      "block-scaled tcgen05.mma with cta_group::2 is not "
                      "implemented (the placement of the pair's B scale "
                      "factors is in the ISA's figures only)",
                      kTcIllegalInstruction);
      unsigned vec = unsigned(in.aux[1]);
      if (!vec)
        vec = op.kind == UmmaKind::Mxf8f6f4 ? 1 : 2;
      op.vec = vec;
      if (id.scale == MmaScaleFmt::UE4M3 && vec != 4)
        return c.fail(in, l,
                      "ue4m3 scale factors need scale_vec::4X (block16) "
                      "(PTX ISA 9.7.16.10.7)",
                      kTcIllegalInstruction);
      const unsigned sfId = std::max(id.aSfId, id.bSfId);
      if (sfId + vec > 4)
        return c.fail(in, l,
                      "scale-factor id " + std::to_string(sfId) + " with " +
                          std::to_string(vec) +
                          " factors per row leaves the 32-bit column",
                      kTcIllegalInstruction);
      if (!tmemCheck(c, in, l, c.cta, 0, 128, op.sfaAddr & 0xffff, 4,
                     "the A scale factors of tcgen05.mma.block_scale") ||
          !tmemCheck(c, in, l, c.cta, 0, 128, op.sfbAddr & 0xffff,
                     (id.N + 31) / 32,
                     "the B scale factors of tcgen05.mma.block_scale"))
        return false;
    }
    // D (and A in Tensor Memory) inside the allocations of every CTA.
    for (Cta *cta : op.ctas) {
      uint32_t lanes = 128, cols = id.N;
      if (op.ctas.size() == 2 && id.M == 128)
        cols = id.N / 2;
      if (!tmemCheck(c, in, l, *cta, op.dAddr >> 16, lanes - (op.dAddr >> 16),
                     op.dAddr & 0xffff, cols, "the accumulator of tcgen05.mma"))
        return false;
      if (op.aTmem && !tmemCheck(c, in, l, *cta, op.aAddr >> 16,
                                 128 - (op.aAddr >> 16), op.aAddr & 0xffff,
                                 kindK(op.kind) *
                                     (op.kind == UmmaKind::Mxf4 ||
                                              op.kind == UmmaKind::Mxf4nvf4
                                          ? 4
                                          : mmaElemBits(id.a)) /
                                     32,
                                 "the A operand of tcgen05.mma"))
        return false;
    }
    op.vc = tcRaceIssue(c, op.agent);
    tcPipeIssue(c.cta, [op]() { return runUmma(op); });
  }
  return true;
}

Status decodeError(const std::string &what) {
  return Error(ErrorCode::Parse, what);
}

} // namespace

/// tcgen05.mma.cta_group.kind[.block_scale[.scale_vec::NX|.block16|.block32]]
/// [.collector::a::*][.ashift] (reached through ExecTcgen05.cpp's decoder).
Status decodeUmma(Mods &m, Inst &in) {
  int g = m.takeOneOf({"cta_group::1", "cta_group::2"});
  if (g < 0)
    return decodeError("tcgen05.mma needs .cta_group::1 or .cta_group::2");
  if (g == 1)
    in.flags |= kTcGroup2;
  if (m.take("ws"))
    return decodeError("tcgen05.mma.ws is not implemented");
  int k = m.takeOneOf({"kind::f16", "kind::tf32", "kind::f8f6f4", "kind::i8",
                       "kind::mxf8f6f4", "kind::mxf4", "kind::mxf4nvf4"});
  if (k < 0)
    return decodeError("tcgen05.mma needs .kind::f16, tf32, f8f6f4, i8, "
                       "mxf8f6f4, mxf4 or mxf4nvf4");
  const UmmaKind kind = UmmaKind(k);
  in.aux[0] = k;
  const bool scaledKind = kind == UmmaKind::Mxf8f6f4 ||
                          kind == UmmaKind::Mxf4 || kind == UmmaKind::Mxf4nvf4;
  if (m.take("block_scale")) {
    if (!scaledKind)
      return decodeError(std::string(".block_scale needs a block-scaled kind, "
                                     "not kind::") +
                         ummaKindName(kind));
    in.flags |= FBlockScale;
    int v = m.takeOneOf({"scale_vec::1X", "scale_vec::2X", "scale_vec::4X",
                         "block32", "block16"});
    int vec = v == 0 ? 1 : v == 1 ? 2 : v == 2 || v == 4 ? 4 : 0;
    if (v == 3)
      vec = kind == UmmaKind::Mxf8f6f4 ? 1 : 2;
    if (kind == UmmaKind::Mxf4nvf4 && v < 0)
      return decodeError("kind::mxf4nvf4 needs .scale_vec::2X/4X or "
                         ".block16/.block32");
    if ((kind == UmmaKind::Mxf8f6f4 && vec > 1) ||
        (kind != UmmaKind::Mxf8f6f4 && vec == 1))
      return decodeError(std::string("the scale vector size of kind::") +
                         ummaKindName(kind) + " is " +
                         (kind == UmmaKind::Mxf8f6f4 ? "1X" : "2X or 4X") +
                         " (PTX ISA 9.7.16.10.7)");
    if (kind == UmmaKind::Mxf4 && vec == 4)
      return decodeError("kind::mxf4 takes scale_vec::2X only");
    in.aux[1] = vec;
  } else if (scaledKind) {
    return decodeError(std::string("kind::") + ummaKindName(kind) +
                       " needs .block_scale");
  }
  m.takeOneOf({"collector::a::fill", "collector::a::use",
               "collector::a::lastuse", "collector::a::discard"});
  if (m.take("ashift"))
    return decodeError("tcgen05.mma .ashift is not implemented");
  const auto &o = in.ops;
  const bool scaled = in.flags & FBlockScale;
  // [d], a, b, idesc, ([sfa], [sfb] |) {disable}, enable-input-d {, scale}
  if (o.size() < 5)
    return decodeError("tcgen05.mma needs [d-tmem], a, b-desc, idesc and "
                       "enable-input-d");
  CUTE_TRY(expectKind(in, 0, Operand::Mem));
  if (o[1].kind == Operand::Mem)
    in.flags |= FATmem;
  else
    CUTE_TRY(expectKind(in, 1, Operand::Reg));
  CUTE_TRY(expectKind(in, 2, Operand::Reg));
  if (o[3].kind != Operand::Reg && o[3].kind != Operand::Imm)
    return decodeError("the instruction descriptor of tcgen05.mma must be a "
                       "register or an immediate");
  size_t i = 4;
  if (scaled) {
    if (o.size() < 7)
      return decodeError("tcgen05.mma.block_scale needs [scale-A-tmem] and "
                         "[scale-B-tmem]");
    CUTE_TRY(expectKind(in, 4, Operand::Mem));
    CUTE_TRY(expectKind(in, 5, Operand::Mem));
    i = 6;
  }
  if (i < o.size() && o[i].kind == Operand::Vec) {
    unsigned want = (in.flags & kTcGroup2) ? 8 : 4;
    if (o[i].count != want)
      return decodeError("disable-output-lane needs " + std::to_string(want) +
                         " registers");
    in.flags |= FDisable;
    ++i;
  }
  if (i >= o.size() || (o[i].kind != Operand::Reg && o[i].kind != Operand::Imm))
    return decodeError("tcgen05.mma needs the enable-input-d predicate");
  in.aux[2] = int64_t(i);
  ++i;
  if (i < o.size()) {
    if (o[i].kind != Operand::Imm || o[i].imm != 0)
      return decodeError("tcgen05.mma scale-input-d other than 0 is not "
                         "implemented");
    ++i;
  }
  if (i != o.size())
    return decodeError("too many operands for tcgen05.mma");
  in.exec = execUmma;
  return okStatus();
}

} // namespace cute::emu
