//===- InlinePtx.cpp - The inline PTX of convert-cute-nvgpu-to-nvvm -------===//
#include "InlinePtx.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

lowering::InlinePtx lowering::wgmmaRsPtx(int64_t n, int64_t k, StringRef aType,
                                         StringRef bType,
                                         std::optional<bool> transB) {
  int64_t d = n / 2;
  auto reg = [](int64_t i) { return "$" + std::to_string(i); };
  auto list = [&](int64_t first, int64_t count) {
    std::string s = "{";
    for (int64_t i = 0; i < count; ++i)
      s += (i ? ", " : "") + reg(first + i);
    return s + "}";
  };
  InlinePtx r;
  r.asmString = "{\n.reg .pred p;\nsetp.ne.b32 p, " + reg(2 * d + 5) +
                ", 0;\nwgmma.mma_async.sync.aligned.m64n" + std::to_string(n) +
                "k" + std::to_string(k) + ".f32." + aType.str() + "." +
                bType.str() + " " + list(0, d) + ", " + list(2 * d, 4) + ", " +
                reg(2 * d + 4) + ", p, 1, 1" +
                (transB ? (*transB ? ", 1" : ", 0") : "") + ";\n}\n";
  for (int64_t i = 0; i < d; ++i)
    r.constraints += "=f,";
  for (int64_t i = 0; i < d; ++i)
    r.constraints += std::to_string(i) + ",";
  r.constraints += "r,r,r,r,l,r";
  return r;
}

SmallVector<Value> lowering::emitWgmmaRs(OpBuilder &b, Location loc, int64_t n,
                                         int64_t k, StringRef aType,
                                         StringRef bType,
                                         std::optional<bool> transB,
                                         ValueRange acc, ValueRange aRegs,
                                         Value descB, Value scaleD) {
  InlinePtx ptx = wgmmaRsPtx(n, k, aType, bType, transB);
  SmallVector<Value> operands(acc.begin(), acc.end());
  operands.append(aRegs.begin(), aRegs.end());
  operands.push_back(descB);
  operands.push_back(scaleD);
  SmallVector<Type> fields(acc.size(), b.getF32Type());
  auto st = LLVM::LLVMStructType::getLiteral(b.getContext(), fields);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, st, operands, ptx.asmString, ptx.constraints,
      /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  SmallVector<Value> out;
  for (size_t i = 0; i < acc.size(); ++i)
    out.push_back(
        LLVM::ExtractValueOp::create(b, loc, asmOp.getRes(), int64_t(i)));
  return out;
}

lowering::InlinePtx lowering::barRedOrPtx() {
  return {"{\n.reg .pred p, q;\nsetp.ne.b32 p, $3, 0;\nbar.red.or.pred q, "
          "$1, $2, p;\nselp.u32 $0, 1, 0, q;\n}\n",
          "=r,r,r,r"};
}

Value lowering::emitBarRedOr(OpBuilder &b, Location loc, Value id,
                             Value threads, Value pred) {
  InlinePtx ptx = barRedOrPtx();
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getI32Type(), ValueRange{id, threads, pred}, ptx.asmString,
      ptx.constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getRes();
}

lowering::InlinePtx lowering::atomAddAcqRelGpuPtx() {
  return {"atom.acq_rel.gpu.global.add.u32 $0, [$1], $2;", "=r,l,r"};
}

Value lowering::emitAtomAddAcqRelGpu(OpBuilder &b, Location loc, Value ptr,
                                     Value v) {
  InlinePtx ptx = atomAddAcqRelGpuPtx();
  Value addr = LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), ptr);
  auto asmOp = LLVM::InlineAsmOp::create(
      b, loc, b.getI32Type(), ValueRange{addr, v}, ptx.asmString,
      ptx.constraints, /*has_side_effects=*/true, /*is_align_stack=*/false,
      LLVM::TailCallKind::None,
      LLVM::AsmDialectAttr::get(b.getContext(), LLVM::AsmDialect::AD_ATT),
      /*operand_attrs=*/ArrayAttr());
  return asmOp.getRes();
}
