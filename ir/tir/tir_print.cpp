#include "ir/tir/tir_print.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/expr_print.h"
#include "ir/core/structural.h"
#include "ir/core/var.h"
#include "ir/layout/mesh_slice.h"
#include "ir/layout/mesh_slice_verify.h"
#include "ir/layout/print.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/tfir_string.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/intrinsic.h"
#include "ir/tir/sequential.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::tir {

namespace {

std::string spell(std::string_view name) {
  return tfir_name(name);
}

std::string indent(int depth) {
  return std::string(static_cast<std::size_t>(depth) * 4, ' ');
}

std::string join(const std::vector<std::string>& parts) {
  std::string s;
  for (std::size_t i = 0; i < parts.size(); ++i) s += (i ? ", " : "") + parts[i];
  return s;
}

std::string shape_text(const std::vector<ShapeDim>& shape) {
  std::string s = "(";
  for (std::size_t i = 0; i < shape.size(); ++i) s += (i ? ", " : "") + to_string(shape[i]);
  return s + (shape.size() == 1 ? ",)" : ")");
}

// A sliced mesh as `name[key]` when it is a constant slice of a declared full mesh.
std::optional<std::string> slice_text(const Mesh& m, const PrintNames& names) {
  for (const auto& [name, e] : names.meshes)
    if (std::optional<std::vector<SliceKey>> key = slice_key_of(m, e)) return slice_spelling(spell(name), *key);
  return std::nullopt;
}

}  // namespace

std::string print_tir_attr(AttrKind kind, const AttrValue& v, const PrintNames& names) {
  if (const auto* t = std::get_if<IRType>(&v)) return print_tir_type(*t, names);
  if (const auto* l = std::get_if<LayoutBase>(&v)) return print_tir_layout(*l, names);
  if (const auto* m = std::get_if<Mesh>(&v)) return print_tir_mesh(*m, names);
  if (const auto* a = std::get_if<Atom>(&v)) {
    if (const std::string* n = names.atom_name(*a)) return spell(*n);
  }
  return attr_value_text(kind, v);
}

namespace {

// `surface(operands, attr=value, ...)` of a Call of a TIR op.
std::string op_call_text(const Call& call, const PrintNames& names) {
  if (is_tir_op(call.op, TirOp::Sync))
    return fmt::format("{}({})", call.op.surface(),
                       print_tir_mesh(std::get<Mesh>(call.attrs[0]), names));
  std::vector<std::string> parts;
  for (std::size_t i = 0; i < call.args.size(); ++i) {
    if (i == 2 && is_tir_op(call.op, TirOp::Reduce) && is_no_workspace(call.args[i])) continue;
    parts.push_back(print_tir_expr(call.args[i], names));
  }
  std::size_t a = 0;
  for (const ParamDef& p : call.op.params()) {
    if (p.kind != ParamKind::Attribute) continue;
    const AttrValue& v = call.attrs[a++];
    if (is_omittable(p, v)) continue;
    parts.push_back(p.name + "=" + print_tir_attr(p.attr_kind, v, names));
  }
  return fmt::format("{}({})", call.op.surface(), join(parts));
}

std::string args_text(const std::vector<Expr>& args, const PrintNames& names) {
  std::vector<std::string> parts;
  for (const Expr& e : args) parts.push_back(print_tir_expr(e, names));
  return join(parts);
}

std::string evaluate_text(const Evaluate& e, const PrintNames& names) {
  if (e.is_op()) return op_call_text(e.call(), names);
  return fmt::format("@{}({})", spell(e.symbol().name), args_text(e.args(), names));
}

// The printer runs an explicit stack of tasks (a statement to print, or a line to write once a
// block's statements are printed, such as a closing brace), so that printing a body of any depth
// costs no stack: a lowered kernel nests one LetStmt per binding.
class Printer {
 public:
  explicit Printer(const PrintNames& names) : names_(names) {}

  std::string take() { return std::move(out_); }

  // Prints `s` at `depth`; `last` says whether it ends its block (a flat let is allowed there).
  void print(const StmtNode& s, int depth, bool last) {
    tasks_.push_back(Task{&s, depth, last, {}});
    while (!tasks_.empty()) {
      Task t = std::move(tasks_.back());
      tasks_.pop_back();
      if (t.stmt == nullptr) line(t.depth, t.text);
      else stmt(*t.stmt, t.depth, t.last);
    }
  }

