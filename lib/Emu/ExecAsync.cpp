//===- ExecAsync.cpp - TMA tensor copies and bulk async-groups ------------===//
//
// PTX ISA "Data Movement and Conversion Instructions: cp.async.bulk.tensor",
// "cp.async.bulk.prefetch.tensor", "cp.async.bulk.commit_group",
// "cp.async.bulk.wait_group", "prefetch, prefetchu"; "Tensor-map", "Tiled
// Mode" (bounding box, traversal stride, out-of-bound access), "Tensor
// Swizzling Modes"; "mbarrier: complete-tx operation".
//
// A copy reads and validates its tensor-map at issue (the emulator's encoding,
// TensorMapFormat.h), captures its coordinates and addresses and queues an
// AsyncOp in the cluster's async unit. The data moves when the scheduler
// completes the op: a load reads global memory then, writes the box into the
// shared memory of every destination CTA and performs complete-tx of the
// box's bytes on each destination's mbarrier; a store reads shared memory
// then and writes the in-bounds part of the box to global memory, and
// retires one operation of its thread's bulk async-group. The copies run in
// the async proxy: with Options::raceCheck their shared accesses are checked
// as accesses of the issuing warp's async agent (RaceCheck.h), which flags a
// generic-proxy write read by a TMA store without fence.proxy.async.
//
// Facts the documents leave open were measured on the H200
// (test/gpu/emu-probes/tma_probe.cu, driver 580.159.04, 2026-12-02):
//  - the swizzle is a function of the absolute shared address a: the 16-byte
//    chunk bits [4,4+k) are XORed with bits [7,7+k), k = 1, 2, 3 for the
//    32B, 64B, 128B modes (repeating every 256, 512, 1024 bytes), whatever
//    the box's offset within the repeat;
//  - a box whose inner extent is narrower than the swizzle span occupies one
//    span per row in shared memory (the rest of the span is not written);
//  - complete-tx counts the elements of the box (out-of-bound ones
//    included, padding excluded): the product over dimensions of
//    ceil(boxDim / elementStride) times the element size, the stride of
//    dimension 0 being ignored (as the driver documents);
//  - the NaN fill writes 0x7ff7 in every 16-bit granule of an out-of-bound
//    element (f16/bf16 0x7ff7, f32/tf32 0x7ff77ff7, f64 0x7ff77ff77ff77ff7);
//  - TFLOAT32 and TFLOAT32_FTZ loads round each in-bound element to nearest
//    even at 10 fraction bits (denormals kept; every NaN becomes 0x7fffe000);
//    FLOAT32_FTZ loads and all stores copy the bits unchanged;
//  - a shared address that is not 128-byte aligned faults ("misaligned
//    address"), as does a start coordinate of dimension 0 whose byte offset
//    is not a multiple of 16 ("illegal instruction"), and a store with any
//    negative coordinate ("illegal instruction"); loads accept negative
//    coordinates and stores drop the elements past the tensor's end.
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"
#include "TensorMapFormat.h"

#include <cstring>
#include <sstream>

