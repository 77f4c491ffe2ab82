//===- ExecMem.cpp - Address resolution, ld/st, atom/red ------------------===//
//
// PTX ISA "Data Movement and Conversion Instructions: ld, ld.global.nc, st",
// "Parallel Synchronization and Communication Instructions: atom, red".
// Every access is checked: global addresses against the device's
// allocations, shared against the CTA's (or, through shared::cluster, the
// peer CTA's) shared memory, local/param/const against their banks, and the
// address must be a multiple of the access size (PTX ISA "Addresses as
// Operands": misaligned accesses are undefined; the emulator reports them).
//
//===----------------------------------------------------------------------===//
#include "Decode.h"
#include "Exec.h"
#include "Float.h"

#include <cstring>
#include <sstream>

namespace cute::emu {

namespace {

std::string hex(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

const char *spaceName(Space s) {
  switch (s) {
  case Space::Generic:
    return "generic";
  case Space::Global:
    return "global";
  case Space::Shared:
    return "shared::cta";
  case Space::SharedCluster:
    return "shared::cluster";
  case Space::Local:
    return "local";
  case Space::Param:
    return "param";
  case Space::Const:
    return "const";
  case Space::TensorMap:
    return "tensormap";
  }
  return "?";
}

constexpr int kIllegalAddress = 700; // CUDA_ERROR_ILLEGAL_ADDRESS
constexpr int kMisaligned = 716;     // CUDA_ERROR_MISALIGNED_ADDRESS

} // namespace

uint8_t *sharedAt(ExecCtx &c, const Inst &in, int lane, uint64_t clusterAddr,
                  unsigned bytes, Cta **owner) {
  uint64_t rank = clusterAddr >> kRankShift;
  uint64_t off = clusterAddr & kOffsetMask;
  if (rank >= c.cl.ctas.size()) {
    c.fail(in, lane,
           "shared::cluster address " + hex(clusterAddr) + " names CTA rank " +
               std::to_string(rank) + " of a cluster of " +
               std::to_string(c.cl.ctas.size()),
           kIllegalAddress);
    return nullptr;
  }
  Cta &cta = *c.cl.ctas[rank];
  if (off + bytes > cta.smem.size()) {
    c.fail(in, lane,
           "shared memory access of " + std::to_string(bytes) +
               " bytes at offset " + std::to_string(off) +
               " is out of bounds (the CTA has " +
               std::to_string(cta.smem.size()) + " bytes of shared memory)",
           kIllegalAddress);
    return nullptr;
  }
  if (owner)
    *owner = &cta;
  return cta.smem.data() + off;
}

/// resolve() of a shared access with the race check of the executing warp.
static uint8_t *sharedChecked(ExecCtx &c, const Inst &in, int lane,
                              uint64_t addr, unsigned bytes, bool write) {
  Cta *owner = nullptr;
  uint8_t *p = sharedAt(c, in, lane, addr, bytes, &owner);
  if (p && c.cl.race &&
      !raceAccessWarp(c, in, *owner, addr & kOffsetMask, bytes, write))
    return nullptr;
  return p;
}

uint8_t *resolve(ExecCtx &c, const Inst &in, int lane, Space space,
                 uint64_t addr, unsigned bytes, bool write) {
  if (bytes > 1 && (addr % std::min(bytes, 16u)) != 0) {
    c.fail(in, lane,
           std::string("misaligned ") + spaceName(space) + " access of " +
               std::to_string(bytes) + " bytes at address " + hex(addr),
           kMisaligned);
    return nullptr;
  }
  if (space == Space::Generic) {
    uint64_t window = addr >> kWindowBits;
    uint64_t off = addr & kWindowMask;
    switch (window) {
    case 0:
      space = Space::Global;
      break;
    case 1:
      space = Space::SharedCluster;
      addr = off;
      break;
    case 2:
      space = Space::Local;
      addr = off;
      break;
    case 3:
      space = Space::Param;
      addr = off;
      break;
    case 4:
      space = Space::Const;
      addr = off;
      break;
    default:
      c.fail(in, lane, "generic address " + hex(addr) + " is in no window",
             kIllegalAddress);
      return nullptr;
    }
  }
  switch (space) {
  case Space::Global: {
    const Device::Allocation *a = c.L.device->findAllocation(addr);
    if (!a || addr + bytes > a->base + a->bytes) {
      std::string why = a ? " runs past the end of the allocation [" +
                                hex(a->base) + ", +" +
                                std::to_string(a->bytes) + ")"
                          : " is not in any allocation";
      c.fail(in, lane,
             std::string(write ? "out-of-bounds global store"
                               : "out-of-bounds global load") +
                 " of " + std::to_string(bytes) + " bytes at " + hex(addr) +
                 why,
             kIllegalAddress);
      return nullptr;
    }
    return reinterpret_cast<uint8_t *>(addr);
  }
  case Space::Shared: {
    uint64_t rank = addr >> kRankShift;
    if (rank != c.cta.rank) {
      c.fail(in, lane,
             "shared::cta address " + hex(addr) + " carries CTA rank " +
                 std::to_string(rank) + ", not the executing CTA's " +
                 std::to_string(c.cta.rank) + " (use shared::cluster)",
             kIllegalAddress);
      return nullptr;
    }
    return sharedChecked(c, in, lane, addr, bytes, write);
  }
  case Space::SharedCluster:
    return sharedChecked(c, in, lane, addr, bytes, write);
  case Space::Local: {
    const uint32_t lb = c.fn.localBytes;
    if (addr + bytes > lb) {
      c.fail(in, lane,
             "local memory access of " + std::to_string(bytes) +
                 " bytes at offset " + std::to_string(addr) +
                 " is out of bounds (" + std::to_string(lb) +
                 " bytes per thread)",
             kIllegalAddress);
      return nullptr;
    }
    return c.w.local + size_t(lb) * size_t(lane) + addr;
  }
  case Space::Param: {
    if (write) {
      c.fail(in, lane, "store to kernel parameter space", kIllegalAddress);
      return nullptr;
    }
    if (addr + bytes > c.L.params.size()) {
      c.fail(in, lane,
             "parameter access at offset " + std::to_string(addr) +
                 " past the " + std::to_string(c.L.params.size()) +
                 " bytes of parameters",
             kIllegalAddress);
      return nullptr;
    }
    return c.L.params.data() + addr;
  }
  case Space::Const: {
    const auto &bank = c.L.module->constBytes;
    if (write || addr + bytes > bank.size()) {
      c.fail(in, lane,
             write ? "store to constant memory"
                   : "constant memory access at offset " +
                         std::to_string(addr) + " out of bounds",
             kIllegalAddress);
      return nullptr;
    }
    return const_cast<uint8_t *>(bank.data()) + addr;
  }
  default:
    c.fail(in, lane, "access to an unsupported state space", kIllegalAddress);
    return nullptr;
  }
}

namespace {

/// ld/st flags: bit 0 = store, bits 8.. = vector count.
struct LdSt {
  static unsigned vec(const Inst &in) { return unsigned(in.aux[0]); }
};

bool execLd(ExecCtx &c, const Inst &in, uint32_t mask) {
  const unsigned ebits = tyBits(in.type);
  const unsigned eb = std::max(1u, ebits / 8), n = LdSt::vec(in);
  const Operand &dst = in.ops[0], &mem = in.ops[1];
  const bool sgn = tyIsSigned(in.type);
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    uint64_t a = memAddr(c, mem, l);
    uint8_t *p = resolve(c, in, l, in.space, a, eb * n, false);
    if (!p) {
      ok = false;
      return;
    }
    auto load = [&](unsigned i) -> uint64_t {
      uint64_t v = 0;
      std::memcpy(&v, p + i * eb, std::min(eb, 8u));
      if (sgn && ebits < 64)
        v = uint64_t(sext(v, ebits)) & maskBits(std::max(32u, ebits));
      return v;
    };
    if (dst.kind == Operand::Vec) {
      const uint32_t *regs = vecRegs(in, dst);
      if (eb == 16) { // .b128 into two 64-bit registers? (v of b128 n/a)
        for (unsigned i = 0; i < dst.count; ++i)
          if (regs[i] != Operand::kNoReg)
            std::memcpy(&c.reg(regs[i], l), p + 8 * i, 8);
        return;
      }
      for (unsigned i = 0; i < dst.count; ++i)
        if (regs[i] != Operand::kNoReg)
          c.reg(regs[i], l) = load(i);
    } else {
      writeReg(c, dst, l, load(0));
    }
  });
  return ok;
}

bool execSt(ExecCtx &c, const Inst &in, uint32_t mask) {
  const unsigned ebits = tyBits(in.type);
  const unsigned eb = std::max(1u, ebits / 8), n = LdSt::vec(in);
  const Operand &mem = in.ops[0], &src = in.ops[1];
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    uint64_t a = memAddr(c, mem, l);
    uint8_t *p = resolve(c, in, l, in.space, a, eb * n, true);
    if (!p) {
      ok = false;
      return;
    }
    if (src.kind == Operand::Vec) {
      const uint32_t *regs = vecRegs(in, src);
      for (unsigned i = 0; i < src.count; ++i) {
        uint64_t v = regs[i] == Operand::kNoReg ? 0 : c.reg(regs[i], l);
        std::memcpy(p + i * eb, &v, std::min(eb, 8u));
      }
    } else {
      uint64_t v = readOp(c, src, l);
      std::memcpy(p, &v, std::min(eb, 8u));
    }
  });
  return ok;
}

