#include "ir/layout/layout_law.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/layout/algebra_postconditions.h"
#include "ir/layout/coalesce.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/injectivity.h"
#include "ir/layout/inverse.h"
#include "ir/layout/layout_enumeration.h"
#include "ir/layout/layout_law_support.h"
#include "ir/layout/print.h"
#include "ir/layout/tiler_postconditions.h"

namespace tf {
namespace {

using law_support::Args;
using law_support::broken;
using law_support::first_diagnostic;
using law_support::proper_diagnostic;
using oracle::Enumerated;

constexpr std::int64_t kMaxProduct = std::int64_t{1} << 22;

const Layout& layout_at(const Args& args, std::size_t i) { return law_support::arg<Layout>(args, i); }
std::int64_t integer_at(const Args& args, std::size_t i) { return law_support::arg<std::int64_t>(args, i); }

// `exact` or `refused with a diagnostic`, the label of an "exact or a diagnostic" law.
void label_outcome(LawVerdict& v, bool ok) { v.labels.push_back(ok ? "exact" : "refused with a diagnostic"); }

// ---- layouts themselves ----

LawVerdict coordinates_agree_with_enumeration(const Args& args) {
  const Layout& l = layout_at(args, 0);
  LawVerdict v;
  const Enumerated e(l);
  const Result<std::int64_t> n = size(l);
  if (!n.ok() || *n != e.size())
    return broken(v, "size(L) is the enumerated size",
                  fmt::format("size(L) gives {}, enumeration {}", n.ok() ? fmt::format("{}", *n) : first_diagnostic(n),
                              e.size()));
  const std::int64_t reach = e.size() == 0 ? 0 : *std::max_element(e.offsets().begin(), e.offsets().end()) + 1;
  const Result<std::int64_t> co = cosize(l);
  if (!co.ok() || *co != reach)
    return broken(v, "cosize(L) is one past the largest enumerated offset",
                  fmt::format("cosize(L) gives {}, enumeration {}",
                              co.ok() ? fmt::format("{}", *co) : first_diagnostic(co), reach));
  for (std::int64_t i = 0; i < e.size(); ++i) {
    const Result<IntTuple> c = idx2crd(l, i);
    if (!c.ok())
      return broken(v, "idx2crd(L, i) gives a coordinate", fmt::format("at i = {}: {}", i, first_diagnostic(c)));
    if (!congruent(*c, l.shape()))
      return broken(v, "idx2crd(L, i) is congruent with L's shape",
                    fmt::format("at i = {}: {} against the shape {}", i, to_string(*c), to_string(l.shape())));
    const Result<std::int64_t> at = l(IntTuple(i));
    if (!at.ok() || *at != e[i])
      return broken(v, "L(i) is the enumerated offset",
                    fmt::format("at i = {}: L(i) gives {}, enumeration {}", i,
                                at.ok() ? fmt::format("{}", *at) : first_diagnostic(at), e[i]));
    const Result<std::int64_t> off = crd2idx(l, *c);
    if (!off.ok() || *off != e[i])
      return broken(v, "crd2idx(L, idx2crd(L, i)) is the enumerated offset",
                    fmt::format("at i = {}: crd2idx(L, {}) gives {}, enumeration {}", i, to_string(*c),
                                off.ok() ? fmt::format("{}", *off) : first_diagnostic(off), e[i]));
  }
  return v;
}

LawVerdict injectivity_matches_enumeration(const Args& args) {
  const Layout& l = layout_at(args, 0);
  const Layout& nested = layout_at(args, 1);
  LawVerdict v;
  const bool injective = oracle::injective_by_enumeration(l);
  if (injective) v.labels.push_back("injective");
  const Result<bool> said = is_injective(l);
  if (!said.ok()) return broken(v, "is_injective(L) gives an answer", first_diagnostic(said));
  if (*said != injective)
    return broken(v, "is_injective(L) is injectivity by enumeration",
                  fmt::format("is_injective(L) gives {}, enumeration {}", *said, injective));
  const std::vector<Diagnostic> diags = check_injective(l);
  if (diags.empty() != injective)
    return broken(
        v, "check_injective(L) reports exactly a layout that is not injective",
        fmt::format("{} diagnostics for a layout that is {}injective", diags.size(), injective ? "" : "not "));
  if (!injective && diags[0].rule_id != "TYPES.2.TENSOR.injective-layout")
    return broken(v, "check_injective(L) names TYPES.2.TENSOR.injective-layout",
                  fmt::format("it names '{}'", diags[0].rule_id));
  const Result<bool> nested_said = is_injective(nested);
  if (!nested_said.ok() || !*nested_said)
    return broken(v, "is_injective(N) holds for the nested layout N",
                  nested_said.ok() ? std::string("is_injective(N) gives false") : first_diagnostic(nested_said));
  return v;
}

// ---- coalesce ----

LawVerdict coalesce_preserves_the_function(const Args& args) {
  const Layout& l = layout_at(args, 0);
  LawVerdict v;
  const Result<Layout> r = coalesce(l);
  if (!r.ok()) return broken(v, "coalesce(L) succeeds", first_diagnostic(r));
  if (std::string failure = oracle::check_coalesce(l, *r); !failure.empty())
    return broken(v, "coalesce(L) keeps L's function in canonical form",
                  fmt::format("R = {}, {}", to_string(*r), failure));
  return v;
}

LawVerdict by_mode_coalesce_preserves_modes_and_function(const Args& args) {
  const Layout& l = layout_at(args, 0);
  LawVerdict v;
  const IntTuple profile = l.shape().is_leaf()
                               ? IntTuple(1)
                               : IntTuple::tuple(std::vector<IntTuple>(static_cast<std::size_t>(rank(l)), IntTuple(1)));
  const Result<Layout> r = coalesce(l, profile);
  if (!r.ok()) return broken(v, "coalesce(L, (1, ...)) succeeds", first_diagnostic(r));
  if (rank(*r) != rank(l))
    return broken(v, "coalesce(L, (1, ...)) keeps L's rank",
                  fmt::format("R = {}, rank {} != {}", to_string(*r), rank(*r), rank(l)));
  if (Enumerated(l).offsets() != Enumerated(*r).offsets())
    return broken(v, "coalesce(L, (1, ...)) keeps L's function", fmt::format("R = {}", to_string(*r)));
  for (int i = 0; i < rank(l); ++i)
    if (std::string failure = oracle::check_coalesce(l.mode(i), r->mode(i)); !failure.empty())
      return broken(v, "coalesce(L, (1, ...)) coalesces each mode",
                    fmt::format("R = {}, mode {}: {}", to_string(*r), i, failure));
  return v;
}

// ---- composition ----

LawVerdict composition_agrees_with_function_composition(const Args& args) {
  const Layout &a = layout_at(args, 0), &b = layout_at(args, 1);
  LawVerdict v;
  const Result<Layout> r = composition(a, b);
  if (!r.ok()) return broken(v, "composition(A, B) of an admissible pair succeeds", first_diagnostic(r));
  if (std::string failure = oracle::check_composition(a, b, *r); !failure.empty())
    return broken(v, "composition(A, B) is A after B", fmt::format("R = {}, {}", to_string(*r), failure));
  return v;
}

LawVerdict composition_of_arbitrary_pairs_is_exact_or_a_diagnostic(const Args& args) {
  const Layout &a = layout_at(args, 0), &b = layout_at(args, 1);
  LawVerdict v;
  const Result<Layout> r = composition(a, b);
  label_outcome(v, r.ok());
  if (!r.ok()) return proper_diagnostic(r) ? v : broken(v, "a refused composition(A, B) gives an error diagnostic", "");
  if (std::string failure = oracle::check_composition(a, b, *r); !failure.empty())
    return broken(v, "composition(A, B) is A after B", fmt::format("R = {}, {}", to_string(*r), failure));
  return v;
}

// ---- complement ----

LawVerdict complement_is_disjoint_and_completes(const Args& args) {
  const Layout& l = layout_at(args, 0);
  const std::int64_t cotarget = integer_at(args, 1);
  LawVerdict v;
  const Result<Layout> c = complement(l, cotarget);
  if (!c.ok()) return broken(v, "complement(L, cotarget) of a nested layout succeeds", first_diagnostic(c));
  if (std::string failure = oracle::check_complement(l, cotarget, *c); !failure.empty())
    return broken(v, "complement(L, cotarget) is disjoint from L and completes it",
                  fmt::format("C = {}, {}", to_string(*c), failure));
  return v;
}

LawVerdict complement_of_arbitrary_layouts_is_exact_or_a_diagnostic(const Args& args) {
  const Layout& l = layout_at(args, 0);
  const std::int64_t cotarget = integer_at(args, 1);
  LawVerdict v;
  const Result<Layout> c = complement(l, cotarget);
  label_outcome(v, c.ok());
  if (!c.ok())
    return proper_diagnostic(c) ? v : broken(v, "a refused complement(L, cotarget) gives an error diagnostic", "");
  if (std::string failure = oracle::check_complement(l, cotarget, *c); !failure.empty())
    return broken(v, "complement(L, cotarget) is disjoint from L and completes it",
                  fmt::format("C = {}, {}", to_string(*c), failure));
  return v;
}

// ---- inverses ----

LawVerdict left_inverse_undoes_an_injective_layout(const Args& args) {
  const Layout& l = layout_at(args, 0);
  LawVerdict v;
  const Result<Layout> q = left_inverse(l);
  if (!q.ok()) return broken(v, "left_inverse(L) of a nested layout succeeds", first_diagnostic(q));
  if (std::string failure = oracle::check_left_inverse(l, *q); !failure.empty())
    return broken(v, "left_inverse(L) undoes L", fmt::format("Q = {}, {}", to_string(*q), failure));
  return v;
}

LawVerdict left_inverse_of_arbitrary_layouts_is_exact_or_a_diagnostic(const Args& args) {
  const Layout& l = layout_at(args, 0);
  LawVerdict v;
  const Result<Layout> q = left_inverse(l);
  label_outcome(v, q.ok());
  if (q.ok()) {
    if (std::string failure = oracle::check_left_inverse(l, *q); !failure.empty())
      return broken(v, "left_inverse(L) undoes L", fmt::format("Q = {}, {}", to_string(*q), failure));
  } else if (!proper_diagnostic(q)) {
    return broken(v, "a refused left_inverse(L) gives an error diagnostic", "");
  }
  // Only a layout that is not injective, or whose modes do not nest, lacks one.
  if (!q.ok() && oracle::injective_by_enumeration(l) && complement(l).ok())
    return broken(v, "left_inverse(L) exists for an injective L whose modes nest", first_diagnostic(q));
  return v;
}

LawVerdict right_inverse_is_a_right_inverse(const Args& args) {
  LawVerdict v;
  // L any layout; N nested (often a bijection, whose right inverse must then be complete).
  for (std::size_t i = 0; i < 2; ++i) {
    const Layout& l = layout_at(args, i);
    const char* name = i == 0 ? "L" : "N";
    const Result<Layout> r = right_inverse(l);
    if (!r.ok())
      return broken(v, "right_inverse succeeds", fmt::format("right_inverse({}): {}", name, first_diagnostic(r)));
    if (std::string failure = oracle::check_right_inverse(l, *r); !failure.empty())
      return broken(v, "right_inverse is a right inverse",
                    fmt::format("R = right_inverse({}) = {}, {}", name, to_string(*r), failure));
  }
  return v;
}

// ---- divide and product ----

// The tiler forms derived from B (tiler_postconditions.h): B, its modes, its shape.
LawVerdict tiler_forms_agree(LawVerdict v, const oracle::TilerFamily& f, const Layout& a, const Layout& b,
                             const Result<Layout>& whole) {
  if (std::string failure = oracle::check_tiler_forms(f, a, b, whole); !failure.empty())
    return broken(v, fmt::format("{} agrees with its tiler forms B, B's modes and B's shape", f.name), failure);
  return v;
}

LawVerdict logical_divide_matches_its_definition(const Args& args) {
  const Layout &a = layout_at(args, 0), &b = layout_at(args, 1);
  LawVerdict v;
  const Result<Layout> r = logical_divide(a, b);
  if (!r.ok()) return broken(v, "logical_divide(A, B) of power-of-two layouts succeeds", first_diagnostic(r));
  if (std::string failure = oracle::check_logical_divide(a, b, *r); !failure.empty())
    return broken(v, "logical_divide(A, B) matches its definition", fmt::format("R = {}, {}", to_string(*r), failure));
  return tiler_forms_agree(v, oracle::divide_family(), a, b, r);
}

LawVerdict logical_divide_of_arbitrary_pairs_is_exact_or_a_diagnostic(const Args& args) {
  const Layout &a = layout_at(args, 0), &b = layout_at(args, 1);
  LawVerdict v;
  const Result<Layout> r = logical_divide(a, b);
  label_outcome(v, r.ok());
  if (!r.ok() && !proper_diagnostic(r))
    return broken(v, "a refused logical_divide(A, B) gives an error diagnostic", "");
  if (r.ok()) {
    if (std::string failure = oracle::check_logical_divide(a, b, *r); !failure.empty())
      return broken(v, "logical_divide(A, B) matches its definition",
                    fmt::format("R = {}, {}", to_string(*r), failure));
  }
  return tiler_forms_agree(v, oracle::divide_family(), a, b, r);
}

LawVerdict logical_product_matches_its_definition(const Args& args) {
  const Layout &a = layout_at(args, 0), &b = layout_at(args, 1);
  LawVerdict v;
  const Result<Layout> r = logical_product(a, b);
  if (!r.ok()) return broken(v, "logical_product(A, B) of nested power-of-two layouts succeeds", first_diagnostic(r));
  if (std::string failure = oracle::check_logical_product(a, b, *r); !failure.empty())
    return broken(v, "logical_product(A, B) matches its definition", fmt::format("R = {}, {}", to_string(*r), failure));
  return tiler_forms_agree(v, oracle::product_family(), a, b, r);
}

LawVerdict logical_product_of_arbitrary_pairs_is_exact_or_a_diagnostic(const Args& args) {
  const Layout &a = layout_at(args, 0), &b = layout_at(args, 1);
  LawVerdict v;
  const Result<Layout> r = logical_product(a, b);
  label_outcome(v, r.ok());
  if (!r.ok() && !proper_diagnostic(r))
    return broken(v, "a refused logical_product(A, B) gives an error diagnostic", "");
  if (r.ok()) {
    if (std::string failure = oracle::check_logical_product(a, b, *r); !failure.empty())
      return broken(v, "logical_product(A, B) matches its definition",
                    fmt::format("R = {}, {}", to_string(*r), failure));
  }
  return tiler_forms_agree(v, oracle::product_family(), a, b, r);
}

// Parameters that are all layouts, named `names`.
std::vector<LawParameter> layouts(std::initializer_list<const char*> names) {
  std::vector<LawParameter> ps;
  for (const char* n : names) ps.push_back({n, LawArgumentKind::Layout});
  return ps;
}

// The product's check enumerates the complement of A within size(A) * cosize(B).
std::string product_refusal(const Args& args) {
  const std::int64_t a = size(layout_at(args, 0)).value(), b = cosize(layout_at(args, 1)).value();
  if (a * b > kMaxProduct)
    return fmt::format("size(A) {} times cosize(B) {} passes {}: the check enumerates that many offsets", a, b,
                       kMaxProduct);
  return "";
}

}  // namespace

const std::vector<Law>& layout_laws() {
  static const std::vector<Law> laws = [] {
    const std::vector<LawParameter> kL = layouts({"L"}), kLN = layouts({"L", "N"}), kAB = layouts({"A", "B"});
    const std::vector<LawParameter> kLCotarget{{"L", LawArgumentKind::Layout},
                                              {"cotarget", LawArgumentKind::Integer, 1, 262144}};
    return std::vector<Law>{
        {"CoordinatesAgreeWithEnumeration", kL, coordinates_agree_with_enumeration},
        {"InjectivityMatchesEnumeration", kLN, injectivity_matches_enumeration},
        {"CoalescePreservesTheFunction", kL, coalesce_preserves_the_function},
        {"ByModeCoalescePreservesModesAndFunction", kL, by_mode_coalesce_preserves_modes_and_function},
        {"CompositionAgreesWithFunctionComposition", kAB, composition_agrees_with_function_composition},
        {"CompositionOfArbitraryPairsIsExactOrADiagnostic", kAB,
         composition_of_arbitrary_pairs_is_exact_or_a_diagnostic},
        {"ComplementIsDisjointAndCompletes", kLCotarget, complement_is_disjoint_and_completes},
        {"ComplementOfArbitraryLayoutsIsExactOrADiagnostic", kLCotarget,
         complement_of_arbitrary_layouts_is_exact_or_a_diagnostic},
        {"LeftInverseUndoesAnInjectiveLayout", kL, left_inverse_undoes_an_injective_layout},
        {"LeftInverseOfArbitraryLayoutsIsExactOrADiagnostic", kL,
         left_inverse_of_arbitrary_layouts_is_exact_or_a_diagnostic},
        {"RightInverseIsARightInverse", kLN, right_inverse_is_a_right_inverse},
        {"LogicalDivideMatchesItsDefinition", kAB, logical_divide_matches_its_definition},
        {"LogicalDivideOfArbitraryPairsIsExactOrADiagnostic", kAB,
         logical_divide_of_arbitrary_pairs_is_exact_or_a_diagnostic},
        {"LogicalProductMatchesItsDefinition", kAB, logical_product_matches_its_definition, product_refusal},
        {"LogicalProductOfArbitraryPairsIsExactOrADiagnostic", kAB,
         logical_product_of_arbitrary_pairs_is_exact_or_a_diagnostic, product_refusal},
    };
  }();
  return laws;
}

}  // namespace tf