namespace cute::emu {

namespace {

constexpr int kIllegalAddress = 700;     // CUDA_ERROR_ILLEGAL_ADDRESS
constexpr int kIllegalInstruction = 715; // CUDA_ERROR_ILLEGAL_INSTRUCTION
constexpr int kMisaligned = 716;         // CUDA_ERROR_MISALIGNED_ADDRESS
constexpr int kLaunchFailed = 719;       // CUDA_ERROR_LAUNCH_FAILED

enum AsyncOpcode : uint16_t { OpLoad, OpStore, OpPrefetch };
enum AsyncFlags : uint32_t {
  FMulticast = 1, // .multicast::cluster
  FCtaGroup2 = 2, // .cta_group::2
  FCacheHint = 4, // .L2::cache_hint (a hint: no effect)
  FDstCta = 8,    // destination .shared::cta
};

// CUtensorMapDataType values (cuda.h), as the emulated driver stores them.
enum TmType : uint8_t {
  TmU8 = 0,
  TmU16,
  TmU32,
  TmI32,
  TmU64,
  TmI64,
  TmF16,
  TmF32,
  TmF64,
  TmBF16,
  TmF32Ftz,
  TmTF32,
  TmTF32Ftz
};

unsigned typeBytes(unsigned t) {
  static const unsigned kBytes[] = {1, 2, 4, 4, 8, 8, 2, 4, 8, 2, 4, 4, 4};
  return t <= TmTF32Ftz ? kBytes[t] : 0;
}
bool typeIsFloat(unsigned t) { return t >= TmF16 && t <= TmTF32Ftz; }

/// One tensor copy: its tensor-map, coordinates and shape in shared memory.
struct Box {
  EmuTensorMap m;
  unsigned dims = 0, esize = 0;
  int32_t coord[5] = {};
  uint32_t n[5] = {1, 1, 1, 1, 1}; ///< elements copied per dimension
  uint32_t rowBytes = 0;           ///< n[0] * esize
  uint32_t pitch = 0;              ///< shared bytes per row
  uint64_t rows = 0;               ///< product of n[1..dims)
  uint64_t bytes = 0;              ///< the complete-tx count
  uint64_t footprint() const { return rows * pitch; }
};

/// Why a tensor-map cannot be used by a `dims`-D copy (empty if it can).
/// The driver (DriverTensorMap.cpp) validates what it encodes; this guards
/// against descriptors the program wrote or corrupted itself.
std::string checkMap(const EmuTensorMap &m, unsigned dims) {
  if (m.magic != EmuTensorMap::kMagic)
    return "it is not a tensor-map written by cuTensorMapEncodeTiled";
  if (m.rank != dims)
    return "its rank is " + std::to_string(m.rank) + " but the copy is " +
           std::to_string(dims) + "D";
  if (m.interleave != 0)
    return "interleaved layouts (CU_TENSOR_MAP_INTERLEAVE_16B/32B) are not "
           "implemented by cute-emu";
  if (m.swizzle > 3)
    return "swizzle mode " + std::to_string(m.swizzle) +
           " (the 128B atom variants) is not implemented by cute-emu";
  if (m.dataType > TmTF32Ftz)
    return "data type " + std::to_string(m.dataType) +
           " (packed 16U4/16U6) is not implemented by cute-emu";
  if (typeBytes(m.dataType) != m.elementBytes)
    return "its element size does not match its data type";
  if (m.oobFill > 1 || (m.oobFill == 1 && !typeIsFloat(m.dataType)))
    return "invalid out-of-bound fill mode";
  if (m.globalAddress % 16)
    return "its global address is not 16-byte aligned";
  for (unsigned i = 0; i < dims; ++i) {
    if (m.boxDim[i] < 1 || m.boxDim[i] > 256 || m.elementStrides[i] < 1 ||
        m.elementStrides[i] > 8)
      return "box or element stride " + std::to_string(i) + " out of range";
    if (i + 1 < dims && m.globalStride[i] % 16)
      return "global stride " + std::to_string(i) + " is not a multiple of 16";
  }
  uint32_t inner = m.boxDim[0] * m.elementBytes;
  if (inner % 16)
    return "the inner box is not a multiple of 16 bytes";
  if (m.swizzle && inner > (16u << m.swizzle))
    return "the inner box exceeds the swizzle span";
  return "";
}

/// Reads the tensor-map at the generic address in `mapOp` and the
/// coordinates of `coordOp` into `b` (PTX ISA "Tensor-map": the map is in
/// .param, .const or .global space, 64-byte aligned).
bool readBox(ExecCtx &c, const Inst &in, int lane, const Operand &mapOp,
             const Operand &coordOp, Box &b) {
  const uint64_t a = memAddr(c, mapOp, lane);
  if (a % 64)
    return c.fail(in, lane,
                  "tensor-map address " + hexs(a) + " is not 64-byte aligned",
                  kMisaligned);
  const uint8_t *p =
      resolve(c, in, lane, Space::Generic, a, sizeof(EmuTensorMap), false);
  if (!p)
    return false;
  std::memcpy(&b.m, p, sizeof b.m);
  b.dims = unsigned(in.aux[0]);
  std::string why = checkMap(b.m, b.dims);
  if (!why.empty())
    return c.fail(in, lane, "tensor-map at " + hexs(a) + ": " + why,
                  kIllegalInstruction);
  b.esize = b.m.elementBytes;
  const uint32_t *regs = vecRegs(in, coordOp);
  for (unsigned i = 0; i < b.dims; ++i) {
    b.coord[i] = int32_t(uint32_t(c.reg(regs[i], lane)));
    // Traversal strides: ceil(boxDim / elementStride) elements; the stride
    // of dimension 0 is ignored without interleave.
    uint32_t s = i ? b.m.elementStrides[i] : 1;
    b.n[i] = (b.m.boxDim[i] + s - 1) / s;
  }
  b.rowBytes = b.n[0] * b.esize;
  b.pitch = b.m.swizzle ? (16u << b.m.swizzle) : b.rowBytes;
  b.rows = 1;
  for (unsigned i = 1; i < b.dims; ++i)
    b.rows *= b.n[i];
  b.bytes = b.rows * b.rowBytes;
  return true;
}

/// The checks the H200 applies when a load or store issues (measured).
bool checkIssue(ExecCtx &c, const Inst &in, int lane, const Box &b,
                uint64_t smemAddr, bool store) {
  if (smemAddr % 128)
    return c.fail(in, lane,
                  "shared address " + hexs(smemAddr) +
                      " of the tensor copy is not 128-byte aligned",
                  kMisaligned);
  if ((int64_t(b.coord[0]) * b.esize) % 16)
    return c.fail(in, lane,
                  "coordinate " + std::to_string(b.coord[0]) +
                      " of dimension 0 is not at a multiple of 16 bytes",
                  kIllegalInstruction);
  if (store)
    for (unsigned i = 0; i < b.dims; ++i)
      if (b.coord[i] < 0)
        return c.fail(in, lane,
                      "tensor store at negative coordinate " +
                          std::to_string(b.coord[i]) + " of dimension " +
                          std::to_string(i),
                      kIllegalInstruction);
  return true;
}

/// The swizzled shared offset of the chunk at `off` (PTX ISA "Tensor
/// Swizzling Modes").
inline uint64_t swizzle(uint64_t off, unsigned mode) {
  if (!mode)
    return off;
  const uint64_t mask = (1u << mode) - 1;
  return off ^ (((off >> 7) & mask) << 4);
}

/// Calls f(row, globalByteOffsetOfElement0, inBounds, lo, hi) for every row
/// of the box (rows in shared-memory order); [lo, hi) are the in-bound
/// elements of dimension 0.
template <class F> void forRows(const Box &b, F &&f) {
  const EmuTensorMap &m = b.m;
  auto dim = [&](unsigned i) -> int64_t {
    return m.globalDim[i] ? int64_t(m.globalDim[i]) : int64_t(1) << 32;
  };
  int64_t lo = std::max<int64_t>(0, -int64_t(b.coord[0]));
  int64_t hi = std::min<int64_t>(b.n[0], dim(0) - b.coord[0]);
  uint32_t idx[5] = {};
  for (uint64_t r = 0; r < b.rows; ++r) {
    bool in = true;
    int64_t off = int64_t(b.coord[0]) * b.esize;
    for (unsigned i = 1; i < b.dims; ++i) {
      int64_t g = int64_t(b.coord[i]) + int64_t(idx[i]) * m.elementStrides[i];
      in &= g >= 0 && g < dim(i);
      off += g * int64_t(m.globalStride[i - 1]);
    }
    f(r, off, in && lo < hi, uint32_t(std::max<int64_t>(lo, 0)),
      uint32_t(std::max<int64_t>(hi, 0)));
    for (unsigned i = 1; i < b.dims; ++i) {
      if (++idx[i] < b.n[i])
        break;
      idx[i] = 0;
    }
  }
}

/// Global accesses of a copy, checked against the device's allocations
/// (the last allocation found is remembered).
struct GlobalAccess {
  ExecCtx &c;
  const Inst &in;
  int lane;
  const Box &b;
  uint64_t lo = 1, hi = 0;
  uint8_t *at(int64_t off, uint64_t bytes) {
    uint64_t a = b.m.globalAddress + uint64_t(off);
    if (a >= lo && a + bytes <= hi)
      return reinterpret_cast<uint8_t *>(a);
    const Device::Allocation *al = c.L.device->findAllocation(a);
    if (al && a + bytes <= al->base + al->bytes) {
      lo = al->base;
      hi = al->base + al->bytes;
      return reinterpret_cast<uint8_t *>(a);
    }
    Status s = c.L.device->checkRange(a, bytes, "tensor copy");
    std::string box;
    for (unsigned i = 0; i < b.dims; ++i)
      box += (i ? ", " : "") + std::to_string(b.coord[i]);
    c.fail(in, lane,
           "global access " + s.message() + " (tensor-map global address " +
               hexs(b.m.globalAddress) + ", box at {" + box + "})",
           kIllegalAddress);
    return nullptr;
  }
};

/// TFLOAT32 loads (measured): round to nearest even at 10 fraction bits;
/// NaN -> 0x7fffe000.
uint32_t roundTf32(uint32_t x) {
  if ((x & 0x7f800000u) == 0x7f800000u && (x & 0x7fffffu))
    return 0x7fffe000u;
  return (x + 0xfffu + ((x >> 13) & 1)) & ~0x1fffu;
}

/// Reads the box from global memory into `out` (rows of rowBytes, dense),
/// out-of-bound elements filled (PTX ISA "Tiled Mode: out-of-bound access").
bool gather(ExecCtx &c, const Inst &in, int lane, const Box &b,
            std::vector<uint8_t> &out) {
  out.assign(b.bytes, 0);
  if (b.m.oobFill == 1) // the NaN request: 0x7ff7 per 16-bit granule
    for (size_t i = 0; i < out.size(); i += 2) {
      out[i] = 0xf7;
      out[i + 1] = 0x7f;
    }
  const bool tf32 = b.m.dataType == TmTF32 || b.m.dataType == TmTF32Ftz;
  GlobalAccess g{c, in, lane, b};
  bool ok = true;
  forRows(b, [&](uint64_t r, int64_t off, bool inb, uint32_t lo, uint32_t hi) {
    if (!ok || !inb)
      return;
    uint64_t n = uint64_t(hi - lo) * b.esize;
    const uint8_t *src = g.at(off + int64_t(lo) * b.esize, n);
    if (!src) {
      ok = false;
      return;
    }
    uint8_t *dst = out.data() + r * b.rowBytes + uint64_t(lo) * b.esize;
    std::memcpy(dst, src, n);
    if (tf32)
      for (uint64_t i = 0; i < n; i += 4) {
        uint32_t v;
        std::memcpy(&v, dst + i, 4);
        v = roundTf32(v);
        std::memcpy(dst + i, &v, 4);
      }
  });
  return ok;
}

/// The shared memory a box at shared::cluster address `addr` touches:
/// returns the owner's smem base (null and failure recorded when the box
/// does not fit). Chunks stay in their 128-byte line, which holds at most 8
/// rows: the last 8 rows bound the end.
uint8_t *boxShared(ExecCtx &c, const Inst &in, int lane, const Box &b,
                   uint64_t addr, Cta **owner) {
  const uint64_t off = addr & kOffsetMask;
  uint64_t end = off;
  for (uint64_t r = b.rows - std::min<uint64_t>(b.rows, 8); r < b.rows; ++r)
    for (uint32_t k = 0; k < b.rowBytes; k += 16)
      end = std::max(end, swizzle(off + r * b.pitch + k, b.m.swizzle) + 16);
  uint8_t *p =
      sharedAt(c, in, lane, addr,
               unsigned(std::min<uint64_t>(end - off, 1u << 30)), owner);
  return p ? p - off : nullptr;
}

/// Moves the box between `stage` (dense rows) and shared memory at `addr`,
/// 16-byte chunk by chunk through the swizzle; `toShared` selects the
/// direction. Race checks run as the async agent `agent` with clock `vc`.
bool moveShared(ExecCtx &c, const Inst &in, int lane, const Box &b,
                uint64_t addr, uint8_t *stage, bool toShared, const VClock *vc,
                uint32_t agent) {
  Cta *owner = nullptr;
  uint8_t *smem = boxShared(c, in, lane, b, addr, &owner);
  if (!smem)
    return false;
  const uint64_t off = addr & kOffsetMask;
  for (uint64_t r = 0; r < b.rows; ++r)
    for (uint32_t k = 0; k < b.rowBytes; k += 16) {
      uint64_t a = swizzle(off + r * b.pitch + k, b.m.swizzle);
      uint8_t *s = stage + r * b.rowBytes + k;
      if (vc &&
          !raceAccess(c, in, *owner, a, 16, toShared, Proxy::Async, agent, *vc))
        return false;
      if (toShared)
        std::memcpy(smem + a, s, 16);
      else
        std::memcpy(s, smem + a, 16);
    }
  return true;
}

/// Writes the in-bound elements of the staged box to global memory.
bool scatterGlobal(ExecCtx &c, const Inst &in, int lane, const Box &b,
                   const uint8_t *stage) {
  GlobalAccess g{c, in, lane, b};
  bool ok = true;
  forRows(b, [&](uint64_t r, int64_t off, bool inb, uint32_t lo, uint32_t hi) {
    if (!ok || !inb)
      return;
    uint64_t n = uint64_t(hi - lo) * b.esize;
    uint8_t *dst = g.at(off + int64_t(lo) * b.esize, n);
    if (!dst) {
      ok = false;
      return;
    }
    std::memcpy(dst, stage + r * b.rowBytes + uint64_t(lo) * b.esize, n);
  });
  return ok;
}

/// What an AsyncOp needs to rebuild its issuer's context at completion.
struct Issuer {
  Launch *L;
  Cluster *cl;
  Cta *cta;
  Warp *w;
  const Inst *in;
  int lane;
  ExecCtx ctx() const { return ExecCtx{*L, *cl, *cta, *w, *L->fn, w->regs}; }
};

Issuer issuer(ExecCtx &c, const Inst &in, int lane) {
  return Issuer{&c.L, &c.cl, &c.cta, &c.w, &in, lane};
}

/// The race clock of an async operation issued now, and its agent's unit
/// (RaceCheck.h: the issuing warp's async agent absorbs the issuer's clock).
std::shared_ptr<VClock> raceIssue(ExecCtx &c, uint32_t &agent) {
  if (!c.cl.race)
    return nullptr;
  RaceState &r = *c.cl.race;
  agent = agentUnit(c);
  joinInto(r.clocks[agent], raceAsyncIssue(c));
  return std::make_shared<VClock>(r.clocks[agent]);
}
void raceRetire(ExecCtx &c, uint32_t agent) {
  if (c.cl.race)
    ++c.cl.race->clocks[agent][agent];
}

std::string describe(const char *what, const Box &b, uint64_t smem) {
  std::string s = std::string(what) + " of a " + std::to_string(b.dims) +
                  "D box (" + std::to_string(b.bytes) + " bytes) at {";
  for (unsigned i = 0; i < b.dims; ++i)
    s += (i ? ", " : "") + std::to_string(b.coord[i]);
  return s + "}, shared " + hexs(smem);
}

// --- cp.async.bulk.tensor: global -> shared ----------------------------------

struct Dest {
  uint64_t smem, mbar; ///< shared::cluster addresses
};

bool issueLoad(ExecCtx &c, const Inst &in, int lane) {
  const auto &o = in.ops;
  Box b;
  if (!readBox(c, in, lane, o[1], o[2], b))
    return false;
  const uint64_t dst = memAddr(c, o[0], lane);
  const uint64_t mbar = memAddr(c, o[3], lane);
  if (!checkIssue(c, in, lane, b, dst, false))
    return false;
  const uint32_t dRank = uint32_t(dst >> kRankShift),
                 mRank = uint32_t(mbar >> kRankShift);
  if ((in.flags & FDstCta) && dRank != c.cta.rank)
    return c.fail(in, lane,
                  "shared::cta destination " + hexs(dst) +
                      " is not in the executing CTA",
                  kIllegalAddress);
  std::vector<Dest> dests;
  if (in.flags & FMulticast) {
    // PTX ISA: the data goes to the same offset in every CTA of ctaMask;
    // the mbarrier signal to the same offset in that CTA (.cta_group::1)
    // or in the CTA of its pair with the parity of mbar's CTA (::2).
    uint32_t mask = uint32_t(readOp(c, o[4], lane) & 0xffff);
    if (mask >> c.cl.ctas.size())
      return c.fail(in, lane,
                    "ctaMask " + hexs(mask) + " names CTAs beyond the " +
                        std::to_string(c.cl.ctas.size()) + " of the cluster",
                    kIllegalAddress);
    for (uint32_t r = 0; r < 16; ++r)
      if (mask >> r & 1) {
        uint64_t mr = (in.flags & FCtaGroup2) ? ((r & ~1u) | (mRank & 1)) : r;
        dests.push_back({(uint64_t(r) << kRankShift) | (dst & kOffsetMask),
                         (mr << kRankShift) | (mbar & kOffsetMask)});
      }
  } else {
    // .cta_group::1: the mbarrier is in the destination's CTA; ::2: in it
    // or in its peer CTA.
    bool okRank =
        (in.flags & FCtaGroup2) ? (mRank | 1) == (dRank | 1) : mRank == dRank;
    if (!okRank)
      return c.fail(in, lane,
                    "the mbarrier " + hexs(mbar) +
                        " is not in the CTA of the destination " + hexs(dst) +
                        ((in.flags & FCtaGroup2) ? " or its peer CTA" : ""),
                    kIllegalAddress);
    dests.push_back({dst, mbar});
  }
  for (const Dest &d : dests) {
    Cta *owner = nullptr;
    if (!boxShared(c, in, lane, b, d.smem, &owner) ||
        !mbarrierAt(c, in, lane, d.mbar))
      return false;
  }
  uint32_t agent = 0;
  std::shared_ptr<VClock> vc = raceIssue(c, agent);
  AsyncOp op;
  op.what = describe("cp.async.bulk.tensor load", b, dst);
  op.line = in.line;
  op.complete = [is = issuer(c, in, lane), b, dests, vc, agent]() {
    ExecCtx x = is.ctx();
    std::vector<uint8_t> stage;
    if (!gather(x, *is.in, is.lane, b, stage))
      return;
    for (const Dest &d : dests) {
      if (!moveShared(x, *is.in, is.lane, b, d.smem, stage.data(), true,
                      vc.get(), agent))
        return;
      Mbarrier *mb = mbarrierAt(x, *is.in, is.lane, d.mbar);
      if (!mb)
        return;
      // complete-tx (PTX ISA "mbarrier: complete-tx operation") with
      // .release semantics at cluster scope.
      if (vc)
        joinInto(mb->sync.acc, *vc);
      mb->tx -= int64_t(b.bytes);
      mbarrierMaybeComplete(*mb);
    }
    raceRetire(x, agent);
  };
  enqueueAsync(c, std::move(op));
  return true;
}

// --- cp.async.bulk.tensor: shared -> global ----------------------------------

/// Retires one operation of the bulk async-group it was issued into.
void retireBulk(BulkGroups &g, uint64_t seq) {
  if (g.committed == seq) {
    --g.open; // not committed yet
    return;
  }
  uint64_t popped = g.committed - g.outstanding.size();
  if (seq >= popped && seq - popped < g.outstanding.size())
    --g.outstanding[size_t(seq - popped)];
}

bool issueStore(ExecCtx &c, const Inst &in, int lane) {
  const auto &o = in.ops;
  Box b;
  if (!readBox(c, in, lane, o[0], o[1], b))
    return false;
  const uint64_t src = memAddr(c, o[2], lane);
  if (!checkIssue(c, in, lane, b, src, true))
    return false;
  if ((src >> kRankShift) != c.cta.rank)
    return c.fail(in, lane,
                  "shared::cta source " + hexs(src) +
                      " is not in the executing CTA",
                  kIllegalAddress);
  Cta *owner = nullptr;
  if (!boxShared(c, in, lane, b, src, &owner))
    return false;
  BulkGroups &g = c.w.bulk[lane];
  ++g.open;
  const uint64_t seq = g.committed;
  uint32_t agent = 0;
  std::shared_ptr<VClock> vc = raceIssue(c, agent);
  AsyncOp op;
  op.what = describe("cp.async.bulk.tensor store", b, src);
  op.line = in.line;
  op.complete = [is = issuer(c, in, lane), b, src, seq, vc, agent]() {
    ExecCtx x = is.ctx();
    std::vector<uint8_t> stage(b.bytes);
    if (!moveShared(x, *is.in, is.lane, b, src, stage.data(), false, vc.get(),
                    agent) ||
        !scatterGlobal(x, *is.in, is.lane, b, stage.data()))
      return;
    retireBulk(is.w->bulk[is.lane], seq);
    raceRetire(x, agent);
  };
  enqueueAsync(c, std::move(op));
  return true;
}

// --- Handlers
// ------------------------------------------------------------------

bool execTensorCopy(ExecCtx &c, const Inst &in, uint32_t mask) {
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    switch (in.op) {
    case OpLoad:
      ok = issueLoad(c, in, l);
      break;
    case OpStore:
      ok = issueStore(c, in, l);
      break;
    default: { // cp.async.bulk.prefetch.tensor: a hint once the map is valid
      Box b;
      ok = readBox(c, in, l, in.ops[0], in.ops[1], b);
      break;
    }
    }
  });
  return ok;
}

