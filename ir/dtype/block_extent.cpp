#include "ir/dtype/block_extent.h"

#include <charconv>
#include <functional>

#include "ir/support/check.h"

namespace tf {

std::int64_t BlockExtent::count() const {
  TF_CHECK(!is_whole(), "count() of the Whole extent");
  return count_;
}

const WholeExtent& BlockExtent::whole() const {
  TF_CHECK(is_whole(), "whole() of the count extent {}", count_);
  return *whole_;
}

std::string BlockExtent::str() const {
  return is_whole() ? std::string(whole_->repr()) : std::to_string(count_);
}

Result<BlockExtent> BlockExtent::parse(std::string_view text) {
  if (text == Whole.repr()) return BlockExtent(Whole);
  std::int64_t value = 0;
  const char* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || ptr != end)
    return category_error(DiagCategory::Parse, "expected an integer extent or 'Whole', found '" +
                                                   std::string(text) + "'");
  return BlockExtent(value);
}

std::size_t BlockExtent::hash() const {
  return is_whole() ? std::hash<const void*>()(whole_) : std::hash<std::int64_t>()(count_);
}

}  // namespace tf
