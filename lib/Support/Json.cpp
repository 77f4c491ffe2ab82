//===- Json.cpp - A small strict JSON reader and writer -------------------===//
#include "cute/Support/Json.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cute {

JsonValue JsonValue::boolean(bool b) {
  JsonValue v;
  v.kind_ = Kind::Bool;
  v.bool_ = b;
  return v;
}
JsonValue JsonValue::integer(int64_t i) {
  JsonValue v;
  v.kind_ = Kind::Number;
  v.isInt_ = true;
  v.int_ = i;
  return v;
}
JsonValue JsonValue::number(double d) {
  JsonValue v;
  v.kind_ = Kind::Number;
  v.num_ = d;
  return v;
}
JsonValue JsonValue::string(std::string s) {
  JsonValue v;
  v.kind_ = Kind::String;
  v.str_ = std::move(s);
  return v;
}
JsonValue JsonValue::array(std::vector<JsonValue> a) {
  JsonValue v;
  v.kind_ = Kind::Array;
  v.arr_ = std::move(a);
  return v;
}
JsonValue JsonValue::object(std::vector<Member> m) {
  JsonValue v;
  v.kind_ = Kind::Object;
  v.obj_ = std::move(m);
  return v;
}

const JsonValue *JsonValue::find(std::string_view key) const {
  for (const auto &m : obj_)
    if (m.first == key)
      return &m.second;
  return nullptr;
}

const char *JsonValue::kindName(Kind k) {
  switch (k) {
  case Kind::Null:
    return "null";
  case Kind::Bool:
    return "boolean";
  case Kind::Number:
    return "number";
  case Kind::String:
    return "string";
  case Kind::Array:
    return "array";
  case Kind::Object:
    return "object";
  }
  return "?";
}

namespace {

constexpr int kMaxDepth = 256;

class Parser {
public:
  explicit Parser(std::string_view t) : text(t) {}

  Expected<JsonValue> parseDocument() {
    skipWs();
    auto v = parseValue(0);
    if (!v.ok())
      return v;
    skipWs();
    if (pos != text.size())
      return fail("unexpected trailing characters after the JSON value");
    return v;
  }

private:
  std::string_view text;
  size_t pos = 0;

  Error fail(const std::string &msg) const {
    size_t line = 1, col = 1;
    for (size_t i = 0; i < pos && i < text.size(); ++i) {
      if (text[i] == '\n') {
        ++line;
        col = 1;
      } else {
        ++col;
      }
    }
    return Error(ErrorCode::Json, "line " + std::to_string(line) + ", column " +
                                      std::to_string(col) + ": " + msg);
  }

  bool atEnd() const { return pos >= text.size(); }
  char peek() const { return atEnd() ? '\0' : text[pos]; }

  void skipWs() {
    while (!atEnd() && (text[pos] == ' ' || text[pos] == '\t' ||
                        text[pos] == '\n' || text[pos] == '\r'))
      ++pos;
  }

  bool consumeWord(std::string_view w) {
    if (text.substr(pos, w.size()) != w)
      return false;
    pos += w.size();
    return true;
  }

  Expected<JsonValue> parseValue(int depth) {
    if (depth > kMaxDepth)
      return fail("nesting deeper than " + std::to_string(kMaxDepth));
    if (atEnd())
      return fail("unexpected end of input, expected a value");
    char c = peek();
    switch (c) {
    case '{':
      return parseObject(depth);
    case '[':
      return parseArray(depth);
    case '"': {
      auto s = parseString();
      if (!s.ok())
        return s.error();
      return JsonValue::string(std::move(*s));
    }
    case 't':
      if (consumeWord("true"))
        return JsonValue::boolean(true);
      break;
    case 'f':
      if (consumeWord("false"))
        return JsonValue::boolean(false);
      break;
    case 'n':
      if (consumeWord("null"))
        return JsonValue::null();
      break;
    default:
      if (c == '-' || (c >= '0' && c <= '9'))
        return parseNumber();
    }
    return fail(std::string("unexpected character '") + c +
                "', expected a value");
  }

