//===- ReferenceAttentionTest.cpp - Tests of the fp64 reference -----------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "tessera/Host/ReferenceAttention.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace host = tessera::host;

namespace {

/// softmax-weighted sum of `values` (one per key) over scores `s`.
double weighted(const std::vector<double> &s,
                const std::vector<double> &values) {
  double sum = 0, total = 0;
  for (size_t j = 0; j < s.size(); ++j) {
    sum += std::exp(s[j]) * values[j];
    total += std::exp(s[j]);
  }
  return sum / total;
}

double logSumExp(const std::vector<double> &s) {
  double total = 0;
  for (double score : s)
    total += std::exp(score);
  return std::log(total);
}

// One head, N = 3, D = 1: q = k = (1, 2, 3), v = (10, 20, 30), scale 0.5.
const std::vector<double> kQ = {1, 2, 3}, kK = {1, 2, 3}, kV = {10, 20, 30};

TEST(ReferenceAttention, FullCausalAndWindow) {
  host::AttentionMask full;
  host::AttentionResult r =
      host::referenceAttention(kQ, kK, kV, 1, 3, 1, 0.5, full);
  // Query 1 (q = 2) scores 0.5 * 2 * (1, 2, 3).
  EXPECT_NEAR(r.out[1], weighted({1, 2, 3}, {10, 20, 30}), 1e-12);
  EXPECT_NEAR(r.lse[1], logSumExp({1, 2, 3}), 1e-12);

  host::AttentionMask causal;
  causal.causal = true;
  r = host::referenceAttention(kQ, kK, kV, 1, 3, 1, 0.5, causal);
  EXPECT_DOUBLE_EQ(r.out[0], 10); // Only key 0.
  EXPECT_NEAR(r.out[1], weighted({1, 2}, {10, 20}), 1e-12);
  EXPECT_NEAR(r.lse[2], logSumExp({1.5, 3, 4.5}), 1e-12);

  host::AttentionMask window; // Keys i-1 .. i.
  window.windowLeft = 1;
  window.windowRight = 0;
  r = host::referenceAttention(kQ, kK, kV, 1, 3, 1, 0.5, window);
  EXPECT_NEAR(r.out[2], weighted({3, 4.5}, {20, 30}), 1e-12);
  EXPECT_NEAR(r.lse[2], logSumExp({3, 4.5}), 1e-12);
}

TEST(ReferenceAttention, RowWithoutKeysGivesZeroAndMinusInfinity) {
  host::AttentionMask diagonal; // Query i sees key i only.
  diagonal.causal = true;
  diagonal.windowLeft = 0;
  EXPECT_EQ(diagonal.visibleKeys(2, 3), (std::pair<int64_t, int64_t>{2, 2}));
  // Query 5 among 3 keys with a window of 0 on the left sees none of them.
  host::AttentionMask empty = diagonal;
  EXPECT_EQ(empty.visibleKeys(5, 3), (std::pair<int64_t, int64_t>{5, 2}));
  std::vector<double> out;
  double lse = 0;
  host::attentionRow(&kQ[0], kK.data(), kV.data(), 3, 1, 5, 0, 1.0, empty, out,
                     lse);
  EXPECT_EQ(out, std::vector<double>{0.0});
  EXPECT_EQ(lse, -std::numeric_limits<double>::infinity());
}

TEST(ReferenceAttention, AlibiSlopesPerHead) {
  // Two heads with the same data; head 1 has slope 0.25, head 0 none.
  std::vector<double> q = kQ, k = kK, v = kV;
  for (double x : kQ)
    q.push_back(x);
  k.insert(k.end(), kK.begin(), kK.end());
  v.insert(v.end(), kV.begin(), kV.end());
  host::AttentionMask mask;
  mask.alibiSlopes = {0.0, 0.25};
  host::AttentionResult r =
      host::referenceAttention(q, k, v, 2, 3, 1, 0.5, mask);
  EXPECT_NEAR(r.out[0], weighted({0.5, 1, 1.5}, {10, 20, 30}), 1e-12);
  // Head 1, query 0: scores 0.5 * (1, 2, 3) - 0.25 * (0, 1, 2).
  EXPECT_NEAR(r.out[3], weighted({0.5, 0.75, 1.0}, {10, 20, 30}), 1e-12);
  EXPECT_NEAR(r.lse[3], logSumExp({0.5, 0.75, 1.0}), 1e-12);
  EXPECT_DOUBLE_EQ(mask.slopeOf(3), 0.25); // Modulo the number of slopes.
}

TEST(ReferenceAttention, VarlenSequencesAttendToThemselves) {
  // Two heads, sequences of 2 and 3 tokens packed as [2, 5, 1].
  std::vector<double> q = {1, 2, 1, 2, 3, 3, 2, 1, 0, -1};
  std::vector<double> v = {10, 20, 30, 40, 50, 1, 2, 3, 4, 5};
  host::AttentionMask mask;
  mask.causal = true;
  host::AttentionResult packed =
      host::referenceVarlenAttention(q, q, v, 2, {0, 2, 5}, 1, 1.0, mask);
  for (int64_t h = 0; h < 2; ++h)
    for (std::pair<int64_t, int64_t> sequence :
         {std::pair(0, 2), std::pair(2, 3)}) {
      int64_t first = sequence.first, length = sequence.second;
      auto slice = [&](const std::vector<double> &x) {
        return std::vector<double>(x.begin() + h * 5 + first,
                                   x.begin() + h * 5 + first + length);
      };
      host::AttentionResult alone = host::referenceAttention(
          slice(q), slice(q), slice(v), 1, length, 1, 1.0, mask);
      for (int64_t i = 0; i < length; ++i) {
        EXPECT_DOUBLE_EQ(packed.out[h * 5 + first + i], alone.out[i]);
        EXPECT_DOUBLE_EQ(packed.lse[h * 5 + first + i], alone.lse[i]);
      }
    }
  // The first token of the second sequence sees only itself.
  EXPECT_DOUBLE_EQ(packed.out[2], 30);
}

TEST(ReferenceAttention, FloatAndDoubleRowsAgree) {
  std::vector<float> qf = {0.5f, -1}, kf = {1, 2, 0.25f, -0.5f},
                     vf = {1, 2, 3, 4};
  std::vector<double> qd(qf.begin(), qf.end()), kd(kf.begin(), kf.end()),
      vd(vf.begin(), vf.end());
  host::AttentionMask mask;
  std::vector<double> outF, outD;
  double lseF, lseD;
  host::attentionRow(qf.data(), kf.data(), vf.data(), 2, 2, 0, 0, 0.7, mask,
                     outF, lseF);
  host::attentionRow(qd.data(), kd.data(), vd.data(), 2, 2, 0, 0, 0.7, mask,
                     outD, lseD);
  EXPECT_EQ(outF, outD);
  EXPECT_EQ(lseF, lseD);
  EXPECT_NEAR(outD[0], weighted({0.7 * -1.5, 0.7 * 0.625}, {1, 3}), 1e-12);
}

} // namespace