  void function(const PrimFunction& fn, int depth) { print(fn, depth, true); }

 private:
  // A statement to print, or (stmt null) the line `text`.
  struct Task {
    const StmtNode* stmt;
    int depth;
    bool last;
    std::string text;
  };

  // Schedules `s`'s statements (pushed last first, so that the first is printed next).
  void block(const Sequential& s, int depth) {
    for (std::size_t i = s.size(); i-- > 0;) tasks_.push_back(Task{s[i].get(), depth, i + 1 == s.size(), {}});
  }

  // Schedules the line `text`, printed after whatever is scheduled after it.
  void later(int depth, std::string text) { tasks_.push_back(Task{nullptr, depth, false, std::move(text)}); }

  // One statement: its own lines now, its blocks scheduled.
  void stmt(const StmtNode& s, int depth, bool last) {
    switch (s.kind()) {
      case StmtKind::Sequential:
        block(*s.as<Sequential>(), depth);
        return;
      case StmtKind::LetStmt: {
        const LetStmt& l = *s.as<LetStmt>();
        std::string head = "let " + spell(l.var->name);
        if (!structural_equal(l.var->type(), l.value->type()))
          head += ": " + print_tir_type(l.var->type(), names_);
        head += " = " + print_tir_expr(l.value, names_);
        if (last) {
          line(depth, head);
          block(*l.body, depth);
        } else {
          nested(depth, head + " {", *l.body);
        }
        return;
      }
      case StmtKind::For: {
        const For& f = *s.as<For>();
        nested(depth,
               fmt::format("for {} in range({}, {}, {}) {{", spell(f.induction_var->name),
                           expr(f.start), expr(f.stop), expr(f.step)),
               *f.body);
        return;
      }
      case StmtKind::While: {
        const While& w = *s.as<While>();
        nested(depth, fmt::format("while {} {{", expr(w.cond)), *w.body);
        return;
      }
      case StmtKind::If: {
        const If& i = *s.as<If>();
        line(depth, fmt::format("if {} {{", expr(i.cond)));
        later(depth, "}");
        if (i.else_body->size() > 0) {
          block(*i.else_body, depth + 1);
          later(depth, "} else {");
        }
        block(*i.then_body, depth + 1);
        return;
      }
      case StmtKind::MeshScope: {
        const MeshScope& m = *s.as<MeshScope>();
        nested(
            depth,
            fmt::format("with {} as {} {{", print_tir_mesh(m.mesh, names_), spell(m.binding->name)),
            *m.body);
        return;
      }
      case StmtKind::Return:
        line(depth, "return");
        return;
      case StmtKind::Evaluate:
        line(depth, evaluate_text(*s.as<Evaluate>(), names_));
        return;
      case StmtKind::DispatchCall:
        dispatch(*s.as<DispatchCall>(), depth);
        return;
      case StmtKind::Abort:
        line(depth, abort_text(*s.as<Abort>()));
        return;
      case StmtKind::Intrinsic: {
        const Intrinsic& i = *s.as<Intrinsic>();
        line(depth, fmt::format("{}({})", i.def->name, args_text(i.args, names_)));
        return;
      }
      case StmtKind::PrimFunction: {
        const PrimFunction& fn = *s.as<PrimFunction>();
        std::vector<std::string> params;
        for (const VarRef& p : fn.params())
          params.push_back(spell(p->name) + ": " + print_tir_type(p->type(), names_));
        nested(depth,
               fmt::format("prim_func {}({}) outputs={} target={} {{", spell(fn.name()), join(params),
                           fn.output_count(), target_name(fn.target())),
               *fn.body());
        return;
      }
    }
    TF_UNREACHABLE("bad StmtKind");
  }

  std::string expr(const Expr& e) const { return print_tir_expr(e, names_); }

  static std::string abort_text(const Abort& a) {
    return a.message.empty() ? "abort" : "abort " + tfir_quote(a.message);
  }

  void line(int depth, const std::string& text) { out_ += indent(depth) + text + "\n"; }

