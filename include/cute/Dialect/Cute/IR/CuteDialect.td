//===- CuteDialect.td - The cute layout dialect ------------*- tablegen -*-===//
#ifndef CUTE_DIALECT_TD
#define CUTE_DIALECT_TD

include "mlir/IR/OpBase.td"

def Cute_Dialect : Dialect {
  let name = "cute";
  let cppNamespace = "::mlir::cute";
  let summary = "CuTe layouts and their algebra";
  let description = [{
    The `cute` dialect models NVIDIA CuTe's layout algebra. Its types carry a
    value in CuTe notation, e.g. `!cute.layout<"(4,(2,8)):(16,(1,4))">`; a
    dynamic leaf is written `?` (i32), `?{i64}`, and optionally with a known
    divisor `?{div=8}`. Ops are those of NVIDIA's open CuTe IR with the same
    names and assembly, so IR written for CuTe IR's layout ops parses here.
    Every algebra op infers its result type by running the layout library on
    the operand types; a declared type that disagrees is an error.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
  // `!cute.param` / `#cute.param` (instance parameters, CuteParams.h) parse
  // to the parameter's value, a type or attribute of any dialect.
  let useDefaultTypePrinterParser = 0;
  let useDefaultAttributePrinterParser = 0;
  let hasConstantMaterializer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
    ::mlir::Attribute parseAttribute(::mlir::DialectAsmParser &parser,
                                     ::mlir::Type type) const override;
    void printAttribute(::mlir::Attribute attr,
                        ::mlir::DialectAsmPrinter &printer) const override;
    /// The instance arguments and parameters of the parse in progress.
    ::mlir::cute::InstanceEnv &getInstanceEnv();

  private:
    std::shared_ptr<::mlir::cute::InstanceEnv> instanceEnvStorage;

  public:
  }];
}

#endif // CUTE_DIALECT_TD
