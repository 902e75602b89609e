// CompoundDType: a logical dtype assembled from one carrier per storage plane (seed 003,
// DTREP.COMPOUND.*, DTREP.LOGICAL.*).
//
// Design note. Seed 003's `CompoundDType(name, *, supertype=None, simple_types,
// representation_rules=())` becomes:
//   - CompoundDTypeArgs, a named-field struct (the keyword-only arguments), whose field types
//     make seed 003's non-iterable cases compile errors;
//   - concrete subclasses (seed 003: abstract=False) whose constructor takes
//     (CompoundDTypeArgs, CompoundDType::Key); only the registry can produce a Key, so a
//     descriptor exists only once make_compound<T> / BlockScaledDType::make has checked it
//     and registered its name (every failure happens before registration);
//   - the descriptor owns its schema and rules in const vectors copied from the arguments, so
//     later changes to the caller's vectors cannot reach it.
// A compound dtype is a logical value, never a carrier's storage dtype
// (check_carrier_storage_dtype in representation_check.h).
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ir/dtype/category.h"
#include "ir/dtype/dtype.h"
#include "ir/dtype/representation_rule.h"
#include "ir/dtype/structure.h"

namespace tf {

class BlockScaledDType;

/// The named-field arguments of a compound dtype (seed 003's keyword-only arguments).
struct CompoundDTypeArgs {
  std::string name = {};                            ///< the unique registry key
  std::optional<DTypeCategory> supertype = {};      ///< None by default, else a category
  std::vector<DType> simple_types = {};             ///< non-empty; simple dtypes only
  std::vector<RuleRef> representation_rules = {};   ///< default (); non-null rules only
};

/// The structural identity of a compound dtype: its schema and its rules' structures.
struct CompoundStructure {
  std::vector<DType> simple_types;   ///< the storage schema
  std::vector<RuleStructure> rules;  ///< each rule's structure(), in order

  friend bool operator==(const CompoundStructure& a, const CompoundStructure& b) {
    if (a.simple_types.size() != b.simple_types.size()) return false;
    for (std::size_t i = 0; i < a.simple_types.size(); ++i)
      if (a.simple_types[i].info() != b.simple_types[i].info()) return false;
    return a.rules == b.rules;
  }
};

/// A registered compound dtype descriptor. Immutable; lives for the whole process.
class CompoundDType : public DTypeInfo {
 public:
  /// Passkey: only the registry constructs descriptors.
  class Key {
    Key() = default;
    friend class CompoundRegistry;
  };

  /// Copies `args`; the registry validates them before the descriptor becomes visible.
  CompoundDType(CompoundDTypeArgs args, Key key);
  virtual ~CompoundDType() = default;

  /// The enclosing category, or nullopt (seed 003: None).
  std::optional<DTypeCategory> supertype() const { return supertype_; }
  /// The storage schema: plane i needs storage dtype simple_types()[i].
  std::span<const DType> simple_types() const { return simple_types_; }
  /// The number of planes (length of the schema).
  std::size_t num_carriers() const { return simple_types_.size(); }
  /// The owned rules, in the supplied order.
  std::span<const RuleRef> representation_rules() const { return rules_; }
  /// Always true (seed 003: is_compound()).
  static constexpr bool is_compound() { return true; }
  /// The schema and the rules' structures.
  CompoundStructure structure() const;
  /// The DType handle of this descriptor.
  DType dtype() const;
  /// This descriptor as a block-scaled dtype, or nullptr.
  virtual const BlockScaledDType* as_block_scaled() const { return nullptr; }

 private:
  const std::string name_storage_;
  const std::optional<DTypeCategory> supertype_;
  const std::vector<DType> simple_types_;
  const std::vector<RuleRef> rules_;
};

}  // namespace tf
