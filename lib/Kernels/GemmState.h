//===- GemmState.h - The kernel library's GEMM state (private) -*- C++ -*-===//
//
// Gemm::State, shared by Gemm.cpp (plain, grouped) and GemmQkv.cpp (the
// QKV projection with the fused KV-cache append): the loaded module, the
// per-stream split-K workspaces and the autotuned plans.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_LIB_KERNELS_GEMMSTATE_H
#define CUTE_LIB_KERNELS_GEMMSTATE_H

#include "cute/Kernels/Gemm.h"
#include "cute/Runtime/Memory.h"

#include "gemm_sm90.h"
#ifdef CUTE_KERNELS_SM100
#include "GemmSm100.h"
#endif

#include <map>
#include <mutex>

namespace cute::kernels {

namespace aot = cute_kernels_lib;

/// The workspace of one stream: `ws` for the f32 partials, `flags` for the
/// tile counters (zero between launches).
/// `zeroed` for the slots of atomic reductions (zero between launches).
struct Workspace {
  rt::DeviceBuffer ws, flags, zeroed;
};

struct Gemm::State {
  rt::Context ctx;
  aot::Module module;
#ifdef CUTE_KERNELS_SM100
  /// The sm_100a configurations, on a compute capability 10.0 device
  /// (`module` is then not loaded).
  std::shared_ptr<sm100::Kernels> sm100;
#endif
  /// One f32 1.0: the output scale of an e4m3 C when none is given.
  rt::DeviceBuffer one;
  /// kQkvMaxKvHeads f32 1.0: the scales of a bf16 cache (Gemm::runQkv).
  rt::DeviceBuffer ones;
  int sms = 0;
  std::mutex mutex;
  std::map<CUstream, Workspace> workspaces;
  // Autotuning: the plans of the shape classes known (the file's and this
  // process's), the file, what was done.
  std::string tuneFile;
  std::map<std::string, GemmPlan> tuned;
  GemmTuneStats stats;

  /// Launches plan `p` (operands checked by the caller); with `groups`,
  /// the grouped instance over the groups ending at `offsets`.
  /// With `qkv`, the QKV instance of the plan's configuration (128 x 128
  /// tiles or swap-AB) with its append arguments (Gemm::runQkv).
  Status launch(const rt::Stream &stream, const DeviceMatrix &a,
                const DeviceMatrix &b, const DeviceMatrix &c,
                const GemmOptions &o, const GemmPlan &p,
                CUdeviceptr offsets = 0, int64_t groups = 0,
                const QkvAppend *qkv = nullptr);
  /// The autotuned plan of the problem's class, timing the candidates the
  /// first time.
  Expected<GemmPlan> tune(const rt::Stream &stream, const DeviceMatrix &a,
                          const DeviceMatrix &b, const DeviceMatrix &c,
                          const GemmOptions &o, bool tmaC);

  /// The stream's workspace, grown to at least the given sizes.
  /// With `zeroedSlots`, the workspace is the zeroed buffer (atomic
  /// reductions), else the plain one.
  Expected<std::pair<CUdeviceptr, CUdeviceptr>> workspace(CUstream stream,
                                                          size_t wsBytes,
                                                          size_t flagBytes,
                                                          bool zeroedSlots) {
    std::lock_guard<std::mutex> lock(mutex);
    Workspace &w = workspaces[stream];
    rt::DeviceBuffer &buf = zeroedSlots ? w.zeroed : w.ws;
    if (buf.size() < wsBytes) {
      buf = rt::DeviceBuffer();
      CUTE_ASSIGN_OR_RETURN(buf, rt::DeviceBuffer::allocate(ctx, wsBytes));
      if (zeroedSlots)
        CUTE_TRY(buf.memset(0));
    }
    if (w.flags.size() < flagBytes) {
      w.flags = rt::DeviceBuffer();
      CUTE_ASSIGN_OR_RETURN(w.flags,
                            rt::DeviceBuffer::allocate(ctx, flagBytes));
      // Complete on return: no launch can see the counters before zero.
      CUTE_TRY(w.flags.memset(0));
    }
    return std::make_pair(buf.ptr(), w.flags.ptr());
  }
};

} // namespace cute::kernels

#endif // CUTE_LIB_KERNELS_GEMMSTATE_H
