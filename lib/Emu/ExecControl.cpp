//===- ExecControl.cpp - Control flow, calls and warp collectives ---------===//
//
// PTX ISA "Control Flow Instructions" (bra, call, ret, exit, trap,
// nanosleep) and the warp-level collectives of "Parallel Synchronization and
// Communication Instructions" (bar.warp.sync, shfl.sync, vote.sync,
// redux.sync, match.sync, elect.sync, activemask). A collective completes
// when every thread of its member mask has arrived at it: lanes that arrive
// early park, and the last one executes it for all of them.
//
// Calls: the only callees are the CUDA runtime's device functions that LLVM
// emits calls to, vprintf (printf) and __assertfail (assert); a call of a
// .func defined in the module is a load-time error (our pipeline inlines).
//
//===----------------------------------------------------------------------===//
#include "Collective.h"
#include "Decode.h"
#include "Exec.h"
#include "Float.h"
#include "Tcgen05.h"

#include <cstdio>
#include <cstring>

namespace cute::emu {

namespace {

// A trap is "unspecified launch failure" on the GPU (CUDA_ERROR_LAUNCH_FAILED).
constexpr int kLaunchFailed = 719, kAssert = 710, kIllegalInstruction = 719;

// --- Control flow
// ---------------------------------------------------------------

bool execBra(ExecCtx &c, const Inst &in, uint32_t mask) {
  uint32_t target = uint32_t(in.ops[0].imm);
  forLanes(mask, [&](int l) { c.w.pc[l] = target; });
  return true;
}

bool execExit(ExecCtx &c, const Inst &in, uint32_t mask) {
  c.w.exited |= mask;
  noteExit(c.cta, mask);
  return tmemExitCheck(c, in, __builtin_ctz(mask));
}

bool execTrap(ExecCtx &c, const Inst &in, uint32_t mask) {
  return c.fail(in, __builtin_ctz(mask), "trap", kIllegalInstruction);
}

bool execNop(ExecCtx &, const Inst &, uint32_t) { return true; }

/// A C string at a generic address (device memory or local/const).
std::string readCString(ExecCtx &c, const Inst &in, int lane, uint64_t a) {
  std::string s;
  for (int i = 0; i < 4096; ++i) {
    uint8_t *p =
        resolve(c, in, lane, Space::Generic, a + uint64_t(i), 1, false);
    if (!p || !*p)
      break;
    s += char(*p);
  }
  return s;
}

/// vprintf(format, args): the CUDA device printf. Arguments are packed in a
/// local buffer, each aligned to its size (ints promoted to 4 or 8 bytes,
/// floats promoted to double).
std::string formatPrintf(ExecCtx &c, const Inst &in, int lane,
                         const std::string &fmt, uint64_t args) {
  std::string out;
  size_t off = 0;
  auto arg = [&](unsigned bytes) -> uint64_t {
    off = (off + bytes - 1) / bytes * bytes;
    uint64_t v = 0;
    if (args) {
      uint8_t *p =
          resolve(c, in, lane, Space::Generic, args + off, bytes, false);
      if (p)
        std::memcpy(&v, p, bytes);
    }
    off += bytes;
    return v;
  };
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    size_t j = i + 1;
    if (j < fmt.size() && fmt[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    while (j < fmt.size() && std::strchr("-+ #0123456789.", fmt[j]))
      ++j;
    bool isLong = false;
    while (j < fmt.size() && std::strchr("hlLqjzt", fmt[j])) {
      if (fmt[j] == 'l' || fmt[j] == 'q' || fmt[j] == 'j' || fmt[j] == 'z')
        isLong = true;
      ++j;
    }
    if (j >= fmt.size())
      break;
    char conv = fmt[j];
    std::string spec = fmt.substr(i, j - i);
    std::string clean;
    for (char ch : spec)
      if (!std::strchr("hlLqjzt", ch))
        clean += ch;
    char buf[512];
    if (std::strchr("di", conv)) {
      int64_t v = isLong ? int64_t(arg(8)) : int64_t(int32_t(arg(4)));
      std::snprintf(buf, sizeof buf, (clean + "lld").c_str(), (long long)v);
    } else if (std::strchr("uxXoc", conv)) {
      uint64_t v = isLong ? arg(8) : uint64_t(uint32_t(arg(4)));
      if (conv == 'c')
        std::snprintf(buf, sizeof buf, (clean + "c").c_str(), int(v));
      else
        std::snprintf(buf, sizeof buf, (clean + "ll" + conv).c_str(),
                      (unsigned long long)v);
    } else if (std::strchr("fFeEgGaA", conv)) {
      double d = asF64(arg(8));
      std::snprintf(buf, sizeof buf, (clean + conv).c_str(), d);
    } else if (conv == 's') {
      std::string s = readCString(c, in, lane, arg(8));
      std::snprintf(buf, sizeof buf, (clean + "s").c_str(), s.c_str());
    } else if (conv == 'p') {
      std::snprintf(buf, sizeof buf, "0x%llx", (unsigned long long)arg(8));
    } else {
      buf[0] = 0;
    }
    out += buf;
    i = j;
  }
  return out;
}

uint64_t readLocalU64(ExecCtx &c, const Inst &in, int lane, uint64_t off,
                      unsigned bytes) {
  uint8_t *p = resolve(c, in, lane, Space::Local, off, bytes, false);
  uint64_t v = 0;
  if (p)
    std::memcpy(&v, p, bytes);
  return v;
}

bool execCall(ExecCtx &c, const Inst &in, uint32_t mask) {
  // ops: [retval addr] callee [args...] (Parser flattens the lists).
  size_t fi = in.ops[0].kind == Operand::Label ? 0 : 1;
  const std::string &callee =
      c.L.module->decl.functions[size_t(in.ops[fi].imm)].name;
  bool ok = true;
  forLanes(mask, [&](int l) {
    if (!ok)
      return;
    if (callee == "vprintf") {
      uint64_t fmtAddr =
          readLocalU64(c, in, l, uint64_t(in.ops[fi + 1].imm), 8);
      uint64_t args = readLocalU64(c, in, l, uint64_t(in.ops[fi + 2].imm), 8);
      std::string fmt = readCString(c, in, l, fmtAddr);
      std::string text = formatPrintf(c, in, l, fmt, args);
      {
        std::lock_guard<std::mutex> lock(c.L.printfMutex);
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);
      }
      if (fi == 1) {
        uint8_t *p =
            resolve(c, in, l, Space::Local, uint64_t(in.ops[0].imm), 4, true);
        if (p)
          std::memset(p, 0, 4);
      }
    } else if (callee == "__assertfail") {
      auto s = [&](size_t k) {
        return readCString(
            c, in, l,
            readLocalU64(c, in, l, uint64_t(in.ops[fi + 1 + k].imm), 8));
      };
      uint64_t line = readLocalU64(c, in, l, uint64_t(in.ops[fi + 3].imm), 4);
      ok = c.fail(in, l,
                  "device assertion '" + s(0) + "' failed at " + s(1) + ":" +
                      std::to_string(line) + " in " + s(3),
                  kAssert);
    }
  });
  if (ok)
    forLanes(mask, [&](int l) { ++c.w.pc[l]; });
  return ok;
}

Status decodeCall(Mods &m, Inst &in) {
  m.take("uni");
  size_t fi = 0;
  while (fi < in.ops.size() && in.ops[fi].kind != Operand::Label)
    ++fi;
  if (fi >= in.ops.size() || in.ops[fi].reg != LabelFunction)
    return Error(ErrorCode::Parse, "call without a callee");
  in.exec = execCall;
  in.changesControl = true;
  in.aux[0] = int64_t(fi);
  return okStatus();
}

// --- Warp collectives -------------------------------------------------------

uint32_t memberMask(ExecCtx &c, const Operand &o, uint32_t mask) {
  return uint32_t(readOp(c, o, __builtin_ctz(mask)));
}

/// shfl.sync.{up,down,bfly,idx}.b32 d[|p], a, b, c, membermask (ISA
/// pseudo-code: segmask = c[12:8], clamp = c[4:0]).
bool execShfl(ExecCtx &c, const Inst &in, uint32_t mask) {
  const bool hasP = in.flags & 1;
  const size_t a0 = hasP ? 2 : 1;
  const auto &o = in.ops;
  uint32_t members = memberMask(c, o[a0 + 3], mask);
  return warpCollective(c, in, mask, members, [&](uint32_t arrived) {
    uint64_t src[32];
    for (int l = 0; l < 32; ++l)
      src[l] = (arrived >> l & 1) ? readOp(c, o[a0], l) & 0xffffffffu : 0;
    forLanes(arrived, [&](int l) {
      uint32_t b = uint32_t(readOp(c, o[a0 + 1], l)) & 31;
      uint32_t cc = uint32_t(readOp(c, o[a0 + 2], l));
      int segmask = int((cc >> 8) & 31), cval = int(cc & 31);
      int lane = l;
      int maxLane = (lane & segmask) | (cval & ~segmask);
      int minLane = lane & segmask;
      int j = lane;
      bool pval = false;
      switch (in.op) {
      case 0: // up
        j = lane - int(b);
        pval = j >= maxLane;
        break;
      case 1: // down
        j = lane + int(b);
        pval = j <= maxLane;
        break;
      case 2: // bfly
        j = lane ^ int(b);
        pval = j <= maxLane;
        break;
      default: // idx
        j = minLane | (int(b) & ~segmask);
        pval = j <= maxLane;
        break;
      }
      if (!pval)
        j = lane;
      writeReg(c, o[0], l, src[j]);
      if (hasP)
        writeReg(c, o[1], l, pval);
    });
    return true;
  });
}

bool execVote(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  uint32_t members = memberMask(c, o[2], mask);
  return warpCollective(c, in, mask, members, [&](uint32_t arrived) {
    uint32_t ballot = 0;
    forLanes(arrived, [&](int l) {
      if (readOp(c, o[1], l) & 1)
        ballot |= 1u << l;
    });
    forLanes(arrived, [&](int l) {
      uint64_t r;
      switch (in.op) {
      case 0: // all
        r = (ballot & arrived) == arrived;
        break;
      case 1: // any
        r = ballot != 0;
        break;
      case 2: // uni
        r = ballot == 0 || (ballot & arrived) == arrived;
        break;
      default: // ballot
        r = ballot;
      }
      writeReg(c, o[0], l, r);
    });
    return true;
  });
}

bool execRedux(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  uint32_t members = memberMask(c, o[2], mask);
  const bool sgn = tyIsSigned(in.type);
  return warpCollective(c, in, mask, members, [&](uint32_t arrived) {
    uint64_t acc = 0;
    bool first = true;
    forLanes(arrived, [&](int l) {
      uint64_t v = readOp(c, o[1], l) & 0xffffffffu;
      if (first) {
        acc = v;
        first = false;
        return;
      }
      switch (in.op) {
      case 0:
        acc = (acc + v) & 0xffffffffu;
        break;
      case 1:
        acc = sgn ? uint64_t(uint32_t(std::min(int32_t(acc), int32_t(v))))
                  : std::min(acc, v);
        break;
      case 2:
        acc = sgn ? uint64_t(uint32_t(std::max(int32_t(acc), int32_t(v))))
                  : std::max(acc, v);
        break;
      case 3:
        acc &= v;
        break;
      case 4:
        acc |= v;
        break;
      default:
        acc ^= v;
      }
    });
    forLanes(arrived, [&](int l) { writeReg(c, o[0], l, acc); });
    return true;
  });
}

bool execMatch(ExecCtx &c, const Inst &in, uint32_t mask) {
  const bool hasP = in.flags & 1;
  const size_t a0 = hasP ? 2 : 1;
  const auto &o = in.ops;
  uint32_t members = memberMask(c, o[a0 + 1], mask);
  const unsigned bits = tyBits(in.type);
  return warpCollective(c, in, mask, members, [&](uint32_t arrived) {
    uint64_t v[32];
    forLanes(arrived,
             [&](int l) { v[l] = readOp(c, o[a0], l) & maskBits(bits); });
    bool allSame = true;
    forLanes(arrived,
             [&](int l) { allSame &= v[l] == v[__builtin_ctz(arrived)]; });
    forLanes(arrived, [&](int l) {
      uint32_t same = 0;
      forLanes(arrived, [&](int k) {
        if (v[k] == v[l])
          same |= 1u << k;
      });
      if (in.op == 0) { // any
        writeReg(c, o[0], l, same);
      } else { // all
        writeReg(c, o[0], l, allSame ? arrived : 0);
        if (hasP)
          writeReg(c, o[1], l, allSame);
      }
    });
    return true;
  });
}

/// elect.sync d|p, membermask: the lowest-numbered member lane is elected.
bool execElect(ExecCtx &c, const Inst &in, uint32_t mask) {
  const auto &o = in.ops;
  uint32_t members = memberMask(c, o[2], mask);
  return warpCollective(c, in, mask, members, [&](uint32_t arrived) {
    int leader = __builtin_ctz(arrived);
    forLanes(arrived, [&](int l) {
      writeReg(c, o[0], l, uint32_t(leader));
      writeReg(c, o[1], l, l == leader);
    });
    return true;
  });
}

bool execWarpSync(ExecCtx &c, const Inst &in, uint32_t mask) {
  uint32_t members = memberMask(c, in.ops[0], mask);
  return warpCollective(c, in, mask, members, [](uint32_t) { return true; });
}

bool execActivemask(ExecCtx &c, const Inst &in, uint32_t mask) {
  forLanes(mask, [&](int l) { writeReg(c, in.ops[0], l, mask); });
  return true;
}

} // namespace

const std::vector<DecoderEntry> &controlDecoders() {
  static const std::vector<DecoderEntry> kDecoders = {
      {"bra",
       [](Mods &m, Inst &in) -> Status {
         m.take("uni");
         CUTE_TRY(expectOperands(in, 1));
         CUTE_TRY(expectKind(in, 0, Operand::Label));
         if (in.ops[0].reg == LabelFunction)
           return Error(ErrorCode::Parse, "bra to a function");
         in.exec = execBra;
         in.changesControl = true;
         return okStatus();
       }},
      {"ret",
       [](Mods &m, Inst &in) -> Status {
         m.take("uni");
         in.exec = execExit; // entries only: .func bodies are never called
         in.changesControl = true;
         return expectOperands(in, 0);
       }},
      {"exit",
       [](Mods &, Inst &in) -> Status {
         in.exec = execExit;
         in.changesControl = true;
         return expectOperands(in, 0);
       }},
      {"trap",
       [](Mods &, Inst &in) -> Status {
         in.exec = execTrap;
         return okStatus();
       }},
      {"brkpt",
       [](Mods &, Inst &in) -> Status {
         in.exec = execTrap;
         return okStatus();
       }},
      {"call", decodeCall},
      {"nanosleep",
       [](Mods &m, Inst &in) -> Status {
         m.take("u32");
         in.exec = execNop;
         return okStatus();
       }},
      {"pmevent",
       [](Mods &m, Inst &in) -> Status {
         m.take("mask");
         in.exec = execNop;
         return okStatus();
       }},
      {"griddepcontrol",
       [](Mods &m, Inst &in) -> Status {
         // Programmatic dependent launch: launches run one after another
         // in the emulator, so both forms have nothing to wait for.
         m.takeOneOf({"launch_dependents", "wait"});
         in.exec = execNop;
         return okStatus();
       }},
      {"shfl",
       [](Mods &m, Inst &in) -> Status {
         if (!m.take("sync"))
           return Error(ErrorCode::Parse, "only shfl.sync exists on sm_70+");
         int k = m.takeOneOf({"up", "down", "bfly", "idx"});
         if (k < 0)
           return Error(ErrorCode::Parse, "shfl.sync needs a mode");
         in.op = uint16_t(k);
         in.type = m.takeType();
         in.exec = execShfl;
         if (in.ops.size() == 6)
           in.flags |= 1;
         else if (in.ops.size() != 5)
           return Error(ErrorCode::Parse, "shfl.sync takes d[|p], a, b, c, "
                                          "membermask");
         return okStatus();
       }},
      {"vote",
       [](Mods &m, Inst &in) -> Status {
         m.take("sync");
         int k = m.takeOneOf({"all", "any", "uni", "ballot"});
         if (k < 0)
           return Error(ErrorCode::Parse, "vote needs a mode");
         in.op = uint16_t(k);
         in.type = m.takeType();
         in.exec = execVote;
         return expectOperands(in, 3);
       }},
      {"redux",
       [](Mods &m, Inst &in) -> Status {
         m.take("sync");
         int k = m.takeOneOf({"add", "min", "max", "and", "or", "xor"});
         if (k < 0)
           return Error(ErrorCode::Parse, "redux.sync needs an operation");
         in.op = uint16_t(k);
         in.type = m.takeType();
         if (in.type == Ty::F32)
           return Error(ErrorCode::Parse, "redux.sync on .f32");
         in.exec = execRedux;
         return expectOperands(in, 3);
       }},
      {"match",
       [](Mods &m, Inst &in) -> Status {
         m.take("sync");
         int k = m.takeOneOf({"any", "all"});
         if (k < 0)
           return Error(ErrorCode::Parse, "match.sync needs .any or .all");
         in.op = uint16_t(k);
         in.type = m.takeType();
         in.exec = execMatch;
         if (in.ops.size() == 4)
           in.flags |= 1;
         return okStatus();
       }},
      {"elect",
       [](Mods &m, Inst &in) -> Status {
         m.take("sync");
         in.exec = execElect;
         return expectOperands(in, 3);
       }},
      {"activemask",
       [](Mods &m, Inst &in) -> Status {
         m.take("b32");
         in.exec = execActivemask;
         return expectOperands(in, 1);
       }},
  };
  return kDecoders;
}

Status decodeBarWarpSync(Mods &m, Inst &in) {
  m.take("sync");
  in.exec = execWarpSync;
  return expectOperands(in, 1);
}

} // namespace cute::emu
