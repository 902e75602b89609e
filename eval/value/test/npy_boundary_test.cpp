// The D4 boundary between .npy arrays and tensors: storage types and raw codes bit for bit,
// other arrays converted with one rounding, block-scaled planes, and every refusal a message.
#include "eval/value/npy_boundary.h"

#include <gtest/gtest.h>

#include <cstring>

#include "ir/numerics/block_format_of.h"
#include "eval/value/tensor_convert.h"

namespace tf::eval {
namespace {

template <typename T>
NpyArray array_of(NpyType type, std::vector<std::int64_t> shape, std::initializer_list<T> values) {
  NpyArray a{type, std::move(shape), {}};
  for (T v : values) {
    std::uint8_t bytes[sizeof(T)];
    std::memcpy(bytes, &v, sizeof(T));
    a.data.insert(a.data.end(), bytes, bytes + sizeof(T));
  }
  return a;
}

std::vector<std::uint64_t> codes_of(const Tensor& t) {
  std::vector<std::uint64_t> out;
  for (std::int64_t i = 0; i < t.size(); ++i) out.push_back(t.code(i));
  return out;
}

std::string first_message(const std::vector<Diagnostic>& ds) {
  return ds.empty() ? "" : ds.front().message;
}

TEST(NpyBoundary, StorageTypesAreTakenBitForBit) {
  // A NaN payload and a negative zero survive: nothing is converted.
  Result<Tensor> f = tensor_from_npy(
      array_of<std::uint32_t>(NpyType::F32, {3}, {0x7fc00001u, 0x80000000u, 0x3f800000u}),
      DType::f32(), "x");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(codes_of(*f), (std::vector<std::uint64_t>{0x7fc00001u, 0x80000000u, 0x3f800000u}));
  EXPECT_EQ(f->shape(), (Shape{3}));

  Result<Tensor> h = tensor_from_npy(array_of<std::uint16_t>(NpyType::F16, {2}, {0x7e01, 0x3c00}),
                                     DType::f16(), "x");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(codes_of(*h), (std::vector<std::uint64_t>{0x7e01, 0x3c00}));

  Result<Tensor> i = tensor_from_npy(array_of<std::int64_t>(NpyType::I64, {2, 1}, {-1, INT64_MIN}),
                                     DType::i64(), "x");
  ASSERT_TRUE(i.ok());
  EXPECT_EQ(to_i64(*i), (std::vector<std::int64_t>{-1, INT64_MIN}));
  EXPECT_EQ(i->shape(), (Shape{2, 1}));

  Result<Tensor> b =
      tensor_from_npy(array_of<std::uint8_t>(NpyType::Bool, {}, {1}), DType::boolean(), "x");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(b->rank(), 0);
  EXPECT_EQ(b->code(0), 1u);

  Result<Tensor> i8 =
      tensor_from_npy(array_of<std::int8_t>(NpyType::I8, {2}, {-128, 127}), DType::i8(), "x");
  ASSERT_TRUE(i8.ok());
  EXPECT_EQ(codes_of(*i8), (std::vector<std::uint64_t>{0x80, 0x7f}));
}

TEST(NpyBoundary, ABoolByteOtherThanZeroOrOneIsRefused) {
  Result<Tensor> b = tensor_from_npy(array_of<std::uint8_t>(NpyType::Bool, {3}, {0, 1, 2}),
                                     DType::boolean(), "mask");
  ASSERT_FALSE(b.ok());
  EXPECT_EQ(b.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_EQ(first_message(b.diagnostics()),
            "mask: bool element 2 holds the byte 0x2; a bool is 0 or 1");
}

TEST(NpyBoundary, Uint8ArraysCarryTheCodesOfNarrowDtypes) {
  const struct {
    DType dtype;
    std::uint8_t top;  // the largest code of the dtype
  } cases[] = {{DType::fp8e4m3(), 0xff}, {DType::fp8e5m2(), 0xff}, {DType::f8e8m0(), 0xff},
               {DType::f6e3m2(), 0x3f},  {DType::f6e2m3(), 0x3f},  {DType::f4e2m1(), 0x0f},
               {DType::i8(), 0xff},      {DType::boolean(), 1}};
  for (const auto& c : cases) {
    Result<Tensor> t =
        tensor_from_npy(array_of<std::uint8_t>(NpyType::U8, {3}, {0, c.top, 1}), c.dtype, "x");
    ASSERT_TRUE(t.ok()) << c.dtype.name() << ": " << first_message(t.diagnostics());
    EXPECT_EQ(t->dtype(), c.dtype);
    EXPECT_EQ(codes_of(*t), (std::vector<std::uint64_t>{0, c.top, 1})) << c.dtype.name();
  }
}

TEST(NpyBoundary, ACodeBeyondTheWidthIsRefused) {
  Result<Tensor> f4 =
      tensor_from_npy(array_of<std::uint8_t>(NpyType::U8, {2}, {0x0f, 0x10}), DType::f4e2m1(), "w");
  ASSERT_FALSE(f4.ok());
  EXPECT_EQ(first_message(f4.diagnostics()),
            "w: element 1 holds the code 0x10, which does not fit the 4-bit dtype f4e2m1 (codes "
            "are 0 to 0xf)");
  Result<Tensor> f6 =
      tensor_from_npy(array_of<std::uint8_t>(NpyType::U8, {1}, {0x40}), DType::f6e2m3(), "w");
  ASSERT_FALSE(f6.ok());
  EXPECT_NE(first_message(f6.diagnostics()).find("6-bit dtype f6e2m3"), std::string::npos);
  Result<Tensor> b =
      tensor_from_npy(array_of<std::uint8_t>(NpyType::U8, {1}, {2}), DType::boolean(), "w");
  EXPECT_FALSE(b.ok());
}

TEST(NpyBoundary, Uint16ArraysCarryBf16AndF16Codes) {
  Result<Tensor> bf = tensor_from_npy(array_of<std::uint16_t>(NpyType::U16, {2}, {0x3f80, 0xff81}),
                                      DType::bf16(), "x");
  ASSERT_TRUE(bf.ok());
  EXPECT_EQ(codes_of(*bf), (std::vector<std::uint64_t>{0x3f80, 0xff81}));
  Result<Tensor> h =
      tensor_from_npy(array_of<std::uint16_t>(NpyType::U16, {1}, {0xfc00}), DType::f16(), "x");
  ASSERT_TRUE(h.ok());
  EXPECT_EQ(h->code(0), 0xfc00u);
}

TEST(NpyBoundary, F64RoundsOnceToTheDtype) {
  // 1 + 2^-8 + 2^-30 lies just above the bf16 midpoint 1 + 2^-8: one rounding gives 1 + 2^-7
  // (0x3f81); going through f32 first would land on the midpoint and tie to even (0x3f80).
  const double x = 1.0 + 0x1p-8 + 0x1p-30;
  Result<Tensor> bf = tensor_from_npy(array_of<double>(NpyType::F64, {1}, {x}), DType::bf16(), "x");
  ASSERT_TRUE(bf.ok());
  EXPECT_EQ(bf->code(0), 0x3f81u);
  Result<Tensor> f =
      tensor_from_npy(array_of<double>(NpyType::F64, {2}, {0.1, 1e300}), DType::f32(), "x");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(codes_of(*f), (std::vector<std::uint64_t>{0x3dcccccd, 0x7f800000}));
  Result<Tensor> i = tensor_from_npy(
      array_of<double>(NpyType::F64, {3}, {-2.7, 1e30, std::nan("")}), DType::i32(), "x");
  ASSERT_TRUE(i.ok());
  EXPECT_EQ(to_i64(*i), (std::vector<std::int64_t>{-2, INT32_MAX, 0}));
}

TEST(NpyBoundary, OtherArraysConvertWithTheDefaultCast) {
  Result<Tensor> f =
      tensor_from_npy(array_of<std::int64_t>(NpyType::I64, {2}, {16777217, -3}), DType::f32(), "x");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(to_f32(*f), (std::vector<float>{16777216.0f, -3.0f}));
  Result<Tensor> w =
      tensor_from_npy(array_of<std::int32_t>(NpyType::I32, {2}, {300, -129}), DType::i8(), "x");
  ASSERT_TRUE(w.ok());
  EXPECT_EQ(to_i64(*w), (std::vector<std::int64_t>{44, 127}));  // integers wrap, as static_cast
  Result<Tensor> u =
      tensor_from_npy(array_of<std::uint8_t>(NpyType::U8, {2}, {200, 7}), DType::f32(), "x");
  ASSERT_TRUE(u.ok());
  EXPECT_EQ(to_f32(*u), (std::vector<float>{200.0f, 7.0f}));  // u8 for a 32-bit dtype: numbers
  Result<Tensor> e =
      tensor_from_npy(array_of<float>(NpyType::F32, {2}, {1000.0f, -0.3f}), DType::fp8e4m3(), "x");
  ASSERT_TRUE(e.ok());
  EXPECT_EQ(codes_of(*e),
            (std::vector<std::uint64_t>{0x7e, 0xaa}));  // saturates to 448; -0.3 -> -0.3125
  Result<Tensor> b =
      tensor_from_npy(array_of<float>(NpyType::F32, {2}, {0.0f, -2.0f}), DType::boolean(), "x");
  ASSERT_TRUE(b.ok());
  EXPECT_EQ(codes_of(*b), (std::vector<std::uint64_t>{0, 1}));
}

TEST(NpyBoundary, F4e2m1ValuesAreRefused) {
  Result<Tensor> t =
      tensor_from_npy(array_of<float>(NpyType::F32, {1}, {1.0f}), DType::f4e2m1(), "w");
  ASSERT_FALSE(t.ok());
  EXPECT_EQ(first_message(t.diagnostics()),
            "w: <f4 values cannot be converted to f4e2m1; give its codes as a uint8 array");
}

NpyArray ramp_f32(std::vector<std::int64_t> shape) {
  NpyArray a{NpyType::F32, shape, {}};
  std::int64_t n = 1;
  for (std::int64_t e : shape) n *= e;
  for (std::int64_t i = 0; i < n; ++i) {
    float v = static_cast<float>(i % 13) * 0.37f - 2.0f;
    std::uint8_t bytes[4];
    std::memcpy(bytes, &v, 4);
    a.data.insert(a.data.end(), bytes, bytes + 4);
  }
  return a;
}

TEST(NpyBoundary, FloatArraysQuantizeToBlockScaledDtypes) {
  const NpyArray a = ramp_f32({2, 32});
  for (DType d : {DType::mxfp4(), DType::nvfp4(), DType::mxfp8_e4m3()}) {
    Result<Tensor> q = tensor_from_npy(a, d, "x");
    ASSERT_TRUE(q.ok()) << d.name() << ": " << first_message(q.diagnostics());
    Tensor values = Tensor::make(DType::f32(), {2, 32});
    std::memcpy(values.mutable_bytes().data(), a.data.data(), a.data.size());
    Result<Tensor> expected = cast_tensor(values, d, default_cast_options(d));
    ASSERT_TRUE(expected.ok());
    EXPECT_TRUE(same_bits(*q, *expected)) << d.name();
  }
}

TEST(NpyBoundary, BlockScaledDtypesRefuseOtherArrays) {
  Result<Tensor> q =
      tensor_from_npy(array_of<double>(NpyType::F64, {1, 32}, {}), DType::mxfp4(), "x");
  ASSERT_FALSE(q.ok());
  EXPECT_EQ(first_message(q.diagnostics()),
            "x: MXFP4 inputs are given as float32 / float16 values to quantize, or by their planes "
            "(a planes{...} "
            "literal); found a <f8 array");
  Result<Tensor> odd =
      tensor_from_npy(ramp_f32({1, 20}), DType::mxfp4(), "x");  // 20 is not a block multiple
  ASSERT_FALSE(odd.ok());
  EXPECT_EQ(odd.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_EQ(first_message(odd.diagnostics()).rfind("x: ", 0), 0u);
}

TEST(NpyBoundary, EverySimpleDtypeRoundTripsThroughItsArrays) {
  const struct {
    DType dtype;
    NpyType written;
  } cases[] = {{DType::f32(), NpyType::F32},     {DType::f16(), NpyType::F16},
               {DType::bf16(), NpyType::U16},    {DType::fp8e4m3(), NpyType::U8},
               {DType::fp8e5m2(), NpyType::U8},  {DType::f8e8m0(), NpyType::U8},
               {DType::f6e3m2(), NpyType::U8},   {DType::f6e2m3(), NpyType::U8},
               {DType::f4e2m1(), NpyType::U8},   {DType::i8(), NpyType::I8},
               {DType::i32(), NpyType::I32},     {DType::i64(), NpyType::I64},
               {DType::boolean(), NpyType::Bool}};
  for (const auto& c : cases) {
    Tensor t = Tensor::make(c.dtype, {5});
    const int bits = c.dtype.bit_width();
    const std::uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
    for (std::int64_t i = 0; i < 5; ++i) t.set_code(i, (0x9e3779b97f4a7c15ull * (i + 1)) & mask);
    Result<std::vector<NpyArray>> arrays = tensor_to_npy(t);
    ASSERT_TRUE(arrays.ok());
    ASSERT_EQ(arrays->size(), 1u);
    const NpyArray& a = arrays->front();
    EXPECT_EQ(a.type, c.written) << c.dtype.name();
    EXPECT_EQ(a.shape, (std::vector<std::int64_t>{5}));
    Result<NpyArray> file = read_npy(write_npy(a), "rt.npy");
    ASSERT_TRUE(file.ok());
    Result<Tensor> back = tensor_from_npy(*file, c.dtype, "rt.npy");
    ASSERT_TRUE(back.ok()) << c.dtype.name() << ": " << first_message(back.diagnostics());
    EXPECT_TRUE(same_bits(*back, t)) << c.dtype.name();
  }
}

TEST(NpyBoundary, F4e2m1IsWrittenUnpacked) {
  Tensor t = Tensor::make(DType::f4e2m1(), {3});
  t.set_code(0, 0x1);
  t.set_code(1, 0xf);
  t.set_code(2, 0x7);
  Result<std::vector<NpyArray>> a = tensor_to_npy(t);
  ASSERT_TRUE(a.ok());
  EXPECT_EQ(a->front().data, (std::vector<std::uint8_t>{0x1, 0xf, 0x7}));
}

TEST(NpyBoundary, BlockScaledTensorsRoundTripThroughTheirPlanes) {
  for (DType d : {DType::mxfp4(), DType::nvfp4()}) {
    Result<Tensor> q = tensor_from_npy(ramp_f32({2, 64}), d, "x");
    ASSERT_TRUE(q.ok());
    Result<std::vector<NpyArray>> planes = tensor_to_npy(*q);
    ASSERT_TRUE(planes.ok());
    const bool nvfp4 = d == DType::nvfp4();
    ASSERT_EQ(planes->size(), nvfp4 ? 3u : 2u);
    EXPECT_EQ((*planes)[0].type, NpyType::U8);
    EXPECT_EQ((*planes)[0].shape, (std::vector<std::int64_t>{2, 64}));
    EXPECT_EQ((*planes)[1].type, NpyType::U8);
    EXPECT_EQ((*planes)[1].shape, (std::vector<std::int64_t>{2, nvfp4 ? 4 : 2}));
    if (nvfp4) {
      EXPECT_EQ((*planes)[2].type, NpyType::F32);
      EXPECT_TRUE((*planes)[2].shape.empty());
    }
    std::vector<NpyArray> reread;
    for (const NpyArray& p : *planes) {
      Result<NpyArray> r = read_npy(write_npy(p), "plane.npy");
      ASSERT_TRUE(r.ok());
      reread.push_back(*r);
    }
    Result<Tensor> back = block_scaled_from_npy(reread, d, "x");
    ASSERT_TRUE(back.ok()) << first_message(back.diagnostics());
    EXPECT_TRUE(same_bits(*back, *q)) << d.name();
  }
}

TEST(NpyBoundary, MalformedPlanesAreRefused) {
  Result<Tensor> q = tensor_from_npy(ramp_f32({1, 32}), DType::mxfp4(), "x");
  ASSERT_TRUE(q.ok());
  std::vector<NpyArray> planes = *tensor_to_npy(*q);
  Result<Tensor> one = block_scaled_from_npy(std::span(planes.data(), 1), DType::mxfp4(), "p");
  ASSERT_FALSE(one.ok());
  EXPECT_EQ(first_message(one.diagnostics()),
            "p: MXFP4 has 2 planes (element codes, block scales), found 1 arrays");
  std::vector<NpyArray> wrong_shape = planes;
  wrong_shape[1].shape = {1, 1, 1};
  Result<Tensor> s = block_scaled_from_npy(wrong_shape, DType::mxfp4(), "p");
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(
      first_message(s.diagnostics()),
      "p: the block scales of a MXFP4 tensor of shape (1, 32) have shape (1, 1), found (1, 1, 1)");
  std::vector<NpyArray> bad_code = planes;
  bad_code[0].data[3] = 0x10;  // not an f4e2m1 code
  Result<Tensor> c = block_scaled_from_npy(bad_code, DType::mxfp4(), "p");
  ASSERT_FALSE(c.ok());
  EXPECT_EQ(c.diagnostics()[0].category, DiagCategory::Usage);
  std::vector<NpyArray> wrong_type = planes;
  wrong_type[1].type = NpyType::I8;
  EXPECT_FALSE(block_scaled_from_npy(wrong_type, DType::mxfp4(), "p").ok());
}

TEST(NpyBoundary, UntypedArraysKeepTheirOwnDtype) {
  Result<Tensor> f = natural_tensor_from_npy(array_of<double>(NpyType::F64, {1}, {0.1}), "x");
  ASSERT_TRUE(f.ok());
  EXPECT_EQ(f->dtype(), DType::f32());
  EXPECT_EQ(f->code(0), 0x3dcccccdu);
  Result<Tensor> i = natural_tensor_from_npy(array_of<std::int32_t>(NpyType::I32, {1}, {-5}), "x");
  ASSERT_TRUE(i.ok());
  EXPECT_EQ(i->dtype(), DType::i32());
  Result<Tensor> u =
      natural_tensor_from_npy(array_of<std::uint16_t>(NpyType::U16, {1}, {1}), "codes.npy");
  ASSERT_FALSE(u.ok());
  EXPECT_EQ(first_message(u.diagnostics()),
            "codes.npy: a <u2 array holds raw codes; name their dtype, e.g. npy(\"file.npy\", "
            "dtype=bf16)");
}

// An empty f32 array read for an f16 parameter: to_f32 copied zero floats from an empty vector's
// null data() (undefined behaviour that UBSan reports; found by the npy_reader fuzz target, whose
// reproducer is fuzz/regressions/npy_reader/empty-f32-memcpy-null.npy).
TEST(NpyBoundary, EmptyArraysConvertToEmptyTensors) {
  NpyArray a;
  a.type = NpyType::F32;
  a.shape = {2, 0};
  Result<Tensor> t = tensor_from_npy(a, DType::f16(), "x");
  ASSERT_TRUE(t.ok()) << first_message(t.diagnostics());
  EXPECT_EQ(t->shape(), (Shape{2, 0}));
  EXPECT_TRUE(to_f32(*t).empty());
  EXPECT_TRUE(to_f32(Tensor::make(DType::f32(), {0})).empty());
  EXPECT_EQ(from_f32(DType::f32(), {0, 3}, {}).size(), 0);
}

}  // namespace
}  // namespace tf::eval
