//===- DerivedTma.cpp - TMA descriptors encoded from kernel arguments -----===//
//
// A derived TMA descriptor ("source" in the metadata's "tma"; see
// cute/Support/KernelMetadataSchema.h) is built at launch from the pointer
// argument and the integer arguments its source names, so that host and
// kernel agree on the tensor by construction.
//
//===----------------------------------------------------------------------===//
#include "Exprs.h"
#include "cute/Runtime/Launch.h"

#include <cstdio>
#include <cstring>

namespace cute::rt {

using detail::Eval;
using detail::evaluate;

namespace {

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
  return buf;
}

std::string paramName(const KernelInfo &info, size_t i) {
  return "param " + std::to_string(i) + " '" + info.params[i].name + "'";
}

/// "TMA descriptor 'in_tma' (param 4)".
std::string descName(const KernelInfo &info, size_t i) {
  return "TMA descriptor '" + info.params[i].name + "' (param " +
         std::to_string(i) + ")";
}

Error invalid(const KernelInfo &info, const std::string &msg) {
  return Error(ErrorCode::InvalidArgument,
               "kernel '" + info.name + "': " + msg);
}

/// Where a value comes from: "from param 3 'ld'", "from 2*ld with ld =
/// 1003", or "(a constant)".
std::string origin(const OffsetExpr &e, const KernelInfo &info,
                   const KernelArgs &args) {
  if (e.op == OffsetExpr::Op::Const)
    return "(a constant)";
  if (e.op == OffsetExpr::Op::Param && size_t(e.value) < info.params.size())
    return "from " + paramName(info, size_t(e.value));
  std::string values = detail::paramValues(e, info, args);
  return "from " + e.str(info) + (values.empty() ? "" : " with " + values);
}

TmaSwizzle swizzleOf(int bytes) {
  switch (bytes) {
  case 32:
    return TmaSwizzle::B32;
  case 64:
    return TmaSwizzle::B64;
  case 128:
    return TmaSwizzle::B128;
  default:
    return TmaSwizzle::None;
  }
}

TmaInterleave interleaveOf(int bytes) {
  switch (bytes) {
  case 16:
    return TmaInterleave::B16;
  case 32:
    return TmaInterleave::B32;
  default:
    return TmaInterleave::None;
  }
}

TmaL2Promotion l2PromotionOf(int bytes) {
  switch (bytes) {
  case 64:
    return TmaL2Promotion::B64;
  case 128:
    return TmaL2Promotion::B128;
  case 256:
    return TmaL2Promotion::B256;
  default:
    return TmaL2Promotion::None;
  }
}

} // namespace

