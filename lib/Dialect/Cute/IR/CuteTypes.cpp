//===- CuteTypes.cpp - cute types ------------------------------------------===//
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::cute;

// Every type is `<"spec">`; the spec is validated and stored canonically.
template <class T>
static Type parseCuteType(AsmParser &parser, CuteKind kind) {
  std::string spec;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() || parser.parseString(&spec) ||
      parser.parseGreater())
    return {};
  ::cute::layout::DynamicSymbols syms;
  auto v = parseCuteValue(kind, spec, syms);
  if (!v) {
    parser.emitError(loc) << "failed to parse " << kindName(kind) << " from \""
                          << spec << "\": " << v.message();
    return {};
  }
  if (v->kind != kind) {
    parser.emitError(loc) << "\"" << spec << "\" is a " << kindName(v->kind)
                          << ", not a " << kindName(kind);
    return {};
  }
  return T::get(parser.getContext(), v->str());
}

template <class T>
static LogicalResult verifyCuteType(function_ref<InFlightDiagnostic()> emitError,
                                    StringRef spec, CuteKind kind) {
  ::cute::layout::DynamicSymbols syms;
  auto v = parseCuteValue(kind, spec, syms);
  if (!v)
    return emitError() << "invalid " << kindName(kind) << " \"" << spec
                       << "\": " << v.message();
  return success();
}

static bool specIsStatic(StringRef spec) {
  // `?` only ever spells a dynamic leaf.
  return !spec.contains('?');
}

#define CUTE_TYPE_IMPL(T, K)                                                   \
  Type T::parse(AsmParser &parser) {                                           \
    return parseCuteType<T>(parser, CuteKind::K);                              \
  }                                                                            \
  void T::print(AsmPrinter &printer) const {                                   \
    printer << "<\"" << getSpec() << "\">";                                    \
  }                                                                            \
  LogicalResult T::verify(function_ref<InFlightDiagnostic()> emitError,        \
                          StringRef spec) {                                    \
    return verifyCuteType<T>(emitError, spec, CuteKind::K);                    \
  }                                                                            \
  bool T::isStatic() const { return specIsStatic(getSpec()); }

CUTE_TYPE_IMPL(IntTupleType, IntTuple)
CUTE_TYPE_IMPL(ShapeType, Shape)
CUTE_TYPE_IMPL(StrideType, Stride)
CUTE_TYPE_IMPL(CoordType, Coord)
CUTE_TYPE_IMPL(LayoutType, Layout)
CUTE_TYPE_IMPL(TileType, Tile)
CUTE_TYPE_IMPL(ComposedLayoutType, ComposedLayout)
CUTE_TYPE_IMPL(SwizzleType, Swizzle)

#define GET_TYPEDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteOpsTypes.cpp.inc"

void CuteDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "cute/Dialect/Cute/IR/CuteOpsTypes.cpp.inc"
      >();
}
