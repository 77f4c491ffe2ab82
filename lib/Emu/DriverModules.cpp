//===- DriverModules.cpp - Modules, functions and launches ----------------===//
//
// cuModuleLoadDataEx (PTX only: the emulator runs what ptxas would
// compile), cuModuleGetFunction, the function attributes and the launches,
// checked as the H200's driver 13.0 checks them before the kernel runs on
// the emulated device.
//
//===----------------------------------------------------------------------===//
#include "DriverImpl.h"

#include <cstring>
#include <vector>

namespace cute::emu::driver {

//===----------------------------------------------------------------------===//
// Modules and functions
//===----------------------------------------------------------------------===//

namespace {

/// A JIT log buffer of the options of cuModuleLoadDataEx.
struct JitLog {
  char *buf = nullptr;
  void **sizeSlot = nullptr; ///< in: the capacity; out: the length written
  size_t capacity = 0;

  /// Copies `text` in (NUL-terminated, truncated to the capacity) and
  /// stores the length written where CUDA does, in the size option.
  void write(const std::string &text) const {
    if (!buf || !sizeSlot || capacity == 0)
      return;
    size_t n = std::min(text.size(), capacity - 1);
    std::memcpy(buf, text.data(), n);
    buf[n] = '\0';
    *sizeSlot = reinterpret_cast<void *>(uintptr_t(n));
  }
};

/// The first `.target` of the PTX text (skipping comments) and its line.
std::string targetOf(std::string_view ptx, int &line) {
  line = 1;
  size_t i = 0;
  while (i < ptx.size()) {
    char ch = ptx[i];
    if (ch == '\n') {
      ++line;
      ++i;
    } else if (ptx.compare(i, 2, "//") == 0) {
      i = ptx.find('\n', i);
      if (i == std::string_view::npos)
        break;
    } else if (ptx.compare(i, 2, "/*") == 0) {
      size_t e = ptx.find("*/", i + 2);
      if (e == std::string_view::npos)
        break;
      for (size_t k = i; k < e; ++k)
        line += ptx[k] == '\n';
      i = e + 2;
    } else if (ptx.compare(i, 7, ".target") == 0 && i + 7 < ptx.size() &&
               (ptx[i + 7] == ' ' || ptx[i + 7] == '\t')) {
      size_t s = ptx.find_first_not_of(" \t", i + 7);
      if (s == std::string_view::npos)
        return "";
      size_t e = ptx.find_first_of(" \t\r\n,;", s);
      return std::string(ptx.substr(
          s, e == std::string_view::npos ? std::string_view::npos : e - s));
    } else {
      ++i;
    }
  }
  return "";
}

/// PTX ISA, "Target ISA notes": sm_XYa code runs on compute capability X.Y
/// only, sm_XYf on X.Y and later minors of family X, and plain sm_XY PTX on
/// X.Y and every later capability (the driver compiles it). Sets `arch` to
/// XY; an empty string when the device can run the module.
std::string targetMismatch(const std::string &target, const ChipInfo &chip,
                           int &arch) {
  arch = 0;
  if (target.compare(0, 3, "sm_") != 0)
    return "'.target " + target + "' names no sm_XY architecture";
  size_t k = 3;
  while (k < target.size() && target[k] >= '0' && target[k] <= '9')
    arch = arch * 10 + (target[k++] - '0');
  std::string suffix = target.substr(k);
  if (arch < 10 || (suffix != "" && suffix != "a" && suffix != "f"))
    return "'.target " + target + "' is not an sm_XY[a|f] architecture";
  int major = arch / 10, minor = arch % 10;
  bool ok = suffix == "a" ? major == chip.ccMajor && minor == chip.ccMinor
            : suffix == "f"
                ? major == chip.ccMajor && chip.ccMinor >= minor
                : major * 10 + minor <= chip.ccMajor * 10 + chip.ccMinor;
  if (ok)
    return "";
  return "'.target " + target + "' does not run on the emulated " + chip.name +
         " (compute capability " + std::to_string(chip.ccMajor) + "." +
         std::to_string(chip.ccMinor) + ")";
}

} // namespace

CUresult moduleLoadDataEx(Backend &b, CUmodule *module, const void *image,
                          unsigned numOptions, CUjit_option *options,
                          void **values) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuModuleLoadDataEx", c))
    return r;
  if (!module || !image)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuModuleLoadDataEx: null pointer");
  if (numOptions && (!options || !values))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuModuleLoadDataEx: " + std::to_string(numOptions) +
                    " options without option arrays");
  JitLog errLog, infoLog;
  // The other JIT options steer ptxas's code generation, which the emulator
  // does not model: they are accepted and have no effect.
  for (unsigned i = 0; i < numOptions; ++i) {
    if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
      errLog.buf = static_cast<char *>(values[i]);
    else if (options[i] == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES)
      errLog.sizeSlot = &values[i];
    else if (options[i] == CU_JIT_INFO_LOG_BUFFER)
      infoLog.buf = static_cast<char *>(values[i]);
    else if (options[i] == CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES)
      infoLog.sizeSlot = &values[i];
  }
  for (JitLog *log : {&errLog, &infoLog})
    if (log->sizeSlot)
      log->capacity = size_t(reinterpret_cast<uintptr_t>(*log->sizeSlot));
  errLog.write("");
  infoLog.write("");
  auto loadError = [&](CUresult r, const std::string &log) {
    errLog.write("cute-emu: " + log);
    return quietFail(r, "cuModuleLoadDataEx: " + log);
  };
  const auto *bytes = static_cast<const unsigned char *>(image);
  if (std::memcmp(bytes,
                  "\x7f"
                  "ELF",
                  4) == 0)
    return loadError(CUDA_ERROR_INVALID_IMAGE,
                     "the image is an ELF cubin (machine code); the emulator "
                     "runs PTX: load the module's PTX text instead (for a "
                     "file x.cubin, rt::Module::loadFile reads x.ptx beside "
                     "it)");
  if (bytes[0] == 0x50 && bytes[1] == 0xed && bytes[2] == 0x55 &&
      bytes[3] == 0xba)
    return loadError(CUDA_ERROR_INVALID_IMAGE,
                     "the image is a fatbinary; the emulator runs PTX: load "
                     "the module's PTX text instead");
  std::string_view ptx(static_cast<const char *>(image));
  int line = 0;
  std::string target = targetOf(ptx, line);
  if (target.empty())
    return loadError(CUDA_ERROR_INVALID_PTX,
                     "the PTX has no .target directive");
  int arch = 0;
  std::string mismatch = targetMismatch(target, b.device.info(), arch);
  if (!mismatch.empty())
    return loadError(CUDA_ERROR_INVALID_PTX,
                     "line " + std::to_string(line) + ": " + mismatch);
  Expected<Module> m = b.device.loadModule(ptx);
  if (!m) {
    CUresult r = m.error().code() == ErrorCode::Cuda && m.error().cudaResult()
                     ? CUresult(m.error().cudaResult())
                     : CUDA_ERROR_INVALID_PTX;
    return loadError(r, m.message());
  }
  auto obj = std::make_unique<ModuleObj>();
  obj->ctx = c;
  obj->module = std::move(m).value();
  obj->targetArch = arch;
  *module = reinterpret_cast<CUmodule>(obj.get());
  c->modules[obj.get()] = std::move(obj);
  return CUDA_SUCCESS;
}

