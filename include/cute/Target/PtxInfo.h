//===- PtxInfo.h - Facts read back from emitted PTX ------------*- C++ -*-===//
//
// What the final PTX says about each kernel, so that the launch metadata
// reports what the assembled kernel uses rather than what the cute ops
// asked for (lowering adds shared memory, e.g. the scratch of block
// reductions). MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TARGET_PTXINFO_H
#define CUTE_TARGET_PTXINFO_H

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace cute::target {

/// Static shared memory of every `.entry` in `ptx`, in bytes: the `.shared`
/// variables declared in its body (LLVM demotes a global used by one kernel
/// into it) plus the module-scope `.shared` variables its body names.
/// `.extern .shared` arrays (dynamic shared memory) do not count. This is
/// the figure `ptxas -v` reports as "bytes smem" for kernels that call no
/// device functions.
std::map<std::string, int64_t> staticSharedBytes(std::string_view ptx);

} // namespace cute::target

#endif // CUTE_TARGET_PTXINFO_H
