// The binding statements (seed 002 section 1.2): LetStmt binds a Var to a value over a body,
// MeshScope binds a mesh over a body.
//
// LetStmt(var, value, body): `var` names `value` inside `body`; a chain of lets nests through
// the bodies (TIR.1.2.STRUCT.letstmt). Value-form ops are anchored here, their result Var being
// the only handle (seed 002 section 2.3). That var's type equals the value's typeinfer, that the
// Var is bound only once in its function and that AllocTensor appears only as a LetStmt value
// are the verifier's rules (TIR.1.3.VERIFY.*): make checks only that the fields are present.
//
// MeshScope(mesh, binding, body): carries the Mesh object itself and scopes it over `body`
// under the name of `binding` (TIR.1.2.STRUCT.meshscope). A mesh is a compile-time descriptor,
// never an IR value, so the binding Var carries no readable value: mesh_binding(name) makes it
// with UnitType, which Call::make refuses as an operand (TYPES.6.UNIT.no-readable-value). make
// accepts a binding of any type; its name is what the printer writes after `as`.
#pragma once

#include <string>
#include <tuple>

#include "ir/support/field_names.h"
#include "ir/core/var.h"
#include "ir/layout/mesh.h"
#include "ir/support/result.h"
#include "ir/tir/sequential.h"

namespace tf::tir {

/// `let var = value` over `body`.
struct LetStmt final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::LetStmt;

  VarRef var;          ///< the bound variable
  Expr value;          ///< the bound value
  SequentialRef body;  ///< where var is in scope

  /// Diagnostic (category Type) when a field is null.
  static Result<Ref<const LetStmt>> make(VarRef var, Expr value, SequentialRef body,
                                         Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"var", "value", "body"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(var, value, body); }

 private:
  LetStmt(VarRef v, Expr x, SequentialRef b, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        var(std::move(v)),
        value(std::move(x)),
        body(std::move(b)) {}
};

/// `with mesh as binding { body }`.
struct MeshScope final : StmtNode {
  static constexpr StmtKind kKind = StmtKind::MeshScope;

  Mesh mesh;           ///< the scoped mesh (possibly a slice)
  VarRef binding;      ///< the name of the mesh inside body
  SequentialRef body;  ///< where the mesh is in scope

  /// Diagnostic (category Type) when the binding or the body is null.
  static Result<Ref<const MeshScope>> make(Mesh mesh, VarRef binding, SequentialRef body,
                                           Loc loc = std::nullopt);

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<3> kFieldNames{"mesh", "binding", "body"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(mesh, binding, body); }

 private:
  MeshScope(Mesh m, VarRef v, SequentialRef b, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        mesh(std::move(m)),
        binding(std::move(v)),
        body(std::move(b)) {}
};

/// Handles.
using LetStmtRef = Ref<const LetStmt>;
using MeshScopeRef = Ref<const MeshScope>;

/// A fresh MeshScope binding Var named `name`, typed Unit (see the header comment).
/// Precondition (TF_CHECK): name is not empty.
VarRef mesh_binding(std::string name);

}  // namespace tf::tir
