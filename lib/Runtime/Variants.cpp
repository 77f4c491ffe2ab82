//===- Variants.cpp - Choosing a kernel's specialized clone ---------------===//
#include "Integers.h"
#include "cute/Runtime/Launch.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cute::rt {

using detail::Integer;
using detail::readInteger;

namespace {

std::string hex(uint64_t v) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)v);
  return buf;
}

std::string describeArg(const KernelArgs::Arg &a) {
  std::string s = std::to_string(a.bytes) + "-byte " + paramKindName(a.kind);
  if (a.elem)
    s += std::string(" ") + elemTypeName(*a.elem);
  return s;
}

// What a condition found, evaluated once for both the verdict
// (firstHoldingVariant, on every launch) and its words (checkCondition).
struct Evaluation {
  enum class Outcome { NotGiven, WrongType, NotInteger, Holds, Fails };
  Outcome outcome = Outcome::NotGiven;
  CUdeviceptr pointer = 0;      // an Align condition's argument
  std::optional<Integer> value; // a Divisible condition's argument
};

Evaluation evaluate(const KernelInfo &info, const VariantCondition &cond,
                    const KernelArgs &args) {
  using Outcome = Evaluation::Outcome;
  Evaluation e;
  if (cond.param >= info.params.size() || cond.param >= args.size())
    return e;
  const ParamInfo &p = info.params[cond.param];
  const KernelArgs::Arg &a = args[cond.param];
  if (a.kind != p.kind || a.bytes != p.bytes ||
      (a.elem && p.elem && *a.elem != *p.elem)) {
    e.outcome = Outcome::WrongType;
    return e;
  }
  if (cond.kind == VariantCondition::Kind::Align) {
    std::memcpy(&e.pointer, a.data, sizeof(e.pointer));
    e.outcome = e.pointer != 0 && e.pointer % cond.value == 0 ? Outcome::Holds
                                                              : Outcome::Fails;
    return e;
  }
  e.value = p.elem ? readInteger(a.data, a.bytes, *p.elem) : std::nullopt;
  if (!e.value)
    e.outcome = Outcome::NotInteger;
  else
    e.outcome =
        e.value->multipleOf(cond.value) ? Outcome::Holds : Outcome::Fails;
  return e;
}

} // namespace

std::optional<size_t> detail::firstHoldingVariant(const KernelInfo &generic,
                                                  const KernelArgs &args) {
  for (size_t i = 0; i < generic.variants.size(); ++i) {
    bool all = true;
    for (const VariantCondition &cond : generic.variants[i].when)
      if (evaluate(generic, cond, args).outcome != Evaluation::Outcome::Holds) {
        all = false;
        break;
      }
    if (all)
      return i;
  }
  return std::nullopt;
}

ConditionResult checkCondition(const KernelInfo &info,
                               const VariantCondition &cond,
                               const KernelArgs &args) {
  using Outcome = Evaluation::Outcome;
  Evaluation e = evaluate(info, cond, args);
  ConditionResult r;
  r.holds = e.outcome == Outcome::Holds;
  std::string what = "param " + std::to_string(cond.param);
  if (cond.param < info.params.size())
    what += " '" + info.params[cond.param].name + "'";
  std::string n = std::to_string(cond.value);
  switch (e.outcome) {
  case Outcome::NotGiven:
    r.text = what + " is not given (" + std::to_string(args.size()) +
             " argument(s))";
    break;
  case Outcome::WrongType: {
    const ParamInfo &p = info.params[cond.param];
    std::string expected = paramKindName(p.kind);
    if (p.elem)
      expected += std::string(" ") + elemTypeName(*p.elem);
    r.text = what + " is given as " + describeArg(args[cond.param]) + ", not " +
             expected;
    break;
  }
  case Outcome::NotInteger:
    r.text = what + " is not an integer scalar";
    break;
  case Outcome::Holds:
  case Outcome::Fails:
    if (cond.kind == VariantCondition::Kind::Align)
      r.text = r.holds
                   ? what + " align " + n
                   : what + " = " + hex(e.pointer) + " is not aligned to " + n;
    else
      r.text = r.holds ? what + " % " + n + " == 0"
                       : what + " = " + e.value->str() +
                             " is not a multiple of " + n;
    break;
  }
  return r;
}

VariantChoice selectVariant(const KernelInfo &generic, const KernelArgs &args) {
  VariantChoice c;
  c.name = generic.name;
  if (generic.variants.empty()) {
    c.reason = "no variants";
    return c;
  }
  std::string passedOver;
  for (size_t i = 0; i < generic.variants.size(); ++i) {
    const VariantInfo &v = generic.variants[i];
    std::string held;
    std::string failed;
    for (const VariantCondition &cond : v.when) {
      ConditionResult r = checkCondition(generic, cond, args);
      if (!r.holds) {
        failed = r.text;
        break;
      }
      held += (held.empty() ? "" : ", ") + r.text;
    }
    if (failed.empty()) {
      c.variant = i;
      c.name = v.name;
      c.reason = held;
      if (!passedOver.empty())
        c.reason += "; not " + passedOver;
      return c;
    }
    passedOver += (passedOver.empty() ? "'" : "; '") + v.name + "': " + failed;
  }
  c.reason = passedOver;
  return c;
}

std::string variantLogLine(const KernelInfo &generic,
                           const VariantChoice &choice) {
  std::string target =
      choice.variant ? "'" + choice.name + "'" : std::string("generic");
  return "cute: kernel '" + generic.name + "' -> " + target + " (" +
         choice.reason + ")";
}

bool variantLogEnabled() {
  const char *env = std::getenv("CUTE_LOG");
  if (!env)
    return false;
  std::string_view rest(env);
  while (!rest.empty()) {
    size_t comma = rest.find(',');
    std::string_view item = rest.substr(0, comma);
    if (item == "variants" || item == "all")
      return true;
    if (comma == std::string_view::npos)
      break;
    rest.remove_prefix(comma + 1);
  }
  return false;
}

VariantChoice Kernel::select(const KernelArgs &args) const {
  if (variants_.size() != info_.variants.size()) {
    VariantChoice c;
    c.name = info_.name;
    c.reason = "variants not loaded (Program::kernel loads them)";
    return c;
  }
  return selectVariant(info_, args);
}

Status Kernel::launch(const Stream &stream, const LaunchConfig &cfg,
                      const KernelArgs &args) const {
  CUTE_TRY(validateArgs(info_, args));
  std::optional<size_t> variant;
  if (!info_.variants.empty()) {
    if (variantLogEnabled()) {
      VariantChoice choice = select(args);
      std::fprintf(stderr, "%s\n", variantLogLine(info_, choice).c_str());
      variant = choice.variant;
    } else {
      variant = detail::firstHoldingVariant(info_, args);
    }
  }
  const Kernel &k = variant ? variants_[*variant] : *this;
  return detail::launchValidated(k.fn_, k.info_, stream, cfg, args);
}

Expected<PreparedLaunch> Kernel::prepare(const LaunchConfig &cfg,
                                         const KernelArgs &args) const {
  if (info_.variants.empty())
    return prepareLaunch(fn_, info_, cfg, args);
  CUTE_TRY(validateArgs(info_, args));
  VariantChoice choice = select(args);
  if (variantLogEnabled())
    std::fprintf(stderr, "%s\n", variantLogLine(info_, choice).c_str());
  const Kernel &k = choice.variant ? variants_[*choice.variant] : *this;
  return prepareLaunch(k.fn_, k.info_, cfg, args);
}

} // namespace cute::rt
