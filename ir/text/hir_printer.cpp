#include "ir/text/hir_printer.h"

#include <fmt/format.h>

#include <functional>
#include <set>
#include <unordered_map>
#include <unordered_set>

#include "eval/numerics/cast_mode.h"
#include "eval/numerics/convert.h"
#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/expr_print.h"
#include "ir/core/function_call.h"
#include "ir/core/tuple.h"
#include "ir/core/var.h"
#include "ir/dim/dim_ops.h"
#include "ir/hir/grid_region.h"
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
  const std::uint64_t code = numerics::encode_f64(c.float_value(), d, numerics::default_cast_mode(d));
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
    default:
      return false;
  }
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
    emit(f_.body(), 1, nullptr);
    out += body_;
    out += fmt::format("    return {}\n}}\n", text(f_.body()));
    return out;
  }

 private:
  // The loop-bound Vars of the region being printed and its enclosing ones.
  struct LoopScope {
    std::unordered_set<const ExprNode*> bound;
    const LoopScope* parent = nullptr;
  };

  static std::vector<Expr> children(const Expr& e) {
    switch (e->kind()) {
      case ExprKind::Call:
        return e->as<Call>()->args;
      case ExprKind::FunctionCall:
        return e->as<FunctionCall>()->args;
      case ExprKind::Tuple:
        return e->as<Tuple>()->elements;
      case ExprKind::TupleGetItem:
        return {e->as<TupleGetItem>()->tuple};
      case ExprKind::GridRegionExpr: {
        const GridRegionExpr& g = *e->as<GridRegionExpr>();
        std::vector<Expr> c = g.inits();
        c.push_back(g.body());
        c.insert(c.end(), g.yields().begin(), g.yields().end());
        return c;
      }
      default:
        return {};
    }
  }

  // Whether `e` mentions a Var bound by `scope` (memoized per scope).
  bool depends_on(const Expr& e, const LoopScope& scope) {
    auto key = std::make_pair(&scope, e.get());
    if (auto it = depends_.find(key); it != depends_.end()) return it->second;
    bool d = e->is<Var>() && scope.bound.count(e.get());
    if (!d)
      for (const Expr& c : children(e))
        if (depends_on(c, scope)) {
          d = true;
          break;
        }
    depends_.emplace(key, d);
    return d;
  }

  std::string fresh_name(const Expr& e) {
    const auto& source = f_.binding_names();
    if (auto it = source.find(e.get()); it != source.end() && !used_.count(it->second)) {
      used_.insert(it->second);
      return it->second;
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
    const auto& source = f_.binding_names();
    auto it = source.find(e.get());
    return it == source.end() ? "t" : it->second + "_";
  }

  bool wants_binding(const Expr& e) const {
    if (is_bound_kind(e)) return true;
    if (e->is<Tuple>() || e->is<Constant>()) return f_.binding_names().count(e.get()) > 0;
    return false;
  }

  // Emits the bindings `e` needs, at `depth`, inside loop scope `loop` (null at top level).
  void emit(const Expr& e, int depth, const LoopScope* loop) {
    if (names_.count(e.get())) return;
    if (e->is<GridRegionExpr>()) {
      emit_region(e, depth, loop);
      return;
    }
    for (const Expr& c : children(e)) emit(c, depth, loop);
    if (!wants_binding(e)) return;
    const std::string name = fresh_name(e);
    line(depth, fmt::format("{}: {} = {}", spell_name(name), to_string(e->type()), value_text(e)));
    names_.emplace(e.get(), name);
  }

  // Emits `e` inside a loop body as its last binding: its dependencies first, then `e` itself,
  // bound even when it is a kind that is otherwise written inline (a literal, a tuple).
  void emit_inside(const Expr& e, int depth, const LoopScope* loop) {
    if (names_.count(e.get()) || e->is<Var>()) return;
    if (e->is<GridRegionExpr>() || wants_binding(e)) {
      emit(e, depth, loop);
      return;
    }
    for (const Expr& c : children(e)) emit(c, depth, loop);
    const std::string name = fresh_name(e);
    line(depth, fmt::format("{}: {} = {}", spell_name(name), to_string(e->type()), value_text(e)));
    names_.emplace(e.get(), name);
  }

  void emit_region(const Expr& e, int depth, const LoopScope* loop) {
    const GridRegionExpr& g = *e->as<GridRegionExpr>();
    for (const Expr& init : g.inits()) emit(init, depth, loop);
    LoopScope scope{{g.induction_var().get()}, loop};
    used_.insert(g.induction_var()->name);
    for (const VarRef& c : g.carried()) {
      scope.bound.insert(c.get());
      used_.insert(c->name);
    }
    // What the loop prints inside: the yields of a carried loop (its body is its last yield, as
    // the reader builds it), the body of a loop without carries (printed inside even when it is
    // invariant, since it is the loop's value).
    const bool carried = !g.carried().empty();
    const std::vector<Expr> roots = carried ? g.yields() : std::vector<Expr>{g.body()};
    // Values that do not depend on the index or the carries go before the loop. A nested loop
    // that does depend is printed inside; only its inits are evaluated in this scope.
    std::function<void(const Expr&, bool)> hoist = [&](const Expr& x, bool keep_inside) {
      if (names_.count(x.get()) || (!keep_inside && !depends_on(x, scope))) {
        emit(x, depth, loop);
        return;
      }
      if (const GridRegionExpr* inner = x->as<GridRegionExpr>()) {
        for (const Expr& init : inner->inits()) hoist(init, false);
        return;
      }
      for (const Expr& c : children(x)) hoist(c, false);
    };
    for (const Expr& r : roots) hoist(r, !carried);
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
    // Index and carries are named by their Vars; inner bindings follow.
    if (carried) {
      for (const Expr& r : roots) emit(r, depth + 1, &scope);
      std::string y;
      for (std::size_t k = 0; k < g.yields().size(); ++k) y += (k ? ", " : "") + text(g.yields()[k]);
      line(depth + 1, g.yields().size() == 1 ? "yield " + y : "yield (" + y + ")");
    } else {
      emit_inside(g.body(), depth + 1, &scope);
    }
    line(depth, "}");
    names_.emplace(e.get(), name);
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
      default:
        return to_string(e);  // dims, dim arithmetic, ShapeOf
    }
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
      default:
        return text(e);
    }
  }

  std::string call_text(const Call& call) const {
    std::string name(call.op.surface());
    std::size_t skip_attr = SIZE_MAX;  // the kind attribute folded into the name
    const std::string_view op_name = call.op.name();
    if (op_name == "hir.math.Binary" || op_name == "hir.math.Unary") {
      const std::string& kind = std::get<std::string>(call.attrs[0]);
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
  struct PairHash {
    std::size_t operator()(const std::pair<const LoopScope*, const ExprNode*>& p) const {
      return std::hash<const void*>()(p.first) ^ (std::hash<const void*>()(p.second) << 1);
    }
  };
  std::unordered_map<std::pair<const LoopScope*, const ExprNode*>, bool, PairHash> depends_;
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
