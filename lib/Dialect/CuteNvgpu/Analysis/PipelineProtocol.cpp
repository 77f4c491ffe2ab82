//===- PipelineProtocol.cpp - What a kernel's pipelines count -------------===//
//
// Which threads execute an op (warp roles, elect_one, thread-index
// branches), how many times a TMA load runs per stage, and from those the
// bytes a stage receives and the threads that release it. Shared by the
// protocol rules of cute-verify-kernel (PipelineRules.cpp) and the
// inference of unwritten pipeline numbers (InferPipelineCounts.cpp).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/CuteNvgpu/Analysis/PipelineProtocol.h"

#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::cute_nvgpu;

namespace {

unsigned lineOf(Operation *op) {
  auto loc = op->getLoc()->findInstanceOf<FileLineColLoc>();
  return loc ? loc.getLine() : 0;
}

/// "cute_nvgpu.pipeline_consumer_release (line 12)".
std::string opAt(Operation *op) {
  std::string s = op->getName().getStringRef().str();
  if (unsigned l = lineOf(op))
    s += " (line " + std::to_string(l) + ")";
  return s;
}

/// Whether `v` is the same in every thread of a block; `seen` memoizes the
/// values already decided (scheduler arithmetic shares subexpressions and
/// runs deep: stream-K's bounds are chains of 40+ ops).
bool isBlockUniformImpl(Value v, gpu::GPUFuncOp fn, int depth,
                        llvm::DenseMap<Value, bool> &seen) {
  if (depth > 512)
    return false;
  if (auto it = seen.find(v); it != seen.end())
    return it->second;
  auto decide = [&]() -> bool {
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Operation *owner = arg.getOwner()->getParentOp();
      if (owner == fn.getOperation())
        return true; // a kernel argument
      // A loop-carried value is uniform when what enters and what each
      // iteration yields are: assumed while its yields are decided; if
      // that fails, everything decided meanwhile is forgotten.
      auto carried = [&](Value init, Value yielded) {
        seen[v] = true;
        bool ok = (!init || isBlockUniformImpl(init, fn, depth + 1, seen)) &&
                  isBlockUniformImpl(yielded, fn, depth + 1, seen);
        if (!ok)
          seen.clear();
        return ok;
      };
      if (auto loop = dyn_cast<scf::ForOp>(owner)) {
        if (arg == loop.getInductionVar())
          return isBlockUniformImpl(loop.getLowerBound(), fn, depth + 1,
                                    seen) &&
                 isBlockUniformImpl(loop.getUpperBound(), fn, depth + 1,
                                    seen) &&
                 isBlockUniformImpl(loop.getStep(), fn, depth + 1, seen);
        unsigned j = arg.getArgNumber() - 1;
        return carried(loop.getInitArgs()[j],
                       loop.getBody()->getTerminator()->getOperand(j));
      }
      if (auto loop = dyn_cast<scf::WhileOp>(owner)) {
        unsigned j = arg.getArgNumber();
        if (arg.getOwner() == loop.getBeforeBody())
          return carried(loop.getInits()[j],
                         loop.getAfterBody()->getTerminator()->getOperand(j));
        return carried(Value(), loop.getConditionOp().getArgs()[j]);
      }
      return false;
    }
    Operation *def = v.getDefiningOp();
    if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, WarpIdxOp>(def))
      return false;
    if (isa<gpu::BlockIdOp, gpu::GridDimOp, gpu::BlockDimOp, gpu::ClusterIdOp,
            gpu::ClusterDimOp, gpu::ClusterBlockIdOp, gpu::ClusterDimBlocksOp,
            ClusterRankOp>(def))
      return true;
    // A pipeline handle and a shared-memory allocation are one object of
    // the block (a slot of an async ring that hands a dynamic tile index
    // to every thread is read at the same address by all).
    if (isa<PipelineCreateOp, mlir::cute::SmemAllocOp>(def))
      return true;
    auto operandsUniform = [&](Operation *op) {
      return llvm::all_of(op->getOperands(), [&](Value o) {
        return isBlockUniformImpl(o, fn, depth + 1, seen);
      });
    };
    // A region op (scf.if, scf.while, ...) whose operands are uniform and
    // whose regions use only uniform values from outside and no thread
    // index computes the same results in every thread (a grouped GEMM's
    // walk to a tile's group).
    if (def->getNumRegions() != 0) {
      if (!operandsUniform(def))
        return false;
      bool closed = true;
      def->walk([&](Operation *inner) {
        if (inner == def || !closed)
          return;
        if (isa<gpu::ThreadIdOp, gpu::LaneIdOp, WarpIdxOp>(inner)) {
          closed = false;
          return;
        }
        for (Value o : inner->getOperands())
          if (!def->isProperAncestor(o.getParentBlock()->getParentOp()) &&
              o.getParentBlock()->getParentOp() != def &&
              !isBlockUniformImpl(o, fn, depth + 1, seen))
            closed = false;
      });
      return closed;
    }
    // Effect-free is enough: a division by a run-time value (split-K's
    // `k tiles x split / splits`) is not speculatable but still the same in
    // every thread. A read (cute.load) at an address every thread computes
    // alike returns the same value to all (the grouped GEMM's group
    // offsets): memory that other threads write concurrently is a race the
    // kernel must not have.
    if (!isMemoryEffectFree(def) && !isa<mlir::cute::LoadOp>(def))
      return false;
    return operandsUniform(def);
  };
  bool uniform = decide();
  seen[v] = uniform;
  return uniform;
}

