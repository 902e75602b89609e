// The repository's includes follow the layer order of docs/architecture.md, with no exception.
#include "tools/layering/layering.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

namespace tf::layering {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST(Layering, EveryIncludeFollowsTheOrderOfDocsArchitecture) {
  const fs::path root = TF_SOURCE_ROOT;
  const LayerTable table = parse_layer_table(read(root / "docs/architecture.md"));
  ASSERT_NE(table.find("ir/core"), nullptr);
  for (const Violation& v : check_includes(root, table))
    ADD_FAILURE() << v.file << ":" << v.line << ": " << v.message;
}

TEST(Layering, FoldersOfTestsAreTheirParents) {
  EXPECT_EQ(folder_of("ir/core/test/expr_test.cpp"), "ir/core");
  EXPECT_EQ(folder_of("ir/dtype/test/compile_fail/x.cpp"), "ir/dtype");
  EXPECT_EQ(folder_of("ir/layout/testing/mesh_gen.h"), "ir/layout");
  EXPECT_EQ(folder_of("lower/pass.h"), "lower");
}

// The check itself can fail: a planted tree with one include of each forbidden kind.
TEST(Layering, ACheckOfAPlantedTreeNamesEachBrokenInclude) {
  const fs::path root = fs::temp_directory_path() / "tf_layering_test";
  fs::remove_all(root);
  auto write = [&](const std::string& path, const std::string& text) {
    fs::create_directories((root / path).parent_path());
    std::ofstream(root / path) << text;
  };
  write("ir/low/a.h", "#include \"ir/high/b.h\"\n#include <vector>\n");
  write("ir/high/b.h", "#include \"ir/low/a.h\"\n#include \"ir/peer/c.h\"\n");
  write("ir/peer/c.h", "#include \"ir/low/testing/gen.h\"\n");
  write("ir/low/testing/gen.h", "#include \"ir/low/a.h\"\n");
  write("ir/low/test/a_test.cpp", "#include \"ir/low/testing/gen.h\"\n");
  write("ir/stray/d.h", "\n");
  const LayerTable table = parse_layer_table(
      "<!-- layers:begin -->\n```\nir/low\nir/high | ir/peer\n```\n<!-- layers:end -->");
  std::vector<std::string> found;
  for (const Violation& v : check_includes(root, table))
    found.push_back(v.file + ":" + std::to_string(v.line));
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<std::string>{"ir/high/b.h:2", "ir/low/a.h:1", "ir/peer/c.h:1",
                                             "ir/stray/d.h:0"}));
  fs::remove_all(root);
}

// Functions are told apart by FunctionBase::as<T>() (ir/core/function_base.h), not by RTTI.
TEST(Layering, NoSourceUsesDynamicCast) {
  for (const Violation& v : check_no_dynamic_cast(TF_SOURCE_ROOT))
    ADD_FAILURE() << v.file << ":" << v.line << ": " << v.message;
}

// Ops and kinds are told by their typed identities (docs/architecture.md, "Ops, handlers and the
// Context"): the layers below the text reader and printer neither name an op by a string nor
// compare a kind's spelling.
TEST(Layering, NoLayerTellsOpsOrKindsByName) {
  for (const Violation& v : check_no_op_names(TF_SOURCE_ROOT))
    ADD_FAILURE() << v.file << ":" << v.line << ": " << v.message;
}

// The check itself can fail, and skips comments and literals: a planted tree.
TEST(Layering, ADynamicCastCheckOfAPlantedTreeNamesEachCastInCode) {
  const fs::path root = fs::temp_directory_path() / "tf_dynamic_cast_test";
  fs::remove_all(root);
  auto write = [&](const std::string& path, const std::string& text) {
    fs::create_directories((root / path).parent_path());
    std::ofstream(root / path) << text;
  };
  write("ir/a.cpp",
        "// dynamic_cast<const F*>(f) in a comment\n"
        "auto* g = dynamic_cast<const G*>(f);\n"
        "/* dynamic_cast<const F*>(f)\n   dynamic_cast<const F*>(f) */ int x = '\"';\n"
        "const char* s = \"dynamic_cast<F>\"; auto* h = dynamic_cast <const H*>(f);\n");
  write("lower/b.h",
        "const char* r = R\"x(\")dynamic_cast<F>)x\"; int n = 1'000;\n"
        "int my_dynamic_cast<int>; auto& k = dynamic_cast<const K&>(*f);\n");
  write("docs/c.cpp", "auto* g = dynamic_cast<const G*>(f);\n");  // not a source folder
  std::vector<std::string> found;
  for (const Violation& v : check_no_dynamic_cast(root))
    found.push_back(v.file + ":" + std::to_string(v.line));
  std::sort(found.begin(), found.end());
  EXPECT_EQ(found, (std::vector<std::string>{"ir/a.cpp:2", "ir/a.cpp:5", "lower/b.h:2"}));
  fs::remove_all(root);
}

}  // namespace
}  // namespace tf::layering
