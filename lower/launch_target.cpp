#include "lower/launch_target.h"

#include <fmt/format.h>

#include "ir/tir/launch.h"
#include "ir/tir/tir_ops.h"

namespace tf::lower {

std::string CudaTarget::name() const {
  return fmt::format("sm_{}{}", major, minor);
}

std::optional<CudaTarget> parse_cuda_target(std::string_view name) {
  if (!name.starts_with("sm_")) return std::nullopt;
  name.remove_prefix(3);
  if (!name.empty() && (name.back() == 'a' || name.back() == 'f')) name.remove_suffix(1);
  if (name.size() < 2 || name.size() > 3) return std::nullopt;
  for (char c : name)
    if (c < '0' || c > '9') return std::nullopt;
  CudaTarget t;
  t.major = std::stoi(std::string(name.substr(0, name.size() - 1)));
  t.minor = name.back() - '0';
  return t;
}

namespace {

constexpr const char* kRule = "TIR.2.3.LAUNCH.unsupported-config-rejected";
constexpr std::int64_t kMaxPortableCluster = 8;

bool is_boolean_selector(tir::CudaLaunchAttr a) {
  return a != tir::CudaLaunchAttr::Priority;
}

int first_major(tir::CudaLaunchAttr a) {
  switch (a) {
    case tir::CudaLaunchAttr::Cooperative:
    case tir::CudaLaunchAttr::Priority:
      return 8;
    case tir::CudaLaunchAttr::ClusterSchedulingPolicyPreference:
    case tir::CudaLaunchAttr::ProgrammaticStreamSerialization:
      return 9;
  }
  return 9;
}

}  // namespace

std::vector<Diagnostic> check_launch_for_target(const Call& launch, const CudaTarget& target) {
  TF_CHECK(tir::is_tir_op(launch.op, tir::TirOp::Launch), "check_launch_for_target of {}",
           launch.op.name());
  std::vector<Diagnostic> out;
  if (const auto* cluster = std::get_if<std::vector<std::int64_t>>(&launch.attr("cluster"))) {
    std::int64_t blocks = 1;
    for (std::int64_t e : *cluster) blocks *= e;
    if (target.major < 9)
      out.push_back(rule_error(kRule, fmt::format("cluster={} needs thread-block clusters, which {} "
                                                  "does not have (sm_90 and later)",
                                                  attr_value_text(AttrKind::IntTuple, *cluster),
                                                  target.name())));
    else if (blocks > kMaxPortableCluster)
      out.push_back(rule_error(kRule, fmt::format("cluster={} has {} blocks; {} supports at most {} "
                                                  "per cluster",
                                                  attr_value_text(AttrKind::IntTuple, *cluster),
                                                  blocks, target.name(), kMaxPortableCluster)));
  }
  if (const auto* flat = std::get_if<std::vector<std::int64_t>>(&launch.attr("attrs"))) {
    Result<tir::LaunchAttrs> attrs = tir::LaunchAttrs::from_flat(*flat);
    if (!attrs.ok()) {
      for (const Diagnostic& d : attrs.diagnostics()) out.push_back(rule_error(kRule, d.message));
      return out;
    }
    for (const auto& [selector, value] : attrs->entries) {
      const std::string_view name = tir::cuda_launch_attr_name(selector);
      if (target.major < first_major(selector))
        out.push_back(rule_error(kRule, fmt::format("launch attribute {} is not supported on {} "
                                                    "(sm_{}0 and later)",
                                                    name, target.name(), first_major(selector))));
      else if (is_boolean_selector(selector) && value != 0 && value != 1)
        out.push_back(rule_error(kRule, fmt::format("launch attribute {} takes 0 or 1, got {}", name,
                                                    value)));
    }
  }
  return out;
}

}  // namespace tf::lower
