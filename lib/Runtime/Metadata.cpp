//===- Metadata.cpp - Kernel metadata parsing and validation --------------===//
#include "cute/Runtime/Metadata.h"
#include "cute/Runtime/Json.h"

#include <cctype>
#include <fstream>
#include <initializer_list>
#include <sstream>

namespace cute::rt {

const char *paramKindName(ParamKind k) {
  switch (k) {
  case ParamKind::Pointer:
    return "ptr";
  case ParamKind::Scalar:
    return "scalar";
  case ParamKind::TmaDesc:
    return "tma_desc";
  }
  return "?";
}

const KernelInfo *ModuleMetadata::find(std::string_view name) const {
  for (const auto &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

Result<const KernelInfo *> ModuleMetadata::kernel(std::string_view name) const {
  if (const KernelInfo *k = find(name))
    return k;
  std::string known;
  for (const auto &k : kernels)
    known += (known.empty() ? "" : ", ") + k.name;
  return Error(ErrorCode::NotFound, "no kernel named '" + std::string(name) +
                                        "' in the metadata (known: " +
                                        (known.empty() ? "none" : known) +
                                        ")");
}

std::optional<std::pair<int, int>> parseChip(std::string_view chip) {
  if (chip.substr(0, 3) != "sm_")
    return std::nullopt;
  std::string_view digits = chip.substr(3);
  if (!digits.empty() && (digits.back() == 'a' || digits.back() == 'f'))
    digits.remove_suffix(1);
  if (digits.size() < 2 || digits.size() > 3)
    return std::nullopt;
  for (char c : digits)
    if (!std::isdigit(static_cast<unsigned char>(c)))
      return std::nullopt;
  int v = std::stoi(std::string(digits));
  return std::make_pair(v / 10, v % 10);
}

Result<std::string> readFile(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return Error(ErrorCode::Io, "cannot open '" + path + "'");
  std::ostringstream ss;
  ss << in.rdbuf();
  if (in.bad())
    return Error(ErrorCode::Io, "error while reading '" + path + "'");
  return ss.str();
}

namespace {

using Kind = JsonValue::Kind;

Error metaError(const std::string &field, const std::string &msg) {
  return Error(ErrorCode::Metadata, field + ": " + msg);
}

std::string describe(const JsonValue &v) {
  return JsonValue::kindName(v.kind());
}

Status checkKeys(const JsonValue &obj, const std::string &where,
                 std::initializer_list<const char *> allowed) {
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

Result<const JsonValue *> require(const JsonValue &obj,
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

Result<int64_t> intField(const JsonValue &v, const std::string &field,
                         int64_t lo, int64_t hi) {
  if (!v.isInteger())
    return metaError(field, "expected an integer, got " +
                                (v.isNumber() ? std::string("a non-integer number")
                                              : describe(v)));
  int64_t x = v.asInt();
  if (x < lo || x > hi)
    return metaError(field, "value " + std::to_string(x) +
                                " out of range [" + std::to_string(lo) +
                                ", " + std::to_string(hi) + "]");
  return x;
}

Result<ElemType> elemField(const JsonValue &v, const std::string &field) {
  if (!v.isString())
    return metaError(field, "expected string, got " + describe(v));
  auto t = parseElemType(v.asString());
  if (!t)
    return metaError(field, "unknown element type '" + v.asString() + "'");
  return *t;
}

Result<Dim3> dim3Field(const JsonValue &v, const std::string &field,
                       const Dim3 &maxDim, uint64_t maxVolume) {
  if (!v.isArray())
    return metaError(field, "expected array, got " + describe(v));
  if (v.elements().size() != 3)
    return metaError(field, "expected 3 entries, got " +
                                std::to_string(v.elements().size()));
  unsigned d[3];
  unsigned mx[3] = {maxDim.x, maxDim.y, maxDim.z};
  for (int i = 0; i < 3; ++i) {
    CUTE_RT_ASSIGN(int64_t x, intField(v.elements()[i],
                                       field + "[" + std::to_string(i) + "]",
                                       1, mx[i]));
    d[i] = unsigned(x);
  }
  Dim3 r(d[0], d[1], d[2]);
  if (r.volume() > maxVolume)
    return metaError(field, "volume " + std::to_string(r.volume()) +
                                " exceeds " + std::to_string(maxVolume));
  return r;
}

Result<TmaParamInfo> parseTma(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_RT_TRY(checkKeys(v, where,
                        {"elem", "rank", "box", "swizzle", "interleave"}));
  TmaParamInfo t;
  CUTE_RT_ASSIGN(const JsonValue *elem,
                 require(v, where, "elem", Kind::String));
  CUTE_RT_ASSIGN(t.elem, elemField(*elem, where + ".elem"));
  CUTE_RT_ASSIGN(const JsonValue *rank,
                 require(v, where, "rank", Kind::Number));
  CUTE_RT_ASSIGN(int64_t r, intField(*rank, where + ".rank", 1, 5));
  t.rank = int(r);
  CUTE_RT_ASSIGN(const JsonValue *box, require(v, where, "box", Kind::Array));
  if (box->elements().size() != size_t(t.rank))
    return metaError(where + ".box",
                     "expected " + std::to_string(t.rank) +
                         " entries (rank), got " +
                         std::to_string(box->elements().size()));
  for (size_t i = 0; i < box->elements().size(); ++i) {
    CUTE_RT_ASSIGN(int64_t b,
                   intField(box->elements()[i],
                            where + ".box[" + std::to_string(i) + "]", 1, 256));
    t.box.push_back(uint32_t(b));
  }
  if (const JsonValue *s = v.find("swizzle")) {
    CUTE_RT_ASSIGN(int64_t sw, intField(*s, where + ".swizzle", 0, 128));
    if (sw != 0 && sw != 32 && sw != 64 && sw != 128)
      return metaError(where + ".swizzle",
                       "must be 0, 32, 64 or 128, got " + std::to_string(sw));
    t.swizzle = int(sw);
  }
  if (const JsonValue *il = v.find("interleave")) {
    CUTE_RT_ASSIGN(int64_t i, intField(*il, where + ".interleave", 0, 32));
    if (i != 0 && i != 16 && i != 32)
      return metaError(where + ".interleave",
                       "must be 0, 16 or 32, got " + std::to_string(i));
    t.interleave = int(i);
  }
  return t;
}

Result<ParamInfo> parseParam(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_RT_TRY(
      checkKeys(v, where, {"name", "kind", "elem", "bytes", "align", "tma"}));
  ParamInfo p;
  CUTE_RT_ASSIGN(const JsonValue *name,
                 require(v, where, "name", Kind::String));
  if (name->asString().empty())
    return metaError(where + ".name", "must not be empty");
  p.name = name->asString();
  CUTE_RT_ASSIGN(const JsonValue *kind,
                 require(v, where, "kind", Kind::String));
  const std::string &k = kind->asString();
  if (k == "ptr")
    p.kind = ParamKind::Pointer;
  else if (k == "scalar")
    p.kind = ParamKind::Scalar;
  else if (k == "tma_desc")
    p.kind = ParamKind::TmaDesc;
  else
    return metaError(where + ".kind",
                     "unknown kind '" + k + "' (expected ptr, scalar or tma_desc)");
  CUTE_RT_ASSIGN(const JsonValue *bytes,
                 require(v, where, "bytes", Kind::Number));
  CUTE_RT_ASSIGN(int64_t nb, intField(*bytes, where + ".bytes", 1, 4096));
  p.bytes = size_t(nb);
  const JsonValue *elem = v.find("elem");
  // The compiler writes "" for pointers whose pointee type it does not know.
  if (elem && p.kind == ParamKind::Pointer && elem->isString() &&
      elem->asString().empty())
    elem = nullptr;
  if (elem) {
    CUTE_RT_ASSIGN(ElemType e, elemField(*elem, where + ".elem"));
    p.elem = e;
  } else if (p.kind == ParamKind::Scalar) {
    return metaError(where + ".elem", std::string("missing required field for ") +
                                          k + " parameter");
  }
  if (const JsonValue *al = v.find("align")) {
    if (p.kind != ParamKind::Pointer)
      return metaError(where + ".align", "only allowed on ptr parameters");
    CUTE_RT_ASSIGN(int64_t a, intField(*al, where + ".align", 1, 4096));
    if (a & (a - 1))
      return metaError(where + ".align",
                       "must be a power of two, got " + std::to_string(a));
    p.align = size_t(a);
  }
  const JsonValue *tma = v.find("tma");
  switch (p.kind) {
  case ParamKind::Pointer:
    if (p.bytes != 8)
      return metaError(where + ".bytes", "ptr must be 8 bytes, got " +
                                             std::to_string(p.bytes));
    break;
  case ParamKind::Scalar:
    if (p.bytes != elemTypeBytes(*p.elem))
      return metaError(where + ".bytes",
                       std::string("scalar of elem ") + elemTypeName(*p.elem) +
                           " must be " + std::to_string(elemTypeBytes(*p.elem)) +
                           " bytes, got " + std::to_string(p.bytes));
    break;
  case ParamKind::TmaDesc:
    if (p.bytes != 128)
      return metaError(where + ".bytes", "tma_desc must be 128 bytes, got " +
                                             std::to_string(p.bytes));
    if (!tma)
      return metaError(where + ".tma",
                       "missing required field for tma_desc parameter");
    {
      CUTE_RT_ASSIGN(TmaParamInfo t, parseTma(*tma, where + ".tma"));
      if (p.elem && *p.elem != t.elem)
        return metaError(where + ".elem",
                         std::string("'") + elemTypeName(*p.elem) +
                             "' disagrees with tma.elem '" +
                             elemTypeName(t.elem) + "'");
      p.tma = std::move(t);
    }
    return p;
  }
  if (tma)
    return metaError(where + ".tma", std::string("only allowed on tma_desc "
                                                 "parameters, not ") +
                                         k);
  return p;
}

Result<KernelInfo> parseKernel(const JsonValue &v, const std::string &where) {
  if (!v.isObject())
    return metaError(where, "expected object, got " + describe(v));
  CUTE_RT_TRY(checkKeys(v, where,
                        {"name", "params", "block", "cluster", "smem_static",
                         "smem_dynamic"}));
  KernelInfo k;
  CUTE_RT_ASSIGN(const JsonValue *name,
                 require(v, where, "name", Kind::String));
  if (name->asString().empty())
    return metaError(where + ".name", "must not be empty");
  k.name = name->asString();
  CUTE_RT_ASSIGN(const JsonValue *params,
                 require(v, where, "params", Kind::Array));
  for (size_t i = 0; i < params->elements().size(); ++i) {
    std::string pw = where + ".params[" + std::to_string(i) + "]";
    CUTE_RT_ASSIGN(ParamInfo p, parseParam(params->elements()[i], pw));
    for (const auto &q : k.params)
      if (q.name == p.name)
        return metaError(pw + ".name", "duplicate parameter name '" +
                                           p.name + "'");
    k.params.push_back(std::move(p));
  }
  CUTE_RT_ASSIGN(const JsonValue *block,
                 require(v, where, "block", Kind::Array));
  CUTE_RT_ASSIGN(k.block,
                 dim3Field(*block, where + ".block", Dim3(1024, 1024, 64), 1024));
  if (const JsonValue *c = v.find("cluster")) {
    CUTE_RT_ASSIGN(k.cluster, dim3Field(*c, where + ".cluster",
                                        Dim3(16, 16, 16), 16));
  }
  const int64_t kMaxSmem = int64_t(1) << 30;
  if (const JsonValue *s = v.find("smem_static")) {
    CUTE_RT_ASSIGN(int64_t x, intField(*s, where + ".smem_static", 0, kMaxSmem));
    k.smemStatic = size_t(x);
  }
  if (const JsonValue *s = v.find("smem_dynamic")) {
    CUTE_RT_ASSIGN(int64_t x,
                   intField(*s, where + ".smem_dynamic", 0, kMaxSmem));
    k.smemDynamic = size_t(x);
  }
  return k;
}

} // namespace

Result<ModuleMetadata> parseMetadata(std::string_view json) {
  auto doc = parseJson(json);
  if (!doc.ok())
    return doc.error().withContext("metadata is not valid JSON");
  const JsonValue &root = *doc;
  if (!root.isObject())
    return metaError("<root>", "expected object, got " + describe(root));
  CUTE_RT_TRY(checkKeys(root, "", {"chip", "module", "kernels"}));
  ModuleMetadata m;
  if (const JsonValue *mod = root.find("module")) {
    if (!mod->isString())
      return metaError("module", "expected string, got " + describe(*mod));
    m.module = mod->asString();
  }
  CUTE_RT_ASSIGN(const JsonValue *chip, require(root, "", "chip", Kind::String));
  if (!parseChip(chip->asString()))
    return metaError("chip", "expected sm_<major><minor>[a|f], got '" +
                                 chip->asString() + "'");
  m.chip = chip->asString();
  CUTE_RT_ASSIGN(const JsonValue *kernels,
                 require(root, "", "kernels", Kind::Array));
  for (size_t i = 0; i < kernels->elements().size(); ++i) {
    std::string kw = "kernels[" + std::to_string(i) + "]";
    CUTE_RT_ASSIGN(KernelInfo k, parseKernel(kernels->elements()[i], kw));
    if (m.find(k.name))
      return metaError(kw + ".name", "duplicate kernel name '" + k.name + "'");
    m.kernels.push_back(std::move(k));
  }
  return m;
}

Result<ModuleMetadata> loadMetadataFile(const std::string &path) {
  CUTE_RT_ASSIGN(std::string text, readFile(path));
  auto m = parseMetadata(text);
  if (!m.ok())
    return m.error().withContext(path);
  return m;
}

} // namespace cute::rt
