//===- LaunchPlanTest.cpp - Tests of argument checking and packing --------===//
//
// Part of the Tessera project.
//
//===----------------------------------------------------------------------===//

#include "TestManifests.h"

#include "tessera/Runtime/LaunchPlan.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace rt = tessera::runtime;

namespace {

/// FA2 arguments for BH=32, N=1000, D=64 at aligned fake device addresses.
class LaunchPlanTest : public ::testing::Test {
protected:
  void SetUp() override {
    rt::Expected<rt::Manifest> parsed =
        rt::Manifest::parse(tessera::test::fa2ManifestText(), "fa2.json");
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    manifest = parsed.take();
    args.clear();
    uint64_t address = 0x7f0000000000;
    for (int i = 0; i < 4; ++i)
      args.emplace_back(rt::TensorArg::contiguous(
          address + i * 0x1000000, rt::DType::F16, {32, 1000, 64}));
    args.emplace_back(rt::TensorArg::contiguous(address + 0x8000000,
                                                rt::DType::F32, {32, 1000}));
    args.emplace_back(rt::ScalarArg::ofFloat(0.125));
  }

  /// The error for the current arguments.
  std::string error() {
    rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
    EXPECT_FALSE(plan.ok());
    return plan.ok() ? std::string() : plan.message();
  }

  /// Replaces tensor argument `index` by `edit(copy of it)`.
  template <typename Edit> void editTensor(size_t index, Edit edit) {
    rt::TensorArg tensor = args[index].tensor();
    edit(tensor);
    args[index] = tensor;
  }

  rt::Manifest manifest;
  std::vector<rt::KernelArg> args;
};

TEST_F(LaunchPlanTest, ComputesGridAndPacksParams) {
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->grid, (std::array<unsigned, 3>{8, 32, 1}));
  EXPECT_EQ(plan->block, (std::array<unsigned, 3>{128, 1, 1}));
  EXPECT_EQ(plan->dynamicSharedMemory, 49152u);
  EXPECT_EQ(plan->sizes.at("N"), 1000);
  EXPECT_EQ(plan->sizes.at("BH"), 32);
  EXPECT_EQ(plan->sizes.at("D"), 64);
  ASSERT_EQ(plan->numParams(), manifest.numKernelParams());
  std::vector<void *> pointers = plan->paramPointers();
  // Q: pointer, sizes 32, 1000, 64, strides 64000, 64, 1.
  uint64_t q;
  std::memcpy(&q, pointers[0], 8);
  EXPECT_EQ(q, 0x7f0000000000u);
  const int64_t expected[] = {32, 1000, 64, 64000, 64, 1};
  for (int i = 0; i < 6; ++i) {
    int64_t value;
    std::memcpy(&value, pointers[1 + i], 8);
    EXPECT_EQ(value, expected[i]) << "param " << 1 + i;
    EXPECT_EQ(plan->paramSize(1 + i), 8u);
  }
  float scale;
  std::memcpy(&scale, pointers.back(), 4);
  EXPECT_EQ(scale, 0.125f);
  EXPECT_EQ(plan->paramSize(plan->numParams() - 1), 4u);
}

TEST_F(LaunchPlanTest, RejectsWrongArgumentCount) {
  args.pop_back();
  EXPECT_EQ(error(),
            "expected 6 arguments (Q, K, V, Out, Lse, sm_scale), got 5");
}

TEST_F(LaunchPlanTest, RejectsWrongDType) {
  editTensor(1, [](rt::TensorArg &t) { t.dtype = rt::DType::F32; });
  EXPECT_EQ(error(), "argument 1 (K): expected dtype f16, got f32");
}

TEST_F(LaunchPlanTest, RejectsWrongRank) {
  args[2] =
      rt::TensorArg::contiguous(0x7f0002000000, rt::DType::F16, {32, 64000});
  EXPECT_EQ(error(), "argument 2 (V): expected rank 3 [BH, N, D], got rank 2 "
                     "[32, 64000]");
}

