//===- Launch.cpp - Argument packing, checking and kernel launch ----------===//
#include "cute/Runtime/Launch.h"
#include "Exprs.h"

#include <cstdio>

#include <cstring>

namespace cute::rt {

//===----------------------------------------------------------------------===//
// KernelArgs
//===----------------------------------------------------------------------===//

KernelArgs &KernelArgs::ptr(CUdeviceptr p, std::optional<ElemType> elem) {
  Arg a;
  a.kind = ParamKind::Pointer;
  a.elem = elem;
  a.bytes = sizeof(CUdeviceptr);
  std::memcpy(a.data, &p, sizeof(p));
  args_.push_back(std::move(a));
  return *this;
}

KernelArgs &KernelArgs::scalarBytes(const void *data, size_t bytes,
                                    std::optional<ElemType> elem) {
  Arg a;
  a.kind = ParamKind::Scalar;
  a.elem = elem;
  a.bytes = bytes;
  // Oversized scalars are recorded with their size (and rejected by
  // validateArgs); only what fits is stored.
  std::memcpy(a.data, data, bytes < sizeof(a.data) ? bytes : sizeof(a.data));
  args_.push_back(std::move(a));
  return *this;
}

KernelArgs &KernelArgs::tensorMap(const TensorMap &tm) {
  Arg a;
  a.kind = ParamKind::TmaDesc;
  a.elem = tm.elem;
  a.bytes = TensorMap::kBytes;
  std::memcpy(a.data, &tm.map, TensorMap::kBytes);
  a.rank = tm.rank;
  a.box = tm.box;
  a.swizzle = tm.swizzle;
  a.interleave = tm.interleave;
  args_.push_back(std::move(a));
  return *this;
}

std::vector<void *> KernelArgs::pointers() const {
  std::vector<void *> p;
  p.reserve(args_.size());
  for (const Arg &a : args_)
    p.push_back(const_cast<unsigned char *>(a.data));
  return p;
}

//===----------------------------------------------------------------------===//
// Checks
//===----------------------------------------------------------------------===//

namespace {

std::string describeParam(const ParamInfo &p) {
  std::string s = paramKindName(p.kind);
  if (p.kind == ParamKind::TmaDesc && p.tma)
    s += std::string(" of ") + elemTypeName(p.tma->elem);
  else if (p.elem)
    s += std::string(" ") + elemTypeName(*p.elem);
  return s;
}

std::string describeArg(const KernelArgs::Arg &a) {
  std::string s = paramKindName(a.kind);
  if (a.elem)
    s += std::string(a.kind == ParamKind::TmaDesc ? " of " : " ") +
         elemTypeName(*a.elem);
  return s;
}

std::string boxStr(const std::vector<uint32_t> &b) {
  std::string s = "[";
  for (size_t i = 0; i < b.size(); ++i)
    s += (i ? "," : "") + std::to_string(b[i]);
  return s + "]";
}

Error argError(const KernelInfo &info, size_t i, const std::string &msg) {
  return Error(ErrorCode::InvalidArgument,
               "kernel '" + info.name + "': argument " + std::to_string(i) +
                   " ('" + info.params[i].name + "'): " + msg);
}

Error launchError(const KernelInfo &info, const std::string &msg) {
  return Error(ErrorCode::InvalidArgument,
               "kernel '" + info.name + "': " + msg);
}

} // namespace

Status detail::checkArgCount(const KernelInfo &info, const KernelArgs &args) {
  const size_t n = info.userParamCount();
  if (args.size() == n)
    return okStatus();
  std::string names, derived; // the params passed, the params derived
  for (size_t i = 0; i < info.params.size(); ++i) {
    std::string &list = i < n ? names : derived;
    list += (list.empty() ? "" : ", ") + info.params[i].name;
  }
  std::string msg = "expected " + std::to_string(n) + " argument(s) (" +
                    (names.empty() ? "none" : names) + "), got " +
                    std::to_string(args.size());
  if (!derived.empty())
    msg += "; the TMA descriptor(s) " + derived +
           " are derived: launch encodes them from the other arguments, "
           "do not pass them";
  return launchError(info, msg);
}

Status validateArgs(const KernelInfo &info, const KernelArgs &args) {
  CUTE_TRY(detail::checkArgCount(info, args));
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &p = info.params[i];
    const KernelArgs::Arg &a = args[i];
    if (a.kind != p.kind)
      return argError(
          info, i, "expected " + describeParam(p) + ", got " + describeArg(a));
    if (a.bytes != p.bytes)
      return argError(info, i,
                      "expected " + std::to_string(p.bytes) + "-byte " +
                          describeParam(p) + ", got " +
                          std::to_string(a.bytes) + "-byte " + describeArg(a));
    switch (p.kind) {
    case ParamKind::Pointer: {
      CUdeviceptr v = 0;
      std::memcpy(&v, a.data, sizeof(v));
      if (v == 0)
        return argError(info, i, "null device pointer");
      if (v % p.align != 0) {
        char buf[32];
        std::snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
        return argError(info, i,
                        std::string("device pointer ") + buf +
                            " is not aligned to the " +
                            std::to_string(p.align) +
                            " bytes the kernel was compiled to assume");
      }
      if (a.elem && p.elem && *a.elem != *p.elem)
        return argError(info, i,
                        "expected " + describeParam(p) + ", got " +
                            describeArg(a));
      break;
    }
    case ParamKind::Scalar:
      if (a.elem && p.elem && *a.elem != *p.elem)
        return argError(info, i,
                        "expected " + describeParam(p) + ", got " +
                            describeArg(a));
      break;
    case ParamKind::TmaDesc: {
      const TmaParamInfo &t = *p.tma;
      if (a.elem && *a.elem != t.elem)
        return argError(info, i,
                        std::string("tensor map element type ") +
                            elemTypeName(*a.elem) +
                            " does not match metadata " + elemTypeName(t.elem));
      if (a.rank != t.rank)
        return argError(info, i,
                        "tensor map rank " + std::to_string(a.rank) +
                            " does not match metadata rank " +
                            std::to_string(t.rank));
      if (a.box != t.box)
        return argError(info, i,
                        "tensor map box " + boxStr(a.box) +
                            " does not match metadata box " + boxStr(t.box));
      if (a.swizzle != t.swizzle)
        return argError(info, i,
                        "tensor map swizzle " + std::to_string(a.swizzle) +
                            " B does not match metadata swizzle " +
                            std::to_string(t.swizzle) + " B");
      if (a.interleave != t.interleave)
        return argError(info, i,
                        "tensor map interleave " +
                            std::to_string(a.interleave) +
                            " B does not match metadata interleave " +
                            std::to_string(t.interleave) + " B");
      break;
    }
    }
  }
  CUTE_TRY(checkViews(info, args));
  for (size_t i = info.userParamCount(); i < info.params.size(); ++i)
    CUTE_TRY(deriveTmaSpec(info, i, args));
  return okStatus();
}

