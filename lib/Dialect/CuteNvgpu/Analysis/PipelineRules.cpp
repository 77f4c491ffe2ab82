//===- PipelineRules.cpp - Protocol rules of TMA/mbarrier kernels ---------===//
//
// The traps of ../shared/design/NOTES-NVVM22.md ("Traps a compile-time
// verifier can catch") that can be read off a kernel before
// cute-nvgpu-expand-pipelines lowers its pipelines: each rule is one
// function below, and each violation is an error naming the numbers. The
// pipeline numbers come from the protocol analysis (PipelineProtocol.cpp)
// that cute-nvgpu-infer-pipeline-counts uses too. A rule that cannot decide
// (a barrier from a block argument, a release under a branch on the thread
// index) stays silent: these checks reject kernels that are wrong, never
// ones they do not understand.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Dialect/CuteNvgpu/Analysis/PipelineProtocol.h"
#include "cute/Dialect/CuteNvgpu/IR/CuteNvgpu.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlir::cute;
namespace nv = mlir::cute_nvgpu;
using nv::CountedLoad;
using nv::describeLoads;
using nv::Executors;
using nv::executorsOf;
using nv::sumBytes;
using nv::timesPer;

//===----------------------------------------------------------------------===//
// Shared memory roots and names
//===----------------------------------------------------------------------===//

static bool isSmemView(Type t) {
  if (auto m = dyn_cast<CuteMemRefType>(t))
    return m.getMemSpace() == MemSpace::smem;
  if (auto p = dyn_cast<PtrType>(t))
    return p.getMemSpace() == MemSpace::smem;
  return false;
}

SmemAllocOp mlir::cute_nvgpu::rootSmemAlloc(Value v) {
  for (int i = 0; i < 64 && v && isSmemView(v.getType()); ++i) {
    Operation *def = v.getDefiningOp();
    if (!def)
      return {};
    if (auto a = dyn_cast<SmemAllocOp>(def))
      return a;
    Value next;
    for (Value o : def->getOperands())
      if (isSmemView(o.getType())) {
        next = o;
        break;
      }
    v = next;
  }
  return {};
}

std::string mlir::cute_nvgpu::irNameOf(Value v) {
  auto arg = dyn_cast<BlockArgument>(v);
  if (!arg)
    return "";
  auto fn = dyn_cast_if_present<gpu::GPUFuncOp>(arg.getOwner()->getParentOp());
  if (!fn || arg.getOwner() != &fn.getBody().front())
    return "";
  auto name = fn.getArgAttrOfType<StringAttr>(arg.getArgNumber(),
                                              mlir::cute::attrs::ParamName);
  return name ? "%" + name.getValue().str() : "";
}

namespace {

unsigned lineOf(Operation *op) {
  auto loc = op->getLoc()->findInstanceOf<FileLineColLoc>();
  return loc ? loc.getLine() : 0;
}

//===----------------------------------------------------------------------===//
// The rules
//===----------------------------------------------------------------------===//

struct ProtocolChecker {
  gpu::GPUFuncOp fn;
  const nv::KernelFacts &k;
  int64_t blockThreads;
  int64_t clusterSize;
  /// Remark what each rule verified (cute-verify-kernel report=true).
  bool report;
  nv::ValueNamer nameOf;
  bool ok = true;

  ProtocolChecker(gpu::GPUFuncOp fn, const nv::KernelFacts &k, bool report,
                  nv::ValueNamer nameOf)
      : fn(fn), k(k), blockThreads(k.blockThreads),
        clusterSize(k.cluster[0] * k.cluster[1] * k.cluster[2]), report(report),
        nameOf(nameOf) {}

  std::string pipelineName(nv::PipelineCreateOp p) {
    std::string n = nameOf(p.getResult());
    return n.empty() ? "pipeline" : "pipeline " + n;
  }

  /// `pipeline %loads (tma_async, 3 stages)`, for the remarks.
  std::string pipelineTitle(nv::PipelineCreateOp p) {
    unsigned stages = p.getType().getStages();
    return pipelineName(p) + " (" +
           nv::stringifyPipelineKind(p.getType().getKind()).str() + ", " +
           std::to_string(stages) + (stages == 1 ? " stage)" : " stages)");
  }

