//===- ManifestTest.cpp - Tests of manifest parsing and validation --------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "TestManifests.h"

#include "tessera/Runtime/Manifest.h"

#include <gtest/gtest.h>

#include <chrono>
#include <clocale>
#include <cmath>
#include <fstream>

namespace rt = tessera::runtime;
using tessera::test::fa2ManifestText;
using tessera::test::replaced;

namespace {

/// The error of parsing the FA2 manifest with `from` replaced by `to`.
std::string errorWith(const std::string &from, const std::string &to) {
  std::string text = replaced(fa2ManifestText(), from, to);
  EXPECT_NE(text, fa2ManifestText()) << "'" << from << "' not in the manifest";
  rt::Expected<rt::Manifest> manifest =
      rt::Manifest::parse(text, "out/fa2.json");
  EXPECT_FALSE(manifest.ok()) << "accepted with " << to;
  return manifest.ok() ? std::string() : manifest.message();
}

TEST(Manifest, ParsesTheDocumentedExample) {
  rt::Expected<rt::Manifest> parsed =
      rt::Manifest::parse(fa2ManifestText(), "out/fa2.json");
  ASSERT_TRUE(parsed.ok()) << parsed.message();
  const rt::Manifest &m = *parsed;
  EXPECT_EQ(m.kernel, "fa2");
  EXPECT_EQ(m.symbol, "fa2");
  EXPECT_EQ(m.target, "sm_90a");
  EXPECT_EQ(m.ptxPath(), "out/fa2.ptx");
  EXPECT_EQ(m.cubinPath(), "out/fa2.cubin");
  EXPECT_EQ(m.block, (std::array<unsigned, 3>{128, 1, 1}));
  ASSERT_EQ(m.grid.size(), 3u);
  EXPECT_EQ(m.grid[0].text(), "cdiv(N, 128)");
  EXPECT_EQ(m.dynamicSharedMemory, 49152);
  EXPECT_EQ(m.constant("CAUSAL"), 0);
  EXPECT_EQ(m.constant("BLOCK_M"), 128);
  EXPECT_FALSE(m.constant("NOPE").has_value());
  ASSERT_EQ(m.params.size(), 6u);
  EXPECT_EQ(m.params[4].name, "Lse");
  EXPECT_EQ(m.params[4].dtype, rt::DType::F32);
  EXPECT_EQ(m.params[4].role, rt::ParamRole::Output);
  EXPECT_EQ(m.params[4].shapeString(), "[BH, N]");
  EXPECT_FALSE(m.params[5].isTensor());
  EXPECT_EQ(m.numKernelParams(), 4u * 7 + 5 + 1);
  EXPECT_EQ(m.resources.registers, 168);
  EXPECT_EQ(m.resources.staticSharedMemory, 0);
  EXPECT_EQ(m.param("V"), &m.params[2]);
}

TEST(Manifest, DefaultsAndFixedDims) {
  std::string text = replaced(fa2ManifestText(), ", \"role\": \"input\"}", "}");
  text = replaced(text, "\"shape\": [\"BH\", \"N\", \"D\"]",
                  "\"shape\": [\"BH\", \"N\", 64]");
  text = replaced(text, "\"dynamic_shared_memory\": 49152,", "");
  text = replaced(text, "\"cubin\": \"fa2.cubin\",", "");
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text, "fa2.json");
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->params[0].role, rt::ParamRole::Input);
  EXPECT_FALSE(m->params[0].shape[2].isSymbolic());
  EXPECT_EQ(m->params[0].shape[2].fixed, 64);
  EXPECT_EQ(m->dynamicSharedMemory, 0);
  EXPECT_EQ(m->cubinPath(), "");
  EXPECT_EQ(m->ptxPath(), "./fa2.ptx");
}

TEST(Manifest, ReadsInitOfInoutTensors) {
  std::string text = replaced(
      fa2ManifestText(),
      "\"shape\": [\"BH\", \"N\"],      \"role\": \"output\"}",
      "\"shape\": [\"BH\", \"N\"], \"role\": \"inout\", \"init\": \"-inf\"}");
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text);
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->params[4].role, rt::ParamRole::InOut);
  EXPECT_EQ(m->params[4].init, "-inf");
  text = replaced(text, "\"init\": \"-inf\"", "\"init\": 0");
  m = rt::Manifest::parse(text);
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->params[4].init, "0");
}

TEST(Manifest, MalformedJsonSaysWhere) {
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(
      "{\n  \"format\": \"tessera-manifest\",\n  \"version\" 1\n}",
      "out/fa2.json");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.message(),
            "out/fa2.json: line 3, column 13 (offset 46): syntax error "
            "while parsing object separator - unexpected number literal; "
            "expected ':'");
}