std::string ResolvedLaunch::str() const {
  return "grid " + grid.str() + ", block " + block.str() + ", cluster " +
         cluster.str() + ", dynamic smem " + std::to_string(dynamicSmem) + " B";
}

Expected<ResolvedLaunch> resolveLaunch(const KernelInfo &info,
                                       const LaunchConfig &cfg) {
  ResolvedLaunch r;
  r.grid = cfg.grid;
  if (r.grid.x < 1 || r.grid.y < 1 || r.grid.z < 1)
    return launchError(info, "grid " + r.grid.str() + " has a zero extent");
  if (r.grid.x > 0x7fffffffu || r.grid.y > 65535 || r.grid.z > 65535)
    return launchError(info, "grid " + r.grid.str() +
                                 " exceeds [2^31-1, 65535, 65535]");
  r.block = cfg.block.value_or(info.block);
  if (r.block != info.block)
    return launchError(info, "block " + r.block.str() +
                                 " differs from the compiled block " +
                                 info.block.str());
  r.cluster = cfg.cluster.value_or(info.cluster);
  if (r.cluster != info.cluster)
    return launchError(info, "cluster " + r.cluster.str() +
                                 " differs from the compiled cluster " +
                                 info.cluster.str());
  if (r.grid.x % r.cluster.x || r.grid.y % r.cluster.y ||
      r.grid.z % r.cluster.z)
    return launchError(info, "grid " + r.grid.str() +
                                 " is not a multiple of cluster " +
                                 r.cluster.str());
  r.dynamicSmem = cfg.dynamicSmem.value_or(info.smemDynamic);
  if (r.dynamicSmem < info.smemDynamic)
    return launchError(info, "dynamic shared memory " +
                                 std::to_string(r.dynamicSmem) +
                                 " B is below the kernel's smem_dynamic " +
                                 std::to_string(info.smemDynamic) + " B");
  return r;
}

