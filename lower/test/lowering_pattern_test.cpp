// The op rules as conversion patterns (lower/lowering_pattern.h): the operand form each op's
// pattern declares, a call's own refusal reported before its operands' (the match runs before
// the operands are converted), and what a row value becomes in a grid part (lower/grid_part.h).
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "ir/hir/math_ops.h"
#include "ir/hir/nn_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "lower/grid_part.h"
#include "lower/hir_to_tir.h"
#include "lower/lower_rules.h"

namespace tf::lower {
namespace {

TEST(LoweringPatterns, EachOpDeclaresHowItsOperandsAreConverted) {
  using hir::MathOp, hir::NnOp, hir::TensorOp;
  const OpRegistry& registry = text::standard_context().registry();
  LoweringPatterns patterns(registry);
  register_lowering_rules(registry, patterns);
  auto pattern = [&](Op op) {
    const LoweringPattern* p = patterns.find(op);
    EXPECT_NE(p, nullptr) << op.name();
    return p != nullptr ? *p : LoweringPattern{};
  };
  // Elementwise ops read their operands as their result is held (local parts when distributed).
  for (Op op : {hir::math_op(MathOp::Binary, registry), hir::math_op(MathOp::Unary, registry), hir::nn_op(NnOp::ReLU, registry),
                hir::tensor_op(TensorOp::Cast, registry), hir::tensor_op(TensorOp::Reduce, registry)})
    EXPECT_EQ(pattern(op).form, OperandForm::AsResult) << op.name();
  for (Op op : {hir::math_op(MathOp::Clamp, registry), hir::nn_op(NnOp::RMSNorm, registry), hir::nn_op(NnOp::SoftMax, registry),
                hir::nn_op(NnOp::MatMul, registry), hir::tensor_op(TensorOp::Zeros, registry),
                hir::tensor_op(TensorOp::FullLike, registry), hir::tensor_op(TensorOp::Transpose, registry),
                hir::tensor_op(TensorOp::Reshape, registry), hir::tensor_op(TensorOp::Split, registry),
                hir::tensor_op(TensorOp::Where, registry)})
    EXPECT_EQ(pattern(op).form, OperandForm::Whole) << op.name();
  EXPECT_EQ(pattern(hir::sharding_op(hir::ShardingOp::Reshard, registry)).form, OperandForm::Held);
  // A slice reads its tuple of starts as HIR literals.
  EXPECT_EQ(pattern(hir::tensor_op(TensorOp::Slice, registry)).form, OperandForm::Raw);
  // The rules that refuse a call by its type or attributes do so before its operands are lowered.
  for (Op op : {hir::math_op(MathOp::Clamp, registry), hir::nn_op(NnOp::Conv2D, registry),
                hir::tensor_op(TensorOp::Reshape, registry), hir::tensor_op(TensorOp::Split, registry)})
    EXPECT_NE(pattern(op).match, nullptr) << op.name();
  // Block-scaled values reach a cast (quantize, dequantize), the movers whose views and copies
  // keep whole blocks, and zeros, full_like and where (which quantize f32 values); no rule that
  // computes on elements.
  std::set<std::uint32_t> block_scaled;
  for (std::size_t i = 0; i < registry.size(); ++i)
    if (const LoweringPattern* p = patterns.find(registry.at(i)); p != nullptr && p->block_scaled)
      block_scaled.insert(registry.at(i).index());
  std::set<std::uint32_t> expected;
  for (TensorOp op : {TensorOp::CacheUpdate, TensorOp::Cast, TensorOp::Concat, TensorOp::FullLike, TensorOp::IndexCopy,
                      TensorOp::IndexSelect, TensorOp::InsertSlice, TensorOp::RepeatInterleave, TensorOp::Reshape,
                      TensorOp::Slice, TensorOp::Split, TensorOp::Stack, TensorOp::Transpose, TensorOp::Where, TensorOp::Zeros})
    expected.insert(hir::tensor_op(op, registry).index());
  EXPECT_EQ(block_scaled, expected);
}

// A reshape to a DimVar no parameter carries is refused as the reshape, though its operand (a
// quant whose groups lie along a symbolic axis, refused too) comes first: the match runs before
// the operands are lowered.
TEST(LoweringPatterns, ACallsOwnRefusalComesBeforeItsOperands) {
  Result<text::ReadFile> f = text::read_file(R"(tfir 1
dim N = DimVar("N", 1, 9)
dim M = DimVar("M", 1, 9)

func f(x: Tensor[(8, N), f32]) -> Tensor[(M, 8), fp8e4m3] {
    q = quant(x, group=4)
    w = tuple_get_item(q, index=0)
    t = reshape(w, new_shape=(M, 8))
    return t
}
)",
                                             "t.tfir", text::standard_context());
  ASSERT_TRUE(f.ok()) << f.diagnostics().front().render();
  Result<ModuleRef> out = HirToTirPass().run(f->module, text::standard_context());
  ASSERT_FALSE(out.ok());
  ASSERT_EQ(out.diagnostics().size(), 1u);
  const std::string& message = out.diagnostics().front().message;
  EXPECT_NE(message.find("(binding `t`)"), std::string::npos) << message;
  EXPECT_NE(message.find("the extent M is a DimVar no parameter of @f carries"), std::string::npos) << message;
}

TEST(GridPart, ARowValueTakesThePartsLeadingAxes) {
  const GridPart part{{ShapeDim(12)}, {ShapeDim(2), ShapeDim(3), ShapeDim(2)}, nullptr};
  const std::vector<ShapeDim> row{ShapeDim(12), ShapeDim(5)}, shared{ShapeDim(5)};
  EXPECT_TRUE(part.is_row(row));
  EXPECT_FALSE(part.is_row(shared));
  EXPECT_FALSE(part.is_row({}));  // a scalar is never a row value
  EXPECT_EQ(part.held_shape(row), (std::vector<ShapeDim>{ShapeDim(2), ShapeDim(3), ShapeDim(2), ShapeDim(5)}));
  EXPECT_FALSE(part.held_layout(row).has_value());
  EXPECT_EQ(part.axis(row, 1), 3);
  EXPECT_EQ(part.axis(shared, 0), 0);
  // A reduction naming the rows spans every leading axis of the part.
  EXPECT_EQ(part.reduce_axes(row, {0, 1}), (std::vector<std::int64_t>{0, 1, 2, 3}));
  EXPECT_EQ(part.reduce_axes(row, {1}), (std::vector<std::int64_t>{3}));
  EXPECT_EQ(part.reduce_axes(shared, {0}), (std::vector<std::int64_t>{0}));
}

}  // namespace
}  // namespace tf::lower
