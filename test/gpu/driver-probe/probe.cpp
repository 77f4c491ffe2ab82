//===- probe.cpp - What the CUDA driver does, for cute-emu's driver -------===//
//
// Calls the real driver (dlopen'ed like the runtime) with the arguments the
// emulator's driver backend (lib/Emu/Driver*.cpp) must answer as CUDA does:
// every device attribute, error names, memory errors, module loading
// errors and their JIT logs, function attributes, launch configurations,
// each rule of cuTensorMapEncodeTiled, and the sticky error of a trapping
// kernel. Not built by CMake; on a GPU machine:
//   g++ -std=c++17 -I/usr/local/cuda/include probe.cpp -o probe -ldl
//   ./probe > probe.txt
// probe.h200.txt is its output on the H200 (driver 13.0, 2026-12-02);
// probe2.cpp (and probe2.h200.txt) adds every CUresult's name and text and
// the cases probe.cpp left ambiguous.
//
//===----------------------------------------------------------------------===//
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda.h>
#include <dlfcn.h>
#include <string>
#include <vector>

#define STR_(x) #x
#define SYM(x) STR_(x)
static void *h;
#define F(name) auto p_##name = (decltype(&::name))dlsym(h, SYM(name));
#define R(expr)                                                                \
  do {                                                                         \
    CUresult r_ = (expr);                                                      \
    const char *n_ = 0;                                                        \
    p_cuGetErrorName(r_, &n_);                                                 \
    std::printf("%-60s -> %d %s\n", #expr, int(r_), n_ ? n_ : "?");            \
  } while (0)

int main() {
  setvbuf(stdout, nullptr, _IONBF, 0);
  h = dlopen("libcuda.so.1", RTLD_NOW);
  if (!h) {
    std::printf("no libcuda\n");
    return 1;
  }
  // clang-format off
  F(cuInit)
  F(cuDriverGetVersion)
  F(cuGetErrorName)
  F(cuGetErrorString)
  F(cuDeviceGet)
  F(cuDeviceGetCount)
  F(cuDeviceGetName)
  F(cuDeviceGetAttribute)
  F(cuDeviceTotalMem)
  F(cuDevicePrimaryCtxRetain)
  F(cuDevicePrimaryCtxRelease)
  F(cuCtxSetCurrent)
  F(cuCtxSynchronize)
  F(cuStreamCreate)
  F(cuStreamDestroy)
  F(cuStreamSynchronize)
  F(cuEventCreate)
  F(cuEventDestroy)
  F(cuEventRecord)
  F(cuEventSynchronize)
  F(cuEventElapsedTime)
  F(cuMemAlloc)
  F(cuMemFree)
  F(cuMemcpyHtoD)
  F(cuMemcpyDtoH)
  F(cuMemcpyHtoDAsync)
  F(cuMemcpyDtoHAsync)
  F(cuMemsetD8)
  F(cuMemsetD32)
  F(cuModuleLoadDataEx)
  F(cuModuleUnload)
  F(cuModuleGetFunction)
  F(cuFuncGetAttribute)
  F(cuFuncSetAttribute)
  F(cuLaunchKernel)
  F(cuLaunchKernelEx)
  F(cuTensorMapEncodeTiled)
  F(cuCtxGetCurrent)
  // clang-format on
  int v = 0;
  p_cuDriverGetVersion(&v);
  std::printf("driver version %d\n", v);
  for (int e : {0,   1,   2,   100, 101, 200, 201, 209, 218, 222, 300,
                400, 500, 700, 701, 710, 715, 716, 719, 720, 912, 999}) {
    const char *n = 0, *s = 0;
    CUresult a = p_cuGetErrorName(CUresult(e), &n),
             b = p_cuGetErrorString(CUresult(e), &s);
    std::printf("err %d: %d %s | %d %s\n", e, int(a), n ? n : "(null)", int(b),
                s ? s : "(null)");
  }
  {
    const char *n = (const char *)1;
    CUresult a = p_cuGetErrorName(CUresult(12345), &n);
    std::printf("err 12345: %d %p\n", int(a), (const void *)n);
  }
  int count = 0;
  R(p_cuDeviceGetCount(&count));
  CUdevice dev;
  R(p_cuDeviceGet(&dev, 0));
  std::printf("dev handle %d\n", int(dev));
  R(p_cuDeviceGet(&dev, 1));
  R(p_cuDeviceGet(&dev, 0));
  char name[256];
  R(p_cuDeviceGetName(name, 256, dev));
  std::printf("name '%s'\n", name);
  size_t total = 0;
  R(p_cuDeviceTotalMem(&total, dev));
  std::printf("totalmem %zu\n", total);
  for (int a = 1; a <= 147; ++a) {
    int x = 0;
    CUresult r = p_cuDeviceGetAttribute(&x, CUdevice_attribute(a), dev);
    std::printf("attr %d = %d (rc %d)\n", a, x, int(r));
  }
  {
    int x = 0;
    R(p_cuDeviceGetAttribute(&x, CUdevice_attribute(9999), dev));
    R(p_cuDeviceGetAttribute(&x, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, 5));
  }
  CUdeviceptr d0 = 0;
  R(p_cuMemAlloc(&d0, 64)); // before context
  CUcontext ctx;
  R(p_cuDevicePrimaryCtxRetain(&ctx, dev));
  R(p_cuCtxSetCurrent(ctx));
  CUdeviceptr d = 0;
  R(p_cuMemAlloc(&d, 4096));
  std::printf("alloc %llx\n", (unsigned long long)d);
  CUdeviceptr dz = 0;
  R(p_cuMemAlloc(&dz, 0));
  R(p_cuMemAlloc(nullptr, 16));
  CUdeviceptr dh = 0;
  R(p_cuMemAlloc(&dh, size_t(1) << 50));
  char host[8192] = {0};
  R(p_cuMemcpyHtoD(d, host, 4096));
  R(p_cuMemcpyHtoD(d, host, 4097));
  R(p_cuMemcpyHtoD(d + 4000, host, 200));
  R(p_cuMemcpyHtoD(d, host, 0));
  R(p_cuMemcpyHtoD(0, host, 16));
  R(p_cuMemcpyHtoD(0x1000, host, 16));
  R(p_cuMemcpyHtoD(d, nullptr, 16));
  R(p_cuMemcpyDtoH(host, d + 4095, 2));
  R(p_cuMemcpyDtoH(nullptr, d, 16));
  R(p_cuMemsetD8(d, 1, 4096));
  R(p_cuMemsetD8(d, 1, 4097));
  R(p_cuMemsetD32(d + 2, 1, 4));
  R(p_cuMemsetD32(d, 1, 1025));
  R(p_cuMemsetD32(d, 1, 1024));
  R(p_cuMemsetD8(d, 1, 0));
  R(p_cuMemFree(d + 16));
  R(p_cuMemFree(0));
  R(p_cuMemFree(0x1234000));
  CUdeviceptr d2 = 0;
  R(p_cuMemAlloc(&d2, 100));
  R(p_cuMemFree(d2));
  R(p_cuMemFree(d2));
  // Streams and events.
  CUstream s;
  R(p_cuStreamCreate(&s, CU_STREAM_NON_BLOCKING));
  R(p_cuStreamCreate(&s, 7));
  R(p_cuStreamCreate(&s, 0));
  CUevent e0, e1, e2, e3;
  R(p_cuEventCreate(&e0, 0));
  R(p_cuEventCreate(&e1, 0));
  R(p_cuEventCreate(&e2, CU_EVENT_DISABLE_TIMING));
  R(p_cuEventCreate(&e3, 0x100));
  float ms = -1;
  R(p_cuEventElapsedTime(&ms, e0, e1));
  std::printf("ms %f\n", ms);
  R(p_cuEventRecord(e0, s));
  R(p_cuEventElapsedTime(&ms, e0, e1));
  R(p_cuEventRecord(e1, s));
  R(p_cuEventSynchronize(e1));
  R(p_cuEventElapsedTime(&ms, e0, e1));
  std::printf("ms %f\n", ms);
  R(p_cuEventRecord(e2, s));
  R(p_cuEventElapsedTime(&ms, e0, e2));
  R(p_cuEventElapsedTime(nullptr, e0, e1));
  R(p_cuEventSynchronize(e3 = nullptr));
  R(p_cuEventRecord(e0, nullptr));
  R(p_cuMemcpyHtoDAsync(d, host, 16, s));
  R(p_cuMemcpyDtoHAsync(host, d, 16, s));
  R(p_cuStreamSynchronize(s));
  R(p_cuMemcpyHtoDAsync(d, host, 4097, s));
  R(p_cuStreamSynchronize(nullptr));
  // Modules.
  static const char ptx[] =
      ".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry k(.param .u64 p, .param .u32 n)\n{\n .reg .b64 %rd<3>; "
      ".reg .b32 %r<3>;\n"
      " ld.param.u64 %rd1, [p];\n ld.param.u32 %r1, [n];\n cvta.to.global.u64 "
      "%rd2, %rd1;\n st.global.u32 [%rd2], %r1;\n ret;\n}\n"
      ".visible .entry t()\n{\n trap;\n}\n"
      ".visible .entry big() .reqntid 128\n{\n ret;\n}\n"
      ".visible .entry cl() .reqnctapercluster 2, 1, 1\n{\n ret;\n}\n"
      ".visible .entry sm()\n{\n .shared .align 4 .b8 buf[1000];\n ret;\n}\n";
  std::vector<char> err(4096, 0), info(4096, 0);
  CUjit_option opts[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {err.data(), (void *)4095, info.data(), (void *)4095};
  CUmodule m;
  R(p_cuModuleLoadDataEx(&m, ptx, 4, opts, vals));
  std::printf("errlog size %zu '%s' infolog size %zu '%s'\n", (size_t)vals[1],
              err.data(), (size_t)vals[3], info.data());
  const char bad[] = ".version 8.0\n.target sm_90a\n.address_size 64\n.visible "
                     ".entry broken() {\n  frobnicate.u32 %r1;\n}\n";
  void *vals2[] = {err.data(), (void *)4095, info.data(), (void *)4095};
  CUmodule mb;
  R(p_cuModuleLoadDataEx(&mb, bad, 4, opts, vals2));
  std::printf("errlog size %zu '%s'\n", (size_t)vals2[1], err.data());
  const char t100[] = ".version 8.8\n.target sm_100a\n.address_size "
                      "64\n.visible .entry x() {\n ret;\n}\n";
  void *vals3[] = {err.data(), (void *)4095, info.data(), (void *)4095};
  R(p_cuModuleLoadDataEx(&mb, t100, 4, opts, vals3));
  std::printf("errlog size %zu '%s'\n", (size_t)vals3[1], err.data());
  const char elf[64] = "\x7f"
                       "ELF garbage";
  void *vals4[] = {err.data(), (void *)4095, info.data(), (void *)4095};
  R(p_cuModuleLoadDataEx(&mb, elf, 4, opts, vals4));
  std::printf("errlog size %zu '%s'\n", (size_t)vals4[1], err.data());
  CUfunction f, ft, fb, fc, fs;
  R(p_cuModuleGetFunction(&f, m, "k"));
  R(p_cuModuleGetFunction(&ft, m, "nope"));
  R(p_cuModuleGetFunction(&ft, m, "t"));
  R(p_cuModuleGetFunction(&fb, m, "big"));
  R(p_cuModuleGetFunction(&fc, m, "cl"));
  R(p_cuModuleGetFunction(&fs, m, "sm"));
  CUfunction f2;
  R(p_cuModuleGetFunction(&f2, m, "k"));
  std::printf("same handle %d\n", int(f2 == f));
  for (CUfunction fn : {f, fb, fc, fs})
    for (int a = 0; a <= 19; ++a) {
      int x = -7;
      CUresult r = p_cuFuncGetAttribute(&x, CUfunction_attribute(a), fn);
      std::printf("fattr %d = %d (rc %d)\n", a, x, int(r));
    }
  int optin = 0;
  p_cuDeviceGetAttribute(
      &optin, CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, dev);
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         optin));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         optin + 1));
  R(p_cuFuncSetAttribute(fs, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         optin));
  R(p_cuFuncSetAttribute(fs, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         optin - 1000));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         -1));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                         2));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                         101));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                         50));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NUM_REGS, 50));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, 2));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         0));
  // Launches.
  CUdeviceptr out = 0;
  R(p_cuMemAlloc(&out, 64));
  unsigned n = 5;
  void *args[] = {&out, &n};
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
  R(p_cuStreamSynchronize(s));
  R(p_cuLaunchKernel(f, 0, 1, 1, 1, 1, 1, 0, s, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1025, 1, 1, 0, s, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 65, 0, s, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 65536, 1, 1, 1, 1, 0, s, args, nullptr));
  R(p_cuLaunchKernel(f, 0x80000000u, 1, 1, 1, 1, 1, 0, s, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 1, s, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 48 * 1024 + 1, s, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 48 * 1024, s, args, nullptr));
  R(p_cuLaunchKernel(fs, 1, 1, 1, 1, 1, 1, 48 * 1024, s, nullptr, nullptr));
  R(p_cuLaunchKernel(fs, 1, 1, 1, 1, 1, 1, 48 * 1024 - 1000, s, nullptr,
                     nullptr));
  R(p_cuLaunchKernel(fb, 1, 1, 1, 64, 1, 1, 0, s, nullptr, nullptr));
  R(p_cuLaunchKernel(fb, 1, 1, 1, 128, 1, 1, 0, s, nullptr, nullptr));
  R(p_cuLaunchKernel(fc, 3, 1, 1, 1, 1, 1, 0, s, nullptr, nullptr));
  R(p_cuLaunchKernel(fc, 4, 1, 1, 1, 1, 1, 0, s, nullptr, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, nullptr, nullptr));
  {
    size_t bufSize = 16;
    unsigned char buf[16];
    std::memcpy(buf, &out, 8);
    std::memcpy(buf + 8, &n, 4);
    void *extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, buf,
                     CU_LAUNCH_PARAM_BUFFER_SIZE, &bufSize,
                     CU_LAUNCH_PARAM_END};
    R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, nullptr, extra));
    R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, extra));
    size_t small = 8;
    void *extra2[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, buf,
                      CU_LAUNCH_PARAM_BUFFER_SIZE, &small, CU_LAUNCH_PARAM_END};
    R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, nullptr, extra2));
  }
  auto ex = [&](CUfunction fn, unsigned gx, unsigned cx, unsigned cy, int nattr,
                unsigned block = 1) {
    CUlaunchConfig lc;
    std::memset(&lc, 0, sizeof lc);
    lc.gridDimX = gx;
    lc.gridDimY = 1;
    lc.gridDimZ = 1;
    lc.blockDimX = block;
    lc.blockDimY = 1;
    lc.blockDimZ = 1;
    lc.hStream = s;
    CUlaunchAttribute at;
    std::memset(&at, 0, sizeof at);
    at.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    at.value.clusterDim.x = cx;
    at.value.clusterDim.y = cy;
    at.value.clusterDim.z = 1;
    lc.attrs = &at;
    lc.numAttrs = nattr;
    return p_cuLaunchKernelEx(&lc, fn, fn == f ? args : nullptr, nullptr);
  };
  R(ex(f, 4, 2, 1, 1));
  R(ex(f, 3, 2, 1, 1));
  R(ex(f, 16, 16, 1, 1));
  R(ex(f, 16, 8, 1, 1));
  R(ex(f, 16, 9, 1, 1));
  R(ex(f, 16, 0, 1, 1));
  R(ex(f, 4, 2, 2, 1));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED,
                         1));
  R(ex(f, 16, 16, 1, 1));
  R(ex(f, 32, 32, 1, 1));
  R(ex(f, 32, 16, 1, 1, 1024));
  R(ex(fc, 4, 4, 1, 1));
  R(ex(fc, 4, 2, 1, 1));
  R(ex(fc, 4, 1, 1, 0));
  {
    CUlaunchConfig lc;
    std::memset(&lc, 0, sizeof lc);
    lc.gridDimX = lc.gridDimY = lc.gridDimZ = 1;
    lc.blockDimX = lc.blockDimY = lc.blockDimZ = 1;
    CUlaunchAttribute at;
    std::memset(&at, 0, sizeof at);
    at.id = CUlaunchAttributeID(99);
    lc.attrs = &at;
    lc.numAttrs = 1;
    R(p_cuLaunchKernelEx(&lc, f, args, nullptr));
    at.id = CU_LAUNCH_ATTRIBUTE_PRIORITY;
    at.value.priority = 0;
    R(p_cuLaunchKernelEx(&lc, f, args, nullptr));
    at.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    at.value.cooperative = 1;
    R(p_cuLaunchKernelEx(&lc, f, args, nullptr));
    R(p_cuLaunchKernelEx(nullptr, f, args, nullptr));
  }
  R(p_cuStreamSynchronize(s));
  // Tensor maps.
  alignas(128) CUtensorMap tmaps[2];
  CUtensorMap *tm = &tmaps[0];
  CUdeviceptr g = 0;
  R(p_cuMemAlloc(&g, 1 << 20));
  auto enc = [&](CUtensorMap *t, int dt, unsigned rank, CUdeviceptr addr,
                 std::vector<cuuint64_t> dims, std::vector<cuuint64_t> strides,
                 std::vector<cuuint32_t> box, std::vector<cuuint32_t> es,
                 int il, int sw, int l2, int oob) {
    return p_cuTensorMapEncodeTiled(
        t, CUtensorMapDataType(dt), rank, (void *)addr, dims.data(),
        strides.data(), box.data(), es.data(), CUtensorMapInterleave(il),
        CUtensorMapSwizzle(sw), CUtensorMapL2promotion(l2),
        CUtensorMapFloatOOBfill(oob));
  };