//===----------------------------------------------------------------------===//
// Launch
//===----------------------------------------------------------------------===//

struct PreparedLaunch::State {
  Function fn; // holds the module (and its context) alive
  Context ctx;
  std::string name;
  ResolvedLaunch geometry;
  CUlaunchConfig config;
  CUlaunchAttribute cluster;
  KernelArgs args;
  std::vector<TensorMap> derived; // 64-byte aligned, after args
  std::vector<void *> params;
};

/// The function attributes a launch of `r` needs: the dynamic shared
/// memory above 48 KiB (checked against the device's opt-in limit), a
/// non-portable cluster size. No driver call for other launches.
static Status setLaunchAttributes(const Function &fn, const KernelInfo &info,
                                  const ResolvedLaunch &r);
/// The CUlaunchConfig (without stream and attribute pointer) of `r`.
static void fillLaunchConfig(const ResolvedLaunch &r, CUlaunchConfig &lc,
                             CUlaunchAttribute &cluster);

Expected<PreparedLaunch> prepareLaunch(const Function &fn,
                                       const KernelInfo &info,
                                       const LaunchConfig &cfg,
                                       const KernelArgs &args) {
  CUTE_TRY(validateArgs(info, args));
  CUTE_ASSIGN_OR_RETURN(ResolvedLaunch r, resolveLaunch(info, cfg));
  if (!fn.valid())
    return launchError(info, "launch of an empty Function");
  const Context &ctx = fn.context();
  const Driver &drv = ctx.driver();
  CUTE_TRY(ctx.makeCurrent());
  CUTE_TRY(setLaunchAttributes(fn, info, r));
  CUTE_TRY(
      drv.require(reinterpret_cast<const void *>(drv.api().cuLaunchKernelEx),
                  "cuLaunchKernelEx"));

  auto st = std::make_shared<PreparedLaunch::State>();
  st->fn = fn;
  st->ctx = ctx;
  st->name = info.name;
  st->geometry = r;
  fillLaunchConfig(r, st->config, st->cluster);
  st->args = args;
  CUTE_ASSIGN_OR_RETURN(st->derived, encodeDerivedTensorMaps(drv, info, args));
  st->params = st->args.pointers();
  for (TensorMap &tm : st->derived)
    st->params.push_back(&tm.map);
  PreparedLaunch p;
  p.state_ = std::move(st);
  return p;
}

namespace {

// The context last made current on this thread by a launch: a launch of the
// same context skips cuCtxSetCurrent (a launch that fails is retried after
// making its context current, in case the application switched contexts).
thread_local CUcontext tlsCurrent = nullptr;

} // namespace

