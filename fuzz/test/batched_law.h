// A law whose cases compile kernels, run as a campaign (fuzz/campaign/campaign.h) instead of
// through rc::check: the campaign compiles the next cases' modules in one batch
// (cuda/driver/prefetch.h), as `tf fuzz` does, where rc::check would compile each case alone.
// RC_PARAMS' seed and max_success set the campaign's seed and case count, as they set a law's.
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <algorithm>
#include <functional>
#include <iostream>
#include <string>

#include "cuda/driver/prefetch.h"
#include "fuzz/campaign/campaign.h"
#include "fuzz/campaign/property.h"

namespace tf::fuzz {

/// Runs `body` (one case of a property, RC_ macros and all) for RC_PARAMS' max_success / divisor
/// cases, at most `cap`, from RC_PARAMS' seed, their modules compiled in batches; fails the
/// current gtest with the first finding, shrunk, and its reproducer.
inline void check_batched_law(const std::function<void()>& body, int divisor, int cap) {
  const rc::detail::TestParams params = rc::detail::configuration().testParams;
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  Property property{std::string(info->test_suite_name()) + "." + info->name(), "", body, [] { return std::string(); }, 1,
                    cuda::backend_prefetch()};
  CampaignOptions o;
  o.seed = params.seed;
  o.seconds = 0;  // bounded by the count
  o.cases = std::min(params.maxSuccess / divisor, cap);
  o.shrink_seconds = 30;
  o.max_findings = 1;
  const CampaignResult r = run_campaign(property, o);
  std::cout << property.name << ": " << r.cases << " cases (" << r.passed << " passed, " << r.discarded << " discarded), seed "
            << o.seed << "\n";
  for (const auto& [label, n] : r.tags) std::cout << "  " << n << "  " << label << "\n";
  if (!r.findings.empty()) {
    const Finding& f = r.findings.front();
    FAIL() << "case " << f.origin.case_index << " of seed " << o.seed << " failed: " << f.description << "\n"
           << f.example << "\n"
           << f.reproducer;
  }
  EXPECT_EQ(r.cases, o.cases);
}

}  // namespace tf::fuzz
