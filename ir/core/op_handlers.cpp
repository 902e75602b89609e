#include "ir/core/op_handlers.h"

#include <fmt/format.h>


namespace tf {

std::string_view handler_kind_name(HandlerKind kind) {
  switch (kind) {
#define TF_HANDLER_KIND(E, name) \
  case HandlerKind::E:           \
    return name;
#include "ir/core/handler_kinds.def"
  }
  TF_UNREACHABLE("bad HandlerKind");
}

std::vector<HandlerKind> required_handlers(Op op) {
  TF_CHECK(op.valid(), "required_handlers of an invalid op");
  switch (op.form()) {
    case OpForm::Value:
      for (const ParamDef& p : op.params())
        if (p.kind == ParamKind::Attribute) return {HandlerKind::TypeInferAttrs};
      return {HandlerKind::TypeInfer};
    case OpForm::Effect:
      return {HandlerKind::Verify};
  }
  TF_UNREACHABLE("bad OpForm");
}

void OpHandlers::check_owner(Op op) const {
  TF_CHECK(op.valid(), "a handler table lookup of an invalid op");
  TF_CHECK(registry_->holds(op), "op {} belongs to another registry than these handlers",
           op.name());
}

void OpHandlers::check_tag(HandlerKind kind, const void* tag) const {
  const void*& pinned = tags_[static_cast<std::size_t>(kind)];
  if (pinned == nullptr) pinned = tag;
  TF_CHECK(pinned == tag, "two handler tags with different signatures name the {} table",
           handler_kind_name(kind));
}

void OpHandlers::set_erased(HandlerKind kind, const void* tag, Op op, Erased fn) {
  check_owner(op);
  TF_CHECK(fn != nullptr, "a null {} handler for {}", handler_kind_name(kind), op.name());
  std::lock_guard lock(mutex_);
  check_tag(kind, tag);
  std::vector<Erased>& table = tables_[static_cast<std::size_t>(kind)];
  if (table.size() <= op.index()) table.resize(op.index() + 1, nullptr);
  Erased& slot = table[op.index()];
  TF_CHECK(slot == nullptr || slot == fn, "{} already has a different {} handler", op.name(),
           handler_kind_name(kind));
  slot = fn;
}

bool OpHandlers::has(HandlerKind kind, Op op) const {
  check_owner(op);
  std::lock_guard lock(mutex_);
  const std::vector<Erased>& table = tables_[static_cast<std::size_t>(kind)];
  return op.index() < table.size() && table[op.index()] != nullptr;
}

OpHandlers::Erased OpHandlers::get_erased(HandlerKind kind, const void* tag, Op op) const {
  check_owner(op);
  std::lock_guard lock(mutex_);
  check_tag(kind, tag);
  const std::vector<Erased>& table = tables_[static_cast<std::size_t>(kind)];
  const Erased fn = op.index() < table.size() ? table[op.index()] : nullptr;
  TF_CHECK(fn != nullptr, "op {} has no {} handler", op.name(), handler_kind_name(kind));
  return fn;
}

std::vector<std::string> OpHandlers::missing() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < registry_->size(); ++i) {
    const Op op = registry_->at(i);
    for (HandlerKind kind : required_handlers(op))
      if (!has(kind, op)) out.push_back(fmt::format("{}: {}", op.name(), handler_kind_name(kind)));
  }
  return out;
}

}  // namespace tf
