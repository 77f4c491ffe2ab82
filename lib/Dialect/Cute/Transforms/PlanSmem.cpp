//===- PlanSmem.cpp - Shared-memory planning of cute.smem_alloc -----------===//
//
// Per kernel: one shared buffer, every cute.smem_alloc at an aligned offset in
// program order. Static shared memory (an internal addrspace-3 global) while
// the kernel stays within the chip's static limit, dynamic shared memory (an
// external zero-sized addrspace-3 array) above it. The allocations keep their
// op until convert-cute-to-llvm, which reads `buffer` and `offset`.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/Cute/Transforms/Passes.h"
#include "cute/Target/Chip.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEPLANSMEM
#include "cute/Dialect/Cute/Transforms/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

namespace {

constexpr unsigned kSharedAddrSpace = 3;
constexpr int64_t kDynamicSmemAlign = 1024;
constexpr llvm::StringLiteral kDynamicBufferName = "__cute_dynamic_smem";

/// Bytes of the kernel's workgroup attributions (static shared memory that
/// exists without cute.smem_alloc).
static int64_t attributionBytes(gpu::GPUFuncOp fn) {
  int64_t bytes = 0;
  for (BlockArgument a : fn.getWorkgroupAttributions())
    if (auto mt = dyn_cast<MemRefType>(a.getType()); mt && mt.hasStaticShape())
      bytes += mt.getNumElements() * ((mt.getElementTypeBitWidth() + 7) / 8);
  return bytes;
}

struct CutePlanSmemPass
    : public mlir::cute::impl::CutePlanSmemBase<CutePlanSmemPass> {
  using Base::Base;

  void runOnOperation() override {
    // An unknown chip is reported by cute-verify-kernel; plan for 48 KiB.
    const ::cute::target::ChipInfo *info = ::cute::target::lookupChip(chip);
    int64_t staticLimit = info ? info->maxStaticSmemBytes : 48 * 1024;
    getOperation()->walk([&](gpu::GPUModuleOp mod) {
      SymbolTable symbols(mod);
      for (auto fn : llvm::make_early_inc_range(mod.getOps<gpu::GPUFuncOp>()))
        if (fn.isKernel())
          planKernel(fn, mod, symbols, staticLimit);
    });
  }

  void planKernel(gpu::GPUFuncOp fn, gpu::GPUModuleOp mod, SymbolTable &symbols,
                  int64_t staticLimit) {
    if (fn->hasAttr(attrs::SmemPlan))
      return;
    SmallVector<SmemAllocOp> allocs;
    fn.walk<WalkOrder::PreOrder>([&](SmemAllocOp a) { allocs.push_back(a); });
    if (allocs.empty())
      return;

    int64_t existingDynamic = 0;
    if (auto ds = fn->getAttrOfType<IntegerAttr>(attrs::DynamicSmem))
      existingDynamic = ds.getInt();

    // Offsets relative to the start of the planned region.
    SmallVector<int64_t> offsets, sizes, aligns;
    int64_t cur = 0, maxAlign = 16;
    for (SmemAllocOp a : allocs) {
      int64_t al = a.getRequiredAlignment(), sz = a.getSizeInBytes();
      cur = int64_t(llvm::alignTo(uint64_t(cur), uint64_t(al)));
      offsets.push_back(cur);
      sizes.push_back(sz);
      aligns.push_back(al);
      cur += sz;
      maxAlign = std::max(maxAlign, al);
    }
    int64_t total = cur;
    bool dynamic = attributionBytes(fn) + total > staticLimit;

    // The buffer: a static global of its own, or the module's dynamic array
    // (after any dynamic shared memory the kernel already declares).
    OpBuilder b(&getContext());
    b.setInsertionPoint(fn); // the buffer precedes its (first) kernel
    MLIRContext *ctx = &getContext();
    Type i8 = IntegerType::get(ctx, 8);
    int64_t base = 0;
    StringAttr bufName;
    if (!dynamic) {
      auto g = LLVM::GlobalOp::create(
          b, fn.getLoc(), LLVM::LLVMArrayType::get(i8, total),
          /*isConstant=*/false, LLVM::Linkage::Internal,
          ("__cute_smem_" + fn.getName()).str(), Attribute(),
          uint64_t(maxAlign), kSharedAddrSpace);
      bufName = symbols.insert(g);
    } else {
      maxAlign = std::max(maxAlign, kDynamicSmemAlign);
      base =
          int64_t(llvm::alignTo(uint64_t(existingDynamic), uint64_t(maxAlign)));
      auto g = symbols.lookup<LLVM::GlobalOp>(kDynamicBufferName);
      if (!g) {
        g = LLVM::GlobalOp::create(
            b, fn.getLoc(), LLVM::LLVMArrayType::get(i8, 0),
            /*isConstant=*/false, LLVM::Linkage::External, kDynamicBufferName,
            Attribute(), uint64_t(maxAlign), kSharedAddrSpace);
        symbols.insert(g);
      } else if (g.getAlignment().value_or(0) < uint64_t(maxAlign)) {
        g.setAlignment(uint64_t(maxAlign));
      }
      bufName = g.getSymNameAttr();
      int64_t need = base + total;
      fn->setAttr(attrs::DynamicSmem,
                  IntegerAttr::get(IntegerType::get(ctx, 64),
                                   std::max(existingDynamic, need)));
    }

    auto sym = FlatSymbolRefAttr::get(bufName);
    SmallVector<int64_t> absolute;
    for (auto [a, off] : llvm::zip(allocs, offsets)) {
      absolute.push_back(base + off);
      a.setOffsetAttr(b.getI64IntegerAttr(base + off));
      a.setBufferAttr(sym);
    }
    fn->setAttr(
        attrs::SmemPlan,
        b.getDictionaryAttr({
            b.getNamedAttr(attrs::SmemPlanBytes, b.getI64IntegerAttr(total)),
            b.getNamedAttr(attrs::SmemPlanDynamic, b.getBoolAttr(dynamic)),
            b.getNamedAttr(attrs::SmemPlanAlign, b.getI64IntegerAttr(maxAlign)),
            b.getNamedAttr(attrs::SmemPlanBuffer, sym),
            b.getNamedAttr(attrs::SmemPlanOffsets,
                           b.getDenseI64ArrayAttr(absolute)),
        }));

    if (report) {
      std::string text;
      llvm::raw_string_ostream os(text);
      os << "kernel @" << fn.getName() << ": shared memory " << total
         << " bytes (" << (dynamic ? "dynamic" : "static") << ")";
      AsmState state(fn);
      for (auto [i, a] : llvm::enumerate(allocs)) {
        os << (i ? ", " : ": ");
        a.getResult().printAsOperand(os, state);
        os << " at " << absolute[i] << " (" << sizes[i] << " B, align "
           << aligns[i] << ")";
      }
      fn.emitRemark(text);
    }
  }
};

} // namespace
