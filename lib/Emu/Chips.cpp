//===- Chips.cpp - The emulated chips, schedules and options -------------===//
//
// The figures the emulated driver reports for each chip are those of a real
// part: the H200's were read from its driver (cuDeviceGetAttribute,
// cuDeviceTotalMem, driver 13.0, 2026-12-02:
// test/gpu/driver-probe/probe.h200.txt); the B200's come from OpenXLA's
// device description (xla/backends/gpu/target_config/specs/b200.txtpb, read
// from a B200 with driver 13.0); the RTX 5090's from deviceQuery output of a
// 5090 (NVIDIA/nccl issue 1637) and the Blackwell tuning guide (99 KiB of
// shared memory per block with opt-in, 1536 threads per SM).
//
//===----------------------------------------------------------------------===//
#include "cute/Emu/Driver.h"

#include <cctype>
#include <cstdlib>
#include <string>

namespace cute::emu {

namespace {

// name, deviceName, cc, SMs, threads/block, smem/block, smem/block opt-in,
// smem/SM, regs/block, regs/SM, threads/SM, L2, clock kHz, memory clock
// kHz, bus bits, memory bytes, portable cluster size, TMEM, wgmma.
const ChipInfo kChips[] = {
    {"sm_90a",
     "NVIDIA H200 (cute-emu)",
     9,
     0,
     132,
     1024,
     49152,
     232448,
     233472,
     65536,
     65536,
     2048,
     62914560,
     1980000,
     3201000,
     6016,
     size_t(150109880320ull),
     8,
     /*hasTmem=*/false,
     /*hasWgmma=*/true},
    {"sm_100a",
     "NVIDIA B200 (cute-emu)",
     10,
     0,
     148,
     1024,
     49152,
     232448,
     233472,
     65536,
     65536,
     2048,
     132644864,
     1965000,
     3996000,
     7680,
     size_t(191514411008ull),
     8,
     /*hasTmem=*/true,
     /*hasWgmma=*/false},
    {"sm_120a",
     "NVIDIA GeForce RTX 5090 (cute-emu)",
     12,
     0,
     170,
     1024,
     49152,
     101376,
     102400,
     65536,
     65536,
     1536,
     100663296,
     2550000,
     14001000,
     512,
     size_t(33680457728ull),
     8,
     /*hasTmem=*/false,
     /*hasWgmma=*/false},
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char &c : out)
    c = char(std::tolower((unsigned char)c));
  return out;
}

/// A decimal integer filling all of `text`.
bool parseU64(std::string_view text, uint64_t &out) {
  if (text.empty() || text.size() > 20)
    return false;
  uint64_t v = 0;
  for (char c : text) {
    if (c < '0' || c > '9')
      return false;
    uint64_t d = uint64_t(c - '0');
    if (v > (UINT64_MAX - d) / 10)
      return false;
    v = v * 10 + d;
  }
  out = v;
  return true;
}

Error envError(const char *var, std::string_view value,
               const std::string &expected) {
  return Error(ErrorCode::InvalidArgument, std::string(var) + "='" +
                                               std::string(value) +
                                               "': expected " + expected);
}

Status readBool(const char *var, bool &out) {
  const char *v = std::getenv(var);
  if (!v || !*v)
    return okStatus();
  std::string s = lower(v);
  if (s == "1" || s == "on" || s == "true" || s == "yes")
    out = true;
  else if (s == "0" || s == "off" || s == "false" || s == "no")
    out = false;
  else
    return envError(var, v, "0 or 1 (or on/off, true/false, yes/no)");
  return okStatus();
}

} // namespace

const ChipInfo &chipInfo(Chip chip) {
  switch (chip) {
  case Chip::Sm90a:
    return kChips[0];
  case Chip::Sm100a:
    return kChips[1];
  case Chip::Sm120a:
    return kChips[2];
  }
  return kChips[0];
}

std::optional<Chip> parseChip(std::string_view name) {
  if (name == "sm_90a")
    return Chip::Sm90a;
  if (name == "sm_100a")
    return Chip::Sm100a;
  if (name == "sm_120a")
    return Chip::Sm120a;
  return std::nullopt;
}

Expected<Schedule> Schedule::parse(std::string_view text) {
  Schedule s;
  if (text == "deterministic")
    return s;
  constexpr std::string_view kRandom = "random:";
  uint64_t seed = 0;
  if (text.substr(0, kRandom.size()) == kRandom &&
      parseU64(text.substr(kRandom.size()), seed)) {
    s.random = true;
    s.seed = seed;
    return s;
  }
  return Error(ErrorCode::InvalidArgument,
               "schedule '" + std::string(text) +
                   "': expected 'deterministic' or 'random:SEED' with SEED "
                   "a decimal integer below 2^64");
}

