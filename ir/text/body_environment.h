// BodyEnvironment: what a function body's names resolve against while it is read: the file's
// declarations (dims, meshes, layouts, atoms), the signatures of every function of the file
// (for `@f(...)`), the op tables, and the values bound so far in the enclosing scopes.
//
// Design note. tfir bodies are read in one pass, in order: a name is visible from the statement
// after its binding to the end of its block (a loop or `with` body is a nested block). Scopes
// are a stack of maps; a binding in an inner block shadows an outer one until the block ends.
// A name whose binding failed is "poisoned": a statement that uses it is skipped without a
// second diagnostic, and whatever it binds is poisoned too, so one error is reported once.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/core/atom.h"
#include "ir/core/expr.h"
#include "ir/core/op_handlers.h"
#include "ir/layout/mesh.h"
#include "ir/text/environment.h"
#include "ir/type/callable_type.h"

namespace tf::text {

/// A function of the file as a caller sees it.
struct Signature {
  std::string name;
  CallableTypeRef type;
  bool is_prim_func = false;
};

/// Names in scope while reading one function body (see the design note).
class BodyEnvironment {
 public:
  BodyEnvironment(const FileEnvironment& file, const OpHandlers& handlers,
                  const std::map<std::string, Signature>& signatures,
                  const std::map<std::string, Atom>& atoms)
      : file_(&file), handlers_(&handlers), signatures_(&signatures), atoms_(&atoms) {
    scopes_.emplace_back();
    meshes_.emplace_back();
  }

  const FileEnvironment& file() const { return *file_; }
  const OpHandlers& handlers() const { return *handlers_; }
  /// The signature of the file's function `name`, or nullptr.
  const Signature* signature(const std::string& name) const;
  /// The declared atom `name`, or nullptr.
  const Atom* atom(const std::string& name) const;

  /// Opens a nested block.
  void push_scope() {
    scopes_.emplace_back();
    meshes_.emplace_back();
  }
  /// Closes the innermost block. Precondition: a nested block is open.
  void pop_scope();
  /// Binds `name` to `value` in the innermost block.
  void bind(const std::string& name, Expr value);
  /// Binds `name` to a mesh in the innermost block (`with M as m`).
  void bind_mesh(const std::string& name, Mesh mesh);
  /// Marks `name` as the target of a failed binding.
  void poison(const std::string& name);

  /// The value bound to `name` in the innermost block that binds it, or nullptr.
  const Expr* find(const std::string& name) const;
  /// The names bound to a value in the enclosing blocks and the file's dims (what an undefined
  /// name is near), innermost block first.
  std::vector<std::string> value_names() const;
  /// The names of the file's functions, in sorted order (what an unknown `@name` is near).
  std::vector<std::string> function_names() const;
  /// The mesh bound to `name` by an enclosing `with`, or nullptr.
  const Mesh* find_mesh(const std::string& name) const;
  /// Whether `name` is poisoned in the innermost block that mentions it.
  bool poisoned(const std::string& name) const;
  /// The file's layouts and meshes plus the meshes of the enclosing `with` blocks.
  LayoutEnvironment layouts() const;

 private:
  struct Entry {
    std::optional<Expr> value;
    std::optional<Mesh> mesh;
    bool poisoned = false;
  };
  const Entry* lookup(const std::string& name) const;

  const FileEnvironment* file_;
  const OpHandlers* handlers_;
  const std::map<std::string, Signature>* signatures_;
  const std::map<std::string, Atom>* atoms_;
  std::vector<std::map<std::string, Entry>> scopes_;
  // Per scope, the names bound to a mesh there: layouts() reads them without walking every
  // binding (a lowered kernel binds tens of thousands of values in one block).
  std::vector<std::vector<std::string>> meshes_;
};

}  // namespace tf::text
