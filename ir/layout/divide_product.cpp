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

template <typename Op>
Result<Layout> by_mode(const char* name, const Layout& a, const std::vector<Layout>& tiler,
                       Op op) {
  if (static_cast<int>(tiler.size()) > rank(a))
    return layout_detail::algebra_error(fmt::format("{}: a tiler of {} layouts for {} of rank {}",
                                                    name, tiler.size(), to_string(a), rank(a)));
  std::vector<Layout> modes;
  for (int i = 0; i < rank(a); ++i) {
    if (i < static_cast<int>(tiler.size())) {
      auto m = op(a.mode(i), tiler[i]);
      if (!m.ok()) return m;
      modes.push_back(std::move(m).value());
    } else {
      modes.push_back(a.mode(i));
    }
  }
  return make_layout(modes);
}

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

Result<Layout> logical_divide(const Layout& a, const std::vector<Layout>& tiler) {
  return by_mode("logical_divide", a, tiler,
                 [](const Layout& x, const Layout& y) { return logical_divide(x, y); });
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

Result<Layout> logical_product(const Layout& a, const std::vector<Layout>& tiler) {
  return by_mode("logical_product", a, tiler,
                 [](const Layout& x, const Layout& y) { return logical_product(x, y); });
}

}  // namespace tf
