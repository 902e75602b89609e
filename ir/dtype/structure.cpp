#include "ir/dtype/structure.h"

#include <fmt/format.h>

#include <functional>

#include "ir/support/check.h"

namespace tf {

namespace {
std::size_t mix(std::size_t h, std::size_t v) {
  return h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

std::string non_null_string(const char* s) {
  TF_CHECK(s != nullptr, "a null string structure value");
  return s;
}
}  // namespace

StructureValue::StructureValue(const char* s) : value_(non_null_string(s)) {}

StructureValue::StructureValue(const BlockExtent& e)
    : value_(e.is_whole() ? decltype(value_)(&e.whole()) : decltype(value_)(e.count())) {}

bool StructureValue::is_permitted() const {
  const DType* d = std::get_if<DType>(&value_);
  return d == nullptr || d->valid();
}

std::string StructureValue::str() const {
  struct Printer {
    std::string operator()(std::int64_t v) const { return std::to_string(v); }
    std::string operator()(const std::string& s) const { return "\"" + s + "\""; }
    std::string operator()(DType d) const {
      return d.valid() ? std::string(d.name()) : std::string("<invalid dtype>");
    }
    std::string operator()(const WholeExtent* w) const { return std::string(w->repr()); }
  };
  return std::visit(Printer{}, value_);
}

std::size_t StructureValue::hash() const {
  struct Hasher {
    std::size_t operator()(std::int64_t v) const { return std::hash<std::int64_t>()(v); }
    std::size_t operator()(const std::string& s) const { return std::hash<std::string>()(s); }
    std::size_t operator()(DType d) const { return d.hash(); }
    std::size_t operator()(const WholeExtent* w) const { return std::hash<const void*>()(w); }
  };
  return mix(value_.index(), std::visit(Hasher{}, value_));
}

std::string RuleStructure::str() const {
  std::string out = std::string(class_name_) + "(";
  for (std::size_t i = 0; i < extension_.size(); ++i)
    out += (i ? ", " : "") + extension_[i].str();
  return out + ")";
}

std::size_t RuleStructure::hash() const {
  std::size_t h = std::hash<const void*>()(class_id_);
  for (const StructureValue& v : extension_) h = mix(h, v.hash());
  return h;
}

}  // namespace tf
