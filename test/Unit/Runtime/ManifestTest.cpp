//===- ManifestTest.cpp - Tests of manifest parsing and validation --------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "TestManifests.h"

#include "tessera/Runtime/Manifest.h"

#include <gtest/gtest.h>

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
            "out/fa2.json: line 3, column 13 (offset 46): expected "
            "':' after object key, found '1'");
}

TEST(Manifest, ValidatesFields) {
  EXPECT_EQ(errorWith("\"dtype\": \"f32\", \"shape\": [\"BH\", \"N\"]",
                      "\"dtype\": \"f8\", \"shape\": [\"BH\", \"N\"]"),
            "out/fa2.json: params[4].dtype: expected one of f16, bf16, f32, "
            "i32, i64, got \"f8\"");
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
  EXPECT_EQ(
      errorWith("\"BLOCK_M\": 128", "\"BLOCK_M\": 1.5"),
      "out/fa2.json: constants.BLOCK_M: expected an integer, got a number");
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
  EXPECT_FALSE(rt::parseDType("f64").has_value());
  EXPECT_STREQ(rt::dtypeName(rt::DType::I64), "i64");
  EXPECT_EQ(rt::dtypeSize(rt::DType::F16), 2u);
  EXPECT_EQ(rt::dtypeSize(rt::DType::I64), 8u);
}

} // namespace
