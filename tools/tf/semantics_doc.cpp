#include "tools/tf/semantics_doc.h"

#include <cctype>

#include "ir/support/text_lines.h"

namespace tf::cli {
namespace {

bool is_word_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

// The dotted words of `s` ("hir.tensor.Slice", "copy_async", "x"), trailing dots dropped.
std::vector<std::string_view> words(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    if (!is_word_char(s[i])) {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < s.size() && is_word_char(s[j])) ++j;
    std::string_view w = s.substr(i, j - i);
    while (!w.empty() && w.back() == '.') w.remove_suffix(1);
    while (!w.empty() && w.front() == '.') w.remove_prefix(1);
    if (!w.empty()) out.push_back(w);
    i = j;
  }
  return out;
}

// The texts between each pair of `open` / `close` markers (`**` or a backtick).
std::vector<std::string_view> spans(std::string_view text, std::string_view marker) {
  std::vector<std::string_view> out;
  std::size_t pos = 0;
  while (true) {
    std::size_t open = text.find(marker, pos);
    if (open == std::string_view::npos) return out;
    std::size_t close = text.find(marker, open + marker.size());
    if (close == std::string_view::npos) return out;
    out.push_back(text.substr(open + marker.size(), close - open - marker.size()));
    pos = close + marker.size();
  }
}

struct OpNames {
  std::string_view full, short_name, surface;

  bool named_in(std::string_view span) const {
    for (std::string_view w : words(span))
      if (w == full || w == short_name || w == surface) return true;
    return false;
  }
};

// 0: opens with a bold span naming the op; 1: a bold span names it; 2: a code span; 3: none.
int naming_rank(const DocParagraph& p, const OpNames& names) {
  std::string_view text = p.text;
  if (text.starts_with("- ")) text.remove_prefix(2);
  std::vector<std::string_view> bold = spans(text, "**");
  if (!bold.empty() && text.starts_with("**") && names.named_in(bold.front())) return 0;
  for (std::string_view b : bold)
    if (names.named_in(b)) return 1;
  for (std::string_view c : spans(text, "`"))
    if (names.named_in(c)) return 2;
  return 3;
}

}  // namespace

std::vector<DocParagraph> markdown_paragraphs(std::string_view text, const std::string& file) {
  std::vector<DocParagraph> out;
  std::string part, section;
  bool open = false;  // the last paragraph takes continuation lines
  bool fence = false;
  int line_no = 0;
  for (std::string_view line : text_lines(text)) {
    ++line_no;
    if (line.starts_with("```")) {
      fence = !fence;
      open = false;
      continue;
    }
    if (fence) continue;
    if (trim(line).empty()) {
      open = false;
      continue;
    }
    if (line.starts_with("#")) {
      std::size_t level = line.find_first_not_of('#');
      std::string title(trim(line.substr(level == std::string_view::npos ? line.size() : level)));
      if (level == 2) part = title;
      if (level == 1) part.clear();
      section = title;
      out.push_back({file, line_no, true, part, section, std::string(line)});
      open = false;
      continue;
    }
    const bool item = line.starts_with("- ") || line.starts_with("* ");
    const bool table_row = line.starts_with("|");
    const bool continues = open && !item &&
                           (table_row == out.back().text.starts_with("|"));
    if (continues) {
      out.back().text += '\n';
      out.back().text += line;
      continue;
    }
    out.push_back({file, line_no, false, part, section, std::string(line)});
    open = true;
  }
  return out;
}

SemanticsPage semantics_page_of(Op op) {
  if (op.dialect() == "tir") return {"docs/tir-semantics.md", "Execution"};
  return {"docs/hir-semantics.md", "Evaluation"};
}

std::optional<DocParagraph> op_paragraph(const std::vector<DocParagraph>& paragraphs, Op op,
                                         std::string_view evaluation_part) {
  const std::string_view full = op.name();
  const OpNames names{full, full.substr(full.rfind('.') + 1), op.surface()};
  const DocParagraph* best = nullptr;
  int best_rank = 4 * 2;
  for (const DocParagraph& p : paragraphs) {
    if (p.heading) continue;
    int rank = naming_rank(p, names);
    if (rank == 3) continue;
    if (!p.part.starts_with(evaluation_part)) rank += 4;
    if (rank < best_rank) {
      best = &p;
      best_rank = rank;
    }
  }
  if (best != nullptr) return *best;
  for (std::size_t i = 0; i < paragraphs.size(); ++i) {
    if (!paragraphs[i].heading || !names.named_in(paragraphs[i].text)) continue;
    if (i + 1 < paragraphs.size() && !paragraphs[i + 1].heading) return paragraphs[i + 1];
  }
  return std::nullopt;
}

}  // namespace tf::cli
