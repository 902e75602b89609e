#include "ir/tir/binding_stmts.h"

#include <fmt/format.h>

#include "ir/type/unit_type.h"

namespace tf::tir {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

}  // namespace

Result<LetStmtRef> LetStmt::make(VarRef var, Expr value, SequentialRef body, Loc loc) {
  std::vector<Diagnostic> diags;
  if (!var) diags.push_back(type_error("a LetStmt needs a Var to bind"));
  if (!value)
    diags.push_back(type_error(
        fmt::format("LetStmt '{}' needs a value", var ? var->name : std::string("<null>"))));
  if (!body) diags.push_back(type_error("a LetStmt needs a body (a Sequential)"));
  if (!diags.empty()) return diags;
  return LetStmtRef(new LetStmt(std::move(var), std::move(value), std::move(body), std::move(loc)));
}

Result<MeshScopeRef> MeshScope::make(Mesh mesh, VarRef binding, SequentialRef body, Loc loc) {
  std::vector<Diagnostic> diags;
  if (!binding) diags.push_back(type_error("a MeshScope needs a binding Var"));
  if (!body) diags.push_back(type_error("a MeshScope needs a body (a Sequential)"));
  if (!diags.empty()) return diags;
  return MeshScopeRef(
      new MeshScope(std::move(mesh), std::move(binding), std::move(body), std::move(loc)));
}

VarRef mesh_binding(std::string name) {
  TF_CHECK(!name.empty(), "a mesh binding needs a name");
  return Var::make(std::move(name), UnitType::make()).value();
}

}  // namespace tf::tir