/// Whether `v` is the x thread index (through casts).
bool isThreadIdX(Value v) {
  for (int i = 0; i < 8 && v; ++i) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return false;
    if (auto t = dyn_cast<gpu::ThreadIdOp>(def))
      return t.getDimension() == gpu::Dimension::x;
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
             arith::ExtUIOp>(def))
      return false;
    v = def->getOperand(0);
  }
  return false;
}

DenseI32ArrayAttr knownBlockOf(gpu::GPUFuncOp fn) {
  DenseI32ArrayAttr known = fn.getKnownBlockSizeAttr();
  if (!known)
    known = fn->getAttrOfType<DenseI32ArrayAttr>(
        gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
  return known;
}

/// How many threads of a 1-D block of `blockThreads` satisfy `cond` when it
/// compares the x thread index with a constant (`tid == c`, `tid < c`,
/// `tid != c`, `tid >= c`), or an `and` of such a comparison with a
/// block-uniform value (at most that many). std::nullopt otherwise.
std::optional<int64_t> threadsSatisfying(Value cond, gpu::GPUFuncOp fn,
                                         int64_t blockThreads) {
  DenseI32ArrayAttr known = knownBlockOf(fn);
  bool oneDim = known && known.size() == 3 && known[1] == 1 && known[2] == 1;
  if (blockThreads <= 0 || !oneDim)
    return std::nullopt;
  if (auto a = cond.getDefiningOp<arith::AndIOp>()) {
    std::optional<int64_t> l = threadsSatisfying(a.getLhs(), fn, blockThreads);
    std::optional<int64_t> r = threadsSatisfying(a.getRhs(), fn, blockThreads);
    if (l && r)
      return std::min(*l, *r);
    if (l && isBlockUniform(a.getRhs(), fn))
      return l;
    if (r && isBlockUniform(a.getLhs(), fn))
      return r;
    return std::nullopt;
  }
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp || !isThreadIdX(cmp.getLhs()))
    return std::nullopt;
  std::optional<int64_t> c = getConstantIntValue(cmp.getRhs());
  if (!c)
    return std::nullopt;
  int64_t n = blockThreads, k = std::clamp<int64_t>(*c, 0, n);
  switch (cmp.getPredicate()) {
  case arith::CmpIPredicate::eq:
    return *c >= 0 && *c < n ? 1 : 0;
  case arith::CmpIPredicate::ne:
    return *c >= 0 && *c < n ? n - 1 : n;
  case arith::CmpIPredicate::ult:
  case arith::CmpIPredicate::slt:
    return k;
  case arith::CmpIPredicate::uge:
  case arith::CmpIPredicate::sge:
    return n - k;
  default:
    return std::nullopt;
  }
}

