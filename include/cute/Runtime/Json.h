//===- Json.h - A small strict JSON reader ----------------------*- C++ -*-===//
//
// RFC 8259 JSON without extensions: no comments, no trailing commas, no
// NaN/Infinity, no duplicate object keys, nothing after the top-level value.
// Integers that fit in int64 are kept exact. Errors carry line:column.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_RUNTIME_JSON_H
#define CUTE_RUNTIME_JSON_H

#include "cute/Support/Expected.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cute::rt {

class JsonValue {
public:
  enum class Kind { Null, Bool, Number, String, Array, Object };
  using Member = std::pair<std::string, JsonValue>;

  JsonValue() = default;
  static JsonValue null() { return JsonValue(); }
  static JsonValue boolean(bool b);
  static JsonValue integer(int64_t v);
  static JsonValue number(double v);
  static JsonValue string(std::string s);
  static JsonValue array(std::vector<JsonValue> a);
  static JsonValue object(std::vector<Member> m);

  Kind kind() const { return kind_; }
  bool isNull() const { return kind_ == Kind::Null; }
  bool isBool() const { return kind_ == Kind::Bool; }
  bool isNumber() const { return kind_ == Kind::Number; }
  /// A number written without fraction/exponent that fits in int64.
  bool isInteger() const { return kind_ == Kind::Number && isInt_; }
  bool isString() const { return kind_ == Kind::String; }
  bool isArray() const { return kind_ == Kind::Array; }
  bool isObject() const { return kind_ == Kind::Object; }

  bool asBool() const { return bool_; }
  int64_t asInt() const { return int_; }
  double asDouble() const { return isInt_ ? double(int_) : num_; }
  const std::string &asString() const { return str_; }
  const std::vector<JsonValue> &elements() const { return arr_; }
  const std::vector<Member> &members() const { return obj_; }
  /// The member named `key`, or nullptr (objects only).
  const JsonValue *find(std::string_view key) const;

  static const char *kindName(Kind k);

private:
  Kind kind_ = Kind::Null;
  bool bool_ = false;
  bool isInt_ = false;
  int64_t int_ = 0;
  double num_ = 0;
  std::string str_;
  std::vector<JsonValue> arr_;
  std::vector<Member> obj_;
};

/// Parses one JSON document. Errors are ErrorCode::Json with "line L, column
/// C: ..." messages.
Expected<JsonValue> parseJson(std::string_view text);

} // namespace cute::rt

#endif // CUTE_RUNTIME_JSON_H
