#include "ir/text/hir_printer.h"

#include <fmt/format.h>

#include <set>
#include <unordered_map>

#include "ir/numerics/cast_mode.h"
#include "ir/numerics/convert.h"
#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/expr_print.h"
#include "ir/core/function_call.h"
#include "ir/core/tuple.h"
#include "ir/core/var.h"
#include "ir/dim/dim_ops.h"
#include "ir/core/grid_region.h"
#include "ir/text/binding_placement.h"
#include "ir/text/declarations.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::text {

std::string literal_text(const Expr& e) {
  const Constant& c = *e->as<Constant>();
  const DType d = c.type()->as<TensorType>()->dtype;
  if (c.is_bool()) return c.bool_value() ? "true" : "false";
  if (c.is_int()) return d == DType::i64() ? std::to_string(c.int_value())
                                           : fmt::format("{}({})", d.name(), c.int_value());
  if (d == DType::f32() || d == DType::f16() || d == DType::bf16()) {
    std::string s = to_string(e);  // the core spelling: 1.5, bf16(0.5)
    return s;
  }
  const std::uint64_t code = numerics::encode_f64(c.float_value(), d, numerics::literal_cast_mode(d, c.float_value()));
  return fmt::format("{}({:#x})", d.name(), code);
}

namespace {

bool is_bound_kind(const Expr& e) {
  switch (e->kind()) {
    case ExprKind::Call:
      return !dim_op_kind(e->as<Call>()->op).has_value();
    case ExprKind::FunctionCall:
    case ExprKind::TupleGetItem:
    case ExprKind::GridRegionExpr:
      return true;
    case ExprKind::Constant:
    case ExprKind::Var:
    case ExprKind::DimVar:
    case ExprKind::Tuple:
    case ExprKind::SymbolRef:
    case ExprKind::ShapeOf:
      return false;
  }
  TF_UNREACHABLE("bad ExprKind");
}

class HirPrinter {
 public:
  HirPrinter(const hir::Function& f, const OpRegistry& registry, const DeclaredNames& names)
      : f_(f), registry_(registry), declared_(names) {
    for (const VarRef& p : f.params()) used_.insert(p->name);
  }

  std::string print() {
    std::string out = f_.is_variant()
                          ? fmt::format("specialize {}({}) as {}(", spell_name(f_.base_name()),
                                        to_string(f_.specializations()[0]), spell_name(f_.name()))
                          : fmt::format("func {}(", spell_name(f_.name()));
    for (std::size_t i = 0; i < f_.params().size(); ++i)
      out += fmt::format("{}{}: {}", i ? ", " : "", spell_name(f_.params()[i]->name),
                         to_string(f_.params()[i]->type()));
    if (f_.is_prototype())
      return out + fmt::format(") -> {} prototype\n", to_string(f_.return_type()));
    out += fmt::format(") -> {} {{\n", to_string(f_.return_type()));
    lay_out(BindingPlacement(f_.body()));
    print_block(nullptr, 1);
    out += body_;
    out += fmt::format("    return {}\n}}\n", text(f_.body()));
    return out;
  }

 private:
  // Sorts the values that get a binding into the blocks that bind them, each block in
  // dependency order; reserves the names of loop indices and carries, which print as they are.
  void lay_out(const BindingPlacement& placement) {
    for (const Expr& e : placement.order()) {
      if (const GridRegionExpr* g = e->as<GridRegionExpr>()) {
        used_.insert(g->induction_var()->name);
        for (const VarRef& c : g->carried()) used_.insert(c->name);
      }
      if (wants_binding(e)) members_[placement.block_of(e.get())].push_back(e);
    }
  }

  std::string fresh_name(const Expr& e) {
    if (const std::string source(e->binding_name()); !source.empty() && !used_.count(source)) {
      used_.insert(source);
      return source;
    }
    std::string base = it_base(e);
    for (int i = 0;; ++i) {
      std::string n = fmt::format("{}{}", base, i);
      if (!used_.count(n)) {
        used_.insert(n);
        return n;
      }
    }
  }
  std::string it_base(const Expr& e) const {
    const std::string_view source = e->binding_name();
    return source.empty() ? "t" : std::string(source) + "_";
  }

  bool wants_binding(const Expr& e) const {
    if (is_bound_kind(e)) return true;
    if (e->is<Tuple>() || e->is<Constant>()) return !e->binding_name().empty();
    return false;
  }

  // Prints the bindings of `block` (a loop node, or nullptr for the function body) at `depth`.
  void print_block(const ExprNode* block, int depth) {
    auto it = members_.find(block);
    if (it == members_.end()) return;
    for (const Expr& e : it->second) {
      if (e->is<GridRegionExpr>()) {
        print_loop(e, depth);
        continue;
      }
      bind(e, fresh_name(e), value_text(e), depth);
    }
  }

  void bind(const Expr& e, const std::string& name, const std::string& value, int depth) {
    line(depth, fmt::format("{}: {} = {}", spell_name(name), to_string(e->type()), value));
    names_.emplace(e.get(), name);
  }

