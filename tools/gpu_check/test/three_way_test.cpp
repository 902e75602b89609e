// The three-way judgement (three_way.h) on made-up results: correctly rounded results are inside
// every model's bound, and a planted error outside one implementation's bound names exactly that
// implementation, also when the same error would be inside a looser model's bound.
#include "tools/gpu_check/three_way.h"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "eval/tir/exact_sum.h"
#include "eval/value/tensor_convert.h"

namespace tf::gpu_check {
namespace {

constexpr std::int64_t kM = 8, kK = 64, kN = 8;

// bf16-exact inputs: small multiples of 1/8, so every product and the exact sums are known.
std::vector<float> values(std::int64_t count, int salt) {
  std::vector<float> v(static_cast<std::size_t>(count));
  for (std::int64_t i = 0; i < count; ++i)
    v[static_cast<std::size_t>(i)] = static_cast<float>((i * 13 + salt * 5) % 17 - 8) / 8.0f;
  return v;
}

struct Fixture {
  eval::Tensor a = eval::from_f32(DType::bf16(), {kM, kK}, values(kM* kK, 1));
  eval::Tensor b = eval::from_f32(DType::bf16(), {kK, kN}, values(kK* kN, 2));
  std::vector<double> exact;      // s per element
  std::vector<double> magnitude;  // sum |t| per element

