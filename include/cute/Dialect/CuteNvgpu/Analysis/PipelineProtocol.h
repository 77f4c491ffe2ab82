//===- PipelineProtocol.h - What a kernel's pipelines count -----*- C++ -*-===//
//
// The protocol numbers of a cute_nvgpu pipeline read off the kernel that
// uses it: the bytes the TMA loads bring to a stage's full barrier, and the
// threads that release a stage. One analysis serves cute-verify-kernel
// (a written number is checked against it, with the other protocol rules:
// verifyPipelineProtocol) and cute-nvgpu-infer-pipeline-counts (a number
// not written is filled in).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTENVGPU_ANALYSIS_PIPELINEPROTOCOL_H
#define CUTE_DIALECT_CUTENVGPU_ANALYSIS_PIPELINEPROTOCOL_H

#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <array>
#include <optional>
#include <string>

namespace mlir::cute_nvgpu {

/// Threads per block from the kernel's `gpu.known_block_size` (0 when it
/// declares none).
int64_t knownBlockThreads(gpu::GPUFuncOp fn);

/// True when every thread of the block sees the same value of `v`: built
/// from constants, kernel arguments, block/grid/cluster indices and pure
/// ops of those, or the induction variable of a loop with such bounds.
bool isBlockUniform(Value v, gpu::GPUFuncOp fn);

/// The threads of one CTA that execute an op, per execution of the code
/// around it.
struct Executors {
  /// Known: `threads` is exact. Divergent: under an scf.if whose condition
  /// may differ between threads (taken to select one thread). Unknown:
  /// outside warp roles in a kernel without gpu.known_block_size.
  enum Kind { Known, Divergent, Unknown } kind = Unknown;
  int64_t threads = 0;
  bool elected = false;
  /// The innermost warp role around the op (null: none).
  WarpSpecializeOp roles;
  unsigned role = 0;
  /// The thread-dependent branch that makes the op Divergent.
  Operation *branch = nullptr;
  /// Under a `warp_idx == c` branch: c (-1: none).
  int64_t warp = -1;
  /// Under the else branch of a `warp_idx == c` branch: c (-1: none).
  int64_t otherThan = -1;

  /// Identifies the role, for grouping ops by role.
  const void *roleKey() const {
    return roles ? (const void *)&roles->getRegion(role) : nullptr;
  }
  /// `role "consumer", warps [1, 5)`, or `all threads of the block`.
  std::string where() const;
};

Executors executorsOf(Operation *op, gpu::GPUFuncOp fn, int64_t blockThreads);

/// A TMA load and how often it runs per execution of the op that expects
/// its bytes (loop trip counts between them, times its issuing threads).
struct CountedLoad {
  TmaLoadOp load;
  int64_t times = 1;
};

/// How many times `load` runs per execution of `anchor`: the product of
/// the trip counts of the scf.for loops around the load that do not hold
/// the anchor; std::nullopt when a loop has dynamic bounds or a branch
/// (scf.if) may skip the load.
std::optional<int64_t> timesPer(Operation *load, Operation *anchor);

/// Bytes that land in each destination CTA for one TMA load: the box, times
/// the multicast factor C (each CTA of the group sends its box to all).
int64_t landingBytes(TmaLoadOp load);

/// The bytes `loads` bring to each destination CTA.
int64_t sumBytes(ArrayRef<CountedLoad> loads);

/// "2 boxes of 8192", "1 box of 4096 x multicast 2 + 32 boxes of 512".
std::string describeLoads(ArrayRef<CountedLoad> loads);

/// A protocol number read off the kernel, or why it cannot be.
struct InferredCount {
  std::optional<int64_t> value;
  /// With a value: where it comes from ("2 boxes of 8192 in each CTA");
  /// without: why it cannot be inferred.
  std::string reason;
  /// The op the reason points at (a load, a release, a call), or null.
  Operation *at = nullptr;
};

/// The TMA loads that land on the full barriers of a tma_async or tma_umma
/// pipeline, grouped by the pipeline state whose barrier they name.
struct StageLoads {
  struct PerState {
    Value state;
    SmallVector<CountedLoad> loads;
    /// A load on this state's barrier whose count per stage is not static.
    Operation *uncounted = nullptr;
  };
  SmallVector<PerState> states;
  /// Loads whose cta_group differs from the pipeline's (an error).
  SmallVector<TmaLoadOp> wrongCtaGroup;
  /// A use that hides loads from the analysis (a call that was not
  /// inlined, a barrier handed to an op other than tma_load).
  Operation *opaque = nullptr;
  /// Each CTA's boxes count this many times (a tma_umma CTA pair: 2).
  int64_t ctas = 1;

