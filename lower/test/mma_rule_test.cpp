// Which matmuls the MMA rule takes: bf16 parameters, M and N multiples of 64, K a positive
// multiple of 32 (of any size: a K loop walks it); everything else goes to the per-thread rule.
#include "lower/mma_rule.h"

#include <gtest/gtest.h>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"

namespace tf::lower {
namespace {

std::optional<MmaPlan> plan_of(const std::string& signature, const std::string& body = "    c = matmul(a, b)\n    return c\n") {
  const std::string source = "tfir 1\nfunc f(" + signature + " {\n" + body + "}\n";
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", text::standard_context());
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.diagnostics().front().render());
  if (!f.ok()) return std::nullopt;
  const auto* fn = f->module->functions().front()->as<hir::Function>();
  return plan_mma(*fn, {fn->body()});
}

TEST(MmaRule, Bf16ParametersOfTileMultiplesArePlannedOneCtaPerTile) {
  const std::optional<MmaPlan> p = plan_of("a: Tensor[(128, 64), bf16], b: Tensor[(64, 192), bf16]) -> Tensor[(128, 192), bf16]");
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->m, 128);
  EXPECT_EQ(p->k, 64);
  EXPECT_EQ(p->n, 192);
  EXPECT_EQ(p->lhs, 0u);
  EXPECT_EQ(p->rhs, 1u);
  EXPECT_EQ(to_string(p->grid), "Mesh((Topology(\"cta\", 6),), Layout((2, 3), (1, 2)), names=(\"cm\", \"cn\"))");
  // The operands in the other order are still the parameters by index.
  const std::optional<MmaPlan> swapped =
      plan_of("b: Tensor[(32, 64), bf16], a: Tensor[(64, 32), bf16]) -> Tensor[(64, 64), bf16]");
  ASSERT_TRUE(swapped.has_value());
  EXPECT_EQ(swapped->lhs, 1u);
  EXPECT_EQ(swapped->rhs, 0u);
  // K is not bounded: the K loop walks it (a 4096^3 GEMM is a 64 x 64 grid).
  const std::optional<MmaPlan> big =
      plan_of("a: Tensor[(4096, 4096), bf16], b: Tensor[(4096, 4096), bf16]) -> Tensor[(4096, 4096), bf16]");
  ASSERT_TRUE(big.has_value());
  EXPECT_EQ(big->k, 4096);
  EXPECT_EQ(to_string(big->grid), "Mesh((Topology(\"cta\", 4096),), Layout((64, 64), (1, 64)), names=(\"cm\", \"cn\"))");
}

TEST(MmaRule, OtherDtypesShapesAndOperandsGoToThePerThreadRule) {
  EXPECT_FALSE(plan_of("a: Tensor[(64, 32), f16], b: Tensor[(32, 64), f16]) -> Tensor[(64, 64), f16]"));  // no f16 atom
  EXPECT_FALSE(plan_of("a: Tensor[(48, 32), bf16], b: Tensor[(32, 64), bf16]) -> Tensor[(48, 64), bf16]"));  // M
  EXPECT_FALSE(plan_of("a: Tensor[(64, 32), bf16], b: Tensor[(32, 72), bf16]) -> Tensor[(64, 72), bf16]"));  // N
  // K = 16: the atom's depth, but the 32 lanes split a's staged columns (this was an internal
  // error before the rule asked for it).
  EXPECT_FALSE(plan_of("a: Tensor[(64, 16), bf16], b: Tensor[(16, 64), bf16]) -> Tensor[(64, 64), bf16]"));
  EXPECT_FALSE(plan_of("a: Tensor[(64, 48), bf16], b: Tensor[(48, 64), bf16]) -> Tensor[(64, 64), bf16]"));  // K % 32
  EXPECT_FALSE(plan_of("a: Tensor[(2, 64, 32), bf16], b: Tensor[(32, 64), bf16]) -> Tensor[(2, 64, 64), bf16]"));  // batched
  // A computed operand, or more than the matmul in the body.
  EXPECT_FALSE(plan_of("a: Tensor[(64, 32), bf16], b: Tensor[(32, 64), bf16]) -> Tensor[(64, 64), bf16]",
                       "    n = neg(a)\n    c = matmul(n, b)\n    return c\n"));
  EXPECT_FALSE(plan_of("a: Tensor[(64, 32), bf16], b: Tensor[(32, 64), bf16]) -> Tensor[(64, 64), bf16]",
                       "    c = matmul(a, b)\n    r = relu(c)\n    return r\n"));
}

}  // namespace
}  // namespace tf::lower
