//===- CuteInterfaces.td - cute op interfaces ---------------*- tablegen -*-===//
#ifndef CUTE_INTERFACES_TD
#define CUTE_INTERFACES_TD

include "mlir/IR/OpBase.td"

// The value kinds: every layout-like type and `#cute.*` attribute holds a
// parsed CuteValue. Code that reads "any cute value" asks the interface
// instead of testing eight classes.
def Cute_ValueTypeInterface : TypeInterface<"CuteValueTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A cute type that carries one value of the layout algebra (an int_tuple,
    shape, stride, coord, layout, tile, composed layout or swizzle), parsed
    when the type is made.
  }];
  let methods = [
    InterfaceMethod<"The value, with dynamic leaves as symbols 0, 1, ... in "
      "text order.", "const ::mlir::cute::CuteValue &", "getValue">,
    InterfaceMethod<"The kind of the value.", "::mlir::cute::CuteKind",
      "getCuteKind", (ins), [{ return $_type.getValue().kind; }]>,
    InterfaceMethod<"True when no leaf is dynamic.", "bool", "isStatic",
      (ins), [{ return $_type.getValue().isStatic(); }]>,
  ];
}

def Cute_TensorTypeInterface : TypeInterface<"CuteTensorTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A pointer or tensor type (`!cute.ptr`, `!cute.memref`,
    `!cute.coord_tensor`): its element, memory space, alignment, swizzle,
    layout and base, read from the parsed type without failing.
  }];
  let methods = [
    InterfaceMethod<[{
        The contents; dynamic leaves become fresh symbols of `syms` (the
        base first, then the layout).
      }], "::mlir::cute::MemRefInfo", "readInfo",
      (ins "::cute::layout::DynamicSymbols &":$syms)>,
  ];
}

def Cute_ValueAttrInterface : AttrInterface<"CuteValueAttrInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A `#cute.*` attribute holding one value of the layout algebra, as the
    op parameters of CuTe IR do (`#cute.layout<"(4,8):(8,1)">`).
  }];
  let methods = [
    InterfaceMethod<"The value.", "const ::mlir::cute::CuteValue &",
      "getValue">,
    InterfaceMethod<"The kind of the value.", "::mlir::cute::CuteKind",
      "getCuteKind", (ins), [{ return $_attr.getValue().kind; }]>,
  ];
}

def Cute_AlgebraOpInterface : OpInterface<"AlgebraOpInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    An op whose single result is computed by the layout library from its cute
    operands. The same `compute` function infers the result type (operands
    read from their types) and expands dynamic results into arith (operands
    whose dynamic leaves are symbols bound to SSA values).
  }];
  let methods = [
    InterfaceMethod<"Computes the result value from the operand values.",
      "::cute::layout::Expected<::mlir::cute::CuteValue>", "computeResult",
      (ins "::llvm::ArrayRef<::mlir::cute::CuteValue>":$operands), [{}],
      [{ return ::cute::layout::guard([&] {
             return ConcreteOp::compute(operands,
                                        typename ConcreteOp::Adaptor($_op));
           }); }]>,
  ];
}

//===----------------------------------------------------------------------===//
// Atoms
//===----------------------------------------------------------------------===//

def Cute_CopyAtomAttrInterface : AttrInterface<"CopyAtomAttrInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    What one copy instruction means: `cute.copy` takes an attribute
    implementing this interface and asks it whether a copy between two
    tensors is valid for it. `cute` implements it with
    `#cute.universal_copy<bits>`; architecture atoms (cp.async, TMA,
    ldmatrix, tcgen05.ld/st, ...) implement it in `cute_nvgpu`, through
    external models registered with that dialect's conversion, so `cute`
    never depends on them. Each atom's lowering is a pattern on `cute.copy`
    in the conversion of the dialect that defines the atom.
  }];
  let methods = [
    InterfaceMethod<"A short name for diagnostics (e.g. `universal`).",
      "::llvm::StringRef", "getAtomName">,
    InterfaceMethod<"The largest number of bits one access moves.",
      "unsigned", "getMaxAccessBits">,
    InterfaceMethod<[{
        CuTe's Copy_Traits of the atom in bits (threads; source,
        destination and reference (thread, value) layouts), which tiled
        copies (`#cute.tiled_copy`) are built from; none for atoms that
        cannot be tiled that way.
      }], "std::optional<::cute::atom::CopyTraits>", "getCopyTraits", (ins),
      [{}], [{ return std::nullopt; }]>,
    InterfaceMethod<[{
        Checks a copy of `src` to `dst` (and the i1 predicate tensor `pred`,
        or a null type) with this atom; reports through `emitError`.
      }], "::llvm::LogicalResult", "verifyCopy",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::Type":$src, "::mlir::Type":$dst, "::mlir::Type":$pred)>,
    InterfaceMethod<[{
        Checks the operands written after `with` (e.g. a TMA copy's
        descriptor and barrier) against `src` and `dst`. By default an atom
        takes none.
      }], "::llvm::LogicalResult", "verifyAtomOperands",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::Type":$src, "::mlir::Type":$dst,
           "::mlir::TypeRange":$operands), [{}], [{
        if (operands.empty())
          return ::mlir::success();
        return emitError() << "the copy atom `" << $_attr.getAtomName()
                           << "` takes no operands, but " << operands.size()
                           << " are written after `with`";
      }]>,
    InterfaceMethod<[{
        Whether the atom addresses global memory by coordinates: its global
        side is then a `!cute.coord_tensor` (the coordinates of the elements
        it moves), as CuTe's TMA copies take a TMA coordinate tensor.
      }], "bool", "takesCoordinates", (ins), [{}], [{ return false; }]>,
  ];
}