/// PTX ISA "cp.async.bulk.commit_group": the thread's uncommitted bulk
/// operations (possibly none) become one bulk async-group.
bool execCommit(ExecCtx &c, const Inst &, uint32_t mask) {
  forLanes(mask, [&](int l) {
    BulkGroups &g = c.w.bulk[l];
    g.outstanding.push_back(g.open);
    g.open = 0;
    ++g.committed;
  });
  return true;
}

/// PTX ISA "cp.async.bulk.wait_group": waits until at most N of the
/// thread's most recent bulk async-groups are pending (.read: until their
/// source reads are done; the emulator completes reads and writes at once).
bool execWait(ExecCtx &c, const Inst &in, uint32_t mask) {
  const size_t keep = size_t(in.aux[0]);
  uint32_t parked = 0;
  forLanes(mask, [&](int l) {
    BulkGroups &g = c.w.bulk[l];
    while (!g.outstanding.empty() && g.outstanding.front() == 0)
      g.outstanding.pop_front();
    bool ready = true;
    for (size_t i = 0; i + keep < g.outstanding.size(); ++i)
      ready &= g.outstanding[i] == 0;
    if (!ready)
      parked |= 1u << l;
  });
  if (c.cl.race && parked != mask) {
    // The completed stores happen before what follows the wait.
    RaceState &r = *c.cl.race;
    joinInto(r.clocks[warpUnit(c)], r.clocks[agentUnit(c)]);
  }
  if (!parked)
    return true;
  park(c, parked, Wait::BulkGroup, keep);
  return false;
}

