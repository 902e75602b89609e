// Pattern kinds, matching, DimVarRangePat::make and the tfir spelling of patterns. (Structural
// equality and hashing of patterns are generated with the others in structural.cpp.)
#include "ir/core/pattern.h"

#include <fmt/format.h>

#include <ostream>
#include <tuple>

#include "ir/core/dim_var_range_pat.h"

namespace tf {

namespace {

// A pattern prints as its kind name applied to its fields, in field-list order: strings
// quoted (with \" and \\ escaped, docs/tfir.md section 1), integers plain.
std::string field_text(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}
std::string field_text(std::int64_t v) {
  return std::to_string(v);
}

template <typename Fields>
std::string call_text(std::string_view name, const Fields& fields) {
  std::string out(name);
  out += '(';
  bool first = true;
  std::apply(
      [&](const auto&... f) { ((out += (first ? "" : ", ") + field_text(f), first = false), ...); },
      fields);
  return out + ")";
}

}  // namespace

std::string_view pattern_kind_name(PatternKind kind) {
  switch (kind) {
#define TF_PATTERN_NODE(Name) \
  case PatternKind::Name:     \
    return #Name;
#include "ir/core/pattern_nodes.def"
  }
  TF_UNREACHABLE("bad PatternKind");
}

bool matches(const Pattern& p, std::int64_t value) {
  TF_CHECK(p, "matching a null pattern");
  switch (p->kind()) {
#define TF_PATTERN_NODE(Name) \
  case PatternKind::Name:     \
    return static_cast<const Name&>(*p).matches(value);
#include "ir/core/pattern_nodes.def"
  }
  TF_UNREACHABLE("bad PatternKind");
}

std::string to_string(const Pattern& p) {
  if (!p) return "<null>";
  switch (p->kind()) {
#define TF_PATTERN_NODE(Name) \
  case PatternKind::Name:     \
    return call_text(#Name, static_cast<const Name&>(*p).structural_fields());
#include "ir/core/pattern_nodes.def"
  }
  TF_UNREACHABLE("bad PatternKind");
}

std::ostream& operator<<(std::ostream& os, const Pattern& p) {
  return os << to_string(p);
}

Result<DimVarRangePatRef> DimVarRangePat::make(std::string dim_var, std::int64_t lo,
                                               std::int64_t hi) {
  if (dim_var.empty())
    return category_error(DiagCategory::Type,
                          fmt::format("DimVarRangePat(\"\", {}, {}): the dim name must not be "
                                      "empty",
                                      lo, hi));
  if (lo >= hi)
    return category_error(DiagCategory::Type,
                          fmt::format("DimVarRangePat(\"{}\", {}, {}): the range [lo, hi) is "
                                      "half-open and needs lo < hi; a single value k is [k, k+1)",
                                      dim_var, lo, hi));
  return DimVarRangePatRef(new DimVarRangePat(std::move(dim_var), lo, hi));
}

}  // namespace tf