CUresult moduleUnload(Backend &b, CUmodule module) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuModuleUnload", c))
    return r;
  auto it = c->modules.find(module);
  if (it == c->modules.end())
    return fail(CUDA_ERROR_INVALID_HANDLE,
                "cuModuleUnload: " + hex(reinterpret_cast<uintptr_t>(module)) +
                    " is not a module of the current context");
  for (auto &[name, f] : it->second->functions)
    c->functions.erase(f.get());
  c->modules.erase(it);
  return CUDA_SUCCESS;
}

CUresult moduleGetFunction(Backend &b, CUfunction *fn, CUmodule module,
                           const char *name) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, "cuModuleGetFunction", c))
    return r;
  if (!fn || !name)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuModuleGetFunction: null pointer");
  auto it = c->modules.find(module);
  if (it == c->modules.end())
    return fail(
        CUDA_ERROR_INVALID_HANDLE,
        "cuModuleGetFunction: " + hex(reinterpret_cast<uintptr_t>(module)) +
            " is not a module of the current context");
  ModuleObj &m = *it->second;
  auto f = m.functions.find(name);
  if (f == m.functions.end()) {
    Expected<Kernel> k = m.module.kernel(name);
    if (!k)
      return quietFail(CUDA_ERROR_NOT_FOUND,
                       "cuModuleGetFunction: " + k.message());
    auto obj = std::make_unique<FunctionObj>();
    obj->module = &m;
    obj->kernel = *k;
    obj->name = name;
    obj->maxDynamicSmem = std::max(0, b.device.info().maxSmemPerBlock -
                                          int(obj->kernel.staticSmemBytes()));
    obj->kernel.clusterDims(obj->cluster);
    c->functions.insert(obj.get());
    f = m.functions.emplace(name, std::move(obj)).first;
  }
  *fn = reinterpret_cast<CUfunction>(f->second.get());
  return CUDA_SUCCESS;
}

