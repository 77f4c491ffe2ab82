//===- KernelMetadataSchema.h - Keys of the kernel metadata JSON -*- C++
//-*-===//
//
// The keys and spellings of the launch-metadata document. Its one model,
// writer and reader are cute/Support/KernelMetadata.h: the compiler
// (lib/Target, cute-collect-kernel-metadata) fills the model and writes it,
// the runtime (cute/Runtime/Metadata.h) reads it. MLIR-free.
//
//   {"schema_version":5, "chip":"sm_90a", "module":"kernels",
//    "kernels":[{"name":"add_f32",
//                "params":[{"name":"a","kind":"ptr","elem":"f32","bytes":8,
//                           "align":16,
//                           "views":[{"bits":32,
//                                     "extents":[{"param":1},{"param":2}],
//                                     "max_offset":{"add":[
//                                       {"mul":[{"add":[{"param":1},
//                                                       {"const":-1}]},
//                                               {"abs":{"param":2}}]},
//                                       {"param":2},{"const":-1}]}}]},
//                          {"name":"m","kind":"scalar","elem":"i32","bytes":4},
//                          {"name":"n","kind":"scalar","elem":"i32","bytes":4},
//                          {"name":"tmap","kind":"tma_desc","bytes":128,
//                           "tma":{"elem":"f16","rank":2,"box":[64,64],
//                                  "swizzle":128,"interleave":0}}],
//                "block":[128,1,1],"cluster":[1,1,1],
//                "smem_static":0,"smem_dynamic":0,
//                "variants":[{"name":"add_f32__spec0",
//                             "when":[{"param":0,"align":16},
//                                     {"param":1,"div":16}]}]},
//               {"name":"add_f32__spec0", ...same params...}]}
//
// "tmem_columns" (optional, version 5; default 0) on a kernel: the Tensor
// Memory columns (of 128 lanes x 32 bits) it allocates per CTA, the sum of
// its tcgen05.alloc sizes (at most 512, sm_100a). Informational: a CTA
// whose allocation does not fit waits in tcgen05.alloc until columns free.
//
// "variants" (optional, version 2) lists, on a generic kernel, its
// specialized clones in priority order: the runtime launches the first
// whose conditions all hold for the actual arguments, else the generic
// kernel. Each condition names one entry of "params" by index and is either
// "align" (a ptr's value is a multiple of that many bytes, a power of two)
// or "div" (an integer scalar's value is a multiple of that positive
// number). Every variant is also an ordinary entry of "kernels", with the
// generic kernel's parameter list.
//
// "views" (optional, version 3) on a ptr lists the tensors the kernel makes
// of that pointer (cute.make_view, or a !cute.memref parameter) whose
// extents and strides come straight from integer scalar parameters and
// constants, so that the runtime can check at launch that their offsets fit
// the kernel's index width; above, a row-major (m, n) tensor. Each view:
// "bits", the width its offsets are computed in (32 or 64; the compiler
// writes 32); "max_offset", the largest |element offset| computed in that
// width: the sum of (extent - 1) * |stride| over the modes whose stride
// (or, for a static stride, whose extent) has no 64-bit (`?{i64}`) leaf,
// i.e. cosize - 1 of those modes; "extents" (optional), the view's extents
// that depend on parameters. The runtime rejects a launch where an extent
// is negative or, unless some extent is 0 (an empty view), where
// max_offset >= 2^(bits-1). The compiler leaves out a view it cannot
// follow (leaves loaded or computed) and one whose max_offset stays below
// 2^31 for every value of its parameters' types (n - 1 for an i32 n).
//
// "source" (optional, version 4) on a "tma" object makes the descriptor
// *derived*: the kernel built it from a global tensor, and the runtime
// encodes it at every launch from the other arguments, which the user
// passes without it (the user passes no argument for a derived param):
//   "tma":{"elem":"f32","rank":2,"box":[32,16],"swizzle":0,"interleave":0,
//          "l2_promotion":128,"oob_fill":"zero",
//          "source":{"ptr":0,
//                    "dims":[{"extent":{"param":2},"stride":{"const":1}},
//                            {"extent":{"param":1},"stride":{"param":3}}]}}
// "ptr", the index of the ptr param holding the tensor's base address;
// "dims", one entry per dimension ("rank" entries), innermost first like
// "box", each with the dimension's "extent" and its "stride" in ELEMENTS,
// both expressions; dims[0].stride is {"const":1} (TMA's innermost
// dimension is contiguous). Above, a row-major (m, n) f32 tensor with a
// leading dimension ld (params 1, 2, 3). "l2_promotion" (0, 64, 128 or
// 256 bytes; default 0) and "oob_fill" ("zero" or "nan", the latter for
// floating-point elements; default "zero") are encoding options, allowed
// with or without "source". Derived params come after all other params
// (the compiler appends them), so that the user's arguments keep their
// indices; their "source" names a ptr param that is not derived.
//
// An expression (a view's max_offset or extent, a TMA source's extent or
// stride) is an object with exactly one key:
//   {"const": n}          an integer
//   {"param": i}          the value of params[i], an integer scalar
//   {"add": [e, e, ...]}  the sum (two or more operands)
//   {"mul": [e, e, ...]}  the product (two or more operands)
//   {"abs": e}            the absolute value
// evaluated in 64-bit arithmetic (an overflow counts as too large).
//
// Element types ("elem") are those of cute/Support/ElemType.h, written in
// its spellings (f16, bf16, f32, i32, u32, f8e4m3, f8e8m0, ...); the reader
// also takes MLIR's (ui32, f8E4M3FN, f8E8M0FNU, ...), which compilers
// before the one model wrote.
// The reader rejects unknown keys, and a document whose schema_version is
// missing or differs from kSchemaVersion.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SUPPORT_KERNELMETADATASCHEMA_H
#define CUTE_SUPPORT_KERNELMETADATASCHEMA_H