/// The message of parsing `text` as a manifest, which must fail.
std::string parseError(const std::string &text) {
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text, "x.json");
  EXPECT_FALSE(m.ok()) << "parsed: " << text;
  return m.ok() ? std::string() : m.message();
}

// The cases of the hand-written parser's tests (JsonTest.cpp, before
// nlohmann/json): strict RFC 8259, each error with its position.
TEST(Manifest, RejectsMalformedJson) {
  const char *documents[] = {
      "",           "{\"a\": 1,}", "[1,]",       "{\"a\": 1} x", "\"abc",
      "\"a\\qb\"",  "\"\\u12G4\"", "\"\\ud83d\"", "\"a\tb\"",     "01",
      "1.",         "1e+",         "tru",        "// comment\n{}",
      "[1, 2",      "{\"a\" 1}",   "NaN",        "{'a': 1}"};
  for (const char *text : documents) {
    std::string message = parseError(text);
    EXPECT_EQ(message.rfind("x.json: line ", 0), 0u) << text << ": " << message;
    EXPECT_NE(message.find(" (offset "), std::string::npos) << message;
    EXPECT_NE(message.find("): syntax error while parsing"), std::string::npos)
        << message;
  }
  EXPECT_EQ(parseError("[1, 2"),
            "x.json: line 1, column 6 (offset 5): syntax error while parsing "
            "array - unexpected end of input; expected ']'");
}

TEST(Manifest, RejectsDuplicateKeys) {
  EXPECT_EQ(parseError("{\"a\": 1, \"a\": 2}"), "x.json: duplicate key \"a\"");
  EXPECT_EQ(errorWith("\"BLOCK_N\": 64", "\"BLOCK_N\": 64, \"BLOCK_M\": 1"),
            "out/fa2.json: duplicate key \"BLOCK_M\"");
  // Found wherever they are, in objects of many members too.
  std::string constants = "\"CAUSAL\": 0";
  for (int i = 0; i < 200000; ++i)
    constants += ", \"C" + std::to_string(i) + "\": " + std::to_string(i);
  EXPECT_EQ(errorWith("\"CAUSAL\": 0", constants + ", \"C123456\": 0"),
            "out/fa2.json: duplicate key \"C123456\"");
}

TEST(Manifest, RejectsDeepNestingWithoutCrashing) {
  EXPECT_EQ(parseError(std::string(100000, '[')),
            "x.json: nesting deeper than 200 levels");
  EXPECT_EQ(parseError(std::string(100000, '{')).rfind("x.json: line 1, ", 0),
            0u);
  // 200 levels are a document (if not a manifest).
  EXPECT_EQ(parseError(std::string(200, '[') + std::string(200, ']')),
            "x.json: manifest: expected an object, got an array");
}

TEST(Manifest, DecodesUnicodeEscapes) {
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(replaced(
      fa2ManifestText(), "\"kernel\": \"fa2\"",
      "\"kernel\": \"x\\u00e9\\ud83d\\ude00\""));
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->kernel, "x\xc3\xa9\xf0\x9f\x98\x80");
}

// Float constants must read the same in a process whose C locale writes
// decimals with a comma (e.g. Python after locale.setlocale(LC_ALL, "")).
TEST(Manifest, NumbersIgnoreTheProcessLocale) {
  std::string previous = std::setlocale(LC_NUMERIC, nullptr);
  const char *comma = nullptr;
  for (const char *name : {"de_DE.UTF-8", "de_DE.utf8", "fr_FR.UTF-8"})
    if (std::setlocale(LC_NUMERIC, name)) {
      comma = name;
      break;
    }
  if (!comma)
    GTEST_SKIP() << "no locale with a decimal comma is installed";
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(
      replaced(fa2ManifestText(), "\"CAUSAL\": 0",
               "\"CAUSAL\": 0, \"A\": 1.5, \"B\": 2.25e1"));
  std::string written = m.ok() ? m->toJson() : "";
  std::setlocale(LC_NUMERIC, previous.c_str());
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->findConstant("A")->floatValue, 1.5) << comma;
  EXPECT_EQ(m->findConstant("B")->floatValue, 22.5) << comma;
  EXPECT_NE(written.find("\"A\": 1.5,"), std::string::npos) << written;
}

