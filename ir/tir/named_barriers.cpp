#include "ir/tir/named_barriers.h"

#include <fmt/format.h>

#include <set>

#include "ir/layout/named_barrier.h"
#include "ir/support/plant.h"
#include "ir/tir/stmt_visitor.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/sync.h"

namespace tf::tir {

std::optional<int> NamedBarrierIds::id_of(const Evaluate& sync) const {
  for (const NamedBarrierSite& s : sites_)
    if (s.site == &sync) return s.id;
  return std::nullopt;
}

namespace {

// The class of `e` when it is a Sync that classifies as a named barrier (the one test the
// allocation and has_named_barrier share); a Sync that does not classify is the verifier's.
std::optional<BarrierClass> named_barrier_of(const Evaluate& e) {
  if (!is_sync(e)) return std::nullopt;
  Result<BarrierClass> barrier = classify_sync(e.call());
  if (!barrier.ok() || barrier->kind != BarrierKind::Named) return std::nullopt;
  return *barrier;
}

}  // namespace

// The pass: a StmtVisitor that meets every Evaluate in emission order and numbers the Syncs
// that classify as named barriers.
class NamedBarrierAllocation final : public StmtVisitor {
 public:
  NamedBarrierAllocation(const PrimFunction& fn, const Module* module) : fn_(fn), module_(module) {}

  Result<NamedBarrierIds> run() {
    visit(fn_.body());
    if (!diags_.empty()) return diags_;
    return std::move(ids_);
  }

 protected:
  using StmtVisitor::visit_node;
  void visit_node(const Evaluate& e) override {
    if (module_ != nullptr && !e.is_op()) {  // a device function's sites, in place of the call
      const auto* callee = function_as<PrimFunction>(module_->find(e.symbol().name));
      if (callee == nullptr || callee->target() != Target::Cuda || !entered_.insert(callee).second) return;
      if (TF_PLANTED(named_barrier_ids_per_function)) {  // the callee's ids its own, from 1 (the old bug)
        Result<NamedBarrierIds> own = NamedBarrierAllocation(*callee, module_).run();
        if (own.ok()) ids_.sites_.insert(ids_.sites_.end(), own->sites_.begin(), own->sites_.end());
        return;
      }
      visit(callee->body());
      return;
    }
    const std::optional<BarrierClass> barrier = named_barrier_of(e);
    if (!barrier) return;
    const int before = allocator_.allocated();
    Result<int> id = allocator_.id_for(&e);
    if (!id.ok()) {
      if (diags_.empty())  // one diagnostic per kernel, naming the first site too many
        for (Diagnostic d : id.diagnostics()) {
          d.message = fmt::format("prim_func {}: {}", fn_.name(), d.message);
          diags_.push_back(std::move(d));
        }
      return;
    }
    if (allocator_.allocated() > before) ids_.sites_.push_back({&e, *id, *barrier});
  }

 private:
  const PrimFunction& fn_;
  const Module* module_;
  std::set<const PrimFunction*> entered_{&fn_};  // each function's sites once (a cycle ends)
  NamedBarrierAllocator allocator_;
  NamedBarrierIds ids_;
  std::vector<Diagnostic> diags_;
};

Result<NamedBarrierIds> allocate_named_barriers(const PrimFunction& fn, const Module* module) {
  return NamedBarrierAllocation(fn, module).run();
}

bool has_named_barrier(const PrimFunction& fn) {
  bool found = false;
  walk(fn.body(), [&](const StmtNode& s) {
    const auto* e = s.as<Evaluate>();
    found = found || (e != nullptr && named_barrier_of(*e));
  });
  return found;
}

}  // namespace tf::tir