TEST_F(LaunchPlanTest, RejectsInconsistentSizes) {
  editTensor(1, [](rt::TensorArg &t) { t.sizes[1] = 999; });
  EXPECT_EQ(error(), "argument 1 (K): dimension 1 (N) is 999, but argument 0 "
                     "(Q) has N = 1000");
  SetUp();
  args[4] =
      rt::TensorArg::contiguous(0x7f0008000000, rt::DType::F32, {16, 1000});
  EXPECT_EQ(error(), "argument 4 (Lse): dimension 0 (BH) is 16, but argument 0 "
                     "(Q) has BH = 32");
}

TEST_F(LaunchPlanTest, RejectsMisalignedAndNullPointers) {
  editTensor(3, [](rt::TensorArg &t) { t.data += 8; });
  EXPECT_EQ(error(),
            "argument 3 (Out): data pointer 0x7f0003000008 is not 16-byte "
            "aligned (the default \"align\"; the manifest gives none for Out)");
  SetUp();
  editTensor(0, [](rt::TensorArg &t) { t.data = 0; });
  EXPECT_EQ(error(), "argument 0 (Q): data pointer is null");
}

TEST_F(LaunchPlanTest, RejectsBadSizesAndStrides) {
  editTensor(0, [](rt::TensorArg &t) { t.strides.pop_back(); });
  EXPECT_EQ(error(), "argument 0 (Q): has 3 sizes but 2 strides");
  SetUp();
  editTensor(0, [](rt::TensorArg &t) { t.strides[0] = -1; });
  EXPECT_EQ(error(), "argument 0 (Q): negative stride in dimension 0");
  editTensor(0, [](rt::TensorArg &t) { t.strides = {64000, 1, 1000}; });
  EXPECT_EQ(error(), "argument 0 (Q): expected a contiguous innermost "
                     "dimension (stride 1), got stride 1000");
  editTensor(0, [](rt::TensorArg &t) { t.strides = {64000, 65, 1}; });
  EXPECT_EQ(error(), "argument 0 (Q): expected the stride of dimension 1 to "
                     "be a multiple of 16 bytes (the default \"align\"; the "
                     "manifest gives none for Q), got 130");
}

TEST_F(LaunchPlanTest, RejectsKindMismatch) {
  args[5] = rt::TensorArg::contiguous(0x7f0009000000, rt::DType::F32, {1});
  EXPECT_EQ(error(), "argument 5 (sm_scale): expected a scalar, got a tensor");
  SetUp();
  args[0] = rt::ScalarArg::ofFloat(1.0);
  EXPECT_EQ(error(), "argument 0 (Q): expected a tensor, got a scalar");
}

TEST_F(LaunchPlanTest, RejectsFixedSizeMismatch) {
  manifest.params[0].shape[2] = rt::ShapeDim{"", 128};
  EXPECT_EQ(error(),
            "argument 0 (Q): dimension 2 (128): expected size 128, got 64");
}

TEST_F(LaunchPlanTest, RejectsEmptyGrid) {
  for (int i = 0; i < 4; ++i)
    editTensor(i, [](rt::TensorArg &t) { t.sizes[1] = 0; });
  editTensor(4, [](rt::TensorArg &t) { t.sizes[1] = 0; });
  EXPECT_EQ(error(), "grid[0]: \"cdiv(N, 128)\" is 0, outside [1, 2147483647]");
}

TEST_F(LaunchPlanTest, ConvertsScalarsToTheParamDType) {
  manifest.params[5].dtype = rt::DType::I32;
  args[5] = rt::ScalarArg::ofInt(int64_t(1) << 40);
  EXPECT_EQ(error(),
            "argument 5 (sm_scale): value 1099511627776 does not fit in i32");
  args[5] = rt::ScalarArg::ofFloat(1.5);
  EXPECT_EQ(error(),
            "argument 5 (sm_scale): expected an integer (i32), got a float");
  args[5] = rt::ScalarArg::ofInt(-7);
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
  ASSERT_TRUE(plan.ok()) << plan.message();
  int32_t value;
  std::memcpy(&value, plan->paramPointers().back(), 4);
  EXPECT_EQ(value, -7);
}

TEST_F(LaunchPlanTest, BindSizesWithoutGrid) {
  rt::Expected<rt::SymbolTable> sizes = rt::bindSizes(manifest, args);
  ASSERT_TRUE(sizes.ok()) << sizes.message();
  EXPECT_EQ(sizes->size(), 3u);
}