Expected<Options> Options::fromEnvironment() {
  Options o;
  if (const char *v = std::getenv("CUTE_EMU_SCHEDULE"); v && *v) {
    Expected<Schedule> s = Schedule::parse(v);
    if (!s)
      return s.error().withContext("CUTE_EMU_SCHEDULE");
    o.schedule = *s;
  }
  CUTE_TRY(readBool("CUTE_EMU_RACECHECK", o.raceCheck));
  CUTE_TRY(readBool("CUTE_EMU_INITCHECK", o.initCheck));
  if (const char *v = std::getenv("CUTE_EMU_THREADS"); v && *v) {
    uint64_t n = 0;
    if (!parseU64(v, n) || n > 4096)
      return envError("CUTE_EMU_THREADS", v,
                      "a number of threads in [0, 4096] (0: one per "
                      "hardware thread)");
    o.threads = int(n);
  }
  if (const char *v = std::getenv("CUTE_EMU_SPIN_LIMIT"); v && *v) {
    uint64_t n = 0;
    if (!parseU64(v, n) || n == 0)
      return envError("CUTE_EMU_SPIN_LIMIT", v,
                      "a positive decimal number of stalls");
    o.spinLimit = n;
  }
  if (const char *v = std::getenv("CUTE_EMU_STATS"); v && *v) {
    uint64_t n = 0;
    if (!parseU64(v, n) || n > 2)
      return envError("CUTE_EMU_STATS", v,
                      "0, 1 (launch totals) or 2 (also per opcode)");
    o.printStats = int(n);
  }
  return o;
}

int maxNonPortableClusterSize(Chip chip) {
  // The CUDA programming guide and the Blackwell tuning guide: 16 CTAs with
  // the non-portable opt-in on H100/H200 and B200; GeForce Blackwell has no
  // such opt-in beyond the portable 8.
  return chip == Chip::Sm120a ? 8 : 16;
}

Expected<int> deviceAttribute(Chip chip, int attr) {
  const ChipInfo &c = chipInfo(chip);
  if (attr < 1 || attr >= CU_DEVICE_ATTRIBUTE_MAX)
    return Error(ErrorCode::InvalidArgument,
                 "device attribute " + std::to_string(attr) +
                     " is not a CUdevice_attribute (1.." +
                     std::to_string(int(CU_DEVICE_ATTRIBUTE_MAX) - 1) + ")");
  switch (CUdevice_attribute(attr)) {
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    return c.maxThreadsPerBlock;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X:
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y:
    return 1024;
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z:
    return 64;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X:
    return 2147483647;
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y:
  case CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z:
    return 65535;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK:
    return c.maxSmemPerBlock;
  case CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY:
    return 65536;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE:
    return 32;
  case CU_DEVICE_ATTRIBUTE_MAX_PITCH:
    return 2147483647;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK:
    return c.regsPerBlock;
  case CU_DEVICE_ATTRIBUTE_CLOCK_RATE:
    return c.clockKhz;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT:
    return c.smCount;
  case CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE:
    return c.memClockKhz;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH:
    return c.memBusBits;
  case CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE:
    return c.l2Bytes;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR:
    return c.maxThreadsPerSm;
  // Device pointers are host addresses: one address space.
  case CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING:
    return 1;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR:
    return c.ccMajor;
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR:
    return c.ccMinor;
  case CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED:
  case CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED:
    return 1;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR:
    return c.smemPerSm;
  case CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR:
    return c.regsPerSm;
  // FP32 : FP64 throughput: 2 on H200 and B200, 64 on the RTX 5090.
  case CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO:
    return chip == Chip::Sm120a ? 64 : 2;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN:
    return c.maxSmemPerBlockOptin;
  // 32 resident CTAs per SM on compute capability 9.0, 10.0 and 12.0.
  case CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR:
    return 32;
  case CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK:
    return c.smemPerSm - c.maxSmemPerBlockOptin;
  case CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH:
    return c.maxClusterSize > 0 ? 1 : 0;
  case CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT:
    return 1;
  case CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED:
    return 1;
  case CU_DEVICE_ATTRIBUTE_NUMA_ID:
  case CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID:
    return -1;
  default:
    // Textures, surfaces, graphics interop, managed/mapped/registered host
    // memory, IPC, virtual memory management, memory pools, peer access,
    // PCI identity, concurrent kernels and copy engines (kernels run one
    // at a time, to completion, inside the launch), cooperative launches,
    // ECC, MPS: not offered by the emulator.
    return 0;
  }
}

} // namespace cute::emu
