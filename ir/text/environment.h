// FileEnvironment: the names a tfir file declares at top level (docs/tfir.md section 2), which
// every later reader of the file resolves against.
//
// Design note. tfir declares every name before use and once. Dims, meshes, layouts and atoms
// share one namespace (a `dim N` and a `layout N` in one file is a redeclaration); functions,
// referred to as `@name`, live in their own (ParsedFile::items). Meshes and layouts are kept in
// a LayoutEnvironment so that the layout builder resolves them directly; dims map to their
// canonical DimVar. Each name remembers where it was declared, for the "declared here" note of
// a redeclaration.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/dim/dim_var.h"
#include "ir/support/source_location.h"
#include "ir/text/layout_builder.h"

namespace tf::text {

/// What a top-level name denotes.
enum class NameKind { Dim, Mesh, Layout, Atom };

/// "dim", "mesh", "layout" or "atom" (the declaring keyword).
const char* name_kind_keyword(NameKind kind);

/// A declared name: its kind and where its declaration starts.
struct DeclaredName {
  NameKind kind;
  SourceLocation location;
};

/// The top-level names of one file and their values (see the design note).
class FileEnvironment {
 public:
  /// The entry of `name`, or nullptr when it is not declared.
  const DeclaredName* find(const std::string& name) const;

  /// Declares a dim. Precondition (TF_CHECK): `name` is not declared yet.
  void declare_dim(const std::string& name, DimVarRef var, SourceLocation where);
  /// Declares a mesh (`mesh`), or a Layout / ComposedLayout / ShardLayout (`layout`).
  /// Precondition (TF_CHECK): `name` is not declared yet and a mesh is declared as NameKind::Mesh.
  void declare_layout(const std::string& name, LayoutValue value, SourceLocation where);
  /// Declares an atom (its descriptor is read later). Precondition: `name` is not declared.
  void declare_atom(const std::string& name, SourceLocation where);

  /// The DimVar called `name`, or nullptr when `name` is not a declared dim.
  const DimVarRef* find_dim(const std::string& name) const;
  /// The declared dims' names, in sorted order (what an undeclared one is near).
  std::vector<std::string> dim_names() const;
  /// The meshes and layouts, for build_layout_value.
  const LayoutEnvironment& layouts() const { return layouts_; }

 private:
  void add(const std::string& name, NameKind kind, SourceLocation where);

  std::map<std::string, DeclaredName> names_;
  std::map<std::string, DimVarRef> dims_;
  LayoutEnvironment layouts_;
};

}  // namespace tf::text
