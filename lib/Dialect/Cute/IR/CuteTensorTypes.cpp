//===- CuteTensorTypes.cpp - !cute.ptr, !cute.memref, copy atoms ----------===//
#include "cute/Dialect/Cute/IR/Cute.h"
#include "cute/Dialect/Cute/IR/CuteParams.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace mlir::cute;
using namespace ::cute::layout;

//===----------------------------------------------------------------------===//
// Memory spaces and element rules
//===----------------------------------------------------------------------===//

StringRef mlir::cute::stringifyMemSpace(MemSpace s) {
  switch (s) {
  case MemSpace::gmem:
    return "gmem";
  case MemSpace::smem:
    return "smem";
  case MemSpace::rmem:
    return "rmem";
  case MemSpace::tmem:
    return "tmem";
  }
  return "?";
}

std::optional<MemSpace> mlir::cute::symbolizeMemSpace(StringRef s) {
  return llvm::StringSwitch<std::optional<MemSpace>>(s)
      .Case("gmem", MemSpace::gmem)
      .Case("smem", MemSpace::smem)
      .Case("rmem", MemSpace::rmem)
      .Case("tmem", MemSpace::tmem)
      .Default(std::nullopt);
}

unsigned mlir::cute::storageBits(Type t) {
  if (auto i = dyn_cast<IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1:
      return 8;
    case 8:
    case 16:
    case 32:
    case 64:
      return i.getWidth();
    default:
      return 0;
    }
  }
  if (isa<Float16Type, BFloat16Type, Float32Type, Float64Type, Float8E4M3FNType,
          Float8E5M2Type, Float8E8M0FNUType, Float4E2M1FNType>(t))
    return t.getIntOrFloatBitWidth();
  return 0;
}

std::string mlir::cute::checkElementType(Type elem, MemSpace space) {
  std::string msg;
  llvm::raw_string_ostream os(msg);
  if (!storageBits(elem)) {
    os << "unsupported element type " << elem
       << " (expects i1, i8, i16, i32, i64, f16, bf16, f32, f64, f8E4M3FN, "
          "f8E5M2, f8E8M0FNU or f4E2M1FN)";
  } else if (elem.isInteger(1) && space != MemSpace::rmem) {
    os << "i1 elements (predicates) are only allowed in rmem, but got "
       << stringifyMemSpace(space);
  } else if (space == MemSpace::tmem && storageBits(elem) != 32 &&
             !isa<Float16Type, BFloat16Type>(elem)) {
    // 16-bit floats: tcgen05.mma's A operand read from TMEM (two per
    // column; offsets stay in address units, so the pair is a stride-0 mode).
    os << "tmem holds 32-bit elements (f32 or i32: one TMEM address unit is "
          "one 32-bit column of one lane; f16/bf16 only as tcgen05.mma's A, "
          "two per column), but got "
       << elem << " (" << storageBits(elem) << " bits)";
  }
  return msg;
}

std::string mlir::cute::checkAlignment(Type elem, int64_t align) {
  if (align <= 0 || !llvm::isPowerOf2_64(uint64_t(align)))
    return "alignment must be a power of two, but got " + std::to_string(align);
  unsigned bits = storageBits(elem);
  if (bits >= 8 && align * 8 < int64_t(bits))
    return "alignment " + std::to_string(align) +
           " is smaller than the element size of " + std::to_string(bits / 8) +
           " bytes";
  return "";
}

//===----------------------------------------------------------------------===//
// Parsing helpers
//===----------------------------------------------------------------------===//

