//===- BenchTest.cpp - Tests of tessera-bench's host-side logic -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "Bench.h"
#include "Reference.h"
#include "Report.h"
#include "TestManifests.h"

#include "tessera/Host/Float16.h"

#include <nlohmann/json.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

namespace rt = tessera::runtime;
namespace tb = tessera::bench;

namespace {

rt::Manifest loadFixture(const char *name) {
  rt::Expected<rt::Manifest> m =
      rt::Manifest::load(std::string(TESSERA_UNIT_INPUTS "/") + name);
  EXPECT_TRUE(m.ok()) << m.message();
  return m.ok() ? m.take() : rt::Manifest();
}

std::shared_ptr<const std::vector<float>> values(std::vector<float> v) {
  return std::make_shared<const std::vector<float>>(std::move(v));
}

tb::AttentionShape shapeOf(int64_t b, int64_t h, int64_t n, int64_t d,
                           bool causal = false) {
  tb::AttentionShape shape;
  shape.batch = b;
  shape.heads = h;
  shape.seqLen = n;
  shape.headDim = d;
  shape.causal = causal;
  return shape;
}

TEST(Reference, SingleKeyGivesValueRow) {
  tb::AttentionShape shape = shapeOf(1, 1, 2, 2, /*causal=*/true);
  tb::AttentionInputs in;
  in.q = values({1, 2, 3, 4});
  in.k = values({0.5f, 0.25f, 1, 1});
  in.v = values({7, 8, 9, 10});
  std::vector<double> out;
  double lse;
  tb::referenceRow(in, shape, 0.5, {0, 0}, out, lse);
  EXPECT_EQ(out, (std::vector<double>{7, 8}));
  EXPECT_DOUBLE_EQ(lse, 0.5 * (1 * 0.5 + 2 * 0.25));
  // Row 1 sees both keys: scores 0.5*(3*.5+4*.25)=1.25 and 0.5*7=3.5.
  tb::referenceRow(in, shape, 0.5, {0, 1}, out, lse);
  double p0 = std::exp(1.25), p1 = std::exp(3.5);
  EXPECT_NEAR(out[0], (7 * p0 + 9 * p1) / (p0 + p1), 1e-12);
  EXPECT_NEAR(lse, std::log(p0 + p1), 1e-12);
}

TEST(Reference, RowSelection) {
  EXPECT_EQ(tb::rowsToCheck(shapeOf(1, 2, 8, 4), 100, 1).size(), 16u);
  std::vector<tb::RowId> rows = tb::rowsToCheck(shapeOf(2, 4, 1000, 4), 50, 1);
  ASSERT_EQ(rows.size(), 50u);
  EXPECT_EQ(rows.front().bh, 0);
  EXPECT_EQ(rows.front().row, 0);
  EXPECT_EQ(rows.back().bh, 7);
  EXPECT_EQ(rows.back().row, 999);
}

TEST(Reference, CheckFindsMismatchesAndNaN) {
  tb::AttentionShape shape = shapeOf(1, 1, 4, 2);
  std::vector<float> q, k, v;
  for (int i = 0; i < 8; ++i) {
    q.push_back(0.1f * i);
    k.push_back(0.2f - 0.05f * i);
    v.push_back(1.0f - 0.3f * i);
  }
  tb::AttentionInputs in{values(q), values(k), values(v)};
  tb::AttentionOutputs out;
  out.lse.resize(4);
  std::vector<double> row;
  for (int64_t r = 0; r < 4; ++r) {
    double lse;
    tb::referenceRow(in, shape, 1.0, {0, r}, row, lse);
    for (double value : row)
      out.out.push_back(static_cast<float>(value));
    out.lse[r] = static_cast<float>(lse);
  }
  std::vector<tb::RowId> rows = tb::rowsToCheck(shape, 100, 1);
  tb::CheckResult good =
      tb::checkAttention(in, out, shape, 1.0, rows, 1e-3, 1e-3, 2);
  EXPECT_TRUE(good.passed()) << good.firstProblem;
  EXPECT_EQ(good.rowsChecked, 4);
  EXPECT_LT(good.maxAbsErrorOut, 1e-6);

  tb::AttentionOutputs bad = out;
  bad.out[5] += 0.01f;
  tb::CheckResult mismatch =
      tb::checkAttention(in, bad, shape, 1.0, rows, 1e-3, 1e-3, 2);
  EXPECT_FALSE(mismatch.passed());
  EXPECT_EQ(mismatch.mismatches, 1);
  EXPECT_NE(mismatch.firstProblem.find("Out[bh=0, row=2, d=1]"),
            std::string::npos)
      << mismatch.firstProblem;

  bad = out;
  bad.lse[3] = NAN;
  tb::CheckResult nan =
      tb::checkAttention(in, bad, shape, 1.0, {}, 1e-3, 1e-3, 1);
  EXPECT_FALSE(nan.passed());
  EXPECT_EQ(nan.nonFinite, 1);
  EXPECT_NE(nan.firstProblem.find("Lse element 3 is NaN"), std::string::npos);
}

TEST(Reference, Flops) {
  EXPECT_DOUBLE_EQ(shapeOf(2, 3, 10, 8).flops(), 4.0 * 2 * 3 * 100 * 8);
  EXPECT_DOUBLE_EQ(shapeOf(2, 3, 10, 8, true).flops(), 2.0 * 2 * 3 * 100 * 8);
}

TEST(Bench, CausalMustMatchManifest) {
  rt::Manifest manifest = loadFixture("fixture_fa2_causal.json");
  EXPECT_TRUE(tb::checkCausal(manifest, true).ok());
  rt::Status status = tb::checkCausal(manifest, false);
  ASSERT_FALSE(status.ok());
  EXPECT_EQ(status.message(),
            "the manifest's CAUSAL constant is 1 but --causal "
            "was not given (the kernel was compiled causal)");
  EXPECT_FALSE(tb::checkCausal(loadFixture("fixture_fa2.json"), true).ok());
}

TEST(Bench, PlansFa2) {
  rt::Manifest manifest = loadFixture("fixture_fa2.json");
  rt::Expected<tb::BenchSetup> setup =
      tb::planBenchmark(manifest, shapeOf(2, 3, 100, 64));
  ASSERT_TRUE(setup.ok()) << setup.message();
  EXPECT_EQ(setup->sizes.at("BH"), 6);
  EXPECT_EQ(setup->sizes.at("N"), 100);
  ASSERT_EQ(setup->tensors.size(), 5u);
  EXPECT_EQ(setup->tensors[0].fill, tb::Fill::Random);
  EXPECT_EQ(setup->tensors[3].fill, tb::Fill::Poison);
  EXPECT_EQ(setup->tensors[4].sizes, (std::vector<int64_t>{6, 100}));
  EXPECT_TRUE(setup->hasLse);
  ASSERT_EQ(setup->scalars.size(), 1u);
  EXPECT_DOUBLE_EQ(setup->scalars[0].second.floatValue, 0.125);
}

TEST(Bench, PlansFa1InoutInit) {
  rt::Manifest manifest = loadFixture("fixture_fa1.json");
  rt::Expected<tb::BenchSetup> setup =
      tb::planBenchmark(manifest, shapeOf(1, 2, 10, 16));
  ASSERT_TRUE(setup.ok()) << setup.message();
  EXPECT_FALSE(setup->hasLse);
  ASSERT_EQ(setup->tensors.size(), 7u);
  const tb::TensorSetup &acc = setup->tensors[4], &m = setup->tensors[5];
  EXPECT_EQ(acc.fill, tb::Fill::Init);
  EXPECT_EQ(acc.pattern, 0u);
  EXPECT_EQ(acc.sizes, (std::vector<int64_t>{2, 10, 16}));
  EXPECT_EQ(m.pattern, 0xFF800000u);
  EXPECT_EQ(m.patternBytes, 4);
}

TEST(Bench, PlanErrors) {
  rt::Manifest manifest = loadFixture("fixture_fa1.json");
  manifest.params[5].init.clear();
  EXPECT_EQ(tb::planBenchmark(manifest, shapeOf(1, 1, 8, 8)).message(),
            "inout parameter M has no \"init\" in the manifest, so "
            "tessera-bench cannot initialise it");
  manifest = loadFixture("fixture_fa2.json");
  manifest.params[1].name = "Key";
  EXPECT_EQ(tb::planBenchmark(manifest, shapeOf(1, 1, 8, 8)).message(),
            "the kernel has no parameter named K (tessera-bench needs Q, K, V "
            "and Out)");
  manifest = loadFixture("fixture_fa2.json");
  manifest.params[0].shape[2] = rt::ShapeDim{"", 64};
  EXPECT_EQ(tb::planBenchmark(manifest, shapeOf(1, 1, 8, 128)).message(),
            "parameter Q has shape [BH, N, 64], which fixes dimension 2 to 64, "
            "but --shape gives 128");
  manifest = loadFixture("fixture_fa2.json");
  manifest.params[5].name = "temperature";
  EXPECT_NE(tb::planBenchmark(manifest, shapeOf(1, 1, 8, 8))
                .message()
                .find("does not know what to pass for scalar temperature"),
            std::string::npos);
}

TEST(Bench, EncodesInitValues) {
  uint32_t pattern = 0;
  int bytes = 0;
  ASSERT_TRUE(tb::encodeInit("-inf", rt::DType::F16, pattern, bytes).ok());
  EXPECT_EQ(pattern, 0xFC00u);
  EXPECT_EQ(bytes, 2);
  ASSERT_TRUE(tb::encodeInit("1.5", rt::DType::F32, pattern, bytes).ok());
  EXPECT_EQ(pattern, 0x3FC00000u);
  EXPECT_FALSE(tb::encodeInit("0.5", rt::DType::I32, pattern, bytes).ok());
  EXPECT_FALSE(tb::encodeInit("7", rt::DType::I64, pattern, bytes).ok());
}

TEST(Report, MarksBestAndWritesParsableJson) {
  std::vector<tb::BenchResult> results(3);
  for (size_t i = 0; i < results.size(); ++i) {
    results[i].kernel = "fa2";
    results[i].manifestPath = "cfg" + std::to_string(i) + ".json";
    results[i].shape = shapeOf(1, 2, 128, 64);
    results[i].status = "ok";
    results[i].medianMs = 3.0 - i;
  }
  results[2].status = "mismatch";
  results[2].message = "Out[\"x\"], bad";
  tb::markBest(results);
  EXPECT_FALSE(results[0].best);
  EXPECT_TRUE(results[1].best);
  EXPECT_FALSE(results[2].best);

  std::ostringstream json;
  tb::writeJson(json, results, tb::BenchOptions());
  nlohmann::json parsed = nlohmann::json::parse(json.str(), nullptr, false);
  ASSERT_FALSE(parsed.is_discarded()) << json.str();
  ASSERT_EQ(parsed["best"].size(), 1u);
  EXPECT_EQ(parsed["best"][0]["manifest"], "cfg1.json");

  std::ostringstream csv;
  tb::writeCsv(csv, results);
  std::string text = csv.str();
  EXPECT_EQ(text.substr(0, text.find(',')), "kernel");
  EXPECT_NE(text.find("\"Out[\"\"x\"\"], bad\""), std::string::npos) << text;
}

} // namespace

