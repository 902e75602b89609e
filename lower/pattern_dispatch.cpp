// The dispatcher of the op rules (lowering_pattern.h's design note): each HIR node of a body
// lowered by its kind under the body's StrategyContext, a Call through its op's pattern with its
// operands converted in the form the pattern declares.
#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>

#include "ir/core/expr_functor.h"
#include "ir/core/expr_print.h"
#include "ir/core/var.h"
#include "ir/type/tuple_type.h"
#include "lower/element_loops.h"
#include "lower/lower_rules.h"
#include "lower/rule_support.h"
#include "lower/shard_rule.h"

namespace tf::lower {

namespace {

// The patterns by HIR op, in a dense table over `registry`, built once per registry.
const LoweringPatterns& rules_for(const OpRegistry& registry) {
  static std::mutex mutex;
  static std::map<const OpRegistry*, std::unique_ptr<LoweringPatterns>>* tables =
      new std::map<const OpRegistry*, std::unique_ptr<LoweringPatterns>>();  // never destroyed
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<LoweringPatterns>& t = (*tables)[&registry];
  if (!t) {
    t = std::make_unique<LoweringPatterns>(registry);
    register_lowering_rules(registry, *t);
  }
  return *t;
}

// `held` read whole under `strategy` (OperandForm::Whole): gathered under the sharded strategy.
Result<Expr> whole(LoweringContext& lc, const StrategyContext& strategy, const Expr& held) {
  return strategy.sharding != nullptr ? gathered(lc, *strategy.sharding, held) : held;
}

// The operands of `c` converted to `form` (lowering_pattern.h), in order, each lowered and then
// converted before the next is lowered (as HIR evaluates them).
Result<std::vector<Expr>> converted_operands(LoweringContext& lc, const StrategyContext& strategy, const Call& c,
                                             OperandForm form) {
  std::vector<Expr> out;
  if (form == OperandForm::Raw) return out;
  const TensorType* result = tensor_type_of(c);
  const ShardLayout* as = form == OperandForm::AsResult && result != nullptr ? result_distribution(strategy, *result) : nullptr;
  for (const Expr& a : c.args) {
    Result<Expr> held = lower_held(lc, strategy, a);
    TF_TRY(held);
    Result<Expr> v = form == OperandForm::Held ? *held
                     : as != nullptr           ? aligned(lc, *strategy.sharding, *held, *as, result->shape)
                                               : whole(lc, strategy, *held);
    TF_TRY(v);
    out.push_back(*v);
  }
  return out;
}

// The strategy `c` is lowered under: inside a grid part a call whose value (each field of a tuple
// value) and operands are all shared (grid_plan.h: a shape says which kind a value is) is
// computed whole by every thread, exactly as under the serial rule; any other call in or under
// a grid part is lowered under the part; outside one, `strategy`.
StrategyContext strategy_of_call(const StrategyContext& strategy, const Call& c, const std::vector<const TensorType*>& types) {
  const GridPart* part = strategy.part != nullptr ? strategy.part : strategy.shared_in;
  if (part == nullptr) return strategy;
  if (part->held_whole(c)) return StrategyContext::shared_in_grid(*part);  // shared, though shaped like a row value
  for (const TensorType* t : types)
    if (part->is_row(t->shape)) return StrategyContext::grid(*part);
  for (const Expr& a : c.args)
    if (part->is_row_value(*a)) return StrategyContext::grid(*part);
  return StrategyContext::shared_in_grid(*part);
}

// True when `c`, a view of its operands (LoweringPattern::views), has a row value's shape in
// `part` while no operand is a row value: it is made whole from shared values, and the part views
// its own rows of it (grid_plan.h).
bool viewed_whole(const GridPart& part, const Call& c) {
  const TensorType* t = tensor_type_of(c);
  if (t == nullptr || !part.is_row(t->shape)) return false;
  return std::none_of(c.args.begin(), c.args.end(), [&](const Expr& a) { return part.is_row_value(*a); });
}

// A Call: the checks every op shares, then its pattern's match, operand conversion and rewrite.
Result<Expr> lower_call(LoweringContext& lc, const StrategyContext& outer, const Call& c) {
  const std::string op(c.op.name());
  std::vector<const TensorType*> types;  // the value's, or each field's of a tuple value
  if (const auto* tuple = c.type()->as<TupleType>()) {
    for (const IRType& f : tuple->fields) types.push_back(f->as<TensorType>());
  } else {
    types.push_back(tensor_type_of(c));
  }
  for (const TensorType* type : types) {
    if (type == nullptr) return lc.refusal(c, op, "its value is not a tensor or a tuple of tensors");
    if (type->layout && type->layout->is_shard() && outer.sharding == nullptr)
      return lc.refusal(c, op, "sharded values (a ShardLayout type) have no lowering rule outside the sharded rule");
  }
  const StrategyContext strategy = strategy_of_call(outer, c, types);
  const LoweringPattern* pattern = rules_for(lc.ir().registry()).find(c.op);
  if (pattern == nullptr) return lc.refusal(c, op, "no lowering rule for this op yet");
  if (!pattern->block_scaled) {
    for (const Expr& a : c.args) {
      const TensorType* t = a->type()->as<TensorType>();
      if (t != nullptr && t->dtype.is_compound()) types.push_back(t);
    }
    for (const TensorType* type : types)
      if (type->dtype.is_compound())
        return lc.refusal(c, op, fmt::format("block-scaled {} values have no lowering rule for this op (casts and the movers "
                                             "that keep whole blocks take them)", type->dtype.name()));
  }
  if (pattern->match != nullptr) {
    Result<bool> matched = pattern->match(lc, c);
    TF_TRY(matched);
  }
  if (const GridPart* part = strategy.part; part != nullptr && pattern->views && viewed_whole(*part, c)) {
    const StrategyContext whole = StrategyContext::shared_in_grid(*part);
    Result<std::vector<Expr>> operands = converted_operands(lc, whole, c, pattern->form);
    TF_TRY(operands);
    const RuleInput in{lc, whole, c, std::move(*operands)};
    Result<Expr> v = pattern->rewrite(in);
    TF_TRY(v);
    const std::vector<ShapeDim>& shape = tensor_type_of(c)->shape;
    std::vector<std::int64_t> trailing;
    for (std::size_t i = part->rows.size(); i < shape.size(); ++i) trailing.push_back(shape[i].value());
    return part->view_rows(*v, trailing, in.name() + "_rows");
  }
  Result<std::vector<Expr>> operands = converted_operands(lc, strategy, c, pattern->form);
  TF_TRY(operands);
  return pattern->rewrite(RuleInput{lc, strategy, c, std::move(*operands)});
}

// What one expression of a body lowers to, by its kind (an ExprFunctor: a new kind does not
// compile until it is handled here).
class HeldLowering final : public ExprFunctor<Result<Expr>> {
 public:
  HeldLowering(LoweringContext& lc, const StrategyContext& strategy, const Expr& e) : lc_(lc), strategy_(strategy), e_(e) {}

