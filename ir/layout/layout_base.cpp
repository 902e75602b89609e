#include "ir/layout/layout_base.h"

#include <fmt/format.h>

#include <ostream>
#include <variant>

#include "ir/layout/print.h"
#include "ir/layout/shard_layout.h"

namespace tf {

struct LayoutBase::Node {
  std::variant<Layout, ComposedLayout, ShardLayout> member;
};

LayoutBase::LayoutBase(Layout l) : node_(std::make_shared<const Node>(Node{std::move(l)})) {}
LayoutBase::LayoutBase(ComposedLayout c)
    : node_(std::make_shared<const Node>(Node{std::move(c)})) {}
LayoutBase::LayoutBase(ShardLayout s) : node_(std::make_shared<const Node>(Node{std::move(s)})) {}

LayoutKind LayoutBase::kind() const {
  switch (node_->member.index()) {
    case 0: return LayoutKind::Layout;
    case 1: return LayoutKind::Composed;
    case 2: return LayoutKind::Shard;
  }
  TF_UNREACHABLE("bad LayoutBase alternative");
}

const Layout* LayoutBase::as_layout() const { return std::get_if<Layout>(&node_->member); }
const ComposedLayout* LayoutBase::as_composed() const {
  return std::get_if<ComposedLayout>(&node_->member);
}
const ShardLayout* LayoutBase::as_shard() const {
  return std::get_if<ShardLayout>(&node_->member);
}

IntTuple LayoutBase::shape() const {
  return std::visit([](const auto& m) -> IntTuple { return m.shape(); }, node_->member);
}

int LayoutBase::domain_rank() const {
  const IntTuple s = shape();
  return static_cast<int>(leaves(s).size());
}

bool operator==(const LayoutBase& a, const LayoutBase& b) {
  return a.node_ == b.node_ || a.node_->member == b.node_->member;
}

bool is_static(const LayoutBase& l) {
  if (const Layout* p = l.as_layout()) return is_static(*p);
  if (const ComposedLayout* p = l.as_composed()) return is_static(*p);
  return is_static(*l.as_shard());
}

std::string to_string(const LayoutBase& l) {
  if (const Layout* p = l.as_layout()) return to_string(*p);
  if (const ComposedLayout* p = l.as_composed()) return to_string(*p);
  return to_string(*l.as_shard());
}

std::ostream& operator<<(std::ostream& os, const LayoutBase& l) { return os << to_string(l); }

std::vector<Diagnostic> check_tensor_layout(const LayoutBase& layout,
                                            const IntTuple& logical_shape) {
  const int tensor_rank = logical_shape.is_leaf() ? 1 : rank(logical_shape);
  if (!layout.is_shard()) {
    if (layout.domain_rank() == tensor_rank) return {};
    return {rule_error("TYPES.2.TENSOR.layout-rank-match",
                       fmt::format("a tensor of shape {} has rank {} but its layout {} has "
                                   "domain_rank {}; for a Layout or ComposedLayout they must "
                                   "be equal",
                                   to_string(logical_shape), tensor_rank, to_string(layout),
                                   layout.domain_rank()))};
  }
  // A ShardLayout's shape need not match the logical shape axis by axis
  // (TYPES.2.TENSOR.shard-logical-shape); see the header for why no size test is made.
  return {};
}

}  // namespace tf
