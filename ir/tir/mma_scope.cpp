#include "ir/tir/mma_scope.h"

#include <fmt/format.h>

#include "ir/layout/mesh_projection.h"
#include "ir/layout/print.h"

namespace tf::tir {

namespace {

bool same_levels(const Mesh& a, const Mesh& b) {
  if (a.topologies().size() != b.topologies().size()) return false;
  for (std::size_t i = 0; i < a.topologies().size(); ++i)
    if (a.topologies()[i].name() != b.topologies()[i].name()) return false;
  return true;
}

std::string levels(const Mesh& m) {
  std::string s;
  for (const Topology& t : m.topologies()) s += (s.empty() ? "" : ", ") + t.name();
  return "(" + s + ")";
}

// Condition 3's first half for one mesh: an empty string, or why not.
std::string inconsistency(const Mesh& m, std::int64_t domain) {
  Result<std::int64_t> extent = size(m.axes());
  if (!extent.ok()) return "its layout is symbolic";
  if (*extent != domain)
    return fmt::format("its layout has {} positions but its topology domain is {}", *extent,
                       domain);
  return "";
}

}  // namespace

std::vector<Diagnostic> scope_mismatch(const Mesh& scope, const Mesh& required) {
  const std::string s = to_string(scope);
  if (!same_levels(scope, required))
    return {rule_error("TIR.2.3.MMAVERIFY.same-topology-level",
                       fmt::format("the scope {} is over the levels {} but the atom needs {}", s,
                                   levels(scope), levels(required)))};
  Result<std::int64_t> scope_domain = topology_domain(scope);
  Result<std::int64_t> required_domain = topology_domain(required);
  if (!scope_domain.ok() || !required_domain.ok())
    return {rule_error("TIR.2.3.MMAVERIFY.static-domains",
                       fmt::format("the topology domain of {} is not static",
                                   scope_domain.ok() ? to_string(required) : s))};
  if (std::string why = inconsistency(scope, *scope_domain); !why.empty())
    return {rule_error("TIR.2.3.MMAVERIFY.self-consistent",
                       fmt::format("the scope {} is not self-consistent: {}", s, why))};
  if (std::string why = inconsistency(required, *required_domain); !why.empty())
    return {rule_error(
        "TIR.2.3.MMAVERIFY.self-consistent",
        fmt::format("the required scope {} is not self-consistent: {}", to_string(required), why))};
  Result<std::string> reason = not_projectable_reason(scope);
  if (!reason.ok() || !reason->empty())
    return {rule_error("TIR.2.3.MMAVERIFY.inverse-projectable",
                       fmt::format("the scope {} is not inverse-projectable: {}", s,
                                   reason.ok() ? *reason : std::string("symbolic")))};
  if (scope.axes() == required.axes()) return {};
  if (rank(scope.axes()) == 1 && rank(required.axes()) > 1)
    return {rule_error("TIR.2.3.MMAVERIFY.flat-lane-rejected",
                       fmt::format("the scope {} is a flat lane layout; the atom's fragments "
                                   "split the axes of {}",
                                   s, to_string(required.axes())))};
  return {rule_error("TIR.2.3.MMAVERIFY.exact-decomposition",
                     fmt::format("the scope's layout {} is not the atom's thread-value "
                                 "decomposition {}",
                                 to_string(scope.axes()), to_string(required.axes())))};
}

bool mesh_scope_matches_required_scope(const Mesh& scope, const Mesh& required) {
  return scope_mismatch(scope, required).empty();
}

std::vector<Diagnostic> check_mma_scope(const MmaAtom& atom, const std::vector<Mesh>& scope_stack) {
  std::vector<std::string> notes;
  std::vector<Diagnostic> innermost;
  for (const Mesh& m : scope_stack) {
    std::vector<Diagnostic> why = scope_mismatch(m, atom.required_scope());
    if (why.empty()) return {};
    notes.push_back(fmt::format("{} [{}]", why[0].message, why[0].rule_id));
    innermost = std::move(why);
  }
  Diagnostic d = rule_error(
      "TIR.2.3.MMAVERIFY.scope-required",
      fmt::format("mma with atom {} needs an enclosing MeshScope providing {}; {}", atom.spelling(),
                  to_string(atom.required_scope()),
                  scope_stack.empty() ? "no MeshScope is active" : "none on the stack does"));
  d.notes = std::move(notes);
  std::vector<Diagnostic> out = {std::move(d)};
  for (Diagnostic& x : innermost) out.push_back(std::move(x));
  return out;
}

}  // namespace tf::tir
