//===- JsonTest.cpp - Tests of the manifest JSON parser -------------------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Runtime/Json.h"

#include <gtest/gtest.h>

#include <chrono>
#include <clocale>
#include <string>

namespace rt = tessera::runtime;

namespace {

/// Parses `text`, expecting failure; returns the message.
std::string parseError(const std::string &text) {
  rt::Expected<rt::JsonValue> value = rt::parseJson(text);
  EXPECT_FALSE(value.ok()) << "parsed: " << text;
  return value.ok() ? std::string() : value.message();
}

TEST(Json, ParsesNestedDocument) {
  rt::Expected<rt::JsonValue> value = rt::parseJson(
      R"( {"a": [1, -2.5, 3e2, true, false, null], "b": {"c": "x\ny\u00e9"}} )");
  ASSERT_TRUE(value.ok()) << value.message();
  const rt::JsonValue *a = value->find("a");
  ASSERT_TRUE(a && a->isArray());
  ASSERT_EQ(a->elements().size(), 6u);
  EXPECT_TRUE(a->elements()[0].isInteger());
  EXPECT_EQ(a->elements()[0].asInt(), 1);
  EXPECT_FALSE(a->elements()[1].isInteger());
  EXPECT_DOUBLE_EQ(a->elements()[1].asDouble(), -2.5);
  EXPECT_FALSE(a->elements()[2].isInteger());
  EXPECT_DOUBLE_EQ(a->elements()[2].asDouble(), 300);
  EXPECT_TRUE(a->elements()[3].asBool());
  EXPECT_TRUE(a->elements()[5].isNull());
  EXPECT_EQ(value->find("b")->find("c")->asString(), "x\ny\xc3\xa9");
  EXPECT_EQ(value->find("missing"), nullptr);
}

TEST(Json, KeepsMemberOrder) {
  rt::Expected<rt::JsonValue> value = rt::parseJson(R"({"z": 1, "a": 2})");
  ASSERT_TRUE(value.ok());
  EXPECT_EQ(value->members()[0].first, "z");
  EXPECT_EQ(value->members()[1].first, "a");
}

TEST(Json, DecodesSurrogatePairs) {
  rt::Expected<rt::JsonValue> value = rt::parseJson(R"("\ud83d\ude00")");
  ASSERT_TRUE(value.ok()) << value.message();
  EXPECT_EQ(value->asString(), "\xf0\x9f\x98\x80");
}

TEST(Json, LargeIntegersAreNotIntegers) {
  rt::Expected<rt::JsonValue> value = rt::parseJson("123456789012345678901234");
  ASSERT_TRUE(value.ok());
  EXPECT_FALSE(value->isInteger());
}

TEST(Json, ReportsPositionOfErrors) {
  EXPECT_EQ(parseError("{\"a\": 1,\n  \"b\" 2}"),
            "line 2, column 7 (offset 15): expected ':' after object key, "
            "found '2'");
  EXPECT_EQ(parseError("[1, 2"),
            "line 1, column 6 (offset 5): unterminated array (opened at "
            "offset 0)");
}

TEST(Json, RejectsMalformedDocuments) {
  EXPECT_NE(parseError("").find("expected a JSON value, found end of input"),
            std::string::npos);
  EXPECT_NE(parseError("{\"a\": 1,}").find("expected a string key"),
            std::string::npos);
  EXPECT_NE(parseError("[1,]").find("expected a JSON value"),
            std::string::npos);
  EXPECT_NE(parseError("{\"a\": 1} x").find("unexpected text after"),
            std::string::npos);
  EXPECT_NE(parseError("\"abc").find("unterminated string"), std::string::npos);
  EXPECT_NE(parseError("\"a\\qb\"").find("invalid escape"), std::string::npos);
  EXPECT_NE(parseError("\"\\u12G4\"").find("invalid hex digit"),
            std::string::npos);
  EXPECT_NE(parseError("\"\\ud83d\"").find("unpaired high surrogate"),
            std::string::npos);
  EXPECT_NE(parseError("\"a\tb\"").find("control character"),
            std::string::npos);
  EXPECT_NE(parseError("01").find("leading zeros"), std::string::npos);
  EXPECT_NE(parseError("1.").find("digits after '.'"), std::string::npos);
  EXPECT_NE(parseError("1e+").find("digits in exponent"), std::string::npos);
  EXPECT_NE(parseError("tru").find("expected 'true'"), std::string::npos);
  EXPECT_NE(parseError("{\"a\": 1, \"a\": 2}").find("duplicate key \"a\""),
            std::string::npos);
  EXPECT_NE(parseError("// comment\n{}").find("expected a JSON value"),
            std::string::npos);
}

TEST(Json, RejectsDeepNestingWithoutCrashing) {
  std::string deep(100000, '[');
  EXPECT_NE(parseError(deep).find("nesting deeper than"), std::string::npos);
}

// Issue 16.3: the duplicate-key check was quadratic (80,000 keys: 21 s).
TEST(Json, ManyKeysParseInLinearTime) {
  const int count = 200000;
  std::string text = "{";
  for (int i = 0; i < count; ++i)
    text +=
        (i ? ",\"k" : "\"k") + std::to_string(i) + "\":" + std::to_string(i);
  auto start = std::chrono::steady_clock::now();
  rt::Expected<rt::JsonValue> value = rt::parseJson(text + "}");
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  ASSERT_TRUE(value.ok()) << value.message();
  EXPECT_EQ(value->members().size(), size_t(count));
  EXPECT_LT(seconds, 2.0);
  // Duplicates are still found, wherever they are.
  EXPECT_NE(
      parseError(text + ",\"k123456\":0}").find("duplicate key \"k123456\""),
      std::string::npos);
}

// Float constants must read the same in a process whose C locale writes
// decimals with a comma (e.g. Python after locale.setlocale(LC_ALL, "")).
TEST(Json, NumbersIgnoreTheProcessLocale) {
  std::string previous = std::setlocale(LC_NUMERIC, nullptr);
  const char *comma = nullptr;
  for (const char *name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8"})
    if (std::setlocale(LC_NUMERIC, name)) {
      comma = name;
      break;
    }
  if (!comma)
    GTEST_SKIP() << "no locale with a decimal comma is installed";
  rt::Expected<rt::JsonValue> value = rt::parseJson("[1.5, 2.25e1]");
  std::setlocale(LC_NUMERIC, previous.c_str());
  ASSERT_TRUE(value.ok()) << value.message();
  EXPECT_EQ(value->elements()[0].asDouble(), 1.5) << comma;
  EXPECT_EQ(value->elements()[1].asDouble(), 22.5) << comma;
}

TEST(Json, QuotesStrings) {
  EXPECT_EQ(rt::quoteJson("a\"b\\c\n\x01"), "\"a\\\"b\\\\c\\n\\u0001\"");
}

} // namespace
