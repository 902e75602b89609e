// What the law checks share (layout_law.cpp, mesh_law.cpp, barrier_law.cpp, shard_law.cpp):
// their arguments by kind, a verdict's violation, and the rendering of a failed call. Internal
// to ir/layout's law files.
#pragma once

#include <fmt/format.h>

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "ir/layout/layout_law.h"
#include "ir/layout/mesh_slice.h"
#include "ir/support/result.h"

namespace tf::law_support {

using Args = std::vector<LawArgument>;

/// Argument i as the kind T (precondition: law_arguments_refusal passed).
template <typename T>
const T& arg(const Args& args, std::size_t i) {
  return std::get<T>(args[i]);
}

/// `v` with the violation `what` (no particulars, no ": ") and its `detail`.
inline LawVerdict broken(LawVerdict v, std::string what, std::string detail) {
  v.violated = std::move(what);
  v.detail = std::move(detail);
  return v;
}

/// The first of `ds`, rendered ("" when there is none).
inline std::string first_of(const std::vector<Diagnostic>& ds) {
  return ds.empty() ? std::string() : ds.front().render();
}

/// The first diagnostic of a failed call, rendered.
template <typename T>
std::string first_diagnostic(const Result<T>& r) {
  return first_of(r.diagnostics());
}

/// Whether a refused call gave a proper diagnostic: an error with a message.
template <typename T>
bool proper_diagnostic(const Result<T>& r) {
  return !r.diagnostics().empty() && !r.diagnostics()[0].message.empty() &&
         r.diagnostics()[0].severity == Severity::Error;
}

/// Adds `label` to v's labels when `on` (RC_CLASSIFY's meaning).
inline void label_if(LawVerdict& v, bool on, std::string label) {
  if (on) v.labels.push_back(std::move(label));
}

/// Where two lists of integers first differ: "N values against M" or "at position i: a against b"
/// ("" when they are equal).
inline std::string first_difference(const std::vector<std::int64_t>& got,
                                    const std::vector<std::int64_t>& want) {
  if (got.size() != want.size())
    return fmt::format("{} values against {}", got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i]) return fmt::format("at position {}: {} against {}", i, got[i], want[i]);
  return "";
}

/// M[key]; on a refusal nullopt, with v's violation set to "slice(M, key) succeeds" (every mesh
/// law's key is legal for its mesh, so a refused slice is a failed postcondition).
inline std::optional<Mesh> sliced(LawVerdict& v, const Mesh& m, const std::vector<SliceKey>& key) {
  Result<Mesh> s = slice(m, key);
  if (s.ok()) return *s;
  v = broken(std::move(v), "slice(M, key) succeeds",
             fmt::format("M{}: {}", slice_spelling("", key), first_diagnostic(s)));
  return std::nullopt;
}

}  // namespace tf::law_support