static ParseResult parseSpaceAndAlign(AsmParser &p, Type &elem, MemSpace &space,
                                      int64_t &align, bool &more) {
  std::string kw;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseType(elem) || p.parseComma())
    return failure();
  loc = p.getCurrentLocation();
  if (p.parseKeywordOrString(&kw))
    return failure();
  auto s = symbolizeMemSpace(kw);
  if (!s)
    return p.emitError(loc) << "expects a memory space (gmem, smem, rmem or "
                               "tmem), but got '"
                            << kw << "'";
  space = *s;
  unsigned bits = storageBits(elem);
  align = bits >= 8 ? bits / 8 : 1;
  more = false;
  if (p.parseOptionalComma())
    return success();
  if (succeeded(p.parseOptionalKeyword("align"))) {
    if (p.parseLess() || p.parseInteger(align) || p.parseGreater())
      return failure();
    more = succeeded(p.parseOptionalComma());
    return success();
  }
  more = true;
  return success();
}

//===----------------------------------------------------------------------===//
// PtrType
//===----------------------------------------------------------------------===//

Type PtrType::parse(AsmParser &p) {
  Type elem;
  MemSpace space;
  int64_t align;
  bool more;
  if (p.parseLess() || parseSpaceAndAlign(p, elem, space, align, more))
    return {};
  if (more) {
    p.emitError(p.getCurrentLocation(), "expects '>' after the alignment");
    return {};
  }
  if (p.parseGreater())
    return {};
  return p.getChecked<PtrType>(p.getContext(), elem, space, align);
}

void PtrType::print(AsmPrinter &p) const {
  p << "<" << getElementType() << ", " << stringifyMemSpace(getMemSpace())
    << ", align<" << getAlignment() << ">>";
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elem, MemSpace space, int64_t align) {
  if (auto m = checkElementType(elem, space); !m.empty())
    return emitError() << "!cute.ptr: " << m;
  if (auto m = checkAlignment(elem, align); !m.empty())
    return emitError() << "!cute.ptr: " << m;
  return success();
}

//===----------------------------------------------------------------------===//
// CuteMemRefType
//===----------------------------------------------------------------------===//

/// `sw32|sw64|sw128`: the TMA/MMA swizzle of that span for the element
/// type, S<1|2|3, log2(128 / bits), 3> (so one spelling serves every element
/// type of an instance parameter). None when absent.
static FailureOr<std::optional<Swizzle>> parseTmaSwizzleKeyword(AsmParser &p,
                                                                Type elem) {
  SMLoc loc = p.getCurrentLocation();
  int b = 0;
  if (succeeded(p.parseOptionalKeyword("sw32")))
    b = 1;
  else if (succeeded(p.parseOptionalKeyword("sw64")))
    b = 2;
  else if (succeeded(p.parseOptionalKeyword("sw128")))
    b = 3;
  else
    return std::optional<Swizzle>();
  unsigned bits = elem.isIntOrFloat() ? elem.getIntOrFloatBitWidth() : 0;
  if (bits == 0 || bits > 128 || 128 % bits != 0) {
    p.emitError(loc) << "!cute.memref: sw" << (16 << b)
                     << " needs an element type of 1 to 128 bits dividing 128, "
                        "not "
                     << elem;
    return failure();
  }
  return std::optional<Swizzle>(Swizzle(b, int(llvm::Log2_32(128 / bits)), 3));
}

Type CuteMemRefType::parse(AsmParser &p) {
  Type elem;
  MemSpace space;
  int64_t align;
  bool more;
  if (p.parseLess() || parseSpaceAndAlign(p, elem, space, align, more))
    return {};
  if (!more) {
    p.emitError(p.getCurrentLocation(), "expects a layout string");
    return {};
  }
  std::optional<Swizzle> swz;
  SMLoc swzLoc = p.getCurrentLocation();
  if (succeeded(p.parseOptionalKeyword("S"))) {
    int64_t b, m, s;
    if (p.parseLess() || p.parseInteger(b) || p.parseComma() ||
        p.parseInteger(m) || p.parseComma() || p.parseInteger(s) ||
        p.parseGreater() || p.parseComma())
      return {};
    auto sw = guard([&] {
      Swizzle r{int(b), int(m), int(s)};
      checkSwizzleRange(r);
      return r;
    });
    if (!sw) {
      p.emitError(swzLoc) << "!cute.memref: invalid swizzle S<" << b << "," << m
                          << "," << s << ">: " << sw.message();
      return {};
    }
    swz = *sw;
  } else {
    FailureOr<std::optional<Swizzle>> tma = parseTmaSwizzleKeyword(p, elem);
    if (failed(tma) || (*tma && p.parseComma()))
      return {};
    swz = *tma;
  }
  SMLoc loc = p.getCurrentLocation();
  auto layout = parseCuteValueText(p, CuteKind::Layout);
  if (failed(layout))
    return {};
  if (p.parseGreater())
    return {};
  (void)loc;
  return p.getChecked<CuteMemRefType>(p.getContext(), elem, space, align, swz,
                                      layout->layout);
}

