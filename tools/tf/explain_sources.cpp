#include "tools/tf/explain_sources.h"

#include <filesystem>

#include "conformance/suite.h"
#include "driver/ir_session.h"
#include "ir/support/regular_file.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;

std::string under(const std::string& root, const std::string& rel) {
  return (fs::path(root) / rel).string();
}

}  // namespace

std::string relative_to_root(const std::string& root, const std::string& path) {
  const fs::path rel = fs::path(path).lexically_normal().lexically_relative(fs::path(root).lexically_normal());
  if (rel.empty() || rel.native().starts_with("..")) return path;
  return rel.generic_string();
}

Result<ExplainSources> load_explain_sources(const std::string& root) {
  ExplainSources s;
  s.root = root;
  s.places = CoverPlaceFinder(root);
  Result<conformance::RuleCatalogue> rules = conformance::RuleCatalogue::load(under(root, kRulesPath));
  TF_TRY(rules);
  s.rules = *rules;
  s.coverage = conformance::scan_tree(root, s.rules);
  if (!s.coverage.errors.empty()) return s.coverage.errors;
  std::error_code ec;
  const std::string decisions = under(root, kDecisionsPath);
  s.decisions_found = fs::exists(decisions, ec);
  if (s.decisions_found) {
    Result<std::vector<conformance::Decision>> d = conformance::load_decisions(decisions);
    TF_TRY(d);
    s.decisions = *d;
  }
  return s;
}

void load_op_sources(ExplainSources& s) {
  if (s.op_sources_loaded) return;
  s.op_sources_loaded = true;
  for (const char* page : {"docs/hir-semantics.md", "docs/tir-semantics.md"}) {
    Result<std::string> text = read_regular_file(under(s.root, page));
    s.pages[page] = text.ok() ? markdown_paragraphs(*text, page) : std::vector<DocParagraph>{};
  }
  std::vector<Diagnostic> missing;  // a tree without cases or corpus has no examples
  std::vector<std::string> paths;
  for (const char* folder : {kCasesPath, kCorpusPath})
    if (fs::is_directory(under(s.root, folder))) paths.push_back(under(s.root, folder));
  const std::vector<std::string> files = conformance::case_files(paths, missing);
  s.examples = conformance::first_op_examples(files, cli_context());
  for (auto& [op, example] : s.examples) example.file = relative_to_root(s.root, example.file);
}

}  // namespace tf::cli
