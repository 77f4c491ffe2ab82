//===- KernelMetadataRead.cpp - The kernel metadata reader ----------------===//
//
// fromJson (cute/Support/KernelMetadata.h): every field checked where it is
// read, named by its path; the checks that need the whole kernel or
// document (expression params, derived TMA sources, variants) after it.
//
//===----------------------------------------------------------------------===//
#include "cute/Support/Json.h"
#include "cute/Support/KernelMetadata.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <cstdint>

namespace cute::metadata {

namespace {

using Kind = JsonValue::Kind;

/// The path of `key` inside the object at `where` ("kernels[0].params").
std::string at(const std::string &where, const char *key) {
  return where.empty() ? std::string(key) : where + "." + key;
}

Error metaError(const std::string &field, const std::string &msg) {
  return Error(ErrorCode::Metadata, field + ": " + msg);
}

std::string describe(const JsonValue &v) {
  return JsonValue::kindName(v.kind());
}

template <size_t N>
Status checkKeys(const JsonValue &obj, const std::string &where,
                 const char *const (&allowed)[N]) {
  for (const auto &m : obj.members()) {
    bool ok = false;
    for (const char *a : allowed)
      ok |= m.first == a;
    if (!ok) {
      std::string list;
      for (const char *a : allowed)
        list += (list.empty() ? "" : ", ") + std::string(a);
      return metaError(where.empty() ? m.first : where + "." + m.first,
                       "unknown key (allowed: " + list + ")");
    }
  }
  return okStatus();
}

Expected<const JsonValue *> require(const JsonValue &obj,
                                    const std::string &where, const char *key,
                                    Kind kind) {
  std::string field = where.empty() ? key : where + "." + key;
  const JsonValue *v = obj.find(key);
  if (!v)
    return metaError(field, "missing required field");
  if (v->kind() != kind)
    return metaError(field, std::string("expected ") +
                                JsonValue::kindName(kind) + ", got " +
                                describe(*v));
  return v;
}

Expected<int64_t> intField(const JsonValue &v, const std::string &field,
                           int64_t lo, int64_t hi) {
  if (!v.isInteger())
    return metaError(
        field,
        "expected an integer, got " +
            (v.isNumber() ? std::string("a non-integer number") : describe(v)));
  int64_t x = v.asInt();
  if (x < lo || x > hi)
    return metaError(field, "value " + std::to_string(x) + " out of range [" +
                                std::to_string(lo) + ", " + std::to_string(hi) +
                                "]");
  return x;
}

Expected<ElemType> elemField(const JsonValue &v, const std::string &field) {
  if (!v.isString())
    return metaError(field, "expected string, got " + describe(v));
  auto t = parseElemType(v.asString());
  if (!t)
    return metaError(field, "unknown element type '" + v.asString() + "'");
  return *t;
}

Expected<Dim3> dim3Field(const JsonValue &v, const std::string &field,
                         const Dim3 &maxDim, uint64_t maxVolume) {
  if (!v.isArray())
    return metaError(field, "expected array, got " + describe(v));
  if (v.elements().size() != 3)
    return metaError(field, "expected 3 entries, got " +
                                std::to_string(v.elements().size()));
  unsigned d[3];
  unsigned mx[3] = {maxDim.x, maxDim.y, maxDim.z};
  for (int i = 0; i < 3; ++i) {
    CUTE_ASSIGN_OR_RETURN(
        int64_t x, intField(v.elements()[i],
                            field + "[" + std::to_string(i) + "]", 1, mx[i]));
    d[i] = unsigned(x);
  }
  Dim3 r(d[0], d[1], d[2]);
  if (r.volume() > maxVolume)
    return metaError(field, "volume " + std::to_string(r.volume()) +
                                " exceeds " + std::to_string(maxVolume));
  return r;
}

std::string index(const std::string &where, size_t i) {
  return where + "[" + std::to_string(i) + "]";
}

Expected<Expr> parseExpr(const JsonValue &v, const std::string &where);

/// A derived descriptor's "source": {"ptr": i, "dims": [{"extent": e,
/// "stride": e}, ...]} with `rank` dims, dims[0].stride the constant 1.
/// The params it names are checked later (checkTmaSources).
Expected<TmaSource> parseTmaSource(const JsonValue &v, const std::string &where,
                                   int rank) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_TRY(checkKeys(v, where, metadata::kTmaSourceKeys));
  TmaSource src;
  CUTE_ASSIGN_OR_RETURN(const JsonValue *ptr,
                        require(v, where, key::Ptr, Kind::Number));
  CUTE_ASSIGN_OR_RETURN(int64_t pi,
                        intField(*ptr, at(where, key::Ptr), 0, INT32_MAX));
  src.ptr = size_t(pi);
  CUTE_ASSIGN_OR_RETURN(const JsonValue *dims,
                        require(v, where, key::Dims, Kind::Array));
  std::string dw = at(where, key::Dims);
  if (dims->elements().size() != size_t(rank))
    return metaError(dw, "expected " + std::to_string(rank) +
                             " entries (rank), got " +
                             std::to_string(dims->elements().size()));
  for (size_t i = 0; i < dims->elements().size(); ++i) {
    const JsonValue &d = dims->elements()[i];
    std::string w = index(dw, i);
    if (!d.isObject())
      return metaError(w, "expected object, got " + describe(d));
    CUTE_TRY(checkKeys(d, w, metadata::kTmaDimKeys));
    TmaSource::Dim dim;
    const JsonValue *extent = d.find(key::Extent);
    if (!extent)
      return metaError(at(w, key::Extent), "missing required field");
    CUTE_ASSIGN_OR_RETURN(dim.extent, parseExpr(*extent, at(w, key::Extent)));
    const JsonValue *stride = d.find(key::Stride);
    if (!stride)
      return metaError(at(w, key::Stride), "missing required field");
    CUTE_ASSIGN_OR_RETURN(dim.stride, parseExpr(*stride, at(w, key::Stride)));
    if (i == 0 && (dim.stride.op != Expr::Op::Const || dim.stride.value != 1))
      return metaError(at(w, key::Stride),
                       "the innermost dimension of a TMA descriptor is "
                       "contiguous: expected {\"const\":1}");
    src.dims.push_back(std::move(dim));
  }
  return src;
}

Expected<Tma> parseTma(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_TRY(checkKeys(v, where, metadata::kTmaKeys));
  Tma t;
  CUTE_ASSIGN_OR_RETURN(const JsonValue *elem,
                        require(v, where, key::Elem, Kind::String));
  CUTE_ASSIGN_OR_RETURN(t.elem, elemField(*elem, at(where, key::Elem)));
  CUTE_ASSIGN_OR_RETURN(const JsonValue *rank,
                        require(v, where, key::Rank, Kind::Number));
  CUTE_ASSIGN_OR_RETURN(int64_t r, intField(*rank, at(where, key::Rank), 1, 5));
  t.rank = int(r);
  CUTE_ASSIGN_OR_RETURN(const JsonValue *box,
                        require(v, where, key::Box, Kind::Array));
  if (box->elements().size() != size_t(t.rank))
    return metaError(at(where, key::Box),
                     "expected " + std::to_string(t.rank) +
                         " entries (rank), got " +
                         std::to_string(box->elements().size()));
  for (size_t i = 0; i < box->elements().size(); ++i) {
    CUTE_ASSIGN_OR_RETURN(
        int64_t b,
        intField(box->elements()[i],
                 at(where, key::Box) + "[" + std::to_string(i) + "]", 1, 256));
    t.box.push_back(uint32_t(b));
  }
  if (const JsonValue *s = v.find(key::Swizzle)) {
    CUTE_ASSIGN_OR_RETURN(int64_t sw,
                          intField(*s, at(where, key::Swizzle), 0, 128));
    if (sw != 0 && sw != 32 && sw != 64 && sw != 128)
      return metaError(at(where, key::Swizzle),
                       "must be 0, 32, 64 or 128, got " + std::to_string(sw));
    t.swizzle = int(sw);
  }
  if (const JsonValue *il = v.find(key::Interleave)) {
    CUTE_ASSIGN_OR_RETURN(int64_t i,
                          intField(*il, at(where, key::Interleave), 0, 32));
    if (i != 0 && i != 16 && i != 32)
      return metaError(at(where, key::Interleave),
                       "must be 0, 16 or 32, got " + std::to_string(i));
    t.interleave = int(i);
  }
  if (const JsonValue *l2 = v.find(key::L2Promotion)) {
    CUTE_ASSIGN_OR_RETURN(int64_t b,
                          intField(*l2, at(where, key::L2Promotion), 0, 256));
    if (b != 0 && b != 64 && b != 128 && b != 256)
      return metaError(at(where, key::L2Promotion),
                       "must be 0, 64, 128 or 256, got " + std::to_string(b));
    t.l2Promotion = int(b);
  }
  if (const JsonValue *o = v.find(key::OobFill)) {
    std::string ow = at(where, key::OobFill);
    namespace oob = metadata::oob_fill;
    if (!o->isString())
      return metaError(ow, "expected string, got " + describe(*o));
    if (o->asString() == oob::Nan) {
      if (!isFloatType(t.elem))
        return metaError(ow, std::string("\"") + oob::Nan +
                                 "\" needs a floating-point elem, got " +
                                 elemTypeName(t.elem));
      t.oobFillNan = true;
    } else if (o->asString() != oob::Zero) {
      return metaError(ow, "unknown fill '" + o->asString() + "' (expected " +
                               oob::Zero + " or " + oob::Nan + ")");
    }
  }
  if (const JsonValue *src = v.find(key::Source)) {
    CUTE_ASSIGN_OR_RETURN(t.source,
                          parseTmaSource(*src, at(where, key::Source), t.rank));
  }
  return t;
}

/// An expression object: exactly one of {"const": n}, {"param": i},
/// {"add": [e, e, ...]}, {"mul": [e, e, ...]}, {"abs": e}. Param indices
/// are checked against the kernel's params later (checkViewParams).
Expected<Expr> parseExpr(const JsonValue &v, const std::string &where) {
  namespace ex = metadata::expr;
  std::string ops;
  for (const char *op : metadata::kExprOps)
    ops += (ops.empty() ? "" : ", ") + std::string(op);
  if (!v.isObject() || v.members().size() != 1)
    return metaError(
        where, "expected an expression: an object with one key (" + ops +
                   "), got " +
                   (v.isObject() ? std::to_string(v.members().size()) + " keys"
                                 : describe(v)));
  const auto &[op, arg] = v.members().front();
  std::string field = at(where, op.c_str());
  Expr e;
  if (op == ex::Const) {
    CUTE_ASSIGN_OR_RETURN(e.value, intField(arg, field, INT64_MIN, INT64_MAX));
    return e;
  }
  if (op == ex::Param) {
    e.op = Expr::Op::Param;
    CUTE_ASSIGN_OR_RETURN(e.value, intField(arg, field, 0, INT32_MAX));
    return e;
  }
  if (op == ex::Abs) {
    e.op = Expr::Op::Abs;
    CUTE_ASSIGN_OR_RETURN(Expr x, parseExpr(arg, field));
    e.ops.push_back(std::move(x));
    return e;
  }
  if (op != ex::Add && op != ex::Mul && op != ex::Div)
    return metaError(where, "unknown operation '" + op + "' (expected one of " +
                                ops + ")");
  e.op = op == ex::Add   ? Expr::Op::Add
         : op == ex::Mul ? Expr::Op::Mul
                         : Expr::Op::Div;
  if (!arg.isArray())
    return metaError(field, "expected array, got " + describe(arg));
  if (e.op == Expr::Op::Div && arg.elements().size() != 2)
    return metaError(field, "expected two operands, got " +
                                std::to_string(arg.elements().size()));
  if (arg.elements().size() < 2)
    return metaError(field, "expected two or more operands, got " +
                                std::to_string(arg.elements().size()));
  for (size_t i = 0; i < arg.elements().size(); ++i) {
    CUTE_ASSIGN_OR_RETURN(Expr x,
                          parseExpr(arg.elements()[i], index(field, i)));
    e.ops.push_back(std::move(x));
  }
  return e;
}

/// One "views" entry: {"bits": 32|64, "max_offset": e, "extents": [e...]}.
Expected<View> parseView(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_TRY(checkKeys(v, where, metadata::kViewKeys));
  View view;
  CUTE_ASSIGN_OR_RETURN(const JsonValue *bits,
                        require(v, where, key::Bits, Kind::Number));
  CUTE_ASSIGN_OR_RETURN(int64_t b,
                        intField(*bits, at(where, key::Bits), 1, 64));
  if (b != 32 && b != 64)
    return metaError(at(where, key::Bits),
                     "must be 32 or 64, got " + std::to_string(b));
  view.bits = int(b);
  const JsonValue *maxOffset = v.find(key::MaxOffset);
  if (!maxOffset)
    return metaError(at(where, key::MaxOffset), "missing required field");
  CUTE_ASSIGN_OR_RETURN(view.maxOffset,
                        parseExpr(*maxOffset, at(where, key::MaxOffset)));
  if (const JsonValue *ext = v.find(key::Extents)) {
    std::string ew = at(where, key::Extents);
    if (!ext->isArray())
      return metaError(ew, "expected array, got " + describe(*ext));
    for (size_t i = 0; i < ext->elements().size(); ++i) {
      CUTE_ASSIGN_OR_RETURN(Expr e,
                            parseExpr(ext->elements()[i], index(ew, i)));
      view.extents.push_back(std::move(e));
    }
  }
  return view;
}

Expected<Param> parseParam(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_TRY(checkKeys(v, where, metadata::kParamKeys));
  Param p;
  CUTE_ASSIGN_OR_RETURN(const JsonValue *name,
                        require(v, where, key::Name, Kind::String));
  if (name->asString().empty())
    return metaError(at(where, key::Name), "must not be empty");
  p.name = name->asString();
  CUTE_ASSIGN_OR_RETURN(const JsonValue *kind,
                        require(v, where, key::Kind, Kind::String));
  const std::string &k = kind->asString();
  if (k == kind::Pointer)
    p.kind = ParamKind::Pointer;
  else if (k == kind::Scalar)
    p.kind = ParamKind::Scalar;
  else if (k == kind::TmaDesc)
    p.kind = ParamKind::TmaDesc;
  else
    return metaError(at(where, key::Kind),
                     "unknown kind '" + k + "' (expected " + kind::Pointer +
                         ", " + kind::Scalar + " or " + kind::TmaDesc + ")");
  CUTE_ASSIGN_OR_RETURN(const JsonValue *bytes,
                        require(v, where, key::Bytes, Kind::Number));
  CUTE_ASSIGN_OR_RETURN(int64_t nb,
                        intField(*bytes, at(where, key::Bytes), 1, 4096));
  p.bytes = size_t(nb);
  const JsonValue *elem = v.find(key::Elem);
  // The compiler writes "" for pointers whose pointee type it does not know.
  if (elem && p.kind == ParamKind::Pointer && elem->isString() &&
      elem->asString().empty())
    elem = nullptr;
  if (elem) {
    CUTE_ASSIGN_OR_RETURN(ElemType e, elemField(*elem, at(where, key::Elem)));
    p.elem = e;
  } else if (p.kind == ParamKind::Scalar) {
    return metaError(at(where, key::Elem),
                     std::string("missing required field for ") + k +
                         " parameter");
  }
  if (const JsonValue *al = v.find(key::Align)) {
    if (p.kind != ParamKind::Pointer)
      return metaError(at(where, key::Align), "only allowed on ptr parameters");
    CUTE_ASSIGN_OR_RETURN(int64_t a,
                          intField(*al, at(where, key::Align), 1, 4096));
    if (a & (a - 1))
      return metaError(at(where, key::Align),
                       "must be a power of two, got " + std::to_string(a));
    p.align = size_t(a);
  }
  if (const JsonValue *views = v.find(key::Views)) {
    std::string vw = at(where, key::Views);
    if (p.kind != ParamKind::Pointer)
      return metaError(vw, "only allowed on ptr parameters");
    if (!views->isArray())
      return metaError(vw, "expected array, got " + describe(*views));
    for (size_t i = 0; i < views->elements().size(); ++i) {
      CUTE_ASSIGN_OR_RETURN(View view,
                            parseView(views->elements()[i], index(vw, i)));
      p.views.push_back(std::move(view));
    }
  }
  const JsonValue *tma = v.find(key::Tma);
  switch (p.kind) {
  case ParamKind::Pointer:
    if (p.bytes != 8)
      return metaError(at(where, key::Bytes),
                       "ptr must be 8 bytes, got " + std::to_string(p.bytes));
    break;
  case ParamKind::Scalar:
    if (p.bytes != elemTypeBytes(*p.elem))
      return metaError(at(where, key::Bytes),
                       std::string("scalar of elem ") + elemTypeName(*p.elem) +
                           " must be " +
                           std::to_string(elemTypeBytes(*p.elem)) +
                           " bytes, got " + std::to_string(p.bytes));
    break;
  case ParamKind::TmaDesc:
    if (p.bytes != 128)
      return metaError(at(where, key::Bytes),
                       "tma_desc must be 128 bytes, got " +
                           std::to_string(p.bytes));
    if (!tma)
      return metaError(at(where, key::Tma),
                       "missing required field for tma_desc parameter");
    {
      CUTE_ASSIGN_OR_RETURN(Tma t, parseTma(*tma, at(where, key::Tma)));
      if (p.elem && *p.elem != t.elem)
        return metaError(at(where, key::Elem),
                         std::string("'") + elemTypeName(*p.elem) +
                             "' disagrees with tma.elem '" +
                             elemTypeName(t.elem) + "'");
      p.tma = std::move(t);
    }
    return p;
  }
  if (tma)
    return metaError(at(where, key::Tma),
                     std::string("only allowed on tma_desc "
                                 "parameters, not ") +
                         k);
  return p;
}

std::string describeParam(const Kernel &k, size_t i) {
  const Param &p = k.params[i];
  std::string s = "param " + std::to_string(i) + " '" + p.name + "' is " +
                  paramKindName(p.kind);
  if (p.elem)
    s += std::string(" ") + elemTypeName(*p.elem);
  if (p.derived())
    s += " (derived)";
  return s;
}

/// Each "param" of `e` (at `where`) names an integer scalar of `k`.
Status checkExprParams(const Expr &e, const std::string &where, const Kernel &k,
                       const char *what = "a view's expressions") {
  namespace ex = metadata::expr;
  switch (e.op) {
  case Expr::Op::Const:
    return okStatus();
  case Expr::Op::Param: {
    std::string field = at(where, ex::Param);
    if (size_t(e.value) >= k.params.size())
      return metaError(field, "index " + std::to_string(e.value) +
                                  " out of range: kernel '" + k.name +
                                  "' has " + std::to_string(k.params.size()) +
                                  " params");
    const Param &p = k.params[size_t(e.value)];
    if (p.kind != ParamKind::Scalar || !p.elem || !isIntegerElem(*p.elem))
      return metaError(field, describeParam(k, size_t(e.value)) + "; " + what +
                                  " read integer scalar params");
    return okStatus();
  }
  case Expr::Op::Abs:
    return checkExprParams(e.ops.front(), at(where, ex::Abs), k, what);
  case Expr::Op::Add:
  case Expr::Op::Mul:
  case Expr::Op::Div: {
    std::string field = at(where, e.op == Expr::Op::Add   ? ex::Add
                                  : e.op == Expr::Op::Mul ? ex::Mul
                                                          : ex::Div);
    for (size_t i = 0; i < e.ops.size(); ++i)
      CUTE_TRY(checkExprParams(e.ops[i], index(field, i), k, what));
    return okStatus();
  }
  }
  return okStatus();
}

/// The params the views of `k`'s ptr params read are integer scalars of k.
Status checkViewParams(const Kernel &k, const std::string &where) {
  for (size_t pi = 0; pi < k.params.size(); ++pi) {
    const Param &p = k.params[pi];
    for (size_t vi = 0; vi < p.views.size(); ++vi) {
      std::string vw =
          index(at(index(at(where, key::Params), pi), key::Views), vi);
      const View &view = p.views[vi];
      CUTE_TRY(checkExprParams(view.maxOffset, at(vw, key::MaxOffset), k));
      for (size_t ei = 0; ei < view.extents.size(); ++ei)
        CUTE_TRY(checkExprParams(view.extents[ei],
                                 index(at(vw, key::Extents), ei), k));
    }
  }
  return okStatus();
}

/// Derived TMA descriptors come after all other params, and each source
/// names a ptr param that is not derived and integer scalar params.
Status checkTmaSources(const Kernel &k, const std::string &where) {
  std::optional<size_t> firstDerived;
  for (size_t pi = 0; pi < k.params.size(); ++pi) {
    const Param &p = k.params[pi];
    std::string pw = index(at(where, key::Params), pi);
    if (!p.derived()) {
      if (firstDerived)
        return metaError(
            pw, "param " + std::to_string(pi) + " '" + p.name + "' (" +
                    paramKindName(p.kind) +
                    ") follows the derived TMA descriptor param " +
                    std::to_string(*firstDerived) + " '" +
                    k.params[*firstDerived].name +
                    "'; derived params (a \"tma\" with \"source\") come "
                    "after all others");
      continue;
    }
    if (!firstDerived)
      firstDerived = pi;
    const TmaSource &src = *p.tma->source;
    std::string sw = at(at(pw, key::Tma), key::Source);
    std::string ptrField = at(sw, key::Ptr);
    if (src.ptr >= k.params.size())
      return metaError(ptrField,
                       "index " + std::to_string(src.ptr) +
                           " out of range: kernel '" + k.name + "' has " +
                           std::to_string(k.params.size()) + " params");
    const Param &base = k.params[src.ptr];
    if (base.derived())
      return metaError(ptrField, "param " + std::to_string(src.ptr) + " '" +
                                     base.name +
                                     "' is itself a derived TMA descriptor; "
                                     "a source's ptr names a ptr param");
    if (base.kind != ParamKind::Pointer)
      return metaError(ptrField, describeParam(k, src.ptr) +
                                     "; a source's ptr names a ptr param");
    for (size_t di = 0; di < src.dims.size(); ++di) {
      std::string dw = index(at(sw, key::Dims), di);
      const char *what = "a TMA source's extents and strides";
      CUTE_TRY(
          checkExprParams(src.dims[di].extent, at(dw, key::Extent), k, what));
      CUTE_TRY(
          checkExprParams(src.dims[di].stride, at(dw, key::Stride), k, what));
    }
  }
  return okStatus();
}

/// One "when" entry: {"param": i, "align": n} or {"param": i, "div": n}.
Expected<Condition> parseCondition(const JsonValue &v, const std::string &where,
                                   const Kernel &k) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  const JsonValue *align = nullptr, *div = nullptr;
  for (const auto &m : v.members()) {
    if (m.first == key::Param)
      continue;
    if (m.first == key::Align)
      align = &m.second;
    else if (m.first == key::Div)
      div = &m.second;
    else
      return metaError(where, "unknown condition '" + m.first + "' (expected " +
                                  key::Align + " or " + key::Div + ")");
  }
  CUTE_ASSIGN_OR_RETURN(const JsonValue *param,
                        require(v, where, key::Param, Kind::Number));
  CUTE_ASSIGN_OR_RETURN(int64_t pi,
                        intField(*param, at(where, key::Param), 0, INT32_MAX));
  if (size_t(pi) >= k.params.size())
    return metaError(at(where, key::Param),
                     "index " + std::to_string(pi) + " out of range: kernel '" +
                         k.name + "' has " + std::to_string(k.params.size()) +
                         " params");
  if (!align && !div)
    return metaError(where, std::string("missing condition (") + key::Align +
                                " or " + key::Div + ")");
  if (align && div)
    return metaError(where, std::string("has both ") + key::Align + " and " +
                                key::Div + "; write two conditions");
  Condition c;
  c.param = size_t(pi);
  const Param &p = k.params[c.param];
  if (align) {
    c.kind = Condition::Kind::Align;
    CUTE_ASSIGN_OR_RETURN(int64_t a, intField(*align, at(where, key::Align), 1,
                                              int64_t(1) << 30));
    if (a & (a - 1))
      return metaError(at(where, key::Align),
                       "must be a power of two, got " + std::to_string(a));
    if (p.kind != ParamKind::Pointer)
      return metaError(at(where, key::Align),
                       describeParam(k, c.param) +
                           "; align applies to ptr params");
    c.value = uint64_t(a);
  } else {
    c.kind = Condition::Kind::Div;
    CUTE_ASSIGN_OR_RETURN(
        int64_t d, intField(*div, at(where, key::Div), 1, int64_t(1) << 62));
    if (p.kind != ParamKind::Scalar || !p.elem || !isIntegerElem(*p.elem))
      return metaError(at(where, key::Div),
                       describeParam(k, c.param) +
                           "; div applies to integer scalar params");
    c.value = uint64_t(d);
  }
  return c;
}

