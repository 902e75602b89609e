// The pass manager: ordering assertions, verification after each changing pass, dumps.
#include "lower/pass_manager.h"

#include <gtest/gtest.h>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"

namespace tf::lower {
namespace {

const Context& ctx() { return text::standard_context(); }

ModuleRef read(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  EXPECT_TRUE(f.ok());
  return f->module;
}

const char* kGood = R"(tfir 1
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    y = add(x, x)
    return y
}
)";

// Reads, but `copy` between two dtypes fails the TIR verifier.
const char* kBroken = R"(tfir 1
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f16]) outputs=1 target=cuda {
    copy(a, out)
}
)";

// A pass that returns `result` (or its input when result is empty) and counts its runs.
class FixedPass : public Pass {
 public:
  FixedPass(std::string name, std::string source, std::vector<std::string_view> needs = {})
      : name_(std::move(name)), source_(std::move(source)), needs_(std::move(needs)) {}
  std::string_view name() const override { return name_; }
  std::string_view summary() const override { return "test pass"; }
  std::vector<std::string_view> requires_passes() const override { return needs_; }
  Result<ModuleRef> run(const ModuleRef& module, const Context&) const override {
    ++runs;
    return source_.empty() ? module : read(source_);
  }
  mutable int runs = 0;

 private:
  std::string name_, source_;
  std::vector<std::string_view> needs_;
};

TEST(PassManager, RequiredPassesMustComeFirstAndNamesOnce) {
  PassManager pm;
  Result<bool> early = pm.add(std::make_unique<FixedPass>("second", "", std::vector<std::string_view>{"first"}));
  ASSERT_FALSE(early.ok());
  EXPECT_EQ(early.diagnostics().front().message, "the pass `second` needs `first` to run before it");
  ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("first", "")).ok());
  ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("second", "", std::vector<std::string_view>{"first"})).ok());
  Result<bool> again = pm.add(std::make_unique<FixedPass>("first", ""));
  ASSERT_FALSE(again.ok());
  EXPECT_EQ(again.diagnostics().front().message, "the pipeline already has the pass `first`");
  EXPECT_EQ(pm.names(), (std::vector<std::string_view>{"first", "second"}));
}

TEST(PassManager, AModuleAPassLeftAloneIsNotReverified) {
  PassManager pm;
  ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("identity", "")).ok());
  const ModuleRef broken = read(kBroken);
  Result<ModuleRef> r = pm.run(broken, ctx());
  ASSERT_TRUE(r.ok());
  EXPECT_EQ(r->get(), broken.get());
}

TEST(PassManager, APassThatBreaksTheModuleIsAnInternalErrorNamingIt) {
  PassOptions options;
  options.module_text = [](const Module& m) { return "MODULE " + m.functions().front()->name(); };
  PassManager pm(options);
  auto* later = new FixedPass("later", "");
  ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("breaker", kBroken)).ok());
  ASSERT_TRUE(pm.add(std::unique_ptr<Pass>(later)).ok());
  Result<ModuleRef> r = pm.run(read(kGood), ctx());
  ASSERT_FALSE(r.ok());
  const Diagnostic& d = r.diagnostics().front();
  EXPECT_EQ(d.category, DiagCategory::Internal);
  EXPECT_EQ(d.message, "internal error: the pass `breaker` produced a module that fails verification");
  ASSERT_EQ(d.notes.size(), 2u);
  EXPECT_NE(d.notes[0].find("copy"), std::string::npos) << d.notes[0];
  EXPECT_EQ(d.notes[1], "the module after the pass:\nMODULE k");
  EXPECT_EQ(later->runs, 0);  // the run stopped at the broken module
}

TEST(PassManager, VerificationCanBeSwitchedOff) {
  PassOptions options;
  options.verify_each = false;
  PassManager pm(options);
  ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("breaker", kBroken)).ok());
  EXPECT_TRUE(pm.run(read(kGood), ctx()).ok());
}

TEST(PassManager, DumpsAfterTheNamedPassesOrAll) {
  for (const std::string& which : {std::string("b"), std::string("all")}) {
    std::vector<std::string> dumped;
    PassOptions options;
    options.dump_after = {which};
    options.dump = [&](std::string_view pass, const Module& m) {
      dumped.push_back(std::string(pass) + ":" + m.functions().front()->name());
    };
    PassManager pm(options);
    ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("a", "")).ok());
    ASSERT_TRUE(pm.add(std::make_unique<FixedPass>("b", "")).ok());
    ASSERT_TRUE(pm.run(read(kGood), ctx()).ok());
    const std::vector<std::string> want = which == "b" ? std::vector<std::string>{"b:f"} : std::vector<std::string>{"a:f", "b:f"};
    EXPECT_EQ(dumped, want);
  }
}

}  // namespace
}  // namespace tf::lower