  /// The bytes one stage named by `s` receives.
  int64_t bytes(const PerState &s) const;
  /// The bytes every stage receives, when all stages agree.
  InferredCount infer() const;
};

StageLoads collectStageLoads(PipelineCreateOp p, gpu::GPUFuncOp fn,
                             int64_t blockThreads);

/// The threads that execute each of `ops` (the releases, or the commits,
/// of one pipeline). Ops in different warp roles may split the arrivals of
/// a stage (their threads add up) or alternate stages (each role has them
/// all).
struct Arrivals {
  SmallVector<Operation *> ops;
  SmallVector<Executors> ex;
  /// An op whose threads cannot be counted (Divergent or Unknown), or a
  /// call that may arrive where the analysis cannot see.
  Operation *uncounted = nullptr;
  /// Threads per role (in the order the roles appear) and their sum.
  SmallVector<std::pair<const void *, int64_t>> perRole;
  int64_t sum = 0;

  /// Whether `count` arrivals per stage agree with the ops' threads.
  bool accepts(int64_t count) const;
  /// The index of an op whose threads differ from `count`.
  size_t firstDiffering(int64_t count) const;
  /// The one count the ops determine ("verb": "release", "commit").
  InferredCount infer(StringRef verb) const;
};

Arrivals countArrivals(ArrayRef<Operation *> ops, gpu::GPUFuncOp fn,
                       int64_t blockThreads);

/// The ops that use a pipeline, in program order.
struct PipelineUses {
  SmallVector<Operation *> releases; ///< pipeline_consumer_release
  SmallVector<Operation *> commits;  ///< pipeline_producer_commit
  SmallVector<PipelineProducerAcquireOp> acquires;
  SmallVector<Operation *> tails; ///< pipeline_producer_tail
  /// A call the pipeline is passed to (a helper that was not inlined, whose
  /// uses cannot be seen), or null.
  Operation *call = nullptr;
};

PipelineUses usesOf(PipelineCreateOp p, gpu::GPUFuncOp fn);

/// The inferred `tx_bytes` of a tma_async / tma_umma pipeline.
InferredCount inferTxBytes(PipelineCreateOp p, gpu::GPUFuncOp fn,
                           int64_t blockThreads);
/// The inferred `consumers` of a pipeline other than tma_store (tma_umma:
/// 1, the thread whose tcgen05.commit releases a stage).
InferredCount inferConsumers(PipelineCreateOp p, gpu::GPUFuncOp fn,
                             int64_t blockThreads);
/// The inferred `producers` of an `async` pipeline: the threads that
/// execute its pipeline_producer_commit.
InferredCount inferProducers(PipelineCreateOp p, gpu::GPUFuncOp fn,
                             int64_t blockThreads);

//===----------------------------------------------------------------------===//
// The protocol rules (cute-verify-kernel, protocol=true)
//===----------------------------------------------------------------------===//

/// What the rules need to know of the kernel's launch and of the chip it
/// is compiled for (the caller reads them off the chip table).
struct KernelFacts {
  /// Threads per block; 0 when the kernel declares no block size.
  int64_t blockThreads = 0;
  std::array<int64_t, 3> cluster{1, 1, 1};
  std::string chipName;
  /// The largest cluster the chip runs (1: compiled without clusters).
  int64_t maxClusterSize = 1;
  bool hasTcgen05 = false;
};

/// How a message names a value: "%name", or "" when it has none.
using ValueNamer = function_ref<std::string(Value)>;

/// The name the IR keeps for `v`: `%` and the `cute.param_name` of a kernel
/// argument; "" otherwise.
std::string irNameOf(Value v);

/// The protocol checks of a kernel's TMA / mbarrier pipelines, warp roles,
/// tcgen05.mma issue and async-proxy fences: an error per violation
/// (values named by `nameOf`), failure if there was one; with `report`, a
/// remark per pipeline fact that holds (stage bytes, arrivals).
LogicalResult verifyPipelineProtocol(gpu::GPUFuncOp fn, const KernelFacts &k,
                                     bool report, ValueNamer nameOf);

/// The cute.smem_alloc a shared-memory tensor or pointer is a view of:
/// through every op that makes an smem view of an smem operand
/// (tensor_slice, partition_tv, local_tile, get_iter, add_offset,
/// make_view, ...). Null for a block argument (a loop-carried view).
cute::SmemAllocOp rootSmemAlloc(Value v);

} // namespace mlir::cute_nvgpu

#endif // CUTE_DIALECT_CUTENVGPU_ANALYSIS_PIPELINEPROTOCOL_H
