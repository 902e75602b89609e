#include "ir/layout/divide_product.h"

#include <fmt/format.h>

#include "ir/layout/checked_math.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/flat_modes.h"
#include "ir/layout/print.h"

namespace tf {

namespace {

// Prefixes the first diagnostic of a failed step with the operation it belongs to.
template <typename T>
Result<T> within(const std::string& what, Result<T> step) {
  if (step.ok()) return step;
  std::vector<Diagnostic> diags = step.diagnostics();
  diags.front().message = what + ": " + diags.front().message;
  return diags;
}

// The two-layout overloads, named apart from their Tiler and list overloads.
Result<Layout> divide_whole(const Layout& a, const Layout& b) { return logical_divide(a, b); }
Result<Layout> product_whole(const Layout& a, const Layout& b) { return logical_product(a, b); }

}  // namespace

Result<Layout> logical_divide(const Layout& a, const Layout& b) {
  const std::string what = fmt::format("logical_divide({}, {})", to_string(a), to_string(b));
  auto n = size(a);
  if (!n.ok()) return within(what, std::move(n)).diagnostics();
  auto rest = within(what, complement(b, std::max<std::int64_t>(*n, 1)));
  if (!rest.ok()) return rest;
  auto tiler = within(what, make_layout({b, *rest}));
  if (!tiler.ok()) return tiler;
  return within(what, composition(a, *tiler));
}

Result<Layout> logical_divide(const Layout& a, const Tiler& tiler) {
  return apply_tiler("logical_divide", a, tiler, divide_whole);
}

Result<Layout> logical_divide(const Layout& a, const std::vector<Layout>& tiler) {
  Result<Tiler> t = Tiler::by_mode(tiler);
  TF_TRY(t);
  return logical_divide(a, *t);
}

Result<Layout> logical_product(const Layout& a, const Layout& b) {
  const std::string what = fmt::format("logical_product({}, {})", to_string(a), to_string(b));
  auto n = size(a);
  if (!n.ok()) return within(what, std::move(n)).diagnostics();
  auto reach = cosize(b);
  if (!reach.ok()) return within(what, std::move(reach)).diagnostics();
  auto cotarget = layout_detail::checked_mul(*n, *reach);
  if (!cotarget)
    return layout_detail::algebra_error(fmt::format("{}: size(A) * cosize(B) overflows", what));
  auto rest = within(what, complement(a, std::max<std::int64_t>(*cotarget, 1)));
  if (!rest.ok()) return rest;
  auto copies = within(what, composition(*rest, b));
  if (!copies.ok()) return copies;
  return within(what, make_layout({a, *copies}));
}

Result<Layout> logical_product(const Layout& a, const Tiler& tiler) {
  return apply_tiler("logical_product", a, tiler, product_whole);
}

Result<Layout> logical_product(const Layout& a, const std::vector<Layout>& tiler) {
  Result<Tiler> t = Tiler::by_mode(tiler);
  TF_TRY(t);
  return logical_product(a, *t);
}

}  // namespace tf
