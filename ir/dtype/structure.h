// Descriptor structure values: the immutable data that gives a representation rule (and so a
// compound dtype) its structural identity (DTREP.RULE.structure-from-class-and-extension).
//
// Seed 003 lets structure_extension() return only a tuple of "permitted descriptor structure
// values" and rejects anything else with TypeError. Here the tuple is StructureTuple (so a
// non-tuple return type does not compile) and a value is an exact integer, a string, a dtype
// or Whole (so floats and mutable objects do not compile). The one run-time case left is an
// invalid (default-constructed) DType handle, which make_rule rejects with a TypeError
// diagnostic (DTREP.RULE.extension-unsupported-value).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/dtype/block_extent.h"
#include "ir/dtype/dtype.h"
#include "ir/dtype/exact_int.h"
#include "ir/dtype/whole.h"

namespace tf {

/// One permitted structure value: an integer, a string, a dtype or Whole. Immutable.
class StructureValue {
 public:
  /// An exact integer (not bool, not float).
  template <ExactIntegerType T>
  StructureValue(T v) : value_(static_cast<std::int64_t>(v)) {}  // NOLINT
  /// A string.
  StructureValue(std::string s) : value_(std::move(s)) {}  // NOLINT
  /// A string literal.
  StructureValue(const char* s);  // NOLINT: non-null (InternalError otherwise)
  /// A dtype; an invalid handle is representable so that make_rule can reject it.
  StructureValue(DType d) : value_(d) {}  // NOLINT
  /// Whole.
  StructureValue(const WholeExtent& w) : value_(&w) {}  // NOLINT
  /// A count extent becomes its integer, Whole stays Whole.
  StructureValue(const BlockExtent& e);  // NOLINT

  /// False only for an invalid DType handle: the value seed 003 calls unsupported.
  bool is_permitted() const;
  /// Printed form: 32, "name", f32, Whole.
  std::string str() const;

  friend bool operator==(const StructureValue& a, const StructureValue& b) {
    return a.value_ == b.value_;
  }
  /// Consistent with ==.
  std::size_t hash() const;

 private:
  const std::variant<std::int64_t, std::string, DType, const WholeExtent*> value_;
};

/// The tuple structure_extension() returns (seed 003: a tuple, default ()).
using StructureTuple = std::vector<StructureValue>;

/// A rule's structural identity: its rule class and its extension tuple.
class RuleStructure {
 public:
  /// `class_id` is unique per rule class (see rule_class_id<T>()).
  RuleStructure(const void* class_id, std::string_view class_name, StructureTuple extension)
      : class_id_(class_id), class_name_(class_name), extension_(std::move(extension)) {}

  /// The rule class identity.
  const void* class_id() const { return class_id_; }
  /// The rule class name (for printing only; identity is class_id()).
  std::string_view class_name() const { return class_name_; }
  /// The structure_extension() tuple captured at construction.
  const StructureTuple& extension() const { return extension_; }

  /// "LevelExtent(0, 16)".
  std::string str() const;

  friend bool operator==(const RuleStructure& a, const RuleStructure& b) {
    return a.class_id_ == b.class_id_ && a.extension_ == b.extension_;
  }
  /// Consistent with ==.
  std::size_t hash() const;

 private:
  const void* const class_id_;
  const std::string_view class_name_;
  const StructureTuple extension_;
};

/// A unique address per rule class T: the class identity part of RuleStructure.
template <typename T>
const void* rule_class_id() {
  static constexpr char kTag = 0;
  return &kTag;
}

}  // namespace tf
