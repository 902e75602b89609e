// DTypeCategory: the registered categories that enclose compound dtypes (seed 003, D1).
//
// `Any` is the root category (docs/decisions.md D1) and the supertype of every block-scaled dtype.
// Further categories can be registered under an existing parent; names share one namespace
// with the dtypes (the registered-name contract of registry.h). A category handle is a small
// value; the default handle is "not a registered category", which compound construction
// rejects with a TypeError diagnostic.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "ir/support/result.h"

namespace tf {

class CompoundRegistry;
struct DTypeCategoryInfo;

/// A handle to a registered category; categories live for the whole process.
class DTypeCategory {
 public:
  /// Not a registered category (valid() == false).
  constexpr DTypeCategory() = default;

  /// The root category Any.
  static DTypeCategory any();
  /// Registers category `name` under `parent` (which must be registered). Fails on a name
  /// that breaks the registered-name contract or an invalid parent.
  static Result<DTypeCategory> make(std::string_view name, DTypeCategory parent);
  /// The registered category called `name`, if any.
  static std::optional<DTypeCategory> find(std::string_view name);

  /// True for a registered category.
  bool valid() const { return info_ != nullptr; }
  /// The category name ("Any").
  std::string_view name() const;
  /// The enclosing category; nullopt for Any.
  std::optional<DTypeCategory> parent() const;
  /// True when this category is `ancestor` or lies (transitively) inside it.
  bool is_within(DTypeCategory ancestor) const;

  friend bool operator==(DTypeCategory a, DTypeCategory b) { return a.info_ == b.info_; }
  /// Consistent with ==.
  std::size_t hash() const;

 private:
  friend class CompoundRegistry;
  explicit DTypeCategory(const DTypeCategoryInfo* info) : info_(info) {}

  const DTypeCategoryInfo* info_ = nullptr;
};

/// A category descriptor (owned by the registry).
struct DTypeCategoryInfo {
  const std::string name;                 ///< the registered name
  const DTypeCategoryInfo* const parent;  ///< null for Any
};

}  // namespace tf
