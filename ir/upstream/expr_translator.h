// Expressions of the printed Python as tfir text (importer.h's design note): values, attribute
// values, constructor arguments (layouts, meshes, dims), `Tensor[...]` types with their layout
// sugar spelled out.
#pragma once

#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "ir/support/result.h"
#include "ir/upstream/py_expr.h"

namespace tf::upstream {

/// A mesh of the prelude: its axis names and extents (for the layout sugar).
struct PreludeMesh {
  std::vector<std::string> axes;
  std::vector<std::string> extents;  ///< tfir text of each axis extent
};

/// Where an expression stands, which decides how a string reads.
enum class Place {
  Value,      ///< an op's operand: names, constants, tuples of them
  Attribute,  ///< a keyword attribute of an op: a string is an enum or dtype name, bare
  Ctor,       ///< an argument of Layout / Mesh / Topology / DimVar ...: strings stay strings
};

class ExprTranslator {
 public:
  explicit ExprTranslator(std::string file) : file_(std::move(file)) {}

  /// The meshes of the prelude, by name.
  std::map<std::string, PreludeMesh> meshes;
  /// Every mesh of the prelude, named or not, in order.
  std::vector<std::string> all_meshes;
  /// What a name reads as in a value (a carry of a loop of several carries reads its element);
  /// nullopt: the name itself.
  std::function<std::optional<std::string>(const std::string&)> substitute;
  /// The tfir name a called function goes by (`@name`), or nullopt when the callee is an op.
  std::function<std::optional<std::string>(const std::string&)> callee;

  /// `e` as tfir in `place`.
  Result<std::string> translate(const PyExpr& e, Place place) const;
  /// A `Tensor[...]` / `ConstTensor[...]` annotation as a tfir type.
  Result<std::string> type(const PyExpr& e) const;
  /// Whether `e` is a constant: a number, True / False, a negated number, or 1e999 / -1e999 /
  /// (1e999 - 1e999).
  static bool is_constant(const PyExpr& e);
  /// A placed diagnostic at `e`.
  Diagnostic error(const PyExpr& e, std::string message) const;

 private:
  Result<std::string> call(const PyExpr& e) const;
  Result<std::string> list(const std::vector<PyExprRef>& items, std::size_t from, Place place) const;
  Result<std::string> sugar_layout(const PyExpr& e) const;
  std::string file_;
};

/// `[A-Za-z_][A-Za-z0-9_]*`.
bool is_identifier(const std::string& s);

/// The value of a decimal integer literal (digits, `_` allowed) below 2^31, else nullopt: the
/// importer computes with extents, strides and slice bounds only in that range (a larger one
/// stays text, or is refused where a value is needed).
std::optional<long long> small_int(const std::string& text);

}  // namespace tf::upstream