// The random inputs a worker keeps across configs: a set is made once per
// seed and counts, its values are f16 in [-1, 1], never zero, with `rounded`
// their float values; another seed or count makes another set; past the byte
// limit the least recently used set goes (and is made again, equal, when
// asked for again).
TEST(RandomInputCache, MakesEachSetOnceAndEvictsTheOldest) {
  // Two sets of 1000 + 500 values (6 bytes each) fit; a third evicts one.
  tb::RandomInputCache cache(2 * 1500 * 6);
  const std::vector<tb::RandomTensor> &a = cache.get(7, {1000, 500});
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(a[0].halves.size(), 1000u);
  EXPECT_EQ(a[1].rounded->size(), 500u);
  for (const tb::RandomTensor &tensor : a)
    for (size_t i = 0; i < tensor.halves.size(); ++i) {
      EXPECT_NE(tensor.halves[i] & 0x7FFF, 0) << i;
      EXPECT_EQ(tessera::host::halfBitsToFloat(tensor.halves[i]),
                (*tensor.rounded)[i]);
      EXPECT_LE(std::fabs((*tensor.rounded)[i]), 1.0f);
    }
  std::vector<uint16_t> first = a[0].halves, second = a[1].halves;
  // A run's reference shares the floats (no copy a config) and keeps them
  // past the set's eviction.
  std::shared_ptr<const std::vector<float>> held = a[1].rounded;
  EXPECT_EQ(&cache.get(7, {1000, 500}), &a);
  EXPECT_EQ(cache.made(), 1u);

  EXPECT_NE(cache.get(8, {1000, 500})[0].halves, first);
  // One generator runs through the tensors in order: with a shorter second
  // tensor, the first is the same and the second a prefix of the other's.
  const std::vector<tb::RandomTensor> &c = cache.get(7, {1000, 400});
  EXPECT_EQ(c[0].halves, first);
  EXPECT_EQ(c[1].halves,
            std::vector<uint16_t>(second.begin(), second.begin() + 400));
  EXPECT_EQ(cache.made(), 3u);
  // Three sets are over the limit: seed 7's first (least recently used)
  // went, and comes back equal; the floats held from it are still whole.
  ASSERT_EQ(held->size(), 500u);
  for (size_t i = 0; i < 500; ++i)
    EXPECT_EQ((*held)[i], tessera::host::halfBitsToFloat(second[i])) << i;
  EXPECT_EQ(cache.get(7, {1000, 500})[1].halves, second);
  EXPECT_EQ(cache.made(), 4u);
  EXPECT_EQ(cache.get(7, {1000, 400})[1].halves.size(), 400u);
  EXPECT_EQ(cache.made(), 4u);
}