#include <cstdint>
#include <string>
#include <string_view>

namespace cute::metadata {

/// Bump on every change a reader of the previous version would misread or
/// reject (new required key, renamed key, changed meaning).
/// Version 2: parameter names from the source, "variants".
/// Version 3: "views" on ptr parameters (offset-width checks at launch).
/// Version 4: derived TMA descriptors ("source" in "tma", encoded by the
/// runtime at launch), "l2_promotion" and "oob_fill" in "tma".
/// Version 5: "tmem_columns" on a kernel.
inline constexpr int64_t kSchemaVersion = 5;

/// JSON object keys.
namespace key {
// The document (one per gpu.module).
inline constexpr char SchemaVersion[] = "schema_version";
inline constexpr char Chip[] = "chip";
inline constexpr char Module[] = "module"; ///< optional
inline constexpr char Kernels[] = "kernels";
// A kernel.
inline constexpr char Name[] = "name"; ///< also a parameter's name
inline constexpr char Params[] = "params";
inline constexpr char Block[] = "block";
inline constexpr char Cluster[] = "cluster";          ///< default [1,1,1]
inline constexpr char SmemStatic[] = "smem_static";   ///< bytes, default 0
inline constexpr char SmemDynamic[] = "smem_dynamic"; ///< bytes, default 0
inline constexpr char TmemColumns[] = "tmem_columns"; ///< default 0
inline constexpr char Variants[] = "variants"; ///< optional, generic only
// A variant (an entry of "variants"); its "name" is a kernel's name.
inline constexpr char When[] = "when";
// A condition (an entry of "when"): "param" and one of "align", "div".
inline constexpr char Param[] = "param"; ///< index into the kernel's params
inline constexpr char Div[] = "div";     ///< integer scalar % div == 0
// A parameter.
inline constexpr char Kind[] = "kind";
inline constexpr char Elem[] = "elem"; ///< also the TMA element type
inline constexpr char Bytes[] = "bytes";
inline constexpr char Align[] = "align"; ///< ptr: promised alignment;
                                         ///< condition: pointer % align == 0
inline constexpr char Tma[] = "tma";     ///< tma_desc only
inline constexpr char Views[] = "views"; ///< ptr only, optional
// A view (an entry of "views").
inline constexpr char Bits[] = "bits";
inline constexpr char MaxOffset[] = "max_offset";
inline constexpr char Extents[] = "extents";
// A TMA descriptor parameter's "tma" object.
inline constexpr char Rank[] = "rank";
inline constexpr char Box[] = "box"; ///< innermost dimension first
inline constexpr char Swizzle[] = "swizzle";
inline constexpr char Interleave[] = "interleave";
inline constexpr char L2Promotion[] = "l2_promotion"; ///< optional, bytes
inline constexpr char OobFill[] = "oob_fill";         ///< optional
inline constexpr char Source[] = "source"; ///< optional: a derived descriptor
// A derived descriptor's "source" object.
inline constexpr char Ptr[] = "ptr";   ///< index of the ptr param (base)
inline constexpr char Dims[] = "dims"; ///< innermost first, rank entries
// A "dims" entry (both expressions).
inline constexpr char Extent[] = "extent";
inline constexpr char Stride[] = "stride"; ///< in elements
} // namespace key

/// The keys each object may hold (the reader rejects all others).
inline constexpr const char *kDocumentKeys[] = {key::SchemaVersion, key::Chip,
                                                key::Module, key::Kernels};
inline constexpr const char *kKernelKeys[] = {
    key::Name,       key::Params,      key::Block,       key::Cluster,
    key::SmemStatic, key::SmemDynamic, key::TmemColumns, key::Variants};
inline constexpr const char *kVariantKeys[] = {key::Name, key::When};
// A condition: "param" and exactly one of "align", "div".
inline constexpr const char *kParamKeys[] = {key::Name,  key::Kind,  key::Elem,
                                             key::Bytes, key::Align, key::Tma,
                                             key::Views};
inline constexpr const char *kViewKeys[] = {key::Bits, key::MaxOffset,
                                            key::Extents};
inline constexpr const char *kTmaKeys[] = {
    key::Elem,       key::Rank,        key::Box,     key::Swizzle,
    key::Interleave, key::L2Promotion, key::OobFill, key::Source};
inline constexpr const char *kTmaSourceKeys[] = {key::Ptr, key::Dims};
inline constexpr const char *kTmaDimKeys[] = {key::Extent, key::Stride};

/// Spellings of a TMA descriptor's "oob_fill".
namespace oob_fill {
inline constexpr char Zero[] = "zero";
inline constexpr char Nan[] = "nan"; ///< NaN_REQUEST_ZERO_FMA
} // namespace oob_fill

/// Spellings of a parameter's "kind".
namespace kind {
inline constexpr char Pointer[] = "ptr";
inline constexpr char Scalar[] = "scalar";
inline constexpr char TmaDesc[] = "tma_desc";
} // namespace kind

/// The operations of an offset expression (the one key of its object).
namespace expr {
inline constexpr char Const[] = "const";
inline constexpr char Param[] = "param";
inline constexpr char Add[] = "add";
inline constexpr char Mul[] = "mul";
inline constexpr char Abs[] = "abs";
/// [a, b]: a / b truncated toward zero (arith.divui / divsi on the
/// non-negative extents and strides of a descriptor; a ceil_div is
/// div(a + b - 1, b)); b = 0 is an error at launch.
inline constexpr char Div[] = "div";
} // namespace expr
inline constexpr const char *kExprOps[] = {expr::Const, expr::Param, expr::Add,
                                           expr::Mul,   expr::Abs,   expr::Div};

/// Artifact files written for `output-dir` (cute-opt --cute-compile, the
/// JIT's dumpDir): <module>.<chip>.ptx / .cubin / .json.
inline constexpr char kPtxExtension[] = ".ptx";
inline constexpr char kCubinExtension[] = ".cubin";
inline constexpr char kMetadataExtension[] = ".json";
inline std::string artifactStem(std::string_view module,
                                std::string_view chip) {
  std::string s(module);
  s += '.';
  s += chip;
  return s;
}

} // namespace cute::metadata

#endif // CUTE_SUPPORT_KERNELMETADATASCHEMA_H
