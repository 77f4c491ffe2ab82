//===- Emu.h - cute-emu: a functional emulator of our PTX -------*- C++ -*-===//
//
// cute-emu runs the PTX that LLVM's NVPTX backend writes for sm_90a, sm_100a
// and sm_120a on the CPU: it decodes a module once (an instruction or
// modifier it does not implement is a load-time error naming it and its
// line) and executes grids of clusters, CTAs and threads with their own PCs,
// warps in lockstep where they converge, collectives, barriers, mbarriers,
// TMA, wgmma and mma.sync. MLIR-free; depends on cute/Support only.
// Semantics come from the PTX ISA (sections cited in the sources) and from
// H200 measurements, never from lib/Atom (docs/emulator.md).
//
// The public surface is small: a Device (one emulated GPU: its chip, global
// memory and options), Modules loaded from PTX text, and launches. The CUDA
// driver API backend (cute/Emu/Driver.h) is built on it.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_EMU_H
#define CUTE_EMU_EMU_H

#include "cute/Support/Expected.h"

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <shared_mutex>
#include <string>
#include <string_view>
#include <vector>

namespace cute::emu {

/// The emulated chip and the figures the driver reports for it (real H200,
/// B200 and RTX 5090 numbers; docs/emulator.md names their sources).
struct ChipInfo {
  const char *name;         ///< "sm_90a"
  const char *deviceName;   ///< "NVIDIA H200 (cute-emu)"
  int ccMajor, ccMinor;     ///< compute capability
  int smCount;              ///< multiprocessors
  int maxThreadsPerBlock;   ///< 1024
  int maxSmemPerBlock;      ///< without opt-in: 48 KiB
  int maxSmemPerBlockOptin; ///< with opt-in (232448 on sm_90a/sm_100a)
  int smemPerSm;            ///< shared memory per multiprocessor
  int regsPerBlock, regsPerSm;
  int maxThreadsPerSm;
  int l2Bytes;
  int clockKhz, memClockKhz, memBusBits;
  size_t totalMemBytes;
  int maxClusterSize; ///< portable cluster size (8), 0 = no clusters
  bool hasTmem;       ///< Tensor Memory / tcgen05 (sm_100a)
  bool hasWgmma;      ///< wgmma (sm_90a)
};

enum class Chip { Sm90a, Sm100a, Sm120a };
const ChipInfo &chipInfo(Chip chip);
/// "sm_90a" -> Chip; nullopt for anything else.
std::optional<Chip> parseChip(std::string_view name);

/// How warps and asynchronous completions interleave.
struct Schedule {
  /// false: deterministic round robin; true: seeded random choices of the
  /// next warp and of when pending async operations complete.
  bool random = false;
  uint64_t seed = 0;
  /// Instructions a warp runs before the scheduler switches (deterministic).
  int quantum = 256;
  /// "deterministic" or "random:SEED" (CUTE_EMU_SCHEDULE's syntax).
  static Expected<Schedule> parse(std::string_view text);
};

struct Options {
  Schedule schedule;
  /// Shared-memory race detection (happens-before; proxy-aware).
  bool raceCheck = false;
  /// Report reads of never-written shared/local memory and registers.
  bool initCheck = false;
  /// Threads running independent clusters in parallel (0: hardware threads).
  int threads = 1;
  /// Consecutive global stalls in which only polling waits (mbarrier
  /// try_wait loops) could run before a hang is reported.
  uint64_t spinLimit = 1u << 20;
  /// Print each launch's counters to stderr: 1 totals, 2 also the
  /// thread-instruction count of every opcode.
  int printStats = 0;
  /// Reads CUTE_EMU_SCHEDULE, CUTE_EMU_RACECHECK, CUTE_EMU_INITCHECK,
  /// CUTE_EMU_THREADS, CUTE_EMU_SPIN_LIMIT, CUTE_EMU_STATS; defaults for
  /// unset ones.
  static Expected<Options> fromEnvironment();
};

/// Counters of one launch.
struct LaunchStats {
  uint64_t warpInstructions = 0;   ///< instructions issued per warp
  uint64_t threadInstructions = 0; ///< times active lanes
  uint64_t ctas = 0;
  double seconds = 0; ///< host wall time of the launch
  /// Per opcode as written ("ld.global.v4.b32", ...): thread-instructions.
  std::map<std::string, uint64_t> perOpcode;
};

class Device;
struct ModuleImpl;
struct KernelImpl;

/// A kernel of a loaded module: its parameter list (byte sizes and
/// alignments as the PTX declares them) and its directives.
class Kernel {
public:
  const std::string &name() const;
  struct Param {
    std::string name;
    uint32_t size = 0, align = 0, offset = 0; ///< within the param buffer
  };
  const std::vector<Param> &params() const;
  /// Bytes of statically declared .shared memory.
  uint32_t staticSmemBytes() const;
  /// .reqntid / .maxntid (0 when absent), .reqnctapercluster (0s if none).
  uint32_t maxThreads() const;
  void clusterDims(uint32_t dims[3]) const;
  int numRegistersHint() const; ///< .maxnreg or 0

