//===- Driver.cpp - The CUDA driver API on an emulated device -------------===//
//
// Every entry point of CUTE_RT_DRIVER_FUNCTIONS over one process-wide
// emu::Device per chip. The error codes are the ones the H200's driver
// (13.0) returned for the same calls (test/gpu/driver-probe, run on the
// H200 on 2026-12-02): a copy past an allocation or a free of an address
// cuMemAlloc did not return is CUDA_ERROR_INVALID_VALUE, a launch with more
// dynamic shared memory than the function allows is
// CUDA_ERROR_INVALID_VALUE, a cluster that does not divide the grid or is
// larger than allowed is CUDA_ERROR_INVALID_CLUSTER_SIZE, and a kernel that
// faults makes its launch succeed and every later call in the context fail.
//
// Each entry point is instantiated per chip (Bind<C, impl>), so the driver
// tables of several emulated chips live side by side in one process. This
// file: the table, devices, contexts, streams, events and memory; the rest
// is in DriverModules.cpp, DriverTensorMap.cpp and DriverErrors.cpp.
//
//===----------------------------------------------------------------------===//
#include "DriverImpl.h"

#include <cstdio>
#include <cstring>

namespace cute::emu {
namespace driver {

namespace {

thread_local std::string tLastError;

// Created by installDriver and never destroyed: programs release contexts,
// streams and buffers from static destructors, after ours would have run.
Backend *gBackends[3] = {nullptr, nullptr, nullptr};
Backend *gLastInstalled = nullptr;
std::mutex gInstallMutex;
std::mutex gStatsMutex;
LaunchStats gLastStats;
thread_local Context *tCurrent[3] = {nullptr, nullptr, nullptr};

template <Chip C> Backend &backend() { return *gBackends[int(C)]; }

/// Binds an implementation `CUresult f(Backend &, A...)` to the chip C: the
/// result has exactly the signature of the CUDA entry point.
template <Chip C, auto F> struct Bind;
template <Chip C, class... A, CUresult (*F)(Backend &, A...)>
struct Bind<C, F> {
  static CUresult call(A... a) { return F(backend<C>(), a...); }
};

} // namespace

//===----------------------------------------------------------------------===//
// Failure details
//===----------------------------------------------------------------------===//

CUresult fail(CUresult r, const std::string &detail) {
  tLastError = detail + " (" + errorName(r) + ")";
  std::fprintf(stderr, "cute-emu: %s\n", tLastError.c_str());
  return r;
}

CUresult quietFail(CUresult r, const std::string &detail) {
  tLastError = detail + " (" + errorName(r) + ")";
  return r;
}

std::string hex(uint64_t v) {
  char b[32];
  std::snprintf(b, sizeof b, "0x%llx", (unsigned long long)v);
  return b;
}

std::string dims3(const uint32_t d[3]) {
  return "(" + std::to_string(d[0]) + ", " + std::to_string(d[1]) + ", " +
         std::to_string(d[2]) + ")";
}

void recordDetail(const std::string &detail) { tLastError = detail; }

void recordLaunchStats(const LaunchStats &stats) {
  Lock l(gStatsMutex);
  gLastStats = stats;
}

//===----------------------------------------------------------------------===//
// The checks of every context-bound call
//===----------------------------------------------------------------------===//

CUresult checkInit(Backend &b, const char *what) {
  if (!b.initialized)
    return fail(CUDA_ERROR_NOT_INITIALIZED,
                std::string(what) + ": cuInit has not been called");
  return CUDA_SUCCESS;
}

CUresult current(Backend &b, const char *what, Context *&ctx) {
  if (CUresult r = checkInit(b, what))
    return r;
  ctx = tCurrent[int(b.chip)];
  if (!ctx)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                std::string(what) +
                    ": no current context on this thread (cuCtxSetCurrent)");
  if (!ctx->alive)
    return fail(CUDA_ERROR_CONTEXT_IS_DESTROYED,
                std::string(what) +
                    ": the current context was released (its last "
                    "cuDevicePrimaryCtxRelease)");
  if (ctx->sticky != CUDA_SUCCESS)
    return quietFail(ctx->sticky,
                     std::string(what) +
                         ": an earlier kernel failed: " + ctx->stickyReport);
  return CUDA_SUCCESS;
}

CUresult checkStream(Context &c, CUstream s, const char *what) {
  if (!s || s == CU_STREAM_LEGACY || s == CU_STREAM_PER_THREAD ||
      c.streams.count(s))
    return CUDA_SUCCESS;
  return fail(CUDA_ERROR_INVALID_HANDLE,
              std::string(what) + ": " + hex(reinterpret_cast<uintptr_t>(s)) +
                  " is not a stream of the current context");
}

namespace {

//===----------------------------------------------------------------------===//
// Initialisation, versions, devices
//===----------------------------------------------------------------------===//

CUresult init(Backend &b, unsigned flags) {
  Lock l(b.mutex);
  if (flags != 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuInit: flags must be 0, got " + std::to_string(flags));
  b.initialized = true;
  return CUDA_SUCCESS;
}

CUresult driverGetVersion(int *version) {
  if (!version)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuDriverGetVersion: null pointer");
  // The CUDA API of the headers the emulator was built with.
  *version = CUDA_VERSION;
  return CUDA_SUCCESS;
}

CUresult checkDevice(Backend &b, CUdevice dev, const char *what) {
  if (CUresult r = checkInit(b, what))
    return r;
  if (dev != 0)
    return fail(CUDA_ERROR_INVALID_DEVICE,
                std::string(what) + ": device " + std::to_string(dev) +
                    " does not exist (the emulator has one device, 0)");
  return CUDA_SUCCESS;
}

CUresult deviceGet(Backend &b, CUdevice *dev, int ordinal) {
  Lock l(b.mutex);
  if (CUresult r = checkInit(b, "cuDeviceGet"))
    return r;
  if (!dev)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuDeviceGet: null pointer");
  if (ordinal != 0)
    return fail(CUDA_ERROR_INVALID_DEVICE,
                "cuDeviceGet: ordinal " + std::to_string(ordinal) +
                    " does not exist (the emulator has one device, 0)");
  *dev = 0;
  return CUDA_SUCCESS;
}

CUresult deviceGetCount(Backend &b, int *count) {
  Lock l(b.mutex);
  if (CUresult r = checkInit(b, "cuDeviceGetCount"))
    return r;
  if (!count)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuDeviceGetCount: null pointer");
  *count = 1;
  return CUDA_SUCCESS;
}

CUresult deviceGetName(Backend &b, char *name, int len, CUdevice dev) {
  Lock l(b.mutex);
  if (CUresult r = checkDevice(b, dev, "cuDeviceGetName"))
    return r;
  if (!name || len <= 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuDeviceGetName: null buffer or length " +
                    std::to_string(len));
  std::snprintf(name, size_t(len), "%s", b.device.info().deviceName);
  return CUDA_SUCCESS;
}

CUresult deviceGetAttribute(Backend &b, int *value, CUdevice_attribute attr,
                            CUdevice dev) {
  Lock l(b.mutex);
  if (CUresult r = checkDevice(b, dev, "cuDeviceGetAttribute"))
    return r;
  if (!value)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuDeviceGetAttribute: null pointer");
  Expected<int> v = deviceAttribute(b.chip, int(attr));
  if (!v)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuDeviceGetAttribute: " + v.message());
  *value = *v;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Contexts
//===----------------------------------------------------------------------===//

Context *toCtx(CUcontext c) { return reinterpret_cast<Context *>(c); }

/// Frees what the context owns, as destroying a CUDA context does.
void destroyContext(Backend &b, Context &c) {
  for (auto &[key, m] : c.modules)
    for (auto &[name, f] : m->functions)
      c.functions.erase(f.get());
  c.modules.clear();
  c.streams.clear();
  c.events.clear();
  for (uint64_t a : c.allocations)
    (void)b.device.release(a);
  c.allocations.clear();
  c.alive = false;
  c.sticky = CUDA_SUCCESS;
  c.stickyReport.clear();
}

CUresult primaryCtxRetain(Backend &b, CUcontext *ctx, CUdevice dev) {
  Lock l(b.mutex);
  if (CUresult r = checkDevice(b, dev, "cuDevicePrimaryCtxRetain"))
    return r;
  if (!ctx)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuDevicePrimaryCtxRetain: null pointer");
  Context &c = b.primary;
  // A context released after a kernel failed starts afresh (the H200's
  // driver keeps refusing the retain instead; a fresh one lets one process
  // run several tests that fault).
  if (c.refs++ == 0)
    c.alive = true;
  *ctx = reinterpret_cast<CUcontext>(&c);
  return CUDA_SUCCESS;
}

CUresult primaryCtxRelease(Backend &b, CUdevice dev) {
  Lock l(b.mutex);
  if (CUresult r = checkDevice(b, dev, "cuDevicePrimaryCtxRelease"))
    return r;
  Context &c = b.primary;
  if (c.refs == 0)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "cuDevicePrimaryCtxRelease: the primary context is not "
                "retained");
  if (--c.refs == 0)
    destroyContext(b, c);
  return CUDA_SUCCESS;
}

CUresult ctxSetCurrent(Backend &b, CUcontext ctx) {
  Lock l(b.mutex);
  if (CUresult r = checkInit(b, "cuCtxSetCurrent"))
    return r;
  if (ctx && toCtx(ctx) != &b.primary)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "cuCtxSetCurrent: " + hex(reinterpret_cast<uintptr_t>(ctx)) +
                    " is not a context of the emulated " +
                    b.device.info().name);
  tCurrent[int(b.chip)] = toCtx(ctx);
  return CUDA_SUCCESS;
}

CUresult ctxSynchronize(Backend &b) {
  Lock l(b.mutex);
  Context *c = nullptr;
  return current(b, "cuCtxSynchronize", c);
}

//===----------------------------------------------------------------------===//
// Streams and events (kernels complete inside the launch: bookkeeping)
//===----------------------------------------------------------------------===//

CUresult streamCreate(Backend &b, CUstream *s, unsigned flags) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuStreamCreate", c))
    return r;
  if (!s)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuStreamCreate: null pointer");
  if (flags & ~unsigned(CU_STREAM_NON_BLOCKING))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuStreamCreate: flags " + std::to_string(flags) +
                    " (CU_STREAM_DEFAULT 0 or CU_STREAM_NON_BLOCKING 1)");
  auto obj = std::make_unique<StreamObj>(StreamObj{c, flags});
  *s = reinterpret_cast<CUstream>(obj.get());
  c->streams[obj.get()] = std::move(obj);
  return CUDA_SUCCESS;
}

