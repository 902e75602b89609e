// TF_LAW: a RapidCheck property registered as a gtest; check_law runs any testable as the
// current gtest; replay_law runs the one case a reproduce string names.
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

/// Replays one case of a law as the current gtest: `reproduce` is the string RapidCheck printed
/// when the law (registered as `law_id`, "Suite/Name") failed. The case it names (the generated
/// value and its shrink path) is rebuilt and run once; it must now pass. A regression test of a
/// counterexample the long runs found, independent of RC_PARAMS. Fails too when the string
/// names no case any more (the generator changed): then take a new string from a failing run.
template <typename Testable>
void replay_law(Testable&& testable, const std::string& law_id, const std::string& reproduce) {
  using namespace rc::detail;
  const Configuration config = configFromString("reproduce=" + reproduce);
  const auto entry = config.reproduce.find(law_id);
  ASSERT_NE(entry, config.reproduce.end()) << "the reproduce string names another law";
  const rc::detail::Property property = toProperty(std::forward<Testable>(testable));
  const auto shrunk = rc::shrinkable::walkPath(property(entry->second.random, entry->second.size),
                                               entry->second.shrinkPath);
  ASSERT_TRUE(bool(shrunk)) << "the reproduce string names no case of today's generator";
  const CaseDescription c = shrunk->value();
  if (c.result.type == CaseResult::Type::Success) return;
  std::ostringstream ss;
  ss << c.result.description << "\n";
  if (c.example)
    for (const auto& [type, value] : c.example()) ss << type << ":\n" << value << "\n";
  FAIL() << ss.str();
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
