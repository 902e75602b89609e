// Postconditions of the divide and product family over the tiler forms (tiler.h), for the layout
// laws of logical_divide and logical_product (layout_law.cpp).
//
// Design note. A law case is one pair (A, B), and its parameters and draws must stay as they are
// (law cases replay by parameter name; a seed's cases must not change). So the tiler forms are
// derived from B rather than drawn:
//   - B itself, a Layout tiler;
//   - B's top-level modes, a tuple of layouts (B0, B1, ...);
//   - B's shape, a Shape tiler (each extent n as n:1, nested as B's shape is).
// For each form T, R = logical_X(A, T) is judged at every layout leaf of T by the whole-layout
// check (check_logical_divide / check_logical_product, against enumeration), A's modes past a
// tuple kept; then zipped_X(A, T) is judged leaf by leaf: its mode 0 holds the tiles of R and its
// mode 1 the rests and kept modes, in the tiler's order; the tiled and flat forms must unpack it
// (tiled_forms.h). A by-mode form may be refused where B as a whole is not (a tuple longer than
// the mode it meets, a mode B's leaf cannot divide); the Layout form must give exactly
// logical_X(A, B), result or refusal.
#pragma once

#include <fmt/format.h>

#include <string>
#include <utility>
#include <vector>

#include "ir/layout/algebra_postconditions.h"
#include "ir/layout/layout_enumeration.h"
#include "ir/layout/tiled_forms.h"
#include "ir/layout/tiler.h"

