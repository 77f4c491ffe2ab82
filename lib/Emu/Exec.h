//===- Exec.h - Execution state of an emulated launch -----------*- C++ -*-===//
//
// A launch runs its clusters one after another (or on several host threads);
// inside a cluster every CTA's warps are scheduled by one scheduler
// (Scheduler.cpp), so CTAs of a cluster can wait on each other. A warp
// keeps one PC per lane: each step runs the instruction at the smallest PC
// among its runnable lanes for all lanes at that PC (lockstep where the
// lanes converge; independent thread scheduling otherwise). A lane that
// must wait (barrier, mbarrier wait, collective, bulk group) parks with a
// wait record that the scheduler re-checks.
//
// Address spaces. Global: the device's allocations at their host
// addresses. shared::cta addresses carry the CTA's rank in its cluster at
// bit kRankShift, so a shared::cta address is also the shared::cluster
// address of the same byte (and `mapa` replaces the rank bits). Generic
// addresses of shared, local, param and const memory lie in windows above
// the 47-bit user address space, where no host pointer can be.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_EXEC_H
#define CUTE_EMU_EXEC_H

#include "Ptx.h"
#include "RaceCheck.h"
#include "cute/Emu/Emu.h"

#include <atomic>
#include <deque>
#include <functional>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

namespace cute::emu {

/// Calls f(lane) for each lane set in `mask`, lowest first.
template <class F> inline void forLanes(uint32_t mask, F &&f) {
  for (uint32_t m = mask; m; m &= m - 1)
    f(__builtin_ctz(m));
}

/// `v` in hexadecimal with a 0x prefix (addresses in messages).
inline std::string hexs(uint64_t v) {
  std::ostringstream os;
  os << "0x" << std::hex << v;
  return os.str();
}

constexpr unsigned kRankShift = 24;
constexpr uint64_t kOffsetMask = (1ull << kRankShift) - 1;
constexpr uint64_t kWindowBits = 48;
constexpr uint64_t kSharedWindow = 1ull << kWindowBits;
constexpr uint64_t kLocalWindow = 2ull << kWindowBits;
constexpr uint64_t kParamWindow = 3ull << kWindowBits;
constexpr uint64_t kConstWindow = 4ull << kWindowBits;
constexpr uint64_t kWindowMask = (1ull << kWindowBits) - 1;

struct ModuleImpl {
  ModuleDecl decl;
  Device *device = nullptr;
  /// Module-scope .global variables (device memory owned by the module).
  std::vector<uint64_t> globalAllocs;
  std::vector<uint8_t> constBytes;
  std::vector<KernelImpl> kernels;
  ~ModuleImpl();
};

struct KernelImpl {
  ModuleImpl *module = nullptr;
  const Function *fn = nullptr;
  std::vector<Kernel::Param> params;
};

/// Why a lane is parked.
enum class Wait : uint8_t {
  None,
  Barrier,      ///< bar.sync: waitA = barrier id, waitB = generation
  Mbar,         ///< mbarrier.try_wait: waitA = shared address, waitB = phase
                ///< parity/token, waitDst = predicate register
  Collective,   ///< warp collective at this pc: the last arriver executes
  WarpGroup,    ///< warpgroup collective (wgmma) at this pc
  BulkGroup,    ///< cp.async.bulk.wait_group: waitA = N
  CpAsyncGroup, ///< cp.async.wait_group / wait_all: waitA = N
  Cluster,      ///< barrier.cluster.wait: waitA = generation
  WgmmaGroup,   ///< wgmma.wait_group: waitA = N
  Registers,    ///< setmaxnreg.inc: waitA = registers per thread wanted
  TmemAlloc,    ///< tcgen05.alloc: waitA = columns, waitB = cta_group
};

struct Mbarrier {
  uint32_t expected = 0, pending = 0;
  int64_t tx = 0;
  uint64_t phase = 0; ///< completed phases
  uint32_t initLine = 0;
  SyncClock sync; ///< race checking
};

struct Barrier {
  uint32_t arrived = 0, expected = 0;
  uint64_t generation = 0;
  /// bar.red: this generation's popc / and / or of the arriving threads'
  /// predicates, and the last completed generation's results.
  uint32_t redPopc = 0, redAnd = 1, redOr = 0;
  uint32_t resPopc = 0, resAnd = 1, resOr = 0;
  uint32_t lastLine = 0;
  SyncClock sync; ///< race checking
};

struct Cta;
struct Cluster;
struct Launch;

/// A FIFO that allocates nothing until used (a std::deque allocates on
/// construction, and every lane of every warp has one).
template <class T> class LazyQueue {
public:
  void push_back(T v) { v_.push_back(std::move(v)); }
  void pop_front() {
    if (++head_ == v_.size()) {
      v_.clear();
      head_ = 0;
    }
  }
  T &front() { return v_[head_]; }
  T &operator[](size_t i) { return v_[head_ + i]; }
  const T &operator[](size_t i) const { return v_[head_ + i]; }
  size_t size() const { return v_.size() - head_; }
  bool empty() const { return size() == 0; }

private:
  std::vector<T> v_;
  size_t head_ = 0;
};

/// One committed or open bulk async-group of a thread (cp.async.bulk).
struct BulkGroups {
  uint32_t open = 0;               ///< operations not yet committed
  LazyQueue<uint32_t> outstanding; ///< per committed group: ops left
  uint64_t committed = 0;          ///< commit_groups so far (ExecAsync)
  uint32_t pendingIn(size_t groups) const;
};

struct CpArrive; // ExecCpAsync.cpp

/// The cp.async-groups of a thread (sm_80 per-thread copies, PTX ISA
/// "cp.async.commit_group"; separate from its bulk async-groups), kept by
/// ExecCpAsync.cpp. Groups leave the queue when a wait_group covers them.
struct CpAsyncGroups {
  struct Group {
    uint32_t pending = 0; ///< copies not yet complete
    uint32_t tick = 0;    ///< race checking: clock of its last copy
  };
  Group open;                 ///< copies issued since the last commit
  LazyQueue<Group> committed; ///< oldest first
  uint64_t commits = 0;       ///< commit_groups so far
  uint64_t issued = 0;        ///< copies issued so far (the next one's order)
  uint32_t lastTick = 0;      ///< race checking: tick of the newest copy
  /// A cp.async.mbarrier.arrive of this thread waiting for its copies
  /// issued before it (those of order < before) that are still pending.
  struct ArriveWait {
    uint64_t before = 0;
    uint32_t pending = 0;
    std::shared_ptr<CpArrive> arrive;
  };
  std::vector<ArriveWait> arrives; ///< in issue order
};

/// A wgmma.mma_async waiting for its group to retire.
struct WgmmaOp {
  const Inst *inst = nullptr;
  uint64_t descA[4] = {}, descB[4] = {}; ///< per warp (descriptors are
                                         ///< warpgroup-uniform)
  bool scaleD[4] = {};
  VClock issueClock; ///< race checking: the four warps' clocks at issue
};
struct WarpGroupState {
  std::vector<WgmmaOp> uncommitted;
  std::deque<std::vector<WgmmaOp>> groups; ///< committed, oldest first
};

struct Warp {
  Cta *cta = nullptr;
  uint32_t id = 0;    ///< warp index in the CTA
  uint32_t exist = 0; ///< lanes that are threads of the CTA
  uint32_t exited = 0;
  uint32_t parked = 0;
  uint32_t pc[32] = {};
  Wait wait[32] = {};
  uint64_t waitA[32] = {};
  uint64_t waitB[32] = {};
  uint32_t waitDst[32] = {};
  uint64_t *regs = nullptr; ///< numRegs x 32, lane-minor
  uint8_t *local = nullptr; ///< localBytes x 32, lane-major
  BulkGroups bulk[32];
  CpAsyncGroups cpAsync[32];
  uint32_t maxnreg = 0;                 ///< registers per thread (setmaxnreg)
  std::vector<uint32_t> maxnregHistory; ///< values set, for uniformity
  /// CC.CF of each lane: the carry (or borrow) that add.cc, sub.cc,
  /// mad.lo.cc, mad.hi.cc and their c forms write and addc, subc, madc read.
  uint32_t carry = 0;
  uint64_t clusterArriveGen[32] = {}; ///< barrier.cluster.arrive
  bool clusterArrived[32] = {};
  uint64_t instructions = 0;
  /// tcgen05.st writes in flight (ExecTcgen05.cpp): they land at the warp's
  /// tcgen05.wait::st, not before.
  struct TmemStore {
    uint32_t tmemLane, column, value;
  };
  std::vector<TmemStore> tmemStores;
  bool live() const { return (exist & ~exited) != 0; }
};

/// Tensor Memory of a CTA (sm_100a; PTX ISA 9.7.16.2 "Tensor Memory"): 128
/// lanes x 512 columns of 32-bit cells, allocated in columns by
/// tcgen05.alloc (ExecTcgen05.cpp). The cells are allocated on first use.
struct Tmem {
  static constexpr uint32_t kLanes = 128, kColumns = 512;
  std::vector<uint32_t> cells; ///< [lane * kColumns + column]
  struct Alloc {
    uint32_t column = 0, columns = 0;
    uint32_t line = 0; ///< PTX line of the tcgen05.alloc
  };
  std::vector<Alloc> allocs;
  bool relinquished = false; ///< tcgen05.relinquish_alloc_permit executed
  uint8_t ctaGroup = 0;      ///< .cta_group of the first tcgen05 instruction
  uint32_t ctaGroupLine = 0; ///< and its PTX line
  uint32_t *cell(uint32_t lane, uint32_t column) {
    if (cells.empty())
      cells.assign(size_t(kLanes) * kColumns, 0);
    return &cells[size_t(lane) * kColumns + column];
  }
};

/// A tcgen05 operation the tensor core runs asynchronously (tcgen05.mma,
/// tcgen05.cp, tcgen05.shift) or a tcgen05.commit's arrival, in issue
/// order. Each runs when the scheduler completes a commit behind it
/// (ExecTcgen05.cpp); `run` returns false after recording a failure.
struct TensorOp {
  uint64_t seq = 0;
  std::function<bool()> run;
};

struct Cta {
  Launch *launch = nullptr;
  Cluster *cluster = nullptr;
  uint32_t rank = 0; ///< in its cluster
  uint32_t ctaid[3] = {};
  uint32_t clusterCtaid[3] = {};
  std::vector<uint8_t> smem;
  std::vector<Warp> warps;
  std::vector<uint64_t> regStore;
  std::vector<uint8_t> localStore;
  Barrier bars[16];
  std::unordered_map<uint32_t, Mbarrier> mbars; ///< by shared offset
  std::vector<WarpGroupState> warpGroups;
  Tmem tmem;
  std::deque<TensorOp> tensorPipe; ///< issued, not yet executed
  uint64_t tensorSeq = 0;          ///< TensorOp::seq of the last issued
  uint32_t threads = 0, exitedThreads = 0;
  uint32_t regsInUse = 0; ///< per-thread registers x 32, summed over warps
  bool barrierCounted[16] = {}; ///< barrier has an explicit thread count
};

struct AsyncOp {
  std::function<void()> complete;
  std::string what; ///< for hang reports
  uint32_t line = 0;
};

struct Cluster {
  std::vector<std::unique_ptr<Cta>> ctas;
  uint32_t id[3] = {};
  uint32_t clusterArrived = 0;
  uint64_t clusterGeneration = 0;
  SyncClock clusterSync;
  std::unique_ptr<RaceState> race; ///< null unless Options::raceCheck
  std::deque<AsyncOp> async;
  std::mt19937_64 rng;
  uint64_t warpInstructions = 0, threadInstructions = 0;
  std::vector<uint64_t> pcCounts; ///< thread-instructions per pc (stats)
};

struct Launch {
  Device *device = nullptr;
  const KernelImpl *kernel = nullptr;
  const Function *fn = nullptr;
  const ModuleImpl *module = nullptr;
  LaunchConfig cfg;
  uint32_t clusterDims[3] = {1, 1, 1};
  uint32_t clusterSize = 1;
  uint32_t ctaThreads = 0;
  uint32_t smemBytes = 0;
  std::vector<uint8_t> params;
  Options options;
  // Failure: the first error wins; every warp stops at its next step.
  std::atomic<bool> failed{false};
  std::mutex errorMutex;
  std::string error;
  int errorCode = 0; ///< CUresult
  std::mutex statsMutex;
  LaunchStats stats;
  std::vector<uint64_t> pcCounts; ///< summed over clusters (printStats 2)
  std::mutex printfMutex;
};

/// What a handler sees.
struct ExecCtx {
  Launch &L;
  Cluster &cl;
  Cta &cta;
  Warp &w;
  const Function &fn;
  uint64_t *R; ///< w.regs