// Issue 16.4: sizes whose element count wrapped around (to 0 for [2^32,
// 2^32]) were accepted, even with a null pointer; the arithmetic was signed
// overflow (undefined behaviour).
TEST_F(LaunchPlanTest, RejectsSizesWhoseArithmeticOverflows) {
  const int64_t big = int64_t(1) << 32;
  manifest.params[4].shape = {rt::ShapeDim{"X", 0}, rt::ShapeDim{"Y", 0}};
  args[4] = rt::TensorArg::contiguous(0, rt::DType::F32, {big, big});
  EXPECT_EQ(error(), "argument 4 (Lse): sizes [4294967296, 4294967296]: the "
                     "element count overflows 64 bits");
  // 2^62 elements fit, their 2^64 bytes do not.
  args[4] = rt::TensorArg::contiguous(0x7f0008000000, rt::DType::F32,
                                      {int64_t(1) << 31, int64_t(1) << 31});
  EXPECT_EQ(error(), "argument 4 (Lse): sizes [2147483648, 2147483648]: the "
                     "byte count overflows 64 bits");
  // Few elements, but a stride that reaches past 2^63 elements.
  args[4] = rt::TensorArg::contiguous(0x7f0008000000, rt::DType::F32, {3, 4});
  editTensor(4, [](rt::TensorArg &t) { t.strides[0] = INT64_MAX / 2 + 4; });
  EXPECT_NE(error().find("argument 4 (Lse): sizes [3, 4] and strides "
                         "[4611686018427387907, 1]: the offset of the last "
                         "element overflows 64 bits"),
            std::string::npos);
  // Offsets that fit in elements but not in bytes, or wrap the address.
  editTensor(4, [](rt::TensorArg &t) {
    t.sizes = {2, 4};
    t.strides[0] = INT64_MAX / 4;
  });
  EXPECT_NE(error().find("the address of the last element overflows 64 bits"),
            std::string::npos);
  editTensor(4, [](rt::TensorArg &t) {
    t.strides[0] = int64_t(1) << 60;
    t.data = ~uint64_t(0xff);
  });
  EXPECT_NE(error().find("data pointer 0xffffffffffffff00, sizes [2, 4] and "
                         "strides [1152921504606846976, 1]: the address of "
                         "the last element overflows 64 bits"),
            std::string::npos);
  // An empty tensor addresses nothing: huge strides are harmless.
  editTensor(4, [](rt::TensorArg &t) {
    t.sizes = {0, 4};
    t.strides[0] = INT64_MAX;
    t.data = 0x7f0008000000;
  });
  rt::Expected<rt::SymbolTable> sizes = rt::bindSizes(manifest, args);
  EXPECT_TRUE(sizes.ok()) << sizes.message();
}

TEST_F(LaunchPlanTest, RejectsStrideBytesThatOverflow) {
  // Stride * 4 bytes overflows although the offsets (1 * stride) fit.
  manifest.params[4].shape = {rt::ShapeDim{"X", 0}, rt::ShapeDim{"Y", 0}};
  args[4] = rt::TensorArg::contiguous(0x7f0008000000, rt::DType::F32, {2, 1});
  editTensor(4, [](rt::TensorArg &t) { t.strides[0] = INT64_MAX / 2; });
  EXPECT_NE(error().find("argument 4 (Lse): "), std::string::npos);
}

TEST_F(LaunchPlanTest, RejectsF32ScalarsOutOfRange) {
  args[5] = rt::ScalarArg::ofFloat(1e300);
  EXPECT_EQ(error(), "argument 5 (sm_scale): value 1e+300 does not fit in f32");
  args[5] = rt::ScalarArg::ofFloat(-INFINITY);
  EXPECT_TRUE(rt::planLaunch(manifest, args).ok());
}

