//===- CuteNvgpuTypes.td - cute_nvgpu types -----------------*- tablegen -*-===//
#ifndef CUTE_NVGPU_TYPES_TD
#define CUTE_NVGPU_TYPES_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"

class CuteNvgpu_Type<string name, string typeMnemonic,
                     list<Trait> traits = []>
    : TypeDef<CuteNvgpu_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def CuteNvgpu_TmaDescType : CuteNvgpu_Type<"TmaDesc", "tma_desc",
    [DeclareTypeInterfaceMethods<Cute_CopyAtomOperandTypeInterface>]> {
  let summary = "a TMA descriptor (CUtensorMap) of a global tensor and a box";
  let description = [{
    `!cute_nvgpu.tma_desc<load|store, BOX [, multicast = C]>`. `BOX` is the
    shared-memory tensor one TMA copy writes (load) or reads (store): a
    static `!cute.memref<T, smem, ...>` whose layout maps a coordinate of
    the box, in the *global tensor's* mode order, to the element offset in
    shared memory. Its shape gives the box extents; its strides must be
    compact, which fixes the TMA dimension order (dimension 0 is the mode of
    stride 1, which must also be the global tensor's contiguous mode); its
    swizzle, if any, is the TMA swizzle: `S<1|2|3, 4-log2(bytes of T), 3>`
    for 32/64/128 B. `multicast = C` (loads only) lets one copy land in C
    CTAs of a cluster.

    Rules (checked when the type is built): rank 1..5; every box extent in
    [1, 256]; the inner extent x element bytes a multiple of 16 and, with a
    swizzle, at most the swizzle span; the alignment of BOX at least 128 B
    and, with a swizzle, the swizzle atom (256/512/1024 B for 32/64/128 B).

    The descriptor is made in the kernel from a global tensor by
    `cute_nvgpu.make_tma_desc`; the compiler turns it into a
    `__grid_constant__` kernel parameter and the metadata tells the runtime
    how to encode it, so host and kernel cannot disagree.
    ```mlir
    !cute_nvgpu.tma_desc<load, !cute.memref<f32, smem, align<1024>, S<3,2,3>, "(32,32):(32,1)">>
    ```
  }];
  let parameters = (ins EnumParameter<CuteNvgpu_TmaKind>:$kind,
                        "::mlir::cute::CuteMemRefType":$box,
                        DefaultValuedParameter<"unsigned", "1">:$multicast);
  let assemblyFormat = "`<` $kind `,` $box (`,` `multicast` `=` $multicast^)? `>`";
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// Bytes one copy of a box moves (into each destination CTA).
    int64_t getBoxBytes() const;
    /// The swizzle span in bytes (0, 32, 64 or 128).
    int getSwizzleBytes() const;
    /// TMA dimension d (innermost first) -> mode of the box/global tensor.
    ::llvm::SmallVector<int> getDimModes() const;
    /// Box extents, innermost TMA dimension first.
    ::llvm::SmallVector<int64_t> getBoxDims() const;
  }];
}

def CuteNvgpu_MbarrierType : CuteNvgpu_Type<"Mbarrier", "mbarrier"> {
  let summary = "a reference to one mbarrier object in shared memory";
  let description = [{
    An 8-byte mbarrier in shared memory, taken from storage with
    `cute_nvgpu.mbarrier_get` or from a pipeline with
    `cute_nvgpu.pipeline_producer_get_barrier`.
  }];
}

// A stage count written as a number or as the name of an integer instance
// parameter (`!cute_nvgpu.pipeline<async, VS>`, see CuteParams.h).
def CuteNvgpu_Stages
    : TypeParameter<"unsigned", "a stage count or an instance parameter's name"> {
  let parser = "::mlir::cute::parseUnsignedOrParam($_parser)";
}

def CuteNvgpu_PipelineType : CuteNvgpu_Type<"Pipeline", "pipeline"> {
  let summary = "an asynchronous pipeline of S stages (CUTLASS semantics)";
  let description = [{
    `!cute_nvgpu.pipeline<tma_async|async|tma_store|tma_umma|umma_async, S>`
    (S a number or an integer instance parameter): made by
    `cute_nvgpu.pipeline_create`; the ops taking it implement CUTLASS's
    producer_acquire / producer_commit / consumer_wait / consumer_release.
  }];
  let parameters = (ins EnumParameter<CuteNvgpu_PipelineKind>:$kind,
                        CuteNvgpu_Stages:$stages);
  let assemblyFormat = "`<` $kind `,` $stages `>`";
  let genVerifyDecl = 1;
}

def CuteNvgpu_PipelineStateType
    : CuteNvgpu_Type<"PipelineState", "pipeline_state"> {
  let summary = "a position in an S-stage pipeline: (stage index, phase)";
  let description = [{
    `!cute_nvgpu.pipeline_state<S>`: a value, advanced with
    `cute_nvgpu.pipeline_state_advance` (index + 1; past S - 1 it wraps to 0
    and the phase flips). It travels through loops as an iteration argument
    and lowers to one i32 (phase in bit 31, index below).
  }];
  let parameters = (ins CuteNvgpu_Stages:$stages);
  let assemblyFormat = "`<` $stages `>`";
  let genVerifyDecl = 1;
}

#endif // CUTE_NVGPU_TYPES_TD
