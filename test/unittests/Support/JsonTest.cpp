//===- JsonTest.cpp - The strict JSON reader ------------------------------===//
#include "cute/Support/Json.h"

#include <gtest/gtest.h>

using namespace cute;

namespace {

JsonValue parseOk(const std::string &s) {
  auto r = parseJson(s);
  EXPECT_TRUE(r.ok()) << s << " -> " << r.error().str();
  return r.ok() ? *r : JsonValue();
}

std::string parseErr(const std::string &s) {
  auto r = parseJson(s);
  EXPECT_FALSE(r.ok()) << "accepted: " << s;
  if (r.ok())
    return "";
  EXPECT_EQ(r.error().code(), ErrorCode::Json);
  return r.error().message();
}

} // namespace

TEST(SupportJson, Scalars) {
  EXPECT_TRUE(parseOk("null").isNull());
  EXPECT_TRUE(parseOk(" true ").asBool());
  EXPECT_FALSE(parseOk("false").asBool());
  JsonValue i = parseOk("-42");
  EXPECT_TRUE(i.isInteger());
  EXPECT_EQ(i.asInt(), -42);
  EXPECT_EQ(parseOk("9223372036854775807").asInt(), INT64_MAX);
  JsonValue big = parseOk("18446744073709551616");
  EXPECT_TRUE(big.isNumber());
  EXPECT_FALSE(big.isInteger());
  JsonValue d = parseOk("1.5e3");
  EXPECT_FALSE(d.isInteger());
  EXPECT_DOUBLE_EQ(d.asDouble(), 1500.0);
  EXPECT_EQ(parseOk("0").asInt(), 0);
}

TEST(SupportJson, Strings) {
  EXPECT_EQ(parseOk(R"("a\"b\\c\/d\n\t")").asString(), "a\"b\\c/d\n\t");
  EXPECT_EQ(parseOk(R"("\u00e9")").asString(), "\xc3\xa9");
  EXPECT_EQ(parseOk(R"("\ud83d\ude00")").asString(), "\xf0\x9f\x98\x80");
}

TEST(SupportJson, Containers) {
  JsonValue v = parseOk(R"({"a":[1,2,{"b":null}],"c":{}, "d":[]})");
  ASSERT_TRUE(v.isObject());
  ASSERT_EQ(v.members().size(), 3u);
  EXPECT_EQ(v.members()[0].first, "a");
  const JsonValue *a = v.find("a");
  ASSERT_TRUE(a && a->isArray());
  EXPECT_EQ(a->elements().size(), 3u);
  EXPECT_TRUE(a->elements()[2].find("b")->isNull());
  EXPECT_EQ(v.find("zz"), nullptr);
}

TEST(SupportJson, RejectsMalformed) {
  EXPECT_NE(parseErr("").find("unexpected end of input"), std::string::npos);
  EXPECT_NE(parseErr("[1,2,]").find("trailing comma"), std::string::npos);
  EXPECT_NE(parseErr(R"({"a":1,})").find("trailing comma"), std::string::npos);
  EXPECT_NE(parseErr(R"({"a":1,"a":2})").find("duplicate object key \"a\""),
            std::string::npos);
  EXPECT_NE(parseErr("01").find("leading zeros"), std::string::npos);
  EXPECT_NE(parseErr("1.").find("decimal point"), std::string::npos);
  EXPECT_NE(parseErr("NaN").find("unexpected character"), std::string::npos);
  EXPECT_NE(parseErr("// c\n1").find("unexpected character"),
            std::string::npos);
  EXPECT_NE(parseErr("{} x").find("trailing characters"), std::string::npos);
  EXPECT_NE(parseErr("\"abc").find("unterminated string"), std::string::npos);
  EXPECT_NE(parseErr("\"a\nb\"").find("control character"), std::string::npos);
  EXPECT_NE(parseErr(R"("\x")").find("invalid escape"), std::string::npos);
  EXPECT_NE(parseErr(R"("\ud800")").find("surrogate"), std::string::npos);
  EXPECT_NE(parseErr("{1:2}").find("string key"), std::string::npos);
  EXPECT_NE(parseErr(R"({"a" 1})").find("expected ':'"), std::string::npos);
  EXPECT_NE(parseErr("[1 2]").find("expected ',' or ']'"), std::string::npos);
  EXPECT_NE(parseErr("tru").find("unexpected character"), std::string::npos);
  EXPECT_NE(parseErr("1e999").find("out of range"), std::string::npos);
  EXPECT_NE(parseErr(std::string(300, '[')).find("nesting"), std::string::npos);
}

TEST(SupportJson, ErrorsCarryLineAndColumn) {
  std::string msg = parseErr("{\n  \"a\": 1,\n  \"b\": ]\n}");
  EXPECT_NE(msg.find("line 3, column 8"), std::string::npos) << msg;
}
