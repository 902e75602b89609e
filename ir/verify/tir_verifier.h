// Private to ir/verify: the walker behind verify_prim_function (tir_verify.h), shared by
// tir_verify.cpp (statements, binders, expressions, types) and tir_verify_calls.cpp (Evaluate,
// DispatchCall, Launch, Sync, named barriers).
#pragma once

#include <deque>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "ir/core/call.h"
#include "ir/core/expr_functor.h"
#include "ir/core/module.h"
#include "ir/core/op_handlers.h"
#include "ir/layout/mesh.h"
#include "ir/support/diagnostic.h"
#include "ir/support/ir_path.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_functor.h"

namespace tf::detail {

/// Where an expression sits, for the placement rules of value and effect ops.
enum class ExprPlace {
  LetValue,   ///< directly LetStmt.value: the one place a value op is anchored
  StmtField,  ///< directly another statement field (an Evaluate argument, a For bound, ...)
  Nested,     ///< inside another expression
};

/// A binder met so far: what bound the Var, and where.
struct Binding {
  const char* binder;  ///< "parameter", "LetStmt", "For" or "MeshScope"
  /// A parameter's path, spelled when bound (an IrPath does not outlive the walk); empty for the
  /// statement binders, whose paths grow with the nesting of LetStmts, so that spelling each one
  /// would make the walk quadratic in the bindings of a lowered function. The diagnostic of a
  /// second binding carries its own path, and the first's source location where it has one.
  std::string path;
  SourceLocation location;  ///< of the binding statement (unknown for a parameter)
};

/// The statement and expression handlers of the walk: one `on` per kind of each family.
using StmtHandlers = tir::StmtFunctor<void, const IrPath&>;
using ExprHandlers = ExprFunctor<void, const IrPath&, ExprPlace>;

class TirVerifier final : private StmtHandlers, private ExprHandlers {
 public:
  TirVerifier(const tir::PrimFunction& fn, const Module* module, const OpHandlers& handlers);

  std::vector<Diagnostic> run();

 private:
  // The walk over statements is iterative (a lowered kernel nests one LetStmt per binding, tens
  // of thousands deep): a handler checks its statement's own fields, then schedules its bodies
  // (sequential) and the actions that close its scopes (after); the walk runs what a handler
  // scheduled, in order, before the rest. The paths of scheduled statements are kept in paths_.
  enum class TaskKind { Verify, Unbind, PopScope, PopWhere };
  struct Task {
    TaskKind kind;
    const tir::StmtNode* stmt = nullptr;  // Verify
    const IrPath* path = nullptr;         // Verify
    const Var* var = nullptr;             // Unbind
  };

  // tir_verify.cpp
  void check_params();
  void bind(const VarRef& var, const IrPath& path, const char* binder);
  void unbind(const Var* var);
  void walk();
  void statement(const tir::StmtNode& s, const IrPath& path);
  /// Schedules the statements of `s`, at `path[i]`.
  void sequential(const tir::SequentialRef& s, const IrPath& path);
  /// Schedules `kind` (on `var`) after what is scheduled so far.
  void after(TaskKind kind, const Var* var = nullptr);
  /// `path` kept for the rest of the walk.
  const IrPath& keep(const IrPath& path);
  void let_statement(const tir::LetStmt& let, const IrPath& path);
  void for_statement(const tir::For& loop, const IrPath& path);
#define TF_STMT_NODE(Name) void on(const tir::Name& node, const IrPath& path) override;
#include "ir/tir/stmt_nodes.def"
  void expr(const Expr& e, const IrPath& path, ExprPlace place);
#define TF_EXPR_NODE(Name) void on(const Name& node, const IrPath& path, ExprPlace place) override;
#include "ir/core/expr_nodes.def"
  void hir_expression(ExprKind kind, const IrPath& path);
  bool foreign_op(const Call& call, const IrPath& path);
  void call_expr(const Call& call, const Expr& e, const IrPath& path, ExprPlace place);
  void attributes(const Call& call, const IrPath& path);
  void stored_type(const Expr& e, const IrPath& path);
  void tensor_types(const IRType& t, const IrPath& path);
  void shard_meshes(const LayoutBase& layout, const IrPath& path);
  bool mesh_in_scope(const Mesh& m) const;

  // tir_verify_calls.cpp
  void evaluate(const tir::Evaluate& e, const IrPath& path);
  void op_evaluate(const tir::Evaluate& e, const IrPath& path);
  void sync(const tir::Evaluate& e, const std::vector<Diagnostic>& handler_diags,
            const IrPath& path);
  void launch(const Call& call, const IrPath& path);
  const tir::PrimFunction* resolve(const SymbolRef& ref, const IrPath& path,
                                   const char* missing_rule);
  void symbol_call(const SymbolRef& ref, const std::vector<Expr>& args, const IrPath& path);
  void dispatch(const tir::DispatchCall& d, const IrPath& path);
  void named_barriers();

  void report(Diagnostic d, const IrPath& path);
  void report(std::vector<Diagnostic> ds, const IrPath& path);

  const tir::PrimFunction& fn_;
  const Module* module_;
  const OpHandlers& handlers_;
  std::vector<Diagnostic> diags_;
  std::unordered_set<const Var*> params_;
  std::unordered_map<const Var*, Binding> bound_;  // every binder so far
  std::unordered_map<const Var*, int> in_scope_;   // Var -> number of live binders
  std::vector<Mesh> param_meshes_;                 // of the parameters' ShardLayouts
  std::vector<Mesh> scope_stack_;                  // MeshScope meshes, outermost first
  std::vector<std::string> scope_names_;           // their binding names, in the same order
  // The source positions of the statements being verified, innermost last: a diagnostic is
  // placed at the innermost statement that has one.
  std::vector<SourceLocation> where_;
  // The named-barrier Sync sites in emission order, with their paths (the 16th is reported).
  std::vector<std::pair<const tir::Evaluate*, std::string>> named_sites_;
  std::vector<Task> tasks_;  // the walk's stack, the next on top
  std::vector<Task> batch_;  // what the running handler scheduled, in order
  std::deque<IrPath> paths_;  // the paths of scheduled statements (stable addresses)
};

}  // namespace tf::detail
