#include "ir/layout/shard_attr.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

namespace tf {

Result<ShardAttr> ShardAttr::make_split(int axis) {
  if (axis < 0)
    return category_error(DiagCategory::Type,
                          fmt::format("S({}): a Split names a layout-domain axis, which is never "
                                      "negative (upstream shard section 6)",
                                      axis));
  return ShardAttr(ShardAttrKind::Split, axis, {});
}

Result<ShardAttr> ShardAttr::make_partial(std::string_view reduction) {
  const auto& valid = partial_reductions();
  if (std::find(valid.begin(), valid.end(), reduction) == valid.end())
    return category_error(
        DiagCategory::Type,
        fmt::format("P(\"{}\"): a Partial's reduction is one of {} (upstream shard section 6)",
                    reduction, fmt::join(valid, ", ")));
  return ShardAttr(ShardAttrKind::Partial, 0, std::string(reduction));
}

int ShardAttr::axis() const {
  TF_CHECK(is_split(), "axis() of a non-Split attr {}", to_string(*this));
  return axis_;
}

const std::string& ShardAttr::reduction() const {
  TF_CHECK(is_partial(), "reduction() of a non-Partial attr {}", to_string(*this));
  return reduction_;
}

PartialReduction ShardAttr::partial_reduction() const {
  const std::string& r = reduction();
  if (r == partial_reductions()[0]) return PartialReduction::Sum;
  if (r == partial_reductions()[1]) return PartialReduction::Max;
  TF_CHECK(r == partial_reductions()[2], "a Partial with the reduction {}", r);
  return PartialReduction::Min;
}

ShardAttr S(int axis) {
  auto made = ShardAttr::make_split(axis);
  TF_CHECK(made.ok(), "S({}): {}", axis, made.diagnostics().front().message);
  return std::move(made).value();
}

ShardAttr P(std::string_view reduction) {
  auto made = ShardAttr::make_partial(reduction);
  TF_CHECK(made.ok(), "P(\"{}\"): {}", reduction, made.diagnostics().front().message);
  return std::move(made).value();
}

const std::vector<std::string>& partial_reductions() {
  static const std::vector<std::string> kReductions{"sum", "max", "min"};
  return kReductions;
}

std::string to_string(const ShardAttr& a) {
  switch (a.kind()) {
    case ShardAttrKind::Split: return fmt::format("S({})", a.axis());
    case ShardAttrKind::Broadcast: return "B()";
    case ShardAttrKind::Partial: return fmt::format("P(\"{}\")", a.reduction());
    case ShardAttrKind::Dynamic: return "Dynamic()";
  }
  TF_UNREACHABLE("unknown ShardAttrKind");
}

std::string to_string(const std::vector<ShardAttr>& attrs) {
  std::string out = "(";
  for (std::size_t i = 0; i < attrs.size(); ++i) {
    if (i > 0) out += ", ";
    out += to_string(attrs[i]);
  }
  if (attrs.size() == 1) out += ",";
  return out + ")";
}

std::ostream& operator<<(std::ostream& os, const ShardAttr& a) { return os << to_string(a); }

}  // namespace tf