  Expected<JsonValue> parseObject(int depth) {
    ++pos; // '{'
    std::vector<JsonValue::Member> members;
    skipWs();
    if (peek() == '}') {
      ++pos;
      return JsonValue::object(std::move(members));
    }
    while (true) {
      skipWs();
      if (peek() != '"')
        return fail("expected a string key in object");
      size_t keyPos = pos;
      auto key = parseString();
      if (!key.ok())
        return key.error();
      for (const auto &m : members)
        if (m.first == *key) {
          pos = keyPos;
          return fail("duplicate object key \"" + *key + "\"");
        }
      skipWs();
      if (peek() != ':')
        return fail("expected ':' after object key \"" + *key + "\"");
      ++pos;
      skipWs();
      auto val = parseValue(depth + 1);
      if (!val.ok())
        return val.error();
      members.emplace_back(std::move(*key), std::move(*val));
      skipWs();
      if (peek() == ',') {
        ++pos;
        skipWs();
        if (peek() == '}')
          return fail("trailing comma in object");
        continue;
      }
      if (peek() == '}') {
        ++pos;
        return JsonValue::object(std::move(members));
      }
      return fail(atEnd() ? "unexpected end of input in object"
                          : "expected ',' or '}' in object");
    }
  }

  Expected<JsonValue> parseArray(int depth) {
    ++pos; // '['
    std::vector<JsonValue> elems;
    skipWs();
    if (peek() == ']') {
      ++pos;
      return JsonValue::array(std::move(elems));
    }
    while (true) {
      skipWs();
      auto val = parseValue(depth + 1);
      if (!val.ok())
        return val.error();
      elems.push_back(std::move(*val));
      skipWs();
      if (peek() == ',') {
        ++pos;
        skipWs();
        if (peek() == ']')
          return fail("trailing comma in array");
        continue;
      }
      if (peek() == ']') {
        ++pos;
        return JsonValue::array(std::move(elems));
      }
      return fail(atEnd() ? "unexpected end of input in array"
                          : "expected ',' or ']' in array");
    }
  }

  static void appendUtf8(std::string &out, uint32_t cp) {
    if (cp < 0x80) {
      out += char(cp);
    } else if (cp < 0x800) {
      out += char(0xC0 | (cp >> 6));
      out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
      out += char(0xE0 | (cp >> 12));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    } else {
      out += char(0xF0 | (cp >> 18));
      out += char(0x80 | ((cp >> 12) & 0x3F));
      out += char(0x80 | ((cp >> 6) & 0x3F));
      out += char(0x80 | (cp & 0x3F));
    }
  }

  Expected<uint32_t> parseHex4() {
    if (pos + 4 > text.size())
      return fail("truncated \\u escape");
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) {
      char c = text[pos + i];
      v <<= 4;
      if (c >= '0' && c <= '9')
        v |= uint32_t(c - '0');
      else if (c >= 'a' && c <= 'f')
        v |= uint32_t(c - 'a' + 10);
      else if (c >= 'A' && c <= 'F')
        v |= uint32_t(c - 'A' + 10);
      else
        return fail("invalid hex digit in \\u escape");
    }
    pos += 4;
    return v;
  }

