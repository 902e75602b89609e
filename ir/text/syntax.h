// A syntax tree for tfir expressions: the shared front half of every reader of tfir values
// (layouts, meshes, shard attributes, types, dim arithmetic, literals). It records what was
// written and where, and nothing else: names are not resolved and calls are not checked here.
// Builders (e.g. the layout builder of `tf layout`) turn a tree into IR objects with
// diagnostics that point at the node's location.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/support/source_location.h"

namespace tf::text {

enum class SyntaxKind {
  Name,      ///< text = the identifier (also None, true, false, inf, nan: builders decide)
  Integer,   ///< text = the spelling ("3", "0x7f")
  Float,     ///< text = the spelling ("1.5", "0x1.8p+3")
  String,    ///< text = the unescaped content
  Tuple,     ///< items = elements; `(a,)` is a one-element tuple, `()` the empty one
  Call,      ///< callee = the function, items = positional args, keywords = keyword args
  Subscript, ///< callee = the base, items = indices (Slice nodes or expressions), keywords =
             ///< keyword items (`Tensor[(4,), f32, storage=smem]`)
  Slice,     ///< items = {start, stop}, either may be null (`:`, `1:`, `:3`, `1:3`)
  Binary,    ///< text = the operator ("+", "-", "*", "//", "%", "<", "<=", ..., and "->" inside
             ///< a subscript: `Callable[(A) -> R]`), items = {lhs, rhs}
  Negate,    ///< items = {operand}
  Symbol,    ///< text = the function name of `@name` (called like a name: `@f(x)`)
  Literal,   ///< a tensor literal (docs/tfir.md section 4): callee = the type (a Subscript; null
             ///< for a plane inside `planes{...}`), text = the form: "values" (`T{1, 2}`, the
             ///< `{` right after the `]`: after a space it opens a block),
             ///< "bits" (`T bits{0x38}`), "planes" (`T planes{bits{...}, bits{...}}`),
             ///< "splat" / "random" (`T splat(0.5)`, `T random(seed=7)`: items and keywords
             ///< are the arguments); items = the elements or planes
};

struct SyntaxNode;
using Syntax = std::shared_ptr<const SyntaxNode>;

struct SyntaxNode {
  SyntaxKind kind = SyntaxKind::Name;
  SourceLocation location;
  std::string text;
  Syntax callee;
  std::vector<Syntax> items;
  std::vector<std::pair<std::string, Syntax>> keywords;
  bool quoted = false;  ///< a Name written backquoted: always a name, never a literal or keyword

  /// The keyword argument called `name`, or null.
  Syntax keyword(std::string_view name) const;
};

/// The tfir spelling of a tree (canonical spacing: "Layout((4, 8), (1, 4))", "m[1:3, :]").
std::string to_string(const SyntaxNode& node);

}  // namespace tf::text