bool execNop(ExecCtx &, const Inst &, uint32_t) { return true; }

// --- Decoding
// ------------------------------------------------------------------

Status unsupported(const std::string &what) {
  return Error(ErrorCode::Parse, "cute-emu does not implement " + what);
}

/// The state spaces among the modifiers, in order (.dst before .src).
std::vector<Space> takeSpaces(Mods &m) {
  std::vector<Space> out;
  std::vector<std::string> names;
  for (const std::string &p : m.rest())
    if (p == "global" || p == "shared::cta" || p == "shared" ||
        p == "shared::cluster") {
      out.push_back(p == "global"            ? Space::Global
                    : p == "shared::cluster" ? Space::SharedCluster
                                             : Space::Shared);
      names.push_back(p);
    }
  for (const std::string &n : names)
    m.take(n);
  return out;
}

Status expectScalar(const Inst &in, size_t i) {
  if (i < in.ops.size() &&
      (in.ops[i].kind == Operand::Reg || in.ops[i].kind == Operand::Imm))
    return okStatus();
  return Error(ErrorCode::Parse, "operand " + std::to_string(i + 1) +
                                     " must be a register or "
                                     "an immediate");
}

/// [tensorMap, {coords}] at operand i.
Status expectMapCoords(const Inst &in, size_t i, unsigned dims) {
  CUTE_TRY(expectKind(in, i, Operand::Mem));
  CUTE_TRY(expectKind(in, i + 1, Operand::Vec));
  const Operand &v = in.ops[i + 1];
  if (v.count != dims)
    return Error(ErrorCode::Parse, "a " + std::to_string(dims) +
                                       "d tensor copy needs " +
                                       std::to_string(dims) + " coordinates");
  for (unsigned k = 0; k < dims; ++k)
    if (vecRegs(in, v)[k] == Operand::kNoReg)
      return Error(ErrorCode::Parse, "a tensor coordinate cannot be '_'");
  return okStatus();
}

