//===- EmitArtifacts.cpp - PTX, cubin (ptxas) and metadata files ----------===//
//
// The compiled module keeps everything in memory: the cubin (format=cubin)
// as the gpu.binary's object, the PTX it came from as that object's
// `cute.ptx` property (or as the object itself with format=ptx), and the
// metadata on the top-level module. Files are written only into output-dir;
// without one, ptxas works in a temporary directory that is removed
// afterwards (kept only when ptxas fails, for the reproduction command).
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Support/KernelMetadataSchema.h"
#include "cute/Target/Passes.h"
#include "cute/Target/PtxInfo.h"

#include "cute/Support/KernelMetadata.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <map>
#include <thread>

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

namespace md = ::cute::metadata;

LogicalResult writeFile(Operation *op, StringRef path, StringRef data) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec)
    return op->emitError("cannot write ") << path << ": " << ec.message();
  os << data;
  return success();
}

std::string joinPath(StringRef dir, StringRef name) {
  SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return p.str().str();
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
    if (!outputDir.empty()) {
      if (auto ec = llvm::sys::fs::create_directories(outputDir)) {
        top.emitError("cannot create ") << outputDir << ": " << ec.message();
        return signalPassFailure();
      }
    }
    SmallVector<gpu::BinaryOp> binaries;
    top.walk([&](gpu::BinaryOp b) { binaries.push_back(b); });
    for (gpu::BinaryOp bin : binaries)
      if (failed(emit(top, bin)))
        return signalPassFailure();
  }

  LogicalResult emit(ModuleOp top, gpu::BinaryOp bin) {
    std::string stem = md::artifactStem(bin.getName(), chip);
    MLIRContext *ctx = &getContext();
    SmallVector<Attribute> newObjects;
    StringRef finalPtx; // uniqued in the context: outlives the object
    for (Attribute a : bin.getObjects()) {
      auto obj = cast<gpu::ObjectAttr>(a);
      if (obj.getFormat() != gpu::CompilationTarget::Assembly) {
        newObjects.push_back(obj);
        continue;
      }
      StringRef ptx = obj.getObject().getValue();
      finalPtx = ptx;
      if (!outputDir.empty() &&
          failed(writeFile(bin, joinPath(outputDir, stem + md::kPtxExtension),
                           ptx)))
        return failure();
      if (format != "cubin") {
        newObjects.push_back(obj);
        continue;
      }
      registers.clear();
      FailureOr<std::string> cubin = assemble(bin, ptx, stem);
      if (failed(cubin))
        return failure();
      NamedAttrList props(obj.getProperties());
      props.set(attrs::ObjectPtx, obj.getObject());
      newObjects.push_back(gpu::ObjectAttr::get(
          ctx, obj.getTarget(), gpu::CompilationTarget::Binary,
          StringAttr::get(ctx, *cubin), props.getDictionary(ctx),
          obj.getKernels()));
    }
    bin.setObjectsAttr(ArrayAttr::get(ctx, newObjects));
    if (failed(recordFinalSharedMemory(top, bin, finalPtx)))
      return failure();
    if (format == "cubin" && failed(checkRegisters(top, bin)))
      return failure();
    auto meta =
        top->getAttrOfType<StringAttr>(attrs::kernelMetadata(bin.getName()));
    if (meta && !outputDir.empty() &&
        failed(writeFile(bin,
                         joinPath(outputDir, stem + md::kMetadataExtension),
                         meta.getValue())))
      return failure();
    return success();
  }

  /// The metadata's static shared memory is what the final PTX declares
  /// for each kernel (lowering adds to what the cute ops planned, e.g. the
  /// scratch of block reductions); ptxas reports the same figure.
  LogicalResult recordFinalSharedMemory(ModuleOp top, gpu::BinaryOp bin,
                                        StringRef ptx) {
    StringAttr name =
        StringAttr::get(top.getContext(), attrs::kernelMetadata(bin.getName()));
    auto meta = top->getAttrOfType<StringAttr>(name);
    if (!meta)
      return success();
    if (ptx.empty())
      return success();
    ::cute::Expected<md::Document> doc = md::fromJson(meta.getValue().str());
    if (!doc.ok())
      return bin.emitError("kernel metadata does not read back: ")
             << doc.error().str();
    std::map<std::string, int64_t> smem =
        ::cute::target::staticSharedBytes(ptx);
    for (md::Kernel &k : doc->kernels)
      if (auto it = smem.find(k.name); it != smem.end())
        k.smemStatic = size_t(it->second);
    top->setAttr(name, StringAttr::get(top.getContext(), md::toJson(*doc)));
    return success();
  }

  /// Runs ptxas on `ptx`. With output-dir it reads the .ptx written there and
  /// leaves the .cubin next to it; without, it works in a temporary
  /// directory that is removed unless ptxas fails.
  FailureOr<std::string> assemble(Operation *op, StringRef ptx,
                                  StringRef stem) {
    SmallString<256> dir(outputDir);
    bool temporary = dir.empty();
    if (temporary) {
      if (auto ec = llvm::sys::fs::createUniqueDirectory("cute-ptxas", dir))
        return op->emitError("cannot create a temporary directory: ")
               << ec.message();
      if (failed(writeFile(op, joinPath(dir, (stem + md::kPtxExtension).str()),
                           ptx))) {
        llvm::sys::fs::remove_directories(dir);
        return failure();
      }
    }
    std::string ptxPath = joinPath(dir, (stem + md::kPtxExtension).str());
    std::string cubinPath = joinPath(dir, (stem + md::kCubinExtension).str());
    FailureOr<std::string> cubin = runPtxas(op, ptxPath, cubinPath);
    if (temporary && succeeded(cubin))
      llvm::sys::fs::remove_directories(dir);
    return cubin;
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
    // -v: each entry's register count, checked against its block size.
    // --split-compile: the entries compiled on the machine's cores (the
    // same SASS and -v report as with one thread).
    std::string split = std::to_string(
        std::clamp(std::thread::hardware_concurrency(), 1u, 16u));
    SmallVector<StringRef> args{
        exe,   arch,    opt,  "-v",     "--split-compile",
        split, ptxPath, "-o", cubinPath};
    SmallString<256> errPath;
    if (llvm::sys::fs::createTemporaryFile("ptxas", "log", errPath))
      return op->emitError("cannot create a temporary file for ptxas output");
    std::optional<StringRef> redirects[] = {std::nullopt, errPath, errPath};
    std::string execErr;
    int rc = llvm::sys::ExecuteAndWait(exe, args, std::nullopt, redirects, 0, 0,
                                       &execErr);
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
    // setmaxnreg that ptxas drops leaves warp roles with the wrong register
    // budget and no error: make it one.
    if (StringRef(log).contains("C7508"))
      return op->emitError("ptxas ignored setmaxnreg for ")
             << chip << " (C7508): the kernel has no register cap at entry "
             << "(a known block size gives it one)\n"
             << log << "PTX: " << ptxPath;
    if (StringRef(log).contains("C7506"))
      return op->emitError("ptxas ignored setmaxnreg for ")
             << chip << " (C7506): something in the kernel (e.g. a call) "
             << "keeps ptxas from honouring it\n"
             << log << "PTX: " << ptxPath;
    warnSerializedWgmma(op, log);
    auto buf = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
    if (!buf)
      return op->emitError("ptxas produced no ") << cubinPath;
    registers = registersPerEntry(log);
    return (*buf)->getBuffer().str();
  }

  /// ptxas serializes every wgmma of a function (each waits for the one
  /// before) when it cannot prove the async pipeline safe, and says so only
  /// as an info line ("Potential Performance Loss: wgmma.mma_async
  /// instructions are serialized due to ..."): a 2x or worse slowdown of
  /// a tensor-core kernel with no error. Make each such line a warning on
  /// the module, with what in the source usually causes it.
  void warnSerializedWgmma(Operation *op, StringRef log) {
    SmallVector<StringRef> lines;
    log.split(lines, '\n');
    for (StringRef line : lines) {
      size_t at = line.find("wgmma.mma_async instructions are serialized");
      if (at == StringRef::npos)
        continue;
      size_t lp = line.find("(C"), rp = line.find(')', lp);
      StringRef code = lp != StringRef::npos && rp != StringRef::npos
                           ? line.slice(lp + 1, rp)
                           : StringRef("?");
      StringRef why = line.drop_front(at).split(" due to ").second;
      StringRef fn = why.rsplit(" in the function ").second.trim("' ");
      why = why.rsplit(" in the function ").first;
      std::string hint =
          code == "C7518"
              ? "a cute_nvgpu.wgmma_wait_group on a branch (scf.if): make "
                "every wait unconditional"
          : code == "C7514" || code == "C7515"
              ? "the accumulator fragment is read or written between a "
                "cute.gemm and the wgmma_wait_group that completes it (a "
                "wait that does not cover the gemm, a spill, or a second "
                "use of the fragment)"
          : code == "C7510"
              ? "a call between a cute.gemm and its wgmma_wait_group: a "
                "cute.check of a debug-checks build (its printf and trap; "
                "expected there) or a function that was not inlined"
              : "see ptxas's reason";
      mlir::emitWarning(op->getLoc(), "ptxas serializes every wgmma of '")
          << fn << "' for " << chip << " (" << code << ": " << why
          << "); usual cause: " << hint;
    }
  }

  /// `ptxas -v`'s "Compiling entry function 'K'" followed by "Used N
  /// registers": N per entry K.
  static std::map<std::string, int64_t> registersPerEntry(StringRef log) {
    std::map<std::string, int64_t> out;
    std::string current;
    SmallVector<StringRef> lines;
    log.split(lines, '\n');
    for (StringRef line : lines) {
      size_t at = line.find("Compiling entry function '");
      if (at != StringRef::npos) {
        StringRef rest = line.drop_front(at + 26);
        current = rest.take_until([](char c) { return c == '\''; }).str();
        continue;
      }
      at = line.find("Used ");
      if (at == StringRef::npos || current.empty())
        continue;
      int64_t n;
      StringRef num = line.drop_front(at + 5).take_while(
          [](char c) { return c >= '0' && c <= '9'; });
      if (!num.getAsInteger(10, n) &&
          line.drop_front(at + 5 + num.size()).starts_with(" registers"))
        out[current] = n;
    }
    return out;
  }

  /// A kernel whose registers per thread (ptxas -v) times its known block
  /// size exceed an SM's 65536 registers cannot launch (the driver fails
  /// the launch with "too many resources requested"): make it a compile
  /// error. Registers are allocated per warp in units of 256.
  LogicalResult checkRegisters(ModuleOp top, gpu::BinaryOp bin) {
    auto meta =
        top->getAttrOfType<StringAttr>(attrs::kernelMetadata(bin.getName()));
    if (!meta || registers.empty())
      return success();
    ::cute::Expected<md::Document> doc = md::fromJson(meta.getValue().str());
    if (!doc.ok())
      return success(); // reported by recordFinalSharedMemory
    for (const md::Kernel &k : doc->kernels) {
      auto it = registers.find(k.name);
      if (it == registers.end())
        continue;
      int64_t threads = int64_t(k.block.volume());
      int64_t warps = (threads + 31) / 32;
      int64_t perWarp = (it->second * 32 + 255) / 256 * 256;
      if (warps * perWarp <= 65536)
        continue;
      return bin.emitError("kernel @")
             << k.name << " cannot launch on " << chip << ": ptxas gives it "
             << it->second << " registers per thread, and " << warps
             << " warps x " << perWarp << " registers (allocated per warp in "
             << "units of 256) = " << warps * perWarp
             << " exceed the 65536 an SM has; lower its register use (e.g. "
             << "setmaxnreg roles, fewer live values) or its block size";
    }
    return success();
  }

  /// The register counts of the last ptxas run, per entry.
  std::map<std::string, int64_t> registers;
};

} // namespace