CUresult streamDestroy(Backend &b, CUstream s) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuStreamDestroy", c))
    return r;
  if (!c->streams.erase(s))
    return fail(CUDA_ERROR_INVALID_HANDLE,
                "cuStreamDestroy: " + hex(reinterpret_cast<uintptr_t>(s)) +
                    " is not a stream of the current context");
  return CUDA_SUCCESS;
}

CUresult streamSynchronize(Backend &b, CUstream s) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuStreamSynchronize", c))
    return r;
  return checkStream(*c, s, "cuStreamSynchronize");
}

EventObj *findEvent(Context &c, CUevent e) {
  auto it = c.events.find(e);
  return it == c.events.end() ? nullptr : it->second.get();
}

CUresult noEvent(const char *what, CUevent e) {
  return fail(CUDA_ERROR_INVALID_HANDLE,
              std::string(what) + ": " + hex(reinterpret_cast<uintptr_t>(e)) +
                  " is not an event of the current context");
}

CUresult eventCreate(Backend &b, CUevent *e, unsigned flags) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuEventCreate", c))
    return r;
  if (!e)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuEventCreate: null pointer");
  const unsigned known =
      CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS;
  if ((flags & ~known) ||
      ((flags & CU_EVENT_INTERPROCESS) && !(flags & CU_EVENT_DISABLE_TIMING)))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuEventCreate: flags " + hex(flags) +
                    " (BLOCKING_SYNC 0x1, DISABLE_TIMING 0x2, INTERPROCESS "
                    "0x4 with DISABLE_TIMING)");
  auto obj = std::make_unique<EventObj>();
  obj->ctx = c;
  obj->flags = flags;
  *e = reinterpret_cast<CUevent>(obj.get());
  c->events[obj.get()] = std::move(obj);
  return CUDA_SUCCESS;
}

