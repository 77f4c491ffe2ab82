//===- GemmSm100.h - The GEMM's sm_100a configurations (private) -*- C++
//-*-===//
//
// The kernels of examples/gemm-sm100/kernel.mlir (tcgen05, 1-CTA and 2-CTA)
// behind cute::kernels::Gemm on a compute capability 10.0 device (or
// CUTE_DEVICE=emu:sm_100a). Gemm.cpp checks the rules shared with sm_90a;
// check() holds the ones of these configurations.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_KERNELS_GEMMSM100_H
#define CUTE_LIB_KERNELS_GEMMSM100_H

#include "cute/Kernels/Gemm.h"

#include <memory>

namespace cute::kernels::sm100 {

/// The loaded sm_100a module.
class Kernels;

Expected<std::shared_ptr<Kernels>> load(const rt::Context &ctx);

/// What the sm_100a configurations take beyond the shared rules: bf16 A
/// and B with a bf16 or f32 C, or e4m3 A and B with a bf16 C, C at a
/// 16-byte aligned address, no block scales, SwiGLU to a bf16 C with N %
/// 128 == 0, no autotuning, a forced plan of an sm_100a configuration
/// with split-K splits (no stream-K, no atomic reductions).
Status check(const DeviceMatrix &a, const DeviceMatrix &b,
             const DeviceMatrix &c, const GemmOptions &o);

/// Launches `plan` on checked operands; with plan.splits > 1, `ws` holds
/// a slot of 128 x BN floats per CTA and split and `flags` a counter per
/// CTA, zero before the launch (the last split leaves it zero).
Status run(const Kernels &k, const rt::Stream &stream, const DeviceMatrix &a,
           const DeviceMatrix &b, const DeviceMatrix &c, const GemmOptions &o,
           const GemmPlan &plan, CUdeviceptr ws, CUdeviceptr flags);

/// The grouped GEMM (Gemm::runGrouped's operands, checked there): the
/// 1-CTA 128 x 128 instances over ceil((M + 127 groups) / 128) tile rows,
/// one split; bf16 or e4m3 A and B, a bf16 C.
Status runGrouped(const Kernels &k, const rt::Stream &stream,
                  const DeviceMatrix &a, const DeviceMatrix &b,
                  const DeviceMatrix &c, const GemmOptions &o,
                  CUdeviceptr offsets, int64_t groups);

} // namespace cute::kernels::sm100

#endif // CUTE_LIB_KERNELS_GEMMSM100_H
