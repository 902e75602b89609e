// hir.nn.RoPE (rope_eval.cpp) and hir.tensor.Quant (quant_eval.cpp): exact values from hand
// computation, the edge cases of each, and their run-time errors.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "eval/hir/test/compute_test_util.h"
#include "eval/hir/test/eval_testing.h"

namespace tf::eval::testing {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr const char* kRope = R"(
func rp(q: Tensor[(1, 2, 1, 4), f32], k: Tensor[(1, 2, 2, 4), f32], c: Tensor[(3, 4), f32], s: Tensor[(3, 4), f32], p: Tensor[(2,), i64]) -> Tuple[Tensor[(1, 2, 1, 4), f32], Tensor[(1, 2, 2, 4), f32]] {
    r = rope(q, k, c, s, p)
    return r
}
)";

// Table rows: 0 is the identity (cos 1, sin 0), 1 is the pure rotation (cos 0, sin 1), 2 mixes.
// (Functions, not globals: a Tensor needs the dtype tables, which are not ready during static
// initialisation.)
Tensor cos_table() { return f32({3, 4}, {1, 1, 1, 1, 0, 0, 0, 0, 2, 0.5, 1, 0}); }
Tensor sin_table() { return f32({3, 4}, {0, 0, 0, 0, 1, 1, 1, 1, 1, -1, 0.5, 3}); }

TEST(RoPEEval, RotateHalfWithGatheredTableRows) {
  // rot(x) = (-x2, -x3, x0, x1); y = x * cos[p] + rot(x) * sin[p], p = pos_ids[s].
  // q[0, 0, 0] = (1, 2, 3, 4) at p = 2: (1*2 - 3*1, 2*0.5 - 4*-1, 3*1 + 1*0.5, 4*0 + 2*3).
  // q[0, 1, 0] = (5, 6, 7, 8) at p = 1: rot = (-7, -8, 5, 6).
  const Tensor q = f32({1, 2, 1, 4}, {1, 2, 3, 4, 5, 6, 7, 8});
  const Tensor k = f32({1, 2, 2, 4}, {1, 0, 0, 0, 0, 1, 0, 0, 1, 1, 1, 1, 0, 0, 0, 2});
  Result<Value> r = run_tfir(kRope, {q, k, cos_table(), sin_table(), i64({2}, {2, 1})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  ASSERT_TRUE(r->is_tuple());
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({1, 2, 1, 4}, {-1, 5, 3.5, 6, -7, -8, 5, 6})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(),
                          f32({1, 2, 2, 4}, {2, 0, 0.5, 0, 0, 0.5, 0, 3, -1, -1, 1, 1, 0, -2, 0, 0})));
}

TEST(RoPEEval, Bf16ResultRoundsOnceFromF32) {
  // The f32 result 1 + 2^-8 + 2^-16 lies above the bf16 tie and rounds up to 1 + 2^-7.
  const std::string src = R"(
func rp(q: Tensor[(1, 1, 1, 2), bf16], k: Tensor[(1, 1, 1, 2), bf16], c: Tensor[(1, 2), f32], s: Tensor[(1, 2), f32], p: Tensor[(1,), i32]) -> Tuple[Tensor[(1, 1, 1, 2), bf16], Tensor[(1, 1, 1, 2), bf16]] {
    r = rope(q, k, c, s, p)
    return r
}
)";
  // D = 2: rot(x) = (-x1, x0) = (1, 1) for x = (1, -1); y0 = x0 * c0 + 1 * s0 with
  // c0 = 1 + 2^-8 and s0 = 2^-16 (f32 tables).
  const double c0 = 1 + std::ldexp(1.0, -8);
  Result<Value> r = run_tfir(src, {tensor_of(DType::bf16(), {1, 1, 1, 2}, {1, -1}),
                                   tensor_of(DType::bf16(), {1, 1, 1, 2}, {1, -1}),
                                   f32({1, 2}, {c0, 1}), f32({1, 2}, {std::ldexp(1.0, -16), 0}),
                                   i32({1}, {0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  // y1 = x1 * c1 + x0 * s1 = -1 * 1 + 1 * 0 = -1.
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(),
                          tensor_of(DType::bf16(), {1, 1, 1, 2}, {1 + std::ldexp(1.0, -7), -1})));
}

TEST(RoPEEval, PositionOutsideTheTableIsAnEvalError) {
  const Tensor q = f32({1, 2, 1, 4}, std::vector<double>(8, 1));
  const Tensor k = f32({1, 2, 2, 4}, std::vector<double>(16, 1));
  EXPECT_TRUE(fails_with(run_tfir(kRope, {q, k, cos_table(), sin_table(), i64({2}, {0, 3})}), DiagCategory::Eval,
                         "pos_ids[1] = 3 is outside the 3 table rows [0, 3)"));
  EXPECT_TRUE(fails_with(run_tfir(kRope, {q, k, cos_table(), sin_table(), i64({2}, {-1, 0})}), DiagCategory::Eval,
                         "pos_ids[0] = -1 is outside"));
}

TEST(RoPEEval, ShapesOutsideTheBSHDContractAreEvalErrors) {
  const char* rank3 = R"(
func rp(q: Tensor[(2, 1, 4), f32], k: Tensor[(2, 1, 4), f32], c: Tensor[(3, 4), f32], s: Tensor[(3, 4), f32], p: Tensor[(2,), i64]) -> Tuple[Tensor[(2, 1, 4), f32], Tensor[(2, 1, 4), f32]] {
    r = rope(q, k, c, s, p)
    return r
}
)";
  const Tensor x = f32({2, 1, 4}, std::vector<double>(8, 1));
  EXPECT_TRUE(fails_with(run_tfir(rank3, {x, x, cos_table(), sin_table(), i64({2}, {0, 1})}), DiagCategory::Eval,
                         "q must be [B, S, H, D] (rank 4)"));
  const char* float_pos = R"(
func rp(q: Tensor[(1, 2, 1, 4), f32], k: Tensor[(1, 2, 1, 4), f32], c: Tensor[(3, 4), f32], s: Tensor[(3, 4), f32], p: Tensor[(2,), f32]) -> Tuple[Tensor[(1, 2, 1, 4), f32], Tensor[(1, 2, 1, 4), f32]] {
    r = rope(q, k, c, s, p)
    return r
}
)";
  const Tensor y = f32({1, 2, 1, 4}, std::vector<double>(8, 1));
  EXPECT_TRUE(fails_with(run_tfir(float_pos, {y, y, cos_table(), sin_table(), f32({2}, {0, 1})}),
                         DiagCategory::Eval, "pos_ids must be an integer tensor, found f32"));
  const char* short_table = R"(
