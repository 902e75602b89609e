// ExprNode, the kind names, and the factories of Constant, Var and Call.
#include "ir/core/expr.h"

#include <fmt/format.h>

#include <limits>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/var.h"
#include "ir/support/nearest_names.h"
#include "ir/type/tensor_type.h"
#include "ir/type/tuple_type.h"
#include "ir/type/type_print.h"
#include "ir/type/unit_type.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

// The int64 range of an integer dtype of `bits` bits (two's complement, signed).
bool fits_signed(std::int64_t v, int bits) {
  if (bits >= 64) return true;
  const std::int64_t max = (std::int64_t{1} << (bits - 1)) - 1;
  return v >= -max - 1 && v <= max;
}

std::string payload_string(const ConstantValue& v) {
  switch (v.index()) {
    case 0:
      return fmt::format("int {}", std::get<0>(v));
    case 1:
      return fmt::format("float {}", std::get<1>(v));
    case 2:
      return std::get<2>(v) ? "bool true" : "bool false";
  }
  TF_UNREACHABLE("bad ConstantValue alternative");
}

}  // namespace

std::string_view expr_kind_name(ExprKind kind) {
  switch (kind) {
#define TF_EXPR_NODE(Name) \
  case ExprKind::Name:     \
    return #Name;
#include "ir/core/expr_nodes.def"
  }
  TF_UNREACHABLE("bad ExprKind");
}

ExprNode::ExprNode(ExprKind kind, IRType type) : TaggedNode(kind), type_(std::move(type)) {
  TF_CHECK(type_, "every Expr has a type");
}

bool attach_binding(const ExprNode& e, BindingInfoRef info) {
  TF_CHECK(info, "attach_binding of a null BindingInfo");
  if (e.binding_) return false;
  e.binding_ = std::move(info);
  return true;
}

Result<ConstantRef> Constant::make(ConstantValue value, IRType type) {
  if (!type) return type_error("a Constant needs a type");
  const TensorType* t = type->as<TensorType>();
  if (t == nullptr || t->rank() != 0)
    return type_error(fmt::format("a Constant is rank 0, but its type is {}", short_text(type)));
  const DType d = t->dtype;
  bool matches = false;
  switch (value.index()) {
    case 0:
      matches = d.is_integer();
      break;
    case 1:
      matches = d.is_float();
      break;
    case 2:
      matches = d.is_bool();
      break;
  }
  if (!matches)
    return type_error(fmt::format("a Constant of dtype {} cannot hold the {} payload", d.name(),
                                  payload_string(value)));
  if (value.index() == 0 && !fits_signed(std::get<0>(value), d.bit_width()))
    return type_error(
        fmt::format("the value {} does not fit dtype {}", std::get<0>(value), d.name()));
  return ConstantRef(new Constant(value, std::move(type)));
}

std::int64_t Constant::int_value() const {
  TF_CHECK(is_int(), "int_value() of a non-int Constant");
  return std::get<0>(value);
}

double Constant::float_value() const {
  TF_CHECK(is_float(), "float_value() of a non-float Constant");
  return std::get<1>(value);
}

bool Constant::bool_value() const {
  TF_CHECK(is_bool(), "bool_value() of a non-bool Constant");
  return std::get<2>(value);
}

Result<VarRef> Var::make(std::string name, IRType type) {
  if (name.empty()) return type_error("a Var needs a non-empty name");
  if (!type) return type_error(fmt::format("Var '{}' needs a type", name));
  return VarRef(new Var(std::move(name), std::move(type)));
}

