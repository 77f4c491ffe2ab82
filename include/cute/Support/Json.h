//===- Json.h - A small strict JSON reader and writer -----------*- C++ -*-===//
//
// RFC 8259 JSON without extensions: no comments, no trailing commas, no
// NaN/Infinity, no duplicate object keys, nothing after the top-level value.
// Integers that fit in int64 are kept exact. Errors carry line:column.
// writeJson prints a value compactly, object keys sorted bytewise (the
// output of llvm::json's printer for the same value). MLIR-free: the
// kernel-metadata model (cute/Support/KernelMetadata.h) reads and writes
// with it in every build.
//
//===----------------------------------------------------------------------===//
#ifndef CUTE_SUPPORT_JSON_H
#define CUTE_SUPPORT_JSON_H

#include "cute/Support/Expected.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace cute {

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

/// `v` as compact JSON text: no whitespace, object members sorted by key
/// (bytewise), strings escaped as llvm::json does (\" \\ \t \n \r, other
/// control characters as \u00XX), integers in decimal, other numbers with
/// 17 significant digits.
std::string writeJson(const JsonValue &v);

} // namespace cute

#endif // CUTE_SUPPORT_JSON_H
