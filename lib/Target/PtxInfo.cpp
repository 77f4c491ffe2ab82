//===- PtxInfo.cpp - Facts read back from emitted PTX ---------------------===//
#include "cute/Target/PtxInfo.h"

#include <cctype>
#include <regex>
#include <vector>

namespace cute::target {

namespace {

struct SharedVar {
  std::string name;
  int64_t bytes = 0;
  size_t pos = 0; // offset of the declaration in the PTX
};

int64_t elementBytes(const std::string &type) {
  // .b8/.u8/.s8 ... .b64/.f64: the width is the number in the type name.
  std::smatch m;
  static const std::regex width("[a-z]+([0-9]+)");
  if (std::regex_match(type, m, width))
    return std::stoll(m[1].str()) / 8;
  return 1;
}

std::vector<SharedVar> sharedVars(const std::string &ptx) {
  // `[.visible|.global] .shared [.align N] .TYPE name[[N]]...;`, not extern.
  static const std::regex decl(
      R"((^|\n)[ \t]*((\.visible|\.global|\.weak)[ \t]+)?\.shared[ \t]+)"
      R"((\.align[ \t]+[0-9]+[ \t]+)?\.([a-z]+[0-9]*)[ \t]+([A-Za-z_$%][\w$]*))"
      R"(((\[[0-9]*\])*))");
  std::vector<SharedVar> vars;
  for (auto it = std::sregex_iterator(ptx.begin(), ptx.end(), decl);
       it != std::sregex_iterator(); ++it) {
    const std::smatch &m = *it;
    int64_t count = 1;
    bool unsized = false;
    std::string dims = m[7].str();
    static const std::regex dim(R"(\[([0-9]*)\])");
    for (auto d = std::sregex_iterator(dims.begin(), dims.end(), dim);
         d != std::sregex_iterator(); ++d) {
      if ((*d)[1].length() == 0)
        unsized = true;
      else
        count *= std::stoll((*d)[1].str());
    }
    if (unsized)
      continue;
    vars.push_back(
        {m[6].str(), count * elementBytes(m[5].str()), size_t(m.position(0))});
  }
  return vars;
}

bool namesToken(const std::string &text, const std::string &name) {
  size_t p = 0;
  auto isIdent = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
  };
  while ((p = text.find(name, p)) != std::string::npos) {
    bool before = p == 0 || !isIdent(text[p - 1]);
    size_t e = p + name.size();
    bool after = e >= text.size() || !isIdent(text[e]);
    if (before && after)
      return true;
    p = e;
  }
  return false;
}

} // namespace

std::map<std::string, int64_t> staticSharedBytes(std::string_view ptxView) {
  std::string ptx(ptxView);
  // Function bodies: from `.entry`/`.func` to the `}` that starts a line.
  struct Body {
    std::string name;
    bool entry;
    size_t begin, end;
  };
  std::vector<Body> bodies;
  static const std::regex head(
      R"((^|\n)[ \t]*(\.visible[ \t]+|\.extern[ \t]+|\.weak[ \t]+)?)"
      R"(\.(entry|func)[ \t]+(\([^)]*\)[ \t]*)?([A-Za-z_$][\w$]*))");
  for (auto it = std::sregex_iterator(ptx.begin(), ptx.end(), head);
       it != std::sregex_iterator(); ++it) {
    size_t begin = size_t(it->position(0));
    size_t open = ptx.find('{', begin);
    size_t semi = ptx.find(';', begin);
    if (open == std::string::npos || semi < open)
      continue; // a prototype (`.extern .func f(...);`) has no body
    size_t end = ptx.find("\n}", open);
    end = end == std::string::npos ? ptx.size() : end + 2;
    bodies.push_back({(*it)[5].str(), (*it)[3].str() == "entry", begin, end});
  }
  std::map<std::string, int64_t> result;
  std::vector<SharedVar> vars = sharedVars(ptx);
  for (const Body &b : bodies) {
    if (!b.entry)
      continue;
    std::string text = ptx.substr(b.begin, b.end - b.begin);
    int64_t bytes = 0;
    for (const SharedVar &v : vars) {
      bool inside = v.pos >= b.begin && v.pos < b.end;
      bool moduleScope = true;
      for (const Body &o : bodies)
        if (v.pos >= o.begin && v.pos < o.end)
          moduleScope = false;
      if (inside || (moduleScope && namesToken(text, v.name)))
        bytes += v.bytes;
    }
    result[b.name] = bytes;
  }
  return result;
}

} // namespace cute::target