  void print_loop(const Expr& e, int depth) {
    const GridRegionExpr& g = *e->as<GridRegionExpr>();
    const bool carried = !g.carried().empty();
    const std::string name = fresh_name(e);
    std::string header = fmt::format("{}: {} = for {} in range({}, {}, {}) ", spell_name(name),
                                     to_string(e->type()), spell_name(g.induction_var()->name),
                                     to_string(g.start()), to_string(g.stop()), to_string(g.step()));
    if (carried) {
      header += "carry (";
      for (std::size_t k = 0; k < g.carried().size(); ++k)
        header += fmt::format("{}{} = {}", k ? ", " : "", spell_name(g.carried()[k]->name),
                              text(g.inits()[k]));
      header += ") ";
    }
    line(depth, header + "{");
    print_block(e.get(), depth + 1);
    if (carried) {
      std::string y;
      for (std::size_t k = 0; k < g.yields().size(); ++k) y += (k ? ", " : "") + text(g.yields()[k]);
      line(depth + 1, g.yields().size() == 1 ? "yield " + y : "yield (" + y + ")");
    } else if (!ends_with(e.get(), g.body())) {
      // A loop without carries has its last binding as its value: when the body is bound
      // outside the block, or written inline, the block ends by binding it once more.
      const Expr& body = g.body();
      const std::string value = names_.count(body.get()) ? text(body) : value_text(body);
      line(depth + 1, fmt::format("{}: {} = {}", spell_name(fresh_name(body)),
                                  to_string(body->type()), value));
    }
    line(depth, "}");
    names_.emplace(e.get(), name);
  }

  bool ends_with(const ExprNode* block, const Expr& value) const {
    auto it = members_.find(block);
    return it != members_.end() && !it->second.empty() && it->second.back().get() == value.get();
  }

  void line(int depth, const std::string& s) { body_ += std::string(4 * depth, ' ') + s + "\n"; }

  // How a value is referred to once its bindings are out.
  std::string text(const Expr& e) const {
    if (auto it = names_.find(e.get()); it != names_.end()) return spell_name(it->second);
    switch (e->kind()) {
      case ExprKind::Var:
        return spell_name(e->as<Var>()->name);
      case ExprKind::Constant:
        return literal_text(e);
      case ExprKind::Tuple: {
        const Tuple& t = *e->as<Tuple>();
        std::string s = "(";
        for (std::size_t i = 0; i < t.elements.size(); ++i) s += (i ? ", " : "") + text(t.elements[i]);
        return s + (t.elements.size() == 1 ? ",)" : ")");
      }
      case ExprKind::Call:  // dim arithmetic (other Calls are bound, so named above)
        return to_body_string(e);
      case ExprKind::DimVar:
      case ExprKind::ShapeOf:
      case ExprKind::SymbolRef:
      case ExprKind::FunctionCall:
      case ExprKind::TupleGetItem:
      case ExprKind::GridRegionExpr:
        return to_string(e);
    }
    TF_UNREACHABLE("bad ExprKind");
  }

  std::string value_text(const Expr& e) const {
    switch (e->kind()) {
      case ExprKind::Call:
        return call_text(*e->as<Call>());
      case ExprKind::FunctionCall: {
        const FunctionCall& c = *e->as<FunctionCall>();
        std::string s = "@" + c.callee + "(";
        for (std::size_t i = 0; i < c.args.size(); ++i) s += (i ? ", " : "") + text(c.args[i]);
        return s + ")";
      }
      case ExprKind::TupleGetItem: {
        const TupleGetItem& g = *e->as<TupleGetItem>();
        return fmt::format("tuple_get_item({}, index={})", text(g.tuple), g.index);
      }
      case ExprKind::Tuple: {
        const Tuple& t = *e->as<Tuple>();
        std::string s = "(";
        for (std::size_t i = 0; i < t.elements.size(); ++i) s += (i ? ", " : "") + text(t.elements[i]);
        return s + (t.elements.size() == 1 ? ",)" : ")");
      }
      case ExprKind::Constant:
        return literal_text(e);
      case ExprKind::Var:
      case ExprKind::DimVar:
      case ExprKind::SymbolRef:
      case ExprKind::ShapeOf:
      case ExprKind::GridRegionExpr:
        return text(e);
    }
    TF_UNREACHABLE("bad ExprKind");
  }

  std::string call_text(const Call& call) const {
    std::string name(call.op.surface());
    std::size_t skip_attr = SIZE_MAX;  // the kind attribute folded into the name
    const std::string_view op_name = call.op.name();
    if (op_name == "hir.math.Binary" || op_name == "hir.math.Unary") {
      const std::string kind(std::get<EnumAttr>(call.attrs[0]).spelling());
      if (!registry_.find_surface("hir", kind)) {
        name = kind;
        skip_attr = 0;
      }
    }
    std::string s = name + "(";
    bool first = true;
    for (const Expr& a : call.args) {
      s += (first ? "" : ", ") + text(a);
      first = false;
    }
    std::size_t i = 0;
    for (const ParamDef& p : call.op.params()) {
      if (p.kind != ParamKind::Attribute) continue;
      const AttrValue& v = call.attrs[i];
      if (i != skip_attr && !is_omittable(p, v)) {
        s += (first ? "" : ", ") + p.name + "=" + tir::print_tir_attr(p.attr_kind, v, declared_);
        first = false;
      }
      ++i;
    }
    return s + ")";
  }

  const hir::Function& f_;
  const OpRegistry& registry_;
  const DeclaredNames& declared_;
  std::string body_;
  std::unordered_map<const ExprNode*, std::string> names_;
  std::set<std::string> used_;
  std::unordered_map<const ExprNode*, std::vector<Expr>> members_;  // block -> its bindings
};

}  // namespace

std::string print_hir_function(const hir::Function& f, const OpRegistry& registry,
                               const DeclaredNames& names) {
  std::string out = HirPrinter(f, registry, names).print();
  for (const hir::HirFunctionRef& v : f.variants())
    out += "\n" + HirPrinter(*v, registry, names).print();
  return out;
}

}  // namespace tf::text
