//===- KernelInfo.h - Launch facts of a gpu.func kernel ---------*- C++ -*-===//
#ifndef CUTE_TARGET_KERNELINFO_H
#define CUTE_TARGET_KERNELINFO_H

#include "cute/Support/KernelMetadata.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class AsmParserState;
class ParserConfig;
} // namespace mlir

#include <array>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace mlir::cute {

/// One kernel parameter as the runtime passes it.
struct KernelParam {
  std::string name;
  std::string kind; // metadata::kind::Pointer or Scalar
  std::string elem; // element type ("f32", "i32", ...; "" if unknown)
  int64_t bytes = 0;
  int64_t align = 0; // pointers: assumed alignment in bytes (0: unknown)
  unsigned arg = 0;  // the gpu.func argument it comes from
  int64_t leaf = -1; // which dynamic leaf of that argument (-1: not a leaf)
  /// Pointers: the tensors made of it whose extents and strides are known
  /// from the parameters and whose 32-bit offsets the runtime checks
  /// ("views": the expressions index KernelInfo::params).
  std::vector<::cute::metadata::View> views;
  /// TMA descriptors: the "tma" object (box, swizzle, source, ...).
  std::optional<::cute::metadata::Tma> tma;
};

/// One condition of a specialized clone, on the runtime parameter
/// `params[param]` (not the gpu.func argument index): exactly one of
/// `align` (pointer value % align == 0) and `div` (integer % div == 0) is
/// set.
struct VariantCondition {
  int64_t param = 0;
  int64_t align = 0;
  int64_t div = 0;
};

/// A specialized clone of a generic kernel (`cute.specialization_of`).
struct KernelVariant {
  std::string name;
  std::vector<VariantCondition> when;
};

struct KernelInfo {
  std::string name;
  std::vector<KernelParam> params;
  std::array<int32_t, 3> block{1, 1, 1};
  bool knownBlock = false; // the kernel declares its block size
  std::array<int32_t, 3> cluster{1, 1, 1};
  int64_t staticSmem = 0;  // workgroup attributions + static smem plan
  int64_t dynamicSmem = 0; // `cute.dynamic_smem`
  /// Tensor Memory columns the kernel allocates per CTA: the sum of its
  /// `cute_nvgpu.tmem_alloc` columns (0 without TMEM).
  int64_t tmemColumns = 0;
  /// Generic kernels: the clones that may run instead, in priority order.
  std::vector<KernelVariant> variants;
};

/// Reads a kernel's launch facts (attribute names: CuteAttrNames.h): block
/// dims from `gpu.known_block_size`,
/// cluster dims from `cute.cluster_dims`, dynamic smem from
/// `cute.dynamic_smem`, static smem from workgroup attributions plus the
/// bytes of a static `cute.smem_plan` (cute-plan-smem), TMEM columns from
/// `cute_nvgpu.tmem_alloc` ops. Emits an
/// error on the function and fails for a parameter it cannot describe.
///
/// Parameter names: the argument's `cute.param_name` (written, or set from
/// its SSA name by parseSourceWithParamNames), else "argN"; the dynamic leaves
/// of a cute-typed argument `x` are "x.leaf0", "x.leaf1", ... A name that is
/// taken already falls back to "argN". Does not read `cute.specialization*`
/// (see collectKernelInfos).
///
/// Views: for each pointer parameter, every `cute.make_view` of it (and a
/// gmem `!cute.memref` parameter's own layout) whose layout is built from
/// integer scalar parameters and constants (cute.make_shape / make_stride /
/// make_int_tuple / make_coord operands, cute.static, algebra ops such as
/// cute.make_layout on those) gives a view, unless its 32-bit offsets
/// stay below 2^31 for every value of the parameters' types (all modes
/// 64-bit, or a 1-D i32 extent); distinct views only, in program order. A
/// view whose leaves come from anything else (a load, arithmetic) gives
/// none.
FailureOr<KernelInfo> computeKernelInfo(gpu::GPUFuncOp fn);

/// The launch facts of every kernel of `mod`, in module order, with each
/// specialized clone (`cute.specialization_of` + `cute.specialization`,
/// CuteAttrNames.h) recorded in its generic kernel's `variants`, in module
/// order. A clone naming no kernel of `mod`, a malformed condition, or a
/// clone whose parameters differ from the generic kernel's is an error on
/// the clone.
FailureOr<std::vector<KernelInfo>> collectKernelInfos(gpu::GPUModuleOp mod);

/// The `%name` token starting at 1-based `column` of `line`, without the
/// `%`; "" unless it is a named SSA value (`%x`, `%x_1`, not `%0`).
std::string ssaNameAt(llvm::StringRef line, unsigned column);

/// The SSA names of kernel arguments (`%x` in `gpu.func @k(%x: ...) kernel`)
/// as the parser recorded them (mlir::AsmParserState), by the argument's
/// location, so that a later parse of the same text can be named too.
class KernelParamNames {
public:
  /// Records the named arguments of the kernels among `parsed`'s ops, and
  /// sets `cute.param_name` on each of them that has none.
  void record(Block &parsed, const AsmParserState &state);
  /// Sets `cute.param_name` on each kernel argument under `root` that has
  /// none and whose location is that of a recorded one.
  void attach(Operation *root) const;

private:
  using Key = std::tuple<std::string, unsigned, unsigned>;
  std::map<Key, std::string> byLoc;
};

/// parseSourceFile<ModuleOp> of `sm`'s main buffer that also names each
/// kernel argument after its SSA name: `cute.param_name` (unless written);
/// a numbered argument (`%0`) stays unnamed. The names are recorded in
/// `names` too when given.
OwningOpRef<ModuleOp>
parseSourceWithParamNames(llvm::SourceMgr &sm, const ParserConfig &config,
                          KernelParamNames *names = nullptr);

/// The metadata document of `mod` for `chip` (collectKernelInfos, in the
/// model of cute/Support/KernelMetadata.h, which writes it). An element
/// type the metadata cannot spell (cute/Support/ElemType.h) is an error on
/// the kernel for a scalar parameter, and leaves a pointer untyped.
FailureOr<::cute::metadata::Document> kernelMetadata(gpu::GPUModuleOp mod,
                                                     llvm::StringRef chip);

} // namespace mlir::cute

#endif // CUTE_TARGET_KERNELINFO_H