Status decodeTensor(Mods &m, Inst &in, bool prefetch) {
  int d = m.takeOneOf({"1d", "2d", "3d", "4d", "5d"});
  if (d < 0)
    return Error(ErrorCode::Parse, "cp.async.bulk.tensor needs .1d .. .5d");
  const unsigned dims = unsigned(d) + 1;
  in.aux[0] = dims;
  m.take("tile"); // the default load mode
  for (const std::string &p : m.rest())
    if (p.compare(0, 6, "im2col") == 0 || p.compare(0, 6, "tile::") == 0)
      return unsupported("the ." + p + " load mode");
  if (m.take("L2::cache_hint"))
    in.flags |= FCacheHint;
  const size_t hint = (in.flags & FCacheHint) ? 1 : 0;
  in.exec = execTensorCopy;
  std::vector<Space> sp = takeSpaces(m);
  if (prefetch) { // cp.async.bulk.prefetch.tensor.dim.L2.global{.tile}
    if (!m.take("L2") || sp.size() != 1 || sp[0] != Space::Global)
      return Error(ErrorCode::Parse, "expected .L2.global");
    in.op = OpPrefetch;
    CUTE_TRY(expectOperands(in, 2 + hint));
    return expectMapCoords(in, 0, dims);
  }
  if (sp.size() != 2)
    return Error(ErrorCode::Parse, "cp.async.bulk.tensor needs .dst.src");
  if (sp[0] == Space::Global && sp[1] == Space::Shared) {
    if (!m.take("bulk_group"))
      return Error(ErrorCode::Parse, "a tensor store needs .bulk_group");
    in.op = OpStore;
    CUTE_TRY(expectOperands(in, 3 + hint));
    CUTE_TRY(expectMapCoords(in, 0, dims));
    CUTE_TRY(expectKind(in, 2, Operand::Mem));
    return hint ? expectScalar(in, 3) : okStatus();
  }
  if (sp[1] != Space::Global || sp[0] == Space::Global)
    return Error(ErrorCode::Parse, "unsupported direction of a tensor copy");
  if (!m.take("mbarrier::complete_tx::bytes"))
    return Error(ErrorCode::Parse,
                 "a tensor load needs .mbarrier::complete_tx::bytes");
  in.op = OpLoad;
  if (sp[0] == Space::Shared)
    in.flags |= FDstCta;
  if (m.take("multicast::cluster")) {
    if (sp[0] != Space::SharedCluster)
      return Error(ErrorCode::Parse, ".multicast::cluster needs a "
                                     ".shared::cluster destination");
    in.flags |= FMulticast;
  }
  int g = m.takeOneOf({"cta_group::1", "cta_group::2"});
  if (g == 1)
    in.flags |= FCtaGroup2;
  const size_t mc = (in.flags & FMulticast) ? 1 : 0;
  CUTE_TRY(expectOperands(in, 4 + mc + hint));
  CUTE_TRY(expectKind(in, 0, Operand::Mem));
  CUTE_TRY(expectMapCoords(in, 1, dims));
  CUTE_TRY(expectKind(in, 3, Operand::Mem));
  if (mc)
    CUTE_TRY(expectScalar(in, 4));
  return hint ? expectScalar(in, 4 + mc) : okStatus();
}

