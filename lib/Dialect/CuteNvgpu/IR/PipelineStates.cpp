//===- PipelineStates.cpp - Which pipeline a state belongs to -------------===//
//
// A pipeline state is tied to the pipeline it was made from
// (`pipeline_producer_state %p`, `pipeline_consumer_state %p`): its stage
// index and phase count that pipeline's ring. The steps (acquire, commit,
// tail, wait, release, get_barrier) check that their state traces back to
// their own pipeline, through pipeline_state_advance, loop iteration
// arguments and results (LoopLikeOpInterface: scf.for) and the results of
// region ops whose terminators forward them (scf.if / scf.yield). Values of
// unknown origin (function arguments, other block arguments) are accepted.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/IR/AsmState.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

/// The values that flow into `v` one step back, or false when `v`'s origin
/// is unknown. `maker` is set when `v` is made by a state op.
static bool sourcesOf(Value v, SmallVectorImpl<Value> &sources,
                      Operation *&maker) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    auto loop =
        dyn_cast_or_null<LoopLikeOpInterface>(arg.getOwner()->getParentOp());
    if (!loop || loop->getNumRegions() != 1)
      return false;
    auto iterArgs = loop.getRegionIterArgs();
    auto it = llvm::find(iterArgs, arg);
    if (it == iterArgs.end())
      return false;
    size_t i = it - iterArgs.begin();
    auto inits = loop.getInits();
    auto yielded = loop.getYieldedValues();
    if (i >= inits.size() || i >= yielded.size())
      return false;
    sources.push_back(inits[i]);
    sources.push_back(yielded[i]);
    return true;
  }
  Operation *op = v.getDefiningOp();
  if (isa<PipelineProducerStateOp, PipelineConsumerStateOp>(op)) {
    maker = op;
    return true;
  }
  if (auto advance = dyn_cast<PipelineStateAdvanceOp>(op)) {
    sources.push_back(advance.getState());
    return true;
  }
  if (op->getNumRegions() == 0)
    return false;
  unsigned i = cast<OpResult>(v).getResultNumber();
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    // A loop's result i is its init i (no iteration) or its last yield i.
    std::optional<ResultRange> results = loop.getLoopResults();
    auto inits = loop.getInits();
    auto yielded = loop.getYieldedValues();
    if (op->getNumRegions() != 1 || !results || i >= inits.size() ||
        i >= yielded.size())
      return false;
    sources.push_back(inits[i]);
    sources.push_back(yielded[i]);
    return true;
  }
  // scf.if and the like: every block's terminator forwards its operands as
  // the results.
  for (Region &r : op->getRegions())
    for (Block &b : r) {
      Operation *term = b.empty() ? nullptr : &b.back();
      if (!term || !isa<RegionBranchTerminatorOpInterface>(term) ||
          term->getNumOperands() != op->getNumResults())
        return false;
      sources.push_back(term->getOperand(i));
    }
  return true;
}

Operation *mlir::cute_nvgpu::findStateOfOtherPipeline(Value pipeline,
                                                      Value state) {
  llvm::SetVector<Value> seen;
  SmallVector<Value> work{state};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (!seen.insert(v))
      continue;
    Operation *maker = nullptr;
    SmallVector<Value, 2> sources;
    if (!sourcesOf(v, sources, maker))
      continue; // unknown origin: nothing to say about this path
    if (maker && maker->getOperand(0) != pipeline)
      return maker;
    llvm::append_range(work, sources);
  }
  return nullptr;
}

/// `%name` of a value in the IR as it prints (the op is being verified:
/// printing must not verify it again).
static std::string nameOf(Value v) {
  std::string s;
  llvm::raw_string_ostream os(s);
  v.printAsOperand(os, OpPrintingFlags().assumeVerified());
  return s;
}

LogicalResult mlir::cute_nvgpu::verifyStateTiedTo(Operation *op, Value pipeline,
                                                  Value state) {
  Operation *maker = findStateOfOtherPipeline(pipeline, state);
  if (!maker)
    return success();
  Value other = maker->getOperand(0);
  InFlightDiagnostic d =
      op->emitOpError("steps pipeline ")
      << nameOf(pipeline) << " with a state of pipeline " << nameOf(other)
      << " (made by " << maker->getName()
      << "): a state counts the stages and phases of the pipeline it was "
         "made from";
  d.attachNote(maker->getLoc())
      << "the state is made from " << nameOf(other) << " here";
  if (Operation *def = pipeline.getDefiningOp())
    d.attachNote(def->getLoc())
        << "the stepped pipeline " << nameOf(pipeline) << " is made here";
  return d;
}
