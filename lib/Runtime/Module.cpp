//===- Module.cpp - cubin / PTX loading and function lookup ---------------===//
#include "cute/Runtime/Module.h"
#include "cute/Runtime/Metadata.h"

#include <cstring>
#include <vector>

namespace cute::rt {

namespace detail {
struct ModuleState {
  Context ctx;
  CUmodule module = nullptr;
  const char *origin = "cubin";
  ~ModuleState() {
    if (module && ctx.makeCurrent().ok())
      ctx.driver().api().cuModuleUnload(module);
  }
};
} // namespace detail

namespace {

constexpr size_t kLogSize = 16384;

std::string trimLog(const std::vector<char> &buf) {
  std::string s(buf.data(), strnlen(buf.data(), buf.size()));
  while (!s.empty() && (s.back() == '\n' || s.back() == ' '))
    s.pop_back();
  return s;
}

/// cuModuleLoadDataEx with JIT info/error logs captured.
Status loadWithLog(const Context &ctx, const void *image, const char *what,
                   std::shared_ptr<detail::ModuleState> &state) {
  CUTE_TRY(ctx.makeCurrent());
  std::vector<char> errLog(kLogSize, 0), infoLog(kLogSize, 0);
  CUjit_option opts[] = {
      CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *vals[] = {errLog.data(), reinterpret_cast<void *>(kLogSize - 1),
                  infoLog.data(), reinterpret_cast<void *>(kLogSize - 1)};
  CUmodule mod = nullptr;
  CUresult r = ctx.driver().api().cuModuleLoadDataEx(
      &mod, image, unsigned(sizeof(opts) / sizeof(opts[0])), opts, vals);
  if (r != CUDA_SUCCESS) {
    Error e = ctx.driver()
                  .check(r, std::string("cuModuleLoadDataEx (") + what + ")")
                  .error();
    std::string log = trimLog(errLog);
    if (log.empty())
      log = trimLog(infoLog);
    std::string msg = e.message();
    if (!log.empty())
      msg += "\nJIT log:\n" + log;
    return Error(ErrorCode::Cuda, msg, e.cudaResult());
  }
  state = std::make_shared<detail::ModuleState>();
  state->ctx = ctx;
  state->module = mod;
  return okStatus();
}

bool isElf(const void *data, size_t size) {
  return size >= 4 && std::memcmp(data,
                                  "\x7f"
                                  "ELF",
                                  4) == 0;
}

} // namespace

// Module's only data member is the state pointer; the helpers above build it
// and these entry points attach it.
Expected<Module> Module::loadCubin(const Context &ctx, const void *data,
                                   size_t size) {
  if (!data || size == 0)
    return Error(ErrorCode::InvalidArgument, "loadCubin: empty image");
  if (!isElf(data, size))
    return Error(ErrorCode::InvalidArgument,
                 "loadCubin: image is not an ELF cubin (bad magic)");
  Module m;
  CUTE_TRY(loadWithLog(ctx, data, "cubin", m.state_));
  return m;
}

Expected<Module> Module::loadPtx(const Context &ctx, const std::string &ptx) {
  if (ptx.empty())
    return Error(ErrorCode::InvalidArgument, "loadPtx: empty PTX text");
  Module m;
  // std::string keeps the NUL terminator cuModuleLoadDataEx needs for PTX.
  CUTE_TRY(loadWithLog(ctx, ptx.c_str(), "PTX JIT", m.state_));
  m.state_->origin = "ptx";
  return m;
}

Expected<Module> Module::loadImage(const Context &ctx,
                                   const std::string &image) {
  if (isElf(image.data(), image.size()))
    return loadCubin(ctx, image.data(), image.size());
  return loadPtx(ctx, image);
}

Expected<Module> Module::load(const Context &ctx, const std::string &cubin,
                              const std::string &ptxFallback) {
  auto m = loadCubin(ctx, cubin.data(), cubin.size());
  if (m.ok() || ptxFallback.empty())
    return m;
  auto p = loadPtx(ctx, ptxFallback);
  if (p.ok())
    return p;
  return Error(p.error().code(),
               "cubin failed (" + m.error().message() +
                   ") and the PTX fallback failed (" + p.error().message() +
                   ")",
               p.error().cudaResult());
}

Expected<Module> Module::loadFile(const Context &ctx, const std::string &path) {
  // The emulator runs PTX: for x.cubin it loads the x.ptx beside it (the
  // compiler writes both).
  const std::string cubinExt = ".cubin";
  if (ctx.valid() && ctx.driver().emulated() && path.size() > cubinExt.size() &&
      path.compare(path.size() - cubinExt.size(), cubinExt.size(), cubinExt) ==
          0) {
    std::string ptxPath =
        path.substr(0, path.size() - cubinExt.size()) + ".ptx";
    Expected<std::string> ptx = readFile(ptxPath);
    if (!ptx.ok())
      return Error(ErrorCode::NotFound,
                   path + ": the emulator (" + ctx.driver().path() +
                       ") runs PTX, and there is no PTX beside the cubin: " +
                       ptx.error().message() +
                       " (cute-opt --cute-compile with output-dir writes "
                       "<module>.<chip>.ptx next to the .cubin)");
    auto m = loadPtx(ctx, *ptx);
    if (!m.ok())
      return m.error().withContext(ptxPath);
    m->state_->origin = "cubin";
    return m;
  }
  CUTE_ASSIGN_OR_RETURN(std::string image, readFile(path));
  auto m = loadImage(ctx, image);
  if (!m.ok())
    return m.error().withContext(path);
  return m;
}

Expected<Function> Module::function(const std::string &name) const {
  if (!state_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Module");
  const Context &ctx = state_->ctx;
  CUTE_TRY(ctx.makeCurrent());
  CUfunction fn = nullptr;
  CUresult r =
      ctx.driver().api().cuModuleGetFunction(&fn, state_->module, name.c_str());
  if (r == CUDA_ERROR_NOT_FOUND)
    return Error(ErrorCode::NotFound,
                 "kernel '" + name + "' not found in the loaded module",
                 int(r));
  CUTE_TRY(ctx.driver().check(r, "cuModuleGetFunction('" + name + "')"));
  Function f;
  f.module_ = state_;
  f.fn_ = fn;
  f.name_ = name;
  return f;
}

CUmodule Module::raw() const { return state_ ? state_->module : nullptr; }
const Context &Module::context() const { return state_->ctx; }
const char *Module::origin() const { return state_ ? state_->origin : ""; }

const Context &Function::context() const { return module_->ctx; }

Expected<int> Function::attribute(CUfunction_attribute attr) const {
  if (!fn_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Function");
  const Context &ctx = context();
  CUTE_TRY(ctx.makeCurrent());
  int v = 0;
  CUTE_TRY(
      ctx.driver().check(ctx.driver().api().cuFuncGetAttribute(&v, attr, fn_),
                         "cuFuncGetAttribute(" + std::to_string(int(attr)) +
                             ") on kernel '" + name_ + "'"));
  return v;
}

Status Function::setAttribute(CUfunction_attribute attr, int value) const {
  if (!fn_)
    return Error(ErrorCode::InvalidArgument, "use of an empty Function");
  const Context &ctx = context();
  CUTE_TRY(ctx.makeCurrent());
  return ctx.driver().check(
      ctx.driver().api().cuFuncSetAttribute(fn_, attr, value),
      "cuFuncSetAttribute(" + std::to_string(int(attr)) + ", " +
          std::to_string(value) + ") on kernel '" + name_ + "'");
}

} // namespace cute::rt