CUresult eventDestroy(Backend &b, CUevent e) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuEventDestroy", c))
    return r;
  if (!c->events.erase(e))
    return noEvent("cuEventDestroy", e);
  return CUDA_SUCCESS;
}

CUresult eventRecord(Backend &b, CUevent e, CUstream s) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuEventRecord", c))
    return r;
  EventObj *ev = findEvent(*c, e);
  if (!ev)
    return noEvent("cuEventRecord", e);
  if (CUresult r = checkStream(*c, s, "cuEventRecord"))
    return r;
  // Everything before it on the stream has completed: the event completes
  // now, on the host's clock.
  ev->recorded = true;
  ev->at = std::chrono::steady_clock::now();
  return CUDA_SUCCESS;
}

CUresult eventSynchronize(Backend &b, CUevent e) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuEventSynchronize", c))
    return r;
  if (!findEvent(*c, e))
    return noEvent("cuEventSynchronize", e);
  return CUDA_SUCCESS;
}

CUresult eventElapsedTime(Backend &b, float *ms, CUevent start, CUevent end) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuEventElapsedTime", c))
    return r;
  EventObj *s = findEvent(*c, start), *e = findEvent(*c, end);
  if (!s)
    return noEvent("cuEventElapsedTime", start);
  if (!e)
    return noEvent("cuEventElapsedTime", end);
  // The H200's driver answers all three with CUDA_ERROR_INVALID_HANDLE.
  if (!ms)
    return fail(CUDA_ERROR_INVALID_HANDLE, "cuEventElapsedTime: null pointer");
  for (EventObj *x : {s, e}) {
    if (x->flags & CU_EVENT_DISABLE_TIMING)
      return fail(CUDA_ERROR_INVALID_HANDLE,
                  std::string("cuEventElapsedTime: the ") +
                      (x == s ? "start" : "end") +
                      " event was created with CU_EVENT_DISABLE_TIMING");
    if (!x->recorded)
      return fail(CUDA_ERROR_INVALID_HANDLE,
                  std::string("cuEventElapsedTime: the ") +
                      (x == s ? "start" : "end") +
                      " event has not been recorded");
  }
  *ms = std::chrono::duration<float, std::milli>(e->at - s->at).count();
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

