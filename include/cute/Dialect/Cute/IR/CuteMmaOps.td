//===- CuteMmaOps.td - MMA atoms: layouts, partitioning, gemm -*- tablegen -*-===//
//
// The arch-neutral side of matrix multiply-accumulate: what an MMA atom
// means as layouts (read back as values), CuTe's TiledMMA partitioning of
// operand tiles among threads, and `cute.gemm`, which the conversion of the
// dialect that defines the atom lowers (cute_nvgpu: mma.sync, wgmma,
// tcgen05.mma, block-scaled mma).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_MMA_OPS_TD
#define CUTE_MMA_OPS_TD

def Cute_MmaAtomLayoutOp : Cute_Op<"mma_atom_layout",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A layout of an MMA atom, as a static value";
  let description = [{
    Reads one of an MMA atom's layouts (CuTe's MMA_Traits) back as a static
    value, so that a test or a user can see which thread holds which
    element: `shape` (M,N,K) as a `!cute.shape`, `thr` (ThrID), `A`, `B`,
    `C` (thread, value) -> column-major index of the (M,K), (N,K), (M,N)
    tile, and for block-scaled atoms `SFA`, `SFB`.
    ```mlir
    %c = cute.mma_atom_layout "C" of #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> -> !cute.layout<"((4,8),(2,2)):((32,1),(16,8))">
    ```
  }];
  let arguments = (ins Cute_MmaAtom:$atom, StrAttr:$which);
  let results = (outs Cute_AnyType:$result);
  let assemblyFormat =
      "$which `of` $atom attr-dict `->` qualified(type($result))";
  let hasFolder = 1;
}

def Cute_MmaTVLayoutOp : Cute_Op<"mma_tv_layout",
    [Pure, DeclareOpInterfaceMethods<InferTypeOpInterface>]> {
  let summary = "A tiled MMA's thread-value layout of an operand tile";
  let description = [{
    The layout (thread index, (FrgV, RestM, RestK)) -> column-major index of
    a `tile` = (rows, cols) operand tile ((M,K) for `A`, (N,K) for `B`,
    (M,N) for `C`) under a tiled MMA: what `cute.mma_partition` composes
    with the tensor. Equal to CuTe's `get_layoutA_TV()` (value mode
    flattened one level) when the tile is one tiled-MMA step.
    ```mlir
    %tv = cute.mma_tv_layout "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> tile [32, 16] -> !cute.layout<"((4,8,2,2),((2,2,2),1,1)):((64,1,16,0),((32,8,256),0,0))">
    ```
  }];
  let arguments = (ins Cute_TiledMmaAttr:$mma, StrAttr:$operand,
                   DenseI64ArrayAttr:$tile);
  let results = (outs Cute_LayoutType:$result);
  let assemblyFormat =
      "$operand `of` qualified($mma) `tile` $tile attr-dict `->` "
      "qualified(type($result))";
  let hasFolder = 1;
}

def Cute_MmaPartitionOp : Cute_ViewOp<"mma_partition"> {
  let summary = "A thread's part of an MMA operand tile (CuTe's partition_A/B/C)";
  let description = [{
    `tensor` is a rank-2 operand tile ((M,K) for `A`, (N,K) for `B`, (M,N)
    for `C`) with a static shape that is a multiple of the tiled MMA's
    step; `tid` the thread's index among the tiled MMA's threads. The result
    is that thread's (FrgV, RestM, RestK) view: `composition(layout, TV)`
    sliced at `tid`, where TV is `cute.mma_tv_layout`, exactly
    `get_slice(tid).partition_A/B/C` of CuTe. Atoms whose operands are
    read through shared-memory descriptors (wgmma, tcgen05) give every
    thread the whole atom block as FrgV. The types may be omitted (the
    short form: `%pa = cute.mma_partition "A" of #tiled (%sA, %tid)`); the
    result type is inferred, a written one is checked.
    ```mlir
    %pa = cute.mma_partition "A" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">> (%sA, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<4>, "((2,2,2),2,2):((1,256,8),1024,16)">
    ```
  }];
  let arguments = (ins Cute_TiledMmaAttr:$mma, StrAttr:$operand,
                   Cute_TensorLikeType:$tensor, Cute_IndexLike:$tid);
  let results = (outs Cute_TensorLikeType:$result);
  // The short form (CuteAsm.h): the result type is inferred.
  let hasCustomAssemblyFormat = 1;
}