/// A call among the users of `v` (a pipeline handed to a helper that was
/// not inlined), or null.
/// The warp that `cond` selects when it is `warp_idx == c` (either order).
std::optional<int64_t> warpSelected(Value cond) {
  auto cmp = cond.getDefiningOp<arith::CmpIOp>();
  if (!cmp || cmp.getPredicate() != arith::CmpIPredicate::eq)
    return std::nullopt;
  Value w = cmp.getLhs(), c = cmp.getRhs();
  if (!w.getDefiningOp<WarpIdxOp>())
    std::swap(w, c);
  if (!w.getDefiningOp<WarpIdxOp>())
    return std::nullopt;
  return getConstantIntValue(c);
}

Operation *callUserOf(Value v) {
  for (Operation *user : v.getUsers())
    if (isa<CallOpInterface>(user))
      return user;
  return nullptr;
}

std::string calleeOf(Operation *call) {
  if (auto c = dyn_cast<CallOpInterface>(call))
    if (auto sym = dyn_cast_if_present<SymbolRefAttr>(c.getCallableForCallee()))
      return "@" + sym.getLeafReference().str();
  return "a function";
}

} // namespace

//===----------------------------------------------------------------------===//
// Which threads execute an op
//===----------------------------------------------------------------------===//

int64_t mlir::cute_nvgpu::knownBlockThreads(gpu::GPUFuncOp fn) {
  DenseI32ArrayAttr known = knownBlockOf(fn);
  if (!known)
    return 0;
  int64_t n = 1;
  for (int32_t d : known.asArrayRef())
    n *= d;
  return n;
}

bool mlir::cute_nvgpu::isBlockUniform(Value v, gpu::GPUFuncOp fn) {
  llvm::DenseMap<Value, bool> seen;
  return isBlockUniformImpl(v, fn, 0, seen);
}

std::string Executors::where() const {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (warp >= 0)
    os << (elected ? "one thread of " : "") << "warp " << warp << " of ";
  else if (otherThan >= 0)
    os << (elected ? "one per warp of " : "") << "the warps but " << otherThan
       << " of ";
  else if (elected)
    os << "one per warp of ";
  if (WarpSpecializeOp ws = roles)
    os << "role \"" << cast<StringAttr>(ws.getNames()[role]).getValue()
       << "\", warps [" << ws.getWarpBegin()[role] << ", "
       << ws.getWarpEnd()[role] << ")";
  else
    os << (elected ? "the block" : "all threads of the block");
  return s;
}

