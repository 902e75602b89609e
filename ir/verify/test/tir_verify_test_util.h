// Helpers of the verify_prim_function tests: op tables with the core, HIR and TIR families, the
// TIR layer's atom factory, reading tfir text over docs/tfir.md section 2's declarations, and
// finding the diagnostic of one rule.
#pragma once

#include <gtest/gtest.h>

#include "ir/text/standard_context.h"

#include <algorithm>
#include <string>
#include <vector>

#include "ir/core/core_ops.h"
#include "ir/hir/math_ops.h"
#include "ir/hir/sharding_ops.h"
#include "ir/support/testing/rule_ids.h"
#include "ir/text/file_reader.h"
#include "ir/text/test/tfir_contract_examples.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/tir_ops.h"
#include "ir/verify/module_verify.h"
#include "ir/verify/tir_verify.h"

namespace tf::tir_verify_test {

using test::rule_ids;

/// Every op family and the MMA atoms (text::standard_context()).
inline const Context& tables() { return text::standard_context(); }

inline const Context& read_options() {
  return tables();
}

/// docs/tfir.md section 2 without its `entry` line: N, warp, grid, cta1, Lg, Lr, A0.
inline std::string section2() {
  const std::string s = text::testing::kSection2;
  return s.substr(0, s.find("entry main"));
}

/// Reads section 2, then `decls_and_functions`; the read must succeed.
inline text::ReadFile read(const std::string& decls_and_functions) {
  Result<text::ReadFile> f =
      text::read_file(section2() + decls_and_functions, "v.tfir", read_options());
  EXPECT_TRUE(f.ok()) << f.diagnostics()[0].render();
  return f.ok() ? *f : text::ReadFile{};
}

/// The rule ids of reading `src` over section 2 ("read" when it reads).
inline std::vector<std::string> read_errors(const std::string& src) {
  Result<text::ReadFile> f = text::read_file(section2() + src, "v.tfir", read_options());
  if (f.ok()) return {"read"};
  return rule_ids(f.diagnostics());
}

/// True when `src` does not read and no diagnostic of the read names a rule (a parse error).
inline bool refused_by_the_reader(const std::string& src) {
  const std::vector<std::string> ids = read_errors(src);
  return ids != std::vector<std::string>{"read"} &&
         std::all_of(ids.begin(), ids.end(), [](const std::string& id) { return id.empty(); });
}

inline const tir::PrimFunction& prim(const text::ReadFile& f, const std::string& name) {
  return *f.module->find(name)->as<tir::PrimFunction>();
}

/// verify_prim_function of `name` in `f`, against f's module (one "unread" diagnostic when the
/// file did not read or has no such function; read() already failed the test).
inline std::vector<Diagnostic> verify(const text::ReadFile& f, const std::string& name) {
  if (!f.module || f.module->find(name) == nullptr) return {rule_error("unread", name)};
  return verify_prim_function(prim(f, name), f.module.get(), tables().handlers());
}

/// verify_prim_function of `fn` against `module` (may be null).
inline std::vector<Diagnostic> verify(const tir::PrimFunction& fn, const Module* module = nullptr) {
  return verify_prim_function(fn, module, tables().handlers());
}

/// Every rendered diagnostic, for failure messages.
inline std::string rendered(const std::vector<Diagnostic>& diags) {
  std::string out;
  for (const Diagnostic& d : diags) out += d.render() + "\n";
  return out;
}

/// The paths of the diagnostics naming `rule`.
inline std::vector<std::string> paths_of(const std::vector<Diagnostic>& diags,
                                         const std::string& rule) {
  std::vector<std::string> out;
  for (const Diagnostic& d : diags)
    if (d.rule_id == rule) out.push_back(d.ir_path);
  return out;
}

using Strings = std::vector<std::string>;

}  // namespace tf::tir_verify_test