  Fixture() {
    for (std::int64_t i = 0; i < kM; ++i)
      for (std::int64_t j = 0; j < kN; ++j) {
        eval::tir::ExactSum s;
        double t = 0;
        for (std::int64_t p = 0; p < kK; ++p) {
          const double term = eval::element_f64(a, i * kK + p) * eval::element_f64(b, p * kN + j);
          s.add(term);
          t += std::fabs(term);
        }
        exact.push_back(s.to_double());
        magnitude.push_back(t);
      }
  }
  // The exact results rounded to `dtype`, with `delta` added (before rounding) at element `at`.
  eval::Tensor result(DType dtype, std::int64_t at = -1, double delta = 0) const {
    std::vector<float> v;
    for (std::size_t e = 0; e < exact.size(); ++e)
      v.push_back(static_cast<float>(exact[e] + (static_cast<std::int64_t>(e) == at ? delta : 0.0)));
    return eval::from_f32(dtype, {kM, kN}, v);
  }
};

std::vector<std::string> outside(const Fixture& f, const eval::Tensor& evaluator, const eval::Tensor& emitted,
                                 const eval::Tensor& cublas) {
  const std::vector<Candidate> candidates{{evaluator_model(DType::bf16()), &evaluator},
                                          {emitted_model(true, DType::bf16()), &emitted},
                                          {cublas_model(DType::f32()), &cublas}};
  Result<ThreeWayVerdict> v = judge_implementations(f.a, f.b, candidates);
  EXPECT_TRUE(v.ok()) << v.diagnostics().front().render();
  if (!v.ok()) return {"(no verdict)"};
  EXPECT_EQ(v->elements, kM * kN);
  return v->outside();
}

TEST(ThreeWay, CorrectlyRoundedResultsAreInsideEveryBound) {
  const Fixture f;
  EXPECT_TRUE(outside(f, f.result(DType::bf16()), f.result(DType::bf16()), f.result(DType::f32())).empty());
}

TEST(ThreeWay, APlantedErrorNamesItsImplementation) {
  const Fixture f;
  const std::int64_t at = 13;                       // element [1, 5]
  const double big = 0.05 * f.magnitude[at] + 1.0;  // outside every bound
  EXPECT_EQ(outside(f, f.result(DType::bf16(), at, big), f.result(DType::bf16()), f.result(DType::f32())),
            std::vector<std::string>{"evaluator"});
  EXPECT_EQ(outside(f, f.result(DType::bf16()), f.result(DType::bf16(), at, big), f.result(DType::f32())),
            std::vector<std::string>{"emitted kernel"});
  EXPECT_EQ(outside(f, f.result(DType::bf16()), f.result(DType::bf16()), f.result(DType::f32(), at, big)),
            std::vector<std::string>{"cuBLAS"});
}

TEST(ThreeWay, TheSameErrorIsJudgedByEachModelsOwnBound) {
  // An f32 error of 40 units of 2^-24 T (T = sum |t| >= |s|): inside cuBLAS's sequential chopping
  // bound (K 2^-23 T = 128 2^-24 T), outside the evaluator's exact bound u |s| for an f32 result.
  const Fixture f;
  const std::int64_t at = 21;
  ASSERT_GT(f.magnitude[at], 0.0);
  const double delta = 40 * 0x1p-24 * f.magnitude[at];
  const eval::Tensor off = f.result(DType::f32(), at, delta);
  const std::vector<Candidate> candidates{{evaluator_model(DType::f32()), &off}, {cublas_model(DType::f32()), &off}};
  Result<ThreeWayVerdict> v = judge_implementations(f.a, f.b, candidates);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->outside(), std::vector<std::string>{"evaluator"});
  EXPECT_EQ(v->implementations[0].outside, 1);
  EXPECT_NE(v->implementations[0].first.find(eval::coordinates_text({kM, kN}, at)), std::string::npos)
      << v->implementations[0].first;
  EXPECT_GT(v->implementations[0].worst_ratio, 1.0);
  EXPECT_LT(v->implementations[1].worst_ratio, 1.0);
}

TEST(ThreeWay, ASampleJudgesOnlyItsElements) {
  const Fixture f;
  const eval::Tensor off = f.result(DType::f32(), 13, 1e3);
  const std::vector<Candidate> candidates{{cublas_model(DType::f32()), &off}};
  const std::vector<std::int64_t> sample{0, 1, 2, 63};
  Result<ThreeWayVerdict> v = judge_implementations(f.a, f.b, candidates, sample);
  ASSERT_TRUE(v.ok());
  EXPECT_EQ(v->elements, 4);
  EXPECT_TRUE(v->outside().empty());
}

TEST(ThreeWay, ANaNIsOutside) {
  const Fixture f;
  const eval::Tensor nan = f.result(DType::f32(), 7, NAN);
  const std::vector<Candidate> candidates{{cublas_model(DType::f32()), &nan}};
  EXPECT_EQ(judge_implementations(f.a, f.b, candidates)->outside(), std::vector<std::string>{"cuBLAS"});
}

TEST(ThreeWay, MisshapenCandidatesAreUsageErrors) {
  const Fixture f;
  const eval::Tensor wrong = eval::from_f32(DType::f32(), {kN, kM + 1}, std::vector<float>(kN * (kM + 1), 0.0f));
  const std::vector<Candidate> candidates{{cublas_model(DType::f32()), &wrong}};
  Result<ThreeWayVerdict> v = judge_implementations(f.a, f.b, candidates);
  ASSERT_FALSE(v.ok());
  EXPECT_EQ(v.diagnostics().front().category, DiagCategory::Usage);
  const std::vector<std::int64_t> beyond{kM * kN};
  const eval::Tensor right = f.result(DType::f32());
  const std::vector<Candidate> ok{{cublas_model(DType::f32()), &right}};
  EXPECT_FALSE(judge_implementations(f.a, f.b, ok, beyond).ok());
}

TEST(ThreeWay, TheModelsSayWhatTheyAssume) {
  EXPECT_EQ(evaluator_model(DType::bf16()).text(),
            "exact, u=2^-24, after an f64 sum, then rounded to a 8-bit significand");
  EXPECT_EQ(emitted_model(false, DType::bf16()).text(), "blocks=16, u=2^-24, then rounded to a 8-bit significand");
  EXPECT_EQ(emitted_model(true, DType::f32()).text(), "sequential, u=2^-23");
  EXPECT_EQ(cublas_model(DType::f32()).text(), "sequential, u=2^-23");
}

}  // namespace
}  // namespace tf::gpu_check