Executors mlir::cute_nvgpu::executorsOf(Operation *op, gpu::GPUFuncOp fn,
                                        int64_t blockThreads) {
  Executors e;
  Operation *divergent = nullptr;
  // Thread-index branches outside warp roles: at most this many threads.
  std::optional<int64_t> limit;
  Operation *limiting = nullptr;
  // A `warp_idx == c` branch (inside a role or not): that warp only; its
  // else branch: every warp but c.
  std::optional<int64_t> warp, otherThan;
  for (Operation *child = op, *p = op->getParentOp(); p && p != fn;
       child = p, p = p->getParentOp()) {
    if (isa<ElectOneOp>(p)) {
      if (!e.roles)
        e.elected = true;
    } else if (auto i = dyn_cast<scf::IfOp>(p)) {
      if (isBlockUniform(i.getCondition(), fn))
        continue;
      if (std::optional<int64_t> w = warpSelected(i.getCondition())) {
        if (child->getParentRegion() == &i.getThenRegion()) {
          if (warp && *warp != *w)
            warp = -1; // two different warps: none
          else
            warp = *w;
        } else {
          // The else branch: every warp but w (one such branch counted).
          if (otherThan && *otherThan != *w && !divergent)
            divergent = i;
          otherThan = *w;
        }
        continue;
      }
      std::optional<int64_t> n =
          child->getParentRegion() == &i.getThenRegion()
              ? threadsSatisfying(i.getCondition(), fn, blockThreads)
              : std::nullopt;
      if (n) {
        limit = std::min(limit.value_or(*n), *n);
        limiting = i;
      } else if (!divergent) {
        divergent = i;
      }
    } else if (auto ws = dyn_cast<WarpSpecializeOp>(p)) {
      if (!e.roles) {
        e.roles = ws;
        e.role = child->getParentRegion()->getRegionNumber();
      }
    }
  }
  // Thread-index conditions are counted in 1-D blocks outside warp roles;
  // inside a role they only say the role is split.
  if (divergent || (limit && e.roles)) {
    e.kind = Executors::Divergent;
    e.branch = divergent ? divergent : limiting;
    return e;
  }
  int64_t threads;
  if (e.roles)
    threads = 32 * int64_t(e.roles.getWarpEnd()[e.role] -
                           e.roles.getWarpBegin()[e.role]);
  else if (blockThreads > 0)
    threads = blockThreads;
  else
    return e; // Unknown
  if (limit)
    threads = std::min(threads, *limit);
  if (otherThan && !warp) {
    int64_t lo = e.roles ? e.roles.getWarpBegin()[e.role] : 0;
    int64_t hi = e.roles ? e.roles.getWarpEnd()[e.role] : blockThreads / 32;
    if (!e.roles && (blockThreads <= 0 || blockThreads % 32))
      return e; // Unknown
    if (*otherThan >= lo && *otherThan < hi)
      threads -= std::min<int64_t>(threads, 32);
    e.otherThan = *otherThan;
  } else if (otherThan && warp && *warp == *otherThan) {
    warp = -1; // `warp_idx == c` inside its own else branch: none
  }
  if (warp) {
    bool in =
        *warp >= 0 && (e.roles ? *warp >= e.roles.getWarpBegin()[e.role] &&
                                     *warp < e.roles.getWarpEnd()[e.role]
                               : blockThreads > 0 && 32 * *warp < blockThreads);
    if (!e.roles && blockThreads <= 0)
      return e; // Unknown
    threads = in ? std::min<int64_t>(threads, 32) : 0;
    e.warp = *warp;
  }
  e.kind = Executors::Known;
  e.threads = e.elected ? (threads + 31) / 32 : threads;
  return e;
}

//===----------------------------------------------------------------------===//
// Stage bytes
//===----------------------------------------------------------------------===//

std::optional<int64_t> mlir::cute_nvgpu::timesPer(Operation *load,
                                                  Operation *anchor) {
  int64_t n = 1;
  for (Operation *p = load->getParentOp(); p; p = p->getParentOp()) {
    if (p->isAncestor(anchor))
      return n;
    if (auto loop = dyn_cast<scf::ForOp>(p)) {
      std::optional<int64_t> lb = getConstantIntValue(loop.getLowerBound()),
                             ub = getConstantIntValue(loop.getUpperBound()),
                             step = getConstantIntValue(loop.getStep());
      if (!lb || !ub || !step || *step <= 0)
        return std::nullopt;
      n *= *ub > *lb ? (*ub - *lb + *step - 1) / *step : 0;
      continue;
    }
    if (isa<ElectOneOp>(p))
      continue;
    return std::nullopt;
  }
  return n;
}

int64_t mlir::cute_nvgpu::landingBytes(TmaLoadOp load) {
  TmaDescType desc = load.getDesc().getType();
  return tmaBoxOf(desc).bytes * int64_t(std::max(1u, desc.getMulticast()));
}

