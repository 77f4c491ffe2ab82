//===- CuteTensorTypes.td - pointers, tensors, copy atoms ----*- tablegen -*-===//
//
// What CuTe IR lacks: typed pointers and tensors (memrefs) with an element
// type, a memory space, an alignment and a CuTe layout. Parsing, printing and
// verification are in lib/Dialect/Cute/IR/CuteTensorTypes.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TENSOR_TYPES_TD
#define CUTE_TENSOR_TYPES_TD

include "cute/Dialect/Cute/IR/CuteDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

// Parsed values held by the tensor types (see CuteTypes.td).
def Cute_LayoutValueParameter
    : AttrOrTypeParameter<"::mlir::cute::CuteValue", "a layout"> {
  let cppAccessorType = "const ::mlir::cute::CuteValue &";
}
def Cute_TupleValueParameter
    : AttrOrTypeParameter<"::mlir::cute::CuteValue", "an int_tuple"> {
  let cppAccessorType = "const ::mlir::cute::CuteValue &";
}
def Cute_OptionalSwizzleParameter
    : AttrOrTypeParameter<"std::optional<::mlir::cute::CuteValue>",
                          "a swizzle or none"> {
  let cppAccessorType = "const std::optional<::mlir::cute::CuteValue> &";
}

def Cute_PtrType : TypeDef<Cute_Dialect, "Ptr",
    [DeclareTypeInterfaceMethods<Cute_TensorTypeInterface>]> {
  let mnemonic = "ptr";
  let summary = "pointer to elements in a memory space, with a known alignment";
  let description = [{
    `!cute.ptr<T, space, align<A>>`: `T` is a builtin element type (i1 for
    register predicates only; i8/i16/i32/i64, f16, bf16, f32, f64,
    f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN), `space` is `gmem`, `smem`,
    `rmem` or `tmem` (Tensor Memory, sm_100a: 32-bit elements, or f16/bf16
    two per column as tcgen05.mma's A operand; offsets
    in TMEM address units lane << 16 | column; view ops take it, the
    `cute_nvgpu` TMEM ops and tcgen05 atoms read and write it), `A` the
    alignment in bytes: a power of two, at least the element size for
    byte-sized elements. `align<A>` may be omitted; it defaults to the element
    size (1 for sub-byte types).
    ```mlir
    !cute.ptr<f16, gmem, align<16>>
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        "::mlir::cute::MemSpace":$memSpace,
                        "int64_t":$alignment);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

def Cute_MemRefType : TypeDef<Cute_Dialect, "CuteMemRef",
    [DeclareTypeInterfaceMethods<Cute_TensorTypeInterface>]> {
  let mnemonic = "memref";
  let summary = "tensor: a pointer (element type, space, alignment) and a layout";
  let description = [{
    `!cute.memref<T, space, align<A>, [S<B,M,S>,] "layout">`. The layout is in
    CuTe notation with integer strides and may be dynamic; it maps a
    coordinate to an element offset from the pointer. An optional swizzle
    (shared memory only) is applied to the *address* of each access, in
    element units, i.e. to the absolute element index within an allocation
    aligned to 2^(B+M+S) elements, so tiling can advance the pointer.

    Sub-byte elements (f4E2M1FN) are packed: offsets are in elements, the
    lowering converts them to bytes (a recast), every view must start on a
    byte boundary and every vector access must cover whole bytes.
    ```mlir
    !cute.memref<f16, smem, align<128>, S<3,4,3>, "(128,64):(64,1)">
    ```
  }];
  let parameters = (ins "::mlir::Type":$elementType,
                        "::mlir::cute::MemSpace":$memSpace,
                        "int64_t":$alignment,
                        Cute_OptionalSwizzleParameter:$swizzle,
                        Cute_LayoutValueParameter:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    // Canonicalizes the layout's dynamic leaves (see CuteValue.h).
    TypeBuilder<(ins "::mlir::Type":$elementType,
                     "::mlir::cute::MemSpace":$memSpace,
                     "int64_t":$alignment,
                     "std::optional<::cute::layout::Swizzle>":$swizzle,
                     "const ::cute::layout::Layout &":$layout), [{
      return $_get($_ctxt, elementType, memSpace, alignment,
                   ::mlir::cute::swizzleValue(swizzle),
                   ::mlir::cute::CuteValue::ofLayout(layout).canonical());
    }]>
  ];
  let skipDefaultBuilders = 1;
  let extraClassDeclaration = [{
    /// The pointer type of the iterator.
    PtrType getPtrType() const;
    bool isStatic() const { return getLayout().isStatic(); }
    /// The swizzle, if any.
    std::optional<::cute::layout::Swizzle> getSwizzleFunctor() const {
      const auto &s = getSwizzle();
      return s ? std::optional<::cute::layout::Swizzle>(s->swizzle)
               : std::nullopt;
    }
  }];
}

def Cute_CoordTensorType : TypeDef<Cute_Dialect, "CoordTensor",
    [DeclareTypeInterfaceMethods<Cute_TensorTypeInterface>]> {
  let mnemonic = "coord_tensor";
  let summary = "tensor of coordinates (a counting iterator plus a layout)";
  let description = [{
    `!cute.coord_tensor<"base", "layout">`: element i is `base + layout(i)`,
    a coordinate tuple (CuTe's ArithmeticTupleIterator with an identity
    layout of scaled-basis strides). It holds no memory; it is used to build
    predicates.
    ```mlir
    !cute.coord_tensor<"(0,0)", "(128,?):(1@0,1@1)">
    ```
  }];
  let parameters = (ins Cute_TupleValueParameter:$base,
                        Cute_LayoutValueParameter:$layout);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilder<(ins "const ::cute::layout::IntTuple &":$base,
                     "const ::cute::layout::Layout &":$layout), [{
      return $_get($_ctxt,
          ::mlir::cute::CuteValue::ofTuple(::mlir::cute::CuteKind::IntTuple,
                                           base).canonical(),
          ::mlir::cute::CuteValue::ofLayout(layout).canonical());
    }]>
  ];
  let skipDefaultBuilders = 1;
}

def Cute_UniversalCopyAttr : AttrDef<Cute_Dialect, "UniversalCopy",
    [DeclareAttrInterfaceMethods<Cute_CopyAtomAttrInterface>]> {
  let mnemonic = "universal_copy";
  let summary = "copy atom: plain vectorized loads and stores";
  let description = [{
    `#cute.universal_copy<128>`: CuTe's UniversalCopy; each access moves V
    elements, the largest power of two with V <= bits / element bits,
    V <= max_common_vector(src, dst), and each vector aligned in both
    tensors. `bits` is a power of two in [8, 128].
  }];
  let parameters = (ins "unsigned":$bits);
  let assemblyFormat = "`<` $bits `>`";
  let genVerifyDecl = 1;
}

