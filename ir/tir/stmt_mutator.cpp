#include "ir/tir/stmt_mutator.h"

#include "ir/core/field_map.h"

namespace tf::tir {
namespace {

// A statement without children (Return, Abort) is never rebuilt.
template <typename Node>
Result<Stmt> remake(const Node& n, StmtReplacer& replace) {
  bool changed = false;
  (void)map_fields(n, replace, changed);
  TF_CHECK(!changed, "a statement without children was rebuilt");
  return Stmt(&n);
}

Result<Stmt> remake(const Sequential& n, StmtReplacer& replace) {
  bool changed = false;
  auto [body] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(Sequential::make(std::move(body), n.loc()));
}

Result<Stmt> remake(const LetStmt& n, StmtReplacer& replace) {
  bool changed = false;
  auto [var, value, body] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(LetStmt::make(std::move(var), std::move(value), std::move(body), n.loc()));
}

Result<Stmt> remake(const For& n, StmtReplacer& replace) {
  bool changed = false;
  auto [iv, start, stop, step, body] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(For::make(std::move(iv), std::move(start), std::move(stop), std::move(step),
                           std::move(body), n.loc()));
}

Result<Stmt> remake(const While& n, StmtReplacer& replace) {
  bool changed = false;
  auto [cond, body] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(While::make(std::move(cond), std::move(body), n.loc()));
}

Result<Stmt> remake(const If& n, StmtReplacer& replace) {
  bool changed = false;
  auto [cond, then_body, else_body] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(If::make(std::move(cond), std::move(then_body), std::move(else_body), n.loc()));
}

Result<Stmt> remake(const MeshScope& n, StmtReplacer& replace) {
  bool changed = false;
  auto [mesh, binding, body] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(MeshScope::make(std::move(mesh), std::move(binding), std::move(body), n.loc()));
}

Result<Stmt> remake(const Evaluate& n, StmtReplacer& replace) {
  bool changed = false;
  auto [call, symbol, symbol_args] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  if (call) return result_as<Stmt>(Evaluate::make_op(std::move(call), n.loc()));
  return result_as<Stmt>(Evaluate::make_symbol(std::move(symbol), std::move(symbol_args), n.loc()));
}

Result<Stmt> remake(const DispatchCall& n, StmtReplacer& replace) {
  bool changed = false;
  auto [callee, subjects, patterns, calls, fallback] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(DispatchCall::make(std::move(callee), std::move(subjects), std::move(patterns),
                                    std::move(calls), std::move(fallback), n.loc()));
}

Result<Stmt> remake(const Intrinsic& n, StmtReplacer& replace) {
  bool changed = false;
  auto [def, args] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(Intrinsic::make(def, std::move(args), n.loc()));
}

Result<Stmt> remake(const PrimFunction& n, StmtReplacer& replace) {
  bool changed = false;
  auto [name, params, body, output_count, target] = map_fields(n, replace, changed);
  if (!changed) return Stmt(&n);
  return result_as<Stmt>(PrimFunction::make(std::move(name), std::move(params), std::move(body),
                                    output_count, target, n.loc()));
}

}  // namespace

Result<Stmt> rebuild_with(const Stmt& s, StmtReplacer replace) {
  TF_CHECK(s, "rebuild_with of a null Stmt");
  switch (s->kind()) {
#define TF_STMT_NODE(Name) \
  case StmtKind::Name:     \
    return remake(static_cast<const Name&>(*s), replace);
#include "ir/tir/stmt_nodes.def"
  }
  TF_UNREACHABLE("bad StmtKind");
}

Stmt StmtMutator::mutate(const Stmt& s) {
  if (!s) return s;
  // A statement, its child statements and the rewrites of those done so far.
  struct Frame {
    Stmt node;
    std::vector<Stmt> children;
    std::vector<Stmt> rewrites;
  };
  std::vector<Frame> stack;
  auto open = [&](const Stmt& node) {
    Frame f{node, {}, {}};
    for_each_child(*node, [&](const Stmt& c, ChildStep) { f.children.push_back(c); }, [](const Expr&, ChildStep) {});
    stack.push_back(std::move(f));
  };
  open(s);
  while (true) {
    Frame& top = stack.back();
    if (top.rewrites.size() < top.children.size()) {
      const Stmt child = top.children[top.rewrites.size()];
      if (child) open(child);  // `top` is not used past here
      else top.rewrites.push_back(child);
      continue;
    }
    Frame done = std::move(stack.back());
    stack.pop_back();
    const Rewritten here{done.node.get(), &done.children, &done.rewrites};
    struct Restore {  // the handler of an enclosing mutate() call runs on after this one
      const Rewritten*& slot;
      const Rewritten* saved;
      ~Restore() { slot = saved; }
    } restore{rewritten_, rewritten_};
    rewritten_ = &here;
    Stmt out = dispatch(done.node);
    if (stack.empty()) return out;
    stack.back().rewrites.push_back(std::move(out));
  }
}

Stmt StmtMutator::dispatch(const Stmt& s) {
  switch (s->kind()) {
#define TF_STMT_NODE(Name) \
  case StmtKind::Name:     \
    return mutate_node(Ref<const Name>(s->as<Name>()));
#include "ir/tir/stmt_nodes.def"
  }
  TF_UNREACHABLE("bad StmtKind");
}

#define TF_STMT_NODE(Name) \
  Stmt StmtMutator::mutate_node(const Ref<const Name>& node) { return mutate_children(node); }
#include "ir/tir/stmt_nodes.def"

Stmt StmtMutator::mutate_children(const Stmt& node) {
  // The rewrites mutate() made of node's children, when node is the statement whose handler runs.
  const Rewritten* ready = rewritten_ != nullptr && rewritten_->node == node.get() ? rewritten_ : nullptr;
  std::size_t next = 0;
  auto child = [&](const Stmt& c) -> Stmt {
    if (ready != nullptr && next < ready->children->size() && (*ready->children)[next].get() == c.get())
      return (*ready->rewrites)[next++];
    return mutate(c);
  };
  Result<Stmt> rebuilt =
      rebuild_with(node, StmtReplacer{[&](const Stmt& c, ChildStep) { return child(c); },
                                      [&](const Expr& c, ChildStep step) { return mutate_expr(c, step); }});
  TF_CHECK(rebuilt.ok(), "a rewrite produced an ill-formed {}: {}", stmt_kind_name(node->kind()),
           rebuilt.diagnostics().empty() ? std::string() : rebuilt.diagnostics().front().render());
  return *rebuilt;
}

}  // namespace tf::tir
