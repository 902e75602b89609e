#include "lower/lowering_context.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/core/call.h"
#include "ir/core/grid_region.h"
#include "ir/hir/typed_call.h"
#include "ir/type/unit_type.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/stmt_walk.h"

namespace tf::lower {

const Expr* LoweringContext::lowered(const ExprNode* e) const {
  auto it = lowered_.find(e);
  return it == lowered_.end() ? nullptr : &it->second;
}

Result<Expr> LoweringContext::call(tir::TirOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs) const {
  const Op found = tir::tir_op(op, ctx_.registry());
  if (found.form() == OpForm::Effect) {  // effect ops are unit-typed (seed 002 section 1.3)
    Result<CallRef> c = Call::make(found, std::move(args), std::move(attrs), UnitType::make());
    TF_TRY(c);
    return Expr(*c);
  }
  Result<CallRef> c = hir::make_typed_call(found, std::move(args), std::move(attrs), ctx_.handlers());
  TF_TRY(c);
  return Expr(*c);
}

void LoweringContext::remember(const ExprNode* e, Expr value) {
  auto [it, added] = lowered_.try_emplace(e, value);
  if (!memo_scopes_.empty() && !memo_scopes_.back().replaced)
    memo_scopes_.back().undo.emplace_back(e, added ? std::nullopt : std::optional<Expr>(it->second));
  if (!added) it->second = std::move(value);
}

void LoweringContext::open_memo_scope() {
  memo_scopes_.emplace_back();
}

void LoweringContext::close_memo_scope() {
  TF_CHECK(!memo_scopes_.empty(), "a lowering scope closed that was never opened");
  MemoScope scope = std::move(memo_scopes_.back());
  memo_scopes_.pop_back();
  if (scope.replaced) {
    lowered_ = std::move(*scope.replaced);
    return;
  }
  for (auto it = scope.undo.rbegin(); it != scope.undo.rend(); ++it) {
    if (it->second) lowered_.insert_or_assign(it->first, std::move(*it->second));
    else lowered_.erase(it->first);
  }
}

namespace {

// How a refusal names HIR node `e`: the op of a call, the callee of a function call.
std::string what_of(const ExprNode& e) {
  if (const auto* c = e.as<Call>()) return std::string(c->op.name());
  if (const auto* f = e.as<FunctionCall>()) return fmt::format("the call of @{}", f->callee);
  if (e.as<GridRegionExpr>() != nullptr) return "the loop";
  return "the value";
}

}  // namespace

Result<bool> LoweringContext::enter_node(const ExprNode& e) {
  if (nodes_.size() >= kMaxValueDepth)
    return refusal(e, what_of(e),
                   fmt::format("its operands nest deeper than {} values (each operand lowered before its user, and "
                               "each inlined call, adds a level), and the lowering recurses through them",
                               kMaxValueDepth));
  Result<bool> room = within_budget();
  TF_TRY(room);
  step();
  nodes_.push_back(&e);
  return true;
}

Result<bool> LoweringContext::within_budget() const {
  if (steps_ < kMaxKernelSteps && module_steps_ < kMaxModuleSteps) return true;
  return refusal_here(
      steps_ >= kMaxKernelSteps
          ? fmt::format("the lowering's budget of {} steps per kernel is spent (each HIR value lowered and each TIR "
                        "statement made is a step)",
                        kMaxKernelSteps)
          : fmt::format("the lowering's budget of {} steps for the whole module is spent (each HIR value lowered and "
                        "each TIR statement made, in every kernel, is a step)",
                        kMaxModuleSteps));
}

Diagnostic LoweringContext::refusal_here(const std::string& reason) const {
  if (!inlining_.empty()) {
    const Inlined& outer = inlining_.front();
    return refusal(*outer.call, fmt::format("the call of @{}", outer.callee->name()),
                   fmt::format("{} (every call inlines its callee's body: {} calls inlined so far)", reason, inlined_));
  }
  if (!nodes_.empty()) return refusal(*nodes_.back(), what_of(*nodes_.back()), reason);
  return category_error(DiagCategory::Usage, fmt::format("cannot lower @{} to TIR: {}", fn_.name(), reason));
}

void LoweringContext::begin_inline(const FunctionCall& call, const hir::Function& callee) {
  inlining_.push_back({&call, &callee});
  ++inlined_;
  open_memo_scope();
}

void LoweringContext::end_inline() {
  TF_CHECK(!inlining_.empty(), "end_inline without begin_inline");
  close_memo_scope();
  inlining_.pop_back();
}

std::string LoweringContext::fresh(std::string_view hint) {
  init_names();
  return names_.fresh(hint.empty() ? std::string_view("t") : hint);
}

void LoweringContext::init_names() {
  if (names_initialized_) return;
  names_initialized_ = true;
  for (const VarRef& p : fn_.params()) names_.reserve(p->name);
  for (const char* base : {"p", "tail", "lead", "owners", "all"}) scope_name(base);  // the rules' mesh bindings
}

std::string LoweringContext::scope_name(std::string_view base) {
  auto it = scope_names_.find(std::string(base));
  if (it != scope_names_.end()) return it->second;
  init_names();
  std::string name = names_.fresh(base);
  scope_names_[std::string(base)] = name;
  return name;
}

Result<Expr> LoweringContext::bind(std::string_view hint, Expr value) {
  Result<bool> room = within_budget();
  TF_TRY(room);
  // The let of this binding encloses the rest of its body, and the lets before it in every open
  // body enclose it. One level is left for the workspace let reduce-workspaces may put around a
  // Reduce.
  if (open_lets_ + 1 >= tir::kMaxLetNesting)
    return refusal_here(fmt::format("its kernel would nest more than {} lets (each TIR binding's let holds the rest of "
                                    "its body); a TIR body nests at most {} (the most the tfir reader reads back), and "
                                    "reduce-workspaces may add one",
                                    tir::kMaxLetNesting - 1, tir::kMaxLetNesting));
  Result<VarRef> v = Var::make(fresh(hint), value->type());
  TF_TRY(v);
  step();
  ++open_lets_;
  ++lets_.back();
  bodies_.back().push_back(Item{*v, std::move(value), nullptr});
  return Expr(*v);
}

Result<Expr> LoweringContext::alloc_buffer(std::vector<ShapeDim> shape, DType dtype, std::optional<LayoutBase> layout,
                                           StorageKind storage, std::string_view hint) {
  Result<TensorTypeRef> type = TensorType::make(std::move(shape), dtype, std::move(layout), storage);
  TF_TRY(type);
  Result<Expr> a = call(tir::TirOp::AllocTensor, {}, {{"tensor_type", IRType(*type)}});
  TF_TRY(a);
  return bind(hint, *a);
}

Result<bool> LoweringContext::emit(tir::TirOp op, std::vector<Expr> args, std::vector<NamedAttr> attrs) {
  Result<bool> room = within_budget();
  TF_TRY(room);
  Result<Expr> c = call(op, std::move(args), std::move(attrs));
  TF_TRY(c);
  Result<Ref<const tir::Evaluate>> e = tir::Evaluate::make_op(CallRef((*c)->as<Call>()));
  TF_TRY(e);
  append(*e);
  return true;
}

void LoweringContext::begin_region() {
  TF_CHECK(!in_region_, "regions do not nest");
  in_region_ = true;
  memo_scopes_.push_back(MemoScope{{}, std::move(lowered_)});
  lowered_.clear();
}

void LoweringContext::end_region() {
  TF_CHECK(in_region_, "end_region without begin_region");
  in_region_ = false;
  TF_CHECK(!memo_scopes_.empty() && memo_scopes_.back().replaced, "end_region inside a scope the region opened");
  close_memo_scope();
}

void LoweringContext::open_body() {
  bodies_.emplace_back();
  lets_.push_back(0);
  open_memo_scope();
}

Result<tir::SequentialRef> LoweringContext::close_body() {
  TF_CHECK(bodies_.size() > 1 && memo_scopes_.size() >= bodies_.size() - 1, "close_body without open_body");
  std::vector<Item> items = std::move(bodies_.back());
  bodies_.pop_back();
  open_lets_ -= lets_.back();
  lets_.pop_back();
  close_memo_scope();
  return fold(items);
}

const std::vector<Expr>* LoweringContext::parts(const ExprNode* e) const {
  auto it = parts_.find(e);
  return it == parts_.end() ? nullptr : &it->second;
}

Result<tir::SequentialRef> LoweringContext::fold() const {
  TF_CHECK(bodies_.size() == 1, "fold with a nested body still open");
  return fold(bodies_.front());
}

Result<tir::SequentialRef> LoweringContext::fold(const std::vector<Item>& items) {
  std::vector<tir::Stmt> tail;
  for (std::size_t i = items.size(); i-- > 0;) {
    const Item& item = items[i];
    if (item.stmt) {
      tail.insert(tail.begin(), item.stmt);
      continue;
    }
    Result<tir::SequentialRef> body = tir::Sequential::make(std::move(tail));
    TF_TRY(body);
    Result<tir::LetStmtRef> let = tir::LetStmt::make(item.var, item.value, *body);
    TF_TRY(let);
    tail = {*let};
  }
  return tir::Sequential::make(std::move(tail));
}

std::string LoweringContext::binding_name(const ExprNode& e) const {
  return std::string(e.binding_name());  // on the node, whichever function (or inlined callee) it is in
}

Diagnostic LoweringContext::refusal(const ExprNode& e, std::string_view what, std::string_view reason) const {
  const std::string name = binding_name(e);
  Diagnostic d = category_error(
      DiagCategory::Usage,
      fmt::format("cannot lower {}{} in @{} to TIR: {}", what, name.empty() ? "" : fmt::format(" (binding `{}`)", name),
                  fn_.name(), reason));
  if (const BindingInfo* b = e.binding(); b != nullptr && b->location.known()) d.location = b->location;
  return d;
}

}  // namespace tf::lower
