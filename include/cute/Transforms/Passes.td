//===- Passes.td - cute passes ------------------------------*- tablegen -*-===//
#ifndef CUTE_PASSES_TD
#define CUTE_PASSES_TD

include "mlir/Pass/PassBase.td"

def CuteFoldStatic : Pass<"cute-fold-static"> {
  let summary = "Replace cute ops whose results are fully static by constants";
  let description = [{
    Every cute op whose result type is fully static is replaced by
    `cute.static` of that type (the value lives in the type), `cute.equal` and
    `cute.elem_less` on static operands become `arith.constant`, and
    `cute.get_scalars` of static values becomes `arith.constant`s. Dead pure
    ops are erased.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"foldScalars", "fold-scalars", "bool", /*default=*/"true",
           "Also fold cute.get_scalars of static values to arith.constant">,
  ];
}

def CuteExpandOps : Pass<"cute-expand-ops"> {
  let summary = "Expand dynamic layout algebra into arith on the dynamic leaves";
  let description = [{
    Every algebra op with a dynamic result is rewritten into
    `cute.get_scalars<{only_dynamic}>` of its operands, `arith` ops computing
    each dynamic leaf of the result, and `cute.make_*` ops rebuilding the
    result. The arithmetic comes from running the same layout-library
    algorithm with symbolic leaves. Static results become `cute.static`.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  let options = [
    Option<"foldStatic", "fold-static", "bool", /*default=*/"true",
           "Also replace algebra ops with static results by cute.static">,
  ];
}

def CuteUnrollLoops : Pass<"cute-unroll-loops"> {
  let summary = "Fully unroll scf.for loops marked `cute.unroll`";
  let description = [{
    The counterpart of CuTe's `CUTE_UNROLL`: an `scf.for` carrying the unit
    attribute `cute.unroll` must have static bounds and is fully unrolled, so
    that register fragments it indexes with the induction variable become
    statically indexed (and live in registers rather than local memory). A
    marked loop without a static trip count, or with more than
    `max-trip-count` iterations, is an error naming the loop.
  }];
  let dependentDialects = ["::mlir::scf::SCFDialect"];
  let options = [
    Option<"maxTripCount", "max-trip-count", "unsigned", /*default=*/"256",
           "Largest trip count a marked loop may have">,
  ];
}

#endif // CUTE_PASSES_TD