CUresult memAlloc(Backend &b, CUdeviceptr *p, size_t bytes) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuMemAlloc", c))
    return r;
  if (!p || bytes == 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                !p ? std::string("cuMemAlloc: null pointer")
                   : std::string("cuMemAlloc: 0 bytes"));
  const size_t total = b.device.info().totalMemBytes,
               used = b.device.bytesInUse();
  if (bytes > total - std::min(total, used))
    return fail(CUDA_ERROR_OUT_OF_MEMORY,
                "cuMemAlloc: " + std::to_string(bytes) + " bytes with " +
                    std::to_string(used) + " of the " + std::to_string(total) +
                    " bytes of the emulated " + b.device.info().deviceName +
                    " in use");
  Expected<uint64_t> a = b.device.allocate(bytes);
  if (!a)
    return fail(CUDA_ERROR_OUT_OF_MEMORY, "cuMemAlloc: " + a.message());
  c->allocations.insert(*a);
  *p = CUdeviceptr(*a);
  return CUDA_SUCCESS;
}

CUresult memFree(Backend &b, CUdeviceptr p) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuMemFree", c))
    return r;
  if (p == 0)
    return CUDA_SUCCESS;
  if (!c->allocations.count(p)) {
    const Device::Allocation *a = b.device.findAllocation(p);
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuMemFree: " + hex(p) +
                    (a ? " is " + std::to_string(p - a->base) +
                             " bytes into the allocation [" + hex(a->base) +
                             ", +" + std::to_string(a->bytes) +
                             "); free the address cuMemAlloc returned"
                       : std::string(" was not returned by cuMemAlloc (or "
                                     "was freed already)")));
  }
  Status s = b.device.release(p);
  if (!s)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuMemFree: " + s.message());
  c->allocations.erase(p);
  return CUDA_SUCCESS;
}

