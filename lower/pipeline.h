// The registered passes by name, and the default pipeline `tf lower` runs.
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "lower/pass_manager.h"

namespace tf::lower {

/// Every registered pass, in the default pipeline's order.
std::vector<std::unique_ptr<Pass>> all_passes();
/// The pass named `name`, or null.
std::unique_ptr<Pass> make_pass(std::string_view name);
/// The default pipeline's pass names, in order.
std::vector<std::string> default_pipeline();
/// Every pass's name, the default pipeline's and the ones a pipeline must name.
std::vector<std::string> pass_names();
/// The module holding the function `name` of `module` and the functions it calls (or, for TIR,
/// launches), transitively
/// (in the module's order), with the module's declarations: what lowering one function needs.
/// Diagnostic when there is no function of that name.
Result<ModuleRef> with_callees(const Module& module, const std::string& name);

/// The module holding `function` of `module` and its callees (with_callees) lowered to TIR by the
/// default pipeline, verified after each pass. Its host entry has the function's name.
/// Diagnostics: the lowering's refusals (exit 2 at the CLI), or the internal error of a pass
/// whose result fails verification (category Internal).
Result<ModuleRef> lower_function(const Module& module, const std::string& function, const Context& ctx);

/// A PassManager running `names` in order with `options`. Diagnostic (category Usage) for an
/// unknown name (listing the known ones), a pass whose required passes do not come first, or an
/// `options.dump_after` name that is neither `all` nor a pass of `names` (an unknown one listing
/// the known ones).
Result<std::unique_ptr<PassManager>> make_pipeline(const std::vector<std::string>& names, PassOptions options);

}  // namespace tf::lower
