//===- KernelMetadata.h - The kernel metadata document ----------*- C++ -*-===//
//
// The one model of the launch-metadata document (its keys, spellings and
// version: cute/Support/KernelMetadataSchema.h, an example there), with the
// one writer (toJson) and the one reader (fromJson). The compiler fills a
// Document from the IR and writes it (cute-collect-kernel-metadata,
// lib/Target/KernelMetadata.cpp); the runtime reads it (cute/Runtime/
// Metadata.h names these types). MLIR-free.
//
// fromJson validates everything a launch relies on and names the offending
// field by its path, e.g.
//   "kernels[0].params[1].bytes: scalar of elem i32 must be 4 bytes, got 8"
//   "kernels[0].variants[1].when[0]: unknown condition 'divv'"
// and rejects unknown keys and a schema_version other than kSchemaVersion.
// Required: schema_version, chip, kernels, and per kernel name, params,
// block; per param name, kind, bytes, plus elem (scalar) or tma (tma_desc).
// Optional: module, cluster (default [1,1,1]), smem_static / smem_dynamic /
// tmem_columns (default 0), a ptr's elem (absent or "" = untyped) and
// align (default 1), views, variants, and in "tma" swizzle, interleave,
// l2_promotion, oob_fill, source.
//
// toJson writes compact JSON with object keys sorted; it leaves out what
// equals its default where the compiler always has (tmem_columns 0, an
// empty variants or views list, align 1, an absent tma source, an empty
// module name) and writes the rest (an untyped pointer's elem as ""), so
// fromJson(toJson(d)) == d for every document fromJson accepts.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SUPPORT_KERNELMETADATA_H
#define CUTE_SUPPORT_KERNELMETADATA_H

#include "cute/Support/ElemType.h"
#include "cute/Support/Expected.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cute::metadata {

enum class ParamKind { Pointer, Scalar, TmaDesc };

/// "ptr", "scalar", "tma_desc".
const char *paramKindName(ParamKind k);

struct Kernel;

/// An expression over a kernel's integer scalar params (a view's
/// "max_offset" or extent, a TMA source's extent or stride).
struct Expr {
  enum class Op { Const, Param, Add, Mul, Abs, Div };
  Op op = Op::Const;
  int64_t value = 0; ///< Const: the value; Param: the index into params
  /// Add, Mul: two or more; Abs: one; Div: two (truncating quotient).
  std::vector<Expr> ops;

  static Expr constant(int64_t v);
  static Expr param(int64_t index);
  static Expr make(Op op, std::vector<Expr> ops);

  /// Infix with the params' names: "(rows - 1)*|cols| + cols - 1".
  std::string str(const Kernel &k) const;

  bool operator==(const Expr &o) const {
    return op == o.op && value == o.value && ops == o.ops;
  }
  bool operator!=(const Expr &o) const { return !(*this == o); }
};

/// Where a derived TMA descriptor comes from ("tma"."source"): the tensor
/// of ptr param `ptr` with `dims` (innermost first, one per dimension, like
/// the box), each an extent and a stride in elements. dims[0].stride is the
/// constant 1.
struct TmaSource {
  struct Dim {
    Expr extent;
    Expr stride;
    bool operator==(const Dim &o) const {
      return extent == o.extent && stride == o.stride;
    }
  };
  size_t ptr = 0;
  std::vector<Dim> dims;
  bool operator==(const TmaSource &o) const {
    return ptr == o.ptr && dims == o.dims;
  }
};

/// A tma_desc param's "tma" object.
struct Tma {
  ElemType elem = ElemType::F16;
  int rank = 0;
  std::vector<uint32_t> box; ///< innermost first, rank entries
  int swizzle = 0;           ///< 0, 32, 64 or 128 (bytes)
  int interleave = 0;        ///< 0, 16 or 32 (bytes)
  int l2Promotion = 0;       ///< 0, 64, 128 or 256 (bytes)
  bool oobFillNan = false;   ///< "oob_fill": "nan" (else "zero")
  /// Set for a derived descriptor, which the runtime encodes at launch
  /// instead of taking it as an argument.
  std::optional<TmaSource> source;
  bool operator==(const Tma &o) const {
    return elem == o.elem && rank == o.rank && box == o.box &&
           swizzle == o.swizzle && interleave == o.interleave &&
           l2Promotion == o.l2Promotion && oobFillNan == o.oobFillNan &&
           source == o.source;
  }
};