 private:
  Result<Expr> on(const Var& var) override {
    for (const VarRef& p : lc_.function().params())
      if (p.get() == &var) return e_;
    return lc_.refusal(var, fmt::format("the variable `{}`", var.name), "only parameters are variables of a lowered body");
  }
  Result<Expr> on(const Constant& c) override { return lower_constant(lc_, strategy_, c); }
  Result<Expr> on(const Call& c) override { return lower_call(lc_, strategy_, c); }
  Result<Expr> on(const GridRegionExpr& g) override { return lower_loop(lc_, strategy_, g); }
  Result<Expr> on(const TupleGetItem& t) override { return lower_tuple_get_item(lc_, strategy_, t); }
  Result<Expr> on(const FunctionCall& f) override { return lower_function_call(lc_, strategy_, f); }
  // A DimVar as a value (an operand of dim arithmetic): a rank-0 i64 register filled with it,
  // which the machine model reads from the run and the kernel from its hidden extent.
  Result<Expr> on(const DimVar& v) override {
    Result<ShapeDim> dim = ShapeDim::from_expr(e_);
    TF_TRY(dim);
    return integer_buffer(lc_, DType::i64(), *dim, "dim_" + v.name);
  }
  Result<Expr> on(const Tuple&) override { return no_rule(); }
  Result<Expr> on(const SymbolRef&) override { return no_rule(); }
  Result<Expr> on(const ShapeOf&) override { return no_rule(); }

  Result<Expr> no_rule() const {
    return lc_.refusal(*e_, fmt::format("`{}`", short_text(e_)), "no lowering rule for this kind of expression yet");
  }

  LoweringContext& lc_;
  const StrategyContext& strategy_;
  const Expr& e_;
};

}  // namespace

Result<Expr> lower_value(LoweringContext& lc, const StrategyContext& strategy, const Expr& e) {
  Result<Expr> v = lower_held(lc, strategy, e);
  TF_TRY(v);
  return whole(lc, strategy, *v);
}

Result<Expr> lower_held(LoweringContext& lc, const StrategyContext& strategy, const Expr& e) {
  if (const Expr* done = lc.lowered(e.get())) return *done;
  Result<bool> entered = lc.enter_node(*e);  // bounds the recursion through operands and inlined calls
  TF_TRY(entered);
  Result<Expr> v = HeldLowering(lc, strategy, e).dispatch(*e);
  lc.leave_node();
  TF_TRY(v);
  lc.remember(e.get(), *v);
  return v;
}

}  // namespace tf::lower
