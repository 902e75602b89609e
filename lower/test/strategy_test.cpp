// The strategy each function gets (lower/strategy.h): the first that applies, with the reason
// each earlier one did not; the launch geometry in words; what one thread of a lowered kernel
// holds in registers.
#include "lower/hir_to_tir.h"

#include <gtest/gtest.h>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "lower/pipeline.h"

namespace tf::lower {
namespace {

Result<text::ReadFile> read(const std::string& source) {
  return text::read_file(source, "t.tfir", text::standard_context());
}

std::vector<FunctionStrategy> strategies(const std::string& source, bool mma_atom = false) {
  Result<text::ReadFile> f = read(source);
  EXPECT_TRUE(f.ok());
  if (!f.ok()) return {};
  Result<std::vector<FunctionStrategy>> s = explain_strategies(*f->module, text::standard_context(), mma_atom);
  EXPECT_TRUE(s.ok());
  return s.ok() ? *s : std::vector<FunctionStrategy>{};
}

using Passed = std::vector<std::pair<Strategy, std::string>>;

TEST(Strategy, ARowWiseFunctionGetsTheGridAndSaysWhyNotSharded) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
func scale(x: Tensor[(4500, 8), f32], w: Tensor[(8,), f32]) -> Tensor[(4500, 8), f32] {
    y = mul(x, w)
    return y
}
)");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].function, "scale");
  EXPECT_EQ(s[0].choice.strategy, Strategy::Grid);
  EXPECT_EQ(s[0].choice.passed_over, (Passed{{Strategy::Sharded, "no value carries a ShardLayout"}}));
  EXPECT_EQ(s[0].choice.geometry(), "2 CTAs x 256 threads, 8 rows each, and 404 tail rows on thread 0 of CTA 0");
}

TEST(Strategy, ASmallMatmulIsSerialAndEachStrategyBeforeSaysWhy) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
func mm(a: Tensor[(32, 16), bf16], b: Tensor[(16, 32), bf16]) -> Tensor[(32, 32), bf16] {
    c = matmul(a, b)
    return c
}
)");
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].choice.strategy, Strategy::Serial);
  EXPECT_EQ(s[0].choice.geometry(), "1 CTA x 1 thread");
  EXPECT_EQ(s[0].choice.passed_over,
            (Passed{{Strategy::Sharded, "no value carries a ShardLayout"},
                    {Strategy::Grid, "not row-wise over the leading axes (32, 32): a matmul of at most 65536 products is "
                                     "materialized by one thread"},
                    {Strategy::Mma, "the SM80 atom lowers only in the hir-to-tir-mma pass (not in the default pipeline)"}}));
}

TEST(Strategy, ALargerMatmulSpreadsItsRowsOrTakesTheAtomInTheMmaPass) {
  const std::string source = R"(tfir 1
func mm(a: Tensor[(64, 32), bf16], b: Tensor[(32, 64), bf16]) -> Tensor[(64, 64), bf16] {
    c = matmul(a, b)
    return c
}
)";
  const std::vector<FunctionStrategy> s = strategies(source);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].choice.strategy, Strategy::Grid);  // 131072 products: streamed, row by row
  EXPECT_EQ(s[0].choice.geometry(), "1 CTA x 64 threads, 1 row each");
  // In the hir-to-tir-mma pass the same function takes the atom.
  const std::vector<FunctionStrategy> m = strategies(source, /*mma_atom=*/true);
  ASSERT_EQ(m.size(), 1u);
  EXPECT_EQ(m[0].choice.strategy, Strategy::Mma);
  EXPECT_EQ(m[0].choice.geometry(), "1 CTA (1 x 1 tiles of 64 x 64) x 128 threads (4 warps) on SM80_16x8x16_F32BF16BF16F32_TN");
}

TEST(Strategy, AnF32MatmulIsNotTheAtomsAndSaysSo) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
func mm(a: Tensor[(64, 32), f32], b: Tensor[(32, 64), f32]) -> Tensor[(64, 64), f32] {
    c = matmul(a, b)
    return c
}
)",
                                                     true);
  ASSERT_EQ(s.size(), 1u);
  EXPECT_EQ(s[0].choice.strategy, Strategy::Grid);
  ASSERT_EQ(s[0].choice.passed_over.size(), 2u);
  EXPECT_EQ(s[0].choice.passed_over[1], (std::pair<Strategy, std::string>{Strategy::Mma, "the matmul is not of two bf16 matrix parameters"}));
}

