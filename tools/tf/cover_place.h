// What a `covers` annotation sits in: a conformance case, a gtest, or other source.
//
// A place in a .tfir file is the case whose `case "NAME" {` line is the nearest above it (Other
// when there is none). A place in a .cpp or .h file under a `test` folder is a gtest: its test is
// the TEST / TEST_F / TEST_P / TYPED_TEST / RC_GTEST_PROP whose line follows the annotation
// (comment lines between them allowed), else the nearest one above it; its binary is the target
// of the nearest CMakeLists.txt (from the file's folder up to the root) that lists the file: the
// `tf_add_test(NAME`, `add_executable(NAME` or `target_sources(NAME` before the file's mention.
// Files are read once per finder.
#pragma once

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "ir/support/source_location.h"

namespace tf::cli {

/// A covering place, classified.
struct CoverPlace {
  enum class Kind { Case, Gtest, Other };
  Kind kind = Kind::Other;
  SourceLocation location;  ///< relative to the root, as the coverage scan reports it
  std::string case_name;    ///< Case: the case block holding the annotation
  std::string test;         ///< Gtest: `Suite.Name` ("" when no test macro is found)
  std::string binary;       ///< Gtest: the target that builds the file ("" when none lists it)
};

/// "case", "gtest", "other".
const char* cover_place_kind_name(CoverPlace::Kind kind);

/// Classifies places of one source tree (header comment).
class CoverPlaceFinder {
 public:
  explicit CoverPlaceFinder(std::filesystem::path root) : root_(std::move(root)) {}

  /// The place `location` (a file relative to the root) classified.
  CoverPlace classify(const SourceLocation& location);

 private:
  const std::vector<std::string>& lines_of(const std::filesystem::path& path);
  std::string binary_of(const std::string& file);

  std::filesystem::path root_;
  std::map<std::string, std::vector<std::string>> lines_;  // by path; empty when unreadable
};

}  // namespace tf::cli
