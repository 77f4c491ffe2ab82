//===- CuteTensorOps.td - views, partitioning, fragments, copy -*- tablegen -*-===//
//
// Tensor ops CuTe IR lacks. Each view op infers its result type by running
// the layout library (include/cute/Layout/Tensor.h) on the operand types;
// the lowering (lib/Conversion/CuteToLLVM) runs the same functions with
// dynamic leaves bound to SSA values.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_TENSOR_OPS_TD
#define CUTE_TENSOR_OPS_TD

class Cute_ViewOp<string mnemonic, list<Trait> traits = []>
    : Cute_Op<mnemonic, !listconcat(traits, [Pure,
        DeclareOpInterfaceMethods<InferTypeOpInterface>])> {
  let extraClassDeclaration = [{
    /// Reads the operand types (dynamic leaves become symbols of `syms`; the
    /// first symbol of operand i is recorded in firstSym[i]) and computes the
    /// result. Serves type inference and the lowering.
    static ::cute::layout::Expected<::mlir::cute::ViewResult> computeView(
        ::llvm::ArrayRef<::mlir::Type> operandTypes, Adaptor adaptor,
        ::cute::layout::DynamicSymbols &syms,
        std::vector<int64_t> *firstSym = nullptr);
    /// A declared result type is compared by meaning (equivalentValues).
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange declared) {
      return ::mlir::cute::compatibleResultTypes(inferred, declared);
    }
  }];
}

// A coordinate operand: a !cute.coord (may hold `_` and dynamic leaves), a
// depth-0 int_tuple, or a plain i32/i64 (a dynamic rank-1 coordinate).
defvar Cute_CoordLike = AnyTypeOf<[Cute_CoordType, Cute_IntTupleType, I32, I64]>;
defvar Cute_IndexLike = AnyTypeOf<[I32, I64, Cute_IntTupleType]>;

def Cute_MakeViewOp : Cute_ViewOp<"make_view"> {
  let summary = "A tensor from a pointer and a layout";
  let description = [{
    A `S<B,M,S> o 0 o L` composed layout gives a swizzled view (shared
    memory only).
    ```mlir
    %t = cute.make_view(%p, %l) : (!cute.ptr<f32, gmem, align<16>>, !cute.layout<"(?,8):(8,1)">) -> !cute.memref<f32, gmem, align<16>, "(?,8):(8,1)">
    ```
  }];
  let arguments = (ins Cute_PtrType:$iter, Cute_LayoutLikeType:$layout);
  let results = (outs Cute_MemRefType:$result);
  let cuteShortForm = 1;
}

def Cute_GetLayoutOp : Cute_Op<"get_layout", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The layout of a tensor (without its swizzle)";
  let description = [{
    ```mlir
    %l = cute.get_layout(%t) : !cute.memref<f32, gmem, align<4>, "(?,8):(8,1)"> -> !cute.layout<"(?,8):(8,1)">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor);
  let results = (outs Cute_LayoutType:$result);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
}

def Cute_GetIterOp : Cute_Op<"get_iter", [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The iterator of a tensor: its pointer, or a coord_tensor's base";
  let description = [{
    ```mlir
    %p = cute.get_iter(%t) : !cute.memref<f32, gmem, align<16>, "8:1"> -> !cute.ptr<f32, gmem, align<16>>
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor);
  let results = (outs AnyTypeOf<[Cute_PtrType, Cute_IntTupleType]>:$result);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
}

def Cute_AddOffsetOp : Cute_ViewOp<"add_offset"> {
  let summary = "Advances a pointer by a number of elements";
  let description = [{
    The result alignment is what the offset's known divisor guarantees (a
    static offset or `?{div=N}` keeps more than a plain i32). Sub-byte
    pointers must stay byte aligned.
    ```mlir
    %q = cute.add_offset(%p, %off) : (!cute.ptr<f32, gmem, align<16>>, i32) -> !cute.ptr<f32, gmem, align<4>>
    ```
  }];
  let arguments = (ins Cute_PtrType:$ptr, Cute_IndexLike:$offset);
  let results = (outs Cute_PtrType:$result);
  let cuteShortForm = 1;
}