namespace tf::oracle {

/// The check of the operation on two whole layouts: "" when R = op(A, B) holds.
using WholeCheck = std::string (*)(const Layout& a, const Layout& b, const Layout& r);
/// An operation of the family taking a tiler.
using TilerOp = Result<Layout> (*)(const Layout&, const Tiler&);

/// logical_divide or logical_product with its arrangements and its whole-layout check.
struct TilerFamily {
  const char* name;  ///< "logical_divide" or "logical_product"
  TilerOp logical, zipped, tiled, flat;
  WholeCheck whole;
};

inline TilerFamily divide_family() {
  return {"logical_divide", logical_divide, zipped_divide, tiled_divide, flat_divide, check_logical_divide};
}
inline TilerFamily product_family() {
  return {"logical_product", logical_product, zipped_product, tiled_product, flat_product, check_logical_product};
}

/// The forms derived from B (see above), each named for a failure message. A form B cannot be
/// written in (B's shape holds an empty tuple) is left out.
inline std::vector<std::pair<std::string, Tiler>> tiler_forms_of(const Layout& b) {
  std::vector<std::pair<std::string, Tiler>> out{{"B", Tiler::whole(b)}};
  std::vector<Layout> modes;
  for (int i = 0; i < rank(b); ++i) modes.push_back(b.mode(i));
  if (Result<Tiler> t = Tiler::by_mode(modes); t.ok()) out.emplace_back("B's modes", *t);
  if (Result<Tiler> t = Tiler::of_shape(b.shape()); t.ok()) out.emplace_back("B's shape", *t);
  return out;
}

/// R = the operation along `t` on A, judged at each layout leaf of `t` by `whole`; a `_` leaf
/// and the modes past a tuple must be A's own. "" when it holds.
inline std::string check_along(const Layout& a, const Tiler& t, const Layout& r, WholeCheck whole) {
  switch (t.kind()) {
    case Tiler::Kind::Whole:
      return whole(a, t.layout(), r);
    case Tiler::Kind::Keep:
      return r == a ? "" : fmt::format("{} is not the kept {}", to_string(r), to_string(a));
    case Tiler::Kind::ByMode:
      break;
  }
  if (rank(r) != rank(a)) return fmt::format("rank {} != rank {} of {}", rank(r), rank(a), to_string(a));
  for (int i = 0; i < rank(a); ++i) {
    if (i < static_cast<int>(t.modes().size())) {
      if (std::string failure = check_along(a.mode(i), t.modes()[static_cast<std::size_t>(i)], r.mode(i), whole);
          !failure.empty())
        return fmt::format("mode {}: {}", i, failure);
    } else if (!(r.mode(i) == a.mode(i))) {
      return fmt::format("mode {} past the tiler is {}, not {}", i, to_string(r.mode(i)), to_string(a.mode(i)));
    }
  }
  return "";
}

/// Appends to `tiles` and `rests` the leaves of R's tiles and of its rests and kept modes along
/// `t`, in the order the zipped form holds them: a `_` leaf adds the tile 1:0 and keeps R whole.
inline void gather_leaves(const Layout& r, const Tiler& t, FlatLeaves& tiles, FlatLeaves& rests) {
  const auto append = [](FlatLeaves& to, const Layout& l) {
    const FlatLeaves f = flat_leaves(l);
    to.shape.insert(to.shape.end(), f.shape.begin(), f.shape.end());
    to.stride.insert(to.stride.end(), f.stride.begin(), f.stride.end());
  };
  switch (t.kind()) {
    case Tiler::Kind::Whole:
      append(tiles, r.mode(0));
      append(rests, r.mode(1));
      return;
    case Tiler::Kind::Keep:
      tiles.shape.push_back(1);
      tiles.stride.push_back(0);
      append(rests, r);
      return;
    case Tiler::Kind::ByMode:
      break;
  }
  for (int i = 0; i < rank(r); ++i) {
    if (i < static_cast<int>(t.modes().size()))
      gather_leaves(r.mode(i), t.modes()[static_cast<std::size_t>(i)], tiles, rests);
    else
      append(rests, r.mode(i));
  }
}

/// The arrangements of R = the operation along `t`: zipped Z = (tiles, rests) leaf for leaf
/// (Z == R for a Layout tiler), tiled = (Z0, Z1's modes...), flat = (Z0's modes..., Z1's
/// modes...). "" when they hold.
inline std::string check_arrangements(const Layout& r, const Tiler& t, const Layout& zipped, const Layout& tiled,
                                      const Layout& flat) {
  if (rank(zipped) != 2) return fmt::format("zipped {} has rank {}, not 2", to_string(zipped), rank(zipped));
  FlatLeaves tiles, rests;
  gather_leaves(r, t, tiles, rests);
  const Layout z0 = zipped.mode(0), z1 = zipped.mode(1);
  const FlatLeaves f0 = flat_leaves(z0), f1 = flat_leaves(z1);
  if (f0.shape != tiles.shape || f0.stride != tiles.stride)
    return fmt::format("zipped {}: mode 0 is not R's tiles", to_string(zipped));
  if (f1.shape != rests.shape || f1.stride != rests.stride)
    return fmt::format("zipped {}: mode 1 is not R's rests and kept modes", to_string(zipped));
  if (t.kind() == Tiler::Kind::Whole && !(zipped == r))
    return fmt::format("zipped {} is not R for a Layout tiler", to_string(zipped));
  if (t.kind() == Tiler::Kind::ByMode && rank(z0) != static_cast<int>(t.modes().size()))
    return fmt::format("zipped {}: mode 0 has rank {}, the tiler {} modes", to_string(zipped), rank(z0),
                       t.modes().size());
  std::vector<Layout> want_tiled{z0}, want_flat;
  for (int i = 0; i < rank(z0); ++i) want_flat.push_back(z0.mode(i));
  for (int j = 0; j < rank(z1); ++j) {
    want_tiled.push_back(z1.mode(j));
    want_flat.push_back(z1.mode(j));
  }
  if (!(tiled == make_layout(want_tiled).value()))
    return fmt::format("tiled {} does not unpack zipped {}", to_string(tiled), to_string(zipped));
  if (!(flat == make_layout(want_flat).value()))
    return fmt::format("flat {} does not unpack zipped {}", to_string(flat), to_string(zipped));
  return "";
}

/// Every tiler form derived from B against `whole_result`, logical_X(A, B) as the law computed
/// it (see above): "" when all hold, else the form and what failed.
inline std::string check_tiler_forms(const TilerFamily& f, const Layout& a, const Layout& b,
                                     const Result<Layout>& whole_result) {
  for (const auto& [name, t] : tiler_forms_of(b)) {
    const Result<Layout> r = f.logical(a, t);
    const Result<Layout> zipped = f.zipped(a, t), tiled = f.tiled(a, t), flat = f.flat(a, t);
    const std::string which = fmt::format("with {} as the tiler {}", name, to_string(t));
    const bool is_b = t.kind() == Tiler::Kind::Whole && t.layout() == b;
    if (is_b && (r.ok() != whole_result.ok() || (r.ok() && !(*r == *whole_result))))
      return fmt::format("{}: {}(A, T) is not {}(A, B)", which, f.name, f.name);
    if (!r.ok()) {
      if (zipped.ok() || tiled.ok() || flat.ok())
        return fmt::format("{}: {}(A, T) is refused, but not all of its arrangements", which, f.name);
      continue;
    }
    if (std::string failure = check_along(a, t, *r, f.whole); !failure.empty())
      return fmt::format("{}: R = {}, {}", which, to_string(*r), failure);
    if (!zipped.ok() || !tiled.ok() || !flat.ok())
      return fmt::format("{}: {}(A, T) = {} but an arrangement of it is refused", which, f.name, to_string(*r));
    if (std::string failure = check_arrangements(*r, t, *zipped, *tiled, *flat); !failure.empty())
      return fmt::format("{}: R = {}, {}", which, to_string(*r), failure);
  }
  return "";
}

}  // namespace tf::oracle
