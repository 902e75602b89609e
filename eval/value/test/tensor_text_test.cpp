// Printing tensors as literals: the exact spellings, and print -> parse giving the same bits for
// every code of every narrow dtype and for the special values of the wide ones.
#include "eval/value/tensor_text.h"

#include <gtest/gtest.h>

#include <random>

#include "ir/numerics/convert.h"
#include "eval/value/compare.h"
#include "eval/value/literal.h"
#include "eval/value/tensor_convert.h"
#include "eval/value/tensor_json.h"

namespace tf::eval {
namespace {

Tensor with_codes(DType d, const std::vector<std::uint64_t>& codes) {
  Tensor t = Tensor::make(d, {static_cast<std::int64_t>(codes.size())});
  for (std::size_t i = 0; i < codes.size(); ++i) t.set_code(static_cast<std::int64_t>(i), codes[i]);
  return t;
}

Tensor reparse(const std::string& text) {
  Result<Tensor> t = parse_literal(text, SourceLocation{"print.tfir", 1, 1}, {});
  TF_CHECK(t.ok(), "printed literal does not read back: {}",
           t.ok() ? "" : t.diagnostics()[0].render());
  return *t;
}

// Every element reads back to its own code, NaN codes to a NaN code.
void expect_round_trip(const Tensor& t, LiteralStyle style) {
  const std::string text = tensor_literal(t, style);
  const Tensor back = reparse(text);
  ASSERT_EQ(back.dtype(), t.dtype());
  ASSERT_EQ(back.shape(), t.shape());
  for (std::int64_t i = 0; i < t.size(); ++i) {
    const std::uint64_t a = t.code(i), b = back.code(i);
    const bool nan = numerics::is_nan_code(a, t.dtype());
    if (nan && style == LiteralStyle::Values) {
      EXPECT_TRUE(numerics::is_nan_code(b, t.dtype())) << t.dtype().name() << " code " << a;
    } else {
      EXPECT_EQ(b, a) << t.dtype().name() << " element " << i << " printed as "
                      << element_text(t, i);
    }
  }
}

TEST(TensorText, Spellings) {
  Tensor f = with_codes(DType::f32(),
                        {0x3f800000, 0x3dcccccd, 0x80000000, 0x7fc00000, 0xff800000, 0x00000001});
  EXPECT_EQ(tensor_literal(f), "Tensor[(6,), f32]{1, 0.1, -0, nan, -inf, 1e-45}");
  EXPECT_EQ(tensor_literal(f, LiteralStyle::Bits),
            "Tensor[(6,), f32] bits{0x3f800000, 0x3dcccccd, 0x80000000, 0x7fc00000, 0xff800000, "
            "0x00000001}");
  Tensor m = Tensor::make(DType::i32(), {2, 2});
  m.set_code(0, 1);
  m.set_code(1, static_cast<std::uint32_t>(-2));
  m.set_code(3, 0x80000000u);
  EXPECT_EQ(tensor_literal(m), "Tensor[(2, 2), i32]{1, -2, 0, -2147483648}");
  Tensor s = Tensor::make(DType::boolean(), {});
  s.set_code(0, 1);
  EXPECT_EQ(tensor_literal(s), "Tensor[(), bool]{true}");
  EXPECT_EQ(tensor_literal(with_codes(DType::f4e2m1(), {0x1, 0xf}), LiteralStyle::Bits),
            "Tensor[(2,), f4e2m1] bits{0x1, 0xf}");
  EXPECT_EQ(tensor_literal(with_codes(DType::f4e2m1(), {0x1, 0xf})),
            "Tensor[(2,), f4e2m1]{0.5, -6}");
  EXPECT_EQ(tensor_literal(with_codes(DType::fp8e4m3(), {0x38, 0x7e, 0xff})),
            "Tensor[(3,), fp8e4m3]{1, 448, nan}");
  EXPECT_EQ(tensor_literal(with_codes(DType::f16(), {0x0001, 0x7bff})),
            "Tensor[(2,), f16]{5.9604645e-08, 65504}");
  EXPECT_EQ(tensor_literal(with_codes(DType::i64(), {0x8000000000000000ull})),
            "Tensor[(1,), i64]{-9223372036854775808}");
  EXPECT_EQ(code_text(0x3c, 6), "0x3c");
  EXPECT_EQ(code_text(0x1, 16), "0x0001");
}

TEST(TensorText, E8m0ValuesPrintExactly) {
  // f8e8m0 rounds up (rp), so an inexact decimal would read back one step higher.
  EXPECT_EQ(tensor_literal(with_codes(DType::f8e8m0(), {0x7f, 0x80, 0x7e, 0x00, 0x3f, 0xfe, 0xff})),
            "Tensor[(7,), f8e8m0]{1, 2, 0.5, 0x1p-127, 0x1p-64, 0x1p+127, nan}");
}

TEST(TensorText, EveryCodeOfEveryNarrowDtypeRoundTrips) {
  for (DType d :
       {DType::f16(), DType::bf16(), DType::fp8e4m3(), DType::fp8e5m2(), DType::f8e8m0(),
        DType::f6e3m2(), DType::f6e2m3(), DType::f4e2m1(), DType::i8(), DType::boolean()}) {
    std::vector<std::uint64_t> codes;
    for (std::uint64_t c = 0; c < (1ull << d.bit_width()); ++c) codes.push_back(c);
    const Tensor t = with_codes(d, codes);
    expect_round_trip(t, LiteralStyle::Values);
    expect_round_trip(t, LiteralStyle::Bits);
  }
}

TEST(TensorText, WideDtypesRoundTrip) {
  std::vector<std::uint64_t> f32 = {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff,
                                    0x00800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000,
                                    0x7fc00000, 0x7f800001, 0xffffffff, 0x3dcccccd, 0x3eaaaaab,
                                    0x4b800001, 0x33800000};
  std::mt19937_64 gen(11);
  for (int i = 0; i < 2000; ++i) f32.push_back(gen() & 0xffffffffu);
  expect_round_trip(with_codes(DType::f32(), f32), LiteralStyle::Values);
  expect_round_trip(with_codes(DType::f32(), f32), LiteralStyle::Bits);
  std::vector<std::uint64_t> ints = {0, 1, 0x7fffffff, 0x80000000, 0xffffffff};
  for (int i = 0; i < 200; ++i) ints.push_back(gen() & 0xffffffffu);
  expect_round_trip(with_codes(DType::i32(), ints), LiteralStyle::Values);
  std::vector<std::uint64_t> longs = {0, 0x7fffffffffffffffull, 0x8000000000000000ull, ~0ull};
  for (int i = 0; i < 200; ++i) longs.push_back(gen());
  expect_round_trip(with_codes(DType::i64(), longs), LiteralStyle::Values);
  expect_round_trip(with_codes(DType::i64(), longs), LiteralStyle::Bits);
}

TEST(TensorText, BlockScaledTensorsPrintTheirPlanes) {
  std::vector<float> values(64);
  for (int i = 0; i < 64; ++i)
    values[static_cast<std::size_t>(i)] = static_cast<float>(i % 9) * 0.7f - 3.0f;
  const Tensor f = from_f32(DType::f32(), {2, 32}, values);
  for (DType d : {DType::mxfp4(), DType::nvfp4(), DType::mxint8()}) {
    Result<Tensor> q = cast_tensor(f, d, default_cast_options(d));
    ASSERT_TRUE(q.ok());
    const std::string text = tensor_literal(*q);
    EXPECT_EQ(text.rfind(fmt::format("Tensor[(2, 32), {}] planes{{bits{{", d.name()), 0), 0u)
        << text;
    EXPECT_TRUE(same_bits(reparse(text), *q)) << d.name();
  }
  Tensor one = reparse(
      "Tensor[(1, 16), NVFP4] planes{bits{0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, "
      "0x2, 0x2, 0x2, 0x2, 0x2}, bits{0x38}, bits{0x3f800000}}");
  EXPECT_EQ(tensor_literal(one),
            "Tensor[(1, 16), NVFP4] planes{bits{0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, "
            "0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2}, bits{0x38}, bits{0x3f800000}}");
  EXPECT_EQ(element_text(one, 3), "1");
}

TEST(TensorText, Json) {
  EXPECT_EQ(
      tensor_json(
          with_codes(DType::f32(), {0x3fc00000, 0x7fc00000, 0x3dcccccd, 0xff800000, 0x80000000}))
          .dump(),
      R"({"bits":["0x3fc00000","0x7fc00000","0x3dcccccd","0xff800000","0x80000000"],"dtype":"f32",)"
      R"("shape":[5],"values":[1.5,"nan",0.1,"-inf",-0.0]})");
  EXPECT_EQ(tensor_json(with_codes(DType::i64(), {0x8000000000000000ull, 5})).dump(),
            R"({"bits":["0x8000000000000000","0x0000000000000005"],"dtype":"i64","shape":[2],)"
            R"("values":[-9223372036854775808,5]})");
  EXPECT_EQ(tensor_json(with_codes(DType::boolean(), {1, 0})).dump(),
            R"({"bits":["0x1","0x0"],"dtype":"bool","shape":[2],"values":[true,false]})");
  EXPECT_EQ(tensor_json(with_codes(DType::f8e8m0(), {0x00})).dump(),
            R"({"bits":["0x00"],"dtype":"f8e8m0","shape":[1],"values":[5.877471754111438e-39]})");
  Tensor nv = reparse(
      "Tensor[(1, 16), NVFP4] planes{bits{0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, 0x2, "
      "0x2, 0x2, 0x2, 0x2, 0xa}, bits{0x38}, bits{0x3f800000}}");
  const nlohmann::json j = tensor_json(nv);
  EXPECT_EQ(j["dtype"], "NVFP4");
  EXPECT_EQ(j["values"][15], -1.0);
  EXPECT_EQ(j["planes"]["block_scales"], nlohmann::json::array({"0x38"}));
  EXPECT_EQ(j["planes"]["tensor_scale"], "0x3f800000");
  EXPECT_EQ(j["planes"]["element_codes"][15], "0xa");
  EXPECT_FALSE(j.contains("bits"));
}

}  // namespace
}  // namespace tf::eval
