#include "ir/layout/tiled_forms.h"

#include <algorithm>

#include "ir/layout/divide_product.h"

namespace tf {
namespace {

enum class Grouping { Zipped, Tiled, Flat };

// Regroups ((T0, R0), (T1, R1), X2, ...), the first `paired` modes pairs, as `grouping` says.
Result<Layout> regroup(const Layout& by_mode, int paired, Grouping grouping) {
  std::vector<Layout> first, second;
  for (int i = 0; i < rank(by_mode); ++i) {
    const Layout m = by_mode.mode(i);
    if (i < paired) {
      first.push_back(m.mode(0));
      second.push_back(m.mode(1));
    } else {
      second.push_back(m);
    }
  }
  std::vector<Layout> modes;
  switch (grouping) {
    case Grouping::Zipped: {
      Result<Layout> a = make_layout(first);
      TF_TRY(a);
      Result<Layout> b = make_layout(second);
      TF_TRY(b);
      return make_layout({*a, *b});
    }
    case Grouping::Tiled: {
      Result<Layout> a = make_layout(first);
      TF_TRY(a);
      modes.push_back(*a);
      modes.insert(modes.end(), second.begin(), second.end());
      return make_layout(modes);
    }
    case Grouping::Flat:
      modes = first;
      modes.insert(modes.end(), second.begin(), second.end());
      return make_layout(modes);
  }
  TF_UNREACHABLE("bad Grouping");
}

Result<Layout> divided(const Layout& a, const std::vector<Layout>& tiler, Grouping g) {
  Result<Layout> d = logical_divide(a, tiler);
  TF_TRY(d);
  return regroup(*d, static_cast<int>(tiler.size()), g);
}

Result<Layout> multiplied(const Layout& a, const std::vector<Layout>& tiler, Grouping g) {
  Result<Layout> p = logical_product(a, tiler);
  TF_TRY(p);
  return regroup(*p, static_cast<int>(tiler.size()), g);
}

// `l` as a layout of rank `r`: its top-level modes, then 1:0 modes.
Result<Layout> padded(const Layout& l, int r) {
  std::vector<Layout> modes;
  for (int i = 0; i < rank(l); ++i) modes.push_back(l.mode(i));
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

Result<Layout> zipped_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return divided(a, tiler, Grouping::Zipped);
}
Result<Layout> tiled_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return divided(a, tiler, Grouping::Tiled);
}
Result<Layout> flat_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return divided(a, tiler, Grouping::Flat);
}
Result<Layout> zipped_product(const Layout& a, const std::vector<Layout>& tiler) {
  return multiplied(a, tiler, Grouping::Zipped);
}
Result<Layout> tiled_product(const Layout& a, const std::vector<Layout>& tiler) {
  return multiplied(a, tiler, Grouping::Tiled);
}
Result<Layout> flat_product(const Layout& a, const std::vector<Layout>& tiler) {
  return multiplied(a, tiler, Grouping::Flat);
}
Result<Layout> blocked_product(const Layout& a, const Layout& b) {
  return interleaved(a, b, /*block_first=*/true);
}
Result<Layout> raked_product(const Layout& a, const Layout& b) {
  return interleaved(a, b, /*block_first=*/false);
}

}  // namespace tf