// The compiler writes manifests with toJson (lib/Target/Manifest.cpp), the
// runtime reads them with parse: one schema.
TEST(Manifest, WritesWhatItReads) {
  rt::Expected<rt::Manifest> m =
      rt::Manifest::parse(fa2ManifestText(), "out/fa2.json");
  ASSERT_TRUE(m.ok()) << m.message();
  std::string text = m->toJson();
  EXPECT_EQ(text.rfind("{\n  \"format\": \"tessera-manifest\",\n  \"version\": "
                       "1,\n  \"kernel\": \"fa2\",\n",
                       0),
            0u)
      << text;
  EXPECT_NE(text.find("  \"block\": [\n    128,\n    1,\n    1\n  ],\n"),
            std::string::npos);
  EXPECT_NE(text.find("\"grid\": [\n    \"cdiv(N, 128)\",\n    \"BH\",\n"
                      "    \"1\"\n  ],\n  \"dynamic_shared_memory\": 49152,\n"),
            std::string::npos)
      << text;
  // No "align" where the manifest gave none; "resources" last.
  EXPECT_EQ(text.find("\"align\""), std::string::npos);
  EXPECT_NE(text.find("  \"resources\": {\n    \"registers\": 168,\n"),
            std::string::npos);
  EXPECT_EQ(text.substr(text.size() - 4), "}\n}\n");
  rt::Expected<rt::Manifest> again = rt::Manifest::parse(text, "out/fa2.json");
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->toJson(), text);
}

TEST(Manifest, WritesConstantsInitAndAlign) {
  std::string text = replaced(fa2ManifestText(), "\"CAUSAL\": 0",
                              "\"CAUSAL\": true, \"TWO\": 2.0, \"EPS\": 1e-05, "
                              "\"HUGE\": \"inf\", \"NOTHING\": \"nan\", "
                              "\"BIG\": 1.5e300, \"ALPHA\": 0.125");
  text = replaced(text,
                  "\"shape\": [\"BH\", \"N\"],      \"role\": \"output\"}",
                  "\"shape\": [\"BH\", \"N\"], \"role\": \"inout\", \"init\": "
                  "\"-inf\", \"align\": 4}");
  text = replaced(text, "\"role\": \"output\"}",
                  "\"role\": \"inout\", \"init\": \"0\"}");
  text = replaced(text, "\"block\": [128, 1, 1]", "\"block\": [64, 2]");
  text = replaced(text, ",\n  \"resources\": {\"registers\": 168, "
                        "\"spill_stores\": 0, \"spill_loads\": 0, \"stack\": "
                        "0,\n                \"static_shared_memory\": 0}",
                  "");
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text);
  ASSERT_TRUE(m.ok()) << m.message();
  std::string written = m->toJson();
  for (const char *expected :
       {"\"CAUSAL\": 1,", "\"TWO\": 2.0,", "\"EPS\": 1e-05,",
        "\"HUGE\": \"inf\",", "\"NOTHING\": \"nan\",", "\"BIG\": 1.5e+300,",
        "\"ALPHA\": 0.125\n", "\"init\": 0\n", "\"init\": \"-inf\",",
        "\"align\": 4\n", "\"block\": [\n    64,\n    2\n  ],"})
    EXPECT_NE(written.find(expected), std::string::npos)
        << expected << " not in\n"
        << written;
  EXPECT_EQ(written.find("resources"), std::string::npos);
  rt::Expected<rt::Manifest> again = rt::Manifest::parse(written);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->toJson(), written);
  EXPECT_EQ(again->blockDims, 2u);
}

TEST(Manifest, ReadsAndWritesPersistent) {
  rt::Expected<rt::Manifest> plain = rt::Manifest::parse(fa2ManifestText());
  ASSERT_TRUE(plain.ok()) << plain.message();
  EXPECT_FALSE(plain->persistent);
  EXPECT_EQ(plain->toJson().find("persistent"), std::string::npos);
  std::string text = replaced(fa2ManifestText(), "\"dynamic_shared_memory\"",
                              "\"persistent\": true, \"dynamic_shared_memory\"");
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text);
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_TRUE(m->persistent);
  std::string written = m->toJson();
  EXPECT_NE(written.find("  ],\n  \"persistent\": true,\n  "
                         "\"dynamic_shared_memory\""),
            std::string::npos)
      << written;
  rt::Expected<rt::Manifest> again = rt::Manifest::parse(written);
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_TRUE(again->persistent);
  EXPECT_EQ(errorWith("\"dynamic_shared_memory\"",
                      "\"persistent\": 1, \"dynamic_shared_memory\""),
            "out/fa2.json: persistent: expected true or false, got a number");
}

