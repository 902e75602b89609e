// RepresentationRule: an immutable declarative constraint of a compound dtype (DTREP.RULE.*).
//
// Design note. Seed 003's rule is a Python class whose identity is (rule class,
// structure_extension()) and which refuses mutation, copying and subclass shadowing of its
// identity members. The C++ meaning used here:
//   - a rule is created only by make_rule<T>(args...) (a passkey makes every other
//     construction fail to compile); make_rule captures structure() once, from
//     rule_class_id<T>() and T's structure_extension(), and rejects an unsupported extension
//     value with a TypeError diagnostic;
//   - rules are held by RuleRef (an intrusive Ref<const RepresentationRule>); a rule is neither
//     copyable nor assignable, so a copied RuleRef is the same rule object (copy / deepcopy
//     identity) and no member can be assigned or deleted after construction;
//   - structure() is `virtual ... final`: a subclass that declares its own structure() fails
//     to compile (shadowing is rejected when the class is defined);
//   - validate(context) is a const member over a const context: it returns std::nullopt on
//     success (seed 003: returns None) or the Diagnostic that explains the violation.
#pragma once

#include <optional>
#include <string_view>
#include <type_traits>
#include <utility>

#include "ir/dtype/structure.h"
#include "ir/support/diagnostic.h"
#include "ir/support/ref.h"
#include "ir/support/result.h"

namespace tf {

class RepresentationValidationContext;
class RepresentationRule;

/// A shared handle to an immutable rule. Copies are the same rule object.
using RuleRef = Ref<const RepresentationRule>;

/// Passkey of RepresentationRule's constructor: only make_rule can create one.
class RuleKey {
 private:
  RuleKey() = default;
  template <typename T, typename... Args>
  friend Result<Ref<const T>> make_rule(Args&&... args);
};

/// Base of every representation rule. Subclasses declare
/// `static constexpr std::string_view kRuleClassName`, a constructor whose first parameter is
/// a RuleKey, optionally structure_extension(), and validate().
class RepresentationRule : public RefCounted {
 public:
  RepresentationRule(const RepresentationRule&) = delete;
  RepresentationRule& operator=(const RepresentationRule&) = delete;
  virtual ~RepresentationRule() = default;

  /// The structural identity (rule class + structure_extension()), fixed at construction.
  /// Framework-owned: final, so a subclass cannot shadow it.
  virtual const RuleStructure& structure() const final;

  /// The subclass's immutable state as a tuple of structure values; default ().
  virtual StructureTuple structure_extension() const { return {}; }

  /// Checks the rule against universally validated facts. std::nullopt means the rule holds.
  /// Must not change any state (it sees only const data).
  virtual std::optional<Diagnostic> validate(
      const RepresentationValidationContext& context) const = 0;

 protected:
  explicit RepresentationRule(RuleKey) {}

 private:
  template <typename T, typename... Args>
  friend Result<Ref<const T>> make_rule(Args&&... args);

  std::optional<RuleStructure> structure_;  // set once by make_rule, before publication
};

/// The diagnostic for an unsupported structure_extension() value (defined in the .cpp).
Diagnostic unsupported_structure_value(std::string_view class_name, std::size_t index);

/// Creates rule T from `args` (passed after the RuleKey) and fixes its structure. Fails with a
/// "TypeError" diagnostic (DTREP.RULE.extension-unsupported-value) when the extension holds an
/// invalid dtype handle.
template <typename T, typename... Args>
Result<Ref<const T>> make_rule(Args&&... args) {
  static_assert(std::is_base_of_v<RepresentationRule, T>, "T must derive RepresentationRule");
  static_assert(std::is_same_v<decltype(T::kRuleClassName), const std::string_view>,
                "a rule class declares static constexpr std::string_view kRuleClassName");
  Ref<T> rule(new T(RuleKey(), std::forward<Args>(args)...));
  StructureTuple extension = rule->structure_extension();
  for (std::size_t i = 0; i < extension.size(); ++i)
    if (!extension[i].is_permitted()) return unsupported_structure_value(T::kRuleClassName, i);
  static_cast<RepresentationRule*>(rule.get())
      ->structure_.emplace(rule_class_id<T>(), T::kRuleClassName, std::move(extension));
  return Ref<const T>(rule.get());
}

}  // namespace tf
