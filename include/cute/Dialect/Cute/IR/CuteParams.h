//===- CuteParams.h - Instance parameters of a kernel source ----*- C++ -*-===//
//
// One kernel source, many instances. A source declares its compile-time
// parameters as aliases at the top of the file:
//
//   !T = !cute.param<"T", bf16>            a type parameter (default bf16)
//   #BK = #cute.param<"BK", 64 : i32>      an integer parameter
//   #CAUSAL = #cute.param<"CAUSAL" : i1>   no default: must be given
//
// and uses them as `!T` wherever a type goes (`!cute.memref<!T, ...>`,
// `vector<32x!T>`, an atom's `a = !T`), as `#BK` wherever an attribute goes
// (`arith.constant #BK`), and by name inside CuTe notation strings
// (`"((128,BK),4):((BK,1),128*BK)"`). The parser resolves them while it
// reads the file, from the instance arguments of that parse
// (InstanceEnv::begin); the IR it produces holds only concrete types, so
// every later pass sees an ordinary kernel.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_DIALECT_CUTE_IR_CUTEPARAMS_H
#define CUTE_DIALECT_CUTE_IR_CUTEPARAMS_H

#include "cute/Layout/Parse.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/Types.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mlir::cute {

/// One instance: `name=value` arguments (a value is a type, an integer, or
/// true/false), and optionally the suffix its kernels get (else one made
/// from the values).
struct InstanceArgs {
  std::vector<std::pair<std::string, std::string>> args;
  std::string suffix;

  /// `[suffix:]name=value,name=value`; an empty text is the default
  /// instance.
  static FailureOr<InstanceArgs> parse(StringRef text, std::string &error);
  /// The text `parse` reads (the JIT's cache key part).
  std::string str() const;
};

/// The parameters a parse declared and the arguments it runs with. Held by
/// the cute dialect of a context; one parse at a time per context.
class InstanceEnv {
public:
  struct Param {
    std::string name;
    bool isType = false;
    Type type;           ///< the value (type parameter)
    IntegerAttr integer; ///< the value (integer parameter)
    bool given = false;  ///< from an argument, not the default
    Attribute dflt;      ///< the default (a TypeAttr or an IntegerAttr)
    LocationAttr loc;    ///< where it is declared
  };

  /// Starts a parse with these arguments (forgets the previous one).
  void begin(const InstanceArgs &args);
  /// Ends it: clears arguments and declarations.
  void end();

  /// Declares a parameter while parsing `!cute.param` / `#cute.param`.
  /// Returns its value: the argument if given, else the default.
  Type declareType(AsmParser &p, SMLoc loc, StringRef name,
                   std::optional<Type> dflt);
  Attribute declareInteger(AsmParser &p, SMLoc loc, StringRef name,
                           IntegerType type, std::optional<APInt> dflt);

  /// An integer parameter by name (for CuTe notation strings).
  std::optional<int64_t> lookupInteger(StringRef name) const;

  /// Another file of the same parse (an imported file, Imports.h): it sees
  /// only its own declarations, and a name it shares with a file before
  /// must be declared alike (kind and default). Returns the declarations to
  /// give back to leaveFile.
  std::vector<Param> enterFile();
  void leaveFile(std::vector<Param> saved);

  /// After the parse: the arguments no declaration (of any file) used, and
  /// the suffix of this instance (empty when no argument was given).
  std::vector<std::string> unusedArguments() const;
  const std::vector<Param> &declared() const { return all; }
  std::string suffix() const;

private:
  const std::string *argument(StringRef name) const;
  const Param *find(StringRef name) const;
  /// Checks `param` against a declaration of another file; false after
  /// reporting. Records it.
  bool declare(AsmParser &p, SMLoc loc, const Param &param);
  InstanceArgs current;
  /// The declarations of the file being parsed; of every file, first
  /// declarations in order.
  std::vector<Param> params, all;
};

InstanceEnv &instanceEnv(MLIRContext *ctx);

/// Symbols for parsing CuTe notation written in a source: its names are the
/// integer instance parameters declared so far.
::cute::layout::DynamicSymbols paramSymbols(MLIRContext *ctx);

/// An integer, the name of an integer instance parameter, an integer
/// attribute (a parameter's alias, `#BN`), or a quoted expression of such
/// parameters in CuTe notation (`"4*WG+4"`).
FailureOr<int64_t> parseIntOrParam(AsmParser &p);
/// The same, for a count that fits 32 bits unsigned (a pipeline's stages;
/// the type's verifier checks the range).
FailureOr<unsigned> parseUnsignedOrParam(AsmParser &p);

/// The declarative-format directive `custom<IntOrParam>($attr)` (an i64
/// attribute written as a number or an instance parameter's name).
ParseResult parseIntOrParam(OpAsmParser &p, IntegerAttr &attr);
void printIntOrParam(OpAsmPrinter &p, Operation *op, IntegerAttr attr);
/// `custom<I32OrParam>($attr)`: the same for an i32 attribute.
ParseResult parseI32OrParam(OpAsmParser &p, IntegerAttr &attr);
void printI32OrParam(OpAsmPrinter &p, Operation *op, IntegerAttr attr);
/// `custom<TileSizes>(TM, TN, TK)`: `TM, TN [, TK]`, each an IntOrParam.
ParseResult parseTileSizes(OpAsmParser &p, IntegerAttr &tm, IntegerAttr &tn,
                           IntegerAttr &tk);
void printTileSizes(OpAsmPrinter &p, Operation *op, IntegerAttr tm,
                    IntegerAttr tn, IntegerAttr tk);

/// `!cute.param<...>` after its mnemonic; `#cute.param<...>` likewise.
Type parseParamType(AsmParser &p);
Attribute parseParamAttr(AsmParser &p, Type type);

} // namespace mlir::cute

#endif // CUTE_DIALECT_CUTE_IR_CUTEPARAMS_H