def Cute_GemmOp : Cute_Op<"gemm", [AttrSizedOperandSegments]> {
  let summary = "C += A x B with an MMA atom over partitioned operands";
  let description = [{
    CuTe's `gemm(mma, A, B, C)` with C accumulated in place. `A` is
    (FrgV_A, RestM, RestK), `B` (FrgV_B, RestN, RestK) and `C` (FrgV_C,
    RestM, RestN), as `cute.mma_partition` produces them (rank-1 operands
    are one atom's values); FrgV must be the atom's values per thread. For
    every k, then m, then n the atom runs on A(_,m,k), B(_,n,k), C(_,m,n).
    The atom checks memory spaces and element types (mma.sync: registers;
    wgmma: A and B in shared memory, read through descriptors derived from
    their layouts, C in registers; tcgen05: C in Tensor Memory), and its
    dialect's conversion lowers the op. Block-scaled atoms also take the
    scale-factor tensors `scales(%sfa, %sfb)`: (FrgV, RestM, RestK) and
    (FrgV, RestN, RestK) like A and B (sm_120a: register fragments holding
    the atom's SFA/SFB values per thread; sm_100a: Tensor Memory).

    `accumulate(%flag)` (an i1, optional): when false, the first k-block
    (k = 0) overwrites C instead of adding to it (tcgen05's enable-input-D,
    wgmma's scale-d, zeros for mma.sync); without it C is always
    accumulated. For wgmma the flag must be uniform across the warpgroup.
    Atoms whose lowering does not implement the flag reject it. The
    operand types may be omitted (`cute.gemm #atom (%fa, %fb, %fc)`).
    ```mlir
    cute.gemm #cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32> (%fa, %fb, %fc) : !cute.memref<bf16, rmem, align<16>, "8:1">, !cute.memref<bf16, rmem, align<8>, "4:1">, !cute.memref<f32, rmem, align<16>, "4:1">
    ```
  }];
  let arguments = (ins Cute_MmaAtom:$atom,
                   Arg<Cute_MemRefType, "", [MemRead]>:$a,
                   Arg<Cute_MemRefType, "", [MemRead]>:$b,
                   Arg<Cute_MemRefType, "", [MemRead, MemWrite]>:$c,
                   Arg<Optional<Cute_MemRefType>, "", [MemRead]>:$sfa,
                   Arg<Optional<Cute_MemRefType>, "", [MemRead]>:$sfb,
                   Optional<I1>:$accumulate);
  // The operand types may be omitted (CuteAsm.h).
  let assemblyFormat = [{
    $atom `(` $a `,` $b `,` $c `)` (`scales` `(` $sfa^ `,` $sfb `)`)?
    (`accumulate` `(` $accumulate^ `)`)? attr-dict ``
    custom<OperandTypes>(ref($a), ref($b), ref($c), ref($sfa), ref($sfb),
        type($a), type($b), type($c), type($sfa), type($sfb))
  }];
  let hasVerifier = 1;
}

def Cute_CopyPartitionOp : Cute_ViewOp<"copy_partition"> {
  let summary = "A thread's part of a tile for a tiled copy (CuTe's "
                "partition_S/D)";
  let description = [{
    `tensor` is a rank-2 tile with a static shape that is a multiple of the
    tiled copy's step (the tiled MMA's step of its operand); `tid` the
    thread's index among the tiled MMA's threads; `side` is `"S"` (the
    copy's source) or `"D"` (its destination). The result is CuTe's
    `make_tiled_copy_A/B/C(atom, mma).get_slice(tid).partition_S/D`: the
    thread's (vals, RestM, RestN), where each run of the atom's values per
    thread on that side (for stmatrix's and ldmatrix's shared-memory side:
    the 8 elements of the 16-byte row the thread addresses) is one call of
    the atom. The element type of `tensor` is the atom's value type. The
    result type is inferred (a written one is checked).
    ```mlir
    %d = cute.copy_partition "D" of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 2>, "C" of #cute.tiled_mma<#cute_nvgpu.mma_sync<m = 16, n = 8, k = 16, a = bf16, b = bf16, c = f32>, #cute.layout<"(2,2,1):(1,2,0)">>> (%sC, %tid) : (!cute.memref<bf16, smem, align<128>, "(64,32):(32,1)">, i32) -> !cute.memref<bf16, smem, align<16>, "((8,1),2,2):((1,0),1024,16)">
    ```
  }];
  let arguments = (ins Cute_TiledCopyAttr:$copy, StrAttr:$side,
                   Cute_TensorLikeType:$tensor, Cute_IndexLike:$tid);
  let results = (outs Cute_TensorLikeType:$result);
  let hasCustomAssemblyFormat = 1;
}

def Cute_CopyRetileOp : Cute_ViewOp<"copy_retile"> {
  let summary = "An MMA fragment in a tiled copy's value order (CuTe's "
                "retile_S/D)";
  let description = [{
    `tensor` is a static register fragment (V, RestM, RestN) as
    `cute.mma_partition` of the tiled copy's MMA operand gives it (or
    `cute.make_fragment_like` of one, e.g. converted to 16 bits); the
    result views the same registers as ((AtomVals, RestVals), RestM,
    RestN), CuTe's `retile_S` (= `retile_D`), so each atom call of
    `cute.copy` takes the next AtomVals values.
    ```mlir
    %r = cute.copy_retile of #cute.tiled_copy<#cute_nvgpu.stmatrix<num = 4>, "C" of #cute.tiled_mma<#cute_nvgpu.wgmma<m = 64, n = 64, k = 16, a = bf16, b = bf16, c = f32, a_major = k, b_major = k>, #cute.layout<"(1,1,1):(0,0,0)">>> (%h) : (!cute.memref<bf16, rmem, align<16>, "((2,2,8),1,1):((1,2,4),0,0)">) -> !cute.memref<bf16, rmem, align<16>, "((8,4),1,1):((1,8),0,0)">
    ```
  }];
  let arguments = (ins Cute_TiledCopyAttr:$copy, Cute_MemRefType:$tensor);
  let results = (outs Cute_MemRefType:$result);
  let hasCustomAssemblyFormat = 1;
}

#endif // CUTE_MMA_OPS_TD
