//===- KernelMetadata.cpp - The kernel metadata model and its writer ------===//
#include "cute/Support/KernelMetadata.h"
#include "cute/Support/Json.h"
#include "cute/Support/KernelMetadataSchema.h"

#include <cctype>

namespace cute::metadata {

Expr Expr::constant(int64_t v) {
  Expr e;
  e.value = v;
  return e;
}

Expr Expr::param(int64_t index) {
  Expr e;
  e.op = Op::Param;
  e.value = index;
  return e;
}

Expr Expr::make(Op op, std::vector<Expr> ops) {
  Expr e;
  e.op = op;
  e.ops = std::move(ops);
  return e;
}

const char *paramKindName(ParamKind k) {
  switch (k) {
  case ParamKind::Pointer:
    return kind::Pointer;
  case ParamKind::Scalar:
    return kind::Scalar;
  case ParamKind::TmaDesc:
    return kind::TmaDesc;
  }
  return "?";
}

std::string Expr::str(const Kernel &k) const {
  switch (op) {
  case Op::Const:
    return std::to_string(value);
  case Op::Param:
    if (value >= 0 && size_t(value) < k.params.size())
      return k.params[size_t(value)].name;
    return "param" + std::to_string(value);
  case Op::Abs:
    return "|" + ops.front().str(k) + "|";
  case Op::Div: {
    auto part = [&](const Expr &o) {
      bool leaf = o.op == Op::Param || (o.op == Op::Const && o.value >= 0) ||
                  o.op == Op::Abs;
      return leaf ? o.str(k) : "(" + o.str(k) + ")";
    };
    return part(ops[0]) + "/" + part(ops[1]);
  }
  case Op::Add: {
    std::string s;
    for (size_t i = 0; i < ops.size(); ++i) {
      const Expr &o = ops[i];
      if (i && o.op == Op::Const && o.value < 0)
        s += " - " + std::to_string(0 - uint64_t(o.value));
      else
        s += (i ? " + " : "") + o.str(k);
    }
    return s;
  }
  case Op::Mul: {
    std::string s;
    for (size_t i = 0; i < ops.size(); ++i) {
      const Expr &o = ops[i];
      bool paren = o.op == Op::Add || (o.op == Op::Const && o.value < 0);
      s += (i ? "*" : "") + (paren ? "(" + o.str(k) + ")" : o.str(k));
    }
    return s;
  }
  }
  return "?";
}

const Kernel *Document::find(std::string_view name) const {
  for (const auto &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

Kernel *Document::find(std::string_view name) {
  for (auto &k : kernels)
    if (k.name == name)
      return &k;
  return nullptr;
}

Expected<const Kernel *> Document::kernel(std::string_view name) const {
  if (const Kernel *k = find(name))
    return k;
  std::string known;
  for (const auto &k : kernels)
    known += (known.empty() ? "" : ", ") + k.name;
  return Error(ErrorCode::NotFound, "no kernel named '" + std::string(name) +
                                        "' in the metadata (known: " +
                                        (known.empty() ? "none" : known) + ")");
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

//===----------------------------------------------------------------------===//
// The writer
//===----------------------------------------------------------------------===//

namespace {

using Members = std::vector<JsonValue::Member>;

JsonValue integer(int64_t v) { return JsonValue::integer(v); }
JsonValue string(std::string s) { return JsonValue::string(std::move(s)); }

JsonValue dim3(const Dim3 &d) {
  return JsonValue::array({integer(d.x), integer(d.y), integer(d.z)});
}

const char *opKey(Expr::Op op) {
  switch (op) {
  case Expr::Op::Const:
    return expr::Const;
  case Expr::Op::Param:
    return expr::Param;
  case Expr::Op::Add:
    return expr::Add;
  case Expr::Op::Mul:
    return expr::Mul;
  case Expr::Op::Abs:
    return expr::Abs;
  case Expr::Op::Div:
    return expr::Div;
  }
  return "?";
}

JsonValue write(const Expr &e) {
  JsonValue arg;
  switch (e.op) {
  case Expr::Op::Const:
  case Expr::Op::Param:
    arg = integer(e.value);
    break;
  case Expr::Op::Abs:
    arg = write(e.ops.front());
    break;
  case Expr::Op::Add:
  case Expr::Op::Mul:
  case Expr::Op::Div: {
    std::vector<JsonValue> ops;
    for (const Expr &o : e.ops)
      ops.push_back(write(o));
    arg = JsonValue::array(std::move(ops));
    break;
  }
  }
  return JsonValue::object({{opKey(e.op), std::move(arg)}});
}

JsonValue write(const Tma &t) {
  std::vector<JsonValue> box;
  for (uint32_t b : t.box)
    box.push_back(integer(b));
  Members m{
      {key::Elem, string(elemTypeName(t.elem))},
      {key::Rank, integer(t.rank)},
      {key::Box, JsonValue::array(std::move(box))},
      {key::Swizzle, integer(t.swizzle)},
      {key::Interleave, integer(t.interleave)},
      {key::L2Promotion, integer(t.l2Promotion)},
      {key::OobFill, string(t.oobFillNan ? oob_fill::Nan : oob_fill::Zero)}};
  if (t.source) {
    std::vector<JsonValue> dims;
    for (const TmaSource::Dim &d : t.source->dims)
      dims.push_back(JsonValue::object(
          {{key::Extent, write(d.extent)}, {key::Stride, write(d.stride)}}));
    m.emplace_back(
        key::Source,
        JsonValue::object({{key::Ptr, integer(int64_t(t.source->ptr))},
                           {key::Dims, JsonValue::array(std::move(dims))}}));
  }
  return JsonValue::object(std::move(m));
}

JsonValue write(const Param &p) {
  Members m{{key::Name, string(p.name)},
            {key::Kind, string(paramKindName(p.kind))},
            {key::Bytes, integer(int64_t(p.bytes))}};
  // An untyped pointer's elem is "" (the reader takes it as absent).
  if (p.elem)
    m.emplace_back(key::Elem, string(elemTypeName(*p.elem)));
  else if (p.kind == ParamKind::Pointer)
    m.emplace_back(key::Elem, string(""));
  if (p.kind == ParamKind::Pointer && p.align != 1)
    m.emplace_back(key::Align, integer(int64_t(p.align)));
  if (!p.views.empty()) {
    std::vector<JsonValue> views;
    for (const View &v : p.views) {
      std::vector<JsonValue> extents;
      for (const Expr &e : v.extents)
        extents.push_back(write(e));
      views.push_back(
          JsonValue::object({{key::Bits, integer(v.bits)},
                             {key::MaxOffset, write(v.maxOffset)},
                             {key::Extents, JsonValue::array(extents)}}));
    }
    m.emplace_back(key::Views, JsonValue::array(std::move(views)));
  }
  if (p.tma)
    m.emplace_back(key::Tma, write(*p.tma));
  return JsonValue::object(std::move(m));
}

JsonValue write(const Condition &c) {
  return JsonValue::object(
      {{key::Param, integer(int64_t(c.param))},
       {c.kind == Condition::Kind::Align ? key::Align : key::Div,
        integer(int64_t(c.value))}});
}

JsonValue write(const Kernel &k) {
  std::vector<JsonValue> params;
  for (const Param &p : k.params)
    params.push_back(write(p));
  Members m{{key::Name, string(k.name)},
            {key::Params, JsonValue::array(std::move(params))},
            {key::Block, dim3(k.block)},
            {key::Cluster, dim3(k.cluster)},
            {key::SmemStatic, integer(int64_t(k.smemStatic))},
            {key::SmemDynamic, integer(int64_t(k.smemDynamic))}};
  if (k.tmemColumns)
    m.emplace_back(key::TmemColumns, integer(k.tmemColumns));
  if (!k.variants.empty()) {
    std::vector<JsonValue> variants;
    for (const Variant &v : k.variants) {
      std::vector<JsonValue> when;
      for (const Condition &c : v.when)
        when.push_back(write(c));
      variants.push_back(
          JsonValue::object({{key::Name, string(v.name)},
                             {key::When, JsonValue::array(std::move(when))}}));
    }
    m.emplace_back(key::Variants, JsonValue::array(std::move(variants)));
  }
  return JsonValue::object(std::move(m));
}

} // namespace

std::string toJson(const Document &d) {
  std::vector<JsonValue> kernels;
  for (const Kernel &k : d.kernels)
    kernels.push_back(write(k));
  Members m{{key::SchemaVersion, integer(kSchemaVersion)},
            {key::Chip, string(d.chip)},
            {key::Kernels, JsonValue::array(std::move(kernels))}};
  if (!d.module.empty())
    m.emplace_back(key::Module, string(d.module));
  return writeJson(JsonValue::object(std::move(m)));
}

} // namespace cute::metadata