Expected<TmaDescriptorSpec> deriveTmaSpec(const KernelInfo &info,
                                          size_t paramIndex,
                                          const KernelArgs &args) {
  if (paramIndex >= info.params.size())
    return invalid(info, "param " + std::to_string(paramIndex) +
                             " out of range (" +
                             std::to_string(info.params.size()) + " params)");
  const ParamInfo &p = info.params[paramIndex];
  if (!p.derived())
    return invalid(info, paramName(info, paramIndex) +
                             " is not a derived TMA descriptor");
  CUTE_TRY(detail::checkArgCount(info, args));
  const TmaParamInfo &t = *p.tma;
  const TmaSourceInfo &src = *t.source;
  const std::string desc = descName(info, paramIndex);
  const uint64_t esize = elemTypeBytes(t.elem);

  TmaDescriptorSpec spec;
  spec.elem = t.elem;
  spec.box = t.box;
  spec.swizzle = swizzleOf(t.swizzle);
  spec.interleave = interleaveOf(t.interleave);
  spec.l2Promotion = l2PromotionOf(t.l2Promotion);
  spec.oobFill =
      t.oobFillNan ? TmaOobFill::NanRequestZeroFma : TmaOobFill::Zero;

  // The global address: the source pointer's argument.
  const std::string base = paramName(info, src.ptr);
  const std::string forDesc = " (for TMA descriptor '" + p.name + "', param " +
                              std::to_string(paramIndex) + ")";
  const KernelArgs::Arg &a = args[src.ptr];
  if (a.kind != ParamKind::Pointer || a.bytes != sizeof(CUdeviceptr))
    return invalid(info, base + ": expected a ptr, got a " +
                             std::to_string(a.bytes) + "-byte " +
                             paramKindName(a.kind) + forDesc);
  CUdeviceptr addr = 0;
  std::memcpy(&addr, a.data, sizeof(addr));
  if (addr == 0)
    return invalid(info, base + ": null device pointer" + forDesc);
  const uint64_t addrAlign = t.interleave == 32 ? 32 : 16;
  if (addr % addrAlign != 0)
    return invalid(
        info, base + ": a TMA descriptor needs a " + std::to_string(addrAlign) +
                  "-byte aligned global address; got " + hex(addr) + forDesc);
  spec.globalAddress = addr;

  // Extents and strides, innermost first.
  const uint64_t kMaxExtent = uint64_t(1) << 32;
  const uint64_t kMaxStrideBytes = uint64_t(1) << 40;
  const uint64_t strideAlign = t.interleave == 32 ? 32 : 16;
  for (size_t d = 0; d < src.dims.size(); ++d) {
    const TmaSourceInfo::Dim &dim = src.dims[d];
    const std::string at = desc + " dim " + std::to_string(d) + ": ";
    Eval x = evaluate(dim.extent, info, args);
    if (!x.ok)
      return invalid(info, at + "cannot evaluate the extent " +
                               dim.extent.str(info) + ": " + x.why);
    if (x.v < 1)
      return invalid(info, at + "extent " + std::to_string(x.v) + " " +
                               origin(dim.extent, info, args) +
                               " must be at least 1");
    if (uint64_t(x.v) > kMaxExtent)
      return invalid(info, at + "extent " + std::to_string(x.v) + " " +
                               origin(dim.extent, info, args) +
                               " exceeds 2^32");
    spec.shape.push_back(uint64_t(x.v));
    if (d == 0) {
      spec.strides.push_back(1); // the reader checked {"const":1}
      continue;
    }
    Eval s = evaluate(dim.stride, info, args);
    if (!s.ok)
      return invalid(info, at + "cannot evaluate the stride " +
                               dim.stride.str(info) + ": " + s.why);
    const std::string from = origin(dim.stride, info, args);
    const std::string elems = "stride " + std::to_string(s.v) + " elements";
    if (s.v < 1)
      return invalid(info, at + elems + " " + from + " must be positive");
    uint64_t st = uint64_t(s.v);
    if (st > (kMaxStrideBytes - 1) / esize)
      return invalid(info, at + elems + " of " + elemTypeName(t.elem) + " " +
                               from + " is 2^40 bytes or more");
    uint64_t bytes = st * esize;
    if (bytes % strideAlign != 0)
      return invalid(info, at + elems + " = " + std::to_string(bytes) +
                               " bytes of " + elemTypeName(t.elem) + " " +
                               from + " is not a multiple of " +
                               std::to_string(strideAlign));
    spec.strides.push_back(st);
  }

  // The remaining encode rules (box, swizzle span, fill, ...).
  Status ok = validateTensorMapSpec(spec);
  if (!ok.ok())
    return ok.error().withContext("kernel '" + info.name + "': " + desc);
  return spec;
}

Expected<std::vector<TensorMap>>
encodeDerivedTensorMaps(const Driver &driver, const KernelInfo &info,
                        const KernelArgs &args) {
  std::vector<TensorMap> maps;
  const size_t first = info.userParamCount();
  if (first == info.params.size())
    return maps;
  maps.reserve(info.params.size() - first);
  for (size_t i = first; i < info.params.size(); ++i) {
    CUTE_ASSIGN_OR_RETURN(TmaDescriptorSpec spec, deriveTmaSpec(info, i, args));
    Expected<TensorMap> tm = encodeTensorMap(driver, spec);
    if (!tm.ok())
      return tm.error().withContext("kernel '" + info.name +
                                    "': " + descName(info, i));
    maps.push_back(std::move(tm).value());
  }
  return maps;
}

} // namespace cute::rt
