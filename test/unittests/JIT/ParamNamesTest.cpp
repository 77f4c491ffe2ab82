//===- ParamNamesTest.cpp - Kernel parameter names from the parser --------===//
//
// parseSourceWithParamNames (cute/Target/KernelInfo.h) names each kernel
// argument after the SSA name the parser recorded, for text that is no
// file; KernelParamNames::attach names the same arguments of a second
// parse by location (what cute-opt does before collecting metadata). The
// expected names are the `%names` written in the sources below.
//
//===----------------------------------------------------------------------===//
#include "cute/Dialect/Cute/IR/CuteAttrNames.h"
#include "cute/Registration/Registration.h"
#include "cute/Target/KernelInfo.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace mlir;

namespace {

const char *kSource = R"(module attributes {gpu.container_module} {
  gpu.module @m {
    gpu.func @k(%src: !llvm.ptr, %0: i32, %count_1: i64,
                %w: f32 {cute.param_name = "weight"}) kernel {
      gpu.return
    }
    gpu.func @helper(%x: i32) {
      gpu.return
    }
  }
}
)";

/// The `cute.param_name` of each argument of `name` under `m` ("" without).
std::vector<std::string> names(ModuleOp m, StringRef name) {
  std::vector<std::string> out;
  m.walk([&](gpu::GPUFuncOp fn) {
    if (fn.getName() != name)
      return;
    for (unsigned i = 0; i < fn.getNumArguments(); ++i) {
      auto a = fn.getArgAttrOfType<StringAttr>(i, mlir::cute::attrs::ParamName);
      out.push_back(a ? a.getValue().str() : "");
    }
  });
  return out;
}

std::unique_ptr<MLIRContext> makeContext() {
  DialectRegistry registry;
  mlir::cute::registerCuteDialects(registry);
  auto ctx = std::make_unique<MLIRContext>(registry);
  ctx->loadAllAvailableDialects();
  return ctx;
}

} // namespace

TEST(JitParamNames, FromTheParserForTextThatIsNoFile) {
  auto ctx = makeContext();
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(kSource, "<jit>"),
                        llvm::SMLoc());
  mlir::cute::KernelParamNames recorded;
  OwningOpRef<ModuleOp> m = mlir::cute::parseSourceWithParamNames(
      sm, ParserConfig(ctx.get()), &recorded);
  ASSERT_TRUE(m);
  // %0 is numbered (no name); a written attribute is kept; a function that
  // is no kernel is left alone.
  EXPECT_EQ(names(*m, "k"),
            (std::vector<std::string>{"src", "", "count_1", "weight"}));
  EXPECT_EQ(names(*m, "helper"), std::vector<std::string>{""});

  // A second parse of the same text (same buffer name), without names,
  // gets them by location.
  llvm::SourceMgr sm2;
  sm2.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(kSource, "<jit>"),
                         llvm::SMLoc());
  OwningOpRef<ModuleOp> plain =
      parseSourceFile<ModuleOp>(sm2, ParserConfig(ctx.get()));
  ASSERT_TRUE(plain);
  EXPECT_EQ(names(*plain, "k"),
            (std::vector<std::string>{"", "", "", "weight"}));
  recorded.attach(plain->getOperation());
  EXPECT_EQ(names(*plain, "k"),
            (std::vector<std::string>{"src", "", "count_1", "weight"}));
}

TEST(JitParamNames, ParseErrorsGiveNoModule) {
  auto ctx = makeContext();
  ctx->getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  llvm::SourceMgr sm;
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(
                            "gpu.module @m { gpu.func @k(%a: ", "<jit>"),
                        llvm::SMLoc());
  EXPECT_FALSE(
      mlir::cute::parseSourceWithParamNames(sm, ParserConfig(ctx.get())));
}