Expected<Variant> parseVariant(const JsonValue &v, const std::string &where,
                               const Kernel &k) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_TRY(checkKeys(v, where, metadata::kVariantKeys));
  Variant var;
  CUTE_ASSIGN_OR_RETURN(const JsonValue *name,
                        require(v, where, key::Name, Kind::String));
  if (name->asString().empty())
    return metaError(at(where, key::Name), "must not be empty");
  var.name = name->asString();
  if (var.name == k.name)
    return metaError(at(where, key::Name),
                     "'" + var.name + "' names the kernel itself");
  CUTE_ASSIGN_OR_RETURN(const JsonValue *when,
                        require(v, where, key::When, Kind::Array));
  if (when->elements().empty())
    return metaError(at(where, key::When),
                     "must not be empty (a variant that always applies "
                     "hides the generic kernel)");
  for (size_t i = 0; i < when->elements().size(); ++i) {
    CUTE_ASSIGN_OR_RETURN(
        Condition c,
        parseCondition(when->elements()[i], index(at(where, key::When), i), k));
    var.when.push_back(c);
  }
  return var;
}

/// What the reader can check only with the whole document: each variant
/// names another kernel of it, without variants of its own, that takes the
/// same parameters.
Status checkVariants(const Document &m) {
  for (size_t ki = 0; ki < m.kernels.size(); ++ki) {
    const Kernel &k = m.kernels[ki];
    std::string kw = index(key::Kernels, ki);
    for (size_t vi = 0; vi < k.variants.size(); ++vi) {
      const Variant &v = k.variants[vi];
      std::string field = at(index(at(kw, key::Variants), vi), key::Name);
      const Kernel *clone = m.find(v.name);
      if (!clone)
        return metaError(field,
                         "no kernel named '" + v.name + "' in the document");
      if (!clone->variants.empty())
        return metaError(field, "'" + v.name +
                                    "' has variants of its own; a variant "
                                    "must be a plain kernel");
      if (clone->params.size() != k.params.size())
        return metaError(field, "'" + v.name + "' takes " +
                                    std::to_string(clone->params.size()) +
                                    " params, '" + k.name + "' takes " +
                                    std::to_string(k.params.size()));
      for (size_t i = 0; i < k.params.size(); ++i) {
        const Param &a = clone->params[i], &b = k.params[i];
        if (a.kind != b.kind || a.bytes != b.bytes || a.elem != b.elem ||
            a.derived() != b.derived())
          return metaError(field, "'" + v.name + "' " +
                                      describeParam(*clone, i) + ", '" +
                                      k.name + "' " + describeParam(k, i) +
                                      "; a variant takes the same params");
        // validateArgs checks the variant's own alignments: a condition
        // must guarantee each that the generic kernel does not.
        if (a.kind != ParamKind::Pointer || a.align <= b.align)
          continue;
        bool guaranteed = false;
        for (const Condition &c : v.when)
          guaranteed |= c.kind == Condition::Kind::Align && c.param == i &&
                        c.value >= a.align;
        if (!guaranteed)
          return metaError(
              field, "'" + v.name + "' assumes param " + std::to_string(i) +
                         " '" + a.name + "' is aligned to " +
                         std::to_string(a.align) + ", but '" + k.name +
                         "' promises " + std::to_string(b.align) +
                         " and no condition checks it");
      }
    }
  }
  return okStatus();
}