// Issue 9.6: the alignment comes from the manifest's per-tensor "align".
TEST_F(LaunchPlanTest, ChecksTheManifestsAlignment) {
  // FA2 at [2, 3, 77, 64]: rows of Lse are 77 * 4 = 308 bytes apart.
  for (int i = 0; i < 4; ++i)
    args[i] = rt::TensorArg::contiguous(0x7f0000000000 + i * 0x1000000,
                                        rt::DType::F16, {6, 77, 64});
  args[4] = rt::TensorArg::contiguous(0x7f0008000000, rt::DType::F32, {6, 77});
  EXPECT_EQ(error(), "argument 4 (Lse): expected the stride of dimension 0 to "
                     "be a multiple of 16 bytes (the default \"align\"; the "
                     "manifest gives none for Lse), got 308");
  manifest.params[4].align = 4;
  manifest.params[4].alignFromManifest = true;
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
  ASSERT_TRUE(plan.ok()) << plan.message();
  // The base pointer must have the manifest's alignment too.
  editTensor(4, [](rt::TensorArg &t) { t.data += 2; });
  EXPECT_EQ(error(), "argument 4 (Lse): data pointer 0x7f0008000002 is not "
                     "4-byte aligned (Lse's \"align\" in the manifest)");
  // A stricter align than 16 is enforced as given.
  editTensor(4, [](rt::TensorArg &t) { t.data = 0x7f0008000010; });
  manifest.params[4].align = 64;
  EXPECT_EQ(error(), "argument 4 (Lse): expected the stride of dimension 0 to "
                     "be a multiple of 64 bytes (Lse's \"align\" in the "
                     "manifest), got 308");
  // The innermost dimension must still be contiguous.
  manifest.params[4].align = 4;
  editTensor(4, [](rt::TensorArg &t) { t.strides = {154, 2}; });
  EXPECT_EQ(error(), "argument 4 (Lse): expected a contiguous innermost "
                     "dimension (stride 1), got stride 2");
}

TEST_F(LaunchPlanTest, GridUsesIntegerConstantsAndSizesShadowThem) {
  rt::Constant blockM;
  blockM.name = "BLOCK_M";
  blockM.intValue = 100;
  rt::Constant n; // A float constant that the size N shadows.
  n.name = "N";
  n.kind = rt::Constant::Kind::Float;
  n.floatValue = 0.5;
  manifest.constants = {n, blockM};
  manifest.grid = {*rt::GridExpr::parse("cdiv(N, BLOCK_M)"),
                   *rt::GridExpr::parse("BH + BLOCK_M")};
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->grid, (std::array<unsigned, 3>{10, 132, 1}));
}

TEST(TensorArg, ContiguousStrides) {
  rt::TensorArg t = rt::TensorArg::contiguous(16, rt::DType::F32, {2, 3, 4});
  EXPECT_EQ(t.strides, (std::vector<int64_t>{12, 4, 1}));
  EXPECT_EQ(t.numElements(), 24);
}

TEST(TensorArg, OverflowIsNotUndefined) {
  const int64_t big = int64_t(1) << 32;
  rt::TensorArg t =
      rt::TensorArg::contiguous(16, rt::DType::F32, {big, big, big});
  EXPECT_EQ(t.strides, (std::vector<int64_t>{INT64_MAX, big, 1}));
  EXPECT_EQ(t.numElements(), -1);
}

} // namespace

namespace {

/// FA2 with TMA copies of K (64-row boxes) and V (128-row boxes).
class TensorMapPlanTest : public LaunchPlanTest {
protected:
  void SetUp() override {
    LaunchPlanTest::SetUp();
    rt::Expected<rt::Manifest> parsed = rt::Manifest::parse(
        tessera::test::replaced(
            tessera::test::fa2ManifestText(), "  \"resources\"",
            R"(  "tensor_maps": [{"tensor": "K", "box": [64, 64]},
                                 {"tensor": "V", "box": [128, 64]}],
  "resources")"),
        "fa2.json");
    ASSERT_TRUE(parsed.ok()) << parsed.message();
    manifest = parsed.take();
  }
};

} // namespace

