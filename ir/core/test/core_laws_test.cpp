// Laws of the core IR over generated expressions (RapidCheck):
//  - structural_hash agrees with structural_equal: two independently built copies of one
//    generated tree are equal and hash equal, and a tree is unequal to a changed one;
//  - infer_type reproduces the stamped type of every generated node;
//  - DimVarRangePat matches exactly the half-open range it was made with.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <functional>

#include "ir/support/testing/law_runner.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/expr_print.h"
#include "ir/core/shape_of.h"
#include "ir/core/structural.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/core/tuple.h"
#include "ir/core/type_infer.h"
#include "ir/dim/dim_call.h"
#include "ir/dim/dim_const.h"
#include "ir/type/tuple_type.h"
#include "ir/type/unit_type.h"

namespace tf {
namespace {

// A recipe for an expression: building it twice gives two structurally equal, distinct trees.
using Recipe = std::function<Expr()>;

// Leaves: dim literals, DimVars, Vars, ShapeOf of a shared-shape parameter, SymbolRefs.
rc::Gen<Recipe> leaf() {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::inRange<std::int64_t>(-5, 6),
                   [](std::int64_t v) -> Recipe { return [v] { return Expr(dim_const(v)); }; }),
      rc::gen::map(rc::gen::inRange(0, 3),
                   [](int i) -> Recipe {
                     return [i] { return Expr(test::dim(std::string(1, char('M' + i)), 1, 64)); };
                   }),
      rc::gen::map(
          rc::gen::inRange(0, 2),
          [](int axis) -> Recipe {
            return [axis] {
              VarRef p = test::var("p", test::tensor({test::dim("N", 1, 64), 8}, DType::f32()));
              return Expr(ShapeOf::make(p, axis).value());
            };
          }),
      rc::gen::map(rc::gen::element<std::string>("f", "g"), [](std::string name) -> Recipe {
        return [name] {
          return Expr(
              SymbolRef::make(name, CallableType::make(UnitType::make(), {}).value()).value());
        };
      }));
}

bool is_dim(const Expr& e) {
  const TensorType* t = e->type()->as<TensorType>();
  return t && t->rank() == 0 && t->dtype.is_integer();
}

// Trees of dim arithmetic, tuples and projections over the leaves (ill-typed combinations are
// skipped by falling back to the left operand).
rc::Gen<Recipe> tree(int depth) {
  if (depth == 0) return leaf();
  return rc::gen::oneOf(
      leaf(),
      rc::gen::apply(
          [](DimOpKind k, Recipe a, Recipe b) -> Recipe {
            return [=] {
              Expr x = a(), y = b();
              if (!is_dim(x) || !is_dim(y)) return x;
              return Expr(make_dim_call(k, {x, y}).value());
            };
          },
          rc::gen::elementOf(kAllDimOps), tree(depth - 1), tree(depth - 1)),
      rc::gen::apply(
          [](int n, Recipe a, Recipe b) -> Recipe {
            return [=] {
              std::vector<Expr> elems;
              if (n > 0) elems.push_back(a());
              if (n > 1) elems.push_back(b());
              return Expr(Tuple::make(elems).value());
            };
          },
          rc::gen::inRange(0, 3), tree(depth - 1), tree(depth - 1)),
      rc::gen::apply(
          [](Recipe inner, int index) -> Recipe {
            return [=] {
              Expr t = inner();
              const TupleType* tt = t->type()->as<TupleType>();
              if (!tt || tt->fields.empty()) return t;
              return Expr(
                  TupleGetItem::make(t, index % static_cast<int>(tt->fields.size())).value());
            };
          },
          tree(depth - 1), rc::gen::inRange(0, 4)));
}

TF_LAW(CoreLaws, StructuralHashAgreesWithStructuralEqual, ()) {
  const Recipe r = *tree(3);
  const Expr a = r(), b = r();
  RC_TAG(expr_kind_name(a->kind()));
  RC_ASSERT(!a.same_as(b) || a->is<DimVar>());
  RC_ASSERT(structural_equal(a, b));
  RC_ASSERT(structural_hash(a) == structural_hash(b));
  const Expr other = (*tree(3))();
  if (structural_equal(a, other)) RC_ASSERT(structural_hash(a) == structural_hash(other));
  // Wrapping changes the tree: a one-element tuple of a is never equal to a.
  const Expr wrapped = Tuple::make({a}).value();
  RC_ASSERT(!structural_equal(a, wrapped));
  RC_ASSERT(structural_equal(wrapped, Expr(Tuple::make({b}).value())));
}

TF_LAW(CoreLaws, InferTypeReproducesTheStampedType, ()) {
  const Expr e = (*tree(3))();
  const Result<IRType> t = infer_type(e, test::core_handlers());
  RC_ASSERT(t.ok());
  RC_ASSERT(structural_equal(*t, e->type()));
}

TF_LAW(CoreLaws, DimVarRangePatMatchesItsHalfOpenRange, ()) {
  const auto lo = *rc::gen::inRange<std::int64_t>(-100, 100);
  const auto width = *rc::gen::inRange<std::int64_t>(1, 50);
  const auto v = *rc::gen::inRange<std::int64_t>(-200, 200);
  const Pattern p = DimVarRangePat::make("N", lo, lo + width).value();
  RC_ASSERT(matches(p, v) == (lo <= v && v < lo + width));
}

}  // namespace
}  // namespace tf
