//===- Module.h - Loaded device code and its functions ----------*- C++ -*-===//
//
// A Module is a shared handle on a CUmodule loaded from a cubin (ELF) image,
// or from PTX text compiled by the driver JIT. JIT failures carry the JIT
// error log in the Error message. A Function keeps its Module alive.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_MODULE_H
#define CUTE_RUNTIME_MODULE_H

#include "cute/Runtime/Context.h"

#include <memory>
#include <string>

namespace cute::rt {

namespace detail {
struct ModuleState;
} // namespace detail

class Function;

class Module {
public:
  /// Loads a cubin image (cuModuleLoadDataEx).
  static Expected<Module> loadCubin(const Context &ctx, const void *data,
                                    size_t size);
  /// JIT-compiles PTX text; on failure the error contains the JIT log.
  static Expected<Module> loadPtx(const Context &ctx, const std::string &ptx);
  /// Cubin if `image` starts with the ELF magic, PTX otherwise.
  static Expected<Module> loadImage(const Context &ctx,
                                    const std::string &image);
  /// Tries the cubin; if that fails and `ptxFallback` is not empty, JITs the
  /// PTX instead (e.g. a cubin for another chip). Errors report both.
  static Expected<Module> load(const Context &ctx, const std::string &cubin,
                               const std::string &ptxFallback);
  /// Reads `path` and calls loadImage. On the emulator (which runs PTX) a
  /// path ending in ".cubin" loads the ".ptx" file beside it instead; the
  /// module's origin() is still "cubin".
  static Expected<Module> loadFile(const Context &ctx, const std::string &path);

  Module() = default;
  bool valid() const { return state_ != nullptr; }

  /// cuModuleGetFunction; NotFound error naming the kernel when absent.
  Expected<Function> function(const std::string &name) const;

  CUmodule raw() const;
  const Context &context() const;
  /// "cubin" or "ptx": what was loaded (loadFile of a cubin on the
  /// emulator: "cubin", run from its PTX).
  const char *origin() const;

private:
  std::shared_ptr<detail::ModuleState> state_;
};

class Function {
public:
  Function() = default;

  const std::string &name() const { return name_; }
  CUfunction raw() const { return fn_; }
  const Context &context() const;
  bool valid() const { return fn_ != nullptr; }

  Expected<int> attribute(CUfunction_attribute attr) const;
  Status setAttribute(CUfunction_attribute attr, int value) const;

private:
  friend class Module;
  std::shared_ptr<detail::ModuleState> module_;
  CUfunction fn_ = nullptr;
  std::string name_;
};

} // namespace cute::rt

#endif // CUTE_RUNTIME_MODULE_H
