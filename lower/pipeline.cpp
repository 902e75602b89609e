#include "lower/pipeline.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "lower/hir_to_tir.h"

namespace tf::lower {

std::vector<std::unique_ptr<Pass>> all_passes() {
  std::vector<std::unique_ptr<Pass>> out;
  out.push_back(std::make_unique<HirToTirPass>());
  return out;
}

std::unique_ptr<Pass> make_pass(std::string_view name) {
  for (std::unique_ptr<Pass>& p : all_passes())
    if (p->name() == name) return std::move(p);
  return nullptr;
}

std::vector<std::string> default_pipeline() {
  std::vector<std::string> out;
  for (const std::unique_ptr<Pass>& p : all_passes()) out.emplace_back(p->name());
  return out;
}

Result<std::unique_ptr<PassManager>> make_pipeline(const std::vector<std::string>& names, PassOptions options) {
  auto pm = std::make_unique<PassManager>(std::move(options));
  for (const std::string& name : names) {
    std::unique_ptr<Pass> p = make_pass(name);
    if (!p)
      return category_error(DiagCategory::Usage,
                            fmt::format("no pass is named `{}`; the passes are: {}", name, fmt::join(default_pipeline(), ", ")));
    Result<bool> added = pm->add(std::move(p));
    TF_TRY(added);
  }
  return pm;
}

}  // namespace tf::lower