/// The checks of a copy of `bytes` between device memory at `device` and a
/// host pointer; `what` names the call and the side.
CUresult checkCopy(Backend &b, uint64_t device, const void *host, size_t bytes,
                   const char *what) {
  if (!host)
    return fail(CUDA_ERROR_INVALID_VALUE,
                std::string(what) + ": null host pointer");
  Status s = b.device.checkRange(device, bytes, what);
  if (!s)
    return fail(CUDA_ERROR_INVALID_VALUE, s.message());
  return CUDA_SUCCESS;
}

CUresult copyHtoD(Backend &b, CUdeviceptr dst, const void *src, size_t bytes,
                  CUstream *stream, const char *what) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, what, c))
    return r;
  if (stream)
    if (CUresult r = checkStream(*c, *stream, what))
      return r;
  if (bytes == 0)
    return CUDA_SUCCESS;
  std::string side = std::string(what) + " destination";
  if (CUresult r = checkCopy(b, dst, src, bytes, side.c_str()))
    return r;
  std::memcpy(reinterpret_cast<void *>(uintptr_t(dst)), src, bytes);
  return CUDA_SUCCESS;
}

CUresult copyDtoH(Backend &b, void *dst, CUdeviceptr src, size_t bytes,
                  CUstream *stream, const char *what) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, what, c))
    return r;
  if (stream)
    if (CUresult r = checkStream(*c, *stream, what))
      return r;
  if (bytes == 0)
    return CUDA_SUCCESS;
  std::string side = std::string(what) + " source";
  if (CUresult r = checkCopy(b, src, dst, bytes, side.c_str()))
    return r;
  std::memcpy(dst, reinterpret_cast<const void *>(uintptr_t(src)), bytes);
  return CUDA_SUCCESS;
}

CUresult memcpyHtoD(Backend &b, CUdeviceptr dst, const void *src,
                    size_t bytes) {
  return copyHtoD(b, dst, src, bytes, nullptr, "cuMemcpyHtoD");
}
CUresult memcpyDtoH(Backend &b, void *dst, CUdeviceptr src, size_t bytes) {
  return copyDtoH(b, dst, src, bytes, nullptr, "cuMemcpyDtoH");
}
CUresult memcpyHtoDAsync(Backend &b, CUdeviceptr dst, const void *src,
                         size_t bytes, CUstream s) {
  return copyHtoD(b, dst, src, bytes, &s, "cuMemcpyHtoDAsync");
}
CUresult memcpyDtoHAsync(Backend &b, void *dst, CUdeviceptr src, size_t bytes,
                         CUstream s) {
  return copyDtoH(b, dst, src, bytes, &s, "cuMemcpyDtoHAsync");
}

CUresult memsetD8(Backend &b, CUdeviceptr dst, unsigned char value,
                  size_t count) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuMemsetD8", c))
    return r;
  if (count == 0)
    return CUDA_SUCCESS;
  Status s = b.device.checkRange(dst, count, "cuMemsetD8");
  if (!s)
    return fail(CUDA_ERROR_INVALID_VALUE, s.message());
  std::memset(reinterpret_cast<void *>(uintptr_t(dst)), value, count);
  return CUDA_SUCCESS;
}

CUresult memsetD32(Backend &b, CUdeviceptr dst, unsigned value, size_t count) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuMemsetD32", c))
    return r;
  if (count == 0)
    return CUDA_SUCCESS;
  if (dst % 4 != 0)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuMemsetD32: " + hex(dst) + " is not 4-byte aligned");
  if (count > SIZE_MAX / 4)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuMemsetD32: " + std::to_string(count) +
                    " words overflow the address space");
  Status s = b.device.checkRange(dst, count * 4, "cuMemsetD32");
  if (!s)
    return fail(CUDA_ERROR_INVALID_VALUE, s.message());
  auto *w = reinterpret_cast<uint32_t *>(uintptr_t(dst));
  for (size_t i = 0; i < count; ++i)
    w[i] = value;
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// The table
//===----------------------------------------------------------------------===//

