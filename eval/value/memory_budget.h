// The memory budget of an evaluation: a limit on the bytes of tensor storage live at once,
// checked before every allocation, so that `zeros(type=Tensor[(100000, 100000), f32])` or a
// huge splat is a diagnostic naming the request and the budget instead of std::bad_alloc.
//
// Design note. Tensors are allocated by every op handler and by the literal reader; threading a
// budget through all of them would change every signature. Instead a MemoryBudgetScope installs
// an account for the current thread; Tensor::make charges it (and throws MemoryBudgetExceeded
// when the request does not fit), and each buffer's deleter refunds it, holding the account alive
// while any charged buffer is. The evaluator catches the exception around each op and reports it
// as an eval diagnostic naming the op; the CLI does the same around the inputs it builds.
// Without a scope, allocation is unlimited (library users that set no budget).
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace tf::eval {

/// Bytes that may be live at once, and how many are.
struct MemoryAccount {
  std::int64_t limit = 0;
  std::atomic<std::int64_t> live{0};
};

/// Thrown by an allocation that does not fit the budget of the current scope.
class MemoryBudgetExceeded : public std::runtime_error {
 public:
  MemoryBudgetExceeded(std::int64_t requested, std::int64_t live, std::int64_t limit);
  std::int64_t requested;  ///< bytes asked for (INT64_MAX when the size itself overflows)
  std::int64_t live;       ///< bytes live when it was asked
  std::int64_t limit;      ///< the budget
};

/// The default budget: half of the machine's physical memory (1 GiB when it cannot be read).
std::int64_t default_memory_budget();

/// Installs a budget of `limit_bytes` for allocations on this thread until destroyed (the
/// previous scope, if any, is restored).
class MemoryBudgetScope {
 public:
  explicit MemoryBudgetScope(std::int64_t limit_bytes);
  ~MemoryBudgetScope();
  MemoryBudgetScope(const MemoryBudgetScope&) = delete;
  MemoryBudgetScope& operator=(const MemoryBudgetScope&) = delete;

  /// Whether a scope is installed on this thread.
  static bool active();

 private:
  std::shared_ptr<MemoryAccount> previous_;
};

/// Throws MemoryBudgetExceeded for a request whose size leaves int64 (requested INT64_MAX), with
/// the current scope's figures (0 without a scope): a value no budget can hold.
[[noreturn]] void refuse_oversized_request();

/// Holds a charge for scratch storage an op allocates besides its tensors (a widened copy of an
/// operand, results computed before they are rounded), refunded when destroyed or reassigned.
/// Throws MemoryBudgetExceeded as charge_memory does; `count * element_bytes` beyond int64 is
/// the largest request.
class ScratchCharge {
 public:
  ScratchCharge() = default;
  ScratchCharge(std::int64_t count, std::int64_t element_bytes);
  ScratchCharge(ScratchCharge&& other) noexcept;
  ScratchCharge& operator=(ScratchCharge&& other) noexcept;
  ~ScratchCharge();

 private:
  void release();
  std::shared_ptr<MemoryAccount> account_;
  std::int64_t bytes_ = 0;
};

/// Charges `bytes` to the current scope's account (none: nothing) and returns the account to
/// refund when the buffer is freed (null without a scope). Throws MemoryBudgetExceeded when
/// the request does not fit.
std::shared_ptr<MemoryAccount> charge_memory(std::int64_t bytes);

}  // namespace tf::eval
