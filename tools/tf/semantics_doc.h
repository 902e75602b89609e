// The paragraph of the semantics pages (docs/hir-semantics.md, docs/tir-semantics.md) that
// says what an op computes.
//
// A page is read as paragraphs: a heading line, a list item with its continuation lines, a run
// of prose lines, a table; fenced code is skipped. A paragraph names an op when one of its bold
// spans (**...**) or code spans (`...`) holds, as a word, the op's full name
// (`hir.tensor.Concat`), its class name (`Concat`) or its tfir spelling (`concat`). The op's
// paragraph is, in this order of preference: one in the page's evaluation part (the level-2
// section "Evaluation" of the HIR page, "Execution: the machine model" of the TIR page) before
// one elsewhere; within each, one that opens with a bold span naming the op, then one with any
// bold span naming it, then one with a code span naming it; the first in page order among
// equals. When no paragraph names the op, a heading that names it gives the first paragraph
// under that heading. The dim ops are described on the HIR page.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/core/op.h"

namespace tf::cli {

/// One paragraph of a Markdown page.
struct DocParagraph {
  std::string file;      ///< the page, as given
  int line = 0;          ///< its first line (1-based)
  bool heading = false;  ///< a heading line
  std::string part;      ///< the level-2 heading above it ("Evaluation"), without `## `
  std::string section;   ///< the nearest heading above it (or itself), without the `#`s
  std::string text;      ///< its lines joined with '\n'
};

/// The paragraphs of `text` (a page named `file`), in page order.
std::vector<DocParagraph> markdown_paragraphs(std::string_view text, const std::string& file);

/// The semantics page that describes `op`, relative to the project root
/// (docs/tir-semantics.md for tir.* ops, else docs/hir-semantics.md), and the title prefix of
/// its evaluation part ("Evaluation", "Execution").
struct SemanticsPage {
  std::string path;
  std::string evaluation_part;
};
SemanticsPage semantics_page_of(Op op);

/// The paragraph of `paragraphs` that describes `op` (header comment), or nullopt.
std::optional<DocParagraph> op_paragraph(const std::vector<DocParagraph>& paragraphs, Op op,
                                         std::string_view evaluation_part);

}  // namespace tf::cli
