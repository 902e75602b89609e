#include "ir/layout/testing/layout_laws.h"

#include <rapidcheck.h>

#include <algorithm>

#include "ir/layout/coalesce.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/injectivity.h"
#include "ir/layout/inverse.h"
#include "ir/layout/testing/algebra_checks.h"
#include "ir/layout/testing/layout_gen.h"
#include "ir/layout/testing/layout_oracle.h"

namespace tf::fuzz {
namespace {

// Asserts that a postcondition check passed, logging its message for the minimal case.
void assert_holds(const std::string& failure) {
  if (!failure.empty()) RC_LOG() << failure << "\n";
  RC_ASSERT(failure.empty());
}

// A failed algebra call must be a proper Diagnostic (an exception would already fail the law).
template <typename T>
void assert_proper_diagnostic(const Result<T>& r) {
  RC_ASSERT(!r.diagnostics().empty());
  RC_ASSERT(!r.diagnostics()[0].message.empty());
  RC_ASSERT(r.diagnostics()[0].severity == Severity::Error);
}

constexpr LayoutGenOptions kSmall{.max_rank = 3, .max_size = 256};
constexpr LayoutGenOptions kPow2{.powers_of_two = true};
constexpr LayoutGenOptions kSmallPow2{.max_rank = 3, .max_size = 64, .powers_of_two = true};

}  // namespace

namespace layout_laws {

// ---- layouts themselves ----

void CoordinatesAgreeWithEnumeration() {
  const Layout l = *gen_layout();
  const ::tf::testing::Enumerated e(l);
  RC_ASSERT(*size(l) == e.size());
  RC_ASSERT(*cosize(l) == *std::max_element(e.offsets().begin(), e.offsets().end()) + 1);
  for (std::int64_t i = 0; i < e.size(); ++i) {
    const IntTuple c = idx2crd(l, i).value();
    RC_ASSERT(congruent(c, l.shape()));
    RC_ASSERT(*l(i) == e[i]);
    RC_ASSERT(*crd2idx(l, c) == e[i]);
  }
}

void InjectivityMatchesEnumeration() {
  const Layout l = *gen_layout();
  const bool injective = ::tf::testing::injective_by_enumeration(l);
  RC_CLASSIFY(injective);
  RC_ASSERT(is_injective(l).value() == injective);
  const auto diags = check_injective(l);
  RC_ASSERT(diags.empty() == injective);
  if (!injective) RC_ASSERT(diags[0].rule_id == "TYPES.2.TENSOR.injective-layout");
  RC_ASSERT(is_injective(*gen_nested_layout()).value());
}

// ---- coalesce ----

void CoalescePreservesTheFunction() {
  const Layout l = *gen_layout();
  assert_holds(::tf::testing::check_coalesce(l, coalesce(l).value()));
}

void ByModeCoalescePreservesModesAndFunction() {
  const Layout l = *gen_layout();
  const IntTuple profile = l.shape().is_leaf()
                               ? IntTuple(1)
                               : IntTuple::tuple(std::vector<IntTuple>(rank(l), IntTuple(1)));
  const Layout r = coalesce(l, profile).value();
  RC_ASSERT(rank(r) == rank(l));
  const ::tf::testing::Enumerated el(l), er(r);
  RC_ASSERT(el.offsets() == er.offsets());
  for (int i = 0; i < rank(l); ++i) assert_holds(::tf::testing::check_coalesce(l.mode(i), r.mode(i)));
}

// ---- composition ----

void CompositionAgreesWithFunctionComposition() {
  const auto [a, b] = *gen_composable_pair();
  const auto r = composition(a, b);
  if (!r.ok()) RC_LOG() << r.diagnostics()[0].message << "\n";
  RC_ASSERT(r.ok());
  assert_holds(::tf::testing::check_composition(a, b, *r));
}

void CompositionOfArbitraryPairsIsExactOrADiagnostic() {
  const Layout a = *gen_layout();
  const Layout b = *gen_layout(kSmall);
  const auto r = composition(a, b);
  RC_CLASSIFY(r.ok());
  if (r.ok())
    assert_holds(::tf::testing::check_composition(a, b, *r));
  else
    assert_proper_diagnostic(r);
}

// ---- complement ----

void ComplementIsDisjointAndCompletes() {
  const Layout l = *gen_nested_layout();
  const std::int64_t reach = *cosize(l);
  const std::int64_t cotarget = *rc::gen::inRange<std::int64_t>(1, 3 * reach + 2);
  const auto c = complement(l, cotarget);
  if (!c.ok()) RC_LOG() << c.diagnostics()[0].message << "\n";
  RC_ASSERT(c.ok());
  assert_holds(::tf::testing::check_complement(l, cotarget, *c));
}

void ComplementOfArbitraryLayoutsIsExactOrADiagnostic() {
  const Layout l = *gen_layout();
  const std::int64_t cotarget = *rc::gen::inRange<std::int64_t>(1, 4 * *cosize(l) + 2);
  const auto c = complement(l, cotarget);
  RC_CLASSIFY(c.ok());
  if (c.ok())
    assert_holds(::tf::testing::check_complement(l, cotarget, *c));
  else
    assert_proper_diagnostic(c);
}

// ---- inverses ----

void LeftInverseUndoesAnInjectiveLayout() {
  const Layout l = *gen_nested_layout();
  const auto q = left_inverse(l);
  RC_ASSERT(q.ok());
  assert_holds(::tf::testing::check_left_inverse(l, *q));
}

void LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic() {
  const Layout l = *gen_layout();
  const auto q = left_inverse(l);
  RC_CLASSIFY(q.ok());
  if (q.ok())
    assert_holds(::tf::testing::check_left_inverse(l, *q));
  else
    assert_proper_diagnostic(q);
  // Only a layout that is not injective, or whose modes do not nest, lacks one.
  if (::tf::testing::injective_by_enumeration(l) && complement(l).ok()) RC_ASSERT(q.ok());
}

void RightInverseIsARightInverse() {
  const Layout l = *gen_layout();
  assert_holds(::tf::testing::check_right_inverse(l, right_inverse(l).value()));
  const Layout nested = *gen_nested_layout();  // often a bijection: R must then be complete
  assert_holds(::tf::testing::check_right_inverse(nested, right_inverse(nested).value()));
}

// ---- divide and product ----

void LogicalDivideMatchesItsDefinition() {
  const Layout a = *gen_layout(kPow2);
  const Layout b = *gen_nested_layout(kSmallPow2);
  const auto r = logical_divide(a, b);
  if (!r.ok()) RC_LOG() << r.diagnostics()[0].message << "\n";
  RC_ASSERT(r.ok());
  assert_holds(::tf::testing::check_logical_divide(a, b, *r));
}

void LogicalDivideOfArbitraryPairsIsExactOrADiagnostic() {
  const Layout a = *gen_layout();
  const Layout b = *gen_nested_layout(kSmall);
  const auto r = logical_divide(a, b);
  RC_CLASSIFY(r.ok());
  if (r.ok())
    assert_holds(::tf::testing::check_logical_divide(a, b, *r));
  else
    assert_proper_diagnostic(r);
}

void LogicalProductMatchesItsDefinition() {
  const Layout a = *gen_nested_layout(kSmallPow2);
  const Layout b = *gen_nested_layout(kSmallPow2);  // an injective layout of tiles
  const auto r = logical_product(a, b);
  if (!r.ok()) RC_LOG() << r.diagnostics()[0].message << "\n";
  RC_ASSERT(r.ok());
  assert_holds(::tf::testing::check_logical_product(a, b, *r));
}

void LogicalProductOfArbitraryPairsIsExactOrADiagnostic() {
  const Layout a = *gen_layout(LayoutGenOptions{.max_rank = 3, .max_size = 64});
  const Layout b = *gen_layout(LayoutGenOptions{.max_rank = 2, .max_size = 32});
  const auto r = logical_product(a, b);
  RC_CLASSIFY(r.ok());
  if (r.ok())
    assert_holds(::tf::testing::check_logical_product(a, b, *r));
  else
    assert_proper_diagnostic(r);
}

}  // namespace layout_laws

const std::vector<NamedLaw>& all_layout_laws() {
  static const std::vector<NamedLaw> laws{
      {"CoordinatesAgreeWithEnumeration", layout_laws::CoordinatesAgreeWithEnumeration},
      {"InjectivityMatchesEnumeration", layout_laws::InjectivityMatchesEnumeration},
      {"CoalescePreservesTheFunction", layout_laws::CoalescePreservesTheFunction},
      {"ByModeCoalescePreservesModesAndFunction", layout_laws::ByModeCoalescePreservesModesAndFunction},
      {"CompositionAgreesWithFunctionComposition", layout_laws::CompositionAgreesWithFunctionComposition},
      {"CompositionOfArbitraryPairsIsExactOrADiagnostic", layout_laws::CompositionOfArbitraryPairsIsExactOrADiagnostic},
      {"ComplementIsDisjointAndCompletes", layout_laws::ComplementIsDisjointAndCompletes},
      {"ComplementOfArbitraryLayoutsIsExactOrADiagnostic", layout_laws::ComplementOfArbitraryLayoutsIsExactOrADiagnostic},
      {"LeftInverseUndoesAnInjectiveLayout", layout_laws::LeftInverseUndoesAnInjectiveLayout},
      {"LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic", layout_laws::LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic},
      {"RightInverseIsARightInverse", layout_laws::RightInverseIsARightInverse},
      {"LogicalDivideMatchesItsDefinition", layout_laws::LogicalDivideMatchesItsDefinition},
      {"LogicalDivideOfArbitraryPairsIsExactOrADiagnostic", layout_laws::LogicalDivideOfArbitraryPairsIsExactOrADiagnostic},
      {"LogicalProductMatchesItsDefinition", layout_laws::LogicalProductMatchesItsDefinition},
      {"LogicalProductOfArbitraryPairsIsExactOrADiagnostic", layout_laws::LogicalProductOfArbitraryPairsIsExactOrADiagnostic},
  };
  return laws;
}

}  // namespace tf::fuzz
