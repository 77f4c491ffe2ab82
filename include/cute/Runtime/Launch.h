//===- Launch.h - Checked kernel launches -----------------------*- C++ -*-===//
//
// KernelArgs packs launch arguments together with what they are (pointer,
// typed scalar, TMA descriptor). Before anything reaches the driver,
// validateArgs checks them against the kernel's metadata (count, kind, size,
// element type, TMA box/swizzle, null pointers, and that tensors whose
// extents are arguments keep their offsets within the kernel's 32-bit index
// width: checkViews) and resolveLaunch checks the
// launch geometry; both are pure host code. launch() then raises the
// dynamic shared memory limit when needed and calls cuLaunchKernelEx with a
// cluster-dimension attribute.
//
// A TMA descriptor param that the kernel derived from a global tensor
// ("source" in the metadata's "tma") is not an argument: the caller passes
// only the other params, and launch() encodes the descriptor from them
// (deriveTmaSpec, then cuTensorMapEncodeTiled) and appends it. validateArgs
// checks the derived descriptors' addresses, extents and strides too.
//
// A kernel compiled with specialized clones ("variants" in the metadata)
// launches the first clone whose conditions hold for the actual arguments
// (aligned pointers, divisible integers), else the generic kernel:
// selectVariant is that choice as pure host code. With CUTE_LOG=variants
// each such launch prints the choice and why to stderr.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_LAUNCH_H
#define CUTE_RUNTIME_LAUNCH_H

#include "cute/Runtime/Memory.h"
#include "cute/Runtime/Metadata.h"
#include "cute/Runtime/Module.h"
#include "cute/Runtime/TensorMap.h"

#include <memory>
#include <optional>
#include <type_traits>
#include <vector>

namespace cute::rt {

class KernelArgs {
public:
  struct Arg {
    ParamKind kind = ParamKind::Scalar;
    std::optional<ElemType> elem; ///< unknown for untyped pointers/bytes
    size_t bytes = 0;
    alignas(64) unsigned char data[128] = {};
    /// For TMA descriptors: what the descriptor was encoded with.
    int rank = 0;
    std::vector<uint32_t> box;
    int swizzle = 0, interleave = 0;
  };

  /// A device pointer; `elem`, when given, is checked against the metadata.
  KernelArgs &ptr(CUdeviceptr p, std::optional<ElemType> elem = std::nullopt);
  KernelArgs &ptr(const DeviceBuffer &b,
                  std::optional<ElemType> elem = std::nullopt) {
    return ptr(b.ptr(), elem);
  }
  /// A typed device pointer: `args.ptr<float>(buf)` is checked to be f32.
  template <class T> KernelArgs &ptr(const DeviceBuffer &b) {
    return ptr(b.ptr(), ElemTypeOf<T>::value);
  }
  /// A scalar whose element type is deduced: int32_t -> i32, float -> f32.
  template <class T> KernelArgs &scalar(T v) {
    static_assert(std::is_trivially_copyable_v<T>);
    return scalarBytes(&v, sizeof(T), ElemTypeOf<T>::value);
  }
  /// Raw scalar bytes (f16/bf16 values, ...); `elem` optional.
  KernelArgs &scalarBytes(const void *data, size_t bytes,
                          std::optional<ElemType> elem = std::nullopt);
  /// A TMA descriptor passed by value (a __grid_constant__ CUtensorMap).
  KernelArgs &tensorMap(const TensorMap &tm);

