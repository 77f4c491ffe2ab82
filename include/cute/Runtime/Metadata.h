//===- Metadata.h - Kernel metadata emitted next to a cubin -----*- C++ -*-===//
//
// The compiler emits, for each gpu.module, one JSON document describing its
// kernels; its keys, value spellings and schema version are defined in
// cute/Support/KernelMetadataSchema.h (an example is there), and its one
// model, reader and writer in cute/Support/KernelMetadata.h. The names
// below are the runtime's for that model's types.
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
#include "cute/Support/KernelMetadata.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cute::rt {

// The runtime's names for the one metadata model
// (cute/Support/KernelMetadata.h), which the compiler writes.
using ::cute::metadata::ParamKind;
using ::cute::metadata::paramKindName;
using ::cute::metadata::parseChip;
using OffsetExpr = ::cute::metadata::Expr;
using TmaSourceInfo = ::cute::metadata::TmaSource;
using TmaParamInfo = ::cute::metadata::Tma;
using ViewInfo = ::cute::metadata::View;
using ParamInfo = ::cute::metadata::Param;
using VariantCondition = ::cute::metadata::Condition;
using VariantInfo = ::cute::metadata::Variant;
using KernelInfo = ::cute::metadata::Kernel;
using ModuleMetadata = ::cute::metadata::Document;

/// Parses and validates a metadata document. Errors are ErrorCode::Json for
/// syntax and ErrorCode::Metadata naming the offending field (a missing or
/// different schema_version included), e.g.
/// "kernels[0].params[1].bytes: scalar of elem i32 must be 4 bytes, got 8",
/// "kernels[0].variants[1].when[0]: unknown condition 'divv'".
/// (metadata::fromJson.)
Expected<ModuleMetadata> parseMetadata(std::string_view json);
/// Reads `path` and parses it; errors are prefixed with the path.
Expected<ModuleMetadata> loadMetadataFile(const std::string &path);

/// Reads a whole file (binary-safe).
Expected<std::string> readFile(const std::string &path);

} // namespace cute::rt

#endif // CUTE_RUNTIME_METADATA_H
