// What the emitter's tests share: a module read (and verified, or lowered) from tfir text, its
// emitted source, and the text of one emitted function.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "cuda/emit/emitter.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/verify/module_verify.h"
#include "lower/pipeline.h"

namespace tf::cuda {

inline const Context& ctx() { return text::standard_context(); }

// `source` read and verified (hand-written TIR), or lowered by the default pipeline (HIR).
inline ModuleRef module_of(const std::string& source, bool lower = false) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.diagnostics().front().render());
  if (!f.ok()) return ModuleRef();
  if (lower) {
    Result<std::unique_ptr<lower::PassManager>> pm = lower::make_pipeline(lower::default_pipeline(), {});
    EXPECT_TRUE(pm.ok());
    Result<ModuleRef> out = (*pm)->run(f->module, ctx());
    EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.diagnostics().front().render());
    return out.ok() ? *out : ModuleRef();
  }
  const std::vector<Diagnostic> ds = verify_module(*f->module, ctx().handlers());
  EXPECT_TRUE(ds.empty()) << ds.front().render();
  return f->module;
}

inline std::string emitted(const ModuleRef& m) {
  if (!m) return "";
  Result<std::string> source = emit_module(*m);
  EXPECT_TRUE(source.ok()) << (source.ok() ? "" : source.diagnostics().front().render());
  return source.ok() ? *source : "";
}

// The text of one emitted function, from its `// prim_func NAME` comment to its closing brace.
inline std::string function_text(const std::string& source, const std::string& name) {
  const std::size_t at = source.find("// prim_func " + name + " (");
  if (at == std::string::npos) return "";
  return source.substr(at, source.find("\n}\n", at) + 3 - at);
}

inline std::size_t count(const std::string& text, const std::string& what) {
  std::size_t n = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

}  // namespace tf::cuda