template <Chip C> void fillTable(rt::DriverApi &api) {
  api.cuInit = &Bind<C, &init>::call;
  api.cuDriverGetVersion = &driverGetVersion;
  api.cuGetErrorName = &getErrorName;
  api.cuGetErrorString = &getErrorString;
  api.cuDeviceGet = &Bind<C, &deviceGet>::call;
  api.cuDeviceGetCount = &Bind<C, &deviceGetCount>::call;
  api.cuDeviceGetName = &Bind<C, &deviceGetName>::call;
  api.cuDeviceGetAttribute = &Bind<C, &deviceGetAttribute>::call;
  api.cuDevicePrimaryCtxRetain = &Bind<C, &primaryCtxRetain>::call;
  api.cuDevicePrimaryCtxRelease = &Bind<C, &primaryCtxRelease>::call;
  api.cuCtxSetCurrent = &Bind<C, &ctxSetCurrent>::call;
  api.cuCtxSynchronize = &Bind<C, &ctxSynchronize>::call;
  api.cuStreamCreate = &Bind<C, &streamCreate>::call;
  api.cuStreamDestroy = &Bind<C, &streamDestroy>::call;
  api.cuStreamSynchronize = &Bind<C, &streamSynchronize>::call;
  api.cuEventCreate = &Bind<C, &eventCreate>::call;
  api.cuEventDestroy = &Bind<C, &eventDestroy>::call;
  api.cuEventRecord = &Bind<C, &eventRecord>::call;
  api.cuEventSynchronize = &Bind<C, &eventSynchronize>::call;
  api.cuEventElapsedTime = &Bind<C, &eventElapsedTime>::call;
  api.cuMemAlloc = &Bind<C, &memAlloc>::call;
  api.cuMemFree = &Bind<C, &memFree>::call;
  api.cuMemcpyHtoD = &Bind<C, &memcpyHtoD>::call;
  api.cuMemcpyDtoH = &Bind<C, &memcpyDtoH>::call;
  api.cuMemcpyHtoDAsync = &Bind<C, &memcpyHtoDAsync>::call;
  api.cuMemcpyDtoHAsync = &Bind<C, &memcpyDtoHAsync>::call;
  api.cuMemsetD8 = &Bind<C, &memsetD8>::call;
  api.cuMemsetD32 = &Bind<C, &memsetD32>::call;
  api.cuModuleLoadDataEx = &Bind<C, &moduleLoadDataEx>::call;
  api.cuModuleUnload = &Bind<C, &moduleUnload>::call;
  api.cuModuleGetFunction = &Bind<C, &moduleGetFunction>::call;
  api.cuFuncGetAttribute = &Bind<C, &funcGetAttribute>::call;
  api.cuFuncSetAttribute = &Bind<C, &funcSetAttribute>::call;
  api.cuLaunchKernel = &Bind<C, &launchKernel>::call;
  api.cuLaunchKernelEx = &Bind<C, &launchKernelEx>::call;
  api.cuTensorMapEncodeTiled = &Bind<C, &tensorMapEncodeTiled>::call;
}

} // namespace
} // namespace driver

using namespace driver;

Status installDriver(rt::DriverApi &api, Chip chip) {
  std::lock_guard<std::mutex> lock(gInstallMutex);
  Backend *&b = gBackends[int(chip)];
  if (!b) {
    Expected<Options> options = Options::fromEnvironment();
    if (!options)
      return options.error().withContext(std::string("cute-emu (") +
                                         chipInfo(chip).name + ")");
    b = new Backend(chip, *options);
  }
  gLastInstalled = b;
  switch (chip) {
  case Chip::Sm90a:
    fillTable<Chip::Sm90a>(api);
    break;
  case Chip::Sm100a:
    fillTable<Chip::Sm100a>(api);
    break;
  case Chip::Sm120a:
    fillTable<Chip::Sm120a>(api);
    break;
  }
  return okStatus();
}

Device *driverDevice() {
  std::lock_guard<std::mutex> lock(gInstallMutex);
  return gLastInstalled ? &gLastInstalled->device : nullptr;
}

LaunchStats lastLaunchStats() {
  std::lock_guard<std::mutex> lock(gStatsMutex);
  return gLastStats;
}

std::string lastErrorDetail() { return tLastError; }

} // namespace cute::emu
