// IntTuple: the nested integer tuples that spell a layout's shape, stride and coordinates.
//
// Design note. An IntTuple is either a leaf or a tuple of IntTuples (CuTe's recursive
// definition), so `((2, 2), 8)` is a rank-2 tuple whose first mode is itself a rank-2 tuple.
// A leaf is a static int64 or a symbolic entry (IntSymbol: a name with an optional half-open
// envelope [lo, hi), the slot a DimVar will fill later). IntTuples are immutable values: a
// tuple holds its children through a shared, never-mutated vector, so copies are cheap and
// equality is structural.
//
// Conventions shared with the layout algebra:
//  - rank: a leaf has rank 1, a tuple has as many modes as children (the empty tuple: 0);
//  - depth: a leaf has depth 0, a tuple one more than its deepest child (the empty tuple: 1);
//  - flatten: the leaves in left-to-right order (a leaf stays a leaf);
//  - colexicographic order: the LEFTMOST leaf varies fastest, so the flat index i of a
//    coordinate (c0, c1, ...) of shape (s0, s1, ...) is c0 + s0*c1 + s0*s1*c2 + ...;
//  - anything numeric (products, coordinates) needs static leaves and reports a Diagnostic
//    naming the symbol otherwise.
#pragma once

#include <concepts>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "ir/support/result.h"

namespace tf {

/// A symbolic layout entry: a named integer whose value is not known statically, optionally
/// bounded to the half-open envelope [lo, hi) (DimVar's convention). Equality is by all fields.
struct IntSymbol {
  std::string name;
  std::optional<std::int64_t> lo;  ///< inclusive lower bound, when known
  std::optional<std::int64_t> hi;  ///< exclusive upper bound, when known

  friend bool operator==(const IntSymbol&, const IntSymbol&) = default;
};

/// An immutable nested tuple of integers (static or symbolic leaves).
class IntTuple {
 public:
  /// A static leaf from any integer type (not bool); the value must fit in int64.
  template <typename I>
    requires std::integral<I> && (!std::same_as<I, bool>)
  IntTuple(I value) : node_(static_cast<std::int64_t>(value)) {  // NOLINT: a number is one
    TF_CHECK(std::in_range<std::int64_t>(value), "the IntTuple leaf {} does not fit int64", value);
  }
  /// A symbolic leaf.
  IntTuple(IntSymbol symbol) : node_(std::move(symbol)) {}  // NOLINT
  /// A tuple of the given children (possibly empty, possibly a single child: `(4,)`).
  static IntTuple tuple(std::vector<IntTuple> children);

  /// Kind tests: a leaf is a static integer or a symbol; otherwise it is a tuple.
  bool is_leaf() const { return node_.index() != 2; }
  bool is_int() const { return node_.index() == 0; }
  bool is_symbol() const { return node_.index() == 1; }
  bool is_tuple() const { return node_.index() == 2; }

  /// The value of a static leaf; calling it on anything else is an InternalError.
  std::int64_t value() const;
  /// The symbol of a symbolic leaf; calling it on anything else is an InternalError.
  const IntSymbol& symbol() const;
  /// The children of a tuple; calling it on a leaf is an InternalError.
  const std::vector<IntTuple>& children() const;
  /// Child i of a tuple (precondition: is_tuple() and i < children().size()).
  const IntTuple& operator[](std::size_t i) const;

  /// Structural equality: same tree, same leaves (symbols compared by all their fields).
  friend bool operator==(const IntTuple& a, const IntTuple& b);

 private:
  using Children = std::shared_ptr<const std::vector<IntTuple>>;
  explicit IntTuple(Children children) : node_(std::move(children)) {}
  std::variant<std::int64_t, IntSymbol, Children> node_;
};

/// tuple_of(a, b, ...): the tuple (a, b, ...); each argument is an IntTuple or converts to one.
template <typename... Ts>
IntTuple tuple_of(Ts&&... parts) {
  return IntTuple::tuple(std::vector<IntTuple>{IntTuple(std::forward<Ts>(parts))...});
}

/// The flat tuple of the static leaves `values` (`(4, 8)` for {4, 8}; `()` for none).
IntTuple tuple_of_ints(const std::vector<std::int64_t>& values);
/// The row-major (C-order) strides of static extents, each `scale` times the plain ones
/// ({2, 3} -> {3, 1}).
std::vector<std::int64_t> row_major_strides(const std::vector<std::int64_t>& extents, std::int64_t scale = 1);

/// Number of top-level modes: 1 for a leaf, the child count for a tuple.
int rank(const IntTuple& t);
/// Nesting depth: 0 for a leaf, 1 + the deepest child for a tuple (1 for `()`).
int depth(const IntTuple& t);
/// The leaves left to right as a depth-1 tuple; a leaf stays a leaf.
IntTuple flatten(const IntTuple& t);
/// The leaves left to right.
std::vector<IntTuple> leaves(const IntTuple& t);
/// True when every leaf is a static integer.
bool is_static(const IntTuple& t);
/// True when a and b have the same tree structure (leaf values may differ).
bool congruent(const IntTuple& a, const IntTuple& b);
/// The first symbolic leaf, if any.
const IntSymbol* first_symbol(const IntTuple& t);

/// Product of all leaves (1 for `()`). Diagnostic when a leaf is symbolic or the product
/// overflows int64. `what` names the operation for the message.
Result<std::int64_t> product(const IntTuple& t, std::string_view what = "product");

/// The compact column-major strides of `shape`: the exclusive prefix product of its leaves in
/// colexicographic order, congruent with `shape` (CuTe's default stride). A symbolic extent
/// is allowed only where no later stride depends on it (the last leaf); otherwise Diagnostic.
Result<IntTuple> compact_col_major(const IntTuple& shape);

/// The natural coordinate (congruent with `shape`) of flat colexicographic index `index`.
/// Diagnostic when `shape` is symbolic or index is outside [0, product(shape)).
Result<IntTuple> idx2crd(const IntTuple& shape, std::int64_t index);

}  // namespace tf
