// docs/tir-semantics.md's table of undefined behaviour, walked: its rows are the machine model's
// kinds (eval/tir/ub_kind.h) in declaration order, and every kind a program can reach has a
// conformance case that expects it at level tir (the runner runs those cases; this test keeps
// the three in step).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "eval/tir/test/tir_eval_testing.h"
#include "eval/tir/ub_kind.h"

namespace tf::eval::tir {
namespace {

using testing::repository_file;

struct Row {
  std::string kind, what;
};

// The rows of the table under "### Undefined behaviour": `| `ub.x` | what |`.
std::vector<Row> ub_table() {
  std::istringstream doc(repository_file("docs/tir-semantics.md"));
  std::vector<Row> rows;
  bool inside = false;
  for (std::string line; std::getline(doc, line);) {
    if (line.rfind("### ", 0) == 0) inside = line == "### Undefined behaviour";
    if (!inside || line.rfind("| `ub.", 0) != 0) continue;
    const std::size_t close = line.find('`', 3);
    rows.push_back({line.substr(3, close - 3), line.substr(line.find('|', close) + 2)});
  }
  return rows;
}

// How many cases of the conformance suite expect each UB kind at level tir (a case without an
// `at` line runs a prim_func at tir).
std::map<std::string, int> tir_cases_by_kind() {
  std::map<std::string, int> count;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::filesystem::path(TF_SOURCE_ROOT) / "conformance/cases")) {
    if (entry.path().extension() != ".tfir") continue;
    std::ifstream in(entry.path());
    std::string level = "tir", expected;
    for (std::string line; std::getline(in, line);) {
      if (line.rfind("case \"", 0) == 0) level = "tir", expected.clear();
      if (line.rfind("    at ", 0) == 0) level = line.substr(7);
      if (line.rfind("    expect error ub.", 0) == 0) expected = line.substr(17);
      if (line == "}" && !expected.empty() && level == "tir") ++count[expected];
    }
  }
  return count;
}

TEST(UbTable, ItsRowsAreTheModelsKindsInOrder) {
  const std::vector<Row> rows = ub_table();
  ASSERT_EQ(rows.size(), kAllUbKinds.size());
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].kind, ub_kind_id(kAllUbKinds[i])) << "row " << i + 1;
}

// A kind no program reaches says so in its row, with the reason.
TEST(UbTable, EveryReachableKindHasATirCaseThatExpectsIt) {
  const std::map<std::string, int> cases = tir_cases_by_kind();
  for (const Row& row : ub_table()) {
    const bool unreachable = row.what.find("no program reaches it") != std::string::npos;
    const auto it = cases.find(row.kind);
    if (unreachable)
      EXPECT_EQ(it, cases.end()) << row.kind << " is said to be unreachable, yet a case expects it";
    else
      EXPECT_NE(it, cases.end()) << row.kind << " has no conformance case at level tir";
  }
}

}  // namespace
}  // namespace tf::eval::tir