TEST(Manifest, ValidatesFields) {
  EXPECT_EQ(errorWith("\"dtype\": \"f32\", \"shape\": [\"BH\", \"N\"]",
                      "\"dtype\": \"f8\", \"shape\": [\"BH\", \"N\"]"),
            "out/fa2.json: params[4].dtype: expected one of f16, bf16, f32, "
            "i32, i64, got \"f8\"");
  // A dtype the host table knows but a manifest does not take.
  EXPECT_EQ(errorWith("\"dtype\": \"f32\", \"shape\": [\"BH\", \"N\"]",
                      "\"dtype\": \"f64\", \"shape\": [\"BH\", \"N\"]"),
            "out/fa2.json: params[4].dtype: expected one of f16, bf16, f32, "
            "i32, i64, got \"f64\"");
  EXPECT_EQ(errorWith("\"version\": 1", "\"version\": 2"),
            "out/fa2.json: version: unsupported manifest version 2 (this "
            "runtime reads version 1)");
  EXPECT_EQ(
      errorWith("\"tessera-manifest\"", "\"other\""),
      "out/fa2.json: format: expected \"tessera-manifest\", got \"other\"");
  EXPECT_EQ(errorWith("\"symbol\": \"fa2\",", ""),
            "out/fa2.json: symbol: missing (required)");
  EXPECT_EQ(errorWith("\"sm_90a\"", "\"gfx90a\""),
            "out/fa2.json: target: expected a target like \"sm_80\" or "
            "\"sm_90a\", got \"gfx90a\"");
  EXPECT_EQ(errorWith("[128, 1, 1]", "[128, 0, 1]"),
            "out/fa2.json: block[1]: expected a value in [1, 1024], got 0");
  EXPECT_EQ(errorWith("[128, 1, 1]", "[128, 16, 1]"),
            "out/fa2.json: block: 2048 threads per block (the limit is 1024)");
  EXPECT_EQ(errorWith("\"cdiv(N, 128)\"", "\"cdiv(N, \""),
            "out/fa2.json: grid[0]: in expression \"cdiv(N, \": column 9: "
            "expected an expression, found end of input");
  EXPECT_EQ(errorWith("\"cdiv(N, 128)\"", "\"cdiv(M, 128)\""),
            "out/fa2.json: grid[0]: \"cdiv(M, 128)\" uses 'M', which no tensor "
            "shape or constant defines");
  EXPECT_EQ(errorWith("\"grid\": [", "\"grid\": [\"1\", "),
            "out/fa2.json: grid: expected 1 to 3 dimensions, got 4");
  EXPECT_EQ(errorWith("\"kind\": \"scalar\"", "\"kind\": \"pointer\""),
            "out/fa2.json: params[5].kind: expected \"tensor\" or \"scalar\"");
  EXPECT_EQ(errorWith("\"name\": \"K\"", "\"name\": \"Q\""),
            "out/fa2.json: params[1].name: duplicate parameter name 'Q'");
  EXPECT_EQ(errorWith("\"role\": \"output\"}", "\"role\": \"out\"}"),
            "out/fa2.json: params[3].role: expected \"input\", \"output\" or "
            "\"inout\"");
  EXPECT_EQ(errorWith("\"role\": \"output\"}", "\"role\": \"output\", "
                                               "\"init\": \"0\"}"),
            "out/fa2.json: params[3].init: only \"inout\" tensors take an init "
            "value");
  EXPECT_EQ(
      errorWith("\"shape\": [\"BH\", \"N\", \"D\"]", "\"shape\": [\"B H\"]"),
      "out/fa2.json: params[0].shape[0]: expected a size name "
      "(identifier), got \"B H\"");
  EXPECT_EQ(errorWith("\"shape\": [\"BH\", \"N\", \"D\"]", "\"shape\": [-1]"),
            "out/fa2.json: params[0].shape[0]: expected a value in [0, "
            "9223372036854775807], got -1");
  EXPECT_EQ(errorWith("\"dtype\": \"f32\", \"role\": \"input\"",
                      "\"dtype\": \"f16\", \"role\": \"input\""),
            "out/fa2.json: params[5].dtype: scalar parameters take f32, i32 or "
            "i64, got f16");
  EXPECT_EQ(errorWith("\"ptx\": \"fa2.ptx\",", "\"ptx\": 3,"),
            "out/fa2.json: ptx: expected a string, got a number");
  EXPECT_EQ(errorWith("\"registers\": 168", "\"registers\": \"many\""),
            "out/fa2.json: resources.registers: expected an integer, got a "
            "string");
  EXPECT_EQ(errorWith("\"BLOCK_M\": 128", "\"BLOCK_M\": [128]"),
            "out/fa2.json: constants.BLOCK_M: expected an integer, a number, a "
            "boolean or \"inf\", \"-inf\", \"nan\", got an array");
}

/// Parses the FA2 manifest with `from` replaced by `to`, expecting success.
rt::Manifest parsedWith(const std::string &from, const std::string &to,
                        const rt::ManifestOptions &options = {}) {
  std::string text = replaced(fa2ManifestText(), from, to);
  EXPECT_NE(text, fa2ManifestText()) << "'" << from << "' not in the manifest";
  rt::Expected<rt::Manifest> manifest =
      rt::Manifest::parse(text, "out/fa2.json", options);
  EXPECT_TRUE(manifest.ok()) << manifest.message();
  return manifest.ok() ? manifest.take() : rt::Manifest();
}

