// Small pieces the kernel and host-entry emitters share: the refusal diagnostic, the runtime's
// element types, and formatting of integer lists and names.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
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
/// The product of `v` (1 when empty).
std::int64_t product(const std::vector<std::int64_t>& v);
/// `text` as a C++ string literal (quotes, backslashes and control characters escaped).
std::string quoted(const std::string& text);
/// The first line of `text`, its leading spaces trimmed.
std::string one_line(const std::string& text);
/// Names a generated identifier must not take (C++ keywords and the runtime's namespaces).
const std::set<std::string>& cpp_keywords();

}  // namespace tf::cuda::detail