def Cute_RecastOp : Cute_ViewOp<"recast"> {
  let summary = "A pointer or tensor seen as elements of another type";
  let description = [{
    CuTe's `recast_ptr<T>` and `recast<T>(tensor)`: the same memory read as
    `elem_type` elements. A pointer keeps its address and alignment, which
    must hold one new element. A tensor's layout goes through CuTe's
    `recast_layout<Old, New>`: when the new element is N times wider
    (upcast) the contiguous (stride-1) mode's extent and every other stride
    are divided by N; when it is N times narrower (downcast) the contiguous
    mode's extent and the other strides are multiplied by N. A swizzle
    `S<B,M,S>` becomes `S<B,M-log2 N,S>` (upcast) or `S<B,M+log2 N,S>`.

    Unlike CuTe, which rounds up and assumes dynamic leaves divisible, the
    recast must be exact: a stride-1 mode must exist, an upcast needs its
    extent times the old width to be a multiple of the new width, every
    other stride a multiple of N (a dynamic leaf by its `?{div=..}`), the
    swizzle base M at least log2 N, and the alignment at least one new
    element. `f4E2M1FN` is packed two to a byte. The lowering moves no
    data: the pointer is the same, dynamic leaves are divided or
    multiplied.
    ```mlir
    %w = cute.recast(%t) {elem_type = f32} : !cute.memref<f16, smem, align<128>, S<3,4,3>, "(64,64):(64,1)"> -> !cute.memref<f32, smem, align<128>, S<3,3,3>, "(64,32):(32,1)">
    ```
  }];
  let arguments = (ins AnyTypeOf<[Cute_PtrType, Cute_MemRefType]>:$src,
                   TypeAttr:$elem_type);
  let results = (outs AnyTypeOf<[Cute_PtrType, Cute_MemRefType]>:$result);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
}