Expected<Kernel> parseKernel(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_TRY(checkKeys(v, where, metadata::kKernelKeys));
  Kernel k;
  CUTE_ASSIGN_OR_RETURN(const JsonValue *name,
                        require(v, where, key::Name, Kind::String));
  if (name->asString().empty())
    return metaError(at(where, key::Name), "must not be empty");
  k.name = name->asString();
  CUTE_ASSIGN_OR_RETURN(const JsonValue *params,
                        require(v, where, key::Params, Kind::Array));
  for (size_t i = 0; i < params->elements().size(); ++i) {
    std::string pw = at(where, key::Params) + "[" + std::to_string(i) + "]";
    CUTE_ASSIGN_OR_RETURN(Param p, parseParam(params->elements()[i], pw));
    for (const auto &q : k.params)
      if (q.name == p.name)
        return metaError(at(pw, key::Name),
                         "duplicate parameter name '" + p.name + "'");
    k.params.push_back(std::move(p));
  }
  CUTE_TRY(checkViewParams(k, where));
  CUTE_TRY(checkTmaSources(k, where));
  CUTE_ASSIGN_OR_RETURN(const JsonValue *block,
                        require(v, where, key::Block, Kind::Array));
  CUTE_ASSIGN_OR_RETURN(k.block, dim3Field(*block, at(where, key::Block),
                                           Dim3(1024, 1024, 64), 1024));
  if (const JsonValue *c = v.find(key::Cluster)) {
    CUTE_ASSIGN_OR_RETURN(k.cluster, dim3Field(*c, at(where, key::Cluster),
                                               Dim3(16, 16, 16), 16));
  }
  const int64_t kMaxSmem = int64_t(1) << 30;
  if (const JsonValue *s = v.find(key::SmemStatic)) {
    CUTE_ASSIGN_OR_RETURN(
        int64_t x, intField(*s, at(where, key::SmemStatic), 0, kMaxSmem));
    k.smemStatic = size_t(x);
  }
  if (const JsonValue *s = v.find(key::SmemDynamic)) {
    CUTE_ASSIGN_OR_RETURN(
        int64_t x, intField(*s, at(where, key::SmemDynamic), 0, kMaxSmem));
    k.smemDynamic = size_t(x);
  }
  if (const JsonValue *t = v.find(key::TmemColumns)) {
    CUTE_ASSIGN_OR_RETURN(int64_t x,
                          intField(*t, at(where, key::TmemColumns), 0, 512));
    k.tmemColumns = int(x);
  }
  if (const JsonValue *vs = v.find(key::Variants)) {
    std::string vw = at(where, key::Variants);
    if (!vs->isArray())
      return metaError(vw, "expected array, got " + describe(*vs));
    for (size_t i = 0; i < vs->elements().size(); ++i) {
      CUTE_ASSIGN_OR_RETURN(Variant var,
                            parseVariant(vs->elements()[i], index(vw, i), k));
      for (const Variant &w : k.variants)
        if (w.name == var.name)
          return metaError(at(index(vw, i), key::Name),
                           "duplicate variant '" + var.name + "'");
      k.variants.push_back(std::move(var));
    }
  }
  return k;
}

} // namespace