  /// Rule 1a: the TMA loads on a tma_async pipeline's full barrier of one
  /// stage (grouped by the state they name) bring exactly tx_bytes (when
  /// it is written: cute-nvgpu-infer-pipeline-counts fills it in from the
  /// same analysis).
  void checkStageBytes(nv::PipelineCreateOp p) {
    nv::StageLoads stages = nv::collectStageLoads(p, fn, blockThreads);
    for (nv::TmaLoadOp load : stages.wrongCtaGroup) {
      InFlightDiagnostic d =
          load.emitError()
          << "TMA load with cta_group = " << load.getCtaGroup() << " on "
          << pipelineName(p) << " of cta_group = " << p.getCtaGroup()
          << (p.getCtaGroup() == 2
                  ? ": the pair's loads must complete on the even CTA's "
                    "barrier, which expects both CTAs' bytes (add "
                    "cta_group 2 to the load)"
                  : ": the load would complete the even CTA's barrier, "
                    "which expects only its own CTA's bytes");
      d.attachNote(p.getLoc()) << "the pipeline";
      ok = false;
    }
    std::optional<uint32_t> tx = p.getTxBytes();
    if (!tx || stages.opaque)
      return;
    const char *pair =
        stages.ctas > 1 ? " in each CTA, times the 2 CTAs of the pair" : "";
    for (const nv::StageLoads::PerState &s : stages.states) {
      if (s.uncounted)
        continue; // some load runs an unknown number of times
      int64_t bytes = stages.bytes(s);
      if (bytes == int64_t(*tx)) {
        if (report)
          p.emitRemark() << pipelineTitle(p) << ": each stage receives "
                         << bytes << " bytes from its TMA loads ("
                         << nv::describeLoads(s.loads) << pair
                         << ") = tx_bytes";
        continue;
      }
      InFlightDiagnostic d = p.emitError()
                             << pipelineName(p) << ": each stage receives "
                             << bytes << " bytes from its TMA loads ("
                             << nv::describeLoads(s.loads) << pair
                             << ") but tx_bytes = " << *tx
                             << " is written (leave it out to infer it)";
      d.attachNote(s.loads.front().load->getLoc())
          << "a TMA load on the stage's full barrier"
          << (s.loads.front().times > 1
                  ? " (" + std::to_string(s.loads.front().times) +
                        " times per stage)"
                  : std::string());
      ok = false;
      return; // one message per pipeline
    }
  }

  /// Rule 1b: a raw mbarrier_arrive_expect_tx (plus mbarrier_expect_tx on
  /// the same barrier value) expects the bytes of the TMA loads on that
  /// barrier in the same block (including nested regions).
  void checkRawExpectTx() {
    llvm::SetVector<Block *> blocks;
    fn.walk([&](nv::MbarrierArriveExpectTxOp op) {
      blocks.insert(op->getBlock());
    });
    for (Block *b : blocks) {
      llvm::MapVector<Value, SmallVector<Operation *>> expects;
      llvm::DenseMap<Value, SmallVector<nv::TmaLoadOp>> loads;
      for (Operation &top : *b)
        top.walk([&](Operation *op) {
          if (auto e = dyn_cast<nv::MbarrierArriveExpectTxOp>(op);
              e && e->getBlock() == b)
            expects[e.getBar()].push_back(e);
          else if (auto e = dyn_cast<nv::MbarrierExpectTxOp>(op);
                   e && e->getBlock() == b)
            expects[e.getBar()].push_back(e);
          else if (auto l = dyn_cast<nv::TmaLoadOp>(op))
            loads[l.getBar()].push_back(l);
        });
      for (auto &[bar, ops] : expects) {
        auto it = loads.find(bar);
        if (it == loads.end() ||
            llvm::none_of(ops, llvm::IsaPred<nv::MbarrierArriveExpectTxOp>))
          continue;
        SmallVector<CountedLoad> counted;
        for (nv::TmaLoadOp l : it->second)
          if (std::optional<int64_t> n = timesPer(l, ops.front()))
            counted.push_back({l, *n});
        if (counted.size() != it->second.size())
          continue; // some load runs an unknown number of times
        int64_t expected = 0;
        for (Operation *op : ops)
          expected += op->getAttrOfType<IntegerAttr>("bytes").getInt();
        int64_t bytes = sumBytes(counted);
        if (bytes == expected)
          continue;
        std::string barName = nameOf(bar);
        InFlightDiagnostic d =
            ops.front()->emitError()
            << "stage bytes " << bytes << " (" << describeLoads(counted)
            << ") but expect_tx " << expected << " on barrier "
            << (barName.empty() ? "(a block argument)" : barName)
            << " (the TMA loads on that barrier in this block)";
        d.attachNote(counted.front().load.getLoc()) << "a TMA load on it";
        ok = false;
      }
    }
  }