Status decodeLdSt(Mods &m, Inst &in, bool store) {
  if (!m.takeSpace(in.space))
    in.space = Space::Generic;
  m.take("nc");
  m.take("volatile");
  m.take("weak");
  m.take("relaxed");
  m.take("acquire");
  m.take("release");
  int scope = m.takeOneOf({"cta", "cluster", "gpu", "sys"});
  (void)scope;
  // Cache operators and eviction hints do not change the values
  // (PTX ISA "Cache Operators").
  for (const char *h :
       {"ca", "cg", "cs", "lu", "cv", "wb", "wt", "L1::evict_normal",
        "L1::evict_unchanged", "L1::evict_first", "L1::evict_last",
        "L1::no_allocate", "L2::evict_normal", "L2::evict_first",
        "L2::evict_last", "L2::64B", "L2::128B", "L2::256B", "L2::cache_hint"})
    m.take(h);
  std::string v = m.takePrefixed("v");
  in.aux[0] = v.empty() ? 1 : std::stoi(v);
  in.type = m.takeType();
  if (in.type == Ty::None)
    return Error(ErrorCode::Parse, "missing type");
  CUTE_TRY(expectOperands(in, 2));
  const size_t memIdx = store ? 0 : 1;
  CUTE_TRY(expectKind(in, memIdx, Operand::Mem));
  const Operand &data = in.ops[store ? 1 : 0];
  if (in.aux[0] > 1 &&
      (data.kind != Operand::Vec || data.count != unsigned(in.aux[0])))
    return Error(ErrorCode::Parse,
                 "a .v" + v + " access needs a vector of " + v + " registers");
  // A body `.param` (call argument) lives in the thread's local memory.
  if (in.space == Space::Param && in.ops[memIdx].localParam)
    in.space = Space::Local;
  in.exec = store ? execSt : execLd;
  return okStatus();
}

