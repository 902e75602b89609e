#include "ir/tir/launch.h"

#include <fmt/format.h>

#include "ir/core/expr_print.h"
#include "ir/core/op.h"
#include "ir/core/symbol_ref.h"
#include "ir/tir/op_check.h"
#include "ir/tir/op_verify.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::tir {

std::string_view cuda_launch_attr_name(CudaLaunchAttr a) {
  switch (a) {
#define TF_CUDA_LAUNCH_ATTR(E, value, spelling) \
  case CudaLaunchAttr::E:                        \
    return spelling;
#include "ir/tir/cuda_launch_attrs.def"
  }
  TF_UNREACHABLE("bad CudaLaunchAttr");
}

std::optional<CudaLaunchAttr> cuda_launch_attr_from_value(std::int64_t value) {
  for (CudaLaunchAttr a : kAllCudaLaunchAttrs)
    if (static_cast<std::int64_t>(a) == value) return a;
  return std::nullopt;
}

std::vector<std::int64_t> LaunchAttrs::flatten() const {
  std::vector<std::int64_t> flat;
  for (const auto& [selector, value] : entries) {
    flat.push_back(static_cast<std::int64_t>(selector));
    flat.push_back(value);
  }
  return flat;
}

Result<LaunchAttrs> LaunchAttrs::from_flat(const std::vector<std::int64_t>& flat) {
  if (flat.size() % 2 != 0)
    return category_error(DiagCategory::Type,
                          fmt::format("launch attrs are (selector, value) pairs, but the tuple has "
                                      "{} entries",
                                      flat.size()));
  LaunchAttrs out;
  std::vector<Diagnostic> diags;
  for (std::size_t i = 0; i < flat.size(); i += 2) {
    std::optional<CudaLaunchAttr> selector = cuda_launch_attr_from_value(flat[i]);
    if (!selector) {
      diags.push_back(category_error(
          DiagCategory::Type,
          fmt::format("launch attrs: {} is not a CudaLaunchAttr selector", flat[i])));
      continue;
    }
    out.entries.emplace_back(*selector, flat[i + 1]);
  }
  if (!diags.empty()) return diags;
  return out;
}

std::vector<Diagnostic> verify_launch(const Call& call) {
  using detail::op_rule_error;
  using detail::op_type_error;
  const Op op = call.op;
  std::vector<Diagnostic> diags;
  if (call.args.size() < kLaunchConfigOperands)
    diags.push_back(op_rule_error(
        op, "TIR.2.3.LAUNCH.arg-order",
        fmt::format("takes (callee, grid_x, grid_y, grid_z, block_x, block_y, block_z, "
                    "forwarded args...): at least 7 operands, got {}",
                    call.args.size())));
  if (!call.args.empty() && call.args[0] && !call.args[0]->is<SymbolRef>())
    diags.push_back(op_rule_error(
        op, "TIR.2.3.LAUNCH.callee-symbolref",
        fmt::format("args[0] is the callee's SymbolRef, got {}", to_string(call.args[0]))));
  static constexpr const char* kExtents[] = {"grid_x",  "grid_y",  "grid_z",
                                             "block_x", "block_y", "block_z"};
  for (std::size_t i = 1; i < kLaunchConfigOperands && i < call.args.size(); ++i) {
    const Expr& e = call.args[i];
    const TensorType* t = e ? e->type()->as<TensorType>() : nullptr;
    if (t == nullptr || t->rank() != 0 || !t->dtype.is_integer())
      diags.push_back(op_type_error(
          op, fmt::format("{} (args[{}]) is a rank-0 integer extent, but {} has type {}",
                          kExtents[i - 1], i, short_text(e), e ? short_text(e->type()) : "<null>")));
  }
  if (const auto* cluster = std::get_if<std::vector<std::int64_t>>(&call.attr("cluster"))) {
    bool positive = true;
    for (std::int64_t c : *cluster) positive = positive && c >= 1;
    if (cluster->empty() || cluster->size() > 3 || !positive)
      diags.push_back(
          op_type_error(op, fmt::format("cluster is 1 to 3 extents >= 1, got {}",
                                        attr_value_text(AttrKind::IntTuple, *cluster))));
  }
  if (const auto* smem = std::get_if<std::int64_t>(&call.attr("dynamic_smem")); smem && *smem < 0)
    diags.push_back(op_type_error(op, fmt::format("dynamic_smem is >= 0 bytes, got {}", *smem)));
  if (const auto* stream = std::get_if<std::string>(&call.attr("stream"));
      stream && !is_identifier(*stream))
    diags.push_back(op_type_error(
        op,
        fmt::format("stream names a host stream handle, but '{}' is not an identifier", *stream)));
  if (const auto* attrs = std::get_if<std::vector<std::int64_t>>(&call.attr("attrs"))) {
    Result<LaunchAttrs> parsed = LaunchAttrs::from_flat(*attrs);
    for (const Diagnostic& d : parsed.diagnostics()) diags.push_back(op_type_error(op, d.message));
  }
  return diags;
}

}  // namespace tf::tir
