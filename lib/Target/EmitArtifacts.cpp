//===- EmitArtifacts.cpp - PTX, cubin (ptxas) and metadata files ----------===//
#include "cute/Target/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::cute {
#define GEN_PASS_DEF_CUTEEMITARTIFACTS
#include "cute/Target/Passes.h.inc"
} // namespace mlir::cute

using namespace mlir;
using namespace mlir::cute;

std::string mlir::cute::findPtxas(StringRef requested) {
  if (!requested.empty())
    return requested.str();
  if (const char *home = std::getenv("CUDA_HOME")) {
    llvm::SmallString<256> p(home);
    llvm::sys::path::append(p, "bin", "ptxas");
    if (llvm::sys::fs::can_execute(p))
      return p.str().str();
  }
  if (llvm::sys::fs::can_execute("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  return "";
}

namespace {

LogicalResult writeFile(Operation *op, StringRef path, StringRef data) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return op->emitError("cannot write ") << path << ": " << ec.message();
  os << data;
  return success();
}

struct CuteEmitArtifactsPass
    : public mlir::cute::impl::CuteEmitArtifactsBase<CuteEmitArtifactsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp top = getOperation();
    if (format != "ptx" && format != "cubin") {
      top.emitError("cute-emit-artifacts: format must be ptx or cubin, not '")
          << format << "'";
      return signalPassFailure();
    }
    SmallString<256> dir(outputDir);
    if (dir.empty() && format == "cubin") {
      if (auto ec = llvm::sys::fs::createUniqueDirectory("cute-mlir", dir)) {
        top.emitError("cannot create a temporary directory: ") << ec.message();
        return signalPassFailure();
      }
    } else if (!dir.empty()) {
      if (auto ec = llvm::sys::fs::create_directories(dir)) {
        top.emitError("cannot create ") << dir << ": " << ec.message();
        return signalPassFailure();
      }
    }
    SmallVector<gpu::BinaryOp> binaries;
    top.walk([&](gpu::BinaryOp b) { binaries.push_back(b); });
    for (gpu::BinaryOp bin : binaries)
      if (failed(emit(top, bin, dir)))
        return signalPassFailure();
  }

  LogicalResult emit(ModuleOp top, gpu::BinaryOp bin, StringRef dir) {
    std::string stem = (bin.getName() + "." + chip).str();
    SmallVector<Attribute> newObjects;
    for (Attribute a : bin.getObjects()) {
      auto obj = cast<gpu::ObjectAttr>(a);
      if (obj.getFormat() != gpu::CompilationTarget::Assembly) {
        newObjects.push_back(obj);
        continue;
      }
      StringRef ptx = obj.getObject().getValue();
      if (dir.empty()) {
        newObjects.push_back(obj);
        continue;
      }
      SmallString<256> ptxPath(dir);
      llvm::sys::path::append(ptxPath, stem + ".ptx");
      if (failed(writeFile(bin, ptxPath, ptx)))
        return failure();
      if (format != "cubin") {
        newObjects.push_back(obj);
        continue;
      }
      SmallString<256> cubinPath(dir);
      llvm::sys::path::append(cubinPath, stem + ".cubin");
      FailureOr<std::string> cubin = runPtxas(bin, ptxPath, cubinPath);
      if (failed(cubin))
        return failure();
      newObjects.push_back(gpu::ObjectAttr::get(
          &getContext(), obj.getTarget(), gpu::CompilationTarget::Binary,
          StringAttr::get(&getContext(), *cubin), obj.getProperties(),
          obj.getKernels()));
    }
    bin.setObjectsAttr(ArrayAttr::get(&getContext(), newObjects));
    auto meta = top->getAttrOfType<StringAttr>(
        ("cute.kernels." + bin.getName()).str());
    if (meta && !dir.empty()) {
      SmallString<256> jsonPath(dir);
      llvm::sys::path::append(jsonPath, stem + ".json");
      if (failed(writeFile(bin, jsonPath, meta.getValue())))
        return failure();
    }
    return success();
  }

  FailureOr<std::string> runPtxas(Operation *op, StringRef ptxPath,
                                  StringRef cubinPath) {
    std::string exe = findPtxas(ptxas);
    if (exe.empty())
      return op->emitError("ptxas not found: set CUDA_HOME, put ptxas on "
                           "PATH or pass ptxas=<path>; the PTX is at ")
             << ptxPath;
    std::string arch = "-arch=" + chip;
    std::string opt = "-O" + std::to_string(ptxasOptLevel);
    SmallVector<StringRef> args{exe, arch, opt, ptxPath, "-o", cubinPath};
    SmallString<256> errPath;
    if (llvm::sys::fs::createTemporaryFile("ptxas", "log", errPath))
      return op->emitError("cannot create a temporary file for ptxas output");
    std::optional<StringRef> redirects[] = {std::nullopt, errPath, errPath};
    std::string execErr;
    int rc = llvm::sys::ExecuteAndWait(exe, args, std::nullopt, redirects, 0,
                                       0, &execErr);
    std::string log;
    if (auto buf = llvm::MemoryBuffer::getFile(errPath))
      log = (*buf)->getBuffer().str();
    llvm::sys::fs::remove(errPath);
    if (rc != 0) {
      std::string cmd;
      for (StringRef a : args)
        cmd += (cmd.empty() ? "" : " ") + a.str();
      return op->emitError("ptxas failed for ")
             << chip << " (exit " << rc << ")" << (execErr.empty() ? "" : ": ")
             << execErr << "\n"
             << log << "PTX: " << ptxPath << "\nreproduce with: " << cmd;
    }
    auto buf = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
    if (!buf)
      return op->emitError("ptxas produced no ") << cubinPath;
    return (*buf)->getBuffer().str();
  }
};

} // namespace