namespace {

FunctionObj *findFunction(Backend &b, CUfunction fn) {
  Context &c = b.primary;
  if (!c.alive || !c.functions.count(fn))
    return nullptr;
  return reinterpret_cast<FunctionObj *>(fn);
}

CUresult noFunction(const char *what, CUfunction fn) {
  return fail(CUDA_ERROR_INVALID_HANDLE,
              std::string(what) + ": " + hex(reinterpret_cast<uintptr_t>(fn)) +
                  " is not a function of a loaded module");
}

CUresult notModelled(const char *what, const FunctionObj &f, const char *attr) {
  return fail(CUDA_ERROR_NOT_SUPPORTED,
              std::string(what) + " of kernel '" + f.name + "': " + attr +
                  " is what ptxas allocates, which the emulator (running the "
                  "PTX) does not model");
}

} // namespace

CUresult funcGetAttribute(Backend &b, int *value, CUfunction_attribute attr,
                          CUfunction fn) {
  Lock l(b.mutex);
  if (CUresult r = checkInit(b, "cuFuncGetAttribute"))
    return r;
  FunctionObj *f = findFunction(b, fn);
  if (!f)
    return noFunction("cuFuncGetAttribute", fn);
  if (!value)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuFuncGetAttribute: null pointer");
  const ChipInfo &chip = b.device.info();
  switch (attr) {
  case CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK:
    // The .maxntid or .reqntid bound (the H200 reports .maxntid so and
    // 1024 for .reqntid; the kernel's directives are not told apart here).
    *value = f->kernel.maxThreads() ? int(f->kernel.maxThreads())
                                    : chip.maxThreadsPerBlock;
    break;
  case CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES:
    *value = int(f->kernel.staticSmemBytes());
    break;
  case CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES:
    return notModelled("cuFuncGetAttribute", *f,
                       "CU_FUNC_ATTRIBUTE_CONST_SIZE_BYTES");
  case CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES:
    return notModelled("cuFuncGetAttribute", *f,
                       "CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES");
  case CU_FUNC_ATTRIBUTE_NUM_REGS:
    return notModelled("cuFuncGetAttribute", *f, "CU_FUNC_ATTRIBUTE_NUM_REGS");
  case CU_FUNC_ATTRIBUTE_PTX_VERSION:
    *value = f->module->targetArch;
    break;
  case CU_FUNC_ATTRIBUTE_BINARY_VERSION:
    *value = chip.ccMajor * 10 + chip.ccMinor;
    break;
  case CU_FUNC_ATTRIBUTE_CACHE_MODE_CA:
    *value = 0;
    break;
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES:
    *value = f->maxDynamicSmem;
    break;
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    *value = f->carveout;
    break;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SIZE_MUST_BE_SET:
    *value = 0;
    break;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH:
    *value = int(f->cluster[attr - CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH]);
    break;
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    *value = f->nonPortableCluster ? 1 : 0;
    break;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    *value = f->clusterPolicy;
    break;
  default:
    return fail(CUDA_ERROR_INVALID_VALUE, "cuFuncGetAttribute: attribute " +
                                              std::to_string(int(attr)) +
                                              " is not a CUfunction_attribute");
  }
  return CUDA_SUCCESS;
}

