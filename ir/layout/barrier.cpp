#include "ir/layout/barrier.h"

#include <fmt/format.h>

#include "ir/layout/participants.h"
#include "ir/layout/print.h"

namespace tf {

std::string sync_text(const Mesh& m) { return "sync(" + to_string(m) + ")"; }

namespace {

Diagnostic sync_error(const char* rule, const Mesh& m, std::string why) {
  Diagnostic d = rule_error(rule, fmt::format("{} has no barrier: {}", sync_text(m), why));
  d.notes.push_back("an unsupported participant set is rejected, never broadened to a larger "
                    "barrier or split into several (seed 002 section 1.5)");
  return d;
}

std::uint32_t low_bits(std::int64_t n) {
  return n >= 32 ? 0xffffffffu : static_cast<std::uint32_t>((std::uint64_t{1} << n) - 1);
}

}  // namespace

const char* barrier_kind_name(BarrierKind k) {
  switch (k) {
    case BarrierKind::SyncThreads:
      return "syncthreads";
    case BarrierKind::SyncWarp:
      return "syncwarp";
    case BarrierKind::SyncWarpMask:
      return "syncwarp_mask";
    case BarrierKind::Named:
      return "named";
    case BarrierKind::Grid:
      return "grid";
  }
  TF_UNREACHABLE("unknown BarrierKind");
}

Result<BarrierClass> classify_barrier(const Mesh& m) {
  // 1. static
  if (!is_static(m))
    return sync_error("TIR.1.5.SYNC.dynamic-mesh-rejected", m,
                      "the mesh has a symbolic extent or stride; a barrier's participants must "
                      "be a compile-time constant");
  // 2. topology
  const bool threads = is_thread_mesh(m), ctas = is_cta_mesh(m);
  if (!threads && !ctas) {
    std::string names;
    for (const Topology& t : m.topologies()) names += (names.empty() ? "" : ", ") + t.name();
    return sync_error("TIR.1.5.SYNC.unsupported-topology-rejected", m,
                      fmt::format("the topologies ({}) have no barrier mapping; only (thread) "
                                  "within a block and all-cta over the grid do",
                                  names));
  }
  // 3. consistent
  auto summary = summarize_participants(m);
  if (!summary.ok()) {
    Diagnostic d = summary.diagnostics().front();
    return sync_error("TIR.1.5.SYNC.inconsistent-mesh-rejected", m, d.message);
  }
  const ParticipantSummary& s = *summary;
  if (!m.is_sliced() && s.count != s.domain)
    return sync_error("TIR.1.5.SYNC.inconsistent-mesh-rejected", m,
                      fmt::format("its layout has {} positions but the topology domain is {}",
                                  s.count, s.domain));
  if (s.count == 0)
    return sync_error("TIR.1.5.SYNC.inconsistent-mesh-rejected", m, "it names no position");
  if (!s.within_domain)
    return sync_error("TIR.1.5.SYNC.inconsistent-mesh-rejected", m,
                      fmt::format("a participant lies outside the topology domain [0, {})",
                                  s.domain));
  if (!s.duplicate_free)
    return sync_error("TIR.1.5.SYNC.inconsistent-mesh-rejected", m,
                      "the mesh layout is not injective: two positions name the same index");
  // 4. the grid
  if (ctas) {
    if (s.count != s.domain)
      return sync_error("TIR.1.5.BARRIER.cta-slice-rejected", m,
                        fmt::format("it selects {} of the {} CTAs; only the full cta mesh has a "
                                    "(grid) barrier",
                                    s.count, s.domain));
    return BarrierClass{BarrierKind::Grid, 0, s.domain, 0};
  }
  // 5. threads of one block
  if (!s.contiguous)
    return sync_error("TIR.1.5.SYNC.non-contiguous-rejected", m,
                      fmt::format("its {} participants from thread {} are not one contiguous "
                                  "interval",
                                  s.count, s.base));
  if (s.base == 0 && s.count == s.domain) {
    if (s.domain > kWarpSize) return BarrierClass{BarrierKind::SyncThreads, 0, s.count, 0};
    return BarrierClass{BarrierKind::SyncWarp, 0, s.count, low_bits(s.count)};
  }
  const std::int64_t last = s.base + s.count - 1;
  if (s.base / kWarpSize == last / kWarpSize)
    return BarrierClass{BarrierKind::SyncWarpMask, s.base, s.count,
                        low_bits(s.count) << (s.base % kWarpSize)};
  if (s.base % kWarpSize == 0 && s.count % kWarpSize == 0)
    return BarrierClass{BarrierKind::Named, s.base, s.count, 0};
  return sync_error("TIR.1.5.SYNC.unaligned-cross-warp-rejected", m,
                    fmt::format("threads [{}, {}) span several warps but base {} and count {} "
                                "are not both multiples of {}",
                                s.base, s.base + s.count, s.base, s.count, kWarpSize));
}

std::string to_json(const BarrierClass& c) {
  return fmt::format("{{\"kind\": \"{}\", \"base\": {}, \"count\": {}, \"mask\": \"0x{:08x}\"}}",
                     barrier_kind_name(c.kind), c.base, c.count, c.mask);
}

std::string barrier_spelling(const BarrierClass& c) {
  switch (c.kind) {
    case BarrierKind::SyncThreads:
      return "__syncthreads()";
    case BarrierKind::SyncWarp:
      return "__syncwarp()";
    case BarrierKind::SyncWarpMask:
      return fmt::format("__syncwarp(0x{:08x})", c.mask);
    case BarrierKind::Named:
      return fmt::format("bar.sync <id>, {}", c.count);
    case BarrierKind::Grid:
      return "grid_barrier()";
  }
  TF_UNREACHABLE("unknown BarrierKind");
}

bool executes_barrier(const BarrierClass& c, std::int64_t index) {
  if (!c.needs_predicate()) return true;
  return c.base <= index && index < c.base + c.count;
}

std::optional<std::string> barrier_instruction(const BarrierClass& c, int id, std::int64_t index) {
  if (!executes_barrier(c, index)) return std::nullopt;
  if (c.kind == BarrierKind::Named) return fmt::format("bar.sync {}, {}", id, c.count);
  return barrier_spelling(c);
}

}  // namespace tf
