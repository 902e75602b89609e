#include "ir/core/expr_print.h"

#include <fmt/format.h>

#include <limits>

#include <ostream>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/function_call.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/core/grid_region.h"
#include "ir/core/var.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/dim_var.h"
#include "ir/type/tensor_type.h"

namespace tf {

namespace {

// Binding strength of what an expression prints as: infix sums < products < atoms.
enum Precedence { kNegativeLiteral = 0, kSum = 1, kProduct = 2, kAtom = 3 };

std::string float_literal(double v) {
  std::string s = fmt::format("{}", v);
  // fmt prints 2.0 as "2": keep a float literal distinguishable from an int one.
  if (s.find_first_not_of("-0123456789") == std::string::npos) s += ".0";
  return s;
}

std::string constant_string(const Constant& c) {
  const DType d = c.type()->as<TensorType>()->dtype;
  if (c.is_bool()) return c.bool_value() ? "true" : "false";
  if (c.is_int()) {
    std::string s = std::to_string(c.int_value());
    return d == DType::i64() ? s : fmt::format("{}({})", d.name(), s);
  }
  std::string s = float_literal(c.float_value());
  return d == DType::f32() ? s : fmt::format("{}({})", d.name(), s);
}

struct Printed {
  std::string text;
  int precedence;
};

// How many more nodes may be printed; past that each operand prints as `...` (short_text).
// `in_body`: spelled for a func body, where `min` / `max` are the elementwise ops
// (to_body_string).
struct Budget {
  std::size_t left;
  bool in_body = false;
};

Printed print(const Expr& e, Budget& b);

std::string operand(const Expr& e, int parent, bool right, Budget& b) {
  Printed p = print(e, b);
  const bool wrap = p.precedence < parent || (right && p.precedence == parent);
  return wrap ? "(" + p.text + ")" : p.text;
}

Printed print_dim_call(DimOpKind kind, const Call& call, Budget& b) {
  Budget& budget = b;
  const Expr& a = call.args[0];
  const Expr& c = call.args[1];
  auto infix = [&](const char* sym, int prec) {
    std::string lhs = operand(a, prec, false, budget);
    return Printed{lhs + " " + sym + " " + operand(c, prec, true, budget), prec};
  };
  switch (kind) {
    case DimOpKind::Add:
      return infix("+", kSum);
    case DimOpKind::Sub:
      return infix("-", kSum);
    case DimOpKind::Mul:
      return infix("*", kProduct);
    case DimOpKind::FloorDiv:
      return infix("//", kProduct);
    case DimOpKind::Mod:
      return infix("%", kProduct);
    case DimOpKind::Min:
    case DimOpKind::Max: {
      const char* name = kind == DimOpKind::Min ? (b.in_body ? "dim_min(" : "min(") : (b.in_body ? "dim_max(" : "max(");
      std::string text = name + print(a, budget).text;
      return {text + ", " + print(c, budget).text + ")", kAtom};
    }
  }
  TF_UNREACHABLE("bad DimOpKind");
}

Printed print(const Expr& e, Budget& b) {
  if (!e) return {"<null>", kAtom};
  if (b.left == 0) return {"...", kAtom};
  --b.left;
  switch (e->kind()) {
    case ExprKind::Constant: {
      const Constant& c = *e->as<Constant>();
      std::string s = constant_string(c);
      return {s, s.starts_with('-') ? kNegativeLiteral : kAtom};
    }
    case ExprKind::Var:
      return {e->as<Var>()->name, kAtom};
    case ExprKind::DimVar:
      return {e->as<DimVar>()->name, kAtom};
    case ExprKind::Call: {
      const Call& call = *e->as<Call>();
      if (auto kind = dim_op_kind(call.op); kind && call.args.size() == 2)
        return print_dim_call(*kind, call, b);
      std::string s = std::string(call.op.name()) + "(";
      for (std::size_t i = 0; i < call.args.size(); ++i)
        s += (i ? ", " : "") + print(call.args[i], b).text;
      std::size_t a = 0;  // attributes as keywords, in declaration order
      for (const ParamDef& p : call.op.params()) {
        if (p.kind != ParamKind::Attribute) continue;
        s += (call.args.empty() && a == 0 ? "" : ", ") + p.name + "=" +
             attr_value_text(p.attr_kind, call.attrs[a]);
        ++a;
      }
      return {s + ")", kAtom};
    }
    case ExprKind::Tuple: {
      const Tuple& t = *e->as<Tuple>();
      std::string s = "(";
      for (std::size_t i = 0; i < t.elements.size(); ++i)
        s += (i ? ", " : "") + print(t.elements[i], b).text;
      return {s + (t.elements.size() == 1 ? ",)" : ")"), kAtom};
    }
    case ExprKind::TupleGetItem: {
      const TupleGetItem& g = *e->as<TupleGetItem>();
      return {fmt::format("tuple_get_item({}, index={})", print(g.tuple, b).text, g.index), kAtom};
    }
    case ExprKind::SymbolRef:
      return {"@" + e->as<SymbolRef>()->name, kAtom};
    case ExprKind::ShapeOf: {
      const ShapeOf& s = *e->as<ShapeOf>();
      return {fmt::format("ShapeOf({}, {})", s.param->name, s.axis), kAtom};
    }
    case ExprKind::FunctionCall: {
      const FunctionCall& c = *e->as<FunctionCall>();
      std::string s = "@" + c.callee + "(";
      for (std::size_t i = 0; i < c.args.size(); ++i) s += (i ? ", " : "") + print(c.args[i], b).text;
      return {s + ")", kAtom};
    }
    case ExprKind::GridRegionExpr:
      return {to_string(*e->as<GridRegionExpr>()), kAtom};
  }
  TF_UNREACHABLE("bad ExprKind");
}

}  // namespace

std::string to_string(const Expr& e) {
  Budget unlimited{std::numeric_limits<std::size_t>::max()};
  return print(e, unlimited).text;
}

std::string to_body_string(const Expr& e) {
  Budget unlimited{std::numeric_limits<std::size_t>::max(), /*in_body=*/true};
  return print(e, unlimited).text;
}

std::string short_text(const Expr& e, std::size_t max_nodes) {
  Budget b{max_nodes};
  return print(e, b).text;
}

std::ostream& operator<<(std::ostream& os, const Expr& e) {
  return os << to_string(e);
}

}  // namespace tf
