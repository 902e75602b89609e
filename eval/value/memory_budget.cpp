#include "eval/value/memory_budget.h"

#include "eval/value/eval_limits.h"

#include <fmt/format.h>
#include <unistd.h>

#include <limits>

namespace tf::eval {
namespace {

thread_local std::shared_ptr<MemoryAccount> current_account;

}  // namespace

MemoryBudgetExceeded::MemoryBudgetExceeded(std::int64_t requested_bytes, std::int64_t live_bytes,
                                           std::int64_t limit_bytes)
    : std::runtime_error(fmt::format("{} bytes requested with {} live, over the budget of {}",
                                     requested_bytes, live_bytes, limit_bytes)),
      requested(requested_bytes),
      live(live_bytes),
      limit(limit_bytes) {}

std::int64_t default_memory_budget() {
  const long pages = ::sysconf(_SC_PHYS_PAGES);
  const long page = ::sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page <= 0) return std::int64_t{1} << 30;
  return static_cast<std::int64_t>(pages) * page / 2;
}

std::int64_t EvalLimits::memory_bytes() const {
  return max_memory_bytes > 0 ? max_memory_bytes : default_memory_budget();
}

MemoryBudgetScope::MemoryBudgetScope(std::int64_t limit_bytes) : previous_(current_account) {
  current_account = std::make_shared<MemoryAccount>();
  current_account->limit = limit_bytes;
}

MemoryBudgetScope::~MemoryBudgetScope() { current_account = previous_; }

bool MemoryBudgetScope::active() { return current_account != nullptr; }

std::shared_ptr<MemoryAccount> charge_memory(std::int64_t bytes) {
  if (!current_account) return nullptr;
  MemoryAccount& a = *current_account;
  const std::int64_t live = a.live.load();
  if (bytes > a.limit - live) throw MemoryBudgetExceeded(bytes, live, a.limit);
  a.live += bytes;
  return current_account;
}

void refuse_oversized_request() {
  constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
  if (!current_account) throw MemoryBudgetExceeded(kMax, 0, 0);
  throw MemoryBudgetExceeded(kMax, current_account->live.load(), current_account->limit);
}

ScratchCharge::ScratchCharge(std::int64_t count, std::int64_t element_bytes) {
  std::int64_t bytes = 0;
  if (__builtin_mul_overflow(count, element_bytes, &bytes)) refuse_oversized_request();
  account_ = charge_memory(bytes);
  bytes_ = bytes;
}

ScratchCharge::ScratchCharge(ScratchCharge&& other) noexcept
    : account_(std::move(other.account_)), bytes_(other.bytes_) {
  other.bytes_ = 0;
}

ScratchCharge& ScratchCharge::operator=(ScratchCharge&& other) noexcept {
  if (this != &other) {
    release();
    account_ = std::move(other.account_);
    bytes_ = other.bytes_;
    other.bytes_ = 0;
  }
  return *this;
}

ScratchCharge::~ScratchCharge() { release(); }

void ScratchCharge::release() {
  if (account_) account_->live -= bytes_;
  account_ = nullptr;
  bytes_ = 0;
}

}  // namespace tf::eval
