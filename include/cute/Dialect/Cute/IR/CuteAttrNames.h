//===- CuteAttrNames.h - Names of cute's discardable attributes -*- C++ -*-===//
//
// Every `cute.*` attribute name that passes, the target and the JIT set or
// read on ops they do not own (gpu.func, scf.for, the module, gpu.object
// properties) is spelled here once. The JSON keys of the kernel metadata are
// in cute/Support/KernelMetadataSchema.h.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTEATTRNAMES_H
#define CUTE_DIALECT_CUTE_IR_CUTEATTRNAMES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <string>

namespace mlir::cute::attrs {

/// scf.for (unit): fully unroll the loop (cute-unroll-loops).
inline constexpr llvm::StringLiteral Unroll("cute.unroll");

/// gpu.func (dense i32 array, up to 3 entries): cluster dimensions.
inline constexpr llvm::StringLiteral ClusterDims("cute.cluster_dims");
/// gpu.func (integer): the kernel's CTAs that must fit on one SM at once,
/// CUDA's __launch_bounds__(threads, N): ptxas caps the registers per
/// thread at what N blocks of the known block size leave (.maxntid and
/// .minnctapersm N).
inline constexpr llvm::StringLiteral MinCtasPerSm("cute.min_ctas_per_sm");
/// gpu.func (integer): dynamic shared memory bytes (set or raised by
/// cute-plan-smem).
inline constexpr llvm::StringLiteral DynamicSmem("cute.dynamic_smem");
/// gpu.func (dictionary): the shared-memory plan of cute-plan-smem, with the
/// entries below.
inline constexpr llvm::StringLiteral SmemPlan("cute.smem_plan");
inline constexpr llvm::StringLiteral SmemPlanBytes("bytes");     ///< i64
inline constexpr llvm::StringLiteral SmemPlanDynamic("dynamic"); ///< bool
inline constexpr llvm::StringLiteral SmemPlanAlign("align");     ///< i64
inline constexpr llvm::StringLiteral SmemPlanBuffer("buffer");   ///< symbol
inline constexpr llvm::StringLiteral SmemPlanOffsets("offsets"); ///< i64[]

/// gpu.func argument (type): the element type behind an !llvm.ptr
/// parameter, recorded in the launch metadata.
inline constexpr llvm::StringLiteral ArgElem("cute.elem");
/// gpu.func argument (string): the parameter's name in the launch metadata
/// and runtime messages. Without it the name comes from the `%name` token
/// the argument's location points at (the JIT sets it from its buffer).
inline constexpr llvm::StringLiteral ParamName("cute.param_name");

/// gpu.func (string): this kernel is a specialized clone of the kernel of
/// that name in the same gpu.module; it carries `cute.specialization`.
inline constexpr llvm::StringLiteral SpecializationOf("cute.specialization_of");
/// gpu.func (array of dictionaries): the conditions under which the clone
/// may run instead of the generic kernel, all of which must hold. Each is
/// {param = <gpu.func argument index>, align = <bytes>} (the pointer value
/// is a multiple of a power of two) or {param = i, div = <n>} (the integer
/// scalar is a multiple of n > 0); `leaf = j` with `div` names the j-th
/// dynamic leaf of a cute-typed argument. Clones are listed in the
/// gpu.module most specialized first; the launch metadata keeps that order.
inline constexpr llvm::StringLiteral Specialization("cute.specialization");
inline constexpr llvm::StringLiteral SpecParam("param"); ///< i64
inline constexpr llvm::StringLiteral SpecAlign("align"); ///< i64
inline constexpr llvm::StringLiteral SpecDiv("div");     ///< i64
inline constexpr llvm::StringLiteral SpecLeaf("leaf");   ///< i64, optional

/// gpu.func (unit): cute-specialize leaves this kernel without a clone.
inline constexpr llvm::StringLiteral NoSpecialize("cute.no_specialize");

/// Top-level module (string): the launch-metadata JSON of the gpu.module
/// `<name>`, written by cute-collect-kernel-metadata, read by
/// cute-emit-artifacts and the JIT. Kept on the top-level module because
/// gpu-module-to-binary replaces the gpu.module.
inline constexpr llvm::StringLiteral KernelMetadataPrefix("cute.kernels.");
inline std::string kernelMetadata(llvm::StringRef gpuModuleName) {
  return (KernelMetadataPrefix + gpuModuleName).str();
}

/// gpu.object property (string): the PTX a cubin object was assembled from
/// (cute-emit-artifacts with format=cubin), so the compiled module carries
/// both.
inline constexpr llvm::StringLiteral ObjectPtx("cute.ptx");

} // namespace mlir::cute::attrs

#endif // CUTE_DIALECT_CUTE_IR_CUTEATTRNAMES_H