// Issue 9.3: float kernel constants.
TEST(Manifest, ReadsIntegerAndFloatConstants) {
  rt::Manifest m = parsedWith(
      "\"CAUSAL\": 0}",
      "\"CAUSAL\": false, \"ON\": true, \"ALPHA\": 1.5, \"TWO\": 2.0, "
      "\"EPS\": 1e-05, \"HUGE\": \"inf\", \"TINY\": \"-inf\", "
      "\"NOTHING\": \"nan\", \"NEG\": -3, \"BIGF\": 1.5e300}");
  ASSERT_EQ(m.constants.size(), 12u);
  EXPECT_EQ(m.constants[0].name, "BLOCK_M");
  EXPECT_EQ(m.constant("CAUSAL"), 0);
  EXPECT_EQ(m.constant("ON"), 1);
  EXPECT_EQ(m.constant("NEG"), -3);
  const rt::Constant *alpha = m.findConstant("ALPHA");
  ASSERT_NE(alpha, nullptr);
  EXPECT_TRUE(alpha->isFloat());
  EXPECT_EQ(alpha->floatValue, 1.5);
  EXPECT_EQ(alpha->str(), "1.5");
  EXPECT_FALSE(m.constant("ALPHA").has_value()); // Not an integer.
  EXPECT_TRUE(m.findConstant("TWO")->isFloat()); // 2.0 has a fraction.
  EXPECT_EQ(m.findConstant("TWO")->str(), "2");
  EXPECT_EQ(m.findConstant("EPS")->floatValue, 1e-05);
  EXPECT_EQ(m.findConstant("EPS")->str(), "1e-05");
  EXPECT_EQ(m.findConstant("HUGE")->floatValue, INFINITY);
  EXPECT_EQ(m.findConstant("TINY")->str(), "-inf");
  EXPECT_TRUE(std::isnan(m.findConstant("NOTHING")->floatValue));
  EXPECT_EQ(m.findConstant("BIGF")->floatValue, 1.5e300);
  EXPECT_TRUE(m.findConstant("BLOCK_M")->isInteger());
  EXPECT_EQ(m.findConstant("BLOCK_M")->asDouble(), 128.0);
  EXPECT_EQ(m.findConstant("NOPE"), nullptr);
}

TEST(Manifest, RejectsBadConstants) {
  EXPECT_EQ(errorWith("\"BLOCK_M\": 128", "\"BLOCK_M\": 1e400"),
            "out/fa2.json: constants.BLOCK_M: number does not fit in a double "
            "(write \"inf\" or \"-inf\" for infinities)");
  EXPECT_EQ(errorWith("\"BLOCK_M\": 128", "\"BLOCK_M\": 99999999999999999999"),
            "out/fa2.json: constants.BLOCK_M: integer does not fit in 64 bits");
  EXPECT_EQ(errorWith("\"BLOCK_M\": 128", "\"BLOCK_M\": \"Infinity\""),
            "out/fa2.json: constants.BLOCK_M: expected \"inf\", \"-inf\" or "
            "\"nan\" (or a number), got \"Infinity\"");
  EXPECT_NE(errorWith("\"BLOCK_M\": 128", "\"BLOCK_M\": null")
                .find("constants.BLOCK_M: expected an integer"),
            std::string::npos);
}

TEST(Manifest, GridExpressionsTakeOnlyIntegerConstants) {
  std::string text = replaced(fa2ManifestText(), "\"CAUSAL\": 0}",
                              "\"CAUSAL\": 0, \"SCALE\": 0.5}");
  text = replaced(text, "\"BH\", \"1\"]", "\"BH\", \"SCALE\"]");
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text, "out/fa2.json");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.message(), "out/fa2.json: grid[2]: \"SCALE\" uses 'SCALE', a "
                         "float constant (0.5); grid expressions are integer");
  // Integer (and boolean) constants are fine; a size shadows a float
  // constant of the same name.
  text = replaced(fa2ManifestText(), "\"CAUSAL\": 0}",
                  "\"CAUSAL\": true, \"N\": 0.5}");
  text = replaced(text, "\"BH\", \"1\"]", "\"BH\", \"CAUSAL + BLOCK_M\"]");
  m = rt::Manifest::parse(text, "out/fa2.json");
  EXPECT_TRUE(m.ok()) << m.message();
}

