#include "fuzz/campaign/property.h"

#include <rapidcheck.h>

namespace tf::fuzz {
namespace {

thread_local std::optional<Witness> current_witness;
thread_local std::optional<std::chrono::steady_clock::time_point> first_recorded;

}  // namespace

void record_witness(Witness w) {
  if (!first_recorded) first_recorded = std::chrono::steady_clock::now();
  current_witness = std::move(w);
}

std::optional<Witness> take_witness() {
  std::optional<Witness> w = std::move(current_witness);
  current_witness.reset();
  first_recorded.reset();
  return w;
}

std::optional<std::chrono::steady_clock::time_point> first_witness_time() { return first_recorded; }

void fail(std::string_view kind, std::string_view detail) {
  std::string description(kind);
  if (!detail.empty()) description += ": " + std::string(detail);
  // Not RC_FAIL, which would put this file's name and line first.
  throw rc::detail::CaseResult(rc::detail::CaseResult::Type::Failure, description);
}

std::string failure_kind(std::string_view description) {
  const std::size_t eol = description.find('\n');
  const std::string_view line = description.substr(0, eol);
  if (!line.empty() && line.back() == ':' && eol != std::string_view::npos) {
    // RC_ASSERT's "PATH:LINE:" then the assertion: the file's name, the line and the assertion.
    const std::string_view rest = description.substr(eol + 1);
    const std::string_view assertion = rest.substr(0, rest.find('\n'));
    const std::size_t slash = line.find_last_of('/');
    return std::string(slash == std::string_view::npos ? line : line.substr(slash + 1)) + " " + std::string(assertion);
  }
  return std::string(line.substr(0, line.find(": ")));
}

}  // namespace tf::fuzz