void CuteMemRefType::print(AsmPrinter &p) const {
  p << "<" << getElementType() << ", " << stringifyMemSpace(getMemSpace())
    << ", align<" << getAlignment() << ">, ";
  if (getSwizzle())
    p << getSwizzle()->str() << ", ";
  printCuteValueText(p, getLayout());
  p << ">";
}

LogicalResult
CuteMemRefType::verify(function_ref<InFlightDiagnostic()> emitError, Type elem,
                       MemSpace space, int64_t align,
                       std::optional<CuteValue> swizzle, CuteValue layout) {
  if (auto m = checkElementType(elem, space); !m.empty())
    return emitError() << "!cute.memref: " << m;
  if (auto m = checkAlignment(elem, align); !m.empty())
    return emitError() << "!cute.memref: " << m;
  if (layout.kind != CuteKind::Layout)
    return emitError() << "!cute.memref: expects a layout, but got the "
                       << kindName(layout.kind) << " \"" << layout.str()
                       << "\"";
  bool basis = false;
  layout.layout.stride.forEachLeaf(
      [&](const IntTuple &l) { basis |= l.isBasis(); });
  if (basis)
    return emitError() << "!cute.memref: layout \"" << layout.str()
                       << "\" has scaled-basis strides; a memref maps "
                          "coordinates to element offsets (use "
                          "!cute.coord_tensor for coordinates)";
  if (swizzle) {
    if (swizzle->kind != CuteKind::Swizzle)
      return emitError() << "!cute.memref: expects a swizzle, but got \""
                         << swizzle->str() << "\"";
    if (space != MemSpace::smem)
      return emitError() << "!cute.memref: a swizzle (" << swizzle->str()
                         << ") is only allowed in smem, but got "
                         << stringifyMemSpace(space);
    if (storageBits(elem) < 8)
      return emitError() << "!cute.memref: a swizzle (" << swizzle->str()
                         << ") on sub-byte elements (" << elem
                         << ") is not supported";
  }
  return success();
}

PtrType CuteMemRefType::getPtrType() const {
  return PtrType::get(getContext(), getElementType(), getMemSpace(),
                      getAlignment());
}

//===----------------------------------------------------------------------===//
// CoordTensorType
//===----------------------------------------------------------------------===//

Type CoordTensorType::parse(AsmParser &p) {
  if (p.parseLess())
    return {};
  auto base = parseCuteValueText(p, CuteKind::IntTuple);
  if (failed(base) || p.parseComma())
    return {};
  auto layout = parseCuteValueText(p, CuteKind::Layout);
  if (failed(layout) || p.parseGreater())
    return {};
  return p.getChecked<CoordTensorType>(p.getContext(), base->tuple,
                                       layout->layout);
}

void CoordTensorType::print(AsmPrinter &p) const {
  p << "<";
  printCuteValueText(p, getBase());
  p << ", ";
  printCuteValueText(p, getLayout());
  p << ">";
}

LogicalResult
CoordTensorType::verify(function_ref<InFlightDiagnostic()> emitError,
                        CuteValue base, CuteValue layout) {
  if (base.kind != CuteKind::IntTuple)
    return emitError() << "!cute.coord_tensor: expects an int_tuple base, "
                          "but got \""
                       << base.str() << "\"";
  if (layout.kind != CuteKind::Layout)
    return emitError() << "!cute.coord_tensor: expects a layout, but got \""
                       << layout.str() << "\"";
  return success();
}

