//===- CuteNvgpuOps.td - cute_nvgpu ops ---------------------*- tablegen -*-===//
//
// One file per op family: barriers, TMA, cp.async, pipelines, warps and
// clusters.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_OPS_TD
#define CUTE_NVGPU_OPS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTypes.td"
include "cute/Dialect/Cute/IR/CuteTensorTypes.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/IR/BuiltinAttributes.td"
include "mlir/IR/CommonAttrConstraints.td"

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuMmaAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuBarrierOps.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmaOps.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuPipelineOps.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuWarpOps.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuMmaOps.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmemAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmemOps.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuMatrixCopyAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuRedAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuCpAsyncAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuCpAsyncOps.td"

#endif // CUTE_NVGPU_OPS_TD
