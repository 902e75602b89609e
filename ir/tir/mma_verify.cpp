// The verify handler of tir.cuda.nn.Mma (op_verify.h).
#include <fmt/format.h>

#include "ir/tir/mma_atom.h"
#include "ir/tir/op_check.h"
#include "ir/tir/op_verify.h"
#include "ir/type/tensor_type.h"

namespace tf::tir {

namespace {

std::string layout_text(const TensorType& t) {
  return t.layout ? to_string(*t.layout) : std::string("None");
}

}  // namespace

std::vector<Diagnostic> verify_mma(const Call& call) {
  using detail::op_rule_error;
  using detail::op_type_error;
  std::vector<Diagnostic> diags;
  const TensorType* acc = detail::tensor_operand(call.op, call.args, 0, diags);
  const TensorType* lhs = detail::tensor_operand(call.op, call.args, 1, diags);
  const TensorType* rhs = detail::tensor_operand(call.op, call.args, 2, diags);
  if (acc != nullptr) detail::require_memory(call.op, "acc", *acc, diags);
  const auto* atom_value = std::get_if<Atom>(&call.attr("atom"));
  if (atom_value == nullptr) return diags;  // the bare-Mma per-target path
  const MmaAtom* atom = as_mma_atom(*atom_value);
  if (atom == nullptr) {
    diags.push_back(op_type_error(
        call.op, fmt::format("atom is an MMA atom, got {}", (*atom_value)->spelling())));
    return diags;
  }
  struct Contract {
    const TensorType* t;
    const char* operand;
    const char* fragment;
    const ShardLayout& layout;
    DType dtype;
    const char* rule;
  };
  const MmaOpSpec& op = atom->op();
  const Contract contracts[] = {
      {acc, "acc", "C", atom->C(), op.dtype_c, "TIR.2.3.MMAVERIFY.acc-layout"},
      {lhs, "lhs", "A", atom->A(), op.dtype_a, "TIR.2.3.MMAVERIFY.lhs-layout"},
      {rhs, "rhs", "B", atom->B(), op.dtype_b, "TIR.2.3.MMAVERIFY.rhs-layout"},
  };
  for (const Contract& c : contracts) {
    if (c.t == nullptr) continue;
    if (!c.t->layout || !(*c.t->layout == LayoutBase(c.layout)))
      diags.push_back(
          op_rule_error(call.op, c.rule,
                        fmt::format("{}.layout must be atom.{} of {}, but it is {}", c.operand,
                                    c.fragment, op.name, layout_text(*c.t))));
    if (c.t->dtype != c.dtype)
      diags.push_back(
          op_type_error(call.op, fmt::format("{} has dtype {} but {} takes {}", c.operand,
                                             c.t->dtype.name(), op.name, c.dtype.name())));
  }
  return diags;
}

}  // namespace tf::tir