Status detail::launchValidated(const Function &fn, const KernelInfo &info,
                               const Stream &stream, const LaunchConfig &cfg,
                               const KernelArgs &args) {
  CUTE_ASSIGN_OR_RETURN(ResolvedLaunch r, resolveLaunch(info, cfg));
  if (!fn.valid())
    return launchError(info, "launch of an empty Function");
  if (!stream.raw())
    return Error(ErrorCode::InvalidArgument,
                 "kernel '" + info.name + "': launch on an empty Stream");
  const Context &ctx = fn.context();
  const Driver &drv = ctx.driver();
  if (tlsCurrent != ctx.raw()) {
    CUTE_TRY(ctx.makeCurrent());
    tlsCurrent = ctx.raw();
  }
  CUTE_TRY(setLaunchAttributes(fn, info, r));
  CUTE_TRY(
      drv.require(reinterpret_cast<const void *>(drv.api().cuLaunchKernelEx),
                  "cuLaunchKernelEx"));
  CUTE_ASSIGN_OR_RETURN(std::vector<TensorMap> derived,
                        encodeDerivedTensorMaps(drv, info, args));
  // The parameter pointers on the stack for the common case.
  constexpr size_t kOnStack = 32;
  void *onStack[kOnStack];
  std::vector<void *> onHeap;
  size_t n = args.size() + derived.size();
  void **params = onStack;
  if (n > kOnStack) {
    onHeap.resize(n);
    params = onHeap.data();
  }
  for (size_t i = 0; i < args.size(); ++i)
    params[i] = const_cast<unsigned char *>(args[i].data);
  for (size_t i = 0; i < derived.size(); ++i)
    params[args.size() + i] = &derived[i].map;
  CUlaunchConfig lc;
  CUlaunchAttribute attr;
  fillLaunchConfig(r, lc, attr);
  lc.hStream = stream.raw();
  lc.attrs = &attr;
  void **p = n ? params : nullptr;
  CUresult rc = drv.api().cuLaunchKernelEx(&lc, fn.raw(), p, nullptr);
  if (rc != CUDA_SUCCESS) {
    CUTE_TRY(ctx.makeCurrent());
    tlsCurrent = ctx.raw();
    rc = drv.api().cuLaunchKernelEx(&lc, fn.raw(), p, nullptr);
  }
  if (rc == CUDA_SUCCESS)
    return okStatus();
  return drv.check(rc,
                   "launch of kernel '" + info.name + "' (" + r.str() + ")");
}

static Status setLaunchAttributes(const Function &fn, const KernelInfo &info,
                                  const ResolvedLaunch &r) {
  const Context &ctx = fn.context();
  auto withKernel = [&](const Status &s) -> Status {
    if (s.ok())
      return s;
    return s.error().withContext("kernel '" + info.name + "'");
  };

  constexpr size_t kDefaultSmemLimit = 48 * 1024;
  if (r.dynamicSmem > kDefaultSmemLimit) {
    CUTE_TRY(ctx.makeCurrent());
    CUTE_ASSIGN_OR_RETURN(
        int optin,
        ctx.attribute(CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN));
    CUTE_ASSIGN_OR_RETURN(int staticSmem,
                          fn.attribute(CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES));
    if (size_t(staticSmem) + r.dynamicSmem > size_t(optin))
      return launchError(info, "static " + std::to_string(staticSmem) +
                                   " B + dynamic " +
                                   std::to_string(r.dynamicSmem) +
                                   " B shared memory exceed the device's " +
                                   std::to_string(optin) + " B per block");
    CUTE_TRY(withKernel(fn.setAttribute(
        CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, int(r.dynamicSmem))));
  }
  if (r.cluster.volume() > 8) {
    CUTE_TRY(ctx.makeCurrent());
    CUTE_TRY(withKernel(fn.setAttribute(
        CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1)));
  }
  return okStatus();
}

static void fillLaunchConfig(const ResolvedLaunch &r, CUlaunchConfig &lc,
                             CUlaunchAttribute &cluster) {
  std::memset(&cluster, 0, sizeof(cluster));
  cluster.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
  cluster.value.clusterDim.x = r.cluster.x;
  cluster.value.clusterDim.y = r.cluster.y;
  cluster.value.clusterDim.z = r.cluster.z;
  std::memset(&lc, 0, sizeof(lc));
  lc.gridDimX = r.grid.x;
  lc.gridDimY = r.grid.y;
  lc.gridDimZ = r.grid.z;
  lc.blockDimX = r.block.x;
  lc.blockDimY = r.block.y;
  lc.blockDimZ = r.block.z;
  lc.sharedMemBytes = unsigned(r.dynamicSmem);
  lc.numAttrs = r.cluster.volume() > 1 ? 1 : 0;
}

