//===- KernelParamsTest.cpp - Tests of the load-time .param check ---------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//
//
// Issue 16.7: the runtime asked the driver about the .param one past the
// last (cuFuncGetParamInfo -> CUDA_ERROR_INVALID_VALUE on every load, an
// error compute-sanitizer reports). These fakes record every index queried.
//
//===----------------------------------------------------------------------===//

#include "KernelParams.h"
#include "TestManifests.h"

#include <gtest/gtest.h>

namespace rt = tessera::runtime;

namespace {

/// A compiled kernel with `.param` sizes `sizes`, and the queries asked.
struct FakeKernel {
  std::vector<size_t> sizes;
  std::vector<size_t> asked;
  bool haveCount = true;

  rt::KernelParamQueries queries() {
    rt::KernelParamQueries queries;
    if (haveCount)
      queries.count = [this](size_t &count) {
        count = sizes.size();
        return true;
      };
    queries.size = [this](size_t index, size_t &bytes) {
      asked.push_back(index);
      if (index >= sizes.size())
        return false; // CUDA_ERROR_INVALID_VALUE in the driver.
      bytes = sizes[index];
      return true;
    };
    return queries;
  }
  /// Whether an index past the last .param was queried.
  bool probedPastTheEnd() const {
    for (size_t index : asked)
      if (index >= sizes.size())
        return true;
    return false;
  }
};

class KernelParamsTest : public ::testing::Test {
protected:
  void SetUp() override {
    rt::Expected<rt::Manifest> manifest =
        rt::Manifest::parse(tessera::test::fa2ManifestText(), "fa2.json");
    ASSERT_TRUE(manifest.ok()) << manifest.message();
    expected = rt::expectedKernelParams(*manifest);
    for (const rt::KernelParamSpec &param : expected)
      kernel.sizes.push_back(param.bytes);
  }

  rt::Status check() {
    return rt::checkKernelParams(expected, kernel.queries(), "kernel fa2");
  }

  std::vector<rt::KernelParamSpec> expected;
  FakeKernel kernel;
};

TEST_F(KernelParamsTest, ExpandsTheManifestsParams) {
  ASSERT_EQ(expected.size(), 4u * 7 + 5 + 1);
  EXPECT_EQ(expected[0].name, "Q (pointer)");
  EXPECT_EQ(expected[1].name, "Q.sizes[0]");
  EXPECT_EQ(expected[6].name, "Q.strides[2]");
  EXPECT_EQ(expected.back().name, "sm_scale");
  EXPECT_EQ(expected.back().bytes, 4u);
}

TEST_F(KernelParamsTest, MatchingKernelsAreNeverProbedPastTheEnd) {
  for (bool haveCount : {true, false}) {
    kernel.haveCount = haveCount;
    kernel.asked.clear();
    rt::Status status = check();
    EXPECT_TRUE(status.ok()) << status.message();
    EXPECT_FALSE(kernel.probedPastTheEnd()) << "haveCount " << haveCount;
    EXPECT_EQ(kernel.asked.size(), expected.size());
  }
}

TEST_F(KernelParamsTest, ReportsMismatches) {
  kernel.sizes.push_back(8);
  rt::Status status = check();
  EXPECT_EQ(status.message(), "kernel fa2 has 35 .params, but the manifest's "
                              "params expand to 34");
  EXPECT_FALSE(kernel.probedPastTheEnd());
  kernel.sizes.resize(30);
  status = check();
  EXPECT_EQ(status.message(), "kernel fa2 has 30 .params, but the manifest's "
                              "params expand to 34");
  EXPECT_FALSE(kernel.probedPastTheEnd());
  // Without cuFuncGetParamCount a short kernel is found by the failing
  // query (the only one past the end, and only for a broken kernel).
  kernel.haveCount = false;
  status = check();
  EXPECT_EQ(status.message(), "kernel fa2 has 30 .params, but the manifest's "
                              "params expand to 34");
  SetUp();
  kernel.sizes.back() = 8;
  EXPECT_EQ(check().message(), "kernel fa2: .param 33 (sm_scale) is 8 bytes, "
                               "the manifest implies 4");
}

} // namespace