  /// Rule 2: `count` (the pipeline's consumers or producers) equals the
  /// threads that arrive per stage: those executing each of `ops`. Ops in
  /// different roles may split the arrivals (their threads add up) or
  /// alternate stages (each role has them all); either is accepted.
  void checkArrivals(nv::PipelineCreateOp p, ArrayRef<Operation *> ops,
                     int64_t count, StringRef attr, StringRef verb) {
    if (ops.empty())
      return;
    nv::Arrivals a = nv::countArrivals(ops, fn, blockThreads);
    if (a.uncounted)
      return; // cannot count: no check
    const SmallVector<nv::Executors> &ex = a.ex;
    bool each = llvm::all_of(
        ex, [&](const nv::Executors &e) { return e.threads == count; });
    if (a.accepts(count)) {
      if (report) {
        InFlightDiagnostic d = p.emitRemark()
                               << pipelineTitle(p) << ": " << attr << " = "
                               << count << ": " << ex.front().threads
                               << " threads (" << ex.front().where() << ") "
                               << verb << " each stage";
        if (!each)
          d << " (" << a.sum << " in all " << a.perRole.size() << " roles)";
      }
      return;
    }
    size_t bad = a.firstDiffering(count);
    InFlightDiagnostic d = p.emitError()
                           << pipelineName(p) << ": " << attr << " = " << count
                           << " but " << ex[bad].threads << " threads ("
                           << ex[bad].where() << ") " << verb << " each stage";
    if (a.perRole.size() > 1)
      d << " (" << a.sum << " in all " << a.perRole.size() << " roles)";
    d.attachNote(ops[bad]->getLoc())
        << "executed by " << ex[bad].threads << " threads";
    ok = false;
  }

  /// Rule 3: the producer_acquire of a tma_async pipeline arrives with
  /// expect_tx on the full barrier, whose count is 1: one thread.
  void checkAcquireElected(nv::PipelineProducerAcquireOp op) {
    Executors e = executorsOf(op, fn, blockThreads);
    if (e.kind == Executors::Divergent)
      return; // under a thread-dependent branch: taken as one thread
    if (e.kind == Executors::Known && e.threads == 1)
      return;
    InFlightDiagnostic d = op.emitError()
                           << "pipeline_producer_acquire of a "
                           << nv::stringifyPipelineKind(
                                  op.getPipeline().getType().getKind())
                           << " pipeline runs in ";
    if (e.kind == Executors::Known)
      d << e.threads << " threads " << (e.elected ? "(one per warp) " : "")
        << "of ";
    else
      d << "every thread of ";
    if (e.roles)
      d << "role \"" << cast<StringAttr>(e.roles.getNames()[e.role]).getValue()
        << "\" (warps [" << e.roles.getWarpBegin()[e.role] << ", "
        << e.roles.getWarpEnd()[e.role] << "))";
    else
      d << "the block";
    d << "; it arrives once per thread but the full barrier expects 1 "
         "arrival; put it in cute_nvgpu.elect_one";
    if (e.elected)
      d << " in a single warp (a role of one warp, or an scf.if on "
           "cute_nvgpu.warp_idx)";
    ok = false;
  }