TEST(Strategy, TheKernelOfTheChosenStrategyHoldsWhatItsRegisterTensorsHold) {
  Result<text::ReadFile> f = read(R"(tfir 1
func f(x: Tensor[(4, 8), f32], y: Tensor[(8, 4), f32]) -> Tensor[(4, 4), f32] {
    t = matmul(x, y)
    return t
}
)");
  ASSERT_TRUE(f.ok());
  Result<ModuleRef> lowered = lower_function(*f->module, "f", text::standard_context());
  ASSERT_TRUE(lowered.ok());
  const auto* kernel = function_as<tir::PrimFunction>((*lowered)->find("f_kernel"));
  ASSERT_NE(kernel, nullptr);
  // The serial rule's one thread holds the products tensor (4 x 4 x 8 f32, 512 bytes) and the
  // result (4 x 4 f32, 64 bytes) whole.
  EXPECT_EQ(register_bytes_per_thread(*kernel), std::optional<std::int64_t>(576));
}

// quant is row-wise (its tuple's fields are row values); an op without a row-wise rule takes a
// parameter as a shared value even when its shape is the rows' (a square attention's keys), and
// a call of shared values only is shared; such a parameter returned as rows has no plan.
TEST(Strategy, AQuantAndATransposedWeightSpreadTheirRows) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
func epilogue(c: Tensor[(4096, 512), bf16]) -> Tuple[Tensor[(4096, 512), fp8e4m3], Tensor[(4096, 4), f32]] {
    q = quant(c, group=128)
    return q
}
func head(q: Tensor[(256, 64), f32], k: Tensor[(256, 64), f32], v: Tensor[(256, 64), f32]) -> Tensor[(256, 64), f32] {
    kt = transpose(k, perm=(1, 0))
    s = matmul(q, kt)
    p = softmax(s, axis=1)
    o = matmul(p, v)
    return o
}
func both(x: Tensor[(8, 4), f32]) -> Tuple[Tensor[(4, 8), f32], Tensor[(8, 4), f32]] {
    t = transpose(x, perm=(1, 0))
    return (t, x)
}
)");
  ASSERT_EQ(s.size(), 3u);
  EXPECT_EQ(s[0].choice.strategy, Strategy::Grid);  // 8 rows a thread pass the budget a little: 4, a power of two
  EXPECT_EQ(s[0].choice.geometry(), "4 CTAs x 256 threads, 4 rows each");
  ASSERT_EQ(s[1].choice.strategy, Strategy::Grid);
  EXPECT_EQ(s[1].choice.geometry(), "1 CTA x 256 threads, 1 row each");
  ASSERT_EQ(s[1].choice.grid->shared_row_shaped.size(), 2u);  // k (transposed) and v (a matmul's b)
  EXPECT_EQ(s[2].choice.strategy, Strategy::Serial);
}

// rope spreads the tokens of one sequence (its positions a row value, viewed as the rows) and
// the sequences of a batch (its positions shared: a view repeating them would not be injective).
TEST(Strategy, ARopeSpreadsItsTokensOrItsSequences) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
func one(q: Tensor[(1, 512, 8, 64), bf16], k: Tensor[(1, 512, 2, 64), bf16], c: Tensor[(1024, 64), f32], s: Tensor[(1024, 64), f32], p: Tensor[(512,), i64]) -> Tuple[Tensor[(1, 512, 8, 64), bf16], Tensor[(1, 512, 2, 64), bf16]] {
    r = rope(q, k, c, s, p)
    return r
}
func batch(q: Tensor[(64, 512, 8, 64), bf16], k: Tensor[(64, 512, 2, 64), bf16], c: Tensor[(1024, 64), f32], s: Tensor[(1024, 64), f32], p: Tensor[(512,), i64]) -> Tuple[Tensor[(64, 512, 8, 64), bf16], Tensor[(64, 512, 2, 64), bf16]] {
    r = rope(q, k, c, s, p)
    return r
}
)");
  ASSERT_EQ(s.size(), 2u);
  ASSERT_EQ(s[0].choice.strategy, Strategy::Grid);
  EXPECT_EQ(s[0].choice.grid->rows.size(), 2u);
  EXPECT_EQ(s[0].choice.grid->broadcast_params, (std::vector<bool>{false, false, false, false, true}));
  EXPECT_EQ(s[0].choice.geometry(), "1 CTA x 256 threads, 2 rows each");
  ASSERT_EQ(s[1].choice.strategy, Strategy::Grid);
  EXPECT_EQ(s[1].choice.grid->rows.size(), 1u);
  EXPECT_EQ(s[1].choice.grid->broadcast_params, (std::vector<bool>(5, false)));
  EXPECT_EQ(s[1].choice.geometry(), "1 CTA x 64 threads, 1 row each");
}

