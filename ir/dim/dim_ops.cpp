#include "ir/dim/dim_ops.h"

namespace tf {

const OpFamily kDimFamily{"dim"};

std::string_view dim_op_name(DimOpKind kind) {
  switch (kind) {
    case DimOpKind::Add:
      return "dim.DimAdd";
    case DimOpKind::Sub:
      return "dim.DimSub";
    case DimOpKind::Mul:
      return "dim.DimMul";
    case DimOpKind::FloorDiv:
      return "dim.DimFloorDiv";
    case DimOpKind::Mod:
      return "dim.DimMod";
    case DimOpKind::Min:
      return "dim.DimMin";
    case DimOpKind::Max:
      return "dim.DimMax";
  }
  TF_UNREACHABLE("bad DimOpKind");
}

void register_dim_ops(OpRegistry& registry) {
  for (DimOpKind kind : kAllDimOps) {
    Result<Op> op = registry.add({.name = std::string(dim_op_name(kind)),
                                  .form = OpForm::Value,
                                  .params = {ParamDef::operand("a"), ParamDef::operand("b")},
                                  .family = &kDimFamily,
                                  .code = static_cast<std::uint32_t>(kind)});
    TF_CHECK(op.ok(), "registering {}: {}", dim_op_name(kind), op.diagnostics().front().message);
  }
}

Op dim_op(DimOpKind kind) {
  static const std::array<Op, kAllDimOps.size()> ops = [] {
    std::array<Op, kAllDimOps.size()> table;
    for (DimOpKind k : kAllDimOps)
      table[static_cast<int>(k)] = *OpRegistry::builtin().find(dim_op_name(k));
    return table;
  }();
  return ops[static_cast<int>(kind)];
}

std::optional<DimOpKind> dim_op_kind(Op op) { return op.code_in<DimOpKind>(kDimFamily); }

}  // namespace tf