  /// Rule 5: threads' writes to shared memory that a TMA store then reads
  /// need fence.proxy.async between them. Program order is approximated by
  /// the pre-order walk of the kernel: a write later in the walk (e.g. at
  /// the end of a loop body, before the next iteration's store) is not
  /// seen, and a fence in another branch counts as "in between".
  void checkProxyFences() {
    SmallVector<Operation *> order;
    fn.walk<WalkOrder::PreOrder>([&](Operation *op) { order.push_back(op); });
    int64_t lastFence = -1;
    llvm::DenseMap<Operation *, std::pair<int64_t, Operation *>> lastWrite;
    for (auto [i, op] : llvm::enumerate(order)) {
      if (isa<nv::FenceProxyAsyncOp>(op)) {
        lastFence = int64_t(i);
        continue;
      }
      Value written;
      if (auto c = dyn_cast<CopyOp>(op))
        written = c.getDst();
      else if (auto s = dyn_cast<StoreOp>(op))
        written = s.getTensor();
      if (written) {
        if (SmemAllocOp a = nv::rootSmemAlloc(written))
          lastWrite[a] = {int64_t(i), op};
        continue;
      }
      auto st = dyn_cast<nv::TmaStoreOp>(op);
      if (!st)
        continue;
      SmemAllocOp a = nv::rootSmemAlloc(st.getSmem());
      if (!a)
        continue;
      auto it = lastWrite.find(a);
      if (it == lastWrite.end() || lastFence > it->second.first)
        continue;
      Operation *w = it->second.second;
      reportedWrites.insert(w);
      InFlightDiagnostic d = st.emitError()
                             << "tma_store reads shared memory written by "
                                "threads ("
                             << w->getName().getStringRef() << " at line "
                             << lineOf(w)
                             << ") with no cute_nvgpu.fence_proxy_async in "
                                "between: the TMA may read stale data";
      d.attachNote(w->getLoc())
          << "the write (then cute_nvgpu.fence_proxy_async and a barrier "
             "before the store)";
      ok = false;
    }
    checkWriterFences(order);
  }

  /// Rule 5b: the same across warp roles. Shared memory that the async
  /// proxy reads (a tma_store's source, an MMA operand in shared memory:
  /// wgmma, tcgen05) and that threads write may be handed from the writing
  /// role to the reading one through a pipeline, where the walk order of
  /// rule 5 does not see the write before the read. The writer then has to
  /// fence after its writes (fence.proxy.async, then the arrival): every
  /// such write needs a cute_nvgpu.fence_proxy_async after it in its own
  /// role (or, outside roles, in the kernel).
  /// Writes rule 5 reported (rule 5b does not report them again).
  llvm::DenseSet<Operation *> reportedWrites;

  void checkWriterFences(ArrayRef<Operation *> order) {
    llvm::DenseSet<Operation *> asyncRead;
    auto addRead = [&](Value v) {
      if (SmemAllocOp a = nv::rootSmemAlloc(v))
        asyncRead.insert(a);
    };
    for (Operation *op : order) {
      if (auto st = dyn_cast<nv::TmaStoreOp>(op))
        addRead(st.getSmem());
      else if (auto g = dyn_cast<GemmOp>(op)) {
        addRead(g.getA());
        addRead(g.getB());
      }
    }
    if (asyncRead.empty())
      return;
    auto roleOf = [&](Operation *op) -> Region * {
      for (Region *r = op->getParentRegion(); r; r = r->getParentRegion())
        if (isa<nv::WarpSpecializeOp, gpu::GPUFuncOp>(r->getParentOp()))
          return r;
      return nullptr;
    };
    // The last fence in walk order within each role.
    llvm::DenseMap<Region *, int64_t> lastFence;
    for (auto [i, op] : llvm::enumerate(order))
      if (isa<nv::FenceProxyAsyncOp>(op))
        lastFence[roleOf(op)] = int64_t(i);
    for (auto [i, op] : llvm::enumerate(order)) {
      Value written;
      if (auto c = dyn_cast<CopyOp>(op))
        written = c.getDst();
      else if (auto st = dyn_cast<StoreOp>(op))
        written = st.getTensor();
      if (!written)
        continue;
      SmemAllocOp a = nv::rootSmemAlloc(written);
      if (!a || !asyncRead.contains(a) || reportedWrites.contains(op))
        continue;
      auto it = lastFence.find(roleOf(op));
      if (it != lastFence.end() && it->second > int64_t(i))
        continue;
      InFlightDiagnostic d =
          op->emitError()
          << op->getName().getStringRef()
          << " writes shared memory that the async proxy reads (a TMA store "
             "or an MMA operand) with no cute_nvgpu.fence_proxy_async after "
             "it in this role: the reader may see stale data; fence after "
             "the writes, before the arrival that hands the memory on";
      d.attachNote(a.getLoc()) << "the shared memory";
      ok = false;
    }
  }

