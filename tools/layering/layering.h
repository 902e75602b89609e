// The layering check: every `#include "..."` of the repository against the layer order written
// in docs/architecture.md (between `<!-- layers:begin -->` and `<!-- layers:end -->`).
//
// Design note. The order is a list of lines, lowest first; a line holds one or more groups
// separated by `|` (peers: same height, no includes between them); a group holds folders that
// form one layer (they may include each other). A file's folder is its directory, cut before
// a `test` or `testing` component (a folder's tests and test support belong to the folder). An
// include from folder A of a file in folder B is allowed when A and B are in one group or B's
// line is below A's line; an include of a file under `testing/` is allowed only from test code
// (a file under `test/` or `testing/`, or the fuzzing tools under fuzz/). Includes that name no
// file of the repository (system headers) are not checked.
//
// The same folders are checked for dynamic_cast: the IR tells its node kinds apart by their kind
// tags (`as<T>()`), and functions by FunctionBase::kind() / `as<T>()` (ir/core/function_base.h),
// never by RTTI. Comments and string and character literals may mention it.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace tf::layering {

/// The layer order: for each folder, its line (height) and its group on that line.
struct LayerTable {
  struct Place {
    int line = 0;
    int group = 0;
  };
  std::vector<std::pair<std::string, Place>> folders;

  /// The place of `folder`, or nullptr when the table does not list it.
  const Place* find(const std::string& folder) const;
};

/// Parses the order block of `markdown` (design note). Throws std::runtime_error when the
/// markers are missing or a folder is listed twice.
LayerTable parse_layer_table(const std::string& markdown);

/// The folder a repository-relative file path belongs to (design note): `ir/core/test/x.cpp`
/// and `ir/layout/testing/mesh_gen.h` belong to `ir/core` and `ir/layout`.
std::string folder_of(const std::string& path);

/// One include that breaks the order, or one source folder the table does not list.
struct Violation {
  std::string file;  ///< repository-relative path of the including file
  int line = 0;      ///< 1-based line of the include (0 for an unlisted folder)
  std::string message;
};

/// Checks every C++ source under `root`'s source folders (ir, eval, lower, cuda, fuzz,
/// conformance, driver, tools, bench, python) against `table`.
std::vector<Violation> check_includes(const std::filesystem::path& root, const LayerTable& table);

/// Every `dynamic_cast<` outside comments and string and character literals in the C++ sources
/// under `root`'s source folders (those of check_includes), one Violation per line.
std::vector<Violation> check_no_dynamic_cast(const std::filesystem::path& root);

/// In the non-test C++ sources of lower/, eval/, cuda/ and fuzz/ under `root` (comments skipped):
/// every line that names an op by a string ("tir.arith.Binary", "hir.nn.ReLU"), compares a
/// name() with a string, or compares with a string that is a kind spelling of the kind records
/// (ir/core/*_kinds.def). One Violation per line; ops and kinds are told by typed identity.
std::vector<Violation> check_no_op_names(const std::filesystem::path& root);

}  // namespace tf::layering
