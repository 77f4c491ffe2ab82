//===- DriverImpl.h - Internals of the emulated CUDA driver ----*- C++ -*-===//
//
// What the files of the driver backend (Driver.cpp, DriverModules.cpp,
// DriverTensorMap.cpp, DriverErrors.cpp) share: the objects behind CUDA's
// handles, the failure reporting and the implementations the per-chip
// driver table binds (each takes the chip's Backend first).
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_EMU_DRIVERIMPL_H
#define CUTE_EMU_DRIVERIMPL_H

#include "cute/Emu/Driver.h"

#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

namespace cute::emu::driver {

struct Context;
struct ModuleObj;

struct StreamObj {
  Context *ctx;
  unsigned flags;
};

struct EventObj {
  Context *ctx;
  unsigned flags;
  bool recorded = false;
  std::chrono::steady_clock::time_point at;
};

struct FunctionObj {
  ModuleObj *module;
  Kernel kernel;
  std::string name;
  int maxDynamicSmem = 0; ///< CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES
  bool nonPortableCluster = false;
  int carveout = -1;
  int clusterPolicy = 0;
  uint32_t cluster[3] = {0, 0, 0}; ///< required cluster dims; 0s: none
};

struct ModuleObj {
  Context *ctx;
  Module module;
  int targetArch = 0; ///< 90 for .target sm_90a
  std::map<std::string, std::unique_ptr<FunctionObj>, std::less<>> functions;
};

/// The primary context of the emulated device.
struct Context {
  int refs = 0;
  bool alive = false;
  CUresult sticky = CUDA_SUCCESS; ///< an earlier kernel's failure
  std::string stickyReport;
  std::set<uint64_t> allocations;
  std::map<const void *, std::unique_ptr<StreamObj>> streams;
  std::map<const void *, std::unique_ptr<EventObj>> events;
  std::map<const void *, std::unique_ptr<ModuleObj>> modules;
  std::set<const void *> functions;
};

struct Backend {
  Backend(Chip c, const Options &o) : chip(c), device(c, o) {}
  Chip chip;
  Device device;
  std::mutex mutex; ///< guards everything below and every driver call
  bool initialized = false;
  Context primary;
};

using Lock = std::lock_guard<std::mutex>;

// --- Failure reports (Driver.cpp) --------------------------------------------

/// Records `detail` for lastErrorDetail(), prints it as "cute-emu: ..." and
/// returns `r`.
CUresult fail(CUresult r, const std::string &detail);
/// The same without printing: for outcomes the caller reports itself (a
/// kernel looked up by name, a JIT error log).
CUresult quietFail(CUresult r, const std::string &detail);
/// Records a detail without printing or returning anything.
void recordDetail(const std::string &detail);
std::string hex(uint64_t v);
std::string dims3(const uint32_t d[3]);

// --- Errors (DriverErrors.cpp)
// -------------------------------------------------

/// CUDA's name of `r` ("CUDA_ERROR_UNKNOWN" for a number that is none).
const char *errorName(CUresult r);
CUresult getErrorName(CUresult r, const char **name);
CUresult getErrorString(CUresult r, const char **text);

// --- Checks every context-bound call makes (Driver.cpp)
// ------------------------

CUresult checkInit(Backend &b, const char *what);
/// The calling thread's current context, checked as every context-bound
/// CUDA call does: none, destroyed, or holding an earlier kernel's error.
CUresult current(Backend &b, const char *what, Context *&ctx);
CUresult checkStream(Context &c, CUstream s, const char *what);
/// The stats of the last launch (lastLaunchStats()).
void recordLaunchStats(const LaunchStats &stats);

// --- Modules, functions, launches (DriverModules.cpp)
// --------------------------

CUresult moduleLoadDataEx(Backend &b, CUmodule *module, const void *image,
                          unsigned numOptions, CUjit_option *options,
                          void **values);
CUresult moduleUnload(Backend &b, CUmodule module);
CUresult moduleGetFunction(Backend &b, CUfunction *fn, CUmodule module,
                           const char *name);
CUresult funcGetAttribute(Backend &b, int *value, CUfunction_attribute attr,
                          CUfunction fn);
CUresult funcSetAttribute(Backend &b, CUfunction fn, CUfunction_attribute attr,
                          int value);
CUresult launchKernel(Backend &b, CUfunction fn, unsigned gx, unsigned gy,
                      unsigned gz, unsigned bx, unsigned by, unsigned bz,
                      unsigned smem, CUstream stream, void **params,
                      void **extra);
CUresult launchKernelEx(Backend &b, const CUlaunchConfig *config, CUfunction fn,
                        void **params, void **extra);

// --- Tensor maps (DriverTensorMap.cpp)
// ------------------------------------------

CUresult tensorMapEncodeTiled(
    Backend &b, CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank,
    void *address, const cuuint64_t *dims, const cuuint64_t *strides,
    const cuuint32_t *box, const cuuint32_t *elementStrides,
    CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
    CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill oobFill);

} // namespace cute::emu::driver

#endif // CUTE_EMU_DRIVERIMPL_H
