#include "cuda/emit/emit_support.h"

#include <fmt/format.h>

#include <limits>

#include "ir/support/checked_int.h"


namespace tf::cuda::detail {

Diagnostic not_emitted(std::string what) {
  return category_error(DiagCategory::Usage, fmt::format("not emitted yet: {}", what));
}

// The element type of `d` in the runtime, or nullopt.
std::optional<std::string> ctype(DType d) {
  if (d == DType::f32()) return "float";
  if (d == DType::f16()) return "tf_rt::f16";
  if (d == DType::bf16()) return "tf_rt::bf16";
  if (d == DType::fp8e4m3()) return "tf_rt::e4m3";
  if (d == DType::fp8e5m2()) return "tf_rt::e5m2";
  if (d == DType::f8e8m0()) return "tf_rt::e8m0";
  if (d == DType::f6e2m3()) return "tf_rt::e2m3";
  if (d == DType::f6e3m2()) return "tf_rt::e3m2";
  if (d == DType::f4e2m1()) return "tf_rt::e2m1";
  if (d == DType::i8()) return "std::int8_t";
  if (d == DType::i32()) return "std::int32_t";
  if (d == DType::i64()) return "std::int64_t";
  if (d == DType::boolean()) return "tf_rt::boolean";
  return std::nullopt;
}

std::vector<std::int64_t> ints_of(const IntTuple& t) {
  std::vector<std::int64_t> out;
  for (const IntTuple& leaf : leaves(t)) out.push_back(leaf.is_int() ? leaf.value() : -1);
  return out;
}

std::string int_list(const std::vector<std::int64_t>& v) {
  if (v.empty()) return "0";  // a rank-0 tensor's arrays hold one unused entry
  return fmt::format("{}", fmt::join(v, ", "));
}

// The bytes of one element of `d` as the runtime stores it: a whole byte for bool and f6 (their
// bit widths are 1 and 6; a bool tensor in shared memory sized from one bit overran the arena,
// found by the emulation law).
std::int64_t element_bytes(DType d) { return (d.bit_width() + 7) / 8; }

std::int64_t product(const std::vector<std::int64_t>& v) {
  std::int64_t n = 1;
  for (std::int64_t x : v) n *= x;
  return n;
}

std::optional<std::int64_t> checked_bytes(const std::vector<std::int64_t>& shape, DType d) {
  std::optional<std::int64_t> n = element_bytes(d);
  for (std::int64_t x : shape) {
    if (x < 0) return std::nullopt;
    n = checked_mul(*n, x);
    if (!n) return std::nullopt;
  }
  return n;
}

std::string int_literal(std::int64_t v) {
  if (v == std::numeric_limits<std::int64_t>::min()) return "(-9223372036854775807 - 1)";
  return fmt::format("{}", v);
}

// `text` on one line (a printed statement's first line, trimmed).
std::string one_line(const std::string& text) {
  std::string s = text.substr(0, text.find('\n'));
  const std::size_t b = s.find_first_not_of(' ');
  return b == std::string::npos ? s : s.substr(b);
}

}  // namespace tf::cuda::detail
