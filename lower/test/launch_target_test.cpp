// Target lowering's Launch check: clusters and launch attributes a target lacks are rejected.
#include "lower/launch_target.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "ir/core/core_ops.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/support/testing/rule_ids.h"
#include "ir/tir/launch.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/callable_type.h"
#include "ir/type/unit_type.h"

namespace tf::lower {
namespace {

using test::Ids;
using test::rule_ids;

const OpHandlers& tables() {
  static OpHandlers* h = [] {
    auto* r = new OpRegistry();
    auto* t = new OpHandlers(*r);
    register_core_ops(*r, *t);
    tir::register_tir_ops(*r, *t);
    return t;
  }();
  return *h;
}

CallRef launch(std::vector<NamedAttr> attrs) {
  const Op op = tir::tir_op(tir::TirOp::Launch, tables().registry());
  IRType kernel_type = CallableType::make(UnitType::make(), {}).value();
  std::vector<Expr> args{Expr(SymbolRef::make("k", kernel_type).value())};
  for (int i = 0; i < 6; ++i)
    args.push_back(test::constant(std::int64_t{1}, test::tensor({}, DType::i64(), StorageKind::Rmem)));
  return Call::make(op, std::move(args), std::move(attrs), UnitType::make()).value();
}

const CudaTarget kSm80{8, 0};
const CudaTarget kSm90{9, 0};

// covers: TIR.2.3.LAUNCH.unsupported-config-rejected
TEST(LaunchTarget, ClustersNeedSm90AndAtMostEightBlocks) {
  const std::vector<std::int64_t> two{2, 1, 1}, sixteen{4, 4, 1};
  EXPECT_TRUE(check_launch_for_target(*launch({}), kSm80).empty());
  EXPECT_TRUE(check_launch_for_target(*launch({{"cluster", AttrValue(two)}}), kSm90).empty());
  std::vector<Diagnostic> old = check_launch_for_target(*launch({{"cluster", AttrValue(two)}}), kSm80);
  EXPECT_EQ(rule_ids(old), Ids{"TIR.2.3.LAUNCH.unsupported-config-rejected"});
  EXPECT_EQ(old[0].message,
            "cluster=(2, 1, 1) needs thread-block clusters, which sm_80 does not have (sm_90 and later)");
  std::vector<Diagnostic> big = check_launch_for_target(*launch({{"cluster", AttrValue(sixteen)}}), kSm90);
  EXPECT_EQ(big[0].message, "cluster=(4, 4, 1) has 16 blocks; sm_90 supports at most 8 per cluster");
}

TEST(LaunchTarget, AttributesNeedTheirTargetAndBooleanValues) {
  tir::LaunchAttrs pss{{{tir::CudaLaunchAttr::ProgrammaticStreamSerialization, 1}}};
  tir::LaunchAttrs coop2{{{tir::CudaLaunchAttr::Cooperative, 2}}};
  tir::LaunchAttrs prio{{{tir::CudaLaunchAttr::Priority, -3}}};
  EXPECT_TRUE(check_launch_for_target(*launch({{"attrs", AttrValue(pss.flatten())}}), kSm90).empty());
  EXPECT_TRUE(check_launch_for_target(*launch({{"attrs", AttrValue(prio.flatten())}}), kSm80).empty());
  std::vector<Diagnostic> d = check_launch_for_target(*launch({{"attrs", AttrValue(pss.flatten())}}), kSm80);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].message,
            "launch attribute programmatic_stream_serialization is not supported on sm_80 (sm_90 and later)");
  d = check_launch_for_target(*launch({{"attrs", AttrValue(coop2.flatten())}}), kSm90);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].message, "launch attribute cooperative takes 0 or 1, got 2");
}

TEST(LaunchTarget, ATargetIsSpelledAsNvccSpellsIt) {
  const auto parsed = [](std::string_view name) {
    std::optional<CudaTarget> t = parse_cuda_target(name);
    return t ? fmt::format("{}.{}", t->major, t->minor) : std::string("none");
  };
  EXPECT_EQ(parsed("sm_80"), "8.0");
  EXPECT_EQ(parsed("sm_90a"), "9.0");
  EXPECT_EQ(parsed("sm_120"), "12.0");
  EXPECT_EQ(parsed("sm_86"), "8.6");
  for (std::string_view bad : {"", "sm_", "sm_9", "90", "sm_9x", "sm_1200", "sm_90ab", "SM_90"}) EXPECT_EQ(parsed(bad), "none") << bad;
}

}  // namespace
}  // namespace tf::lower