/// A tensor the kernel makes of a ptr param ("views" entry): its offsets
/// are computed in `bits` bits (signed), the largest |offset| computed in
/// that width is `maxOffset`, and `extents` are the extents that depend on
/// params.
struct View {
  int bits = 32; ///< 32 or 64
  Expr maxOffset;
  std::vector<Expr> extents;
  bool operator==(const View &o) const {
    return bits == o.bits && maxOffset == o.maxOffset && extents == o.extents;
  }
};

struct Param {
  std::string name;
  ParamKind kind = ParamKind::Scalar;
  std::optional<ElemType> elem; ///< always set for scalar
  size_t bytes = 0;
  /// Pointers: the alignment in bytes the kernel was compiled to assume
  /// (vector widths depend on it); 1 when the metadata gives none.
  size_t align = 1;
  std::optional<Tma> tma; ///< set iff kind == TmaDesc
  /// Pointers: the views whose offsets the runtime checks (often none).
  std::vector<View> views;

  /// A TMA descriptor the runtime encodes at launch (tma->source set); the
  /// caller passes no argument for it.
  bool derived() const { return tma && tma->source; }

  bool operator==(const Param &o) const {
    return name == o.name && kind == o.kind && elem == o.elem &&
           bytes == o.bytes && align == o.align && tma == o.tma &&
           views == o.views;
  }
};

/// One condition of a variant ("when" entry), on the kernel's
/// params[param]: Align holds when the pointer value is a multiple of
/// `value` bytes (a power of two), Div when the integer scalar is a multiple
/// of `value` (positive).
struct Condition {
  enum class Kind { Align, Div };
  size_t param = 0;
  Kind kind = Kind::Align;
  uint64_t value = 1;
  bool operator==(const Condition &o) const {
    return param == o.param && kind == o.kind && value == o.value;
  }
};

/// A specialized clone of a kernel ("variants" entry): the kernel `name` of
/// the same document, which takes the same parameters, may run when every
/// condition of `when` holds.
struct Variant {
  std::string name;
  std::vector<Condition> when;
  bool operator==(const Variant &o) const {
    return name == o.name && when == o.when;
  }
};

struct Kernel {
  std::string name;
  std::vector<Param> params;
  Dim3 block;
  Dim3 cluster;
  size_t smemStatic = 0;
  size_t smemDynamic = 0;
  /// Tensor Memory columns allocated per CTA (sm_100a; 0 without TMEM).
  int tmemColumns = 0;
  /// Clones to prefer, first match wins; empty for most kernels and for
  /// the clones themselves.
  std::vector<Variant> variants;

  /// How many arguments the caller passes: the params before the first
  /// derived TMA descriptor (derived params come last).
  size_t userParamCount() const {
    size_t n = 0;
    while (n < params.size() && !params[n].derived())
      ++n;
    return n;
  }

  bool operator==(const Kernel &o) const {
    return name == o.name && params == o.params && block == o.block &&
           cluster == o.cluster && smemStatic == o.smemStatic &&
           smemDynamic == o.smemDynamic && tmemColumns == o.tmemColumns &&
           variants == o.variants;
  }
};

/// One document: the kernels of one gpu.module.
struct Document {
  std::string chip;   ///< e.g. "sm_90a"
  std::string module; ///< optional: the gpu.module's name
  std::vector<Kernel> kernels;

  /// The kernel named `name`, or nullptr.
  const Kernel *find(std::string_view name) const;
  Kernel *find(std::string_view name);
  /// Like find, but a NotFound error listing the known kernels.
  Expected<const Kernel *> kernel(std::string_view name) const;

  bool operator==(const Document &o) const {
    return chip == o.chip && module == o.module && kernels == o.kernels;
  }
};

/// The document as JSON (schema_version kSchemaVersion), keys sorted.
std::string toJson(const Document &d);

/// Parses and validates a document. Errors are ErrorCode::Json for syntax
/// and ErrorCode::Metadata naming the offending field.
Expected<Document> fromJson(std::string_view json);

/// Parses a chip name "sm_XY" / "sm_XYa" / "sm_XYf" into (major, minor).
std::optional<std::pair<int, int>> parseChip(std::string_view chip);

} // namespace cute::metadata

#endif // CUTE_SUPPORT_KERNELMETADATA_H
