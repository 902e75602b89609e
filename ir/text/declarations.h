// The top-level declarations of a tfir file (docs/tfir.md section 2), one statement each:
//   dim N = DimVar("N", 1, 4097)                     half-open [lo, hi); the string is the name
//   mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))   or a slice, a name
//   layout Lg = ShardLayout(layout=..., attrs=(S(0),), mesh=cta1)         any non-mesh layout
//   atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)            recorded, not resolved
//   entry main                                       a function of the file (checked by the reader)
//
// Design note. A declaration is read from the already lexed file, starting at its keyword, and
// builds its value at once against the names declared before it (FileEnvironment), so "declared
// before use" and "declared once" are checked where the name is written. The canonical line of
// a declaration is printed from the built value, not from the syntax: spacing, keyword order
// and number spellings are the printers' of ir/layout. The one thing kept symbolic is a
// ShardLayout's mesh: when it equals a mesh declared earlier it is printed as that mesh's first
// name (`mesh=cta1`, as docs/tfir.md section 2 writes it); reading that name back gives an equal
// mesh, so print -> read -> print is a fixed point. Names that are tfir keywords print backquoted.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ir/dim/dim_var.h"
#include "ir/layout/layout_base.h"
#include "ir/layout/mesh.h"
#include "ir/support/result.h"
#include "ir/text/environment.h"
#include "ir/text/token.h"

namespace tf::text {

/// `dim NAME = DimVar("NAME", lo, hi)`.
struct DimDeclaration {
  std::string name;
  DimVarRef var;
};
/// `mesh NAME = <mesh>`.
struct MeshDeclaration {
  std::string name;
  Mesh mesh;
};
/// `layout NAME = <Layout | ComposedLayout | ShardLayout>`.
struct LayoutDeclaration {
  std::string name;
  LayoutBase layout;
};
/// `atom NAME = cuda.mma.atom(op=OP)`: the atom's instruction name as written; resolving it
/// to an MMA descriptor is the atom library's job.
struct AtomDeclaration {
  std::string name;
  std::string op;
};
/// `entry FUNCTION`.
struct EntryDeclaration {
  std::string function;
};

/// One declaration and where its keyword is.
struct Declaration {
  std::variant<DimDeclaration, MeshDeclaration, LayoutDeclaration, AtomDeclaration, EntryDeclaration>
      value;
  SourceLocation location;

  /// The declared name (the function's name for `entry`).
  const std::string& name() const;
};

/// True when `token` starts a declaration: a bare (not backquoted) dim, mesh, layout, atom or
/// entry.
bool is_declaration_keyword(const Token& token);

/// Reads the declaration whose keyword is `tokens[pos]` (is_declaration_keyword) and declares
/// its name in `env` (not for entry). On success `pos` is at the Newline or Eof that ends the
/// statement. Errors are positioned: an undeclared or redeclared name, a name that cannot be
/// declared (None, true, false, inf, nan), a value of the wrong kind, and every diagnostic of
/// the builders (rule ids kept). On failure nothing is declared and `pos` is unspecified.
/// Precondition (TF_CHECK): `tokens` ends with Eof.
Result<Declaration> read_declaration(const std::vector<Token>& tokens, std::size_t& pos,
                                     FileEnvironment& env);

/// The meshes declared so far, by name, in declaration order (for mesh references).
using MeshNames = std::vector<std::pair<std::string, Mesh>>;

/// The canonical line of `d` without its newline. A ShardLayout whose mesh equals one of
/// `meshes` names the first such mesh instead of spelling it.
std::string to_string(const Declaration& d, const MeshNames& meshes);

/// `name`, backquoted when it is a tfir keyword (`` `for` ``).
std::string spell_name(std::string_view name);

}  // namespace tf::text
