//===- CuteNvgpuRedAttrs.td - Reduction copy atoms ----------*- tablegen -*-===//
//
// cute.copy that adds instead of storing: the PTX `red` instruction as a
// copy atom (split-K partial sums reduced in global memory). The lowering
// is in convert-cute-nvgpu-to-nvvm (RedToNVVM.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_NVGPU_RED_ATTRS_TD
#define CUTE_NVGPU_RED_ATTRS_TD

include "cute/Dialect/CuteNvgpu/IR/CuteNvgpuDialect.td"
include "cute/Dialect/Cute/IR/CuteInterfaces.td"
include "mlir/IR/AttrTypeBase.td"

def CuteNvgpu_RedAddAttr : AttrDef<CuteNvgpu_Dialect, "RedAdd",
    [DeclareAttrInterfaceMethods<Cute_CopyAtomAttrInterface>]> {
  let mnemonic = "red_add";
  let summary = "copy atom: dst += src with relaxed gpu-scope atomic "
                "reductions (PTX red.global.add, sm_90+ vectors)";
  let description = [{
    `cute.copy(%regs, %gmem) {atom = #cute_nvgpu.red_add<128>}` adds each
    element of the register fragment `%regs` to the element of the global
    tensor `%gmem` at the same index, atomically per element
    (`red.relaxed.gpu.global.add.f32`, or `.v2.f32` / `.v4.f32` when two or
    four elements are contiguous and aligned in both tensors: the vector
    width is planned like `#cute.universal_copy<bits>`'s, at most `bits`
    per access). Many CTAs may add to one element; the order of their
    additions is not defined, so f32 sums may differ in the last bits from
    run to run (split-K's ordered fix-up is the deterministic
    alternative). Release/acquire through a counter
    (`cute_nvgpu.counter_arrive`) makes every CTA's reductions visible to
    the last arrival.

    Rules: f32 elements; the source is a static rmem fragment, the
    destination a gmem tensor with a static layout (its iterator may be
    dynamic); a predicate (or `masked`) makes each element's reduction
    conditional. `bits` is 32, 64 or 128.
    ```mlir
    func.func @add_partial(%acc: !cute.memref<f32, rmem, align<16>, "8:1">,
                           %ws: !cute.memref<f32, gmem, align<16>, "(4,2):(1,1024)">) {
      cute.copy(%acc, %ws) {atom = #cute_nvgpu.red_add<128>} : !cute.memref<f32, rmem, align<16>, "8:1">, !cute.memref<f32, gmem, align<16>, "(4,2):(1,1024)">
      return
    }
    ```
  }];
  let parameters = (ins "unsigned":$bits);
  let assemblyFormat = "`<` $bits `>`";
  let genVerifyDecl = 1;
}

#endif // CUTE_NVGPU_RED_ATTRS_TD