// --- atom / red
// ---------------------------------------------------------------

enum AtomOp : uint16_t {
  AAdd,
  AMin,
  AMax,
  AInc,
  ADec,
  AAnd,
  AOr,
  AXor,
  AExch,
  ACas
};

/// PTX ISA "atom": the emulator runs one cluster per host thread; global
/// atomics are host atomics (clusters may run in parallel), shared ones
/// plain read-modify-write (one scheduler owns a CTA).
bool execAtom(ExecCtx &c, const Inst &in, uint32_t mask) {
  const bool isRed = in.flags & 1;
  const unsigned bits = tyBits(in.type);
  const unsigned eb = bits / 8;
  const Operand &mem = in.ops[isRed ? 0 : 1];
  const size_t v0 = isRed ? 1 : 2;
  // red.add.v2/.v4.f32: one atomic reduction per element (PTX ISA "red":
  // the vector's elements are reduced individually).
  const unsigned nvec = unsigned(in.aux[0]);
  bool ok = true;
  forLanes(mask, [&](int l) {
    for (unsigned e = 0; e < nvec && ok; ++e) {
      uint64_t a = memAddr(c, mem, l);
      // The whole vector's alignment is checked with its first element.
      uint8_t *p = resolve(c, in, l, in.space, a, eb * (e ? 1 : nvec), true);
      if (!p) {
        ok = false;
        return;
      }
      p += e * eb;
      const Operand &src = in.ops[v0];
      uint64_t b =
          (nvec > 1 ? c.reg(vecRegs(in, src)[e], l) : readOp(c, src, l)) &
          maskBits(bits);
      uint64_t cc =
          in.op == ACas ? readOp(c, in.ops[v0 + 1], l) & maskBits(bits) : 0;
      auto apply = [&](uint64_t old) -> uint64_t {
        switch (AtomOp(in.op)) {
        case AAdd:
          if (in.type == Ty::F32)
            return f32Bits(asF32(old) + asF32(b));
          if (in.type == Ty::F64)
            return f64Bits(asF64(old) + asF64(b));
          if (in.type == Ty::F16)
            return roundToF16(
                f16ToDouble(uint16_t(old)) + f16ToDouble(uint16_t(b)), RN);
          if (in.type == Ty::BF16)
            return roundToBF16(
                bf16ToDouble(uint16_t(old)) + bf16ToDouble(uint16_t(b)), RN);
          return old + b;
        case AMin:
          if (tyIsSigned(in.type))
            return uint64_t(std::min(sext(old, bits), sext(b, bits)));
          if (in.type == Ty::F32)
            return f32Bits(std::fmin(asF32(old), asF32(b)));
          return std::min(old, b);
        case AMax:
          if (tyIsSigned(in.type))
            return uint64_t(std::max(sext(old, bits), sext(b, bits)));
          if (in.type == Ty::F32)
            return f32Bits(std::fmax(asF32(old), asF32(b)));
          return std::max(old, b);
        case AInc:
          return old >= b ? 0 : old + 1;
        case ADec:
          return (old == 0 || old > b) ? b : old - 1;
        case AAnd:
          return old & b;
        case AOr:
          return old | b;
        case AXor:
          return old ^ b;
        case AExch:
          return b;
        case ACas:
          return old == b ? cc : old;
        }
        return old;
      };
      uint64_t old = 0;
      bool global = in.space == Space::Global ||
                    (in.space == Space::Generic && (a >> kWindowBits) == 0);
      if (global && (eb == 4 || eb == 8)) {
        // Host compare-and-swap loop: correct against other host threads.
        if (eb == 4) {
          auto *q = reinterpret_cast<uint32_t *>(p);
          uint32_t cur = __atomic_load_n(q, __ATOMIC_RELAXED);
          while (!__atomic_compare_exchange_n(
              q, &cur, uint32_t(apply(cur) & 0xffffffffu), false,
              __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
          }
          old = cur;
        } else {
          auto *q = reinterpret_cast<uint64_t *>(p);
          uint64_t cur = __atomic_load_n(q, __ATOMIC_RELAXED);
          while (!__atomic_compare_exchange_n(
              q, &cur, apply(cur), false, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)) {
          }
          old = cur;
        }
      } else {
        std::memcpy(&old, p, eb);
        uint64_t nv = apply(old);
        std::memcpy(p, &nv, eb);
      }
      if (!isRed)
        writeReg(c, in.ops[0], l, old & maskBits(bits));
    }
  });
  return ok;
}

Status decodeAtom(Mods &m, Inst &in, bool red) {
  if (!m.takeSpace(in.space))
    in.space = Space::Generic;
  m.takeOneOf({"relaxed", "acquire", "release", "acq_rel", "sem"});
  m.takeOneOf({"cta", "cluster", "gpu", "sys"});
  m.take("L2::cache_hint");
  int op = m.takeOneOf(
      {"add", "min", "max", "inc", "dec", "and", "or", "xor", "exch", "cas"});
  if (op < 0)
    return Error(ErrorCode::Parse, "missing atomic operation");
  m.take("noftz");
  in.op = uint16_t(op);
  std::string v = m.takePrefixed("v");
  in.aux[0] = v.empty() ? 1 : std::stoi(v);
  in.type = m.takeType();
  if (in.type == Ty::None)
    return Error(ErrorCode::Parse, "missing type");
  if (in.aux[0] != 1 && (!red || op != AAdd || in.type != Ty::F32 ||
                         (in.aux[0] != 2 && in.aux[0] != 4)))
    return Error(ErrorCode::Parse,
                 "vector atomics: only red.add.v2.f32 and red.add.v4.f32 "
                 "are emulated, got .v" +
                     v);
  if (red)
    in.flags |= 1;
  in.exec = execAtom;
  size_t want = (red ? 2 : 3) + (op == ACas ? 1 : 0);
  CUTE_TRY(expectOperands(in, want));
  if (in.aux[0] > 1 && (in.ops[1].kind != Operand::Vec ||
                        in.ops[1].count != unsigned(in.aux[0])))
    return Error(ErrorCode::Parse, "a .v" + v +
                                       " reduction needs a vector of " + v +
                                       " registers");
  return okStatus();
}

} // namespace

const std::vector<DecoderEntry> &memDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"ld", [](Mods &m, Inst &in) { return decodeLdSt(m, in, false); }},
      {"ldu", [](Mods &m, Inst &in) { return decodeLdSt(m, in, false); }},
      {"st", [](Mods &m, Inst &in) { return decodeLdSt(m, in, true); }},
      {"atom", [](Mods &m, Inst &in) { return decodeAtom(m, in, false); }},
      {"red", [](Mods &m, Inst &in) { return decodeAtom(m, in, true); }},
  };
  return kDecoders;
}

} // namespace cute::emu
