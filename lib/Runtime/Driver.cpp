//===- Driver.cpp - dlopen'ed CUDA driver entry points --------------------===//
#include "cute/Runtime/Driver.h"
#include "cute/Emu/Driver.h"

#include <dlfcn.h>

#include <cstdlib>
#include <map>
#include <mutex>

namespace cute::rt {

#define CUTE_RT_STR_(x) #x
/// Expands cuda.h's renaming macros before stringifying: "cuMemAlloc_v2".
#define CUTE_RT_SYMBOL(x) CUTE_RT_STR_(x)

Expected<std::shared_ptr<Driver>> Driver::load(const std::string &path) {
  dlerror();
  void *handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!handle) {
    const char *why = dlerror();
    return Error(ErrorCode::NoDriver,
                 "no CUDA driver: cannot load '" + path + "' (" +
                     (why ? why : "unknown dlopen error") +
                     "); is the NVIDIA driver installed? (set " +
                     kLibraryEnvVar + " to use another libcuda, or " +
                     kDeviceEnvVar + "=emu:sm_90a to run on the emulator)");
  }
  std::shared_ptr<Driver> d(new Driver());
  d->path_ = path;
  std::string missing;
#define CUTE_RT_LOAD_FN(name, required)                                        \
  d->api_.name = reinterpret_cast<decltype(d->api_.name)>(                     \
      dlsym(handle, CUTE_RT_SYMBOL(name)));                                    \
  if (!d->api_.name && (required))                                             \
    missing +=                                                                 \
        (missing.empty() ? "" : ", ") + std::string(CUTE_RT_SYMBOL(name));
  CUTE_RT_DRIVER_FUNCTIONS(CUTE_RT_LOAD_FN)
#undef CUTE_RT_LOAD_FN
  if (!missing.empty()) {
    dlclose(handle);
    return Error(ErrorCode::MissingSymbol,
                 "CUDA driver '" + path + "' lacks required entry points: " +
                     missing + " (driver older than the CUDA " +
                     std::to_string(CUDA_VERSION / 1000) + "." +
                     std::to_string(CUDA_VERSION % 1000 / 10) +
                     " headers used to build cute?)");
  }
  CUresult r = d->api_.cuInit(0);
  if (r != CUDA_SUCCESS)
    return d->check(r, "cuInit").error();
  int v = 0;
  if (d->api_.cuDriverGetVersion(&v) == CUDA_SUCCESS)
    d->version_ = v;
  return d;
}

Expected<std::shared_ptr<Driver>> Driver::cuda() {
  static std::once_flag once;
  static std::optional<Expected<std::shared_ptr<Driver>>> cached;
  std::call_once(once, [] {
    const char *env = std::getenv(kLibraryEnvVar);
    cached.emplace(load(env && *env ? env : kDefaultLibrary));
  });
  return *cached;
}

Expected<std::shared_ptr<Driver>> Driver::emulator(const std::string &chip) {
  std::optional<emu::Chip> c = emu::parseChip(chip);
  if (!c)
    return Error(ErrorCode::InvalidArgument,
                 "the emulator (cute-emu) has no chip '" + chip +
                     "': it emulates sm_90a, sm_100a and sm_120a");
  static std::mutex mutex;
  static std::map<std::string, Expected<std::shared_ptr<Driver>>> cached;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = cached.find(chip);
  if (it != cached.end())
    return it->second;
  auto make = [&]() -> Expected<std::shared_ptr<Driver>> {
    std::shared_ptr<Driver> d(new Driver());
    d->path_ = "cute-emu:" + chip;
    d->emulatedChip_ = chip;
    CUTE_TRY(emu::installDriver(d->api_, *c));
    CUTE_TRY(d->check(d->api_.cuInit(0), "cuInit"));
    CUTE_TRY(d->check(d->api_.cuDriverGetVersion(&d->version_),
                      "cuDriverGetVersion"));
    return d;
  };
  return cached.emplace(chip, make()).first->second;
}

Expected<std::shared_ptr<Driver>> Driver::forDevice(std::string_view device) {
  if (device.empty())
    return get();
  if (device == "cuda")
    return cuda();
  constexpr std::string_view kEmu = "emu:";
  if (device.substr(0, kEmu.size()) == kEmu)
    return emulator(std::string(device.substr(kEmu.size())));
  return Error(ErrorCode::InvalidArgument,
               "device '" + std::string(device) +
                   "': expected 'cuda' (the GPU, through libcuda) or "
                   "'emu:sm_90a', 'emu:sm_100a', 'emu:sm_120a' (the "
                   "emulator)");
}

Expected<std::shared_ptr<Driver>> Driver::get() {
  static std::once_flag once;
  static std::optional<Expected<std::shared_ptr<Driver>>> cached;
  std::call_once(once, [] {
    const char *env = std::getenv(kDeviceEnvVar);
    if (!env || !*env) {
      cached.emplace(cuda());
      return;
    }
    Expected<std::shared_ptr<Driver>> d = forDevice(env);
    cached.emplace(d.ok() ? std::move(d)
                          : Expected<std::shared_ptr<Driver>>(
                                d.error().withContext(kDeviceEnvVar)));
  });
  return *cached;
}

std::string Driver::errorName(CUresult r) const {
  const char *s = nullptr;
  if (api_.cuGetErrorName && api_.cuGetErrorName(r, &s) == CUDA_SUCCESS && s)
    return s;
  return "CUresult " + std::to_string(int(r));
}

std::string Driver::errorString(CUresult r) const {
  const char *s = nullptr;
  if (api_.cuGetErrorString && api_.cuGetErrorString(r, &s) == CUDA_SUCCESS &&
      s)
    return s;
  return "unknown error";
}

Status Driver::check(CUresult r, const std::string &what) const {
  if (r == CUDA_SUCCESS)
    return okStatus();
  return Error(ErrorCode::Cuda,
               what + ": " + errorName(r) + " (" + errorString(r) + ")",
               int(r));
}

Status Driver::require(const void *fn, const char *symbol) const {
  if (fn)
    return okStatus();
  return Error(ErrorCode::MissingSymbol,
               std::string("CUDA driver '") + path_ + "' (version " +
                   std::to_string(version_) + ") lacks " + symbol);
}

Expected<int> Driver::deviceCount() const {
  int n = 0;
  CUTE_TRY(check(api_.cuDeviceGetCount(&n), "cuDeviceGetCount"));
  return n;
}

} // namespace cute::rt