//===----------------------------------------------------------------------===//
// Reading tensor types
//===----------------------------------------------------------------------===//

MemRefInfo PtrType::readInfo(DynamicSymbols &) const {
  MemRefInfo info;
  info.elem = getElementType();
  info.space = getMemSpace();
  info.align = getAlignment();
  info.isPtr = true;
  return info;
}

MemRefInfo CuteMemRefType::readInfo(DynamicSymbols &syms) const {
  MemRefInfo info;
  info.elem = getElementType();
  info.space = getMemSpace();
  info.align = getAlignment();
  info.swizzle = getSwizzleFunctor();
  info.layout = getLayout().withFreshSymbols(syms).layout;
  return info;
}

MemRefInfo CoordTensorType::readInfo(DynamicSymbols &syms) const {
  MemRefInfo info;
  info.isCoord = true;
  info.base = getBase().withFreshSymbols(syms).tuple;
  info.layout = getLayout().withFreshSymbols(syms).layout;
  return info;
}

Expected<MemRefInfo> mlir::cute::readTensorType(Type t, DynamicSymbols &syms) {
  if (auto tt = dyn_cast<CuteTensorTypeInterface>(t))
    return tt.readInfo(syms);
  return ::cute::layout::algebraError(
      "expects a !cute.ptr, !cute.memref or !cute.coord_tensor");
}

Type mlir::cute::tensorTypeOf(MLIRContext *ctx, const MemRefInfo &info) {
  if (info.isPtr)
    return PtrType::get(ctx, info.elem, info.space, info.align);
  if (info.isCoord)
    return CoordTensorType::get(ctx, info.base, info.layout);
  return CuteMemRefType::get(ctx, info.elem, info.space, info.align,
                             info.swizzle, info.layout);
}

std::vector<Int> mlir::cute::dynamicLeavesOfType(Type t) {
  std::vector<Int> all;
  if (const CuteValue *v = cuteValueOf(t)) {
    all = scalarLeaves(*v);
  } else if (auto m = dyn_cast<CuteMemRefType>(t)) {
    all = scalarLeaves(m.getLayout());
  } else if (auto c = dyn_cast<CoordTensorType>(t)) {
    all = scalarLeaves(c.getBase());
    auto l = scalarLeaves(c.getLayout());
    all.insert(all.end(), l.begin(), l.end());
  }
  std::vector<Int> dyn;
  for (const Int &i : all)
    if (i.isDynamic())
      dyn.push_back(i);
  return dyn;
}

//===----------------------------------------------------------------------===//
// Registration
//===----------------------------------------------------------------------===//

#include "cute/Dialect/Cute/IR/CuteEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "cute/Dialect/Cute/IR/CuteOpsAttrs.cpp.inc"

Attribute CuteDialect::parseAttribute(DialectAsmParser &parser,
                                      Type type) const {
  SMLoc loc = parser.getCurrentLocation();
  StringRef mnemonic;
  Attribute a;
  OptionalParseResult r = generatedAttributeParser(parser, &mnemonic, type, a);
  if (r.has_value())
    return a;
  if (mnemonic == "param")
    return parseParamAttr(parser, type);
  parser.emitError(loc) << "unknown attribute `" << mnemonic
                        << "` in dialect `cute`";
  return {};
}

void CuteDialect::printAttribute(Attribute attr,
                                 DialectAsmPrinter &printer) const {
  (void)generatedAttributePrinter(attr, printer);
}

void CuteDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "cute/Dialect/Cute/IR/CuteOpsAttrs.cpp.inc"
      >();
}

MemRefInfo mlir::cute::tensorInfo(Type t) {
  ::cute::layout::DynamicSymbols syms;
  return cast<CuteTensorTypeInterface>(t).readInfo(syms);
}