  Expected<std::string> parseString() {
    ++pos; // opening quote
    std::string out;
    while (true) {
      if (atEnd())
        return fail("unterminated string");
      char c = text[pos];
      if (c == '"') {
        ++pos;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20)
        return fail("unescaped control character in string");
      if (c != '\\') {
        out += c;
        ++pos;
        continue;
      }
      ++pos;
      if (atEnd())
        return fail("unterminated escape in string");
      char e = text[pos++];
      switch (e) {
      case '"':
        out += '"';
        break;
      case '\\':
        out += '\\';
        break;
      case '/':
        out += '/';
        break;
      case 'b':
        out += '\b';
        break;
      case 'f':
        out += '\f';
        break;
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case 'u': {
        auto hi = parseHex4();
        if (!hi.ok())
          return hi.error();
        uint32_t cp = *hi;
        if (cp >= 0xD800 && cp <= 0xDBFF) {
          if (!consumeWord("\\u"))
            return fail("unpaired high surrogate in \\u escape");
          auto lo = parseHex4();
          if (!lo.ok())
            return lo.error();
          if (*lo < 0xDC00 || *lo > 0xDFFF)
            return fail("invalid low surrogate in \\u escape");
          cp = 0x10000 + ((cp - 0xD800) << 10) + (*lo - 0xDC00);
        } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
          return fail("unpaired low surrogate in \\u escape");
        }
        appendUtf8(out, cp);
        break;
      }
      default:
        --pos;
        return fail(std::string("invalid escape '\\") + e + "' in string");
      }
    }
  }

  Expected<JsonValue> parseNumber() {
    size_t start = pos;
    bool isInt = true;
    if (peek() == '-')
      ++pos;
    if (peek() == '0') {
      ++pos;
      if (peek() >= '0' && peek() <= '9')
        return fail("leading zeros are not allowed in numbers");
    } else if (peek() >= '1' && peek() <= '9') {
      while (peek() >= '0' && peek() <= '9')
        ++pos;
    } else {
      return fail("expected a digit in number");
    }
    if (peek() == '.') {
      isInt = false;
      ++pos;
      if (!(peek() >= '0' && peek() <= '9'))
        return fail("expected a digit after the decimal point");
      while (peek() >= '0' && peek() <= '9')
        ++pos;
    }
    if (peek() == 'e' || peek() == 'E') {
      isInt = false;
      ++pos;
      if (peek() == '+' || peek() == '-')
        ++pos;
      if (!(peek() >= '0' && peek() <= '9'))
        return fail("expected a digit in the exponent");
      while (peek() >= '0' && peek() <= '9')
        ++pos;
    }
    std::string tok(text.substr(start, pos - start));
    errno = 0;
    if (isInt) {
      char *end = nullptr;
      long long v = std::strtoll(tok.c_str(), &end, 10);
      if (errno != ERANGE)
        return JsonValue::integer(int64_t(v));
      errno = 0; // too large for int64: keep it as a double
    }
    char *end = nullptr;
    double d = std::strtod(tok.c_str(), &end);
    if (errno == ERANGE && std::isinf(d)) {
      pos = start;
      return fail("number out of range: " + tok);
    }
    return JsonValue::number(d);
  }
};

} // namespace

Expected<JsonValue> parseJson(std::string_view text) {
  return Parser(text).parseDocument();
}

namespace {

void writeString(std::string &out, const std::string &s) {
  out += '"';
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c >= 0x20) {
      out += ch;
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\n') {
      out += "\\n";
    } else if (c == '\r') {
      out += "\\r";
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", unsigned(c));
      out += buf;
    }
  }
  out += '"';
}

void write(std::string &out, const JsonValue &v) {
  switch (v.kind()) {
  case JsonValue::Kind::Null:
    out += "null";
    return;
  case JsonValue::Kind::Bool:
    out += v.asBool() ? "true" : "false";
    return;
  case JsonValue::Kind::Number: {
    if (v.isInteger()) {
      out += std::to_string(v.asInt());
      return;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.17g", v.asDouble());
    out += buf;
    return;
  }
  case JsonValue::Kind::String:
    writeString(out, v.asString());
    return;
  case JsonValue::Kind::Array: {
    out += '[';
    bool first = true;
    for (const JsonValue &e : v.elements()) {
      if (!first)
        out += ',';
      first = false;
      write(out, e);
    }
    out += ']';
    return;
  }
  case JsonValue::Kind::Object: {
    std::vector<const JsonValue::Member *> sorted;
    for (const JsonValue::Member &m : v.members())
      sorted.push_back(&m);
    std::sort(sorted.begin(), sorted.end(),
              [](const JsonValue::Member *a, const JsonValue::Member *b) {
                return a->first < b->first;
              });
    out += '{';
    bool first = true;
    for (const JsonValue::Member *m : sorted) {
      if (!first)
        out += ',';
      first = false;
      writeString(out, m->first);
      out += ':';
      write(out, m->second);
    }
    out += '}';
    return;
  }
  }
}

} // namespace

std::string writeJson(const JsonValue &v) {
  std::string out;
  write(out, v);
  return out;
}

} // namespace cute