Result<std::vector<AttrValue>> bind_call_attrs(Op op, const std::vector<NamedAttr>& given) {
  TF_CHECK(op.valid(), "bind_call_attrs of an invalid op");
  std::vector<Diagnostic> diags;
  for (std::size_t i = 0; i < given.size(); ++i) {
    const std::string& name = given[i].first;
    const ParamDef* p = op.find_param(name);
    if (p == nullptr || p->kind != ParamKind::Attribute) {
      Diagnostic d = type_error(fmt::format("{} has no attribute '{}'", op.name(), name));
      diags.push_back(suggest_nearest(d, name, op.attribute_names()));
      continue;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (given[j].first == name) {
        diags.push_back(type_error(
            fmt::format("attribute '{}' of {} is given more than once", name, op.name())));
        break;
      }
    const AttrValue& v = given[i].second;
    if (std::holds_alternative<std::monostate>(v) && !p->optional)
      diags.push_back(type_error(
          fmt::format("attribute '{}' of {} is not optional, but is given None", name, op.name())));
    else if (!attr_value_fits(*p, v))
      diags.push_back(type_error(fmt::format("attribute '{}' of {} takes a value of kind {}, got the {}",
                                             name, op.name(), attr_family_text(*p),
                                             attr_value_description(v))));
  }
  std::vector<AttrValue> values;
  for (const ParamDef& p : op.params()) {
    if (p.kind != ParamKind::Attribute) continue;
    const NamedAttr* hit = nullptr;
    for (const NamedAttr& g : given)
      if (g.first == p.name) hit = &g;
    if (hit != nullptr)
      values.push_back(hit->second);
    else if (p.default_value)
      values.push_back(attr_value_of(*p.default_value));
    else if (p.optional)
      values.emplace_back();  // None, the first alternative
    else
      diags.push_back(type_error(fmt::format("{} needs the attribute '{}' ({})", op.name(), p.name,
                                             attr_kind_name(p.attr_kind))));
  }
  if (!diags.empty()) return diags;
  return values;
}

const AttrValue& Call::attr(std::string_view name) const {
  std::size_t i = 0;
  for (const ParamDef& p : op.params()) {
    if (p.kind != ParamKind::Attribute) continue;
    if (p.name == name) return attrs[i];
    ++i;
  }
  TF_CHECK(false, "{} has no attribute '{}'", op.name(), name);
  TF_UNREACHABLE("attr");
}

Result<CallRef> Call::make(Op op, std::vector<Expr> args, IRType type) {
  return make(op, std::move(args), std::vector<NamedAttr>{}, std::move(type));
}

namespace {

// The rules every Call obeys whatever its op (call.h's header comment, attributes aside).
std::vector<Diagnostic> check_call_operands(Op op, const std::vector<Expr>& args,
                                            const IRType& type) {
  if (!op.valid()) return {type_error("a Call needs an op")};
  if (!type) return {type_error(fmt::format("the Call of {} needs a type", op.name()))};
  std::vector<Diagnostic> diags;
  if (!op.accepts_arity(args.size()))
    diags.push_back(
        type_error(fmt::format("{} takes {}, got {}", op.name(), op.arity_text(), args.size())));
  const bool unit_result = type->is<UnitType>();
  if (op.form() == OpForm::Effect && !unit_result)
    diags.push_back(
        rule_error("TYPES.6.UNIT.effect-op-result",
                   fmt::format("{} is an effect-form op, so its Call has type Unit, not {}",
                               op.name(), short_text(type))));
  if (op.form() == OpForm::Value && unit_result)
    diags.push_back(
        rule_error("TYPES.6.UNIT.effect-op-result",
                   fmt::format("{} is a value-form op; only an effect-form op's Call has type Unit",
                               op.name())));
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i]) {
      diags.push_back(type_error(fmt::format("argument {} of {} is null", i, op.name())));
      continue;
    }
    const IRType& at = args[i]->type();
    if (at->is<UnitType>())
      diags.push_back(rule_error(
          "TYPES.6.UNIT.no-readable-value",
          fmt::format("argument {} of {} is {}, which has type Unit: an effect produces no "
                      "value to read",
                      i, op.name(), short_text(args[i]))));
    if (at->is<TupleType>() && !op.tuple_operands())
      diags.push_back(rule_error(
          "TYPES.5.TUPLE.not-op-input",
          fmt::format("argument {} of {} has the tuple type {}; a tuple is consumed only "
                      "through tuple_get_item",
                      i, op.name(), to_string(at))));
  }
  return diags;
}

}  // namespace

Result<CallRef> Call::make(Op op, std::vector<Expr> args, std::vector<NamedAttr> attrs,
                           IRType type) {
  std::vector<Diagnostic> diags = check_call_operands(op, args, type);
  if (!op.valid() || !type) return diags;
  Result<std::vector<AttrValue>> values = bind_call_attrs(op, attrs);
  if (!values.ok())
    for (const Diagnostic& d : values.diagnostics()) diags.push_back(d);
  if (!diags.empty()) return diags;
  return CallRef(new Call(op, std::move(args), std::move(values).value(), std::move(type)));
}

Result<CallRef> Call::with_args(std::vector<Expr> new_args) const {
  std::vector<Diagnostic> diags = check_call_operands(op, new_args, type());
  if (!diags.empty()) return diags;
  return CallRef(new Call(op, std::move(new_args), attrs, type()));
}

}  // namespace tf
