//===- CuteAttrsDoc.td - Input of the attribute reference ---*- tablegen -*-===//
//
// The cute attributes without MLIR's builtin ones (CuteOps.td includes
// BuiltinAttributes.td, and -gen-attrdef-doc documents every attribute it
// sees): docs/reference/CuteAttrs.md is generated from this file.
//
//===----------------------------------------------------------------------===//
include "cute/Dialect/Cute/IR/CuteTypes.td"
