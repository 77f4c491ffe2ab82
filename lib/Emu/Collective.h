//===- Collective.h - Warp collectives: arrive, then execute ----*- C++ -*-===//
//
// A .sync collective (shfl, vote, redux, match, elect, bar.warp.sync,
// mma.sync, ldmatrix, stmatrix) completes when every thread of its member
// mask has arrived at it (PTX ISA: "executes ... for all threads in
// membermask"); threads arriving earlier park and the last one executes the
// instruction for all of them.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_COLLECTIVE_H
#define CUTE_EMU_COLLECTIVE_H

#include "Exec.h"

namespace cute::emu {

/// Runs `body(arrived)` once every lane of `members` has arrived at this
/// instruction; lanes arriving earlier park. Returns false when parked or
/// when `body` fails (it returns false after recording the failure).
template <class F>
bool warpCollective(ExecCtx &c, const Inst &in, uint32_t mask, uint32_t members,
                    F &&body) {
  Warp &w = c.w;
  uint32_t live = w.exist & ~w.exited;
  if (members & ~w.exist) {
    // Not an error: a partial last warp may name all 32 lanes.
    members &= w.exist;
  }
  if (mask & ~members)
    return c.fail(in, __builtin_ctz(mask),
                  "a thread executes a .sync collective outside its member "
                  "mask",
                  719);
  if (members & ~live)
    return c.fail(in, __builtin_ctz(mask),
                  "the member mask names threads that have exited", 719);
  uint32_t pc = w.pc[__builtin_ctz(mask)];
  uint32_t waiting = 0;
  for (uint32_t m = w.parked & members; m; m &= m - 1) {
    int l = __builtin_ctz(m);
    if (w.wait[l] == Wait::Collective && w.pc[l] == pc)
      waiting |= 1u << l;
  }
  uint32_t arrived = mask | waiting;
  if (members & ~arrived) {
    park(c, mask, Wait::Collective);
    return false;
  }
  if (!body(arrived))
    return false;
  for (uint32_t m = waiting; m; m &= m - 1) {
    int l = __builtin_ctz(m);
    w.parked &= ~(1u << l);
    w.wait[l] = Wait::None;
    ++w.pc[l];
  }
  return true;
}

} // namespace cute::emu

#endif // CUTE_EMU_COLLECTIVE_H