  /// Rule 6: multicast needs a cluster of at least C CTAs, and a chip with
  /// clusters. (A cluster on a chip without clusters is reported by
  /// cute-verify-kernel's limit check.)
  void checkMulticast(Operation *op, StringRef what, int64_t c) {
    if (c <= 1)
      return;
    std::string why;
    llvm::raw_string_ostream os(why);
    if (k.maxClusterSize <= 1)
      os << k.chipName << " is compiled without clusters (no multicast)";
    else if (clusterSize <= 1)
      os << "kernel @" << fn.getName()
         << " has no cluster (set cute.cluster_dims to a cluster of at least "
         << c << " CTAs)";
    else if (c > clusterSize)
      os << "the cluster of kernel @" << fn.getName() << " has " << clusterSize
         << " CTAs";
    else if (c != clusterSize && isa<nv::PipelineCreateOp>(op))
      // A pipeline releases a stage in CTAs 0 .. C-1 of the cluster:
      // multicast groups smaller than the cluster are not modelled yet.
      os << "the cluster of kernel @" << fn.getName() << " has " << clusterSize
         << " CTAs and a multicast pipeline releases its stages in CTAs 0.."
         << c - 1 << " only (groups smaller than the cluster are not "
         << "supported yet)";
    else
      return;
    op->emitError() << what << " multicasts to " << c << " CTAs, but " << why;
    ok = false;
  }

  /// tma_umma / umma_async pipelines signal with tcgen05.commit: a chip
  /// with tcgen05; a CTA pair (cta_group = 2) needs an even cluster along x.
  void checkUmmaPipeline(nv::PipelineCreateOp p) {
    nv::PipelineKind kind = p.getType().getKind();
    if (kind != nv::PipelineKind::tma_umma &&
        kind != nv::PipelineKind::umma_async)
      return;
    if (!k.hasTcgen05) {
      p.emitError() << pipelineName(p) << ": "
                    << nv::stringifyPipelineKind(kind)
                    << " pipelines signal with tcgen05.commit, which needs "
                       "Tensor Memory; "
                    << k.chipName << " lacks it";
      ok = false;
      return;
    }
    if (p.getCtaGroup() == 2 && k.cluster[0] % 2 != 0) {
      p.emitError() << pipelineName(p)
                    << ": cta_group = 2 pairs CTAs 2i and 2i+1 of a cluster, "
                       "but the cluster of kernel @"
                    << fn.getName() << " is " << k.cluster[0] << "x"
                    << k.cluster[1] << "x" << k.cluster[2]
                    << "; set cute.cluster_dims with an even x extent";
      ok = false;
    }
  }

  /// pipeline_producer_tail waits until the consumers released every
  /// stage. A thread that is also a consumer of the pipeline and releases
  /// a stage after its own tail (later in program order) never gets there:
  /// the tail waits for that release. Decided when the release runs in
  /// every thread of the tail's role (or of the block), or both ops are in
  /// one elect_one; otherwise silent.
  void checkTailBeforeOwnRelease(nv::PipelineCreateOp p,
                                 const nv::PipelineUses &uses) {
    for (Operation *tail : uses.tails) {
      Executors et = executorsOf(tail, fn, blockThreads);
      for (Operation *rel : uses.releases) {
        if (!runsLater(tail, rel))
          continue;
        Executors er = executorsOf(rel, fn, blockThreads);
        auto elect = tail->getParentOfType<nv::ElectOneOp>();
        bool oneElected =
            elect && elect == rel->getParentOfType<nv::ElectOneOp>();
        bool everyThread = er.kind == Executors::Known && !er.elected &&
                           er.roleKey() == et.roleKey();
        if (!oneElected && !everyThread)
          continue;
        InFlightDiagnostic d =
            tail->emitError()
            << "pipeline_producer_tail of " << pipelineName(p)
            << " waits until every stage is released, but its thread "
               "releases a stage after it (line "
            << lineOf(rel) << ", run by "
            << (oneElected ? std::string("the same elected thread")
                           : er.where())
            << "): that release never comes (a deadlock); move the tail "
               "after the thread's last pipeline_consumer_release";
        d.attachNote(rel->getLoc()) << "the later release";
        ok = false;
        return; // one message per pipeline
      }
    }
  }

