// Reading back `tf conform`'s case lines (case_lines.h), as tools/tf/conform_command.cpp prints
// them.
#include "tools/gpu_check/case_lines.h"

#include <gtest/gtest.h>

#include "conformance/case_filter.h"

namespace tf::gpu_check {
namespace {

TEST(CaseLines, EveryStatusAndItsName) {
  const auto pass = parse_case_line("PASS tir/mma/sm80-16x8x16-selects-columns");
  ASSERT_TRUE(pass);
  EXPECT_EQ(pass->status, CaseLine::Status::Passed);
  EXPECT_EQ(pass->name, "tir/mma/sm80-16x8x16-selects-columns");
  const auto fail = parse_case_line("FAIL hir/x: output differs: [0] 1 vs 2 (conformance/cases/hir/x.tfir:12:5)");
  ASSERT_TRUE(fail);
  EXPECT_EQ(fail->status, CaseLine::Status::Failed);
  EXPECT_EQ(fail->name, "hir/x");
  EXPECT_EQ(fail->rest, "output differs: [0] 1 vs 2 (conformance/cases/hir/x.tfir:12:5)");
  EXPECT_EQ(parse_case_line("SKIP a: why (f:1:1)")->status, CaseLine::Status::Skipped);
  EXPECT_EQ(parse_case_line("CRASH a: check failed (f:1:1)")->status, CaseLine::Status::Crashed);
}

TEST(CaseLines, OtherLinesAreNotCases) {
  EXPECT_FALSE(parse_case_line("12 passed, 1 failed, 3 skipped"));
  EXPECT_FALSE(parse_case_line("tf: error[usage]: no case to run"));
  EXPECT_FALSE(parse_case_line("FAIL without-a-reason"));
  EXPECT_FALSE(parse_case_line("PASS "));
}

TEST(CaseLines, TheTallyCountsAndSetsInterruptedCasesApart) {
  CaseTally t;
  for (const char* line : {"PASS a", "PASS b", "FAIL c: differs (f:1:1)", "SKIP d: level (f:1:1)",
                           "CRASH e: check (f:1:1)", "FAIL f: interrupted (Ctrl-C) (f:1:1)", "3 passed"})
    t.add(line);
  EXPECT_EQ(t.passed, 2);
  EXPECT_EQ(t.failed, 1);
  EXPECT_EQ(t.skipped, 1);
  EXPECT_EQ(t.crashed, 1);
  EXPECT_EQ(t.interrupted, 1);
  EXPECT_EQ(t.total(), 6);
  EXPECT_EQ(t.passed_names, (std::vector<std::string>{"a", "b"}));
  EXPECT_EQ(t.failures, (std::vector<std::string>{"FAIL c: differs (f:1:1)", "CRASH e: check (f:1:1)"}));
}

TEST(CaseLines, TheNamesFilterSelectsExactlyItsNames) {
  const std::vector<std::string> names{"tir/mma/sm80-16x8x16", "a.b (c) [d]+*?", "with space", "odd\\E\\Qname", "x"};
  Result<conformance::CaseFilter> f = conformance::CaseFilter::make(exact_names_filter(names));
  ASSERT_TRUE(f.ok()) << f.diagnostics().front().message;
  for (const std::string& n : names) EXPECT_TRUE(f->selects(n)) << n;
  for (const char* other :
       {"tir/mma/sm80-16x8x16-more", "ab (c) [d]+*?", "xx", "", "tir/mma/sm80X16x8x16", "with  space"})
    EXPECT_FALSE(f->selects(other)) << other;
}

}  // namespace
}  // namespace tf::gpu_check
