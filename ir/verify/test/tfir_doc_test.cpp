// The examples of docs/tfir.md are true. Every ```tfir block of the page belongs to a file: a
// block whose first line that is not a comment is the `tfir` header starts one, every other
// block continues the file before it. Each file must read, verify (cleanly, or, when a case of
// it expects an error, with a diagnostic carrying each expected id), and keep the printer's
// contract: its print reads back, verifies the same, prints to the same text, and the re-read
// functions equal the file's (ir/verify/round_trip.h). ```tfir-fragment blocks are not read.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "ir/text/standard_context.h"
#include "ir/verify/read_and_verify.h"
#include "ir/verify/round_trip.h"

namespace tf {
namespace {

/// One file assembled from the page, and the page line of each of its lines.
struct DocFile {
  std::string text;
  std::vector<int> page_lines;  ///< page_lines[k]: the page line of the file's line k + 1
};

std::string read_page() {
  std::ifstream in(TF_SOURCE_ROOT "/docs/tfir.md");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool starts_file(const std::string& block) {
  std::istringstream lines(block);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t first = line.find_first_not_of(' ');
    if (first == std::string::npos || line[first] == '#') continue;
    return line.compare(first, 5, "tfir ") == 0;
  }
  return false;
}

/// The files of the page's ```tfir blocks, in page order.
std::vector<DocFile> doc_files(const std::string& page) {
  std::vector<DocFile> files;
  std::istringstream lines(page);
  std::string block;
  std::vector<int> block_lines;
  bool in_tfir = false, in_other = false;
  int line_no = 0;
  for (std::string line; std::getline(lines, line);) {
    ++line_no;
    if (in_tfir && line == "```") {
      in_tfir = false;
      if (block_lines.empty()) continue;  // an empty block adds nothing
      if (files.empty() || starts_file(block)) {
        files.emplace_back();
      } else {
        files.back().text += "\n";
        files.back().page_lines.push_back(block_lines.front() - 1);  // the joining blank line
      }
      files.back().text += block;
      files.back().page_lines.insert(files.back().page_lines.end(), block_lines.begin(),
                                     block_lines.end());
    } else if (in_tfir) {
      block += line + "\n";
      block_lines.push_back(line_no);
    } else if (in_other) {
      in_other = line != "```";
    } else if (line == "```tfir") {
      in_tfir = true;
      block.clear();
      block_lines.clear();
    } else if (line.rfind("```", 0) == 0) {
      in_other = true;
    }
  }
  return files;
}

/// The ids of the file's `expect error RULE.ID` lines (not `ub.*` and not the categories).
std::vector<std::string> expected_rule_errors(const std::string& text) {
  std::vector<std::string> ids;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string expect, error, id;
    if (!(words >> expect >> error >> id) || expect != "expect" || error != "error") continue;
    if (id == "eval" || id == "type" || id == "parse" || id.rfind("ub.", 0) == 0) continue;
    ids.push_back(id);
  }
  return ids;
}

/// The diagnostics, each followed by the page line it points at.
std::string rendered(const std::vector<Diagnostic>& diags, const DocFile& f) {
  std::string s;
  for (const Diagnostic& d : diags) {
    s += d.render() + "\n";
    const int line = d.location.line;
    if (line >= 1 && line <= static_cast<int>(f.page_lines.size()))
      s += "  (docs/tfir.md line " + std::to_string(f.page_lines[line - 1]) + ")\n";
  }
  return s;
}

TEST(TfirDoc, ThePageHasFilesToCheck) {
  const std::vector<DocFile> files = doc_files(read_page());
  // Sections 2, 5, 6 and 7 form one file; the verifier-error case of section 7 is a second.
  EXPECT_GE(files.size(), 2u);
}

TEST(TfirDoc, EveryExampleFileReadsVerifiesAndPrintsToAFixedPoint) {
  const Context& context = text::standard_context();
  for (const DocFile& f : doc_files(read_page())) {
    SCOPED_TRACE("the file of docs/tfir.md from line " + std::to_string(f.page_lines.front()));
    const CheckedFile checked = read_and_verify(f.text, "doc.tfir", context);
    if (!checked.file) {
      ADD_FAILURE() << "it does not read:\n" << rendered(checked.read_errors, f);
      continue;
    }

    const std::vector<std::string> expected = expected_rule_errors(f.text);
    if (expected.empty()) {
      EXPECT_TRUE(checked.verify_errors.empty()) << rendered(checked.verify_errors, f);
    }
    for (const std::string& id : expected) {
      bool found = false;
      for (const Diagnostic& d : checked.verify_errors) found = found || d.rule_id == id;
      EXPECT_TRUE(found) << "a case expects " << id << "; the verifier gave:\n"
                         << rendered(checked.verify_errors, f);
    }
    EXPECT_EQ(round_trip_failure(*checked.file, checked.verify_errors.size(), context), "");
  }
}

}  // namespace
}  // namespace tf