  const KernelImpl &impl() const { return *impl_; }

private:
  friend struct ModuleImpl;
  friend class Module;
  const KernelImpl *impl_ = nullptr;
};

/// A decoded PTX module; shared so kernels keep it alive.
class Module {
public:
  Module() = default;
  /// Kernel by name; NotFound names it and lists the module's kernels.
  Expected<Kernel> kernel(std::string_view name) const;
  std::vector<std::string> kernelNames() const;
  std::shared_ptr<ModuleImpl> impl() const { return impl_; }

private:
  friend class Device;
  std::shared_ptr<ModuleImpl> impl_;
};

struct LaunchConfig {
  uint32_t grid[3] = {1, 1, 1};
  uint32_t block[3] = {1, 1, 1};
  uint32_t cluster[3] = {0, 0, 0}; ///< 0s: the kernel's own (or none)
  uint32_t dynamicSmemBytes = 0;
};

/// One emulated GPU. Device addresses of global memory are host addresses of
/// the allocations (so copies are memcpy), and every device access is
/// checked against the allocation table.
class Device {
public:
  explicit Device(Chip chip, Options options = {});
  ~Device();
  Device(const Device &) = delete;
  Device &operator=(const Device &) = delete;

  Chip chip() const { return chip_; }
  const ChipInfo &info() const { return chipInfo(chip_); }
  const Options &options() const { return options_; }
  void setOptions(const Options &o) { options_ = o; }

  // --- Global memory -------------------------------------------------------
  Expected<uint64_t> allocate(size_t bytes);
  Status release(uint64_t address);
  /// The allocation holding [address, address + bytes), or an error naming
  /// the address and the nearest allocation.
  Status checkRange(uint64_t address, size_t bytes, const char *what) const;
  size_t bytesInUse() const;

  // --- Modules
  // ----------------------------------------------------------------
  /// Parses and decodes PTX text. Errors: Parse, naming the line and the
  /// instruction or directive that is not supported.
  Expected<Module> loadModule(std::string_view ptx);

  /// Runs a grid to completion. `params[i]` points at the value of the
  /// kernel's parameter i (cuLaunchKernel's kernelParams). On a trap, a
  /// hang, an out-of-bounds or misaligned access or a detected race the
  /// error (ErrorCode::Cuda with the matching CUresult) carries the report.
  Expected<LaunchStats> launch(const Kernel &kernel, const LaunchConfig &cfg,
                               void *const *params);

  /// Text printed by the kernels' printf (vprintf) since the last call; it
  /// is also written to stdout as the launch runs unless quiet.
  bool quietPrintf = false;

  struct Allocation {
    uint64_t base;
    size_t bytes;
  };
  /// The allocation containing `a` (or null); cached per host thread.
  const Allocation *findAllocation(uint64_t a) const;

private:
  Chip chip_;
  Options options_;
  /// Allocations change between launches only; launches read them from
  /// several host threads.
  mutable std::shared_mutex mutex_;
  std::map<uint64_t, Allocation> allocations_; // by base
  std::atomic<uint64_t> generation_{0};        // bumped by (de)allocation
};

} // namespace cute::emu

#endif // CUTE_EMU_EMU_H