// Issue 9.6: a tensor's "align".
TEST(Manifest, ReadsTensorAlign) {
  rt::Manifest m = parsedWith("\"shape\": [\"BH\", \"N\"],",
                              "\"shape\": [\"BH\", \"N\"], \"align\": 4,");
  EXPECT_EQ(m.params[4].align, 4u);
  EXPECT_TRUE(m.params[4].alignFromManifest);
  EXPECT_EQ(m.params[0].align, 16u); // The default.
  EXPECT_FALSE(m.params[0].alignFromManifest);
  m = parsedWith("\"shape\": [\"BH\", \"N\"],",
                 "\"shape\": [\"BH\", \"N\"], \"align\": 256,");
  EXPECT_EQ(m.params[4].align, 256u);
  const std::string where = "\"shape\": [\"BH\", \"N\"],";
  const std::string f32 = "out/fa2.json: params[4].align: expected a power of "
                          "two from 4 (the size of f32) to 256, got ";
  EXPECT_EQ(errorWith(where, where + " \"align\": 2,"), f32 + "2");
  EXPECT_EQ(errorWith(where, where + " \"align\": 12,"), f32 + "12");
  EXPECT_EQ(errorWith(where, where + " \"align\": 512,"), f32 + "512");
  EXPECT_EQ(errorWith(where, where + " \"align\": 0,"), f32 + "0");
  EXPECT_EQ(errorWith(where, where + " \"align\": -16,"), f32 + "-16");
  EXPECT_EQ(errorWith(where, where + " \"align\": \"16\","), f32 + "a string");
  EXPECT_EQ(errorWith(where, where + " \"align\": 16.0,"), f32 + "a number");
  EXPECT_EQ(errorWith("\"dtype\": \"f32\", \"role\": \"input\"",
                      "\"dtype\": \"f32\", \"align\": 4, \"role\": \"input\""),
            "out/fa2.json: params[5].align: a scalar parameter has no align");
  // f16: 2 is the smallest.
  m = parsedWith("\"dtype\": \"f16\", \"shape\"",
                 "\"dtype\": \"f16\", \"align\": 2, \"shape\"");
  EXPECT_EQ(m.params[0].align, 2u);
}

// Issue 16.5: manifests may not make the runtime read arbitrary files.
TEST(Manifest, BinaryPathsStayInTheManifestsFolder) {
  const std::string lift =
      "; binaries must lie in the manifest's folder "
      "(ManifestOptions/LoadOptions::allowExternalBinaries "
      "lifts this)";
  EXPECT_EQ(errorWith("\"fa2.ptx\"", "\"/etc/passwd\""),
            "out/fa2.json: ptx: \"/etc/passwd\" is an absolute path" + lift);
  EXPECT_EQ(errorWith("\"fa2.cubin\"", "\"../../etc/passwd\""),
            "out/fa2.json: cubin: \"../../etc/passwd\" has a '..' component" +
                lift);
  EXPECT_EQ(errorWith("\"fa2.ptx\"", "\"kernels/../../x.ptx\""),
            "out/fa2.json: ptx: \"kernels/../../x.ptx\" has a '..' component" +
                lift);
  EXPECT_NE(errorWith("\"fa2.ptx\"", "\"a/..\"").find("'..' component"),
            std::string::npos);
  EXPECT_EQ(errorWith("\"fa2.ptx\"", "\"fa2.ptx\\u0000.evil\""),
            "out/fa2.json: ptx: contains a NUL byte (\\u0000)");
  EXPECT_EQ(errorWith("\"symbol\": \"fa2\"", "\"symbol\": \"fa2\\u0000x\""),
            "out/fa2.json: symbol: contains a NUL byte (\\u0000)");
  // Names that merely contain dots are fine, and so are subfolders.
  rt::Manifest m = parsedWith("\"fa2.ptx\"", "\"..fa2..ptx\"");
  EXPECT_EQ(m.ptxPath(), "out/..fa2..ptx");
  m = parsedWith("\"fa2.cubin\"", "\"sm_90a/./fa2.cubin\"");
  EXPECT_EQ(m.cubinPath(), "out/sm_90a/./fa2.cubin");
  // The caller may opt in to binaries elsewhere.
  rt::ManifestOptions external;
  external.allowExternalBinaries = true;
  m = parsedWith("\"fa2.ptx\"", "\"/opt/kernels/fa2.ptx\"", external);
  EXPECT_EQ(m.ptxPath(), "/opt/kernels/fa2.ptx");
  m = parsedWith("\"fa2.cubin\"", "\"../fa2.cubin\"", external);
  EXPECT_EQ(m.cubinPath(), "out/../fa2.cubin");
  // NUL bytes never are.
  std::string text =
      replaced(fa2ManifestText(), "\"fa2.ptx\"", "\"/x\\u0000.ptx\"");
  EXPECT_FALSE(rt::Manifest::parse(text, "out/fa2.json", external).ok());
}

