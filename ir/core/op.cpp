#include "ir/core/op.h"

#include <fmt/format.h>

#include "ir/dim/dim_ops.h"

namespace tf {

bool is_identifier(std::string_view s) {
  if (s.empty()) return false;
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  if (!alpha(s[0])) return false;
  for (char c : s)
    if (!alpha(c) && !(c >= '0' && c <= '9')) return false;
  return true;
}

namespace {

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

const ParamDef* Op::find_param(std::string_view name) const {
  for (const ParamDef& p : info_->spec.params)
    if (p.name == name) return &p;
  return nullptr;
}

std::vector<std::string> Op::attribute_names() const {
  std::vector<std::string> out;
  for (const ParamDef& p : info_->spec.params)
    if (p.kind == ParamKind::Attribute) out.push_back(p.name);
  return out;
}

std::string Op::arity_text() const {
  const std::size_t fixed = operand_count() - (variadic() ? 1 : 0);
  const std::string_view noun = fixed == 1 ? "operand" : "operands";
  if (!variadic()) return fmt::format("{} {}", fixed, noun);
  return fixed == 0 ? std::string("any number of operands") : fmt::format("at least {} {}", fixed, noun);
}

std::string_view op_form_name(OpForm form) {
  switch (form) {
    case OpForm::Value:
      return "value";
    case OpForm::Effect:
      return "effect";
  }
  TF_UNREACHABLE("bad OpForm");
}

OpRegistry::OpRegistry() : base_(&builtin()) {}

const OpRegistry& OpRegistry::builtin() {
  // Intentionally leaked: op handles must stay valid during static destruction.
  static const OpRegistry* registry = [] {
    auto* r = new OpRegistry(BuiltinTag{});
    register_dim_ops(*r);
    return r;
  }();
  return *registry;
}

std::size_t OpRegistry::first_index() const { return base_ ? base_->size() : 0; }

bool OpRegistry::holds(Op op) const {
  return op.valid() && (op.registry() == this || (base_ && op.registry() == base_));
}

namespace {

// `existing` when it was registered with `spec`, else why `spec` cannot be registered.
Result<Op> same_registration(Op existing, const OpSpec& spec) {
  const OpSpec& had = existing.spec();
  if (had == spec) return existing;
  if (had.form == spec.form && had.tuple_operands == spec.tuple_operands)
    return category_error(DiagCategory::Usage,
                          fmt::format("op '{}' is already registered with a different "
                                      "parameter list",
                                      spec.name));
  return category_error(
      DiagCategory::Usage,
      fmt::format("op '{}' is already registered as a {}-form op with tuple_operands={}; "
                  "it cannot be registered again as a {}-form op with tuple_operands={}",
                  spec.name, op_form_name(had.form), had.tuple_operands,
                  op_form_name(spec.form), spec.tuple_operands));
}

}  // namespace

Result<Op> OpRegistry::add(OpSpec spec) {
  if (!is_dotted_name(spec.name))
    return category_error(DiagCategory::Usage,
                          fmt::format("op name '{}' is not a dotted identifier such as "
                                      "'dim.DimAdd'",
                                      spec.name));
  if (std::vector<Diagnostic> bad = check_params(spec.name, spec.params); !bad.empty()) return bad;
  if (base_)
    if (std::optional<Op> builtin_op = base_->find(spec.name))
      return same_registration(*builtin_op, spec);
  std::string surface = spec.surface.empty() ? derived_surface_name(spec.name) : spec.surface;
  std::string dialect = spec.name.substr(0, spec.name.find('.'));
  const std::string surface_key = dialect + '.' + surface;
  if (!is_identifier(surface))
    return category_error(DiagCategory::Usage,
                          fmt::format("op '{}': surface spelling '{}' is not an identifier",
                                      spec.name, surface));
  if (base_)
    if (std::optional<Op> taken = base_->find_surface(dialect, surface);
        taken && taken->dialect() == dialect)
      return category_error(DiagCategory::Usage,
                            fmt::format("op '{}': surface spelling '{}' is already taken by '{}'",
                                        spec.name, surface, taken->name()));
  std::lock_guard lock(mutex_);
  if (auto it = by_name_.find(spec.name); it != by_name_.end())
    return same_registration(Op(&ops_[it->second]), spec);
  if (auto it = by_surface_.find(surface_key); it != by_surface_.end())
    return category_error(DiagCategory::Usage,
                          fmt::format("op '{}': surface spelling '{}' is already taken by '{}'",
                                      spec.name, surface, ops_[it->second].spec.name));
  const std::size_t slot = ops_.size();
  std::size_t operands = 0;
  bool variadic = false;
  for (const ParamDef& p : spec.params) {
    operands += p.kind == ParamKind::Operand;
    variadic = variadic || p.variadic;
  }
  const auto index = static_cast<std::uint32_t>(first_index() + slot);
  ops_.push_back(OpInfo{spec, index, this, operands, variadic, std::move(surface),
                        std::move(dialect)});
  by_name_.emplace(spec.name, slot);
  by_surface_.emplace(surface_key, slot);
  return Op(&ops_.back());
}

std::optional<Op> OpRegistry::find(std::string_view name) const {
  if (base_)
    if (std::optional<Op> op = base_->find(name)) return op;
  std::lock_guard lock(mutex_);
  auto it = by_name_.find(name);
  if (it == by_name_.end()) return std::nullopt;
  return Op(&ops_[it->second]);
}

std::optional<Op> OpRegistry::find_surface(std::string_view dialect,
                                           std::string_view surface) const {
  for (std::string_view d : {dialect, std::string_view("core"), std::string_view("dim")}) {
    const std::string key = fmt::format("{}.{}", d, surface);
    if (base_)
      if (std::optional<Op> op = base_->find_surface(d, surface); op && op->dialect() == d)
        return op;
    std::lock_guard lock(mutex_);
    if (auto it = by_surface_.find(key); it != by_surface_.end()) return Op(&ops_[it->second]);
  }
  return std::nullopt;
}

std::string derived_surface_name(std::string_view op_name) {
  const std::string_view last = op_name.substr(op_name.rfind('.') + 1);
  std::string out;
  for (std::size_t i = 0; i < last.size(); ++i) {
    const char c = last[i];
    const bool upper = c >= 'A' && c <= 'Z';
    if (upper && i > 0) {
      const char prev = last[i - 1];
      const bool prev_lower = (prev >= 'a' && prev <= 'z') || (prev >= '0' && prev <= '9');
      const bool next_lower = i + 1 < last.size() && last[i + 1] >= 'a' && last[i + 1] <= 'z';
      // A boundary before an upper-case letter that follows a lower-case one (IndexAdd) or that
      // starts a word after an acronym (RMSNorm -> rms_norm).
      if ((prev_lower || (next_lower && prev >= 'A' && prev <= 'Z')) && out.back() != '_')
        out += '_';
    }
    out += upper ? static_cast<char>(c - 'A' + 'a') : c;
  }
  return out;
}

std::size_t OpRegistry::size() const {
  const std::size_t first = first_index();
  std::lock_guard lock(mutex_);
  return first + ops_.size();
}

Op OpRegistry::at(std::size_t index) const {
  const std::size_t first = first_index();
  if (index < first) return base_->at(index);
  std::lock_guard lock(mutex_);
  TF_CHECK(index - first < ops_.size(), "op index {} out of range (registry holds {})", index,
           first + ops_.size());
  return Op(&ops_[index - first]);
}

}  // namespace tf
