//===- Device.cpp - Emulated device memory, module loading, launches ------===//
#include "Decode.h"
#include "Exec.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <thread>

namespace cute::emu {

// --- Kernel / Module accessors ----------------------------------------------

const std::string &Kernel::name() const { return impl_->fn->name; }
const std::vector<Kernel::Param> &Kernel::params() const {
  return impl_->params;
}
uint32_t Kernel::staticSmemBytes() const { return impl_->fn->staticSmemBytes; }
uint32_t Kernel::maxThreads() const {
  const Function &f = *impl_->fn;
  if (f.reqntid[0])
    return f.reqntid[0] * f.reqntid[1] * f.reqntid[2];
  if (f.maxntid[0])
    return f.maxntid[0] * f.maxntid[1] * f.maxntid[2];
  return 0;
}
void Kernel::clusterDims(uint32_t dims[3]) const {
  for (int i = 0; i < 3; ++i)
    dims[i] = impl_->fn->reqnctapercluster[i];
}
int Kernel::numRegistersHint() const { return impl_->fn->maxnreg; }

Expected<Kernel> Module::kernel(std::string_view name) const {
  if (!impl_)
    return Error(ErrorCode::InvalidArgument, "use of an empty emu::Module");
  for (const KernelImpl &k : impl_->kernels)
    if (k.fn->name == name) {
      Kernel out;
      out.impl_ = &k;
      return out;
    }
  std::string names;
  for (const KernelImpl &k : impl_->kernels)
    names += (names.empty() ? "" : ", ") + k.fn->name;
  return Error(ErrorCode::NotFound,
               "kernel '" + std::string(name) +
                   "' is not in the module (it has: " + names + ")");
}

std::vector<std::string> Module::kernelNames() const {
  std::vector<std::string> out;
  if (impl_)
    for (const KernelImpl &k : impl_->kernels)
      out.push_back(k.fn->name);
  return out;
}

ModuleImpl::~ModuleImpl() {
  if (device)
    for (uint64_t a : globalAllocs)
      (void)device->release(a);
}

// --- Device memory
// -------------------------------------------------------------

/// Allocation-table versions are unique in the process, so a lookup cached
/// for a destroyed device never matches a new one at the same address.
static std::atomic<uint64_t> gAllocationVersion{0};

Device::Device(Chip chip, Options options)
    : chip_(chip), options_(std::move(options)) {}

Device::~Device() {
  for (auto &[base, a] : allocations_)
    std::free(reinterpret_cast<void *>(a.base));
}

Expected<uint64_t> Device::allocate(size_t bytes) {
  if (bytes == 0)
    return Error(ErrorCode::InvalidArgument, "emu: allocation of 0 bytes");
  // 256-byte aligned like cuMemAlloc; rounded up so every allocation is
  // followed by unowned bytes that an overrun of it cannot reach silently.
  size_t rounded = (bytes + 255) / 256 * 256;
  void *p = std::aligned_alloc(256, rounded + 256);
  if (!p)
    return Error(ErrorCode::Cuda,
                 "emu: out of host memory for " + std::to_string(bytes) +
                     " bytes",
                 2 /*CUDA_ERROR_OUT_OF_MEMORY*/);
  std::memset(p, 0, rounded);
  uint64_t a = reinterpret_cast<uint64_t>(p);
  std::unique_lock<std::shared_mutex> lock(mutex_);
  allocations_[a] = Allocation{a, bytes};
  generation_ = ++gAllocationVersion;
  return a;
}

Status Device::release(uint64_t address) {
  std::unique_lock<std::shared_mutex> lock(mutex_);
  generation_ = ++gAllocationVersion;
  auto it = allocations_.find(address);
  if (it == allocations_.end())
    return Error(
        ErrorCode::InvalidArgument, "emu: free of 0x" + [&] {
          char b[32];
          std::snprintf(b, sizeof b, "%llx", (unsigned long long)address);
          return std::string(b);
        }() + ", which is not the start of an allocation");
  std::free(reinterpret_cast<void *>(it->second.base));
  allocations_.erase(it);
  return okStatus();
}

const Device::Allocation *Device::findAllocation(uint64_t a) const {
  // Kernels touch few allocations, over and over: remember the last hit.
  struct Cache {
    const Device *device = nullptr;
    uint64_t generation = ~0ull;
    const Allocation *hit = nullptr;
  };
  thread_local Cache cache;
  uint64_t gen = generation_.load(std::memory_order_acquire);
  if (cache.device == this && cache.generation == gen && cache.hit &&
      a >= cache.hit->base && a < cache.hit->base + cache.hit->bytes)
    return cache.hit;
  std::shared_lock<std::shared_mutex> lock(mutex_);
  auto it = allocations_.upper_bound(a);
  if (it == allocations_.begin())
    return nullptr;
  --it;
  if (a >= it->second.base && a < it->second.base + it->second.bytes) {
    cache = {this, gen, &it->second};
    return &it->second;
  }
  return nullptr;
}

static std::string hex(uint64_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
  return b;
}

Status Device::checkRange(uint64_t address, size_t bytes,
                          const char *what) const {
  const Allocation *a = findAllocation(address);
  if (a && address + bytes <= a->base + a->bytes)
    return okStatus();
  std::string msg = std::string(what) + ": [" + hex(address) + ", +" +
                    std::to_string(bytes) + ")";
  if (a)
    msg += " runs past the end of the allocation [" + hex(a->base) + ", +" +
           std::to_string(a->bytes) + ")";
  else
    msg += " is not in any allocation";
  return Error(ErrorCode::InvalidArgument, msg);
}

size_t Device::bytesInUse() const {
  std::shared_lock<std::shared_mutex> lock(mutex_);
  size_t n = 0;
  for (auto &[b, a] : allocations_)
    n += a.bytes;
  return n;
}

// --- Module loading
// --------------------------------------------------------------

namespace {

uint64_t alignUp(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

/// Gives every symbol operand its address: module .global variables are
/// device allocations, .const variables offsets in the module's constant
/// bank, and .shared variables offsets in the CTA's shared memory (plus the
/// CTA's rank at run time), laid out per kernel with only the variables the
/// kernel names (as ptxas counts a kernel's static shared memory).
Status placeSymbols(ModuleImpl &m) {
  ModuleDecl &d = m.decl;
  uint64_t cbank = 0;
  uint32_t dynAlign = 16;
  for (VarDecl &v : d.globals) {
    if (v.space == Space::Const) {
      cbank = alignUp(cbank, v.align);
      v.address = cbank;
      cbank += v.size;
    }
    if (v.space == Space::Shared && v.isExtern)
      dynAlign = std::max(dynAlign, v.align);
  }
  m.constBytes.assign(cbank, 0);
  for (VarDecl &v : d.globals) {
    if (v.space == Space::Const)
      std::memcpy(m.constBytes.data() + v.address, v.init.data(),
                  std::min<size_t>(v.init.size(), v.size));
    if (v.space == Space::Global) {
      CUTE_ASSIGN_OR_RETURN(uint64_t a,
                            m.device->allocate(std::max<uint64_t>(v.size, 1)));
      m.globalAllocs.push_back(a);
      std::memcpy(reinterpret_cast<void *>(a), v.init.data(),
                  std::min<size_t>(v.init.size(), v.size));
      v.address = a;
    }
  }
  for (Function &f : d.functions) {
    // Shared variables this function names, in declaration order.
    std::vector<bool> used(d.globals.size(), false);
    for (const Inst &in : f.code)
      for (const Operand &o : in.ops)
        if (o.symKind == SymGlobal)
          used[o.symIndex] = true;
    std::vector<uint64_t> sharedAddr(d.globals.size(), 0);
    uint64_t fs = 0;
    for (size_t i = 0; i < d.globals.size(); ++i) {
      const VarDecl &v = d.globals[i];
      if (v.space != Space::Shared || v.isExtern || !used[i])
        continue;
      fs = alignUp(fs, v.align);
      sharedAddr[i] = fs;
      fs += v.size;
    }
    for (VarDecl &v : f.locals)
      if (v.space == Space::Shared) {
        fs = alignUp(fs, v.align);
        v.address = fs;
        fs += v.size;
      }
    f.staticSmemBytes = uint32_t(fs);
    f.dynSmemOffset = uint32_t(alignUp(fs, dynAlign));
    for (Inst &in : f.code)
      for (Operand &o : in.ops) {
        if (o.symKind == SymNone)
          continue;
        const VarDecl &v = o.symKind == SymGlobal ? d.globals[o.symIndex]
                                                  : f.locals[o.symIndex];
        uint64_t addr = v.address;
        if (v.space == Space::Shared)
          addr = v.isExtern               ? f.dynSmemOffset
                 : o.symKind == SymGlobal ? sharedAddr[o.symIndex]
                                          : v.address;
        o.imm += int64_t(addr);
        o.addRank = v.space == Space::Shared;
        o.symKind = SymNone;
      }
  }
  return okStatus();
}

} // namespace

Expected<Module> Device::loadModule(std::string_view ptx) {
  auto impl = std::make_shared<ModuleImpl>();
  impl->device = this;
  CUTE_ASSIGN_OR_RETURN(impl->decl, parsePtx(ptx));
  if (impl->decl.addressSize != 64)
    return Error(ErrorCode::Parse, "emu: only .address_size 64 is supported");
  CUTE_TRY(placeSymbols(*impl));
  for (const Function &f : impl->decl.functions) {
    if (!f.isEntry)
      continue;
    KernelImpl k;
    k.module = impl.get();
    k.fn = &f;
    for (const ParamDecl &p : f.params)
      k.params.push_back({p.name, p.size, p.align, p.offset});
    impl->kernels.push_back(std::move(k));
  }
  Module m;
  m.impl_ = std::move(impl);
  return m;
}

// --- Launch
// -------------------------------------------------------------------

namespace {
/// CUTE_EMU_STATS: one line per launch, then (level 2) one per opcode.
void printStats(const std::string &name, const LaunchConfig &cfg,
                const LaunchStats &s) {
  std::fprintf(
      stderr,
      "cute-emu: %s grid (%u,%u,%u) block (%u,%u,%u): %llu CTAs, "
      "%llu warp-instructions, %llu thread-instructions in %.3f s "
      "(%.1f M thread-instructions/s)\n",
      name.c_str(), cfg.grid[0], cfg.grid[1], cfg.grid[2], cfg.block[0],
      cfg.block[1], cfg.block[2], (unsigned long long)s.ctas,
      (unsigned long long)s.warpInstructions,
      (unsigned long long)s.threadInstructions, s.seconds,
      s.seconds > 0 ? double(s.threadInstructions) / s.seconds / 1e6 : 0.0);
  std::vector<std::pair<uint64_t, std::string>> ops;
  for (const auto &[op, n] : s.perOpcode)
    ops.push_back({n, op});
  std::sort(ops.rbegin(), ops.rend());
  for (const auto &[n, op] : ops)
    std::fprintf(stderr, "cute-emu:   %12llu %s\n", (unsigned long long)n,
                 op.c_str());
}
} // namespace

Status runCluster(Launch &L, Cluster &cl); // Scheduler.cpp
Status buildCluster(Launch &L, Cluster &cl, const uint32_t clusterId[3]);

Expected<LaunchStats> Device::launch(const Kernel &kernel,
                                     const LaunchConfig &cfg,
                                     void *const *params) {
  auto start = std::chrono::steady_clock::now();
  auto L = std::make_unique<Launch>();
  L->device = this;
  L->kernel = &kernel.impl();
  L->fn = kernel.impl().fn;
  L->module = kernel.impl().module;
  L->cfg = cfg;
  L->options = options_;
  const Function &f = *L->fn;
  uint64_t threads = uint64_t(cfg.block[0]) * cfg.block[1] * cfg.block[2];
  auto bad = [&](const std::string &m) {
    return Error(ErrorCode::Cuda, "emu: launch of '" + f.name + "': " + m,
                 1 /*CUDA_ERROR_INVALID_VALUE*/);
  };
  if (threads == 0 || threads > uint64_t(info().maxThreadsPerBlock))
    return bad("block of " + std::to_string(threads) +
               " threads (the limit is " +
               std::to_string(info().maxThreadsPerBlock) + ")");
  if (cfg.grid[0] == 0 || cfg.grid[1] == 0 || cfg.grid[2] == 0)
    return bad("empty grid");
  uint32_t limit = kernel.maxThreads();
  if (limit && threads > limit)
    return bad("block of " + std::to_string(threads) +
               " threads exceeds the kernel's .maxntid/.reqntid " +
               std::to_string(limit));
  if (f.reqntid[0] &&
      (cfg.block[0] != f.reqntid[0] || cfg.block[1] != f.reqntid[1] ||
       cfg.block[2] != f.reqntid[2]))
    return bad("block does not match the kernel's .reqntid");
  L->ctaThreads = uint32_t(threads);
  for (int i = 0; i < 3; ++i) {
    uint32_t d = cfg.cluster[i]
                     ? cfg.cluster[i]
                     : (f.reqnctapercluster[i] ? f.reqnctapercluster[i] : 1);
    if (cfg.grid[i] % d != 0)
      return bad("grid dimension " + std::to_string(i) + " (" +
                 std::to_string(cfg.grid[i]) +
                 ") is not a multiple of the cluster dimension " +
                 std::to_string(d));
    L->clusterDims[i] = d;
  }
  L->clusterSize = L->clusterDims[0] * L->clusterDims[1] * L->clusterDims[2];
  if (L->clusterSize > 1 && info().maxClusterSize == 0)
    return bad("clusters of " + std::to_string(L->clusterSize) + " CTAs on " +
               info().name + ", which has no clusters");
  if (L->clusterSize > 16)
    return bad("cluster of " + std::to_string(L->clusterSize) +
               " CTAs (the limit is 16)");
  uint64_t smem = uint64_t(f.dynSmemOffset) + cfg.dynamicSmemBytes;
  if (cfg.dynamicSmemBytes == 0)
    smem = f.staticSmemBytes;
  if (smem > uint64_t(info().maxSmemPerBlockOptin))
    return bad(std::to_string(smem) + " bytes of shared memory (" +
               std::to_string(f.staticSmemBytes) + " static + " +
               std::to_string(cfg.dynamicSmemBytes) +
               " dynamic); the limit on " + info().name + " is " +
               std::to_string(info().maxSmemPerBlockOptin));
  L->smemBytes = uint32_t(smem);
  // Parameters: copied into the param bank at the declared offsets.
  L->params.assign(f.paramBytes, 0);
  for (size_t i = 0; i < f.params.size(); ++i) {
    if (!params || !params[i])
      return bad("parameter " + std::to_string(i) + " ('" + f.params[i].name +
                 "') is null");
    std::memcpy(L->params.data() + f.params[i].offset, params[i],
                f.params[i].size);
  }

  uint32_t nc[3] = {cfg.grid[0] / L->clusterDims[0],
                    cfg.grid[1] / L->clusterDims[1],
                    cfg.grid[2] / L->clusterDims[2]};
  uint64_t clusters = uint64_t(nc[0]) * nc[1] * nc[2];
  int nthreads = options_.threads > 0
                     ? options_.threads
                     : int(std::max(1u, std::thread::hardware_concurrency()));
  nthreads = int(std::min<uint64_t>(uint64_t(nthreads), clusters));
  std::atomic<uint64_t> nextCluster{0};
  auto worker = [&]() {
    while (!L->failed.load(std::memory_order_relaxed)) {
      uint64_t c = nextCluster.fetch_add(1);
      if (c >= clusters)
        return;
      uint32_t id[3] = {uint32_t(c % nc[0]), uint32_t(c / nc[0] % nc[1]),
                        uint32_t(c / nc[0] / nc[1])};
      Cluster cl;
      cl.rng.seed(options_.schedule.seed ^ (c * 0x9e3779b97f4a7c15ull));
      Status s = buildCluster(*L, cl, id);
      if (s.ok())
        s = runCluster(*L, cl);
      if (!s.ok()) {
        std::lock_guard<std::mutex> lock(L->errorMutex);
        if (!L->failed.exchange(true)) {
          L->error = s.error().message();
          L->errorCode = s.error().cudaResult();
        }
      }
    }
  };
  if (nthreads <= 1) {
    worker();
  } else {
    std::vector<std::thread> pool;
    for (int i = 0; i < nthreads; ++i)
      pool.emplace_back(worker);
    for (auto &t : pool)
      t.join();
  }
  L->stats.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  if (!L->pcCounts.empty())
    for (size_t pc = 0; pc < L->pcCounts.size(); ++pc) {
      if (!L->pcCounts[pc])
        continue;
      const std::string &t = f.code[pc].text;
      size_t b = t[0] == '@' ? t.find(' ') + 1 : 0;
      L->stats.perOpcode[t.substr(b, t.find(' ', b) - b)] += L->pcCounts[pc];
    }
  if (options_.printStats)
    printStats(f.name, cfg, L->stats);
  if (L->failed)
    return Error(ErrorCode::Cuda, L->error,
                 L->errorCode ? L->errorCode : 719 /*LAUNCH_FAILED*/);
  return L->stats;
}

} // namespace cute::emu