CUresult funcSetAttribute(Backend &b, CUfunction fn, CUfunction_attribute attr,
                          int value) {
  Lock l(b.mutex);
  if (CUresult r = checkInit(b, "cuFuncSetAttribute"))
    return r;
  FunctionObj *f = findFunction(b, fn);
  if (!f)
    return noFunction("cuFuncSetAttribute", fn);
  const ChipInfo &chip = b.device.info();
  std::string what = "cuFuncSetAttribute(" + std::to_string(int(attr)) + ", " +
                     std::to_string(value) + ") of kernel '" + f->name + "'";
  switch (attr) {
  case CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES: {
    int64_t staticBytes = f->kernel.staticSmemBytes();
    if (value < 0 || staticBytes + value > chip.maxSmemPerBlockOptin)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": " + std::to_string(staticBytes) + " B static + " +
                      std::to_string(value) + " B dynamic shared memory; " +
                      chip.name + " allows " +
                      std::to_string(chip.maxSmemPerBlockOptin) +
                      " B per block with the opt-in");
    f->maxDynamicSmem = value;
    return CUDA_SUCCESS;
  }
  case CU_FUNC_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    if (value < -1 || value > 100)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": the carveout is a percentage (0..100) or -1");
    f->carveout = value;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_HEIGHT:
  case CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_DEPTH: {
    uint32_t compiled[3];
    f->kernel.clusterDims(compiled);
    int i = attr - CU_FUNC_ATTRIBUTE_REQUIRED_CLUSTER_WIDTH;
    if (value < 0 || (compiled[i] && uint32_t(value) != compiled[i]))
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": the kernel's .reqnctapercluster is " +
                      dims3(compiled));
    f->cluster[i] = uint32_t(value);
    return CUDA_SUCCESS;
  }
  case CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED:
    f->nonPortableCluster = value != 0;
    return CUDA_SUCCESS;
  case CU_FUNC_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    if (value < 0 || value > 2)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": the policy is 0 (default), 1 (spread) or 2 "
                         "(load balancing)");
    f->clusterPolicy = value;
    return CUDA_SUCCESS;
  default:
    return fail(CUDA_ERROR_INVALID_VALUE,
                what + ": the attribute cannot be set");
  }
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