// Issue 16.3: 80,000 constants took 21 s (a quadratic duplicate-key check).
TEST(Manifest, ManyConstantsLoadQuickly) {
  std::string constants = "\"CAUSAL\": 0";
  for (int i = 0; i < 200000; ++i)
    constants += ", \"C" + std::to_string(i) + "\": " + std::to_string(i);
  std::string text = replaced(fa2ManifestText(), "\"CAUSAL\": 0", constants);
  text = replaced(text, "\"BH\", \"1\"]", "\"BH\", \"C1\"]");
  auto start = std::chrono::steady_clock::now();
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text, "out/fa2.json");
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  ASSERT_TRUE(m.ok()) << m.message();
  EXPECT_EQ(m->constants.size(), 200003u);
  EXPECT_EQ(m->constant("C199999"), 199999);
  EXPECT_LT(seconds, 2.0);
}

// Issue 16.1: a 40 KB manifest with a deeply nested grid expression used to
// overflow the stack of the process that loaded it.
TEST(Manifest, RejectsDeepGridExpressions) {
  const std::pair<std::string, std::string> shapes[] = {
      {std::string(15000, '(') + "N" + std::string(15000, ')'), "30001 bytes"},
      {std::string(42000, '-') + "N", "42001 bytes"},
      {[] {
         std::string sum = "N";
         for (int i = 0; i < 270000; ++i)
           sum += "+N";
         return sum;
       }(),
       "540001 bytes"},
      {std::string(300, '(') + "N" + std::string(300, ')'),
       "expression nested deeper than 256 levels"}};
  for (const auto &[expr, needle] : shapes) {
    std::string message = errorWith("\"cdiv(N, 128)\"", "\"" + expr + "\"");
    EXPECT_EQ(message.rfind("out/fa2.json: grid[0]: in expression \"", 0), 0u)
        << message.substr(0, 200);
    EXPECT_NE(message.find(needle), std::string::npos)
        << message.substr(0, 200);
    EXPECT_LT(message.size(), 300u);
  }
}

TEST(Manifest, NeedsAPtxOrCubin) {
  std::string text = replaced(fa2ManifestText(), "\"ptx\": \"fa2.ptx\",", "");
  text = replaced(text, "\"cubin\": \"fa2.cubin\",", "");
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(text, "x.json");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.message(),
            "x.json: ptx: missing: a manifest needs \"ptx\" or \"cubin\"");
}

TEST(Manifest, RootMustBeAnObject) {
  rt::Expected<rt::Manifest> m = rt::Manifest::parse("[1]", "x.json");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.message(), "x.json: manifest: expected an object, got an array");
}

TEST(Manifest, LoadsFromFileAndReportsMissingFiles) {
  rt::Expected<rt::Manifest> missing =
      rt::Manifest::load("/nonexistent/fa2.json");
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(
      missing.message(),
      "reading manifest /nonexistent/fa2.json: No such file or directory");
  rt::Expected<rt::Manifest> smoke =
      rt::Manifest::load(TESSERA_SMOKE_DIR "/axpy.json");
  ASSERT_TRUE(smoke.ok()) << smoke.message();
  EXPECT_EQ(smoke->ptxPath(), TESSERA_SMOKE_DIR "/axpy.ptx");
  EXPECT_EQ(smoke->dynamicSharedMemory, 65536);
  for (const char *name : {"fixture_fa1.json", "fixture_fa1_causal.json",
                           "fixture_fa2.json", "fixture_fa2_causal.json"}) {
    rt::Expected<rt::Manifest> fixture =
        rt::Manifest::load(std::string(TESSERA_UNIT_INPUTS "/") + name);
    EXPECT_TRUE(fixture.ok()) << fixture.message();
  }
}

TEST(Target, ParsesNames) {
  std::optional<rt::TargetArch> arch = rt::parseTarget("sm_90a");
  ASSERT_TRUE(arch.has_value());
  EXPECT_EQ(arch->major, 9);
  EXPECT_EQ(arch->minor, 0);
  EXPECT_EQ(arch->suffix, 'a');
  arch = rt::parseTarget("sm_100f");
  ASSERT_TRUE(arch.has_value());
  EXPECT_EQ(arch->major, 10);
  EXPECT_FALSE(rt::parseTarget("sm_9").has_value());
  EXPECT_FALSE(rt::parseTarget("sm_90x").has_value());
  EXPECT_FALSE(rt::parseTarget("compute_90").has_value());
}

TEST(Target, CubinCompatibility) {
  EXPECT_TRUE(rt::cubinRunsOn("sm_80", 8, 0));
  EXPECT_TRUE(rt::cubinRunsOn("sm_80", 8, 6));
  EXPECT_FALSE(rt::cubinRunsOn("sm_86", 8, 0));
  EXPECT_FALSE(rt::cubinRunsOn("sm_80", 9, 0));
  EXPECT_TRUE(rt::cubinRunsOn("sm_90a", 9, 0));
  EXPECT_TRUE(rt::cubinRunsOn("sm_90", 9, 0));
  EXPECT_FALSE(rt::cubinRunsOn("sm_90a", 10, 0));
  EXPECT_FALSE(rt::cubinRunsOn("sm_100a", 10, 3));
  EXPECT_TRUE(rt::cubinRunsOn("sm_100f", 10, 3));
}

