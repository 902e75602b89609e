// Passes over modules and the manager that runs them (the LLVM new-PM and MLIR spirit, reduced to
// what a reference compiler needs).
//
// Design note. A Module is immutable, so a pass maps a module to a module: it returns its input
// (the same object) when it changed nothing, otherwise a new one. A pass names the passes that
// must have run before it (`requires`): an ordering assertion checked when the pipeline is built,
// never a scheduler, so the pipeline is exactly the order it was written in. After a pass that
// changed the module the manager verifies it (verify_module, every function through its IR's
// verifier) unless verification is switched off; a failure is an internal error that names the
// pass, carries the verifier's diagnostics as notes and the module's text, and stops the run:
// a pass that breaks the IR is a bug of the pass, never a silent continue. `dump_after` names
// passes whose result the caller's sink prints (`tf lower --dump-after PASS`; "all" for every
// pass).
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/context.h"
#include "ir/core/module.h"
#include "ir/support/result.h"

namespace tf::lower {

/// One transformation of a module (design note).
class Pass {
 public:
  virtual ~Pass() = default;
  /// The pass's name as pipelines and `--dump-after` spell it (`hir-to-tir`).
  virtual std::string_view name() const = 0;
  /// One line on what it does, for `tf lower --help`.
  virtual std::string_view summary() const = 0;
  /// False for a pass a pipeline names explicitly (`--pipeline`), which the default one leaves out.
  virtual bool in_default_pipeline() const { return true; }
  /// Names of passes that must run before this one.
  virtual std::vector<std::string_view> requires_passes() const { return {}; }
  /// The module after the pass: `module` itself when nothing changed. Diagnostics (placed, with
  /// the rule id where one applies) when the pass refuses its input.
  virtual Result<ModuleRef> run(const ModuleRef& module, const Context& ctx) const = 0;
};

/// How a pipeline runs.
struct PassOptions {
  /// Verify the module after each pass that changed it (on in tests and by default).
  bool verify_each = true;
  /// Passes after which `dump` is called ("all": after every pass).
  std::vector<std::string> dump_after;
  /// Receives (pass name, module) for dump_after; also renders the module of a failed verification.
  std::function<void(std::string_view, const Module&)> dump;
  /// The module's text for an internal error's report (empty: not included).
  std::function<std::string(const Module&)> module_text;
};

/// Runs passes in order (design note).
class PassManager {
 public:
  explicit PassManager(PassOptions options = {}) : options_(std::move(options)) {}

  /// Appends `pass`. Diagnostic (category Usage) when its name is already in the pipeline or a
  /// pass it requires was not added before it; the pipeline is then unchanged.
  Result<bool> add(std::unique_ptr<Pass> pass);
  /// The passes' names, in order.
  std::vector<std::string_view> names() const;

  /// Runs every pass on `module`. Stops at the first pass that fails (its diagnostics) or whose
  /// result fails verification (an internal error naming the pass).
  Result<ModuleRef> run(ModuleRef module, const Context& ctx) const;

 private:
  PassOptions options_;
  std::vector<std::unique_ptr<Pass>> passes_;
};

}  // namespace tf::lower
