// examples/mla-decode: the two e4m3 forms of the page pipeline. mla_e4m3
// lands each page by TMA (nine 64 x 64 boxes) in the upper half of its
// 16-bit stage and widens it in place; mla_e4m3r (F8R) lands it in the
// producer warpgroup's registers (18 16-byte loads a thread, issued before
// the stage is free) and widens it from there, so its only TMA copies are
// Q's nine boxes, and its warpgroups run with 112 (producer) and 200
// (consumers) registers. Both widen with cvt.rn.f16x2.e4m3x2. Compiled
// only: the emulator tests run them (emu.mla-decode, both forms on the same
// data).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cute-opt %cute_src/examples/mla-decode/kernel.mlir --cute-compile="chip=sm_90a format=ptx output-dir=%t" -o /dev/null
// RUN: sed -n '/^.visible .entry mla_e4m3(/,/^}/p' %t/mla_decode.sm_90a.ptx | FileCheck %s --check-prefix=TMA
// RUN: sed -n '/^.visible .entry mla_e4m3r(/,/^}/p' %t/mla_decode.sm_90a.ptx | FileCheck %s --check-prefix=REG
// RUN: sed -n '/^.visible .entry mla_e4m3r(/,/^}/p' %t/mla_decode.sm_90a.ptx | FileCheck %s --check-prefix=REGN

// Q's nine boxes, then in the page loop the widening of the landed page
// and the next page's nine boxes.
// TMA: setmaxnreg.dec.sync.aligned.u32 40;
// TMA-COUNT-9: cp.async.bulk.tensor.2d
// TMA: cvt.rn.f16x2.e4m3x2
// TMA-COUNT-9: cp.async.bulk.tensor.2d
// TMA: setmaxnreg.inc.sync.aligned.u32 232;

// The first page's 18 loads before the loop, the next page's 18 in it
// (after the stage's widening and commit).
// REG: setmaxnreg.dec.sync.aligned.u32 112;
// REG-COUNT-9: cp.async.bulk.tensor.2d
// REG-COUNT-18: ld.global.v4.b32
// REG: mbarrier.try_wait
// REG: cvt.rn.f16x2.e4m3x2
// REG: fence.proxy.async
// REG-COUNT-18: ld.global.v4.b32
// REG: setmaxnreg.inc.sync.aligned.u32 200;
// REGN-COUNT-9: cp.async.bulk.tensor.2d
// REGN-NOT: cp.async.bulk.tensor.2d
