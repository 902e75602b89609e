#include "lower/canonicalize_pass.h"

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_mutator.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/hir/function.h"
#include "ir/hir/sharding_ops.h"
#include "ir/hir/tensor_ops.h"
#include "ir/type/tensor_type.h"

namespace tf::lower {

namespace {

bool is_zero_literal(const Expr& e) {
  const auto* c = e->as<Constant>();
  return c != nullptr && c->is_int() && std::get<std::int64_t>(c->value) == 0;
}

bool all_ones(const AttrValue& v) {
  const auto* dims = std::get_if<std::vector<ShapeDim>>(&v);
  if (dims == nullptr) return std::holds_alternative<std::monostate>(v);
  for (const ShapeDim& d : *dims)
    if (!d.is_static() || d.value() != 1) return false;
  return true;
}

// True when Call `c` (its operands already canonical) computes its first operand unchanged.
bool is_identity(const Call& c) {
  if (c.args.empty() || !structural_equal(c.type(), c.args[0]->type())) return false;
  if (hir::sharding_op_kind(c.op) == hir::ShardingOp::Reshard)
    return std::holds_alternative<std::monostate>(c.attr("layout")) && std::holds_alternative<std::monostate>(c.attr("storage"));
  const std::optional<hir::TensorOp> op = hir::tensor_op_kind(c.op);
  if (op == hir::TensorOp::Reshape) return true;  // equal types: the same shape, read in the same order
  if (op == hir::TensorOp::Transpose) {
    const auto& perm = std::get<std::vector<std::int64_t>>(c.attr("perm"));
    for (std::size_t i = 0; i < perm.size(); ++i)
      if (perm[i] != static_cast<std::int64_t>(i)) return false;
    return true;
  }
  if (op == hir::TensorOp::Slice) {
    const auto* starts = c.args.size() > 1 ? c.args[1]->as<Tuple>() : nullptr;
    if (starts == nullptr || !all_ones(c.attr("strides"))) return false;
    for (const Expr& s : starts->elements)
      if (!is_zero_literal(s)) return false;
    return true;  // sizes: the result's shape, equal to x's
  }
  return false;
}

// Replaces each Call that computes its operand unchanged by that operand. A rebuilt node keeps
// the name and place of the node it replaces (ExprMutator); a removed Call's go with it, and its
// operand keeps its own.
class Canonicalizer final : public ExprMutator {
 protected:
  Expr mutate_node(const Ref<const Call>& node) override {
    Expr e = mutate_children(node);
    const auto* c = e->as<Call>();
    if (c == nullptr || !is_identity(*c)) return e;
    return c->args[0];
  }
};

// `fn` canonicalized, or null when nothing changed.
Result<hir::HirFunctionRef> canonical(const hir::Function& fn) {
  const Expr body = Canonicalizer().mutate(fn.body());
  if (body.get() == fn.body().get()) return hir::HirFunctionRef();
  return hir::Function::make(fn.name(), fn.params(), body, fn.return_type());
}

}  // namespace

Result<ModuleRef> CanonicalizePass::run(const ModuleRef& module, const Context&) const {
  std::vector<FunctionRef> functions;
  bool changed = false;
  for (const FunctionRef& f : module->functions()) {
    const auto* fn = f->as<hir::Function>();
    if (fn == nullptr || fn->is_prototype() || fn->is_variant()) {
      functions.push_back(f);
      continue;
    }
    Result<hir::HirFunctionRef> c = canonical(*fn);
    TF_TRY(c);
    changed = changed || *c;
    functions.push_back(*c ? FunctionRef(c->get()) : f);
  }
  if (!changed) return module;
  return Module::make(module->name(), std::move(functions), module->declarations(), module->entry());
}

}  // namespace tf::lower
