// Laws of dim arithmetic, checked with RapidCheck against an independent int128 reference:
//  - simplify_dim folds exactly like evaluating the Call it would otherwise build;
//  - floor_div / floor_mod are Python's divmod: b * q + r == a, r has b's sign, |r| < |b|;
//  - evaluate_dim of any dim tree under a binding equals the reference evaluation, and fails
//    exactly when the reference divides by zero or leaves int64.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <limits>
#include <optional>

#include "ir/support/testing/law_runner.h"
#include "ir/core/expr_print.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/dim/dim_arith.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/dim/dim_eval.h"
#include "ir/dim/simplify_dim.h"

namespace tf {
namespace {

using i128 = __int128;
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();

// Integers with the edge cases weighted in.
rc::Gen<std::int64_t> dim_int() {
  return rc::gen::weightedOneOf<std::int64_t>(
      {{6, rc::gen::inRange<std::int64_t>(-20, 21)},
       {2, rc::gen::arbitrary<std::int64_t>()},
       {1, rc::gen::element(std::int64_t{kMin}, std::int64_t{kMin + 1}, std::int64_t{kMax},
                            std::int64_t{kMax - 1}, std::int64_t{-1}, std::int64_t{0},
                            std::int64_t{1})}});
}

rc::Gen<DimOpKind> dim_kind() {
  return rc::gen::elementOf(kAllDimOps);
}

// The reference: Python's ops on int128, nullopt for a zero divisor. Python's a % b is
// ((a % b) + b) % b with C's truncating %, and a // b is then (a - a % b) / b exactly.
std::optional<i128> reference(DimOpKind k, i128 a, i128 b) {
  switch (k) {
    case DimOpKind::Add:
      return a + b;
    case DimOpKind::Sub:
      return a - b;
    case DimOpKind::Mul:
      return a * b;
    case DimOpKind::FloorDiv:
      if (b == 0) return std::nullopt;
      return (a - ((a % b) + b) % b) / b;
    case DimOpKind::Mod:
      if (b == 0) return std::nullopt;
      return ((a % b) + b) % b;
    case DimOpKind::Min:
      return a < b ? a : b;
    case DimOpKind::Max:
      return a > b ? a : b;
  }
  return std::nullopt;
}

bool fits(i128 v) {
  return v >= kMin && v <= kMax;
}

TF_LAW(DimLaws, SimplifyFoldsExactlyLikeEvaluatingTheCall, ()) {
  const DimOpKind k = *dim_kind();
  const std::int64_t a = *dim_int();
  const std::int64_t b = *dim_int();
  Expr simplified = simplify_dim(k, {dim_const(a), dim_const(b)}).value();
  Expr call = make_dim_call(k, {dim_const(a), dim_const(b)}).value();
  Result<std::int64_t> evaluated = evaluate_dim(call, DimBinding());
  std::optional<i128> ref = reference(k, a, b);
  const bool defined = ref.has_value() && fits(*ref);
  RC_ASSERT(evaluated.ok() == defined);
  if (const Constant* c = simplified->as<Constant>()) {
    RC_ASSERT(defined);
    RC_ASSERT(c->int_value() == evaluated.value());
    RC_ASSERT(static_cast<i128>(c->int_value()) == *ref);
  } else {
    // Kept: exactly the zero divisors and the int64 overflows.
    RC_ASSERT(!defined);
    RC_ASSERT(simplified->is<Call>());
  }
  RC_TAG(defined ? "folded" : "kept");
}

TF_LAW(DimLaws, FloorDivAndModArePythonDivmod, ()) {
  const std::int64_t a = *dim_int();
  const std::int64_t b = *dim_int();
  RC_PRE(b != 0);
  const std::int64_t r = floor_mod(a, b);
  const bool sign_and_range = b > 0 ? (r >= 0 && r < b) : (r <= 0 && r > b);
  RC_ASSERT(sign_and_range);
  if (a == kMin && b == -1) {
    RC_ASSERT(!apply_dim_op(DimOpKind::FloorDiv, a, b).ok());
    return;
  }
  const std::int64_t q = floor_div(a, b);
  RC_ASSERT(static_cast<i128>(b) * q + r == static_cast<i128>(a));
}

// A random dim tree over three DimVars, built through simplify_dim, with its reference value
// (nullopt once any node divides by zero or leaves int64).
struct Tree {
  Expr expr;
  std::optional<i128> value;
};

Tree random_tree(int depth, const std::vector<DimVarRef>& vars,
                 const std::vector<std::int64_t>& values) {
  const int choice = *rc::gen::inRange(0, depth == 0 ? 2 : 6);  // 2..5: an op
  if (choice == 0) {
    const std::int64_t v = *rc::gen::inRange<std::int64_t>(-1000, 1001);
    return {dim_const(v), v};
  }
  if (choice == 1) {
    const std::size_t i = *rc::gen::inRange<std::size_t>(0, vars.size());
    return {vars[i], values[i]};
  }
  const DimOpKind k = *dim_kind();
  Tree a = random_tree(depth - 1, vars, values);
  Tree b = random_tree(depth - 1, vars, values);
  std::optional<i128> v;
  if (a.value && b.value) v = reference(k, *a.value, *b.value);
  if (v && !fits(*v)) v.reset();
  return {simplify_dim(k, {a.expr, b.expr}).value(), v};
}

TF_LAW(DimLaws, EvaluationAgreesWithTheReferenceUnderABinding, ()) {
  const std::vector<DimVarRef> vars = {test::dim("N", 1, 100), test::dim("M", -50, 50),
                                       test::dim("K", 1, std::int64_t{1} << 20)};
  DimBinding binding;
  std::vector<std::int64_t> values;
  for (const DimVarRef& v : vars) {
    values.push_back(*rc::gen::inRange<std::int64_t>(v->lo, v->hi));
    RC_ASSERT(!binding.bind(v, values.back()).has_value());
  }
  Tree t = random_tree(*rc::gen::inRange(1, 5), vars, values);
  Result<std::int64_t> got = evaluate_dim(t.expr, binding);
  RC_LOG() << to_string(t.expr) << '\n';
  RC_ASSERT(got.ok() == t.value.has_value());
  if (got.ok()) RC_ASSERT(static_cast<i128>(*got) == *t.value);
  RC_CLASSIFY(t.expr->is<Call>(), "symbolic");
  RC_CLASSIFY(t.expr->is<Constant>(), "folded to a literal");
  RC_CLASSIFY(!got.ok(), "undefined (zero divisor or overflow)");
}

}  // namespace
}  // namespace tf
