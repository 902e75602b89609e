// `tf coverage --require`: a prefix that names no rule is bad input (exit 2), not a pass.
#include "tools/tf/coverage_command.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "driver/report.h"

namespace tf::cli {
namespace {

CoverageRequest project(std::vector<std::string> require) {
  CoverageRequest r;
  r.root = TF_SOURCE_ROOT;
  r.require = std::move(require);
  return r;
}

TEST(CoverageCommand, ARequiredPrefixThatNamesNoRuleIsBadInput) {
  std::ostringstream out, err;
  EXPECT_EQ(run_coverage(project({"DTREP.", "TIR.9.NOPE."}), out, err), kExitBadInput);
  EXPECT_NE(err.str().find("--require 'TIR.9.NOPE.' matches no rule id of "), std::string::npos)
      << err.str();
}

TEST(CoverageCommand, RequiredFamiliesAtFullCoveragePassAndShowTheCompileTimeColumn) {
  std::ostringstream out, err;
  EXPECT_EQ(run_coverage(project({"TYPES.3.", "DTREP."}), out, err), kExitOk) << err.str();
  EXPECT_NE(out.str().find("compile-time"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("0 required rules not named by any test or case"), std::string::npos);
}

}  // namespace
}  // namespace tf::cli