#define T(label, ...)                                                          \
  do {                                                                         \
    CUresult r_ = enc(__VA_ARGS__);                                            \
    const char *n_ = 0;                                                        \
    p_cuGetErrorName(r_, &n_);                                                 \
    std::printf("tmap %-40s -> %d %s\n", label, int(r_), n_);                  \
  } while (0)
  T("ok f32 2d", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  {
    const unsigned char *b = (const unsigned char *)tm;
    std::printf("tmap bytes:");
    for (int i = 0; i < 128; ++i)
      std::printf(" %02x", b[i]);
    std::printf("\n");
  }
  T("map misaligned 64", (CUtensorMap *)((char *)tm + 64), 7, 2, g, {64, 48},
    {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("map misaligned 16", (CUtensorMap *)((char *)tm + 16), 7, 2, g, {64, 48},
    {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("map null", nullptr, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0,
    0);
  T("dtype 16", tm, 16, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("dtype 13 16U4", tm, 13, 2, g, {128, 48}, {256}, {128, 16}, {1, 1}, 0, 0, 0,
    0);
  T("rank 0", tm, 7, 0, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("rank 6", tm, 7, 6, g, {64, 48, 1, 1, 1, 1}, {256, 256, 256, 256, 256},
    {32, 16, 1, 1, 1, 1}, {1, 1, 1, 1, 1, 1}, 0, 0, 0, 0);
  T("rank 1 ok", tm, 7, 1, g, {64}, {}, {32}, {1}, 0, 0, 0, 0);
  T("interleave rank 2", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 1, 0,
    0, 0);
  T("interleave16 rank 3 ok", tm, 7, 3, g, {64, 48, 2}, {256, 256 * 48},
    {32, 16, 1}, {1, 1, 1}, 1, 0, 0, 0);
  T("interleave32 rank 3 sw none", tm, 7, 3, g, {64, 48, 2}, {256, 256 * 48},
    {8, 16, 1}, {1, 1, 1}, 2, 0, 0, 0);
  T("interleave32 rank 3 sw 32", tm, 7, 3, g, {64, 48, 2}, {256, 256 * 48},
    {8, 16, 1}, {1, 1, 1}, 2, 1, 0, 0);
  T("interleave32 rank 3 sw 128", tm, 7, 3, g, {64, 48, 2}, {256, 256 * 48},
    {8, 16, 1}, {1, 1, 1}, 2, 3, 0, 0);
  T("interleave32 addr 16", tm, 7, 3, g + 16, {64, 48, 2}, {256, 256 * 48},
    {8, 16, 1}, {1, 1, 1}, 2, 1, 0, 0);
  T("interleave16 box0 bytes 12", tm, 7, 3, g, {64, 48, 2}, {256, 256 * 48},
    {3, 16, 1}, {1, 1, 1}, 1, 0, 0, 0);
  T("interleave16 box0 > 256", tm, 7, 3, g, {640, 48, 2}, {2560, 2560 * 48},
    {300, 16, 1}, {1, 1, 1}, 1, 0, 0, 0);
  T("interleave enum 3", tm, 7, 3, g, {64, 48, 2}, {256, 256 * 48}, {32, 16, 1},
    {1, 1, 1}, 3, 0, 0, 0);
  T("addr null", tm, 7, 2, 0, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("addr +8", tm, 7, 2, g + 8, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("addr +16", tm, 7, 2, g + 16, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0,
    0);
  T("addr unallocated", tm, 7, 2, 0x100000000000ull, {64, 48}, {256}, {32, 16},
    {1, 1}, 0, 0, 0, 0);
  T("dim 0", tm, 7, 2, g, {0, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("dim 2^32", tm, 7, 2, g, {1ull << 32, 48}, {1ull << 36}, {32, 16}, {1, 1},
    0, 0, 0, 0);
  T("dim 2^32+1", tm, 7, 2, g, {(1ull << 32) + 1, 48}, {1ull << 36}, {32, 16},
    {1, 1}, 0, 0, 0, 0);
  T("stride 8", tm, 7, 2, g, {2, 48}, {8}, {4, 16}, {1, 1}, 0, 0, 0, 0);
  T("stride 260", tm, 7, 2, g, {64, 48}, {260}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("stride 0", tm, 7, 2, g, {64, 48}, {0}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("stride < dim0 bytes", tm, 7, 2, g, {64, 48}, {128}, {32, 16}, {1, 1}, 0, 0,
    0, 0);
  T("stride 2^40", tm, 7, 2, g, {64, 48}, {1ull << 40}, {32, 16}, {1, 1}, 0, 0,
    0, 0);
  T("stride 2^40-16", tm, 7, 2, g, {64, 48}, {(1ull << 40) - 16}, {32, 16},
    {1, 1}, 0, 0, 0, 0);
  T("interleave32 stride 48", tm, 7, 3, g, {8, 48, 2}, {48, 48 * 48},
    {8, 16, 1}, {1, 1, 1}, 2, 1, 0, 0);
  T("box 0", tm, 7, 2, g, {64, 48}, {256}, {0, 16}, {1, 1}, 0, 0, 0, 0);
  T("box 257", tm, 7, 2, g, {640, 480}, {2560}, {32, 257}, {1, 1}, 0, 0, 0, 0);
  T("box 256", tm, 7, 2, g, {640, 480}, {2560}, {32, 256}, {1, 1}, 0, 0, 0, 0);
  T("box > dim", tm, 7, 2, g, {64, 8}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 0);
  T("box0 bytes 12", tm, 7, 2, g, {64, 48}, {256}, {3, 16}, {1, 1}, 0, 0, 0, 0);
  T("box0 bytes 8 u16", tm, 1, 2, g, {64, 48}, {128}, {4, 16}, {1, 1}, 0, 0, 0,
    0);
  T("swizzle32 box0 64B", tm, 7, 2, g, {64, 48}, {256}, {16, 16}, {1, 1}, 0, 1,
    0, 0);
  T("swizzle32 box0 32B", tm, 7, 2, g, {64, 48}, {256}, {8, 16}, {1, 1}, 0, 1,
    0, 0);
  T("swizzle64 box0 128B", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 2,
    0, 0);
  T("swizzle128 box0 128B", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0,
    3, 0, 0);
  T("swizzle128 box0 256B", tm, 7, 2, g, {128, 48}, {512}, {64, 16}, {1, 1}, 0,
    3, 0, 0);
  T("swizzle enum 4 128B_ATOM_32B", tm, 7, 2, g, {64, 48}, {256}, {32, 16},
    {1, 1}, 0, 4, 0, 0);
  T("swizzle enum 7", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 7, 0,
    0);
  T("estride 0", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {0, 1}, 0, 0, 0, 0);
  T("estride 9", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 9}, 0, 0, 0, 0);
  T("estride 8", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 8}, 0, 0, 0, 0);
  T("estride0 2", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {2, 1}, 0, 0, 0, 0);
  T("l2 enum 4", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 4, 0);
  T("oob enum 2", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 2);
  T("oob nan u8", tm, 0, 2, g, {64, 48}, {64}, {32, 16}, {1, 1}, 0, 0, 0, 1);
  T("oob nan i32", tm, 3, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 1);
  T("oob nan f32", tm, 7, 2, g, {64, 48}, {256}, {32, 16}, {1, 1}, 0, 0, 0, 1);
  T("oob nan bf16", tm, 9, 2, g, {64, 48}, {128}, {32, 16}, {1, 1}, 0, 0, 0, 1);
  T("f64 5d ok", tm, 8, 5, g, {2, 2, 2, 2, 2}, {16, 32, 64, 128},
    {2, 2, 2, 2, 2}, {1, 1, 1, 1, 1}, 0, 0, 0, 0);
  // Sticky error: a trapping kernel.
  R(p_cuLaunchKernel(ft, 1, 1, 1, 1, 1, 1, 0, s, nullptr, nullptr));
  R(p_cuStreamSynchronize(s));
  R(p_cuCtxSynchronize());
  CUdeviceptr d3;
  R(p_cuMemAlloc(&d3, 16));
  R(p_cuMemcpyDtoH(host, d, 16));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, s, args, nullptr));
  R(p_cuModuleGetFunction(&f2, m, "k"));
  int x = 0;
  R(p_cuDeviceGetAttribute(&x, CU_DEVICE_ATTRIBUTE_CLOCK_RATE, dev));
  R(p_cuEventRecord(e0, s));
  R(p_cuStreamDestroy(s));
  R(p_cuModuleUnload(m));
  R(p_cuMemFree(d));
  R(p_cuDevicePrimaryCtxRelease(dev));
  R(p_cuDevicePrimaryCtxRetain(&ctx, dev));
  R(p_cuCtxSetCurrent(ctx));
  R(p_cuMemAlloc(&d3, 16));
  R(p_cuDevicePrimaryCtxRelease(dev));
  R(p_cuDevicePrimaryCtxRelease(dev));
  CUcontext cur = (CUcontext)1;
  R(p_cuCtxGetCurrent(&cur));
  std::printf("current after release %p\n", (void *)cur);
  R(p_cuMemAlloc(&d3, 16));
  R(p_cuCtxSetCurrent(nullptr));
  R(p_cuMemAlloc(&d3, 16));
  R(p_cuCtxSynchronize());
  return 0;
}
