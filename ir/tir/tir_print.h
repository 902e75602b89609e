// The tfir spelling of TIR (docs/tfir.md section 6).
//
//   prim_func double_rows(a: Tensor[(128, 12), f32], ...) outputs=1 target=cuda {
//       with cta1 as c {
//           let va = tensor_view(a, layout=Lg)
//           copy(va, r)
//           ...
//       }
//   }
//
// Design note. Statements print one per line, four spaces per nesting level:
//  - LetStmt: `let v = value`. When it is the last statement of its block its body follows at
//    the same level (a let binds to the end of its block, docs/tfir.md section 6); otherwise the
//    body is an explicit block, `let v = value {` ... `}`, so that re-reading gives back the same
//    tree. The type is printed (`let v: T = value`) only when it differs from the value's type,
//    which only ill-typed IR (for the verifier to reject) has.
//  - For `for i in range(a, b, s) {`, While `while c {`, If `if c {` ... `} else {` ... `}` (the
//    else part omitted when it is empty), MeshScope `with MESH as m {`.
//  - Evaluate of an op: `surface(operands, attr=value, ...)`; an attribute whose value is its
//    default (None for an optional one) is omitted, and so is Reduce's absent-workspace sentinel.
//    Sync prints its mesh positionally, `sync(m)` / `sync(m[32:96])`. Evaluate of a symbol:
//    `@callee(args)`.
//  - DispatchCall: `dispatch "f" on (subjects) {`, one `case (patterns) => @callee(args)` line per
//    case in source order (TIR.1.6.DISPATCH.source-order-preserved), then `fallback { abort }`
//    (a one-statement fallback on one line, a longer one as a block), then `}`.
//  - Abort: `abort` or `abort "message"`; Return: `return`; Intrinsic: `name(args)`; a nested
//    PrimFunction prints as a prim_func block.
// Values: a layout, mesh or atom that equals one of PrintNames' declared values prints as that
// name (the first that matches); otherwise in full, with declared meshes named inside a
// ShardLayout. A sliced mesh that is a constant slice of a declared mesh prints as `name[...]`
// (`:` for a whole axis). A TensorType prints as the type printer does (type_print.h), with its
// layout by name. A value-op Call prints like an op Evaluate; any other expression through the
// core printer (expr_print.h). Names that are tfir keywords are backquoted.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "ir/core/atom.h"
#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/tir/prim_function.h"
#include "ir/type/ir_type.h"

namespace tf::tir {

/// The names declared in a tfir header (`layout`, `mesh`, `atom` lines), for the printer to use.
struct PrintNames {
  std::vector<std::pair<std::string, LayoutBase>> layouts;
  std::vector<std::pair<std::string, Mesh>> meshes;
  std::vector<std::pair<std::string, Atom>> atoms;

  /// The first declared name of a value equal to `v`, or nullptr.
  const std::string* layout_name(const LayoutBase& v) const;
  const std::string* mesh_name(const Mesh& v) const;
  const std::string* atom_name(const Atom& v) const;
};

/// The tfir text of `fn`: its `prim_func` block, ending with a newline.
std::string print_prim_function(const PrimFunction& fn, const PrintNames& names = {});
/// The lines of one statement at nesting depth `depth` (four spaces each), each ending with a
/// newline. A Sequential prints its statements.
std::string print_stmt(const Stmt& s, const PrintNames& names = {}, int depth = 0);
/// The tfir spelling of an expression in a TIR body.
std::string print_tir_expr(const Expr& e, const PrintNames& names = {});
/// The tfir spelling of a type, layouts by name.
std::string print_tir_type(const IRType& t, const PrintNames& names = {});
/// The tfir spelling of a layout: its declared name, or in full.
std::string print_tir_layout(const LayoutBase& l, const PrintNames& names = {});
/// The tfir spelling of an attribute value of family `kind`: a type, layout, mesh or atom with
/// declared names substituted, any other value as attr_value_text spells it.
std::string print_tir_attr(AttrKind kind, const AttrValue& v, const PrintNames& names = {});
/// The tfir spelling of a mesh: its declared name, a slice of a declared mesh, or in full.
std::string print_tir_mesh(const Mesh& m, const PrintNames& names = {});

}  // namespace tf::tir