Expected<Document> fromJson(std::string_view json) {
  auto doc = parseJson(json);
  if (!doc.ok())
    return doc.error().withContext("metadata is not valid JSON");
  const JsonValue &root = *doc;
  if (!root.isObject())
    return metaError("<root>", "expected object, got " + describe(root));
  // The version first: a document of another version may have other keys.
  const JsonValue *version = root.find(key::SchemaVersion);
  if (!version)
    return metaError(key::SchemaVersion,
                     "missing required field (this runtime reads kernel "
                     "metadata schema version " +
                         std::to_string(kSchemaVersion) + ")");
  if (!version->isInteger() || version->asInt() != kSchemaVersion)
    return metaError(
        key::SchemaVersion,
        "kernel metadata schema version " +
            (version->isInteger() ? std::to_string(version->asInt())
                                  : describe(*version)) +
            " is not supported: this runtime reads version " +
            std::to_string(kSchemaVersion) +
            "; compile the kernels with a cute-mlir of the same version");
  CUTE_TRY(checkKeys(root, "", metadata::kDocumentKeys));
  Document m;
  if (const JsonValue *mod = root.find(key::Module)) {
    if (!mod->isString())
      return metaError(key::Module, "expected string, got " + describe(*mod));
    m.module = mod->asString();
  }
  CUTE_ASSIGN_OR_RETURN(const JsonValue *chip,
                        require(root, "", key::Chip, Kind::String));
  if (!parseChip(chip->asString()))
    return metaError(key::Chip, "expected sm_<major><minor>[a|f], got '" +
                                    chip->asString() + "'");
  m.chip = chip->asString();
  CUTE_ASSIGN_OR_RETURN(const JsonValue *kernels,
                        require(root, "", key::Kernels, Kind::Array));
  for (size_t i = 0; i < kernels->elements().size(); ++i) {
    std::string kw = std::string(key::Kernels) + "[" + std::to_string(i) + "]";
    CUTE_ASSIGN_OR_RETURN(Kernel k, parseKernel(kernels->elements()[i], kw));
    if (m.find(k.name))
      return metaError(at(kw, key::Name),
                       "duplicate kernel name '" + k.name + "'");
    m.kernels.push_back(std::move(k));
  }
  CUTE_TRY(checkVariants(m));
  return m;
}

} // namespace cute::metadata
