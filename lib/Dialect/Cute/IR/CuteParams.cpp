//===- CuteParams.cpp - Instance parameters of a kernel source ------------===//
#include "cute/Dialect/Cute/IR/CuteParams.h"
#include "cute/Dialect/Cute/IR/Cute.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::cute;

FailureOr<InstanceArgs> InstanceArgs::parse(StringRef text,
                                            std::string &error) {
  InstanceArgs r;
  text = text.trim();
  // A suffix comes before the first ':' that precedes every '='.
  size_t colon = text.find(':'), eq = text.find('=');
  if (colon != StringRef::npos && (eq == StringRef::npos || colon < eq)) {
    r.suffix = text.take_front(colon).trim().str();
    text = text.drop_front(colon + 1).trim();
    if (r.suffix.empty() || !llvm::all_of(r.suffix, [](char c) {
          return llvm::isAlnum(c) || c == '_';
        })) {
      error =
          "instance suffix '" + r.suffix + "' must be letters, digits and '_'";
      return failure();
    }
  }
  if (text.empty())
    return r;
  // Split at the commas outside brackets and quotes: a type argument may
  // hold commas of its own (`P=!cute_nvgpu.pipeline<async, 2>`).
  SmallVector<StringRef> parts;
  int depth = 0;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '"')
      quoted = !quoted;
    else if (quoted)
      continue;
    else if (c == '<' || c == '(' || c == '[' || c == '{')
      ++depth;
    else if ((c == '>' || c == ')' || c == ']' || c == '}') && depth > 0)
      --depth;
    else if (c == ',' && depth == 0) {
      parts.push_back(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push_back(text.drop_front(start));
  for (StringRef part : parts) {
    auto [name, value] = part.split('=');
    name = name.trim();
    value = value.trim();
    if (!part.contains('=') || name.empty() || value.empty()) {
      error = "instance argument '" + part.trim().str() +
              "' is not of the form name=value";
      return failure();
    }
    if (llvm::any_of(r.args, [&](auto &a) { return a.first == name; })) {
      error = "instance argument '" + name.str() + "' is given twice";
      return failure();
    }
    r.args.emplace_back(name.str(), value.str());
  }
  return r;
}

std::string InstanceArgs::str() const {
  std::string s = suffix.empty() ? "" : suffix + ":";
  for (auto [i, a] : llvm::enumerate(args))
    s += (i ? "," : "") + a.first + "=" + a.second;
  return s;
}

void InstanceEnv::begin(const InstanceArgs &args) {
  current = args;
  params.clear();
  all.clear();
}

std::vector<InstanceEnv::Param> InstanceEnv::enterFile() {
  std::vector<Param> saved;
  saved.swap(params);
  return saved;
}

void InstanceEnv::leaveFile(std::vector<Param> saved) {
  params = std::move(saved);
}

/// "a type with default bf16", "i32 with no default", ... for diagnostics.
static std::string describeDeclaration(const InstanceEnv::Param &p) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (p.isType)
    os << "a type";
  else if (p.integer)
    os << p.integer.getType();
  if (!p.dflt)
    os << " with no default";
  else if (auto t = dyn_cast<TypeAttr>(p.dflt))
    os << " with default " << t.getValue();
  else
    os << " with default " << cast<IntegerAttr>(p.dflt).getValue();
  return s;
}

/// `file:line` of a declaration.
static std::string describeLoc(LocationAttr loc) {
  if (auto fl = dyn_cast_or_null<FileLineColLoc>(loc))
    return (fl.getFilename().getValue() + ":" + Twine(fl.getLine())).str();
  return "another file";
}

bool InstanceEnv::declare(AsmParser &p, SMLoc loc, const Param &param) {
  auto other =
      llvm::find_if(all, [&](const Param &q) { return q.name == param.name; });
  if (other == all.end()) {
    all.push_back(param);
  } else {
    bool alike =
        other->isType == param.isType && other->dflt == param.dflt &&
        (param.isType || other->integer.getType() == param.integer.getType());
    if (!alike) {
      p.emitError(loc) << "instance parameter '" << param.name
                       << "' is declared here as " << describeDeclaration(param)
                       << " and in " << describeLoc(other->loc) << " as "
                       << describeDeclaration(*other)
                       << ": files that share a parameter declare it alike";
      return false;
    }
  }
  params.push_back(param);
  return true;
}

void InstanceEnv::end() { begin(InstanceArgs()); }

const std::string *InstanceEnv::argument(StringRef name) const {
  for (auto &a : current.args)
    if (a.first == name)
      return &a.second;
  return nullptr;
}

const InstanceEnv::Param *InstanceEnv::find(StringRef name) const {
  for (const Param &p : params)
    if (p.name == name)
      return &p;
  return nullptr;
}