std::string mlir::cute_nvgpu::describeLoads(ArrayRef<CountedLoad> loads) {
  llvm::MapVector<std::pair<int64_t, unsigned>, int64_t> groups;
  for (CountedLoad l : loads) {
    TmaDescType d = l.load.getDesc().getType();
    groups[{tmaBoxOf(d).bytes, std::max(1u, d.getMulticast())}] += l.times;
  }
  std::string s;
  llvm::raw_string_ostream os(s);
  bool first = true;
  for (auto &[key, n] : groups) {
    os << (first ? "" : " + ") << n << (n == 1 ? " box of " : " boxes of ")
       << key.first;
    if (key.second > 1)
      os << " x multicast " << key.second;
    first = false;
  }
  return s;
}

int64_t mlir::cute_nvgpu::sumBytes(ArrayRef<CountedLoad> loads) {
  int64_t total = 0;
  for (CountedLoad l : loads)
    total += landingBytes(l.load) * l.times;
  return total;
}

int64_t StageLoads::bytes(const PerState &s) const {
  return sumBytes(s.loads) * ctas;
}

StageLoads mlir::cute_nvgpu::collectStageLoads(PipelineCreateOp p,
                                               gpu::GPUFuncOp fn,
                                               int64_t blockThreads) {
  StageLoads r;
  // A CTA pair: the even CTA's barrier receives the boxes of both CTAs
  // (each runs the same loads into its own half of the stage).
  if (p.getType().getKind() == PipelineKind::tma_umma)
    r.ctas = int64_t(p.getCtaGroup());
  r.opaque = callUserOf(p.getResult());
  for (Operation *user : p.getResult().getUsers())
    if (auto get = dyn_cast<PipelineProducerGetBarrierOp>(user))
      for (OpOperand &use : get.getBar().getUses()) {
        auto load = dyn_cast<TmaLoadOp>(use.getOwner());
        if ((!load || use.get() != load.getBar()) && !r.opaque)
          r.opaque = use.getOwner();
      }
  // In program order: states by their first load, and their loads.
  llvm::DenseMap<Value, size_t> index;
  fn.walk([&](TmaLoadOp load) {
    auto get = load.getBar().getDefiningOp<PipelineProducerGetBarrierOp>();
    if (!get || get.getPipeline() != p.getResult())
      return;
    // A pair's pipeline counts both CTAs' boxes on the even CTA's
    // barrier: every load on it must complete there (cta_group 2), and a
    // one-CTA pipeline's loads on their own CTA's.
    if (int64_t(load.getCtaGroup()) != int64_t(p.getCtaGroup())) {
      r.wrongCtaGroup.push_back(load);
      return;
    }
    auto [it, inserted] = index.try_emplace(get.getState(), r.states.size());
    if (inserted)
      r.states.push_back({get.getState(), {}, nullptr});
    StageLoads::PerState &s = r.states[it->second];
    // Every thread that executes a load issues one copy (a load under an
    // unrecognised thread-dependent branch counts as one thread's).
    Executors e = executorsOf(load, fn, blockThreads);
    int64_t threads = e.kind == Executors::Known ? e.threads : 1;
    if (std::optional<int64_t> n = timesPer(load, get))
      s.loads.push_back({load, *n * threads});
    else if (!s.uncounted)
      s.uncounted = load;
  });
  return r;
}

