#include "ir/dtype/category.h"

#include <functional>

#include "ir/dtype/registry.h"
#include "ir/support/check.h"

namespace tf {

DTypeCategory DTypeCategory::any() { return CompoundRegistry::any_category(); }

Result<DTypeCategory> DTypeCategory::make(std::string_view name, DTypeCategory parent) {
  return CompoundRegistry::add_category(name, parent);
}

std::optional<DTypeCategory> DTypeCategory::find(std::string_view name) {
  return CompoundRegistry::find_category(name);
}

std::string_view DTypeCategory::name() const {
  TF_CHECK(valid(), "name() of an unregistered category handle");
  return info_->name;
}

std::optional<DTypeCategory> DTypeCategory::parent() const {
  TF_CHECK(valid(), "parent() of an unregistered category handle");
  if (info_->parent == nullptr) return std::nullopt;
  return DTypeCategory(info_->parent);
}

bool DTypeCategory::is_within(DTypeCategory ancestor) const {
  for (const DTypeCategoryInfo* c = info_; c != nullptr; c = c->parent)
    if (c == ancestor.info_) return true;
  return false;
}

std::size_t DTypeCategory::hash() const { return std::hash<const void*>()(info_); }

}  // namespace tf