static bool isParamName(StringRef name) {
  return !name.empty() && llvm::isAlpha(name[0]) &&
         llvm::all_of(name,
                      [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Common checks of a declaration; false after reporting.
static bool checkDeclaration(AsmParser &p, SMLoc loc, StringRef name,
                             const InstanceEnv::Param *previous) {
  if (!isParamName(name)) {
    p.emitError(loc) << "instance parameter name '" << name
                     << "' must start with a letter and hold only letters, "
                        "digits and '_'";
    return false;
  }
  if (previous) {
    p.emitError(loc) << "instance parameter '" << name << "' is declared twice";
    return false;
  }
  return true;
}

Type InstanceEnv::declareType(AsmParser &p, SMLoc loc, StringRef name,
                              std::optional<Type> dflt) {
  if (!checkDeclaration(p, loc, name, find(name)))
    return {};
  Param param{name.str(), true, {}, {}, false, {}, {}};
  param.loc = p.getEncodedSourceLoc(loc);
  if (dflt)
    param.dflt = TypeAttr::get(*dflt);
  if (const std::string *arg = argument(name)) {
    Type t;
    {
      // The argument's own parse errors would cite a nameless buffer; the
      // error below names the argument instead.
      ScopedDiagnosticHandler quiet(p.getContext(),
                                    [](Diagnostic &) { return success(); });
      t = mlir::parseType(*arg, p.getContext(), nullptr,
                          /*isKnownNullTerminated=*/false);
    }
    if (!t) {
      p.emitError(loc) << "instance argument " << name << "=" << *arg
                       << " is not a type (" << name << " is a type parameter)";
      return {};
    }
    param.type = t;
    param.given = true;
  } else if (dflt) {
    param.type = *dflt;
  } else {
    p.emitError(loc) << "instance parameter '" << name
                     << "' (a type) has no default and no argument: give it "
                        "as "
                     << name << "=<type>";
    return {};
  }
  if (!declare(p, loc, param))
    return {};
  return param.type;
}

Attribute InstanceEnv::declareInteger(AsmParser &p, SMLoc loc, StringRef name,
                                      IntegerType type,
                                      std::optional<APInt> dflt) {
  if (!checkDeclaration(p, loc, name, find(name)))
    return {};
  unsigned width = type.getWidth();
  Param param{name.str(), false, {}, {}, false, {}, {}};
  param.loc = p.getEncodedSourceLoc(loc);
  if (dflt)
    param.dflt = IntegerAttr::get(type, dflt->sextOrTrunc(width));
  if (const std::string *arg = argument(name)) {
    StringRef text(*arg);
    int64_t value = 0;
    bool ok;
    if (width == 1 && (text == "true" || text == "false")) {
      value = text == "true";
      ok = true;
    } else {
      ok = !text.getAsInteger(10, value);
      if (ok)
        ok = width == 1    ? (value == 0 || value == 1)
             : width >= 64 ? true
                           : (value >= -(int64_t(1) << (width - 1)) &&
                              value < (int64_t(1) << (width - 1)));
    }
    APInt v(width, uint64_t(value), /*isSigned=*/width > 1);
    if (!ok) {
      p.emitError(loc) << "instance argument " << name << "=" << *arg
                       << " is not " << (width == 1 ? "true or false" : "an ")
                       << (width == 1 ? "" : "integer that fits in ")
                       << (width == 1 ? Type() : Type(type)) << " (" << name
                       << " is declared " << Type(type) << ")";
      return {};
    }
    param.integer = IntegerAttr::get(type, v);
    param.given = true;
  } else if (dflt) {
    param.integer = cast<IntegerAttr>(param.dflt);
  } else {
    p.emitError(loc) << "instance parameter '" << name << "' (" << Type(type)
                     << ") has no default and no argument: give it as " << name
                     << "=<value>";
    return {};
  }
  if (!declare(p, loc, param))
    return {};
  return param.integer;
}

std::optional<int64_t> InstanceEnv::lookupInteger(StringRef name) const {
  const Param *p = find(name);
  if (!p || p->isType)
    return std::nullopt;
  if (p->integer.getType().isInteger(1))
    return p->integer.getValue().getZExtValue();
  return p->integer.getValue().getSExtValue();
}

std::vector<std::string> InstanceEnv::unusedArguments() const {
  std::vector<std::string> r;
  for (auto &a : current.args)
    if (llvm::none_of(all, [&](const Param &p) { return p.name == a.first; }))
      r.push_back(a.first);
  return r;
}

std::string InstanceEnv::suffix() const {
  if (!current.suffix.empty())
    return current.suffix;
  std::string s;
  for (const Param &p : all) {
    if (!p.given)
      continue;
    std::string v;
    llvm::raw_string_ostream os(v);
    if (p.isType)
      os << p.type;
    else if (p.integer.getType().isInteger(1))
      os << (p.integer.getValue().isOne() ? "true" : "false");
    else
      os << p.integer.getValue().getSExtValue();
    for (char &c : v)
      if (c == '-')
        c = 'm';
      else if (!llvm::isAlnum(c))
        c = '_';
    s += (s.empty() ? "" : "_") + v;
  }
  return s;
}

InstanceEnv &mlir::cute::instanceEnv(MLIRContext *ctx) {
  return ctx->getOrLoadDialect<CuteDialect>()->getInstanceEnv();
}

InstanceEnv &CuteDialect::getInstanceEnv() {
  if (!instanceEnvStorage)
    instanceEnvStorage = std::make_shared<InstanceEnv>();
  return *instanceEnvStorage;
}

::cute::layout::DynamicSymbols mlir::cute::paramSymbols(MLIRContext *ctx) {
  ::cute::layout::DynamicSymbols syms;
  InstanceEnv *env = &instanceEnv(ctx);
  syms.params = [env](std::string_view name) {
    return env->lookupInteger(StringRef(name.data(), name.size()));
  };
  return syms;
}

/// `<"NAME"`, the common start.
static ParseResult parseParamName(AsmParser &p, std::string &name, SMLoc &loc) {
  loc = p.getCurrentLocation();
  return failure(p.parseLess() || p.parseString(&name));
}

Type mlir::cute::parseParamType(AsmParser &p) {
  std::string name;
  SMLoc loc;
  if (parseParamName(p, name, loc))
    return {};
  std::optional<Type> dflt;
  if (succeeded(p.parseOptionalComma())) {
    Type t;
    if (p.parseType(t))
      return {};
    dflt = t;
  }
  if (p.parseGreater())
    return {};
  return instanceEnv(p.getContext()).declareType(p, loc, name, dflt);
}

Attribute mlir::cute::parseParamAttr(AsmParser &p, Type) {
  std::string name;
  SMLoc loc;
  if (parseParamName(p, name, loc))
    return {};
  std::optional<APInt> dflt;
  IntegerType type;
  if (succeeded(p.parseOptionalComma())) {
    SMLoc dl = p.getCurrentLocation();
    Attribute a;
    if (p.parseAttribute(a))
      return {};
    auto i = dyn_cast<IntegerAttr>(a);
    if (!i || !isa<IntegerType>(i.getType())) {
      p.emitError(dl) << "an integer instance parameter's default must be "
                         "an integer or true/false, e.g. `128 : i32`, not "
                      << a;
      return {};
    }
    dflt = i.getValue();
    type = cast<IntegerType>(i.getType());
  } else {
    Type t;
    SMLoc tl = p.getCurrentLocation();
    if (p.parseColon() || p.parseType(t))
      return {};
    type = dyn_cast<IntegerType>(t);
    if (!type) {
      p.emitError(tl) << "an integer instance parameter has an integer type "
                         "(i1, i8, i16, i32, i64), not "
                      << t;
      return {};
    }
  }
  if (p.parseGreater())
    return {};
  return instanceEnv(p.getContext()).declareInteger(p, loc, name, type, dflt);
}

FailureOr<int64_t> mlir::cute::parseIntOrParam(AsmParser &p) {
  int64_t v = 0;
  OptionalParseResult r = p.parseOptionalInteger(v);
  if (r.has_value())
    return failed(*r) ? FailureOr<int64_t>(failure()) : FailureOr<int64_t>(v);
  SMLoc loc = p.getCurrentLocation();
  // A quoted expression of integer parameters in CuTe notation ("4*WG+4").
  std::string expr;
  if (succeeded(p.parseOptionalString(&expr))) {
    ::cute::layout::DynamicSymbols syms = paramSymbols(p.getContext());
    auto t = ::cute::layout::parseIntTuple(expr, syms);
    if (!t)
      return p.emitError(loc)
             << "cannot evaluate \"" << expr << "\": " << t.message();
    if (!t->isInt() || !t->value().isStatic())
      return p.emitError(loc) << "\"" << expr << "\" is not one static integer";
    return t->value().value();
  }
  // An integer attribute: an alias of an integer parameter (`#BN`).
  Attribute attr;
  OptionalParseResult ar = p.parseOptionalAttribute(attr);
  if (ar.has_value()) {
    if (failed(*ar))
      return failure();
    if (auto i = dyn_cast<IntegerAttr>(attr))
      return i.getValue().getSExtValue();
    return p.emitError(loc) << "expected an integer, an integer instance "
                               "parameter or a quoted expression of them, "
                               "got "
                            << attr;
  }
  StringRef name;
  if (p.parseKeyword(&name))
    return failure();
  std::optional<int64_t> value =
      instanceEnv(p.getContext()).lookupInteger(name);
  if (!value)
    return p.emitError(loc) << "'" << name
                            << "' is not an integer instance parameter "
                               "(declare it with #cute.param<\""
                            << name << "\", ...> before its first use)";
  return *value;
}

FailureOr<unsigned> mlir::cute::parseUnsignedOrParam(AsmParser &p) {
  SMLoc loc = p.getCurrentLocation();
  FailureOr<int64_t> v = parseIntOrParam(p);
  if (failed(v))
    return failure();
  if (*v < 0 || *v > int64_t(UINT32_MAX))
    return p.emitError(loc) << "expected a count (0 to 2^32 - 1), got " << *v;
  return unsigned(*v);
}