InferredCount StageLoads::infer() const {
  InferredCount c;
  if (opaque) {
    c.at = opaque;
    c.reason = isa<CallOpInterface>(opaque)
                   ? "the pipeline is passed to " + calleeOf(opaque) +
                         ", a call that was not inlined, whose TMA loads "
                         "cannot be seen"
                   : "a stage's full barrier is used by " +
                         opaque->getName().getStringRef().str() +
                         ", whose TMA loads cannot be seen";
    return c;
  }
  if (!wrongCtaGroup.empty()) {
    c.at = wrongCtaGroup.front();
    c.reason = "a TMA load on its full barrier has a different cta_group";
    return c;
  }
  if (states.empty()) {
    c.reason = "no TMA load lands on its full barrier "
               "(cute_nvgpu.pipeline_producer_get_barrier)";
    return c;
  }
  for (const PerState &s : states)
    if (s.uncounted) {
      c.at = s.uncounted;
      c.reason = "a TMA load on its full barrier runs a data-dependent "
                 "number of times per stage (a loop with dynamic bounds or "
                 "a branch lies between the load and the barrier)";
      return c;
    }
  const PerState &first = states.front();
  const char *pair =
      ctas > 1 ? " in each CTA, times the 2 CTAs of the pair" : "";
  for (const PerState &s : states)
    if (bytes(s) != bytes(first)) {
      c.at = s.loads.front().load;
      c.reason = "its stages receive different bytes: " +
                 std::to_string(bytes(first)) + " (" +
                 describeLoads(first.loads) + ") and " +
                 std::to_string(bytes(s)) + " (" + describeLoads(s.loads) + ")";
      return c;
    }
  c.value = bytes(first);
  c.at = first.loads.front().load;
  c.reason = describeLoads(first.loads) + pair;
  return c;
}

InferredCount mlir::cute_nvgpu::inferTxBytes(PipelineCreateOp p,
                                             gpu::GPUFuncOp fn,
                                             int64_t blockThreads) {
  return collectStageLoads(p, fn, blockThreads).infer();
}

//===----------------------------------------------------------------------===//
// Arrivals
//===----------------------------------------------------------------------===//

Arrivals mlir::cute_nvgpu::countArrivals(ArrayRef<Operation *> ops,
                                         gpu::GPUFuncOp fn,
                                         int64_t blockThreads) {
  Arrivals a;
  a.ops.assign(ops.begin(), ops.end());
  for (Operation *op : ops) {
    a.ex.push_back(executorsOf(op, fn, blockThreads));
    if (a.ex.back().kind != Executors::Known && !a.uncounted)
      a.uncounted = op;
  }
  if (a.uncounted)
    return a;
  for (const Executors &e : a.ex)
    if (llvm::none_of(a.perRole,
                      [&](auto &r) { return r.first == e.roleKey(); })) {
      a.perRole.push_back({e.roleKey(), e.threads});
      a.sum += e.threads;
    }
  return a;
}

/// Each op's threads are its role's (ops in one role agree).
static bool sameInRole(const Arrivals &a) {
  return llvm::all_of(a.ex, [&](const Executors &e) {
    return llvm::any_of(a.perRole, [&](auto &r) {
      return r.first == e.roleKey() && r.second == e.threads;
    });
  });
}

bool Arrivals::accepts(int64_t count) const {
  if (uncounted)
    return true; // cannot count: no objection
  bool each =
      llvm::all_of(ex, [&](const Executors &e) { return e.threads == count; });
  return each || (perRole.size() > 1 && sameInRole(*this) && sum == count);
}

size_t Arrivals::firstDiffering(int64_t count) const {
  size_t i = 0;
  while (i + 1 < ex.size() && ex[i].threads == count)
    ++i;
  return i;
}

