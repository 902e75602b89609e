// Tiler: the second operand of the divide and product family (divide_product.h, tiled_forms.h).
//
// Design note. CuTe (and pycute, its Python model) take a tiler in several spellings:
//   - a Layout B: the operation applies to the whole layout it meets, as one 1-D function;
//   - an integer n: the layout n:1 (CuTe's make_layout(n));
//   - a Shape, a nested tuple of integers: each integer n:1, each tuple applied by mode;
//   - a tuple (T0, T1, ...) of tilers, each any of these forms: Ti applies to top-level mode i,
//     the modes past the tuple are kept;
//   - `_` (pycute: None): the mode it meets is kept as it is.
// A Tiler is the one form they all become, a tree whose leaves are layouts or `_`; a Shape is
// not a kind of its own: of_shape((4, (2, 2))) is the tiler (4:1, (2:1, 2:1)). Every operation
// of the family walks this tree with apply_tiler (below), and the arrangements of tiled_forms.h
// gather along the same tree, so a spelling accepted by one is accepted by all of them with the
// same meaning. Where CuTe's C++ and pycute differ, CuTe's C++ is followed, except for `_` in
// the zipped forms, which only pycute defines (tiled_forms.h).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "ir/layout/int_tuple.h"
#include "ir/layout/layout.h"
#include "ir/support/result.h"

namespace tf {

/// A tiler of the divide and product family (see above). An immutable value.
class Tiler {
 public:
  enum class Kind {
    Whole,   ///< a layout applied to the whole layout it meets
    Keep,    ///< `_`: the layout it meets is kept as it is
    ByMode,  ///< one tiler per leading top-level mode
  };

  /// The layout `b` as a tiler: the operation of `b` on the whole layout it meets.
  static Tiler whole(Layout b);
  /// `_`: the layout it meets is kept.
  static Tiler keep();
  /// (T0, T1, ...): Ti for top-level mode i. Diagnostic when `tilers` is empty.
  static Result<Tiler> by_mode(std::vector<Tiler> tilers);
  /// (B0, B1, ...): the layout Bi for top-level mode i. Diagnostic when `layouts` is empty.
  static Result<Tiler> by_mode(const std::vector<Layout>& layouts);
  /// A Shape as a tiler: an integer n is the layout n:1, a tuple applies by mode. Diagnostic
  /// for an empty tuple anywhere in `shape` or an extent Layout::make refuses.
  static Result<Tiler> of_shape(const IntTuple& shape);

  Kind kind() const;
  /// The layout of a Whole tiler (any other kind is an InternalError).
  const Layout& layout() const;
  /// The tilers of a ByMode tiler, at least one (any other kind is an InternalError).
  const std::vector<Tiler>& modes() const;

 private:
  using Modes = std::shared_ptr<const std::vector<Tiler>>;
  using Node = std::variant<Layout, std::monostate, Modes>;
  // Two parameters, so that no braced list `{layout}` converts to a Tiler.
  Tiler(Node node, Kind kind) : node_(std::move(node)), kind_(kind) {}
  Node node_;
  Kind kind_;
};

/// The walk every operation taking a tiler shares (composition, logical_divide,
/// logical_product): `op` on each layout leaf of `tiler` and the layout it meets, `_` keeping
/// that layout, a tuple applying its tilers to the leading top-level modes and keeping the rest.
/// Diagnostic, prefixed with `op_name`, when a tuple is longer than the rank of the layout it
/// meets; `op`'s own diagnostics are returned as they are.
Result<Layout> apply_tiler(std::string_view op_name, const Layout& a, const Tiler& tiler,
                           Result<Layout> (*op)(const Layout&, const Layout&));

/// The spelling of `t` in `tf layout`'s text form: `Layout(4, 1)`, `_`, `(Layout(2, 1), _)`,
/// a one-mode tuple `(Layout(2, 1),)`.
std::string to_string(const Tiler& t);

}  // namespace tf