// The driver's arrays are innermost first: sizes (64, 1000, 32), the byte
// strides of the outer dimensions (64 * 2, 64000 * 2), the box (64 columns,
// then the rows, 1 in the batch-head dimension).
TEST_F(TensorMapPlanTest, DescribesTheTensorsInnermostFirst) {
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
  ASSERT_TRUE(plan.ok()) << plan.message();
  ASSERT_EQ(plan->tensorMaps.size(), 2u);
  const rt::TensorMapRequest &k = plan->tensorMaps[0];
  EXPECT_EQ(k.address, 0x7f0000000000u + 0x1000000);
  EXPECT_EQ(k.dtype, rt::DType::F16);
  EXPECT_EQ(k.rank, 3u);
  EXPECT_EQ(k.dims[0], 64u);
  EXPECT_EQ(k.dims[1], 1000u);
  EXPECT_EQ(k.dims[2], 32u);
  EXPECT_EQ(k.strides[0], 128u);
  EXPECT_EQ(k.strides[1], 128000u);
  EXPECT_EQ(k.box[0], 64u);
  EXPECT_EQ(k.box[1], 64u);
  EXPECT_EQ(k.box[2], 1u);
  EXPECT_EQ(plan->tensorMaps[1].box[1], 128u);
  EXPECT_EQ(plan->tensorMaps[1].address, 0x7f0000000000u + 0x2000000);
  // The maps follow the packed values at launch: the plan packs the rest.
  EXPECT_EQ(plan->numParams() + 2, manifest.numKernelParams());
}

TEST_F(TensorMapPlanTest, RejectsWhatATensorMapCannotDescribe) {
  // A stride of a dimension of size 1 is never applied: any valid one is
  // encoded instead.
  editTensor(1, [](rt::TensorArg &t) {
    t.sizes[0] = 1;
    t.strides[0] = 8;
  });
  editTensor(2, [](rt::TensorArg &t) {
    t.sizes[0] = 1;
    t.strides[0] = 8;
  });
  editTensor(0, [](rt::TensorArg &t) { t.sizes[0] = 1; });
  editTensor(3, [](rt::TensorArg &t) { t.sizes[0] = 1; });
  editTensor(4, [](rt::TensorArg &t) { t.sizes[0] = 1; });
  rt::Expected<rt::LaunchPlan> plan = rt::planLaunch(manifest, args);
  ASSERT_TRUE(plan.ok()) << plan.message();
  EXPECT_EQ(plan->tensorMaps[0].strides[1] % 16, 0u);
  EXPECT_GE(plan->tensorMaps[0].strides[1], 128000u);
  SetUp();
  // An empty tensor has no tensor map.
  for (size_t i = 0; i < 5; ++i)
    editTensor(i, [](rt::TensorArg &t) { t.sizes[1] = 0; });
  EXPECT_EQ(error(), "argument 1 (K): its tensor map (for TMA copies) needs "
                     "sizes in [1, 2^32], got 0 in dimension 1");
}

// A persistent kernel is launched with the CTAs that fit, in one dimension,
// or its programs when fewer; an ordinary one with its grid.
TEST(LaunchGrid, PersistentKernelsLaunchTheCtasThatFit) {
  rt::Expected<rt::Manifest> parsed =
      rt::Manifest::parse(tessera::test::fa2ManifestText(), "fa2.json");
  ASSERT_TRUE(parsed.ok()) << parsed.message();
  rt::Manifest manifest = parsed.take();
  using Grid = std::array<unsigned, 3>;
  rt::Expected<Grid> plain = rt::launchGridFor(manifest, Grid{64, 32, 1}, 132);
  ASSERT_TRUE(plain.ok()) << plain.message();
  EXPECT_EQ(*plain, (Grid{64, 32, 1}));
  manifest.persistent = true;
  rt::Expected<Grid> many = rt::launchGridFor(manifest, Grid{64, 32, 1}, 132);
  ASSERT_TRUE(many.ok()) << many.message();
  EXPECT_EQ(*many, (Grid{132, 1, 1}));
  rt::Expected<Grid> few = rt::launchGridFor(manifest, Grid{2, 3, 1}, 264);
  ASSERT_TRUE(few.ok()) << few.message();
  EXPECT_EQ(*few, (Grid{6, 1, 1}));
  rt::Expected<Grid> huge =
      rt::launchGridFor(manifest, Grid{2147483647u, 2, 1}, 132);
  ASSERT_FALSE(huge.ok());
  EXPECT_EQ(huge.message(),
            "launching fa2: the grid [2147483647, 2, 1] has 4294967294 "
            "programs; a persistent kernel runs at most 2147483647");
}
