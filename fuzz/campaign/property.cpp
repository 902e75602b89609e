#include "fuzz/campaign/property.h"

#include <rapidcheck.h>

namespace tf::fuzz {
namespace {

thread_local std::optional<Witness> current_witness;

}  // namespace

void record_witness(Witness w) { current_witness = std::move(w); }

std::optional<Witness> take_witness() {
  std::optional<Witness> w = std::move(current_witness);
  current_witness.reset();
  return w;
}

void fail(std::string_view kind, std::string_view detail) {
  std::string description(kind);
  if (!detail.empty()) description += ": " + std::string(detail);
  RC_FAIL(description);
  __builtin_unreachable();
}

std::string failure_kind(std::string_view description) {
  const std::string_view line = description.substr(0, description.find('\n'));
  return std::string(line.substr(0, line.find(": ")));
}

}  // namespace tf::fuzz