Status PreparedLaunch::launch(CUstream stream) const {
  if (!state_)
    return Error(ErrorCode::InvalidArgument,
                 "launch of an empty PreparedLaunch");
  const State &s = *state_;
  const Driver &drv = s.ctx.driver();
  CUlaunchConfig lc = s.config;
  CUlaunchAttribute attr = s.cluster;
  lc.hStream = stream;
  lc.attrs = &attr;
  void **params =
      s.params.empty() ? nullptr : const_cast<void **>(s.params.data());
  CUresult rc = drv.api().cuLaunchKernelEx(&lc, s.fn.raw(), params, nullptr);
  if (rc == CUDA_ERROR_INVALID_CONTEXT) {
    CUTE_TRY(s.ctx.makeCurrent());
    rc = drv.api().cuLaunchKernelEx(&lc, s.fn.raw(), params, nullptr);
  }
  if (rc == CUDA_SUCCESS)
    return okStatus();
  return drv.check(rc, "launch of kernel '" + s.name + "' (" +
                           s.geometry.str() + ")");
}

Status PreparedLaunch::launch(const Stream &stream) const {
  if (!stream.raw())
    return Error(ErrorCode::InvalidArgument,
                 "kernel '" + functionName() + "': launch on an empty Stream");
  return launch(stream.raw());
}

const std::string &PreparedLaunch::functionName() const {
  static const std::string kNone;
  return state_ ? state_->name : kNone;
}

const ResolvedLaunch &PreparedLaunch::geometry() const {
  static const ResolvedLaunch kNone;
  return state_ ? state_->geometry : kNone;
}

Status launch(const Function &fn, const KernelInfo &info, const Stream &stream,
              const LaunchConfig &cfg, const KernelArgs &args) {
  CUTE_ASSIGN_OR_RETURN(PreparedLaunch p, prepareLaunch(fn, info, cfg, args));
  return p.launch(stream);
}

//===----------------------------------------------------------------------===//
// Program
//===----------------------------------------------------------------------===//

Expected<Program> Program::load(const Context &ctx, const std::string &image,
                                std::string_view metadataJson) {
  Program p;
  CUTE_ASSIGN_OR_RETURN(p.meta_, parseMetadata(metadataJson));
  CUTE_TRY(ctx.checkChip(p.meta_.chip));
  CUTE_ASSIGN_OR_RETURN(p.module_, Module::loadImage(ctx, image));
  return p;
}

Expected<Program> Program::loadFiles(const Context &ctx,
                                     const std::string &imagePath,
                                     const std::string &metadataPath) {
  Program p;
  CUTE_ASSIGN_OR_RETURN(p.meta_, loadMetadataFile(metadataPath));
  CUTE_TRY(ctx.checkChip(p.meta_.chip));
  CUTE_ASSIGN_OR_RETURN(p.module_, Module::loadFile(ctx, imagePath));
  return p;
}

Expected<Kernel> Program::kernel(const std::string &name) const {
  CUTE_ASSIGN_OR_RETURN(const KernelInfo *info, meta_.kernel(name));
  CUTE_ASSIGN_OR_RETURN(Function fn, module_.function(name));
  std::vector<Kernel> variants;
  for (const VariantInfo &v : info->variants) {
    auto withContext = [&](const Error &e) {
      return e.withContext("variant '" + v.name + "' of kernel '" + name + "'");
    };
    Expected<const KernelInfo *> vinfo = meta_.kernel(v.name);
    if (!vinfo)
      return withContext(vinfo.error());
    Expected<Function> vfn = module_.function(v.name);
    if (!vfn)
      return withContext(vfn.error());
    variants.emplace_back(std::move(vfn).value(), **vinfo);
  }
  return Kernel(std::move(fn), *info, std::move(variants));
}

} // namespace cute::rt
