// The buffer a block-scaled tensor crosses into an emitted module in (planes_buffer.h): the codes,
// the scales, the tensor scale at the next multiple of 4 bytes, read back plane for plane.
#include "cuda/driver/planes_buffer.h"

#include <gtest/gtest.h>

#include <vector>

#include "ir/dtype/dtype.h"

namespace tf::cuda {
namespace {

DType named(const char* name) { return *DType::from_name(name); }

TEST(PlanesBuffer, TheTensorScaleFollowsTheScalesAtAFourByteBoundary) {
  EXPECT_EQ(tensor_scale_offset(48, 16), 52);  // 48 codes + 3 scales = 51 -> 52
  EXPECT_EQ(tensor_scale_offset(64, 16), 68);  // 64 + 4 = 68 already aligned
  EXPECT_EQ(tensor_scale_offset(0, 16), 0);
}

TEST(PlanesBuffer, AnNvfp4TensorGoesAndComesBackPlaneForPlane) {
  numerics::BlockScaledValue v;
  v.shape = {1, 48};
  for (int i = 0; i < 48; ++i) v.element_codes.push_back(static_cast<std::uint8_t>(i % 16));
  v.block_scales = {0x7e, 0x60, 0x13};
  v.tensor_scale_bits = 0x3b73cf3eu;
  const eval::Tensor t = eval::Tensor::block_scaled(named("NVFP4"), v);
  const std::vector<unsigned char> b = planes_buffer(t);
  ASSERT_EQ(b.size(), 56u);
  EXPECT_EQ(b[0], 0);
  EXPECT_EQ(b[47], 15);
  EXPECT_EQ((std::vector<unsigned char>(b.begin() + 48, b.begin() + 51)), (std::vector<unsigned char>{0x7e, 0x60, 0x13}));
  EXPECT_EQ(b[51], 0);  // padding
  EXPECT_EQ((std::vector<unsigned char>(b.begin() + 52, b.end())), (std::vector<unsigned char>{0x3e, 0xcf, 0x73, 0x3b}));
  std::vector<unsigned char> written = b;
  written[3] = 9;
  written[49] = 0x61;
  written[55] = 0x3c;
  const eval::Tensor back = from_planes_buffer(t, written);
  EXPECT_EQ(back.planes().element_codes[3], 9);
  EXPECT_EQ(back.planes().block_scales[1], 0x61);
  EXPECT_EQ(*back.planes().tensor_scale_bits, 0x3c73cf3eu);
  EXPECT_EQ(back.shape(), t.shape());
}

TEST(PlanesBuffer, AnMxTensorHasNoTensorScale) {
  const eval::Tensor t = eval::Tensor::make_zeros(named("MXFP4"), {2, 64});
  const std::vector<unsigned char> b = planes_buffer(t);
  EXPECT_EQ(b.size(), 128u + 4u);
  EXPECT_FALSE(from_planes_buffer(t, b).planes().tensor_scale_bits.has_value());
}

}  // namespace
}  // namespace tf::cuda