// A reshape that keeps each row's elements (heads split from a token's row) is row-wise, over a
// DimVar batch too; one that moves elements between rows, of a parameter, is a view of it whose
// elements every thread views its own of (spread over the result's elements).
TEST(Strategy, AReshapeOfEachRowSpreadsItsRows) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
dim T = DimVar("T", 1, 4097)
func split(x: Tensor[(T, 256), f32]) -> Tensor[(T, 4, 64), f32] {
    h = reshape(x, new_shape=(T, 4, 64))
    r = relu(h)
    return r
}
func across(x: Tensor[(64, 8), f32]) -> Tensor[(32, 16), f32] {
    h = reshape(x, new_shape=(32, 16))
    r = relu(h)
    return r
}
)");
  ASSERT_EQ(s.size(), 2u);
  ASSERT_EQ(s[0].choice.strategy, Strategy::Grid);
  EXPECT_TRUE(s[0].choice.grid->strided);
  ASSERT_EQ(s[1].choice.strategy, Strategy::Grid);
  EXPECT_EQ(s[1].choice.grid->rows.size(), 2u);
}

// A layer norm of 8,192-wide rows: at 8 rows a thread its kernel would hold about 1.2 MB (more
// than the 512 KiB of local memory a CUDA thread has); the budget (kGridThreadBytes) gives each
// thread one row, over 16 CTAs, and --explain says so. Narrow rows keep 8 a thread.
TEST(Strategy, AGridThreadHoldsFewerRowsWhenItsRowsPassTheBudget) {
  const std::vector<FunctionStrategy> s = strategies(R"(tfir 1
func wide(x: Tensor[(4096, 8192), bf16], w: Tensor[(8192,), bf16], b: Tensor[(8192,), bf16]) -> Tensor[(4096, 8192), bf16] {
    r = layer_norm(x, w, b, axis=-1, eps=1e-5)
    return r
}
func narrow(x: Tensor[(4096, 16), bf16], w: Tensor[(16,), bf16], b: Tensor[(16,), bf16]) -> Tensor[(4096, 16), bf16] {
    r = layer_norm(x, w, b, axis=-1, eps=1e-5)
    return r
}
)");
  ASSERT_EQ(s.size(), 2u);
  ASSERT_TRUE(s[0].choice.grid && s[1].choice.grid);
  EXPECT_EQ(s[0].choice.geometry(), "16 CTAs x 256 threads, 1 row each");
  EXPECT_EQ(s[1].choice.geometry(), "2 CTAs x 256 threads, 8 rows each");
  Result<text::ReadFile> f = read(R"(tfir 1
func wide(x: Tensor[(2100, 8192), bf16], w: Tensor[(8192,), bf16], b: Tensor[(8192,), bf16]) -> Tensor[(2100, 8192), bf16] {
    r = layer_norm(x, w, b, axis=-1, eps=1e-5)
    return r
}
)");
  ASSERT_TRUE(f.ok());
  Result<ModuleRef> lowered = lower_function(*f->module, "wide", text::standard_context());
  ASSERT_TRUE(lowered.ok());
  const auto* kernel = function_as<tir::PrimFunction>((*lowered)->find("wide_kernel"));
  ASSERT_NE(kernel, nullptr);
  // One row a thread (8 CTAs x 256 threads, 52 rows left one at a time on thread 0): the shared
  // w and b widened to f32 (65,536 bytes) and one row's values (147,460 bytes), the tail's too,
  // and the tail loop's five i64 registers (its start, the row offset, the row, the row's size
  // and its first element).
  EXPECT_EQ(register_bytes_per_thread(*kernel), std::optional<std::int64_t>(2 * (65536 + 147460) + 5 * 8));
}

}  // namespace
}  // namespace tf::lower
