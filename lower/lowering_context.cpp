#include "lower/lowering_context.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/hir/typed_call.h"
#include "ir/type/unit_type.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/evaluate.h"

namespace tf::lower {

const Expr* LoweringContext::lowered(const ExprNode* e) const {
  auto it = lowered_.find(e);
  return it == lowered_.end() ? nullptr : &it->second;
}

Result<Expr> LoweringContext::call(std::string_view op, std::vector<Expr> args, std::vector<NamedAttr> attrs) const {
  std::optional<Op> found = ctx_.registry().find(op);
  TF_CHECK(found.has_value(), "lowering uses the unregistered op {}", op);
  if (found->form() == OpForm::Effect) {  // effect ops are unit-typed (seed 002 section 1.3)
    Result<CallRef> c = Call::make(*found, std::move(args), std::move(attrs), UnitType::make());
    TF_TRY(c);
    return Expr(*c);
  }
  Result<CallRef> c = hir::make_typed_call(*found, std::move(args), std::move(attrs), ctx_.handlers());
  TF_TRY(c);
  return Expr(*c);
}

std::string LoweringContext::fresh(std::string_view hint) {
  init_names();
  const std::string base(hint.empty() ? "t" : hint);
  std::string name = base;
  for (int n = 1; names_.count(name) != 0; ++n) name = fmt::format("{}_{}", base, n);
  names_.insert(name);
  return name;
}

void LoweringContext::init_names() {
  if (names_initialized_) return;
  names_initialized_ = true;
  for (const VarRef& p : fn_.params()) names_.insert(p->name);
  for (const char* base : {"p", "tail", "lead", "owners", "all"}) scope_name(base);  // the rules' mesh bindings
}

std::string LoweringContext::scope_name(std::string_view base) {
  auto it = scope_names_.find(std::string(base));
  if (it != scope_names_.end()) return it->second;
  init_names();
  std::string name(base);
  for (int n = 1; names_.count(name) != 0; ++n) name = fmt::format("{}_{}", base, n);
  names_.insert(name);
  scope_names_[std::string(base)] = name;
  return name;
}

Result<Expr> LoweringContext::bind(std::string_view hint, Expr value) {
  Result<VarRef> v = Var::make(fresh(hint), value->type());
  TF_TRY(v);
  bodies_.back().push_back(Item{*v, std::move(value), nullptr});
  return Expr(*v);
}

namespace {

bool is_row(const std::vector<ShapeDim>& shape, const std::vector<ShapeDim>& rows) {
  return !shape.empty() && shape.size() >= rows.size() && std::equal(rows.begin(), rows.end(), shape.begin());
}

}  // namespace

Result<Expr> LoweringContext::alloc(const TensorType& like, DType dtype, std::string_view hint) {
  if (!region_ || !is_row(like.shape, region_->rows)) return alloc_buffer(like.shape, dtype, std::nullopt, StorageKind::Rmem, hint);
  std::vector<ShapeDim> shape = region_->part;
  std::vector<std::int64_t> trailing;
  for (std::size_t i = region_->rows.size(); i < like.shape.size(); ++i) {
    shape.push_back(like.shape[i]);
    trailing.push_back(like.shape[i].value());  // a row value's extents are static (grid_plan.h)
  }
  std::optional<LayoutBase> layout;
  if (region_->layout) layout = region_->layout(trailing);
  return alloc_buffer(std::move(shape), dtype, std::move(layout), StorageKind::Rmem, hint);
}

Result<Expr> LoweringContext::alloc_buffer(std::vector<ShapeDim> shape, DType dtype, std::optional<LayoutBase> layout,
                                           StorageKind storage, std::string_view hint) {
  Result<TensorTypeRef> type = TensorType::make(std::move(shape), dtype, std::move(layout), storage);
  TF_TRY(type);
  Result<Expr> a = call("tir.memory.AllocTensor", {}, {{"tensor_type", IRType(*type)}});
  TF_TRY(a);
  return bind(hint, *a);
}

Result<bool> LoweringContext::emit(std::string_view op, std::vector<Expr> args, std::vector<NamedAttr> attrs) {
  Result<Expr> c = call(op, std::move(args), std::move(attrs));
  TF_TRY(c);
  Result<Ref<const tir::Evaluate>> e = tir::Evaluate::make_op(CallRef((*c)->as<Call>()));
  TF_TRY(e);
  append(*e);
  return true;
}

void LoweringContext::begin_region(Region region) {
  TF_CHECK(!region_, "regions do not nest");
  region_ = std::move(region);
  saved_.push_back(lowered_);
  lowered_.clear();
}

std::int64_t LoweringContext::axis(const std::vector<ShapeDim>& shape, std::int64_t axis) const {
  if (!region_ || !is_row(shape, region_->rows)) return axis;
  TF_CHECK(axis >= static_cast<std::int64_t>(region_->rows.size()), "axis {} of a row value is one of its leading axes", axis);
  return axis - static_cast<std::int64_t>(region_->rows.size()) + static_cast<std::int64_t>(region_->part.size());
}

std::vector<std::int64_t> LoweringContext::reduce_axes(const std::vector<ShapeDim>& shape,
                                                       const std::vector<std::int64_t>& axes) const {
  std::vector<std::int64_t> out;
  if (!region_ || !is_row(shape, region_->rows)) return axes;
  const auto m = static_cast<std::int64_t>(region_->rows.size());
  bool rows_named = false;
  for (std::int64_t a : axes) {
    if (a < m) rows_named = true;
    else out.push_back(axis(shape, a));
  }
  if (rows_named)
    for (std::int64_t k = static_cast<std::int64_t>(region_->part.size()); k-- > 0;) out.insert(out.begin(), k);
  return out;
}

void LoweringContext::end_region() {
  TF_CHECK(region_.has_value(), "end_region without begin_region");
  region_.reset();
  lowered_ = std::move(saved_.back());
  saved_.pop_back();
}

void LoweringContext::open_body() {
  bodies_.emplace_back();
  saved_.push_back(lowered_);
}

Result<tir::SequentialRef> LoweringContext::close_body() {
  TF_CHECK(bodies_.size() > 1 && saved_.size() >= bodies_.size() - 1, "close_body without open_body");
  std::vector<Item> items = std::move(bodies_.back());
  bodies_.pop_back();
  lowered_ = std::move(saved_.back());
  saved_.pop_back();
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

namespace {

// The function of `module` (fn first) whose binding names or places `e`: a node of an inlined
// callee is the callee's.
const hir::Function* owner_of(const ExprNode& e, const hir::Function& fn, const Module& module) {
  if (fn.binding_locations().count(&e) != 0 || fn.binding_names().count(&e) != 0) return &fn;
  for (const FunctionRef& f : module.functions())
    if (const auto* h = dynamic_cast<const hir::Function*>(f.get()))
      if (h->binding_locations().count(&e) != 0 || h->binding_names().count(&e) != 0) return h;
  return nullptr;
}

}  // namespace

std::string LoweringContext::binding_name(const ExprNode& e) const {
  const hir::Function* owner = owner_of(e, fn_, module_);
  if (owner == nullptr) return "";
  auto it = owner->binding_names().find(&e);
  return it == owner->binding_names().end() ? std::string() : it->second;
}

Diagnostic LoweringContext::refusal(const ExprNode& e, std::string_view what, std::string_view reason) const {
  const std::string name = binding_name(e);
  Diagnostic d = category_error(
      DiagCategory::Usage,
      fmt::format("cannot lower {}{} in @{} to TIR: {}", what, name.empty() ? "" : fmt::format(" (binding `{}`)", name),
                  fn_.name(), reason));
  if (const hir::Function* owner = owner_of(e, fn_, module_)) {
    auto at = owner->binding_locations().find(&e);
    if (at != owner->binding_locations().end()) d.location = at->second;
  }
  return d;
}

}  // namespace tf::lower
