#include "ir/core/op.h"

#include <fmt/format.h>

namespace tf {

namespace {

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(s[0])) return false;
  for (char c : s)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

// "dim.DimAdd": identifiers separated by single dots.
bool is_dotted_name(std::string_view name) {
  while (true) {
    std::size_t dot = name.find('.');
    if (!is_identifier(name.substr(0, dot))) return false;
    if (dot == std::string_view::npos) return true;
    name.remove_prefix(dot + 1);
  }
}

}  // namespace

std::string_view op_form_name(OpForm form) {
  switch (form) {
    case OpForm::Value:
      return "value";
    case OpForm::Effect:
      return "effect";
  }
  TF_UNREACHABLE("bad OpForm");
}

OpRegistry& OpRegistry::global() {
  // Intentionally leaked: op handles must stay valid during static destruction.
  static OpRegistry* registry = new OpRegistry();
  return *registry;
}

Result<Op> OpRegistry::add(OpSpec spec) {
  if (!is_dotted_name(spec.name))
    return category_error(DiagCategory::Usage,
                          fmt::format("op name '{}' is not a dotted identifier such as "
                                      "'dim.DimAdd'",
                                      spec.name));
  std::lock_guard lock(mutex_);
  if (auto it = by_name_.find(spec.name); it != by_name_.end()) {
    const OpInfo& existing = ops_[it->second];
    if (existing.spec == spec) return Op(&existing);
    return category_error(
        DiagCategory::Usage,
        fmt::format("op '{}' is already registered as a {}-form op with tuple_operands={}; "
                    "it cannot be registered again as a {}-form op with tuple_operands={}",
                    spec.name, op_form_name(existing.spec.form), existing.spec.tuple_operands,
                    op_form_name(spec.form), spec.tuple_operands));
  }
  const std::size_t index = ops_.size();
  ops_.push_back(OpInfo{spec, static_cast<std::uint32_t>(index)});
  by_name_.emplace(spec.name, index);
  return Op(&ops_.back());
}

std::optional<Op> OpRegistry::find(std::string_view name) const {
  std::lock_guard lock(mutex_);
  auto it = by_name_.find(name);
  if (it == by_name_.end()) return std::nullopt;
  return Op(&ops_[it->second]);
}

std::size_t OpRegistry::size() const {
  std::lock_guard lock(mutex_);
  return ops_.size();
}

Op OpRegistry::at(std::size_t index) const {
  std::lock_guard lock(mutex_);
  TF_CHECK(index < ops_.size(), "op index {} out of range (registry holds {})", index, ops_.size());
  return Op(&ops_[index]);
}

}  // namespace tf