Status decodeCp(Mods &m, Inst &in) {
  if (m.take("reduce"))
    return unsupported("cp.reduce.async.bulk (TMA reductions)");
  if (!m.take("async"))
    return unsupported("this cp form");
  if (!m.take("bulk"))
    return decodeCpAsync(m, in); // ExecCpAsync.cpp
  if (m.take("commit_group")) {
    in.exec = execCommit;
    return expectOperands(in, 0);
  }
  if (m.take("wait_group")) {
    m.take("read"); // reads and writes complete together here
    in.exec = execWait;
    CUTE_TRY(expectOperands(in, 1));
    CUTE_TRY(expectKind(in, 0, Operand::Imm));
    if (in.ops[0].imm < 0 || in.ops[0].imm > 63)
      return Error(ErrorCode::Parse, "wait_group count out of range");
    in.aux[0] = in.ops[0].imm;
    return okStatus();
  }
  bool prefetch = m.take("prefetch");
  if (m.take("tensor"))
    return decodeTensor(m, in, prefetch);
  return unsupported(prefetch ? "cp.async.bulk.prefetch (non-tensor)"
                              : "cp.async.bulk (non-tensor bulk copies)");
}

/// PTX ISA "prefetch, prefetchu": hints with no architectural effect,
/// including prefetch{.const,.param}.tensormap and prefetchu.L1.
Status decodePrefetch(Mods &m, Inst &in) {
  Space s;
  m.takeSpace(s);
  if (!m.take("tensormap") &&
      m.takeOneOf({"L1", "L2", "L2::evict_last", "L2::evict_normal"}) < 0)
    return Error(ErrorCode::Parse, "prefetch needs a level or .tensormap");
  in.exec = execNop;
  CUTE_TRY(expectOperands(in, 1));
  return expectKind(in, 0, Operand::Mem);
}

} // namespace

const std::vector<DecoderEntry> &asyncDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"cp", decodeCp},
      {"prefetch", decodePrefetch},
      {"prefetchu", decodePrefetch},
  };
  return kDecoders;
}

} // namespace cute::emu
