//===- Metadata.h - Kernel metadata emitted next to a cubin -----*- C++ -*-===//
//
// The compiler emits, for each gpu.module, one JSON document describing its
// kernels; its keys, value spellings and schema version are defined in
// cute/Support/KernelMetadataSchema.h (an example is there).
//
// Required: schema_version (must equal metadata::kSchemaVersion), chip,
// kernels, and per kernel name, params, block; per param name, kind, bytes,
// plus elem (scalar) or tma (tma_desc). Optional: module (a string), cluster
// (default [1,1,1]), smem_static / smem_dynamic / tmem_columns (default 0),
// a param's "elem" on ptr (absent or "" = untyped pointer) and tma_desc,
// "align" on ptr, "views" on ptr, "variants" on a kernel, "l2_promotion",
// "oob_fill" and "source" in "tma". Unknown keys are rejected so
// that typos fail loudly. TMA "box" lists dimensions innermost first, like
// CUtensorMap.
//
// A generic kernel's "variants" name other kernels of the same document:
// clones compiled for aligned pointers and divisible sizes, in priority
// order, each with the conditions under which it may run instead
// (selectVariant in cute/Runtime/Launch.h chooses; Kernel::launch uses it).
//
// A ptr's "views" describe the tensors the kernel makes of it whose extents
// and strides are params, as expressions over the integer scalar params
// (ViewInfo); validateArgs evaluates them (32-bit offset overflow checks).
//
// A tma_desc param whose "tma" has a "source" is derived (TmaSourceInfo):
// the runtime encodes it at launch from the pointer and integer arguments
// the source names, and the caller passes no argument for it. Derived
// params come after all others.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_METADATA_H
#define CUTE_RUNTIME_METADATA_H

#include "cute/Runtime/Types.h"
#include "cute/Support/Expected.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cute::rt {

enum class ParamKind { Pointer, Scalar, TmaDesc };

/// "ptr", "scalar", "tma_desc".
const char *paramKindName(ParamKind k);

struct KernelInfo;

/// An expression over a kernel's integer scalar params (a view's
/// "max_offset" or extent; cute/Support/KernelMetadataSchema.h).
struct OffsetExpr {
  enum class Op { Const, Param, Add, Mul, Abs, Div };
  Op op = Op::Const;
  int64_t value = 0; ///< Const: the value; Param: the index into params
  /// Add, Mul: two or more; Abs: one; Div: two (truncating quotient).
  std::vector<OffsetExpr> ops;

  /// Infix with the params' names: "(rows - 1)*|cols| + cols - 1".
  std::string str(const KernelInfo &k) const;
};

/// Where a derived TMA descriptor comes from ("tma"."source"): the tensor
/// of ptr param `ptr` with `dims` (innermost first, one per dimension, like
/// the box), each an extent and a stride in elements, expressions over the
/// integer scalar params. dims[0].stride is the constant 1.
struct TmaSourceInfo {
  struct Dim {
    OffsetExpr extent;
    OffsetExpr stride;
  };
  size_t ptr = 0;
  std::vector<Dim> dims;
};

struct TmaParamInfo {
  ElemType elem = ElemType::F16;
  int rank = 0;
  std::vector<uint32_t> box; ///< innermost first, rank entries
  int swizzle = 0;           ///< 0, 32, 64 or 128 (bytes)
  int interleave = 0;        ///< 0, 16 or 32 (bytes)
  int l2Promotion = 0;       ///< 0, 64, 128 or 256 (bytes)
  bool oobFillNan = false;   ///< "oob_fill": "nan" (else "zero")
  /// Set for a derived descriptor, which the runtime encodes at launch
  /// (deriveTmaSpec in cute/Runtime/Launch.h) instead of taking it as an
  /// argument.
  std::optional<TmaSourceInfo> source;
};

/// A tensor the kernel makes of a ptr param ("views" entry): its offsets
/// are computed in `bits` bits (signed), the largest |offset| computed in
/// that width is `maxOffset`, and `extents` are the extents that depend on
/// params. validateArgs rejects a negative extent and, unless an extent is
/// 0 (an empty tensor), maxOffset >= 2^(bits-1).
struct ViewInfo {
  int bits = 32; ///< 32 or 64
  OffsetExpr maxOffset;
  std::vector<OffsetExpr> extents;
};

struct ParamInfo {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  std::optional<ElemType> elem; ///< always set for scalar
  size_t bytes = 0;
  /// Pointers: the alignment in bytes the kernel was compiled to assume
  /// (vector widths depend on it); 1 when the metadata gives none.
  size_t align = 1;
  std::optional<TmaParamInfo> tma; ///< set iff kind == TmaDesc
  /// Pointers: the views whose offsets validateArgs checks (often none).
  std::vector<ViewInfo> views;

  /// A TMA descriptor the runtime encodes at launch (tma->source set); the
  /// caller passes no argument for it.
  bool derived() const { return tma && tma->source; }
};

/// One condition of a variant ("when" entry), on the kernel's
/// params[param]: Align holds when the pointer value is a multiple of
/// `value` bytes (a power of two), Div when the integer scalar is a multiple
/// of `value` (positive).
struct VariantCondition {
  enum class Kind { Align, Div };
  size_t param = 0;
  Kind kind = Kind::Align;
  uint64_t value = 1;
};

/// A specialized clone of a kernel ("variants" entry): the kernel `name` of
/// the same document, which takes the same parameters, may run when every
/// condition of `when` holds.
struct VariantInfo {
  std::string name;
  std::vector<VariantCondition> when;
};

struct KernelInfo {
  std::string name;
  std::vector<ParamInfo> params;
  Dim3 block;
  Dim3 cluster;
  size_t smemStatic = 0;
  size_t smemDynamic = 0;
  /// Tensor Memory columns allocated per CTA (sm_100a; 0 without TMEM).
  int tmemColumns = 0;
  /// Clones to prefer, first match wins; empty for most kernels and for
  /// the clones themselves.
  std::vector<VariantInfo> variants;

  /// How many arguments the caller passes: the params before the first
  /// derived TMA descriptor (derived params come last).
  size_t userParamCount() const {
    size_t n = 0;
    while (n < params.size() && !params[n].derived())
      ++n;
    return n;
  }
};

struct ModuleMetadata {
  std::string chip;   ///< e.g. "sm_90a"
  std::string module; ///< optional: the gpu.module's name
  std::vector<KernelInfo> kernels;

  /// The kernel named `name`, or nullptr.
  const KernelInfo *find(std::string_view name) const;
  /// Like find, but a NotFound error listing the known kernels.
  Expected<const KernelInfo *> kernel(std::string_view name) const;
};

/// Parses and validates a metadata document. Errors are ErrorCode::Json for
/// syntax and ErrorCode::Metadata naming the offending field (a missing or
/// different schema_version included), e.g.
/// "kernels[0].params[1].bytes: scalar of elem i32 must be 4 bytes, got 8",
/// "kernels[0].variants[1].when[0]: unknown condition 'divv'".
Expected<ModuleMetadata> parseMetadata(std::string_view json);
/// Reads `path` and parses it; errors are prefixed with the path.
Expected<ModuleMetadata> loadMetadataFile(const std::string &path);

/// Parses a chip name "sm_XY" / "sm_XYa" / "sm_XYf" into (major, minor).
std::optional<std::pair<int, int>> parseChip(std::string_view chip);

/// Reads a whole file (binary-safe).
Expected<std::string> readFile(const std::string &path);

} // namespace cute::rt

#endif // CUTE_RUNTIME_METADATA_H
