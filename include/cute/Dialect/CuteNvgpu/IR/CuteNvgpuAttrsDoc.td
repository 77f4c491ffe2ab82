//===- CuteNvgpuAttrsDoc.td - Input of the attribute reference ------===//
//
// The cute_nvgpu attributes without MLIR's builtin ones and cute's
// (CuteNvgpuOps.td includes both, and -gen-attrdef-doc documents every
// attribute it sees): docs/reference/CuteNvgpuAttrs.md is generated from
// this file. A new file of cute_nvgpu AttrDefs is included here.
//
//===----------------------------------------------------------------------===//
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuMmaAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmemAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuTmaAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuMatrixCopyAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuRedAttrs.td"
include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuCpAsyncAttrs.td"
