// Small pieces the kernel and host-entry emitters share: the refusal diagnostic, the runtime's
// element types, and formatting of integer lists and names.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "ir/dtype/dtype.h"
#include "ir/layout/int_tuple.h"
#include "ir/support/diagnostic.h"

namespace tf::cuda::detail {

/// The refusal of a construct the emitter does not emit yet: "not emitted yet: <what>" (Usage).
Diagnostic not_emitted(std::string what);
/// The element type of `d` in the runtime (`float`, `tf_rt::bf16`, ...), or nullopt.
std::optional<std::string> ctype(DType d);
/// The leaves of `t` as integers (-1 for a symbolic leaf).
std::vector<std::int64_t> ints_of(const IntTuple& t);
/// `v` as a C++ initializer list's contents ("0" for an empty one: a rank-0 array holds one).
std::string int_list(const std::vector<std::int64_t>& v);
/// The bytes of one element of `d` as the runtime stores it (bool is one byte).
std::int64_t element_bytes(DType d);
/// The product of `v` (1 when empty); for shapes whose byte size checked_bytes has bounded.
std::int64_t product(const std::vector<std::int64_t>& v);
/// The bytes of a tensor of `shape` and dtype `d` as the runtime stores it, or nullopt when that
/// leaves int64 (a symbolic extent counts at its largest value).
std::optional<std::int64_t> checked_bytes(const std::vector<std::int64_t>& shape, DType d);

/// What one CUDA thread may hold in local memory (register tensors spill there): 512 KiB.
inline constexpr std::int64_t kMaxLocalBytes = std::int64_t{512} << 10;
/// The shared memory one block may have (sm_90's opt-in maximum, 227 KiB; sm_80's is 163 KiB).
inline constexpr std::int64_t kMaxSmemBytes = std::int64_t{227} << 10;
/// A kernel's global workspace: at most 1 TiB, more than any GPU's memory.
inline constexpr std::int64_t kMaxGmemBytes = std::int64_t{1} << 40;
/// `v` as a C++ integer constant expression: its decimal, or for INT64_MIN (which has no literal:
/// `-9223372036854775808` negates an unsigned constant) `(-9223372036854775807 - 1)`.
std::string int_literal(std::int64_t v);
/// The first line of `text`, its leading spaces trimmed.
std::string one_line(const std::string& text);

}  // namespace tf::cuda::detail
