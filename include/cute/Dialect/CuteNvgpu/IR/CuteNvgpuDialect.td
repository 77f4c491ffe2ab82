//===- CuteNvgpuDialect.td - The cute_nvgpu dialect ---------*- tablegen -*-===//
#ifndef CUTE_NVGPU_DIALECT_TD
#define CUTE_NVGPU_DIALECT_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/EnumAttr.td"

def CuteNvgpu_Dialect : Dialect {
  let name = "cute_nvgpu";
  let cppNamespace = "::mlir::cute_nvgpu";
  let summary = "The architecture layer of cute: TMA, mbarriers, pipelines, "
                "warp roles and clusters";
  let description = [{
    `cute_nvgpu` holds what is specific to NVIDIA's Hopper and Blackwell
    chips: typed TMA descriptors made from `!cute.memref` tensors, mbarriers
    (in shared memory planned by `cute-plan-smem`), the pipelines of CUTLASS
    (PipelineTmaAsync, PipelineAsync, PipelineTmaStore) with producer and
    consumer states, warp roles, elect-one regions, named barriers, proxy
    fences and clusters. Its ops lower through
    `cute-nvgpu-expand-pipelines` and `convert-cute-nvgpu-to-nvvm` to the
    typed ops of the upstream NVVM dialect; `cute-verify-kernel` checks the
    protocol of a whole kernel (transaction bytes, arrival counts, fences).
  }];
  let dependentDialects = ["::mlir::cute::CuteDialect"];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let extraClassDeclaration = [{
    void registerTypes();
  }];
}

def CuteNvgpu_TmaKind : I32EnumAttr<"TmaKind", "what a TMA descriptor moves", [
    I32EnumAttrCase<"load", 0>, I32EnumAttrCase<"store", 1>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

def CuteNvgpu_PipelineKind : I32EnumAttr<"PipelineKind",
    "a pipeline's producer and consumer", [
    I32EnumAttrCase<"tma_async", 0>, I32EnumAttrCase<"async", 1>,
    I32EnumAttrCase<"tma_store", 2>, I32EnumAttrCase<"tma_umma", 3>,
    I32EnumAttrCase<"umma_async", 4>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}

def CuteNvgpu_RegAction : I32EnumAttr<"RegAction",
    "setmaxnreg: raise or lower the warp's register count", [
    I32EnumAttrCase<"inc", 0>, I32EnumAttrCase<"dec", 1>]> {
  let cppNamespace = "::mlir::cute_nvgpu";
  let genSpecializedAttr = 0;
}
def CuteNvgpu_RegActionAttr : EnumAttr<CuteNvgpu_Dialect, CuteNvgpu_RegAction,
                                       "reg_action">;

class CuteNvgpu_Op<string mnemonic, list<Trait> traits = []>
    : Op<CuteNvgpu_Dialect, mnemonic, traits>;

#endif // CUTE_NVGPU_DIALECT_TD
