#include "ir/layout/tiled_forms.h"

#include <algorithm>

#include "ir/layout/divide_product.h"

namespace tf {
namespace {

enum class Grouping { Zipped, Tiled, Flat };

// The top-level modes of `l` (a leaf layout is its own single mode).
std::vector<Layout> top_modes(const Layout& l) {
  std::vector<Layout> out;
  for (int i = 0; i < rank(l); ++i) out.push_back(l.mode(i));
  return out;
}

// The pair (tile, rest) of `r`, the logical operation along `tiler` (see tiled_forms.h).
Result<Layout> gathered(const Layout& r, const Tiler& tiler) {
  switch (tiler.kind()) {
    case Tiler::Kind::Whole:
      return r;
    case Tiler::Kind::Keep:
      return make_layout({Layout::make_known_valid(IntTuple(1), IntTuple(0)), r});
    case Tiler::Kind::ByMode:
      break;
  }
  const std::vector<Tiler>& tilers = tiler.modes();
  std::vector<Layout> tiles, rests;
  for (int i = 0; i < rank(r); ++i) {
    if (i >= static_cast<int>(tilers.size())) {
      rests.push_back(r.mode(i));
      continue;
    }
    Result<Layout> pair = gathered(r.mode(i), tilers[static_cast<std::size_t>(i)]);
    TF_TRY(pair);
    tiles.push_back(pair->mode(0));
    rests.push_back(pair->mode(1));
  }
  Result<Layout> tile = make_layout(tiles);
  TF_TRY(tile);
  Result<Layout> rest = make_layout(rests);  // the tiled modes' rests, then the modes past the tiler
  TF_TRY(rest);
  return make_layout({*tile, *rest});
}

// The zipped pair of `r` along `tiler`, arranged as `grouping` says.
Result<Layout> arranged(Result<Layout> r, const Tiler& tiler, Grouping grouping) {
  TF_TRY(r);
  Result<Layout> zipped = gathered(*r, tiler);
  TF_TRY(zipped);
  if (grouping == Grouping::Zipped) return zipped;
  std::vector<Layout> modes;
  if (grouping == Grouping::Tiled)
    modes.push_back(zipped->mode(0));
  else
    modes = top_modes(zipped->mode(0));
  for (const Layout& m : top_modes(zipped->mode(1))) modes.push_back(m);
  return make_layout(modes);
}

Result<Layout> divided(const Layout& a, const Tiler& tiler, Grouping g) {
  return arranged(logical_divide(a, tiler), tiler, g);
}

Result<Layout> multiplied(const Layout& a, const Tiler& tiler, Grouping g) {
  return arranged(logical_product(a, tiler), tiler, g);
}

// The list (B0, B1, ...) as a tuple tiler, then `form` along it.
Result<Layout> listed(const Layout& a, const std::vector<Layout>& tiler,
                      Result<Layout> (*form)(const Layout&, const Tiler&)) {
  Result<Tiler> t = Tiler::by_mode(tiler);
  TF_TRY(t);
  return form(a, *t);
}

// `l` as a layout of rank `r`: its top-level modes, then 1:0 modes.
Result<Layout> padded(const Layout& l, int r) {
  std::vector<Layout> modes = top_modes(l);
  while (static_cast<int>(modes.size()) < r) modes.push_back(Layout::make(1, 0).value());
  return make_layout(modes);
}

// Mode i of the result: (A'_i, P1_i) for blocked, (P1_i, A'_i) for raked.
Result<Layout> interleaved(const Layout& a, const Layout& b, bool block_first) {
  const int r = std::max(rank(a), rank(b));
  Result<Layout> ap = padded(a, r);
  TF_TRY(ap);
  Result<Layout> bp = padded(b, r);
  TF_TRY(bp);
  Result<Layout> p = logical_product(*ap, *bp);
  TF_TRY(p);
  const Layout blocks = p->mode(0), copies = p->mode(1);
  std::vector<Layout> modes;
  for (int i = 0; i < r; ++i) {
    Result<Layout> m = block_first ? make_layout({blocks.mode(i), copies.mode(i)})
                                   : make_layout({copies.mode(i), blocks.mode(i)});
    TF_TRY(m);
    modes.push_back(*m);
  }
  return make_layout(modes);
}

}  // namespace

Result<Layout> zipped_divide(const Layout& a, const Tiler& tiler) { return divided(a, tiler, Grouping::Zipped); }
Result<Layout> tiled_divide(const Layout& a, const Tiler& tiler) { return divided(a, tiler, Grouping::Tiled); }
Result<Layout> flat_divide(const Layout& a, const Tiler& tiler) { return divided(a, tiler, Grouping::Flat); }
Result<Layout> zipped_product(const Layout& a, const Tiler& tiler) { return multiplied(a, tiler, Grouping::Zipped); }
Result<Layout> tiled_product(const Layout& a, const Tiler& tiler) { return multiplied(a, tiler, Grouping::Tiled); }
Result<Layout> flat_product(const Layout& a, const Tiler& tiler) { return multiplied(a, tiler, Grouping::Flat); }

Result<Layout> zipped_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return listed(a, tiler, zipped_divide);
}
Result<Layout> tiled_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return listed(a, tiler, tiled_divide);
}
Result<Layout> flat_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return listed(a, tiler, flat_divide);
}
Result<Layout> zipped_product(const Layout& a, const std::vector<Layout>& tiler) {
  return listed(a, tiler, zipped_product);
}
Result<Layout> tiled_product(const Layout& a, const std::vector<Layout>& tiler) {
  return listed(a, tiler, tiled_product);
}
Result<Layout> flat_product(const Layout& a, const std::vector<Layout>& tiler) {
  return listed(a, tiler, flat_product);
}
Result<Layout> blocked_product(const Layout& a, const Layout& b) {
  return interleaved(a, b, /*block_first=*/true);
}
Result<Layout> raked_product(const Layout& a, const Layout& b) {
  return interleaved(a, b, /*block_first=*/false);
}

}  // namespace tf