  uint64_t &reg(uint32_t r, int lane) { return R[size_t(r) * 32 + lane]; }
  /// Records the first failure of the launch: `what` names the instruction
  /// and its line; `code` is the CUresult the driver returns.
  bool fail(const Inst &inst, int lane, const std::string &what, int code);
};

// --- Operand access ----------------------------------------------------------

uint64_t specialReg(ExecCtx &c, SpecialReg r, int lane);

inline uint64_t readOp(ExecCtx &c, const Operand &o, int lane) {
  switch (o.kind) {
  case Operand::Reg:
    return c.R[size_t(o.reg) * 32 + lane] ^ uint64_t(o.negate);
  case Operand::Imm:
    return uint64_t(o.imm) +
           (o.addRank ? uint64_t(c.cta.rank) << kRankShift : 0);
  case Operand::Sreg:
    return specialReg(c, SpecialReg(o.reg), lane);
  default:
    return 0;
  }
}
inline void writeReg(ExecCtx &c, const Operand &o, int lane, uint64_t v) {
  if (o.kind == Operand::Reg)
    c.R[size_t(o.reg) * 32 + lane] = v;
}
/// The registers of a Vec operand (kNoReg for `_`).
inline const uint32_t *vecRegs(const Inst &in, const Operand &o) {
  return in.vecRegs.data() + o.reg;
}
inline uint64_t maskBits(unsigned bits) {
  return bits >= 64 ? ~0ull : (1ull << bits) - 1;
}
inline int64_t sext(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return int64_t(v);
  uint64_t m = 1ull << (bits - 1);
  v &= maskBits(bits);
  return int64_t((v ^ m) - m);
}

// --- Memory ------------------------------------------------------------------

/// Resolves `bytes` at `addr` in `space` for `lane` to host memory; on a bad
/// address records the failure (naming the address, space, instruction and
/// line) and returns null. `write` selects the race/const checks.
uint8_t *resolve(ExecCtx &c, const Inst &in, int lane, Space space,
                 uint64_t addr, unsigned bytes, bool write);
/// The address of a Mem operand for `lane`.
inline uint64_t memAddr(ExecCtx &c, const Operand &o, int lane) {
  uint64_t a = uint64_t(o.imm);
  if (o.reg != Operand::kNoReg)
    a += c.R[size_t(o.reg) * 32 + lane];
  if (o.addRank)
    a += uint64_t(c.cta.rank) << kRankShift;
  return a;
}
/// Shared-memory bytes of CTA `rank` of the cluster at a shared::cluster
/// address (null and failure recorded when out of range).
uint8_t *sharedAt(ExecCtx &c, const Inst &in, int lane, uint64_t clusterAddr,
                  unsigned bytes, Cta **owner = nullptr);
/// The mbarrier at a shared::cluster address (failure when not initialised).
Mbarrier *mbarrierAt(ExecCtx &c, const Inst &in, int lane, uint64_t addr,
                     Cta **owner = nullptr);
/// Completes the current phase of `mb` when its counts allow.
void mbarrierMaybeComplete(Mbarrier &mb);

// --- Scheduling hooks --------------------------------------------------------

/// bar.red's value for reduction `kind` (1 popc, 2 and, 3 or) of the
/// barrier's last completed generation.
uint32_t barrierResult(const Barrier &b, uint32_t kind);
/// Parks `lanes` of the executing warp.
void park(ExecCtx &c, uint32_t lanes, Wait why, uint64_t a = 0, uint64_t b = 0,
          uint32_t dst = 0);
/// Queues an asynchronous completion in the cluster's async unit.
void enqueueAsync(ExecCtx &c, AsyncOp op);
/// cp.async.wait_group N for `lane` of `w` (ExecCpAsync.cpp): true when at
/// most the newest N of its cp.async-groups are pending; the covered groups
/// are then retired and, with race checking, their copies' writes become
/// ordered before what the lane's warp does next.
bool cpAsyncWaitDone(Cluster &cl, Cta &cta, Warp &w, int lane, uint64_t keep);
/// Barrier bookkeeping when threads exit (counted as arrived by barriers
/// without a thread count and by cluster barriers).
void noteExit(Cta &cta, uint32_t lanes);
void noteExitBarriers(Cta &cta); // ExecSync.cpp

/// Tensor Memory allocation (ExecTcgen05.cpp): the first column at which
/// `columns` are free in `cta` (and, for cta_group::2, in its peer CTA), or
/// -1; and the current allocations as text for hang reports.
int tmemFirstFit(Cta &cta, uint32_t columns, uint32_t ctaGroup);
std::string tmemAllocsText(const Cta &cta);

/// Counts events that prove a cluster progresses (a barrier or mbarrier
/// phase completes, an async operation completes, a thread exits); the
/// scheduler's hang detection compares it across global stalls. One
/// cluster runs on one host thread, so the counter is thread-local.
extern thread_local uint64_t tlsProgress;

/// "file:line" of the instruction (from .loc) or "PTX line N".
std::string where(const Launch &L, const Inst &in);

} // namespace cute::emu

#endif // CUTE_EMU_EXEC_H
