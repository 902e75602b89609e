// TF_LAW: a RapidCheck property registered as a gtest; check_law runs any testable as the
// current gtest. A counterexample becomes a regression test as its shrunk program, in text: a
// reproduce string names a case of one version of the generator only.
//
// Every parameter (seed, max_success, max_size, noshrink, reproduce) comes from RC_PARAMS, which
// ctest sets (cmake/TfTest.cmake): 200 cases in the unit run, 10,000 in the fuzz variants of the
// same binary. Unlike RC_GTEST_PROP, a success prints the RC_CLASSIFY / RC_TAG distribution when
// the law records one. A failure reports the shrunk counterexample and the reproduction string.
//
//   TF_LAW(LayoutLaws, CoalescePreservesTheFunction, (const Layout& l)) { RC_ASSERT(...); }
#pragma once

#include <algorithm>
#include <limits>

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/testing/named_law.h"

namespace tf::fuzz {

/// Runs `testable` as the current gtest with the RC_PARAMS configuration, its case count
/// divided by `divisor` and capped at `cap` (a law whose cases are expensive, such as one that
/// compiles a kernel per case: 1 and no cap for the others).
template <typename Testable>
void check_law(Testable&& testable, int divisor = 1, int cap = std::numeric_limits<int>::max()) {
  using namespace rc::detail;
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  TestMetadata metadata;
  metadata.id = std::string(info->test_suite_name()) + "/" + info->name();
  metadata.description = info->name();
  TestParams params = configuration().testParams;
  params.maxSuccess = std::min(params.maxSuccess / divisor, cap);
  const auto result = checkTestable(std::forward<Testable>(testable), metadata, params);
  if (result.template is<SuccessResult>()) {
    // Print the RC_CLASSIFY / RC_TAG distribution, if the law records one.
    if (!result.template get<SuccessResult>().distribution.empty()) {
      printResultMessage(result, std::cout);
      std::cout << std::endl;
    }
  } else {
    std::ostringstream ss;
    printResultMessage(result, ss);
    FAIL() << ss.str();
  }
}

/// Runs the law of `laws` named `name` as the current gtest (check_law); fails when none is.
inline void check_named_law(const std::vector<NamedLaw>& laws, std::string_view name) {
  for (const NamedLaw& l : laws)
    if (name == l.name) return check_law(l.body);
  FAIL() << "no law named " << name;
}

}  // namespace tf::fuzz

/// Defines a law (a RapidCheck property) as a gtest.
#define TF_LAW(Suite, Name, ArgList)                                           \
  void tf_law_impl_##Suite##_##Name ArgList;                                   \
  TEST(Suite, Name) { ::tf::fuzz::check_law(&tf_law_impl_##Suite##_##Name); }  \
  void tf_law_impl_##Suite##_##Name ArgList
