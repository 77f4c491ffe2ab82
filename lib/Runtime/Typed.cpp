//===- Typed.cpp - Typed kernel arguments ---------------------------------===//
#include "cute/Runtime/Typed.h"

namespace cute::rt {

namespace {
std::string describe(const char *name, ParamKind kind, ElemType elem,
                     size_t bytes) {
  std::string s = "'" + std::string(name) + "' (" + elemTypeName(elem) + " " +
                  paramKindName(kind);
  if (kind == ParamKind::Scalar)
    s += ", " + std::to_string(bytes) + " B";
  return s + ")";
}
} // namespace

Status checkSignature(const KernelInfo &info,
                      std::initializer_list<ParamSignature> params) {
  const std::string regen = ": regenerate the launcher header from this module";
  const size_t n = info.userParamCount();
  if (n != params.size())
    return Error(ErrorCode::InvalidArgument,
                 "kernel '" + info.name + "' has " + std::to_string(n) +
                     " parameter(s) in the metadata but " +
                     std::to_string(params.size()) + " in the launcher" +
                     regen);
  size_t i = 0;
  for (const ParamSignature &want : params) {
    const ParamInfo &p = info.params[i];
    ElemType elem = p.kind == ParamKind::TmaDesc
                        ? p.tma->elem
                        : p.elem.value_or(ElemType::I8);
    if (p.name != want.name || p.kind != want.kind || elem != want.elem ||
        p.bytes != want.bytes)
      return Error(ErrorCode::InvalidArgument,
                   "kernel '" + info.name + "': parameter " +
                       std::to_string(i) + " is " +
                       describe(p.name.c_str(), p.kind, elem, p.bytes) +
                       " in the metadata but " +
                       describe(want.name, want.kind, want.elem, want.bytes) +
                       " in the launcher" + regen);
    ++i;
  }
  return okStatus();
}

Expected<size_t> pickImageForDevice(const Context &ctx,
                                    const std::vector<std::string> &chips,
                                    std::string_view what) {
  for (size_t i = 0; i < chips.size(); ++i)
    if (ctx.checkChip(chips[i]).ok())
      return i;
  CUTE_ASSIGN_OR_RETURN(auto cc, ctx.computeCapability());
  std::string list;
  for (const std::string &c : chips)
    list += (list.empty() ? "" : ", ") + c;
  return Error(ErrorCode::InvalidArgument,
               std::string(what) + " has images for " +
                   (list.empty() ? "no chip" : list) + "; device " +
                   std::to_string(ctx.ordinal()) + " has compute capability " +
                   std::to_string(cc.first) + "." + std::to_string(cc.second));
}

} // namespace cute::rt
