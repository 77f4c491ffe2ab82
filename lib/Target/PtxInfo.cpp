//===- PtxInfo.cpp - Facts read back from emitted PTX ---------------------===//
//
// A line scanner (the PTX LLVM writes puts one declaration or directive per
// line; a function body runs from its `{` to the `}` that starts a line).
//
//===----------------------------------------------------------------------===//
#include "cute/Target/PtxInfo.h"

#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

namespace cute::target {

namespace {

struct SharedVar {
  std::string name;
  int64_t bytes = 0;
  int function = -1; // index of the body declaring it, -1 at module scope
};

struct Function {
  std::string name;
  bool entry = false;
  std::string body;
};

std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i])))
      ++i;
    size_t b = i;
    while (i < line.size() &&
           !std::isspace(static_cast<unsigned char>(line[i])))
      ++i;
    if (i > b)
      out.push_back(line.substr(b, i - b));
  }
  return out;
}

bool isIdentChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$';
}

/// `[.visible|.global|.weak] .shared [.align N] .TYPE name[N]...;` (not
/// `.extern`): the variable and its size; false for anything else.
bool parseShared(std::string_view line, SharedVar &var) {
  std::vector<std::string_view> w = words(line);
  size_t i = 0;
  while (i < w.size() &&
         (w[i] == ".visible" || w[i] == ".global" || w[i] == ".weak"))
    ++i;
  if (i >= w.size() || w[i] != ".shared")
    return false;
  ++i;
  if (i < w.size() && w[i] == ".align")
    i += 2;
  if (i + 1 >= w.size() || w[i].size() < 2 || w[i][0] != '.')
    return false;
  std::string_view type = w[i].substr(1);
  size_t digits = 0;
  while (digits < type.size() &&
         !std::isdigit(static_cast<unsigned char>(type[digits])))
    ++digits;
  int64_t elemBits =
      digits < type.size() ? std::stoll(std::string(type.substr(digits))) : 8;
  std::string_view decl = w[i + 1];
  size_t n = 0;
  while (n < decl.size() && isIdentChar(decl[n]))
    ++n;
  if (n == 0)
    return false;
  var.name = std::string(decl.substr(0, n));
  int64_t count = 1;
  for (size_t p = decl.find('[', n); p != std::string_view::npos;
       p = decl.find('[', p + 1)) {
    size_t q = decl.find(']', p);
    if (q == std::string_view::npos || q == p + 1)
      return false; // unsized: `.extern`-like dynamic array
    count *= std::stoll(std::string(decl.substr(p + 1, q - p - 1)));
  }
  var.bytes = count * std::max<int64_t>(1, elemBits / 8);
  return true;
}

/// The function a header line declares (`.entry k(` / `.func (..) f(`).
bool parseHeader(std::string_view line, Function &f) {
  size_t e = line.find(".entry ");
  size_t fn = line.find(".func ");
  if (e == std::string_view::npos && fn == std::string_view::npos)
    return false;
  f.entry = e != std::string_view::npos;
  size_t p = f.entry ? e + 7 : fn + 6;
  while (p < line.size() && line[p] == ' ')
    ++p;
  if (p < line.size() && line[p] == '(') { // return parameters
    p = line.find(')', p);
    if (p == std::string_view::npos)
      return false;
    ++p;
    while (p < line.size() && line[p] == ' ')
      ++p;
  }
  size_t b = p;
  while (p < line.size() && isIdentChar(line[p]))
    ++p;
  if (p == b)
    return false;
  f.name = std::string(line.substr(b, p - b));
  return true;
}

bool namesToken(const std::string &text, const std::string &name) {
  for (size_t p = text.find(name); p != std::string::npos;
       p = text.find(name, p + name.size())) {
    size_t e = p + name.size();
    if ((p == 0 || !isIdentChar(text[p - 1])) &&
        (e >= text.size() || !isIdentChar(text[e])))
      return true;
  }
  return false;
}

} // namespace

std::map<std::string, int64_t> staticSharedBytes(std::string_view ptx) {
  std::vector<Function> functions;
  std::vector<SharedVar> vars;
  int current = -1; // the function whose body we are in
  bool pendingBody = false;
  size_t pos = 0;
  while (pos < ptx.size()) {
    size_t end = ptx.find('\n', pos);
    if (end == std::string_view::npos)
      end = ptx.size();
    std::string_view line = ptx.substr(pos, end - pos);
    pos = end + 1;
    if (current >= 0) {
      if (!line.empty() && line[0] == '}') {
        current = -1;
        continue;
      }
      functions[current].body.append(line).push_back('\n');
      SharedVar v;
      if (parseShared(line, v)) {
        v.function = current;
        vars.push_back(v);
      }
      continue;
    }
    Function f;
    if (parseHeader(line, f)) {
      functions.push_back(f);
      pendingBody = true;
      // A prototype ends with `;` before any body.
      if (line.find(';') != std::string_view::npos)
        pendingBody = false;
      continue;
    }
    if (pendingBody && !line.empty() && line[0] == '{') {
      current = int(functions.size()) - 1;
      pendingBody = false;
      continue;
    }
    if (pendingBody && line.find(';') != std::string_view::npos &&
        line.find(".param") == std::string_view::npos)
      pendingBody = false; // the prototype's closing `);`
    SharedVar v;
    if (parseShared(line, v))
      vars.push_back(v);
  }
  std::map<std::string, int64_t> result;
  for (size_t k = 0; k < functions.size(); ++k) {
    if (!functions[k].entry)
      continue;
    int64_t bytes = 0;
    for (const SharedVar &v : vars)
      if (v.function == int(k) ||
          (v.function < 0 && namesToken(functions[k].body, v.name)))
        bytes += v.bytes;
    result[functions[k].name] = bytes;
  }
  return result;
}

} // namespace cute::target
