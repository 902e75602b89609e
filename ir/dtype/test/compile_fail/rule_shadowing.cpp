// A compile-fail check: a rule subclass that shadows the framework-owned structure() must not
// compile (seed 003: shadowing identity members fails when the class is defined). The ctest
// compiles this file twice: without TF_EXPECT_COMPILE_ERROR it must compile (control), with
// it the compiler must report an override of a final function.
// covers: DTREP.RULE.shadowing-rejected
#include "ir/dtype/representation_rule.h"

namespace tf {

class ShadowingRule final : public RepresentationRule {
 public:
  static constexpr std::string_view kRuleClassName = "ShadowingRule";
  explicit ShadowingRule(RuleKey key) : RepresentationRule(key) {}
#ifdef TF_EXPECT_COMPILE_ERROR
  const RuleStructure& structure() const;  // shadows the identity member
#endif
  std::optional<Diagnostic> validate(const RepresentationValidationContext&) const override {
    return std::nullopt;
  }
};

}  // namespace tf

int main() { return tf::make_rule<tf::ShadowingRule>().ok() ? 0 : 1; }
