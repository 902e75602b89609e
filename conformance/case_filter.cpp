#include "conformance/case_filter.h"

#include <fmt/format.h>
#include <re2/re2.h>

namespace tf::conformance {

Result<CaseFilter> CaseFilter::make(const std::string& pattern) {
  CaseFilter f;
  if (pattern.empty()) return f;
  RE2::Options options;
  options.set_log_errors(false);
  auto re = std::make_shared<const RE2>(pattern, options);
  if (!re->ok())
    return category_error(DiagCategory::Usage,
                          fmt::format("--filter '{}' is not a regular expression (RE2 syntax): {}",
                                      pattern, re->error()));
  f.re_ = std::move(re);
  return f;
}

CaseFilter CaseFilter::exactly(std::string_view name) {
  CaseFilter f;
  f.re_ = std::make_shared<const RE2>("^" + RE2::QuoteMeta(re2::StringPiece(name.data(), name.size())) + "$");
  return f;
}

bool CaseFilter::selects(std::string_view name) const {
  return re_ == nullptr || RE2::PartialMatch(re2::StringPiece(name.data(), name.size()), *re_);
}

}  // namespace tf::conformance
