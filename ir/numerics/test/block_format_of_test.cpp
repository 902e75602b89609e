#include "ir/numerics/block_format_of.h"

#include <gtest/gtest.h>

#include "ir/dtype/block_scaled.h"

namespace tf::numerics {
namespace {

TEST(BlockScaleFormatOf, MxFormatsHaveOneE8M0LevelOf32) {
  for (auto [name, element] : {std::pair{"MXFP8_E4M3", DType::fp8e4m3()},
                               std::pair{"MXFP8_E5M2", DType::fp8e5m2()},
                               std::pair{"MXFP6_E3M2", DType::f6e3m2()},
                               std::pair{"MXFP6_E2M3", DType::f6e2m3()},
                               std::pair{"MXFP4", DType::f4e2m1()},
                               std::pair{"MXINT8", DType::i8()}}) {
    Result<BlockScaleFormat> f = block_scale_format_of(DType::from_name(name).value());
    ASSERT_TRUE(f.ok()) << name;
    EXPECT_EQ(f->element, element) << name;
    EXPECT_EQ(f->block_scale, DType::f8e8m0()) << name;
    EXPECT_EQ(f->block_size, 32) << name;
    EXPECT_FALSE(f->tensor_scale.valid()) << name;
    EXPECT_EQ(default_scale_method(*f), ScaleMethod::Ocp);
  }
}

TEST(BlockScaleFormatOf, Nvfp4HasAnE4M3BlockScaleAndAnF32TensorScale) {
  Result<BlockScaleFormat> f = block_scale_format_of(DType::from_name("NVFP4").value());
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->element, DType::f4e2m1());
  EXPECT_EQ(f->block_scale, DType::fp8e4m3());
  EXPECT_EQ(f->block_size, 16);
  EXPECT_EQ(f->tensor_scale, DType::f32());
  EXPECT_EQ(default_scale_method(*f), ScaleMethod::Nvfp4);
}

TEST(BlockScaleFormatOf, RejectsSimpleDtypesAndChainsWithoutAMethod) {
  Result<BlockScaleFormat> simple = block_scale_format_of(DType::f32());
  ASSERT_FALSE(simple.ok());
  EXPECT_EQ(simple.diagnostics()[0].message, "'f32' is not a block-scaled dtype");

  Result<DType> two_int_levels = BlockScaledDType::make(
      {.name = "TEST_TWO_LEVEL_E5M2",
       .element = DType::fp8e5m2(),
       .levels = {Level::make(DType::f8e8m0(), 8).value(),
                  Level::make(DType::f8e8m0(), 4).value()}});
  ASSERT_TRUE(two_int_levels.ok()) << two_int_levels.diagnostics()[0].render();
  Result<BlockScaleFormat> f = block_scale_format_of(*two_int_levels);
  ASSERT_FALSE(f.ok());
  EXPECT_NE(f.diagnostics()[0].message.find("quantize has no method for 'TEST_TWO_LEVEL_E5M2'"),
            std::string::npos);
}

}  // namespace
}  // namespace tf::numerics