TEST(DType, NamesAndSizes) {
  EXPECT_EQ(rt::parseDType("bf16"), rt::DType::BF16);
  // The dtype table is the host library's, which also has the interpreter's
  // f64, i1 and i8; a manifest takes none of them.
  for (const char *name : {"f64", "i1", "i8"})
    EXPECT_FALSE(tessera::host::isManifestDType(*rt::parseDType(name))) << name;
  EXPECT_STREQ(rt::getDTypeName(rt::DType::I64), "i64");
  EXPECT_EQ(rt::getDTypeSize(rt::DType::F16), 2u);
  EXPECT_EQ(rt::getDTypeSize(rt::DType::I64), 8u);
}

} // namespace

namespace {

/// The FA2 manifest with tensor maps for K and V (TMA copies), before
/// "resources".
std::string withTensorMaps(const std::string &maps) {
  return replaced(fa2ManifestText(), "  \"resources\"",
                  "  \"tensor_maps\": " + maps + ",\n  \"resources\"");
}

} // namespace

TEST(Manifest, ReadsAndWritesTensorMaps) {
  rt::Expected<rt::Manifest> m = rt::Manifest::parse(
      withTensorMaps(R"([{"tensor": "K", "box": [64, 64], "swizzle": 128},
                         {"tensor": "V", "box": [128, 64]}])"),
      "out/fa2.json");
  ASSERT_TRUE(m.ok()) << m.message();
  ASSERT_EQ(m->tensorMaps.size(), 2u);
  EXPECT_EQ(m->tensorMaps[0].tensor, "K");
  EXPECT_EQ(m->tensorMaps[0].param, 1u);
  EXPECT_EQ(m->tensorMaps[1].param, 2u);
  EXPECT_EQ(m->tensorMaps[1].box, (std::array<int64_t, 2>{128, 64}));
  EXPECT_EQ(m->tensorMaps[1].swizzle, 128);
  // Each map is one more .param, after the parameters' values.
  EXPECT_EQ(m->numKernelParams(), 4 * 7 + 5 + 1 + 2u);
  std::string text = m->toJson();
  EXPECT_NE(text.find("  \"tensor_maps\": [\n    {\n      \"tensor\": \"K\",\n"
                      "      \"box\": [\n        64,\n        64\n      ],\n"
                      "      \"swizzle\": 128\n    },"),
            std::string::npos)
      << text;
  rt::Expected<rt::Manifest> again = rt::Manifest::parse(text, "out/fa2.json");
  ASSERT_TRUE(again.ok()) << again.message();
  EXPECT_EQ(again->toJson(), text);
}

TEST(Manifest, ValidatesTensorMaps) {
  auto error = [](const std::string &maps) {
    return parseError(withTensorMaps(maps));
  };
  EXPECT_EQ(error(R"({"tensor": "K"})"),
            "x.json: tensor_maps: expected an array, got an object");
  EXPECT_EQ(error(R"([{"tensor": "W", "box": [64, 64]}])"),
            "x.json: tensor_maps[0].tensor: \"W\" is not a tensor parameter");
  EXPECT_EQ(error(R"([{"tensor": "sm_scale", "box": [64, 64]}])"),
            "x.json: tensor_maps[0].tensor: \"sm_scale\" is not a tensor "
            "parameter");
  EXPECT_EQ(error(R"([{"tensor": "Lse", "box": [64, 32]}])"),
            "x.json: tensor_maps[0].tensor: tensor maps describe f16 and bf16 "
            "tensors, \"Lse\" is f32");
  EXPECT_EQ(error(R"([{"tensor": "K", "box": [64]}])"),
            "x.json: tensor_maps[0].box: expected [rows, columns]");
  EXPECT_EQ(error(R"([{"tensor": "K", "box": [512, 64]}])"),
            "x.json: tensor_maps[0].box[0]: expected a value in [1, 256], got "
            "512");
  // A 128-byte swizzle takes rows of at most 128 bytes (64 16-bit columns).
  EXPECT_EQ(error(R"([{"tensor": "K", "box": [64, 128]}])"),
            "x.json: tensor_maps[0].box[1]: expected a value in [1, 64], got "
            "128");
  EXPECT_EQ(error(R"([{"tensor": "K", "box": [64, 4]}])"),
            "x.json: tensor_maps[0].box[1]: expected a box row of a multiple "
            "of 16 bytes, got 8");
  EXPECT_EQ(error(R"([{"tensor": "K", "box": [64, 64], "swizzle": 64}])"),
            "x.json: tensor_maps[0].swizzle: expected 128 (bytes)");
}
