// Golden tests of the lowering: each lower/test/golden/NAME.tfir (HIR) lowered by the default
// pipeline must print exactly as NAME.lowered.tfir, checked in and reviewed like code; the
// printed module must read back, verify and print the same. To update after an intended change:
//   TF_UPDATE_GOLDEN=1 build/default/lower/lower_test --gtest_filter='LoweringGolden*'
// then review the diff of lower/test/golden/.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/verify/module_verify.h"
#include "lower/pipeline.h"

namespace tf::lower {
namespace {

namespace fs = std::filesystem;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(LoweringGolden, EveryInputLowersToItsCheckedInText) {
  const fs::path dir = fs::path(TF_SOURCE_ROOT) / "lower/test/golden";
  const bool update = std::getenv("TF_UPDATE_GOLDEN") != nullptr;
  int inputs = 0;
  for (const fs::directory_entry& e : fs::directory_iterator(dir)) {
    const fs::path p = e.path();
    if (p.extension() != ".tfir" || p.stem().extension() == ".lowered") continue;
    ++inputs;
    const Context& ctx = text::standard_context();
    Result<text::ReadFile> f = text::read_file(slurp(p), p.filename().string(), ctx);
    ASSERT_TRUE(f.ok()) << p;
    // A `# pipeline: a,b,c` line names another pipeline than the default (a pass the default
    // leaves out, such as hir-to-tir-mma).
    std::vector<std::string> pipeline = default_pipeline();
    const std::string source = slurp(p);
    if (std::size_t at = source.find("\n# pipeline: "); at != std::string::npos) {
      pipeline.clear();
      std::stringstream names(source.substr(at + 13, source.find('\n', at + 1) - at - 13));
      for (std::string name; std::getline(names, name, ',');) pipeline.push_back(name);
    }
    Result<std::unique_ptr<PassManager>> pm = make_pipeline(pipeline, {});
    ASSERT_TRUE(pm.ok());
    Result<ModuleRef> lowered = (*pm)->run(f->module, ctx);
    ASSERT_TRUE(lowered.ok()) << p << ": " << lowered.diagnostics().front().render();
    const std::string text = text::print_derived_module(*f, **lowered);
    const fs::path golden = fs::path(p).replace_extension(".lowered.tfir");
    if (update) std::ofstream(golden, std::ios::binary) << text;
    EXPECT_EQ(text, slurp(golden)) << "the lowering of " << p << " changed; see the header of golden_test.cpp";
    // The printed module reads back, verifies, and prints the same.
    Result<text::ReadFile> again = text::read_file(text, golden.filename().string(), ctx);
    ASSERT_TRUE(again.ok()) << again.diagnostics().front().render();
    EXPECT_TRUE(verify_module(*again->module, ctx.handlers()).empty());
    EXPECT_EQ(text::print_file(*again), text);
  }
  EXPECT_GE(inputs, 2);
}

}  // namespace
}  // namespace tf::lower
