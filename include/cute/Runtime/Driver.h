//===- Driver.h - The CUDA driver API loaded at run time --------*- C++ -*-===//
//
// libcuda is never linked: it is dlopen'ed ("libcuda.so.1" by default, or
// $CUTE_RT_LIBCUDA) and every entry point is looked up with dlsym under the
// versioned name that cuda.h's macros select (cuMemAlloc -> cuMemAlloc_v2,
// cuEventElapsedTime -> cuEventElapsedTime_v2, ...). So the library builds
// and its CPU tests run on machines without a GPU or driver; there, every
// call that needs the driver returns an ErrorCode::NoDriver error.
//
// cuda.h is used for types and enums only.
//
// Instead of libcuda, the driver can be cute-emu, the CPU emulator of our
// PTX (cute/Emu/Driver.h, docs/emulator.md): CUTE_DEVICE=emu:sm_90a (or
// emu:sm_100a, emu:sm_120a) in the environment makes Driver::get() return
// it, so every host program runs without a GPU, unchanged;
// Driver::emulator("sm_100a") and rt::ContextOptions select it in code.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_DRIVER_H
#define CUTE_RUNTIME_DRIVER_H

#include "cute/Support/Expected.h"

#include <cuda.h>

#include <memory>
#include <string>
#include <string_view>

#if CUDA_VERSION < 12000
#error "cute runtime needs cuda.h from CUDA 12.0 or newer"
#endif

// X(name, required): the entry points we use. `name` is written unversioned;
// cuda.h's macros turn it into the versioned symbol, both for the member of
// DriverApi and for the string given to dlsym.
#define CUTE_RT_DRIVER_FUNCTIONS(X)                                            \
  X(cuInit, true)                                                              \
  X(cuDriverGetVersion, true)                                                  \
  X(cuGetErrorName, true)                                                      \
  X(cuGetErrorString, true)                                                    \
  X(cuDeviceGet, true)                                                         \
  X(cuDeviceGetCount, true)                                                    \
  X(cuDeviceGetName, true)                                                     \
  X(cuDeviceGetAttribute, true)                                                \
  X(cuDevicePrimaryCtxRetain, true)                                            \
  X(cuDevicePrimaryCtxRelease, true)                                           \
  X(cuCtxSetCurrent, true)                                                     \
  X(cuCtxSynchronize, true)                                                    \
  X(cuStreamCreate, true)                                                      \
  X(cuStreamDestroy, true)                                                     \
  X(cuStreamSynchronize, true)                                                 \
  X(cuEventCreate, true)                                                       \
  X(cuEventDestroy, true)                                                      \
  X(cuEventRecord, true)                                                       \
  X(cuEventSynchronize, true)                                                  \
  X(cuEventElapsedTime, true)                                                  \
  X(cuMemAlloc, true)                                                          \
  X(cuMemFree, true)                                                           \
  X(cuMemcpyHtoD, true)                                                        \
  X(cuMemcpyDtoH, true)                                                        \
  X(cuMemcpyHtoDAsync, true)                                                   \
  X(cuMemcpyDtoHAsync, true)                                                   \
  X(cuMemsetD8, true)                                                          \
  X(cuMemsetD32, true)                                                         \
  X(cuModuleLoadDataEx, true)                                                  \
  X(cuModuleUnload, true)                                                      \
  X(cuModuleGetFunction, true)                                                 \
  X(cuFuncGetAttribute, true)                                                  \
  X(cuFuncSetAttribute, true)                                                  \
  X(cuLaunchKernel, true)                                                      \
  X(cuLaunchKernelEx, false)                                                   \
  X(cuTensorMapEncodeTiled, false)

namespace cute::rt {

/// Function pointers into libcuda; members are named like the (versioned)
/// CUDA symbols, so `api.cuMemAlloc(...)` reads as the CUDA call.
struct DriverApi {
// `name` is a symbol and a member name: it cannot be parenthesized.
#define CUTE_RT_DECLARE_FN(name, required)                                     \
  decltype(&::name) name = nullptr; // NOLINT(bugprone-macro-parentheses)
  CUTE_RT_DRIVER_FUNCTIONS(CUTE_RT_DECLARE_FN)
#undef CUTE_RT_DECLARE_FN
};

class Driver {
public:
  static constexpr const char *kDefaultLibrary = "libcuda.so.1";
  static constexpr const char *kLibraryEnvVar = "CUTE_RT_LIBCUDA";
  /// "emu:<chip>" selects the emulator, "cuda" (or unset) libcuda.
  static constexpr const char *kDeviceEnvVar = "CUTE_DEVICE";

  /// The process-wide driver: the one $CUTE_DEVICE names (forDevice), else
  /// libcuda (cuda()). The outcome is cached; an unknown $CUTE_DEVICE is an
  /// InvalidArgument error naming the values it takes.
  static Expected<std::shared_ptr<Driver>> get();

  /// libcuda, loaded on first use from $CUTE_RT_LIBCUDA or "libcuda.so.1"
  /// and initialised with cuInit(0), whatever $CUTE_DEVICE says. The outcome
  /// (success or the "no CUDA driver" error) is cached.
  static Expected<std::shared_ptr<Driver>> cuda();

  /// cute-emu emulating `chip` ("sm_90a", "sm_100a" or "sm_120a"): one
  /// driver and one emulated device per chip and process, created on first
  /// use (an invalid CUTE_EMU_* variable is the error then).
  static Expected<std::shared_ptr<Driver>> emulator(const std::string &chip);

  /// The driver `device` names: "emu:<chip>" the emulator, "cuda" libcuda,
  /// "" Driver::get(). Anything else is an InvalidArgument error.
  static Expected<std::shared_ptr<Driver>> forDevice(std::string_view device);

  /// Loads the driver from `path` (not cached; tests point this at missing
  /// libraries). Fails with NoDriver when dlopen fails, MissingSymbol when a
  /// required entry point is absent, Cuda when cuInit fails.
  static Expected<std::shared_ptr<Driver>> load(const std::string &path);

  Driver(const Driver &) = delete;
  Driver &operator=(const Driver &) = delete;
  /// The library is deliberately never dlclose'd: CUDA state outlives us.
  ~Driver() = default;

  const DriverApi &api() const { return api_; }
  /// The library loaded, or "cute-emu:<chip>" for the emulator.
  const std::string &path() const { return path_; }
  /// cuDriverGetVersion, e.g. 13000.
  int version() const { return version_; }
  /// Whether this is cute-emu, and the chip it emulates ("" for libcuda).
  bool emulated() const { return !emulatedChip_.empty(); }
  const std::string &emulatedChip() const { return emulatedChip_; }

  /// "CUDA_ERROR_OUT_OF_MEMORY" etc. (falls back to the number).
  std::string errorName(CUresult r) const;
  std::string errorString(CUresult r) const;
  /// Ok for CUDA_SUCCESS; otherwise an ErrorCode::Cuda error reading
  /// "<what>: CUDA_ERROR_X (description)".
  Status check(CUresult r, const std::string &what) const;
  /// MissingSymbol error when an optional entry point is absent.
  Status require(const void *fn, const char *symbol) const;

  /// Number of CUDA devices.
  Expected<int> deviceCount() const;

private:
  Driver() = default;
  DriverApi api_;
  std::string path_;
  std::string emulatedChip_;
  int version_ = 0;
};

} // namespace cute::rt

#endif // CUTE_RUNTIME_DRIVER_H
