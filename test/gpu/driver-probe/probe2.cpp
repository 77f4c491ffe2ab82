//===- probe2.cpp - More of what the CUDA driver does ---------------------===//
//
// The second probe for cute-emu's driver backend (see probe.cpp): the name
// and description of every CUresult of cuda.h, .maxntid launches, dynamic
// shared memory against the function's limit, cluster sizes with and
// without the non-portable opt-in, launch attributes, the tensor-map rules
// probe.cpp could not tell apart, and retaining the primary context after
// a kernel failed. probe2.h200.txt: its output on the H200 (driver 13.0).
//
//===----------------------------------------------------------------------===//
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <dlfcn.h>
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
  // clang-format off
  F(cuInit)
  F(cuGetErrorName)
  F(cuGetErrorString)
  F(cuDeviceGet)
  F(cuDevicePrimaryCtxRetain)
  F(cuDevicePrimaryCtxRelease)
  F(cuCtxSetCurrent)
  F(cuCtxSynchronize)
  F(cuMemAlloc)
  F(cuMemcpyHtoD)
  F(cuModuleLoadDataEx)
  F(cuModuleGetFunction)
  F(cuFuncGetAttribute)
  F(cuFuncSetAttribute)
  F(cuLaunchKernel)
  F(cuLaunchKernelEx)
  F(cuTensorMapEncodeTiled)
  F(cuStreamSynchronize)
  F(cuMemFree)
  // clang-format on
  int codes[] = {
      0,   1,   2,   3,   4,   5,   6,   7,   8,   34,  36,  46,  100, 101, 102,
      200, 201, 202, 205, 206, 207, 208, 209, 210, 211, 212, 213, 214, 215, 216,
      217, 218, 219, 220, 221, 222, 223, 224, 225, 226, 300, 301, 302, 303, 304,
      400, 401, 402, 500, 600, 700, 701, 702, 703, 704, 705, 708, 709, 710, 711,
      712, 713, 714, 715, 716, 717, 718, 719, 720, 721, 800, 801, 802, 803, 804,
      805, 806, 807, 808, 809, 810, 811, 812, 900, 901, 902, 903, 904, 905, 906,
      907, 908, 909, 910, 911, 912, 913, 914, 915, 916, 999,
  };
  for (int e : codes) {
    const char *n = 0, *s = 0;
    p_cuGetErrorName(CUresult(e), &n);
    p_cuGetErrorString(CUresult(e), &s);
    std::printf("ERR\t%d\t%s\t%s\n", e, n ? n : "(null)", s ? s : "(null)");
  }
  CUdevice dev;
  p_cuDeviceGet(&dev, 0);
  CUcontext ctx;
  p_cuDevicePrimaryCtxRetain(&ctx, dev);
  p_cuCtxSetCurrent(ctx);
  static const char ptx[] =
      ".version 8.0\n.target sm_90a\n.address_size 64\n"
      ".visible .entry k(.param .u32 n)\n{\n ret;\n}\n"
      ".visible .entry k2(.param .u32 n)\n{\n ret;\n}\n"
      ".visible .entry mx() .maxntid 128, 1, 1\n{\n ret;\n}\n"
      ".visible .entry t()\n{\n trap;\n}\n";
  CUmodule m;
  R(p_cuModuleLoadDataEx(&m, ptx, 0, nullptr, nullptr));
  CUfunction f, f2, mx, t;
  R(p_cuModuleGetFunction(&f, m, "k"));
  R(p_cuModuleGetFunction(&f2, m, "k2"));
  R(p_cuModuleGetFunction(&mx, m, "mx"));
  R(p_cuModuleGetFunction(&t, m, "t"));
  R(p_cuModuleGetFunction(&t, m, nullptr));
  R(p_cuModuleGetFunction(nullptr, m, "t"));
  unsigned n = 1;
  void *args[] = {&n};
  int x = 0;
  R(p_cuFuncGetAttribute(&x, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, mx));
  std::printf("mx maxthreads %d\n", x);
  R(p_cuLaunchKernel(mx, 1, 1, 1, 256, 1, 1, 0, nullptr, nullptr, nullptr));
  R(p_cuLaunchKernel(mx, 1, 1, 1, 64, 2, 1, 0, nullptr, nullptr, nullptr));
  R(p_cuLaunchKernel(mx, 1, 1, 1, 128, 1, 1, 0, nullptr, nullptr, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 48 * 1024 + 1, nullptr, args,
                     nullptr));
  R(p_cuFuncSetAttribute(f, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                         64 * 1024));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 64 * 1024, nullptr, args, nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 64 * 1024 + 1, nullptr, args,
                     nullptr));
  R(p_cuLaunchKernel(f, 1, 1, 1, 1, 1, 1, 300 * 1024, nullptr, args, nullptr));
  auto ex = [&](CUfunction fn, unsigned gx, unsigned gy, unsigned cx,
                unsigned cy, unsigned cz, int nattr,
                int id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION) {
    CUlaunchConfig lc;
    std::memset(&lc, 0, sizeof lc);
    lc.gridDimX = gx;
    lc.gridDimY = gy;
    lc.gridDimZ = 1;
    lc.blockDimX = 32;
    lc.blockDimY = 1;
    lc.blockDimZ = 1;
    CUlaunchAttribute at;
    std::memset(&at, 0, sizeof at);
    at.id = CUlaunchAttributeID(id);
    at.value.clusterDim.x = cx;
    at.value.clusterDim.y = cy;
    at.value.clusterDim.z = cz;
    lc.attrs = &at;
    lc.numAttrs = nattr;
    return p_cuLaunchKernelEx(&lc, fn, args, nullptr);
  };
  R(ex(f2, 16, 1, 16, 1, 1, 1));
  R(ex(f2, 16, 1, 8, 1, 1, 1));
  R(ex(f2, 16, 1, 0, 1, 1, 1));
  R(ex(f2, 16, 1, 0, 0, 0, 1));
  R(ex(f2, 15, 1, 2, 1, 1, 1));
  R(ex(f2, 16, 2, 4, 2, 1, 1));
  R(ex(f2, 16, 2, 4, 2, 2, 1));
  R(ex(f2, 16, 1, 1, 1, 1, 1));
  R(ex(f2, 16, 1, 2, 1, 1, 1, CU_LAUNCH_ATTRIBUTE_PRIORITY));
  R(ex(f2, 16, 1, 1, 1, 1, 1, CU_LAUNCH_ATTRIBUTE_COOPERATIVE));
  R(ex(f2, 16, 1, 0, 0, 0, 1, CU_LAUNCH_ATTRIBUTE_COOPERATIVE));
  R(ex(f2, 16, 1, 1, 0, 0, 1,
       CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION));
  R(p_cuFuncSetAttribute(
      f2, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
  R(ex(f2, 16, 1, 16, 1, 1, 1));
  R(ex(f2, 32, 1, 32, 1, 1, 1));
  R(ex(f2, 16, 2, 8, 2, 1, 1));
  R(ex(f2, 12, 1, 12, 1, 1, 1));
  x = -1;
  R(p_cuFuncGetAttribute(
      &x, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, f2));
  std::printf("np %d\n", x);
  R(p_cuFuncSetAttribute(
      f2, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 0));
  R(ex(f2, 16, 1, 16, 1, 1, 1));
  R(p_cuFuncSetAttribute(f2, CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH, 0));
  R(p_cuFuncSetAttribute(
      f2, CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE, 1));
  R(p_cuFuncSetAttribute(
      f2, CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE, 5));
  R(p_cuFuncSetAttribute(f2, CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET, 1));
  R(p_cuFuncSetAttribute(f2, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                         -1));
  R(p_cuFuncSetAttribute(f2, CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT,
                         -2));
  R(p_cuFuncGetAttribute(&x, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, nullptr));
  R(p_cuFuncGetAttribute(nullptr, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, f2));
  // Tensor maps: rank 1 with a strides pointer; null arrays.
  alignas(128) CUtensorMap tm;
  CUdeviceptr g;
  R(p_cuMemAlloc(&g, 1 << 20));
  cuuint64_t dims[5] = {64, 48, 2, 2, 2},
             strides[4] = {256, 256 * 48, 256 * 96, 256 * 192};
  cuuint32_t box[5] = {32, 16, 1, 1, 1}, es[5] = {1, 1, 1, 1, 1};
  auto E = [&](int dt, unsigned rank, const cuuint64_t *d, const cuuint64_t *s,
               const cuuint32_t *b, const cuuint32_t *e, int il, int sw) {
    return p_cuTensorMapEncodeTiled(
        &tm, CUtensorMapDataType(dt), rank, (void *)g, d, s, b, e,
        CUtensorMapInterleave(il), CUtensorMapSwizzle(sw),
        CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  };
  R(E(7, 1, dims, strides, box, es, 0, 0));
  R(E(7, 1, dims, nullptr, box, es, 0, 0));
  R(E(7, 2, dims, nullptr, box, es, 0, 0));
  R(E(7, 2, nullptr, strides, box, es, 0, 0));
  R(E(7, 2, dims, strides, nullptr, es, 0, 0));
  R(E(7, 2, dims, strides, box, nullptr, 0, 0));
  {
    cuuint32_t b2[5] = {1, 16, 1, 1, 1};
    R(E(7, 3, dims, strides, b2, es, 2, 1));
    R(E(7, 3, dims, strides, b2, es, 1, 0));
    cuuint32_t b3[5] = {4, 16, 1, 1, 1};
    R(E(7, 3, dims, strides, b3, es, 1, 0));
    R(E(7, 3, dims, strides, b3, es, 1, 3));
    cuuint32_t b4[5] = {16, 16, 1, 1, 1};
    R(E(7, 3, dims, strides, b4, es, 1, 0));
    R(E(7, 3, dims, strides, b4, es, 2, 1));
    R(E(7, 3, dims, strides, b4, es, 2, 3));
    cuuint32_t b5[5] = {64, 16, 1, 1, 1};
    R(E(7, 3, dims, strides, b5, es, 1, 3));
    R(E(7, 3, dims, strides, b5, es, 2, 3));
    R(E(7, 3, dims, strides, b5, es, 1, 0));
    cuuint32_t b6[5] = {32, 16, 1, 1, 1};
    R(E(7, 3, dims, strides, b6, es, 1, 3));
    R(E(7, 3, dims, strides, b6, es, 1, 1));
    R(E(7, 3, dims, strides, b6, es, 1, 2));
  }
  {
    cuuint32_t es2[5] = {3, 1, 1, 1, 1};
    R(E(7, 2, dims, strides, box, es2, 0, 0));
    cuuint32_t b7[5] = {8, 16, 1, 1, 1};
    R(E(7, 2, dims, strides, b7, es2, 0, 0));
  }
  R(E(11, 2, dims, strides, box, es, 0, 0));
  R(E(10, 2, dims, strides, box, es, 0, 0));
  R(p_cuMemcpyHtoD(0, nullptr, 0));
  // Sticky then retain twice.
  R(p_cuLaunchKernel(t, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, nullptr));
  R(p_cuCtxSynchronize());
  R(p_cuDevicePrimaryCtxRelease(dev));
  R(p_cuDevicePrimaryCtxRetain(&ctx, dev));
  R(p_cuDevicePrimaryCtxRetain(&ctx, dev));
  R(p_cuCtxSetCurrent(ctx));
  CUdeviceptr d;
  R(p_cuMemAlloc(&d, 16));
  R(p_cuCtxSynchronize());
  return 0;
}
