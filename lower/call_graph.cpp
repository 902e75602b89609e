#include "lower/call_graph.h"

#include <fmt/format.h>

#include <algorithm>
#include <climits>
#include <string>
#include <utility>
#include <vector>

#include "ir/core/expr_children.h"
#include "ir/core/function_call.h"

namespace tf::lower {

namespace {

// A call the lowering inlines: `call`, in the body of `owner`, of the HIR function `callee`.
struct Site {
  const FunctionCall* call;
  const hir::Function* owner;
  const hir::Function* callee;
};

std::pair<int, int> place_of(const Site& s) {
  const BindingInfo* b = s.call->binding();
  if (b == nullptr || !b->location.known()) return {INT_MAX, INT_MAX};
  return {b->location.line, b->location.column};
}

// The calls `fn`'s returned values reach whose callee is an HIR function with a body, in source
// order (calls without a place last).
std::vector<Site> call_sites(const CallGraph& graph, const hir::Function& fn) {
  std::vector<Site> out;
  if (!fn.body()) return out;
  for_each_node(*fn.body(), [&](const ExprNode& e) {
    const auto* call = e.as<FunctionCall>();
    if (call == nullptr) return;
    const auto* callee = function_as<hir::Function>(graph.find(call->callee));
    if (callee != nullptr && !callee->is_prototype() && callee->body()) out.push_back({call, &fn, callee});
  });
  std::stable_sort(out.begin(), out.end(), [](const Site& a, const Site& b) { return place_of(a) < place_of(b); });
  return out;
}

// "cannot lower the call of @g (binding `y`) in @f to TIR: REASON", placed at the call.
Diagnostic at_call(const Site& s, const std::string& reason) {
  const std::string_view name = s.call->binding_name();
  const std::string binding = name.empty() ? std::string() : fmt::format(" (binding `{}`)", name);
  Diagnostic d = category_error(DiagCategory::Usage, fmt::format("cannot lower the call of @{}{} in @{} to TIR: {}",
                                                                 s.callee->name(), binding, s.owner->name(), reason));
  if (const BindingInfo* b = s.call->binding(); b != nullptr && b->location.known())
    d.location = b->location;
  return d;
}

// What the walk knows of one function.
struct Info {
  std::vector<Site> sites;
  bool open = true;              // on the walk's stack
  int depth = 1;                 // the functions on its longest chain of calls, itself included
  const Site* deepest = nullptr;  // its call that starts that chain
  const Diagnostic* cycle = nullptr;  // a cycle it reaches
  std::size_t values = 0;             // the HIR values its kernel lowers, its callees' inlined (capped)
  const Site* oversized = nullptr;    // the call where `values` passes kMaxKernelSteps (none: it does not)
};

// a + b, capped just past the budget (the count only has to say "more").
std::size_t capped_sum(std::size_t a, std::size_t b) {
  return std::min(a + std::min(b, kMaxKernelSteps + 1), kMaxKernelSteps + 1);
}

}  // namespace

CallGraph::CallGraph(const Module& module) : module_(module) {
  for (const FunctionRef& f : module.functions()) by_name_.try_emplace(f->name(), f.get());  // the first, as Module::find
  std::unordered_map<const hir::Function*, Info> info;
  std::vector<const hir::Function*> stack;  // the open functions, callers first
  std::vector<std::size_t> next;            // per open function, its next call site
  auto open = [&](const hir::Function* f) {
    Info& i = info[f];
    i.sites = call_sites(*this, *f);
    for_each_node(*f->body(), [&](const ExprNode&) { ++i.values; });
    stack.push_back(f);
    next.push_back(0);
  };
  // Folds what is known of `callee` into `caller`, reached through `site`.
  auto absorb = [&](Info& caller, const Site& site, const Info& callee) {
    if (caller.cycle == nullptr) caller.cycle = callee.cycle;
    if (callee.depth + 1 > caller.depth) {
      caller.depth = callee.depth + 1;
      caller.deepest = &site;
    }
    caller.values = capped_sum(caller.values, callee.values);
    if (caller.values > kMaxKernelSteps && caller.oversized == nullptr) caller.oversized = &site;
  };
  for (const FunctionRef& f : module.functions()) {
    const auto* root = f->as<hir::Function>();
    if (root == nullptr || root->is_prototype() || !root->body() || info.count(root) != 0) continue;
    open(root);
    while (!stack.empty()) {
      Info& top = info[stack.back()];
      if (next.back() < top.sites.size()) {
        const Site& s = top.sites[next.back()++];
        auto it = info.find(s.callee);
        if (it == info.end()) {
          open(s.callee);
        } else if (it->second.open) {  // a call back into the stack: the stack from the callee on is a cycle
          if (top.cycle == nullptr) {
            std::string names;
            for (auto k = std::find(stack.begin(), stack.end(), s.callee); k != stack.end(); ++k)
              names += (*k)->name() + " -> ";
            diagnostics_.push_back(at_call(
                s, fmt::format("it closes the call cycle {}{}, and the lowering inlines every call: a recursive one "
                               "would be inlined without end (HIR keeps recursion legal; its evaluator stops it at {} "
                               "nested calls)",
                               names, s.callee->name(), kMaxCallNesting)));
            top.cycle = &diagnostics_.back();
          }
        } else {
          absorb(top, s, it->second);
        }
        continue;
      }
      top.open = false;
      stack.pop_back();
      next.pop_back();
      if (!stack.empty()) {
        Info& caller = info[stack.back()];
        absorb(caller, caller.sites[next.back() - 1], top);
      }
    }
  }
  for (const auto& [fn, i] : info) {
    if (i.cycle != nullptr) {
      refusals_[fn] = i.cycle;
    } else if (i.depth > kMaxCallNesting) {
      std::string chain = "@" + fn->name();
      const Info* at = &i;
      for (int shown = 0; at->deepest != nullptr && shown < 3; ++shown) {
        chain += " -> @" + at->deepest->callee->name();
        at = &info.at(at->deepest->callee);
      }
      if (at->deepest != nullptr) chain += " -> ...";
      diagnostics_.push_back(at_call(
          *i.deepest, fmt::format("the calls from @{} nest {} deep ({}), deeper than the {} the HIR evaluator runs "
                                  "(an eval error there), so they are not inlined",
                                  fn->name(), i.depth, chain, kMaxCallNesting)));
      refusals_[fn] = &diagnostics_.back();
    } else if (i.oversized != nullptr) {  // a body alone that large is left to the lowering's own budget
      const Site& s = *i.oversized;
      diagnostics_.push_back(at_call(
          s, fmt::format("with its callees' bodies inlined (every call inlines its callee's body again), @{}'s kernel "
                         "would lower more than {} HIR values{}, the lowering's budget per kernel",
                         fn->name(), kMaxKernelSteps,
                         info.at(s.callee).values > kMaxKernelSteps
                             ? fmt::format(" (@{} alone lowers more)", s.callee->name())
                             : std::string())));
      refusals_[fn] = &diagnostics_.back();
    }
  }
}

const FunctionBase* CallGraph::find(std::string_view name) const {
  auto it = by_name_.find(name);
  return it == by_name_.end() ? nullptr : it->second;
}

const Diagnostic* CallGraph::refusal(const hir::Function& fn) const {
  auto it = refusals_.find(&fn);
  return it == refusals_.end() ? nullptr : it->second;
}

}  // namespace tf::lower
