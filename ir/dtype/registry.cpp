#include "ir/dtype/registry.h"

#include <fmt/format.h>

#include <mutex>

#include "ir/dtype/block_scaled.h"
#include "ir/dtype/builtin_formats.h"
#include "ir/support/check.h"

namespace tf {

namespace {

struct Entry {
  std::unique_ptr<CompoundDType> descriptor;
  const void* class_id;
};

// Never destroyed: descriptors are process-lifetime (no destructor runs at exit).
struct State {
  std::mutex mu;
  const DTypeCategoryInfo* any = nullptr;  // categories[0], read without the lock
  std::vector<std::unique_ptr<DTypeCategoryInfo>> categories;
  std::vector<Entry> compounds;
};

State& state() {
  static State* s = [] {
    auto* st = new State;
    st->categories.push_back(
        std::unique_ptr<DTypeCategoryInfo>(new DTypeCategoryInfo{"Any", nullptr}));
    st->any = st->categories.front().get();
    return st;
  }();
  return *s;
}

bool is_identifier(std::string_view name) {
  auto alpha = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_'; };
  auto digit = [](char c) { return c >= '0' && c <= '9'; };
  if (name.empty() || !alpha(name[0])) return false;
  for (char c : name)
    if (!alpha(c) && !digit(c)) return false;
  return true;
}

// The registered-name contract; the caller holds the lock. Returns why `name` is refused.
std::optional<std::string> name_problem(const State& st, std::string_view name) {
  if (!is_identifier(name))
    return fmt::format("'{}' is not an identifier ([A-Za-z_][A-Za-z0-9_]*)", name);
  for (const DType* d = simple_dtypes_begin(); d != simple_dtypes_end(); ++d)
    if (d->name() == name) return fmt::format("'{}' is a simple dtype name", name);
  for (const auto& c : st.categories)
    if (c->name == name) return fmt::format("'{}' is already a registered category", name);
  for (const Entry& e : st.compounds)
    if (e.descriptor->name() == name)
      return fmt::format("'{}' is already a registered compound dtype", name);
  return std::nullopt;
}

bool same_chain(const BlockScaledDType& b, DType element, std::span<const Level> levels) {
  if (b.element().info() != element.info() || b.levels().size() != levels.size()) return false;
  for (std::size_t i = 0; i < levels.size(); ++i)
    if (!(b.levels()[i] == levels[i])) return false;
  return true;
}

// The argument checks that do not need the registry.
void check_arguments(const CompoundDType& d, std::vector<Diagnostic>& errors) {
  if (d.supertype() && !d.supertype()->valid())
    errors.push_back(rule_error(
        "DTREP.COMPOUND.supertype-invalid",
        fmt::format("TypeError: the supertype of '{}' must be None or a registered "
                    "DTypeCategory, found an unregistered category handle",
                    d.name())));
  if (d.simple_types().empty())
    errors.push_back(rule_error(
        "DTREP.COMPOUND.simple-types-empty",
        fmt::format("ValueError: the simple_types of '{}' must not be empty", d.name())));
  for (std::size_t i = 0; i < d.simple_types().size(); ++i) {
    DType t = d.simple_types()[i];
    if (!t.valid() || !t.is_simple())
      errors.push_back(rule_error(
          "DTREP.COMPOUND.simple-types-invalid-element",
          fmt::format("TypeError: simple_types[{}] of '{}' must be a registered simple dtype, "
                      "found {}",
                      i, d.name(),
                      t.valid() ? "the compound dtype " + std::string(t.name())
                                : std::string("an invalid dtype handle"))));
  }
  for (std::size_t i = 0; i < d.representation_rules().size(); ++i)
    if (!d.representation_rules()[i])
      errors.push_back(rule_error(
          "DTREP.COMPOUND.rules-invalid-element",
          fmt::format("TypeError: representation_rules[{}] of '{}' must be a "
                      "RepresentationRule, found a null rule handle",
                      i, d.name())));
}

// Name contract and block-scaled structural uniqueness; the caller holds the lock.
void check_against_registry(const State& st, const CompoundDType& d, const void* class_id,
                            std::vector<Diagnostic>& errors) {
  const BlockScaledDType* bs = d.as_block_scaled();
  if (std::optional<std::string> why = name_problem(st, d.name()))
    errors.push_back(rule_error(
        bs ? "DTREP.BLOCKSCALED.name-contract" : "DTREP.COMPOUND.name-contract",
        "ValueError: cannot register dtype name: " + *why));
  if (!bs) return;
  for (const Entry& e : st.compounds) {
    const BlockScaledDType* other = e.descriptor->as_block_scaled();
    if (!other || !same_chain(*other, bs->element(), bs->levels())) continue;
    const bool same_class = e.class_id == class_id;
    errors.push_back(rule_error(
        same_class ? "DTREP.BLOCKSCALED.duplicate-other-name"
                   : "DTREP.BLOCKSCALED.duplicate-other-subclass",
        fmt::format("ValueError: '{}' duplicates the element and level chain of the registered "
                    "block-scaled dtype '{}'{}",
                    d.name(), other->name(),
                    same_class ? "" : " (a different implementation class)")));
  }
}

Result<DType> add_locked(State& st, std::unique_ptr<CompoundDType> d, const void* class_id) {
  std::vector<Diagnostic> errors;
  check_arguments(*d, errors);
  check_against_registry(st, *d, class_id, errors);
  if (!errors.empty()) return errors;
  DType handle = CompoundRegistry::handle(*d);
  st.compounds.push_back(Entry{std::move(d), class_id});
  return handle;
}

}  // namespace

Result<DType> CompoundRegistry::add(std::unique_ptr<CompoundDType> descriptor,
                                    const void* class_id) {
  detail::builtin_formats();
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  return add_locked(st, std::move(descriptor), class_id);
}

DType CompoundRegistry::add_builtin(std::unique_ptr<CompoundDType> descriptor,
                                    const void* class_id) {
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  Result<DType> r = add_locked(st, std::move(descriptor), class_id);
  TF_CHECK(r.ok(), "built-in format rejected: {}", r.diagnostics().front().message);
  return *r;
}

DTypeCategory CompoundRegistry::any_category() {
  return DTypeCategory(state().any);
}

Result<DTypeCategory> CompoundRegistry::add_category(std::string_view name,
                                                     DTypeCategory parent) {
  detail::builtin_formats();
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  if (!parent.valid())
    return category_error(DiagCategory::Type,
                          fmt::format("TypeError: the parent of category '{}' must be a "
                                      "registered DTypeCategory",
                                      name));
  if (std::optional<std::string> why = name_problem(st, name))
    return category_error(DiagCategory::Usage, "ValueError: cannot register category: " + *why);
  st.categories.push_back(std::unique_ptr<DTypeCategoryInfo>(
      new DTypeCategoryInfo{std::string(name), parent.info_}));
  return DTypeCategory(st.categories.back().get());
}

std::optional<DTypeCategory> CompoundRegistry::find_category(std::string_view name) {
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  for (const auto& c : st.categories)
    if (c->name == name) return DTypeCategory(c.get());
  return std::nullopt;
}

std::optional<DType> find_compound(std::string_view name) {
  detail::builtin_formats();
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  for (const Entry& e : st.compounds)
    if (e.descriptor->name() == name) return CompoundRegistry::handle(*e.descriptor);
  return std::nullopt;
}

std::vector<DType> registered_compounds() {
  detail::builtin_formats();
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  std::vector<DType> out;
  for (const Entry& e : st.compounds) out.push_back(CompoundRegistry::handle(*e.descriptor));
  return out;
}

std::optional<DType> find_block_scaled(DType element, std::span<const Level> levels) {
  detail::builtin_formats();
  State& st = state();
  std::lock_guard<std::mutex> lock(st.mu);
  for (const Entry& e : st.compounds)
    if (const BlockScaledDType* b = e.descriptor->as_block_scaled())
      if (same_chain(*b, element, levels)) return CompoundRegistry::handle(*b);
  return std::nullopt;
}

DType CompoundDType::dtype() const { return CompoundRegistry::handle(*this); }

}  // namespace tf
