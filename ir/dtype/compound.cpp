#include "ir/dtype/compound.h"

namespace tf {

CompoundDType::CompoundDType(CompoundDTypeArgs args, Key)
    : DTypeInfo("", DTypeFamily::Compound),
      name_storage_(std::move(args.name)),
      supertype_(args.supertype),
      simple_types_(std::move(args.simple_types)),
      rules_(std::move(args.representation_rules)) {
  name_ = name_storage_;
}

CompoundStructure CompoundDType::structure() const {
  CompoundStructure s;
  s.simple_types = simple_types_;
  for (const RuleRef& r : rules_)
    if (r) s.rules.push_back(r->structure());
  return s;
}

}  // namespace tf
