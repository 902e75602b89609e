// The compound-dtype registry (seed 003's registered names, docs/decisions.md D1).
//
// Design note. One process-wide registry, created at first use (a function-local static, no
// static constructor), holds the categories (Any first) and the compound dtypes (the seven
// built-in block-scaled formats first, then user registrations in order). Registration runs
// every check before the name is registered and then publishes the descriptor forever; a
// failed registration leaves no trace. The registered-name contract: a name is a non-empty
// identifier ([A-Za-z_][A-Za-z0-9_]*) that is not a simple dtype name and not already a
// category or compound name. Among block-scaled dtypes the registry also refuses a second
// descriptor with the same element and level chain, whatever its name or subclass, so the
// first stays the unique identity of that structure. Simple dtypes cannot be registered
// (TYPES.3.DTYPE.no-custom-registration). All operations are thread-safe.
#pragma once

#include <memory>
#include <optional>
#include <span>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ir/dtype/compound.h"
#include "ir/dtype/level.h"

namespace tf {

/// Registry internals shared by the factory templates. Not for direct use.
class CompoundRegistry {
 public:
  /// Constructs T from validated `args` and registers it (see add()).
  template <typename T, typename Args>
  static Result<DType> create(Args args) {
    return add(std::unique_ptr<CompoundDType>(new T(std::move(args), CompoundDType::Key())),
               class_id<T>());
  }
  /// Runs the generic checks (supertype, schema, rules, name, block-scaled structure) and
  /// registers `descriptor`, or returns every violation and destroys it.
  static Result<DType> add(std::unique_ptr<CompoundDType> descriptor, const void* class_id);

  /// The DType handle of a registered descriptor.
  static DType handle(const CompoundDType& descriptor) { return DType(&descriptor); }

  /// A unique address per descriptor class T.
  template <typename T>
  static const void* class_id() {
    static constexpr char kTag = 0;
    return &kTag;
  }

  // Category internals (category.cpp forwards here).
  static DTypeCategory any_category();
  static Result<DTypeCategory> add_category(std::string_view name, DTypeCategory parent);
  static std::optional<DTypeCategory> find_category(std::string_view name);
  static DTypeCategory category_handle(const DTypeCategoryInfo* info) {
    return DTypeCategory(info);
  }

  /// Registers one built-in format during the registry's own start-up (InternalError if the
  /// registry refuses it).
  template <typename T, typename Args>
  static DType create_builtin(Args args) {
    return add_builtin(std::unique_ptr<CompoundDType>(new T(std::move(args), CompoundDType::Key())),
                       class_id<T>());
  }
  static DType add_builtin(std::unique_ptr<CompoundDType> descriptor, const void* class_id);
};

/// Registers a compound dtype of concrete subclass T (seed 003: a CompoundDType subclass with
/// abstract=False). T's constructor takes (CompoundDTypeArgs, CompoundDType::Key).
/// Failures ("TypeError: ..." / "ValueError: ...") name DTREP.COMPOUND.* rule ids.
template <typename T>
Result<DType> make_compound(CompoundDTypeArgs args) {
  static_assert(std::is_base_of_v<CompoundDType, T>, "T must derive CompoundDType");
  static_assert(!std::is_base_of_v<BlockScaledDType, T>,
                "block-scaled dtypes are made by BlockScaledDType::make");
  return CompoundRegistry::create<T>(std::move(args));
}

/// The registered compound dtype called `name`, if any.
std::optional<DType> find_compound(std::string_view name);
/// Every registered compound dtype, in registration order (the built-ins first).
std::vector<DType> registered_compounds();
/// The registered block-scaled dtype with this element and level chain, if any.
std::optional<DType> find_block_scaled(DType element, std::span<const Level> levels);

}  // namespace tf