  /// Room for `n` arguments (one allocation; the launchers call it).
  KernelArgs &reserve(size_t n) {
    args_.reserve(n);
    return *this;
  }
  size_t size() const { return args_.size(); }
  const Arg &operator[](size_t i) const { return args_[i]; }
  /// The kernelParams array for cuLaunchKernel(Ex); valid while *this is.
  std::vector<void *> pointers() const;

private:
  std::vector<Arg> args_;
};

struct LaunchConfig {
  Dim3 grid;
  /// Unset: the metadata's block. Set: must equal it (kernels are compiled
  /// for one block shape).
  std::optional<Dim3> block;
  /// Unset: the metadata's cluster. Set: must equal it.
  std::optional<Dim3> cluster;
  /// Unset: the metadata's smem_dynamic. Set: must be at least that.
  std::optional<size_t> dynamicSmem;
};

/// The checked geometry of one launch.
struct ResolvedLaunch {
  Dim3 grid, block, cluster;
  size_t dynamicSmem = 0;
  std::string str() const;
};

/// Host-only: arguments against metadata, then checkViews, then the
/// derived TMA descriptors (deriveTmaSpec). `args` holds one argument per
/// param that is not derived (info.userParamCount()). Errors are
/// InvalidArgument and read "kernel 'k': argument 1 ('n'): ...".
Status validateArgs(const KernelInfo &info, const KernelArgs &args);
/// Host-only: the spec of the derived TMA descriptor info.params[paramIndex]
/// for `args` (one per non-derived param): the source pointer's value as
/// global address, its dims' extents and strides evaluated from the integer
/// arguments (overflow-checked), and the metadata's elem, box, swizzle,
/// interleave, L2 promotion and OOB fill; checked with
/// validateTensorMapSpec. Errors name the descriptor, the argument and the
/// numbers: "kernel 'k': param 0 'in': a TMA descriptor needs a 16-byte
/// aligned global address; got 0x7f0000000004 (for TMA descriptor
/// 'in_tma', param 4)", "kernel 'k': TMA descriptor 'in_tma' (param 4) dim 1:
/// stride 1003 elements = 4012 bytes of f32 from param 3 'ld' is not a multiple
/// of 16"; InvalidArgument, or TensorMap for validateTensorMapSpec's own rules
/// (prefixed "kernel 'k': TMA descriptor 'in_tma' (param 4)").
Expected<TmaDescriptorSpec> deriveTmaSpec(const KernelInfo &info,
                                          size_t paramIndex,
                                          const KernelArgs &args);
/// Derives (deriveTmaSpec) and encodes every derived TMA descriptor of
/// `info`, in param order: result[i] is info.params[info.userParamCount()
/// + i]. Empty when the kernel has none.
Expected<std::vector<TensorMap>>
encodeDerivedTensorMaps(const Driver &driver, const KernelInfo &info,
                        const KernelArgs &args);
/// Host-only: the "views" of the pointer params (ViewInfo) for arguments
/// that validateArgs has otherwise accepted: rejects a negative extent and,
/// unless some extent is 0, a largest offset >= 2^(bits-1), evaluated in
/// overflow-checked 64-bit arithmetic (an overflow is rejected too), e.g.
/// "kernel 'k': argument 0 ('x'): the largest element offset of its
/// tensor, (rows - 1)*|cols| + cols - 1 = 4294967295 with rows = 65536,
/// cols = 65536, does not fit the kernel's 32-bit offsets (at most
/// 2147483647); declare the tensor's strides ?{i64} ...".
Status checkViews(const KernelInfo &info, const KernelArgs &args);
/// Host-only: grid/block/cluster/shared-memory checks and defaults.
Expected<ResolvedLaunch> resolveLaunch(const KernelInfo &info,
                                       const LaunchConfig &cfg);

/// A launch checked and packed once, launched many times (for hot loops):
/// the arguments are bound (copied), the launch geometry resolved, the
/// derived TMA descriptors encoded and the function's shared-memory and
/// cluster attributes set when it is prepared, so launch() is a single
/// cuLaunchKernelEx. The bound device pointers must stay valid while it is
/// used. A PreparedLaunch is immutable: launches from several threads (on
/// their streams) are safe. The thread that launches must have the kernel's
/// context current (the preparing thread has; launch() makes it current on
/// CUDA_ERROR_INVALID_CONTEXT and retries once).
class PreparedLaunch {
public:
  PreparedLaunch() = default;
  bool valid() const { return state_ != nullptr; }

  Status launch(const Stream &stream) const;
  /// On a raw stream of the kernel's context (e.g. one the application
  /// owns); nullptr is the legacy default stream.
  Status launch(CUstream stream) const;

  /// The function launched: the kernel's, or the variant's chosen for the
  /// bound arguments.
  const std::string &functionName() const;
  const ResolvedLaunch &geometry() const;