func rp(q: Tensor[(1, 2, 1, 4), f32], k: Tensor[(1, 2, 1, 4), f32], c: Tensor[(3, 2), f32], s: Tensor[(3, 2), f32], p: Tensor[(2,), i64]) -> Tuple[Tensor[(1, 2, 1, 4), f32], Tensor[(1, 2, 1, 4), f32]] {
    r = rope(q, k, c, s, p)
    return r
}
)";
  const Tensor t = f32({3, 2}, std::vector<double>(6, 1));
  EXPECT_TRUE(fails_with(run_tfir(short_table, {y, y, t, t, i64({2}, {0, 1})}), DiagCategory::Eval,
                         "cos_cache must be [P, 4], found shape (3, 2)"));
}

std::string quant_fn(const std::string& x, const std::string& q, const std::string& s, int group) {
  return "func qt(x: Tensor[" + x + ", f32]) -> Tuple[Tensor[" + q + ", fp8e4m3], Tensor[" + s +
         ", f32]] {\n    r = quant(x, group=" + std::to_string(group) + ")\n    return r\n}\n";
}

TEST(QuantEval, HirCoreProgram14) {
  // Group 4 over [[1, -2, 0.3, 7], [0, 0, 0, 0]]: scale 7/448 = 2^-6, 0.3 / 2^-6 = 19.2 -> 20;
  // an all-zero group has scale 1.
  Result<Value> r = run_tfir(quant_fn("(2, 4)", "(2, 4)", "(2, 1)", 4),
                             {f32({2, 4}, {1, -2, 0.3, 7, 0, 0, 0, 0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(),
                          tensor_of(DType::fp8e4m3(), {2, 4}, {64, -128, 20, 448, 0, 0, 0, 0})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({2, 1}, {0.015625, 1.0})));
  // scale = f32(4 / 448); 1 / scale = 111.99999 -> 112, 3 / scale = 336 ties to even -> 320.
  Result<Value> t = run_tfir(quant_fn("(1, 4)", "(1, 4)", "(1, 1)", 4), {f32({1, 4}, {1, -2, 3, 4})});
  ASSERT_TRUE(t.ok()) << error_text(t);
  EXPECT_TRUE(same_tensor(t->items()[0].tensor(),
                          tensor_of(DType::fp8e4m3(), {1, 4}, {112, -224, 320, 448})));
  EXPECT_TRUE(same_tensor(t->items()[1].tensor(), f32({1, 1}, {0.008928571827709675})));
}

TEST(QuantEval, SeveralGroupsPerRow) {
  // Group 2 over one row of 4: groups (1, -2) and (0.5, 0.25), scales 2/448 and 0.5/448.
  Result<Value> r = run_tfir(quant_fn("(1, 4)", "(1, 4)", "(1, 2)", 2),
                             {f32({1, 4}, {1, -2, 0.5, 0.25})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(),
                          tensor_of(DType::fp8e4m3(), {1, 4}, {224, -448, 448, 224})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(),
                          f32({1, 2}, {static_cast<float>(2.0f / 448.0f),
                                       static_cast<float>(0.5f / 448.0f)})));
}

TEST(QuantEval, NaNAndInfinityInAGroup) {
  // upstream's Quant: a NaN makes the scale and the whole group NaN; an inf makes the scale inf,
  // that element NaN (inf / inf) and the others +-0.
  Result<Value> r = run_tfir(quant_fn("(2, 4)", "(2, 4)", "(2, 1)", 4),
                             {f32({2, 4}, {1, kNaN, 2, 3, kInf, 1, -2, 0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(),
                          tensor_of(DType::fp8e4m3(), {2, 4},
                                    {kNaN, kNaN, kNaN, kNaN, kNaN, 0, -0.0, 0})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({2, 1}, {kNaN, kInf})));
}

TEST(QuantEval, IndivisibleRuntimeLastExtentIsAnEvalError) {
  const std::string src = "dim L = DimVar(\"L\", 1, 17)\n" +
                          quant_fn("(2, L)", "(2, L)", "(2, L // 4)", 4);
  EXPECT_TRUE(fails_with(run_tfir(src, {f32({2, 6}, std::vector<double>(12, 1))}),
                         DiagCategory::Eval, "the last extent 6 of x (2, 6) is not divisible by group 4"));
}

TEST(QuantEval, IndivisibleStaticLastExtentIsATypeError) {
  // HIR reference program 14: group 3 on a last extent of 4.
  Result<Value> r = run_tfir(quant_fn("(1, 4)", "(1, 4)", "(1, 1)", 3), {f32({1, 4}, {1, 2, 3, 4})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Type) << error_text(r);
}

}  // namespace
}  // namespace tf::eval::testing