InferredCount Arrivals::infer(StringRef verb) const {
  InferredCount c;
  if (ops.empty()) {
    c.reason = "nothing " + verb.str() + "s its stages";
    return c;
  }
  if (uncounted) {
    const Executors &e = ex[llvm::find(ops, uncounted) - ops.begin()];
    c.at = uncounted;
    std::string what = uncounted->getName().getStringRef().str();
    if (e.kind == Executors::Divergent)
      c.reason = "a " + what +
                 " runs under a thread-dependent branch whose threads "
                 "cannot be counted" +
                 (e.branch ? " (" + opAt(e.branch) + ")" : std::string());
    else
      c.reason = "a " + what +
                 " runs in every thread of the block, and the kernel "
                 "declares no gpu.known_block_size";
    return c;
  }
  if (!sameInRole(*this)) {
    size_t i = 0;
    while (ex[i].threads == ex.front().threads)
      ++i;
    c.at = ops[i];
    c.reason = "its " + verb.str() + "s run in " +
               std::to_string(ex.front().threads) + " threads (" +
               ex.front().where() + ") and " + std::to_string(ex[i].threads) +
               " threads (" + ex[i].where() + ")";
    return c;
  }
  c.at = ops.front();
  if (perRole.size() == 1) {
    c.value = ex.front().threads;
    c.reason = std::to_string(ex.front().threads) + " threads (" +
               ex.front().where() + ") " + verb.str() + " each stage";
    return c;
  }
  bool allEqual = llvm::all_of(
      perRole, [&](auto &r) { return r.second == perRole.front().second; });
  if (allEqual) {
    c.reason = std::to_string(perRole.size()) + " roles " + verb.str() +
               " with " + std::to_string(ex.front().threads) +
               " threads each: they may alternate stages (" +
               std::to_string(ex.front().threads) + ") or share each stage (" +
               std::to_string(sum) + ")";
    return c;
  }
  c.value = sum;
  c.reason = std::to_string(sum) + " threads in all " +
             std::to_string(perRole.size()) + " roles " + verb.str() +
             " each stage";
  return c;
}

PipelineUses mlir::cute_nvgpu::usesOf(PipelineCreateOp p, gpu::GPUFuncOp fn) {
  PipelineUses u;
  Value pipe = p.getResult();
  u.call = callUserOf(pipe);
  fn.walk([&](Operation *op) {
    if (auto r = dyn_cast<PipelineConsumerReleaseOp>(op)) {
      if (r.getPipeline() == pipe)
        u.releases.push_back(r);
    } else if (auto c = dyn_cast<PipelineProducerCommitOp>(op)) {
      if (c.getPipeline() == pipe)
        u.commits.push_back(c);
    } else if (auto a = dyn_cast<PipelineProducerAcquireOp>(op)) {
      if (a.getPipeline() == pipe)
        u.acquires.push_back(a);
    } else if (auto t = dyn_cast<PipelineProducerTailOp>(op)) {
      if (t.getPipeline() == pipe)
        u.tails.push_back(t);
    }
  });
  return u;
}

/// The count that `ops` (a pipeline's releases or commits, `verb`) arrive
/// with per stage, or why it cannot be read off the kernel.
static InferredCount inferArrivals(const PipelineUses &uses,
                                   ArrayRef<Operation *> ops, gpu::GPUFuncOp fn,
                                   int64_t blockThreads, StringRef verb) {
  if (Operation *call = uses.call) {
    InferredCount c;
    c.at = call;
    c.reason = "the pipeline is passed to " + calleeOf(call) +
               ", a call that was not inlined, whose " + verb.str() +
               "s cannot be seen";
    return c;
  }
  return countArrivals(ops, fn, blockThreads).infer(verb);
}

InferredCount mlir::cute_nvgpu::inferConsumers(PipelineCreateOp p,
                                               gpu::GPUFuncOp fn,
                                               int64_t blockThreads) {
  InferredCount c;
  PipelineKind kind = p.getType().getKind();
  if (kind == PipelineKind::tma_store) {
    c.reason = "a tma_store pipeline has no consumers";
    return c;
  }
  if (kind == PipelineKind::tma_umma) {
    c.value = 1;
    c.reason = "one tcgen05.commit per CTA releases each stage";
    return c;
  }
  PipelineUses uses = usesOf(p, fn);
  return inferArrivals(uses, uses.releases, fn, blockThreads, "release");
}

InferredCount mlir::cute_nvgpu::inferProducers(PipelineCreateOp p,
                                               gpu::GPUFuncOp fn,
                                               int64_t blockThreads) {
  PipelineUses uses = usesOf(p, fn);
  if (!uses.call && uses.commits.empty()) {
    InferredCount c;
    c.value = 1; // never committed: the count is never reached either way
    c.reason = "no pipeline_producer_commit";
    return c;
  }
  return inferArrivals(uses, uses.commits, fn, blockThreads, "commit");
}
