// Postcondition checks of the layout algebra, shared by the layout laws (layout_law.h), the
// hand-picked gtests and the RapidCheck laws (through testing/algebra_checks.h). Each returns ""
// when every postcondition holds, or a message naming the first one that fails. All comparisons
// go through the brute-force enumeration of layout_enumeration.h.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <string>
#include <vector>

#include "ir/layout/coalesce.h"
#include "ir/layout/complement.h"
#include "ir/layout/composition.h"
#include "ir/layout/divide_product.h"
#include "ir/layout/inverse.h"
#include "ir/layout/layout.h"
#include "ir/layout/layout_enumeration.h"
#include "ir/layout/print.h"

namespace tf::oracle {

/// coalesce(L) == R: same size, depth <= 1, same function, canonical (no extent-1 mode unless
/// R is 1:0, no two neighbours that could merge).
inline std::string check_coalesce(const Layout& l, const Layout& r) {
  const Enumerated el(l), er(r);
  if (el.size() != er.size()) return fmt::format("size {} != {}", er.size(), el.size());
  if (depth(r) > 1) return fmt::format("depth {} > 1", depth(r));
  for (std::int64_t i = 0; i < el.size(); ++i)
    if (el[i] != er[i]) return fmt::format("R({}) = {} but L({}) = {}", i, er[i], i, el[i]);
  const FlatLeaves f = flat_leaves(r);
  for (std::size_t k = 0; k < f.shape.size(); ++k) {
    if (f.shape[k] == 1 && !(f.shape.size() == 1 && f.stride[k] == 0))
      return fmt::format("mode {} has extent 1", k);
    if (k > 0 && f.shape[k - 1] * f.stride[k - 1] == f.stride[k])
      return fmt::format("modes {} and {} could merge", k - 1, k);
  }
  return "";
}

/// composition(A, B) == R: size(R) == size(B), R has B's top-level rank, R(i) == A(B(i)).
inline std::string check_composition(const Layout& a, const Layout& b, const Layout& r) {
  const Enumerated ea(a), eb(b), er(r);
  if (er.size() != eb.size()) return fmt::format("size {} != size(B) {}", er.size(), eb.size());
  if (b.shape().is_tuple() && rank(r) != rank(b))
    return fmt::format("rank {} != rank(B) {}", rank(r), rank(b));
  for (std::int64_t i = 0; i < eb.size(); ++i)
    if (er[i] != ea.extended(eb[i]))
      return fmt::format("R({}) = {} but A(B({})) = A({}) = {}", i, er[i], i, eb[i],
                         ea.extended(eb[i]));
  return "";
}

/// The largest extent*stride over L's modes that move (1 when none does).
inline std::int64_t moving_span(const Layout& l) {
  const FlatLeaves f = flat_leaves(l);
  std::int64_t span = 1;
  for (std::size_t k = 0; k < f.shape.size(); ++k)
    if (f.shape[k] > 1 && f.stride[k] > 0) span = std::max(span, f.shape[k] * f.stride[k]);
  return span;
}

/// complement(L, cotarget) == C: C strictly increasing and coalesced; the shifted copies
/// image(L) + C(j) are disjoint and tile [0, K) with K = span * ceil(cotarget / span).
inline std::string check_complement(const Layout& l, std::int64_t cotarget, const Layout& c) {
  const Enumerated ec(c);
  const auto img = image(l);
  if (depth(c) > 1) return fmt::format("depth {} > 1", depth(c));
  for (std::int64_t j = 1; j < ec.size(); ++j)
    if (ec[j - 1] >= ec[j])
      return fmt::format("C({}) = {} >= C({}) = {}", j - 1, ec[j - 1], j, ec[j]);
  const std::int64_t span = moving_span(l);
  const std::int64_t k = span * ((cotarget + span - 1) / span);
  const std::int64_t covered = static_cast<std::int64_t>(img.size()) * ec.size();
  if (covered != k) return fmt::format("|image(L)| * size(C) = {} != {}", covered, k);
  std::vector<char> hit(static_cast<std::size_t>(k), 0);
  for (std::int64_t j = 0; j < ec.size(); ++j)
    for (std::int64_t v : img) {
      const std::int64_t o = v + ec[j];
      if (o >= k) return fmt::format("L-offset {} + C({}) = {} is outside [0, {})", v, j, o, k);
      if (hit[o]) return fmt::format("offset {} is reached twice (C({}) overlaps)", o, j);
      hit[o] = 1;
    }
  return "";
}

/// right_inverse(L) == R: R maps into L's domain and L(R(i)) == i; when L is a bijection onto
/// [0, size(L)), R covers all of it.
inline std::string check_right_inverse(const Layout& l, const Layout& r) {
  const Enumerated el(l), er(r);
  for (std::int64_t i = 0; i < er.size(); ++i) {
    if (er[i] >= el.size()) return fmt::format("R({}) = {} is outside L's domain", i, er[i]);
    if (el[er[i]] != i) return fmt::format("L(R({})) = L({}) = {}", i, er[i], el[er[i]]);
  }
  auto sorted = el.offsets();
  std::sort(sorted.begin(), sorted.end());
  bool bijective = true;
  for (std::int64_t i = 0; i < el.size(); ++i) bijective = bijective && sorted[i] == i;
  if (bijective && er.size() != el.size())
    return fmt::format("L is a bijection onto [0, {}) but size(R) = {}", el.size(), er.size());
  return "";
}

/// left_inverse(L) == Q: Q(L(i)) == i for every i in L's domain.
inline std::string check_left_inverse(const Layout& l, const Layout& q) {
  const Enumerated el(l), eq(q);
  for (std::int64_t i = 0; i < el.size(); ++i) {
    if (el[i] >= eq.size()) return fmt::format("L({}) = {} is outside Q's domain", i, el[i]);
    if (eq[el[i]] != i) return fmt::format("Q(L({})) = Q({}) = {}", i, el[i], eq[el[i]]);
  }
  return "";
}

/// logical_divide(A, B) == R: rank 2; R == A ∘ (B, complement(B, size A)) pointwise; mode 0 is
/// A ∘ B; every offset of A appears in R.
inline std::string check_logical_divide(const Layout& a, const Layout& b, const Layout& r) {
  if (rank(r) != 2) return fmt::format("rank {} != 2", rank(r));
  const Enumerated ea(a), eb(b), er(r), er0(r.mode(0));
  if (er0.size() != eb.size())
    return fmt::format("size(R0) {} != size(B) {}", er0.size(), eb.size());
  for (std::int64_t i = 0; i < eb.size(); ++i)
    if (er0[i] != ea.extended(eb[i])) return fmt::format("R0({}) != A(B({}))", i, i);
  const Layout rest = complement(b, ea.size()).value();
  const Enumerated ebc(make_layout({b, rest}).value());
  if (er.size() != ebc.size())
    return fmt::format("size {} != size((B, B*)) {}", er.size(), ebc.size());
  for (std::int64_t k = 0; k < er.size(); ++k)
    if (er[k] != ea.extended(ebc[k])) return fmt::format("R({}) != A((B, B*)({}))", k, k);
  const auto img = image(r);
  for (std::int64_t i = 0; i < ea.size(); ++i)
    if (!img.count(ea[i])) return fmt::format("A({}) = {} is not in R's image", i, ea[i]);
  return "";
}

/// logical_product(A, B) == R: R = (A, C ∘ B) with C = complement(A, size A * cosize B):
/// R(i + size(A)*j) == A(i) + C(B(j)); injective when A and B are.
inline std::string check_logical_product(const Layout& a, const Layout& b, const Layout& r) {
  if (rank(r) != 2) return fmt::format("rank {} != 2", rank(r));
  if (!(r.mode(0) == a)) return fmt::format("mode 0 {} != A", to_string(r.mode(0)));
  const Enumerated ea(a), eb(b), er(r);
  if (er.size() != ea.size() * eb.size())
    return fmt::format("size {} != {} * {}", er.size(), ea.size(), eb.size());
  const std::int64_t reach = *std::max_element(eb.offsets().begin(), eb.offsets().end()) + 1;
  const Enumerated ec(complement(a, std::max<std::int64_t>(1, ea.size() * reach)).value());
  for (std::int64_t j = 0; j < eb.size(); ++j)
    for (std::int64_t i = 0; i < ea.size(); ++i)
      if (er[i + ea.size() * j] != ea[i] + ec.extended(eb[j]))
        return fmt::format("R({}, {}) != A({}) + C(B({}))", i, j, i, j);
  if (injective_by_enumeration(a) && injective_by_enumeration(b) && !injective_by_enumeration(r))
    return "A and B are injective but R is not";
  return "";
}

}  // namespace tf::oracle
