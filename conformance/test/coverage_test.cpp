#include "conformance/coverage.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace tf::conformance {
namespace {

RuleCatalogue tiny_catalogue() {
  return RuleCatalogue::parse(
             "id\tseed\tkind\trule\tcheck\n"
             "A.1.X.one\ts\treject\tr\tc\n"
             "A.1.X.two\ts\tvalue\tr\tc\n"
             "B.2.Y.three\ts\taccept\tr\tc\n",
             "t.tsv")
      .value();
}

TEST(Coverage, ReadsCppAndTfirAnnotations) {
  RuleCatalogue cat = tiny_catalogue();
  CoverageReport rep;
  scan_annotations("int x;\n  //" " covers: A.1.X.one, A.1.X.two\nTEST(a, b) {}\n", "a_test.cpp",
                   cat, rep);
  scan_annotations("case \"c\" {\n    covers B.2.Y.three  # why\n}\n", "c.tfir", cat, rep);
  EXPECT_TRUE(rep.errors.empty());
  ASSERT_EQ(rep.covered.size(), 3u);
  EXPECT_EQ(rep.covered.at("A.1.X.two")[0].str(), "a_test.cpp:2:25");
  EXPECT_EQ(rep.covered.at("B.2.Y.three")[0].str(), "c.tfir:2:12");
}

TEST(Coverage, UnknownIdIsAnErrorWithPosition) {
  RuleCatalogue cat = tiny_catalogue();
  CoverageReport rep;
  scan_annotations("//" " covers: A.1.X.one A.1.X.nope\n", "x.cpp", cat, rep);
  ASSERT_EQ(rep.errors.size(), 1u);
  EXPECT_EQ(rep.errors[0].render(),
            "x.cpp:1:22: error[usage]: covers names 'A.1.X.nope', which is not in the rule "
            "catalogue conformance/rules.tsv");
  EXPECT_EQ(rep.covered.count("A.1.X.one"), 1u);
}

TEST(Coverage, ProseAfterTheKeywordIsNotAnAnnotation) {
  RuleCatalogue cat = tiny_catalogue();
  CoverageReport rep;
  scan_annotations("//" " covers: nothing at all\n", "y.cpp", cat, rep);
  EXPECT_TRUE(rep.covered.empty());
  EXPECT_TRUE(rep.errors.empty());
}

TEST(Coverage, CompileTimeAnnotationsAreCountedApart) {
  RuleCatalogue cat = tiny_catalogue();
  CoverageReport rep;
  scan_annotations("//" " covers (compile-time): A.1.X.one, B.2.Y.three\n"
                   "//" " covers: B.2.Y.three\n",
                   "s.cpp", cat, rep);
  EXPECT_TRUE(rep.errors.empty());
  EXPECT_EQ(rep.compile_time.at("A.1.X.one")[0].str(), "s.cpp:1:27");
  EXPECT_EQ(rep.covered.count("A.1.X.one"), 0u);
  auto counts = count_by_document_and_kind(rep, cat);
  EXPECT_EQ(counts["A"]["all"].covered, 0u);       // A.1.X.one is checked only by the compiler
  EXPECT_EQ(counts["A"]["all"].compile_time, 1u);
  EXPECT_EQ(counts["B"]["all"].covered, 1u);       // a run-time test names it too
  EXPECT_EQ(counts["B"]["all"].compile_time, 0u);
}

// A symlink loop and a folder symlink that points back up: the scan ends, and the loop is one
// placed error (a file it cannot read), not an exception.
TEST(Coverage, ScanningATreeWithSymlinkLoopsEnds) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("tf_coverage_links_" + std::to_string(::getpid()));
  fs::create_directories(root / "src");
  std::ofstream(root / "src" / "a_test.cpp") << "//" " covers: A.1.X.one\n";
  fs::create_symlink(root / "b.cpp", root / "a.cpp");
  fs::create_symlink(root / "a.cpp", root / "b.cpp");
  fs::create_directory_symlink(root, root / "src" / "up");
  const CoverageReport rep = scan_tree(root, tiny_catalogue());
  fs::remove_all(root);
  EXPECT_EQ(rep.files_scanned, 1u);
  EXPECT_EQ(rep.covered.count("A.1.X.one"), 1u);
  ASSERT_EQ(rep.errors.size(), 2u);  // a.cpp and b.cpp
  EXPECT_NE(rep.errors[0].message.find("cannot read '"), std::string::npos);
}

TEST(Coverage, CountsPerDocumentAndKind) {
  RuleCatalogue cat = tiny_catalogue();
  CoverageReport rep;
  scan_annotations("//" " covers: A.1.X.one\n", "z.cpp", cat, rep);
  auto counts = count_by_document_and_kind(rep, cat);
  EXPECT_EQ(counts["A"]["all"].covered, 1u);
  EXPECT_EQ(counts["A"]["all"].total, 2u);
  EXPECT_EQ(counts["A"]["reject"].covered, 1u);
  EXPECT_EQ(counts["B"]["accept"].covered, 0u);
  EXPECT_EQ(counts["all"]["all"].total, 3u);
}

}  // namespace
}  // namespace tf::conformance
