//===- KernelInfo.h - Launch facts of a gpu.func kernel ---------*- C++ -*-===//
#ifndef CUTE_TARGET_KERNELINFO_H
#define CUTE_TARGET_KERNELINFO_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "llvm/Support/JSON.h"

#include <array>
#include <string>
#include <vector>

namespace mlir::cute {

/// One kernel parameter as the runtime passes it.
struct KernelParam {
  std::string name;
  std::string kind; // metadata::kind::Pointer or Scalar
  std::string elem; // element type ("f32", "i32", ...; "" if unknown)
  int64_t bytes = 0;
  int64_t align = 0; // pointers: assumed alignment in bytes (0: unknown)
};

struct KernelInfo {
  std::string name;
  std::vector<KernelParam> params;
  std::array<int32_t, 3> block{1, 1, 1};
  bool knownBlock = false; // the kernel declares its block size
  std::array<int32_t, 3> cluster{1, 1, 1};
  int64_t staticSmem = 0;  // workgroup attributions + static smem plan
  int64_t dynamicSmem = 0; // `cute.dynamic_smem`
};

/// Reads a kernel's launch facts (attribute names: CuteAttrNames.h): block
/// dims from `gpu.known_block_size`,
/// cluster dims from `cute.cluster_dims`, dynamic smem from
/// `cute.dynamic_smem`, static smem from workgroup attributions plus the
/// bytes of a static `cute.smem_plan` (cute-plan-smem). Emits an
/// error on the function and fails for a parameter it cannot describe.
FailureOr<KernelInfo> computeKernelInfo(gpu::GPUFuncOp fn);

/// One entry of the metadata's "kernels" array
/// (cute/Support/KernelMetadataSchema.h).
llvm::json::Object toJSON(const KernelInfo &k);

/// The metadata document of one gpu.module, schema version included.
llvm::json::Object metadataDocument(llvm::StringRef chip,
                                    llvm::StringRef module,
                                    llvm::json::Array kernels);

} // namespace mlir::cute

#endif // CUTE_TARGET_KERNELINFO_H
