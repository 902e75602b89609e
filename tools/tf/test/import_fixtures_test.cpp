// tf import against hand-written tfir (tools/tf/test/import_fixtures/README.md): every NAME.py,
// printed as upstream's canonical printer prints, imports; every function of its NAME.tfir
// evaluates to the same bits as the imported function of the same name on the same seeded
// inputs; a NAME.expect-error file holds the start of the diagnostic the import gives instead.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "eval/hir/eval_tables.h"
#include "eval/hir/evaluator.h"
#include "eval/value/compare.h"
#include "fuzz/gen/eval_inputs.h"
#include "ir/hir/function.h"
#include "ir/text/file_reader.h"
#include "ir/upstream/importer.h"

namespace tf {
namespace {

namespace fs = std::filesystem;

const fs::path kFixtures = fs::path(TF_SOURCE_ROOT) / "tools/tf/test/import_fixtures";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> fixtures() {
  std::vector<std::string> names;
  for (const fs::directory_entry& e : fs::directory_iterator(kFixtures))
    if (e.path().extension() == ".py") names.push_back(e.path().stem().string());
  std::sort(names.begin(), names.end());
  return names;
}

class ImportFixture : public ::testing::TestWithParam<std::string> {};

TEST_P(ImportFixture, ImportsToWhatTheHandWrittenTfirComputes) {
  const fs::path py = kFixtures / (GetParam() + ".py");
  const Context& context = eval::eval_context();
  Result<text::ReadFile> imported = upstream::read_upstream_file(slurp(py), py.string(), context);
  if (fs::exists(kFixtures / (GetParam() + ".expect-error"))) {
    std::string expected = slurp(kFixtures / (GetParam() + ".expect-error"));
    while (!expected.empty() && (expected.back() == '\n' || expected.back() == ' ')) expected.pop_back();
    ASSERT_FALSE(imported.ok()) << "imports, but " << GetParam() << ".expect-error says it must not";
    const std::string got = imported.diagnostics().front().render();
    EXPECT_NE(got.find(expected), std::string::npos) << got;
    return;
  }
  ASSERT_TRUE(imported.ok()) << imported.diagnostics().front().render();
  const fs::path tfir = kFixtures / (GetParam() + ".tfir");
  ASSERT_TRUE(fs::exists(tfir)) << "a fixture needs NAME.tfir or NAME.expect-error";
  Result<text::ReadFile> written = text::read_file(slurp(tfir), tfir.string(), context);
  ASSERT_TRUE(written.ok()) << written.diagnostics().front().render();
  eval::HirEvalOptions options;
  options.handlers = &eval::eval_context().handlers();
  int compared = 0;
  for (const FunctionRef& g : written->module->functions()) {
    if (g->kind() != tf::FunctionKind::Hir) continue;
    const auto& want = static_cast<const hir::Function&>(*g);
    if (want.is_prototype()) continue;
    const FunctionBase* found = imported->module->find(want.name());
    ASSERT_NE(found, nullptr) << "the import has no function " << want.name();
    const auto& got = static_cast<const hir::Function&>(*found);
    for (std::uint64_t seed : {1u, 2u}) {
      options.dims = fuzz::dims_for(want, seed);
      Result<std::vector<eval::Value>> inputs = fuzz::random_inputs(want, seed, options.dims);
      ASSERT_TRUE(inputs.ok()) << inputs.diagnostics().front().render();
      Result<eval::Value> a = eval::evaluate_function(*written->module, want, *inputs, options);
      Result<eval::Value> b = eval::evaluate_function(*imported->module, got, *inputs, options);
      ASSERT_EQ(a.ok(), b.ok()) << want.name() << ": " << (a.ok() ? b : a).diagnostics().front().render();
      if (!a.ok()) continue;
      const eval::Verdict v = eval::compare_values(*b, *a, eval::Comparator{});
      EXPECT_TRUE(v.passed) << want.name() << " seed " << seed << ": " << v.message;
      ++compared;
    }
  }
  EXPECT_GT(compared, 0) << "no function of " << GetParam() << ".tfir was compared";
}

INSTANTIATE_TEST_SUITE_P(Fixtures, ImportFixture, ::testing::ValuesIn(fixtures()),
                         [](const ::testing::TestParamInfo<std::string>& i) { return i.param; });

}  // namespace
}  // namespace tf