  /// Whether `later` runs after `op` in a thread that runs both: their
  /// ancestors in the innermost block holding both are distinct and in
  /// this order (ops in different regions of one op, such as two warp
  /// roles or the branches of an scf.if, are not ordered).
  static bool runsLater(Operation *op, Operation *later) {
    for (Operation *a = op; a; a = a->getParentOp()) {
      Block *b = a->getBlock();
      if (!b)
        return false;
      if (Operation *l = b->findAncestorOpInBlock(*later))
        return l != a && a->isBeforeInBlock(l);
      if (isa<gpu::GPUFuncOp>(a->getParentOp()))
        return false;
    }
    return false;
  }

  /// tcgen05.mma is issued by one thread (and the tcgen05.commit that
  /// tracks it by the same one): a cute.gemm with a tcgen05 atom runs in one
  /// thread, e.g. in cute_nvgpu.elect_one inside a role of one warp. Under a
  /// thread-dependent branch it is taken as one thread.
  void checkSingleIssuer(GemmOp g) {
    if (!isa<nv::Tcgen05MmaAttr, nv::Tcgen05MmaBlockScaleAttr>(g.getAtom()))
      return;
    Executors e = executorsOf(g, fn, blockThreads);
    if (e.kind != Executors::Known || e.threads == 1)
      return;
    InFlightDiagnostic d =
        g.emitOpError() << "with " << g.getAtom().getAtomName() << " runs in "
                        << e.threads << " threads (" << e.where()
                        << "); tcgen05.mma is issued by one thread: put it "
                           "in cute_nvgpu.elect_one";
    if (e.elected)
      d << " in a single warp (a role of one warp, or an scf.if on "
           "cute_nvgpu.warp_idx)";
    ok = false;
  }

  /// Warp roles must lie within the block (a role past its last warp
  /// would never run, and its pipeline partners would wait forever).
  void checkRolesFitBlock() {
    if (blockThreads <= 0)
      return;
    int64_t warps = (blockThreads + 31) / 32;
    fn.walk([&](nv::WarpSpecializeOp ws) {
      for (auto [i, end] : llvm::enumerate(ws.getWarpEnd()))
        if (end > warps) {
          ws.emitError() << "role \""
                         << cast<StringAttr>(ws.getNames()[i]).getValue()
                         << "\" takes warps [" << ws.getWarpBegin()[i] << ", "
                         << end << ") but the block of kernel @" << fn.getName()
                         << " has " << warps << " warps (" << blockThreads
                         << " threads)";
          ok = false;
        }
    });
  }

  void run() {
    checkRolesFitBlock();
    // Rules 1-3 per pipeline.
    fn.walk([&](nv::PipelineCreateOp p) {
      nv::PipelineKind kind = p.getType().getKind();
      bool tma = kind == nv::PipelineKind::tma_async ||
                 kind == nv::PipelineKind::tma_umma;
      nv::PipelineUses uses = nv::usesOf(p, fn);
      if (tma)
        for (nv::PipelineProducerAcquireOp acq : uses.acquires)
          checkAcquireElected(acq);
      if (tma)
        checkStageBytes(p);
      // Written, or inferred (tma_umma: 1 by construction).
      std::optional<uint32_t> consumers = p.getConsumers();
      if (!consumers && kind == nv::PipelineKind::tma_umma)
        consumers = 1;
      if (kind != nv::PipelineKind::tma_store && consumers)
        checkArrivals(p, uses.releases, *consumers, "consumers", "release");
      // async: producers arrive; umma_async: one tcgen05.commit (the MMA
      // thread), producers = 1.
      if (kind == nv::PipelineKind::async ||
          kind == nv::PipelineKind::umma_async)
        checkArrivals(p, uses.commits, p.getProducers().value_or(1),
                      "producers", "commit");
      checkMulticast(p, "pipeline_create", p.getMulticast());
      checkUmmaPipeline(p);
      checkTailBeforeOwnRelease(p, uses);
    });
    checkRawExpectTx();
    checkProxyFences();
    fn.walk([&](GemmOp g) { checkSingleIssuer(g); });
    fn.walk([&](nv::TmaLoadOp load) {
      if (load.getMulticastMask())
        checkMulticast(load, "tma_load",
                       load.getDesc().getType().getMulticast());
    });
  }
};

} // namespace

LogicalResult mlir::cute_nvgpu::verifyPipelineProtocol(gpu::GPUFuncOp fn,
                                                       const KernelFacts &k,
                                                       bool report,
                                                       ValueNamer nameOf) {
  ProtocolChecker checker(fn, k, report, nameOf);
  checker.run();
  return success(checker.ok);
}
