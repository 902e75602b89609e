// Expressions of the printer's Python subset: names, numbers, strings, tuples, sets, calls with
// keyword arguments, subscripts with slices, attributes, unary minus and the binary operators
// `+ - * / // % ** @` with Python's precedence (docs/import.md). A small tree, parsed from one
// logical line's tokens; each node keeps the token it starts at for diagnostics.
#pragma once

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "ir/support/result.h"
#include "ir/upstream/py_lexer.h"

namespace tf::upstream {

struct PyExpr;
using PyExprRef = std::shared_ptr<const PyExpr>;

enum class PyKind { Name, Int, Float, String, Tuple, Set, Call, Subscript, Slice, Attribute, Unary, Binary, Paren };

/// One node (fields by kind):
///   Name, Int, Float, String: `text` (a string without quotes)
///   Tuple: `items` (`trailing_comma` for `(a,)`), Set: `items`
///   Call: `items[0]` the callee, `items[1..]` the positional arguments, `keywords`
///   Subscript: `items[0]` the value, `items[1..]` the indices (a Slice node for `a:b:c`)
///   Slice: `items` lo, hi, step, each null when absent
///   Attribute: `items[0]` the value, `text` the attribute name
///   Unary: `text` the operator (`-`), `items[0]`; Binary: `text` the operator, `items` lhs, rhs
///   Paren: `items[0]`, a parenthesized expression that is not a tuple
struct PyExpr {
  PyKind kind = PyKind::Name;
  std::string text;
  std::vector<PyExprRef> items;
  std::vector<std::pair<std::string, PyExprRef>> keywords;
  bool trailing_comma = false;
  int line = 0, column = 0;
};

/// Parses tokens [begin, end) of `tokens` as one expression (a bare `a, b` is a Tuple); fails
/// with a placed diagnostic naming `file` when they are not one.
Result<PyExprRef> parse_py_expr(const std::vector<PyToken>& tokens, std::size_t begin, std::size_t end,
                                const std::string& file);

/// The Python text of `e` (as the printer would write it, on one line), for messages.
std::string py_text(const PyExpr& e);

}  // namespace tf::upstream