def Cute_CopyAtomOperandTypeInterface
    : TypeInterface<"CopyAtomOperandTypeInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    A type whose values, written first after `with` in `cute.copy`, imply
    the copy atom when none is written: `cute.copy(%coords, %smem)
    with(%desc, %bar)` is a TMA copy because `%desc` is a TMA descriptor.
  }];
  let methods = [
    InterfaceMethod<"The copy atom a `with` operand of this type implies.",
      "::mlir::cute::CopyAtomAttrInterface", "getImpliedCopyAtom">,
  ];
}

def Cute_MmaAtomAttrInterface : AttrInterface<"MmaAtomAttrInterface"> {
  let cppNamespace = "::mlir::cute";
  let description = [{
    What one MMA instruction means, as CuTe's MMA_Traits: the shape (M,N,K)
    it computes, the layout of its participating threads, and for each of
    A, B and C the thread-value layout mapping (thread, value) to a
    column-major coordinate of the (M,K), (N,K) or (M,N) tile. `cute.gemm`
    and partitioning read these; the MMA atoms of `cute_nvgpu` (mma.sync,
    wgmma, tcgen05) implement it through external models.
  }];
  let methods = [
    InterfaceMethod<"A short name for diagnostics.", "::llvm::StringRef",
      "getAtomName">,
    InterfaceMethod<"The shape (M,N,K) of one instruction.",
      "::mlir::cute::CuteValue", "getShapeMNK">,
    InterfaceMethod<"The layout of the threads taking part (ThrID).",
      "::mlir::cute::CuteValue", "getThrLayout">,
    InterfaceMethod<"The (thread, value) -> (m,k) layout of A.",
      "::mlir::cute::CuteValue", "getLayoutA">,
    InterfaceMethod<"The (thread, value) -> (n,k) layout of B.",
      "::mlir::cute::CuteValue", "getLayoutB">,
    InterfaceMethod<"The (thread, value) -> (m,n) layout of C.",
      "::mlir::cute::CuteValue", "getLayoutC">,
    InterfaceMethod<[{
        Block-scaled atoms: the (thread, value) -> (m,k) layout of the A
        scale factors (per-element view, CuTe's SFALayout); none otherwise.
      }], "std::optional<::mlir::cute::CuteValue>", "getLayoutSFA", (ins),
      [{}], [{ return std::nullopt; }]>,
    InterfaceMethod<"Block-scaled atoms: the (thread, value) -> (n,k) "
      "layout of the B scale factors; none otherwise.",
      "std::optional<::mlir::cute::CuteValue>", "getLayoutSFB", (ins),
      [{}], [{ return std::nullopt; }]>,
    InterfaceMethod<"Block-scaled atoms: elements of K per scale factor "
      "(0 for other atoms).", "int64_t", "getScaleVecSize", (ins), [{}],
      [{ return 0; }]>,
    InterfaceMethod<[{
        Checks the operands of one `cute.gemm` with this atom: `a`, `b`, `c`
        are the tensor types (memory space, element type, and for operands
        the atom reads through descriptors the shared-memory layout);
        reports through `emitError`.
      }], "::llvm::LogicalResult", "verifyGemmOperands",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::Type":$a, "::mlir::Type":$b, "::mlir::Type":$c)>,
    InterfaceMethod<[{
        Block-scaled atoms: checks the scale-factor tensors `sfa`, `sfb` of
        one `cute.gemm` (memory space, element type = the atom's scale
        type); `cute.gemm` itself checks their extents against A and B.
      }], "::llvm::LogicalResult", "verifyGemmScales",
      (ins "::llvm::function_ref<::mlir::InFlightDiagnostic()>":$emitError,
           "::mlir::Type":$sfa, "::mlir::Type":$sfb), [{}],
      [{ return ::mlir::success(); }]>,
    InterfaceMethod<[{
        Whether the atom's lowering implements `cute.gemm`'s run-time
        `accumulate(%flag)` operand (false: the first k-block overwrites C).
      }], "bool", "acceptsAccumulateFlag", (ins), [{}],
      [{ return false; }]>,
  ];
}

#endif // CUTE_INTERFACES_TD