def Cute_LocalTileOp : Cute_ViewOp<"local_tile"> {
  let summary = "CuTe's local_tile: the tile of a tensor at a tile coordinate";
  let description = [{
    `zipped_divide(layout, tiler)` then slice `(_, coord)`: the result has the
    tile's modes (plus the rest modes where `coord` has `_`), and its iterator
    is advanced by the offset of the coordinate. `tiler` is a `#cute.tile` (`[64:1;32:1]`), a `#cute.shape`
    (`(64,32)`: one `n:1` layout per mode; a leaf `512` is `512:1`) or a
    `#cute.layout` (one layout).
    ```mlir
    %tile = cute.local_tile(%t, %bid) {tiler = #cute.shape<"512">} : (!cute.memref<f32, gmem, align<16>, "?:1">, i32) -> !cute.memref<f32, gmem, align<16>, "512:1">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor, Cute_CoordLike:$coord,
                   Cute_TilerAttr:$tiler);
  let results = (outs Cute_TensorLikeType:$result);
  let cuteShortForm = 1;
}

def Cute_LocalPartitionOp : Cute_ViewOp<"local_partition"> {
  let summary = "CuTe's local_partition: the elements of one thread";
  let description = [{
    With threads laid out by `thr_layout`, thread `index` gets the elements at
    its coordinate in every `shape(thr_layout)` tile: `zipped_divide(layout,
    product_each(shape(thr_layout)))` sliced at `(thr_coord, _)`, where
    `thr_coord` is `thr_layout.get_flat_coord(index)`.
    ```mlir
    %p = cute.local_partition(%t, %tid) {thr_layout = #cute.layout<"(32,4):(4,1)">} : (!cute.memref<f32, smem, align<16>, "(128,32):(32,1)">, i32) -> !cute.memref<f32, smem, align<4>, "(4,8):(1024,4)">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor, Cute_IndexLike:$index,
                   Cute_LayoutAttr:$thr_layout);
  let results = (outs Cute_TensorLikeType:$result);
  let cuteShortForm = 1;
}

def Cute_PartitionTVOp : Cute_ViewOp<"partition_tv"> {
  let summary = "Thread-value partitioning (as CuTe's make_tiled_copy)";
  let description = [{
    `tv_layout` maps (thread, value) to a column-major index into the tile
    `tiler`. Without `tiler` the tile is the whole tensor and the result is
    thread `tid`'s values: `composition(layout, tv_layout)` sliced at
    `(tid, _)`. With `tiler` the tensor is first `zipped_divide`d and the
    result is `(values, rest...)`, the values of thread `tid` in every tile.
    ```mlir
    %v = cute.partition_tv(%tile, %tid) {tv_layout = #cute.layout<"(128,4):(4,1)">} : (!cute.memref<f32, gmem, align<16>, "512:1">, i32) -> !cute.memref<f32, gmem, align<16>, "4:1">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor, Cute_IndexLike:$tid,
                   Cute_LayoutAttr:$tv_layout, OptionalAttr<Cute_TilerAttr>:$tiler);
  let results = (outs Cute_TensorLikeType:$result);
  let cuteShortForm = 1;
}

def Cute_TensorSliceOp : Cute_ViewOp<"tensor_slice"> {
  let summary = "Slices a tensor at a coordinate (`_` keeps a mode)";
  let description = [{
    CuTe's `tensor(coord)` with `_`: the modes where `coord` is `_` remain and
    the iterator advances by the offset of the fixed part.
    ```mlir
    %row = cute.tensor_slice(%t, %c) : (!cute.memref<f16, smem, align<16>, "(8,64):(64,1)">, !cute.coord<"(?,_)">) -> !cute.memref<f16, smem, align<16>, "64:1">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor, Cute_CoordLike:$coord);
  let results = (outs Cute_TensorLikeType:$result);
  let cuteShortForm = 1;
}

def Cute_DomainOffsetOp : Cute_ViewOp<"domain_offset"> {
  let summary = "Shifts a tensor's domain: element c is the operand's element "
                "coord + c";
  let description = [{
    CuTe's `domain_offset(coord, tensor)`: the same layout, the iterator
    advanced by `layout(coord)`, so the result's element `c` is the
    operand's element `coord + c`. On a coordinate tensor the base
    coordinate moves (a TMA copy from a tile of the result addresses
    coordinates `coord + c`): a tile that starts at any row, e.g. a
    grouped GEMM's rows of one group. On a memref the pointer advances (the
    result's alignment is what the offset's known divisor keeps). Nothing
    is checked against the operand's shape: the result's shape is the
    operand's, so a bounded (masked) use of it needs the shape of what
    remains.
    ```mlir
    %g = cute.domain_offset(%c, %o) : (!cute.coord_tensor<"(0,0)", "(?,?):(1@0,1@1)">, !cute.coord<"(?,0)">) -> !cute.coord_tensor<"(?,0)", "(?,?):(1@0,1@1)">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor, Cute_CoordLike:$coord);
  let results = (outs Cute_TensorLikeType:$result);
  let cuteShortForm = 1;
}

def Cute_MakeFragmentOp : Cute_Op<"make_fragment"> {
  let summary = "A register tensor (rmem) of the result type";
  let description = [{
    The layout must be static and compact (cosize == size).
    ```mlir
    %f = cute.make_fragment() : !cute.memref<f32, rmem, align<16>, "(4,2):(1,4)">
    ```
  }];
  let results = (outs Cute_MemRefType:$result);
  let assemblyFormat = "`(` `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def Cute_MakeFragmentLikeOp : Cute_ViewOp<"make_fragment_like"> {
  let summary = "A register tensor with the shape of a tensor";
  let description = [{
    The result has the (static) shape of the input with a compact
    column-major layout, the input's element type unless `elem_type` is
    given, and the largest alignment (at most 16 bytes) its size allows.
    ```mlir
    %f = cute.make_fragment_like(%v) : !cute.memref<f32, gmem, align<16>, "4:1"> -> !cute.memref<f32, rmem, align<16>, "4:1">
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$tensor,
                   OptionalAttr<TypeAttr>:$elem_type);
  let results = (outs Cute_MemRefType:$result);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
}

def Cute_MakeIdentityTensorOp : Cute_ViewOp<"make_identity_tensor"> {
  let summary = "The tensor of coordinates of a shape";
  let description = [{
    Element `c` is the coordinate `c` itself (CuTe's make_identity_tensor);
    partition it like the data tensor to get each element's coordinate.
    ```mlir
    %c = cute.make_identity_tensor(%s) : !cute.shape<"(?)"> -> !cute.coord_tensor<"(0)", "(?):(1@0)">
    ```
  }];
  let arguments = (ins Cute_ShapeType:$shape);
  let results = (outs Cute_CoordTensorType:$result);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
}

def Cute_MakePredicateOp : Cute_ViewOp<"make_predicate"> {
  let summary = "An i1 register tensor: is each coordinate within bounds";
  let description = [{
    Element i is `elem_less(coords(i), bounds)`. The coordinate tensor needs
    a static shape; the result has a compact column-major layout.
    ```mlir
    %p = cute.make_predicate(%c, %n) : (!cute.coord_tensor<"(?)", "4:1@0">, !cute.int_tuple<"(?)">) -> !cute.memref<i1, rmem, align<1>, "4:1">
    ```
  }];
  let arguments = (ins Cute_CoordTensorType:$coords, Cute_TupleLikeType:$bounds);
  let results = (outs Cute_MemRefType:$result);
  let cuteShortForm = 1;
}

def Cute_LoadCoordsOp : Cute_Op<"load_coords", [Pure,
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "The coordinates of a coordinate tensor, one i32 vector per leaf";
  let description = [{
    CuTe's `get<i>(t(e))` for every element e of a coordinate tensor at once:
    result j is a vector whose element e is leaf j of `base + layout(e)`
    (the coordinate flattened, so a 2-D tile gives rows, then columns). The
    layout must be static; the base may be dynamic. This is how a kernel
    masks values by their position in the matrix, for example attention's
    causal mask on an MMA accumulator: partition the identity tensor of the
    score matrix like the accumulator (`cute.mma_partition "C"`) and compare
    the row and column vectors.
    ```mlir
    %r, %c = cute.load_coords(%t) : !cute.coord_tensor<"(?,?)", "(2,2):(1@0,1@1)"> -> (vector<4xi32>, vector<4xi32>)
    ```
  }];
  let arguments = (ins Cute_CoordTensorType:$coords);
  let results = (outs Variadic<VectorOfRankAndType<[1], [I32]>>:$results);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
}

def Cute_AllInBoundsOp : Cute_Op<"all_in_bounds", [Pure]> {
  let summary = "Whether every coordinate of a tensor is within bounds";
  let description = [{
    The AND over the elements of `make_predicate(coords, bounds)`, computed
    without the per-element predicates where the coordinates allow: with
    non-negative static offsets from the coordinate tensor's base, each mode
    needs one comparison (its largest coordinate against its bound). This
    is the full-tile test of masked copies (`cute-lower-masked-copies`).
    ```mlir
    %full = cute.all_in_bounds(%c, %n) : !cute.coord_tensor<"?", "8:1">, !cute.int_tuple<"?">
    ```
  }];
  let arguments = (ins Cute_CoordTensorType:$coords, Cute_TupleLikeType:$bounds);
  let results = (outs I1:$result);
  let assemblyFormat = "`(` $coords `,` $bounds `)` attr-dict `:` qualified(type($coords)) `,` qualified(type($bounds))";
}

def Cute_CopyOp : Cute_Op<"copy", [AttrSizedOperandSegments]> {
  let summary = "Copies a tensor element-wise, vectorized, optionally predicated";
  let description = [{
    `src` and `dst` have the same element type and size (static). `atom` is
    any attribute implementing the copy-atom interface; it checks the copy
    (`verifyCopy`) and its dialect's conversion lowers it. The default is
    `#cute.universal_copy<128>`: each access moves V elements, the largest
    power of two with V <= atom bits / element bits,
    V <= max_common_vector(src, dst), and each vector aligned in both
    tensors (pointer alignment and every stride of the rest of the layout).
    With `pred` (an i1 tensor of the same size) an element whose predicate
    is false is skipped (accesses are then scalar).
    ```mlir
    cute.copy(%src, %dst) {atom = #cute.universal_copy<128>} : !cute.memref<f32, gmem, align<16>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
    ```

    **Masked copies.** With `masked` (or `fill`, which implies it) the copy
    predicates itself: one of its tensors (the *bounded* side: src if it
    qualifies, else dst) must be a thread's part of a tile, i.e.
    `cute.partition_tv` / `cute.local_partition` (any number of them) of a
    `cute.local_tile` of a tensor T. An element is accessed iff its
    coordinate in T is within T's shape; when the src is bounded, the dst
    elements whose src is out of bounds get `fill` (an attribute of the
    element type, e.g. `0xFF80 : bf16` for -inf), or keep their value
    without `fill`. `cute-lower-masked-copies` emits the full-tile path (an
    unpredicated, vectorized copy) when all of the thread's elements are in
    bounds, and the predicated one otherwise: the same code a user would
    write with `make_identity_tensor` + `make_predicate`, written once.
    ```mlir
    func.func @row_tile(%x: !cute.memref<bf16, gmem, align<2>, "?:1">, %k: i32, %tid: i32) {
      %t = cute.local_tile(%x, %k) {tiler = #cute.shape<"1024">}
      %v = cute.partition_tv(%t, %tid) {tv_layout = #cute.layout<"(128,8):(8,1)">}
      %f = cute.make_fragment_like(%v)
      cute.copy(%v, %f) {fill = 0xFF80 : bf16}
      cute.copy(%f, %v) {masked}
      return
    }
    ```
  }];
  let arguments = (ins Cute_TensorLikeType:$src, Cute_TensorLikeType:$dst,
                   Optional<Cute_MemRefType>:$pred,
                   Variadic<AnyType>:$atom_operands,
                   OptionalAttr<Cute_CopyAtom>:$atom,
                   OptionalAttr<TypedAttrInterface>:$fill, UnitAttr:$masked);
  let hasCustomAssemblyFormat = 1;
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The atom: the written one, else the one the first `with` operand
    /// implies (a TMA descriptor: TMA), else `#cute.universal_copy<128>`.
    ::mlir::cute::CopyAtomAttrInterface getAtomOrDefault();
    /// Whether the copy predicates itself (`masked` or `fill`).
    bool isMasked() { return getMasked() || getFill(); }
    /// For a masked copy: the bounded side (src when it qualifies), the
    /// cute.local_tile it partitions and the partition ops from that tile
    /// to the copied tensor. Fails with the reason in `why`.
    ::llvm::LogicalResult traceBoundedSide(bool &srcIsBounded,
        ::mlir::cute::LocalTileOp &tile,
        ::llvm::SmallVectorImpl<::mlir::Operation *> &steps,
        std::string &why);
  }];
}

def Cute_LoadOp : Cute_Op<"load", [
    DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "Reads a whole tensor into a vector (element i = tensor(i))";
  let description = [{
    The layout must be static; the vector has size(layout) elements of the
    tensor's element type.
    ```mlir
    %v = cute.load(%f) : !cute.memref<f32, rmem, align<16>, "4:1"> -> vector<4xf32>
    ```
  }];
  let arguments = (ins Cute_MemRefType:$tensor);
  let results = (outs AnyVectorOfNonZeroRank:$result);
  let cuteShortForm = 1;
  let cuteTypeStyle = "Arrow";
  let hasVerifier = 1;
}

def Cute_StoreOp : Cute_Op<"store"> {
  let summary = "Writes a vector into a whole tensor (tensor(i) = element i)";
  let description = [{
    ```mlir
    cute.store(%v, %f) : vector<4xf32>, !cute.memref<f32, rmem, align<16>, "4:1">
    ```
  }];
  let arguments = (ins AnyVectorOfNonZeroRank:$value, Cute_MemRefType:$tensor);
  let cuteShortForm = 1;
  let cuteTypeStyle = "List";
  let hasVerifier = 1;
}

def Cute_FillOp : Cute_Op<"fill"> {
  let summary = "Sets every element of a tensor to one value (CuTe's fill)";
  let description = [{
    CuTe's `fill(tensor, value)` (and `clear`, with 0): every element of a
    static-layout tensor (not Tensor Memory) becomes `value`, a scalar of the
    tensor's element type. It is `cute.store` of a splat vector whose size
    the layout gives, so a kernel whose fragment size depends on an instance
    parameter needs no vector type of that size (examples/gemm-sm90 zeroes
    its 64 x BN accumulator this way).
    ```mlir
    %zero = arith.constant 0.0 : f32
    cute.fill(%f, %zero) : !cute.memref<f32, rmem, align<16>, "(2,2,8):(1,2,4)">, f32
    ```
  }];
  let arguments = (ins Cute_MemRefType:$tensor, AnyType:$value);
  let cuteShortForm = 1;
  let cuteTypeStyle = "List";
  let hasVerifier = 1;
}

def Cute_SmemAllocOp : Cute_Op<"smem_alloc"> {
  let summary = "A statically planned shared-memory tensor of the result type";
  let description = [{
    Allocates shared memory for an smem tensor with a static layout, for the
    whole lifetime of the enclosing `gpu.func` kernel (one allocation per
    op, also inside loops). The size is `cosize(layout)` elements (packed for
    sub-byte types, rounded up to a byte); the base is aligned to the
    larger of the type's alignment, 16 bytes and, for a swizzled type
    `S<B,M,S>`, 2^(B+M+S) elements.

    `cute-plan-smem` assigns every allocation of a kernel an offset in one
    shared buffer (static up to 48 KiB, dynamic shared memory above) and
    records them here as `offset` and `buffer`; `convert-cute-to-llvm` then
    lowers the op to the address of that buffer plus the offset. An op that
    reaches the lowering unplanned is an error.
    ```mlir
    %s = cute.smem_alloc() : !cute.memref<f16, smem, align<128>, S<3,4,3>, "(128,64):(64,1)">
    ```

    Allocations of one kernel with the same `alias` name are a union: they
    share bytes, so they must never be live at the same time (e.g. the
    mainloop's operand ring and the epilogue's staging tile). The planner
    places the union where its first member is in program order, at the
    largest alignment of its members, and reserves the largest size.
    ```mlir
    %ring = cute.smem_alloc() {alias = "ring_epi"} : !cute.memref<f16, smem, align<128>, S<3,4,3>, "(128,64,4):(64,1,8192)">
    %epi = cute.smem_alloc() {alias = "ring_epi"} : !cute.memref<f32, smem, align<16>, "(128,128):(128,1)">
    ```
  }];
  let arguments = (ins OptionalAttr<I64Attr>:$offset,
                   OptionalAttr<FlatSymbolRefAttr>:$buffer,
                   OptionalAttr<StrAttr>:$alias);
  let results = (outs Cute_MemRefType:$result);
  let assemblyFormat = "`(` `)` attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// Bytes the allocation occupies (cosize(layout) elements, packed).
    int64_t getSizeInBytes();
    /// Required alignment of the base in bytes (type, 16, swizzle).
    int64_t getRequiredAlignment();
  }];
}

#endif // CUTE_TENSOR_OPS_TD
