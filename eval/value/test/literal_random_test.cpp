// random(...) literals: the documented mapping from std::mt19937_64's raw outputs (fixed by the
// C++ standard), pinned values, ranges, and the argument errors.
#include "eval/value/literal_random.h"

#include <gtest/gtest.h>

#include <random>
#include <set>

#include "eval/value/test/syntax_testing.h"

namespace tf::eval {
namespace {

Result<Tensor> draw(const std::string& args, DType d, Shape shape) {
  return random_tensor(*parse("Tensor[(1,), f32] random(" + args + ")"), d, std::move(shape));
}

std::string error_of(const Result<Tensor>& r) {
  return r.ok() ? "(accepted)" : r.diagnostics()[0].message;
}

TEST(LiteralRandom, TheEngineIsTheStandardOne) {
  std::mt19937_64 gen;  // [rand.predef]: the 10000th output of a default-constructed engine
  gen.discard(9999);
  EXPECT_EQ(gen(), 9981545732273789042ull);
}

TEST(LiteralRandom, FloatMapping) {
  EXPECT_EQ(random_float(0, -1, 1), -1.0);
  EXPECT_EQ(random_float(~0ull, -1, 1), 1.0 - 0x1p-52);
  EXPECT_EQ(random_float(1ull << 63, 0, 1), 0.5);
  EXPECT_EQ(random_float(1ull << 63, 2, 6), 4.0);
}

TEST(LiteralRandom, IntegerMapping) {
  EXPECT_EQ(random_integer(0, -8, 8), -8);
  EXPECT_EQ(random_integer(~0ull, -8, 8), 7);
  EXPECT_EQ(random_integer(1ull << 63, -8, 8), 0);
  EXPECT_EQ(random_integer(~0ull, INT64_MIN, INT64_MAX), INT64_MAX - 1);
  EXPECT_EQ(random_integer(0, INT64_MIN, INT64_MAX), INT64_MIN);
}

TEST(LiteralRandom, TensorsFollowTheMapping) {
  Result<Tensor> t = draw("seed=7, lo=-2, hi=3", DType::f32(), {2, 3});
  ASSERT_TRUE(t.ok());
  std::mt19937_64 gen(7);
  for (std::int64_t i = 0; i < 6; ++i) {
    const float expected = static_cast<float>(random_float(gen(), -2, 3));
    EXPECT_EQ(t->data<float>()[i], expected) << i;
  }
  Result<Tensor> n = draw("seed=7", DType::i32(), {6});
  ASSERT_TRUE(n.ok());
  std::mt19937_64 gen2(7);
  for (std::int64_t i = 0; i < 6; ++i)
    EXPECT_EQ(n->data<std::int32_t>()[i], random_integer(gen2(), -8, 8)) << i;
}

TEST(LiteralRandom, PinnedValues) {
  // Golden codes, computed by an independent Python model of mt19937_64 and of the mapping
  // (the double value rounded once to nearest even); any change to either changes them.
  Result<Tensor> f = draw("seed=1", DType::f32(), {4});
  ASSERT_TRUE(f.ok());
  std::vector<std::uint64_t> codes;
  for (std::int64_t i = 0; i < 4; ++i) codes.push_back(f->code(i));
  EXPECT_EQ(codes, (std::vector<std::uint64_t>{0xbf3b7485, 0xbf3a28db, 0xbdc7d2e2, 0xbf753c50}));
  Result<Tensor> b = draw("seed=1", DType::bf16(), {4});
  ASSERT_TRUE(b.ok());
  codes.clear();
  for (std::int64_t i = 0; i < 4; ++i) codes.push_back(b->code(i));
  EXPECT_EQ(codes, (std::vector<std::uint64_t>{0xbf3b, 0xbf3a, 0xbdc8, 0xbf75}));
  Result<Tensor> i = draw("seed=1", DType::i64(), {4});
  ASSERT_TRUE(i.ok());
  EXPECT_EQ(std::vector<std::int64_t>(i->data<std::int64_t>(), i->data<std::int64_t>() + 4),
            (std::vector<std::int64_t>{-6, -6, -1, -8}));
}

TEST(LiteralRandom, RangesAndDeterminism) {
  Result<Tensor> b = draw("seed=3", DType::boolean(), {64});
  ASSERT_TRUE(b.ok());
  std::set<std::uint64_t> seen;
  for (std::int64_t i = 0; i < 64; ++i) seen.insert(b->code(i));
  EXPECT_EQ(seen, (std::set<std::uint64_t>{0, 1}));
  Result<Tensor> full = draw("seed=3, lo=-128, hi=128", DType::i8(), {4096});
  ASSERT_TRUE(full.ok());
  seen.clear();
  for (std::int64_t i = 0; i < 4096; ++i) seen.insert(full->code(i));
  EXPECT_EQ(seen.size(), 256u);  // every i8 value is drawn
  Result<Tensor> a = draw("seed=9", DType::fp8e4m3(), {16});
  Result<Tensor> again = draw("seed=9", DType::fp8e4m3(), {16});
  Result<Tensor> other = draw("seed=10", DType::fp8e4m3(), {16});
  ASSERT_TRUE(a.ok() && again.ok() && other.ok());
  EXPECT_TRUE(same_bits(*a, *again));
  EXPECT_FALSE(same_bits(*a, *other));
  for (std::int64_t i = 0; i < 16; ++i) {
    const std::uint64_t magnitude = a->code(i) & 0x7f;
    EXPECT_LE(magnitude, 0x38u) << i;  // |x| <= 1 in fp8e4m3
  }
}

TEST(LiteralRandom, ArgumentErrors) {
  EXPECT_EQ(error_of(draw("", DType::f32(), {1})), "random(...) needs a seed: random(seed=1)");
  EXPECT_EQ(error_of(draw("7", DType::f32(), {1})),
            "random(...) takes keyword arguments only: random(seed=S, lo=L, hi=H)");
  EXPECT_EQ(error_of(draw("seed=1, scale=2", DType::f32(), {1})),
            "random(...) has no argument 'scale' (seed, lo, hi)");
  EXPECT_EQ(error_of(draw("seed=-1", DType::f32(), {1})),
            "the seed is a non-negative integer below 2^63, found '-1'");
  EXPECT_EQ(error_of(draw("seed=1.5", DType::f32(), {1})),
            "the seed is a non-negative integer below 2^63, found '1.5'");
  EXPECT_EQ(error_of(draw("seed=1, lo=1, hi=1", DType::f32(), {1})),
            "random(...) needs lo < hi (values are drawn from [lo, hi))");
  EXPECT_EQ(error_of(draw("seed=1, lo=inf", DType::f32(), {1})),
            "lo= of a random tensor is a finite number, found 'inf'");
  EXPECT_EQ(error_of(draw("seed=1, lo=-1e308, hi=1e308", DType::f32(), {1})),
            "random(...) needs hi - lo to be finite");
  EXPECT_EQ(error_of(draw("seed=1, hi=0.5", DType::i32(), {1})),
            "hi= of a random i32 tensor is an integer, found '0.5'");
  EXPECT_EQ(error_of(draw("seed=1, hi=129", DType::i8(), {1})),
            "random i8 values must lie in [-128, 127]: lo >= -128 and hi - 1 <= 127");
  EXPECT_EQ(error_of(draw("seed=1, lo=-1", DType::boolean(), {1})),
            "random bool values must lie in [0, 1]: lo >= 0 and hi - 1 <= 1");
  Result<Tensor> r = draw("seed=1, lo=5, hi=2", DType::i32(), {1});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].location.str(), "t.tfir:1:43");  // at hi='s value
}

}  // namespace
}  // namespace tf::eval