  // `head` now, then the body one level deeper, then `}`.
  void nested(int depth, const std::string& head, const Sequential& body) {
    line(depth, head);
    later(depth, "}");
    block(body, depth + 1);
  }

  void dispatch(const DispatchCall& d, int depth) {
    std::vector<std::string> subjects;
    for (const Expr& s : d.subjects) subjects.push_back(expr(s));
    line(depth, fmt::format("dispatch {} on ({}) {{", tfir_quote(d.callee_name), join(subjects)));
    const std::size_t rows = std::max(d.case_patterns.size(), d.case_calls.size());
    for (std::size_t i = 0; i < rows; ++i) {
      std::vector<std::string> patterns;
      if (i < d.case_patterns.size())
        for (const Pattern& p : d.case_patterns[i]) patterns.push_back(to_string(p));
      const std::string call =
          i < d.case_calls.size() ? evaluate_text(*d.case_calls[i], names_) : std::string("?");
      line(depth + 1, fmt::format("case ({}) => {}", join(patterns), call));
    }
    later(depth, "}");
    const Sequential& fb = *d.fallback;
    if (fb.size() == 1 && (fb[0]->is<Abort>() || fb[0]->is<Return>() || fb[0]->is<Evaluate>())) {
      Printer one(names_);
      one.print(*fb[0], 0, true);
      std::string text = one.take();
      text.pop_back();  // the newline
      line(depth + 1, "fallback { " + text + " }");
    } else if (fb.size() == 0) {
      line(depth + 1, "fallback { }");
    } else {
      nested(depth + 1, "fallback {", fb);
    }
  }

  const PrintNames& names_;
  std::string out_;
  std::vector<Task> tasks_;  // what is left to print, the next on top
};

}  // namespace

const std::string* PrintNames::layout_name(const LayoutBase& v) const {
  for (const auto& [name, l] : layouts)
    if (l == v) return &name;
  return nullptr;
}

const std::string* PrintNames::mesh_name(const Mesh& v) const {
  for (const auto& [name, m] : meshes)
    if (m == v) return &name;
  return nullptr;
}

const std::string* PrintNames::atom_name(const Atom& v) const {
  for (const auto& [name, a] : atoms)
    if (a && v && a->equals(*v)) return &name;
  return nullptr;
}

std::string print_prim_function(const PrimFunction& fn, const PrintNames& names) {
  Printer p(names);
  p.function(fn, 0);
  return p.take();
}

std::string print_stmt(const Stmt& s, const PrintNames& names, int depth) {
  TF_CHECK(s, "print_stmt of a null Stmt");
  Printer p(names);
  p.print(*s, depth, true);
  return p.take();
}

std::string print_tir_expr(const Expr& e, const PrintNames& names) {
  if (!e) return "<null>";
  if (const Var* v = e->as<Var>()) return spell(v->name);
  if (const Call* c = e->as<Call>(); c != nullptr && c->op.dialect() == "tir")
    return op_call_text(*c, names);
  return to_string(e);
}

std::string print_tir_type(const IRType& t, const PrintNames& names) {
  const TensorType* tt = t ? t->as<TensorType>() : nullptr;
  if (tt == nullptr) return to_string(t);
  std::string s = "Tensor[" + shape_text(tt->shape) + ", " + std::string(tt->dtype.name());
  if (tt->layout && !(tt->shape.empty() && *tt->layout == empty_layout()))
    s += ", layout=" + print_tir_layout(*tt->layout, names);
  return s + storage_keyword(tt->storage) + "]";
}

std::string print_tir_layout(const LayoutBase& l, const PrintNames& names) {
  if (const std::string* n = names.layout_name(l)) return spell(*n);
  if (const ShardLayout* s = l.as_shard())
    return "ShardLayout(layout=" + print_tir_layout(s->layout(), names) +
           ", attrs=" + to_string(s->attrs()) + ", mesh=" + print_tir_mesh(s->mesh(), names) + ")";
  return to_string(l);
}

std::string print_tir_mesh(const Mesh& m, const PrintNames& names) {
  if (const std::string* n = names.mesh_name(m)) return spell(*n);
  if (m.is_sliced())
    if (std::optional<std::string> s = slice_text(m, names)) return *s;
  return to_string(m);
}

}  // namespace tf::tir
