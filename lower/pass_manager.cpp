#include "lower/pass_manager.h"

#include <fmt/format.h>

#include <algorithm>

#include "ir/verify/module_verify.h"

namespace tf::lower {

Result<bool> PassManager::add(std::unique_ptr<Pass> pass) {
  const std::vector<std::string_view> have = names();
  if (std::find(have.begin(), have.end(), pass->name()) != have.end())
    return category_error(DiagCategory::Usage, fmt::format("the pipeline already has the pass `{}`", pass->name()));
  for (std::string_view needed : pass->requires_passes())
    if (std::find(have.begin(), have.end(), needed) == have.end())
      return category_error(DiagCategory::Usage,
                            fmt::format("the pass `{}` needs `{}` to run before it", pass->name(), needed));
  passes_.push_back(std::move(pass));
  return true;
}

std::vector<std::string_view> PassManager::names() const {
  std::vector<std::string_view> out;
  for (const auto& p : passes_) out.push_back(p->name());
  return out;
}

Result<ModuleRef> PassManager::run(ModuleRef module, const Context& ctx) const {
  for (const auto& pass : passes_) {
    Result<ModuleRef> next = pass->run(module, ctx);
    if (!next.ok()) return next.diagnostics();
    const bool changed = next->get() != module.get();
    module = *next;
    if (changed && options_.verify_each) {
      const std::vector<Diagnostic> found = verify_module(*module, ctx.handlers());
      if (has_error(found)) {
        Diagnostic d = category_error(
            DiagCategory::Internal,
            fmt::format("internal error: the pass `{}` produced a module that fails verification", pass->name()));
        for (const Diagnostic& f : found) d.notes.push_back(f.render());
        if (options_.module_text) d.notes.push_back("the module after the pass:\n" + options_.module_text(*module));
        return d;
      }
    }
    const auto& dump = options_.dump_after;
    if (options_.dump && (std::find(dump.begin(), dump.end(), "all") != dump.end() ||
                          std::find(dump.begin(), dump.end(), pass->name()) != dump.end()))
      options_.dump(pass->name(), *module);
  }
  return module;
}

}  // namespace tf::lower