  struct State;

private:
  friend Expected<PreparedLaunch> prepareLaunch(const Function &,
                                                const KernelInfo &,
                                                const LaunchConfig &,
                                                const KernelArgs &);
  std::shared_ptr<const State> state_;
};

/// Validates the arguments and launch configuration (validateArgs,
/// resolveLaunch, the device's shared-memory limit), encodes the derived TMA
/// descriptors and sets the function attributes: everything rt::launch does
/// except the launch itself.
Expected<PreparedLaunch> prepareLaunch(const Function &fn,
                                       const KernelInfo &info,
                                       const LaunchConfig &cfg,
                                       const KernelArgs &args);

/// prepareLaunch then PreparedLaunch::launch on `stream`. Does not
/// synchronize.
Status launch(const Function &fn, const KernelInfo &info, const Stream &stream,
              const LaunchConfig &cfg, const KernelArgs &args);

namespace detail {
/// Kernel::launch's path: what prepareLaunch checks and sets, less
/// validateArgs (done by the caller), then the launch, without building a
/// PreparedLaunch (no heap allocation for kernels without derived TMA
/// descriptors and with at most 32 parameters).
Status launchValidated(const Function &fn, const KernelInfo &info,
                       const Stream &stream, const LaunchConfig &cfg,
                       const KernelArgs &args);
/// The index of the first variant of `generic` whose conditions hold for
/// `args` (selectVariant's choice, without the reasons in words).
std::optional<size_t> firstHoldingVariant(const KernelInfo &generic,
                                          const KernelArgs &args);
} // namespace detail

/// Whether `cond` holds for `args`, and the reason in words: "param 0 'x'
/// align 16" / "param 4 'cols' % 16 == 0" when it holds, "param 0 'x' =
/// 0x7f0000000004 is not aligned to 16" / "param 4 'cols' = 1003 is not a
/// multiple of 16" when not. An argument that is missing or not of the
/// parameter's kind, size and type fails the condition (validateArgs
/// reports it). Integer scalars are read by the parameter's element type
/// (i8..i64, u8..u64, index).
struct ConditionResult {
  bool holds = false;
  std::string text;
};
ConditionResult checkCondition(const KernelInfo &info,
                               const VariantCondition &cond,
                               const KernelArgs &args);

/// Which of `generic`'s variants a launch with `args` runs: the first whose
/// conditions all hold, else the generic kernel.
struct VariantChoice {
  /// Index into generic.variants; nullopt for the generic kernel.
  std::optional<size_t> variant;
  /// The chosen kernel's name.
  std::string name;
  /// For a variant: its conditions ("param 0 'x' align 16, param 4 'cols' %
  /// 16 == 0"), then for each variant passed over before it "; not
  /// 'k__spec0': <first condition that failed>". For the generic kernel:
  /// "'k__spec0': <first failed condition>; 'k__spec1': ..." ("no
  /// variants" when it has none).
  std::string reason;
};
VariantChoice selectVariant(const KernelInfo &generic, const KernelArgs &args);

/// The stderr line for a choice: "cute: kernel 'k' -> 'k__spec0' (<reason>)"
/// or "cute: kernel 'k' -> generic (<reason>)".
std::string variantLogLine(const KernelInfo &generic,
                           const VariantChoice &choice);

/// Whether $CUTE_LOG, a comma-separated list, holds "variants" or "all".
/// Read at every launch of a kernel with variants.
bool variantLogEnabled();

/// A Function with its metadata, and for a generic kernel with variants,
/// the variants' Kernels (variants()[i] runs info().variants[i]).
class Kernel {
public:
  Kernel() = default;
  Kernel(Function fn, KernelInfo info)
      : fn_(std::move(fn)), info_(std::move(info)) {}
  /// `variants` in the order of info.variants; Program::kernel builds them.
  Kernel(Function fn, KernelInfo info, std::vector<Kernel> variants)
      : fn_(std::move(fn)), info_(std::move(info)),
        variants_(std::move(variants)) {}

  /// Checks the arguments against this kernel's metadata, picks the variant
  /// (selectVariant; logged with CUTE_LOG=variants), then validates and
  /// launches the chosen kernel like rt::launch.
  Status launch(const Stream &stream, const LaunchConfig &cfg,
                const KernelArgs &args) const;
  /// The same checks and variant choice, once: the returned launch runs the
  /// chosen function with these arguments each time.
  Expected<PreparedLaunch> prepare(const LaunchConfig &cfg,
                                   const KernelArgs &args) const;

  /// The choice launch() makes for `args`.
  VariantChoice select(const KernelArgs &args) const;
  /// The name of the kernel launch() would run for `args`.
  std::string selectedName(const KernelArgs &args) const {
    return select(args).name;
  }

  const Function &function() const { return fn_; }
  const KernelInfo &info() const { return info_; }
  const std::vector<Kernel> &variants() const { return variants_; }

private:
  Function fn_;
  KernelInfo info_;
  std::vector<Kernel> variants_;
};

/// A loaded module plus its metadata: what the compiler produces.
class Program {
public:
  /// Parses the metadata, checks its chip against the device, loads the
  /// image (cubin, or PTX through the JIT).
  static Expected<Program> load(const Context &ctx, const std::string &image,
                                std::string_view metadataJson);
  /// Same, from files (e.g. "add.cubin" and "add.json").
  static Expected<Program> loadFiles(const Context &ctx,
                                     const std::string &imagePath,
                                     const std::string &metadataPath);

  /// The named kernel, checked to exist in both metadata and module, with
  /// its variants (each checked the same way).
  Expected<Kernel> kernel(const std::string &name) const;
  const Module &module() const { return module_; }
  const ModuleMetadata &metadata() const { return meta_; }

private:
  Module module_;
  ModuleMetadata meta_;
};

} // namespace cute::rt

#endif // CUTE_RUNTIME_LAUNCH_H