// An attribute implementing the copy-atom interface (cute or cute_nvgpu).
def Cute_CopyAtom : Attr<
    CPred<"::llvm::isa<::mlir::cute::CopyAtomAttrInterface>($_self)">,
    "copy atom (implements CopyAtomAttrInterface)"> {
  let storageType = "::mlir::cute::CopyAtomAttrInterface";
  let returnType = "::mlir::cute::CopyAtomAttrInterface";
  let convertFromStorage = "$_self";
}

def Cute_TensorLikeType : AnyTypeOf<[Cute_MemRefType, Cute_CoordTensorType],
    "!cute.memref or !cute.coord_tensor">;


def Cute_MmaAtom : Attr<
    CPred<"::llvm::isa<::mlir::cute::MmaAtomAttrInterface>($_self)">,
    "MMA atom (implements MmaAtomAttrInterface)"> {
  let storageType = "::mlir::cute::MmaAtomAttrInterface";
  let returnType = "::mlir::cute::MmaAtomAttrInterface";
  let convertFromStorage = "$_self";
}

def Cute_TiledMmaAttr : AttrDef<Cute_Dialect, "TiledMma"> {
  let mnemonic = "tiled_mma";
  let summary = "an MMA atom tiled over threads (CuTe's make_tiled_mma)";
  let description = [{
    `#cute.tiled_mma<atom, atom_layout [, permutation = tile]>`: the atom
    (any attribute implementing the MMA-atom interface) repeated over the
    thread groups of `atom_layout` (CuTe's AtomLayoutMNK, a static layout of
    rank <= 3 over (M, N, K); a group is the atom's threads) with an
    optional permutation of M, N and K (a tile of three static layouts).
    `cute.mma_partition` hands each thread its part of an operand tile
    exactly as CuTe's `get_slice(t).partition_A/B/C` does.
    ```mlir
    #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>
    ```
  }];
  let parameters = (ins "::mlir::cute::MmaAtomAttrInterface":$atom,
                        "::mlir::cute::LayoutAttr":$atomLayout,
                        OptionalParameter<"::mlir::cute::TileAttr">:$permutation);
  let assemblyFormat = "`<` $atom `,` qualified($atomLayout) (`,` `permutation` "
                        "`=` qualified($permutation)^)? `>`";
  let genVerifyDecl = 1;
}

def Cute_TiledCopyAttr : AttrDef<Cute_Dialect, "TiledCopy"> {
  let mnemonic = "tiled_copy";
  let summary = "a copy atom tiled like an MMA operand (CuTe's "
                "make_tiled_copy_A/B/C)";
  let description = [{
    `#cute.tiled_copy<atom, "C" of #tiled_mma>`: the copy atom (one whose
    interface gives CuTe's Copy_Traits, e.g. `#cute_nvgpu.stmatrix`,
    `#cute_nvgpu.ldmatrix`) laid over the threads and values that the tiled
    MMA's operand `A`, `B` or `C` fragment gives each thread in one
    tiled-MMA step, as CuTe's `make_tiled_copy_A/B/C(atom, mma)` builds it.
    `cute.copy_partition` hands each thread its part of a tile for either
    side of the atom, `cute.copy_retile` views an MMA fragment in the
    atom's value order; `cute.copy` with the atom then moves them.
    ```mlir
    #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>>
    ```
  }];
  let parameters = (ins "::mlir::cute::CopyAtomAttrInterface":$atom,
                        StringRefParameter<"the MMA operand">:$operand,
                        "::mlir::cute::TiledMmaAttr":$mma);
  let assemblyFormat = "`<` $atom `,` $operand `of` qualified($mma) `>`";
  let genVerifyDecl = 1;
}

#endif // CUTE_TENSOR_TYPES_TD