namespace {

/// A failure of the kernel itself: on the GPU it surfaces at the next call
/// and poisons the context.
bool isExecutionError(int r) {
  switch (r) {
  case CUDA_ERROR_ECC_UNCORRECTABLE:
  case CUDA_ERROR_ILLEGAL_ADDRESS:
  case CUDA_ERROR_LAUNCH_TIMEOUT:
  case CUDA_ERROR_ASSERT:
  case CUDA_ERROR_HARDWARE_STACK_ERROR:
  case CUDA_ERROR_ILLEGAL_INSTRUCTION:
  case CUDA_ERROR_MISALIGNED_ADDRESS:
  case CUDA_ERROR_INVALID_ADDRESS_SPACE:
  case CUDA_ERROR_INVALID_PC:
  case CUDA_ERROR_LAUNCH_FAILED:
  case CUDA_ERROR_TENSOR_MEMORY_LEAK:
    return true;
  default:
    return false;
  }
}

struct LaunchRequest {
  const char *what;
  uint32_t grid[3], block[3];
  unsigned smem;
  CUstream stream;
  void **params, **extra;
  const CUlaunchAttribute *attrs = nullptr;
  unsigned numAttrs = 0;
};

CUresult launch(Backend &b, CUfunction fn, const LaunchRequest &q) {
  Lock l(b.mutex);
  Context *c = nullptr;
  if (CUresult r = current(b, q.what, c))
    return r;
  FunctionObj *f = findFunction(b, fn);
  if (!f)
    return noFunction(q.what, fn);
  if (CUresult r = checkStream(*c, q.stream, q.what))
    return r;
  const ChipInfo &chip = b.device.info();
  std::string what = std::string(q.what) + " of kernel '" + f->name + "'";

  // Geometry.
  const uint32_t gridMax[3] = {2147483647u, 65535u, 65535u};
  const uint32_t blockMax[3] = {1024u, 1024u, 64u};
  for (int i = 0; i < 3; ++i) {
    if (q.grid[i] == 0 || q.grid[i] > gridMax[i])
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": grid " + dims3(q.grid) +
                      "; each dimension must be in [1, " + dims3(gridMax) +
                      "]");
    if (q.block[i] == 0 || q.block[i] > blockMax[i])
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": block " + dims3(q.block) +
                      "; each dimension must be in [1, " + dims3(blockMax) +
                      "]");
  }
  uint64_t threads = uint64_t(q.block[0]) * q.block[1] * q.block[2];
  uint32_t limit = f->kernel.maxThreads() ? f->kernel.maxThreads()
                                          : uint32_t(chip.maxThreadsPerBlock);
  if (threads > limit)
    return fail(CUDA_ERROR_INVALID_VALUE,
                what + ": block " + dims3(q.block) + " has " +
                    std::to_string(threads) + " threads; the limit is " +
                    std::to_string(limit));

  // Parameters: kernelParams, or the packed buffer of `extra`.
  const std::vector<Kernel::Param> &params = f->kernel.params();
  std::vector<void *> packed;
  void *const *argv = q.params;
  if (q.params && q.extra)
    return fail(CUDA_ERROR_INVALID_VALUE,
                what + ": both kernelParams and extra are given");
  if (q.extra) {
    unsigned char *buffer = nullptr;
    size_t size = 0;
    bool haveSize = false;
    for (size_t i = 0; q.extra[i] != CU_LAUNCH_PARAM_END; i += 2) {
      if (q.extra[i] == CU_LAUNCH_PARAM_BUFFER_POINTER) {
        buffer = static_cast<unsigned char *>(q.extra[i + 1]);
      } else if (q.extra[i] == CU_LAUNCH_PARAM_BUFFER_SIZE) {
        if (!q.extra[i + 1])
          return fail(CUDA_ERROR_INVALID_VALUE,
                      what + ": CU_LAUNCH_PARAM_BUFFER_SIZE without a size");
        size = *static_cast<size_t *>(q.extra[i + 1]);
        haveSize = true;
      } else {
        return fail(CUDA_ERROR_INVALID_VALUE,
                    what + ": extra[" + std::to_string(i) +
                        "] = " + hex(reinterpret_cast<uintptr_t>(q.extra[i])) +
                        " is no CU_LAUNCH_PARAM_* key");
      }
    }
    size_t need = 0;
    for (const Kernel::Param &p : params)
      need = std::max<size_t>(need, size_t(p.offset) + p.size);
    if (need && (!buffer || !haveSize || size < need))
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": the parameter buffer holds " +
                      std::to_string(haveSize ? size : 0) +
                      " bytes; the kernel's parameters take " +
                      std::to_string(need));
    for (const Kernel::Param &p : params)
      packed.push_back(buffer + p.offset);
    argv = packed.data();
  }
  if (!params.empty() && !argv)
    return fail(CUDA_ERROR_INVALID_VALUE, what + ": the kernel takes " +
                                              std::to_string(params.size()) +
                                              " parameters and none are given");

  // Launch attributes.
  uint32_t explicitCluster[3] = {0, 0, 0};
  bool haveCluster = false;
  for (unsigned i = 0; i < q.numAttrs; ++i) {
    const CUlaunchAttribute &a = q.attrs[i];
    switch (a.id) {
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION:
      explicitCluster[0] = a.value.clusterDim.x;
      explicitCluster[1] = a.value.clusterDim.y;
      explicitCluster[2] = a.value.clusterDim.z;
      // All zeros: no cluster given (the H200 accepts it as such).
      haveCluster =
          explicitCluster[0] || explicitCluster[1] || explicitCluster[2];
      break;
    case CU_LAUNCH_ATTRIBUTE_COOPERATIVE:
      if (a.value.cooperative)
        return fail(CUDA_ERROR_NOT_SUPPORTED,
                    what + ": cooperative launches (grid-wide "
                           "synchronisation) are not emulated");
      break;
    // Hints about caches, scheduling, priorities and memory-ordering
    // domains, which the emulator does not model; launches are serial, so
    // programmatic serialisation holds trivially.
    case CU_LAUNCH_ATTRIBUTE_IGNORE:
    case CU_LAUNCH_ATTRIBUTE_ACCESS_POLICY_WINDOW:
    case CU_LAUNCH_ATTRIBUTE_SYNCHRONIZATION_POLICY:
    case CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE:
    case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION:
    case CU_LAUNCH_ATTRIBUTE_PRIORITY:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN_MAP:
    case CU_LAUNCH_ATTRIBUTE_MEM_SYNC_DOMAIN:
    case CU_LAUNCH_ATTRIBUTE_PREFERRED_SHARED_MEMORY_CARVEOUT:
    case CU_LAUNCH_ATTRIBUTE_NVLINK_UTIL_CENTRIC_SCHEDULING:
      break;
    case CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_EVENT:
    case CU_LAUNCH_ATTRIBUTE_PREFERRED_CLUSTER_DIMENSION:
    case CU_LAUNCH_ATTRIBUTE_LAUNCH_COMPLETION_EVENT:
    case CU_LAUNCH_ATTRIBUTE_DEVICE_UPDATABLE_KERNEL_NODE:
      return fail(CUDA_ERROR_NOT_SUPPORTED, what + ": launch attribute " +
                                                std::to_string(int(a.id)) +
                                                " is not emulated");
    default:
      return fail(CUDA_ERROR_INVALID_VALUE,
                  what + ": launch attribute " + std::to_string(int(a.id)) +
                      " is not a CUlaunchAttributeID");
    }
  }

  // Clusters: the launch's, or the function's required dims.
  const bool required = f->cluster[0] || f->cluster[1] || f->cluster[2];
  uint32_t cluster[3] = {1, 1, 1};
  if (haveCluster) {
    if (required &&
        std::memcmp(explicitCluster, f->cluster, sizeof(cluster)) != 0)
      return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  what + ": cluster " + dims3(explicitCluster) +
                      " but the kernel requires " + dims3(f->cluster));
    std::memcpy(cluster, explicitCluster, sizeof(cluster));
  } else if (required) {
    for (int i = 0; i < 3; ++i)
      cluster[i] = f->cluster[i] ? f->cluster[i] : 1;
  }
  uint64_t volume = uint64_t(cluster[0]) * cluster[1] * cluster[2];
  for (int i = 0; i < 3; ++i)
    if (cluster[i] == 0 || q.grid[i] % cluster[i] != 0)
      return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  what + ": cluster " + dims3(cluster) +
                      " does not divide the grid " + dims3(q.grid));
  const int nonPortable = maxNonPortableClusterSize(b.chip);
  if (volume > 1 && chip.maxClusterSize == 0)
    return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                what + ": " + chip.name + " has no clusters");
  if (volume > uint64_t(chip.maxClusterSize) && !f->nonPortableCluster)
    return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                what + ": cluster " + dims3(cluster) + " of " +
                    std::to_string(volume) + " CTAs exceeds the portable " +
                    std::to_string(chip.maxClusterSize) +
                    " (set CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_"
                    "ALLOWED for up to " +
                    std::to_string(nonPortable) + ")");
  if (volume > uint64_t(nonPortable))
    return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                what + ": cluster " + dims3(cluster) + " of " +
                    std::to_string(volume) + " CTAs exceeds the " +
                    std::to_string(nonPortable) + " of " + chip.name);

  // Dynamic shared memory, against what the function allows.
  if (q.smem > unsigned(f->maxDynamicSmem))
    return fail(CUDA_ERROR_INVALID_VALUE,
                what + ": " + std::to_string(q.smem) +
                    " B of dynamic shared memory; the function allows " +
                    std::to_string(f->maxDynamicSmem) +
                    " B (CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)");

  LaunchConfig cfg;
  for (int i = 0; i < 3; ++i) {
    cfg.grid[i] = q.grid[i];
    cfg.block[i] = q.block[i];
    cfg.cluster[i] = haveCluster || required ? cluster[i] : 0;
  }
  cfg.dynamicSmemBytes = q.smem;
  Expected<LaunchStats> stats = b.device.launch(f->kernel, cfg, argv);
  if (stats) {
    recordLaunchStats(*stats);
    return CUDA_SUCCESS;
  }
  const Error &e = stats.error();
  int code =
      e.code() == ErrorCode::Cuda && e.cudaResult()
          ? e.cudaResult()
          : (e.code() == ErrorCode::InvalidArgument ? CUDA_ERROR_INVALID_VALUE
                                                    : CUDA_ERROR_LAUNCH_FAILED);
  if (!isExecutionError(code))
    return fail(CUresult(code), what + ": " + e.message());
  // The kernel ran and failed: as on the GPU, the launch itself succeeds
  // and the error is the context's from now on.
  std::fprintf(stderr, "cute-emu: %s: %s\n", what.c_str(), e.message().c_str());
  c->sticky = CUresult(code);
  c->stickyReport = what + ": " + e.message();
  recordDetail(c->stickyReport + " (" + errorName(CUresult(code)) + ")");
  return CUDA_SUCCESS;
}

} // namespace

CUresult launchKernel(Backend &b, CUfunction fn, unsigned gx, unsigned gy,
                      unsigned gz, unsigned bx, unsigned by, unsigned bz,
                      unsigned smem, CUstream stream, void **params,
                      void **extra) {
  LaunchRequest q{"cuLaunchKernel", {gx, gy, gz}, {bx, by, bz}, smem,
                  stream,           params,       extra};
  return launch(b, fn, q);
}

CUresult launchKernelEx(Backend &b, const CUlaunchConfig *config, CUfunction fn,
                        void **params, void **extra) {
  if (!config)
    return fail(CUDA_ERROR_INVALID_VALUE, "cuLaunchKernelEx: null config");
  if (config->numAttrs && !config->attrs)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "cuLaunchKernelEx: " + std::to_string(config->numAttrs) +
                    " attributes and a null attribute array");
  LaunchRequest q{"cuLaunchKernelEx",
                  {config->gridDimX, config->gridDimY, config->gridDimZ},
                  {config->blockDimX, config->blockDimY, config->blockDimZ},
                  config->sharedMemBytes,
                  config->hStream,
                  params,
                  extra,
                  config->attrs,
                  config->numAttrs};
  return launch(b, fn, q);
}

} // namespace cute::emu::driver
