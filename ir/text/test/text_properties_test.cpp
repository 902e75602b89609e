// The lexer and the expression parser are total: any bytes at all give a result or positioned
// parse diagnostics, never a crash or a hang.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "ir/support/testing/law_runner.h"
#include "ir/text/expression_parser.h"
#include "ir/text/lexer.h"

namespace tf::text {
namespace {

// Bytes biased toward tfir's alphabet, so that valid and nearly valid text is common.
rc::Gen<std::string> tfir_like_text() {
  static const std::string kAlphabet = "abcxyzN_019.eEpx+-*/%<>=!:,@`\"\\#()[]{} \t\n\xc3\xa9\x01";
  return rc::gen::container<std::string>(rc::gen::elementOf(kAlphabet));
}

TF_LAW(LexerLaws, AnyTextLexesOrFailsWithPositions, ()) {
  const std::string text = *rc::gen::oneOf(tfir_like_text(), rc::gen::arbitrary<std::string>());
  Result<std::vector<Token>> r = lex(text, "f.tfir");
  if (!r.ok()) {
    RC_ASSERT(!r.diagnostics().empty());
    for (const Diagnostic& d : r.diagnostics()) {
      RC_ASSERT(d.category == DiagCategory::Parse);
      RC_ASSERT(d.location.line >= 1);
      RC_ASSERT(d.location.column >= 1);
    }
    return;
  }
  RC_ASSERT(!r->empty());
  RC_ASSERT(r->back().kind == TokenKind::Eof);
  for (std::size_t i = 1; i < r->size(); ++i) {
    const SourceLocation& a = (*r)[i - 1].location;
    const SourceLocation& b = (*r)[i].location;
    RC_ASSERT(a.line < b.line || (a.line == b.line && a.column <= b.column));
  }
}

// Token soup from tfir's expression vocabulary: mostly near-misses of valid expressions.
rc::Gen<std::string> expression_soup() {
  static const std::vector<std::string> kWords = {
      "Layout", "Mesh", "S", "(", ")", "(", ")", "[", "]", ",", ",", ":", "=", "x", "1", "16",
      "-", "+", "*", "//", "%", "<", "\"s\"", "None", ".", "a.b", "\n", "0x1p-3", "2.5"};
  return rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kWords)),
                      [](const std::vector<std::string>& words) {
                        std::string s;
                        for (const auto& w : words) s += w + " ";
                        return s;
                      });
}

bool same_tree(const Syntax& a, const Syntax& b) {
  if (!a || !b) return !a && !b;
  if (a->kind != b->kind || a->text != b->text || !same_tree(a->callee, b->callee) ||
      a->items.size() != b->items.size() || a->keywords.size() != b->keywords.size())
    return false;
  for (std::size_t i = 0; i < a->items.size(); ++i)
    if (!same_tree(a->items[i], b->items[i])) return false;
  for (std::size_t i = 0; i < a->keywords.size(); ++i)
    if (a->keywords[i].first != b->keywords[i].first ||
        !same_tree(a->keywords[i].second, b->keywords[i].second))
      return false;
  return true;
}

TF_LAW(ParserLaws, AnyTextParsesOrFailsWithPositions, ()) {
  const std::string text = *rc::gen::oneOf(expression_soup(), tfir_like_text());
  Result<Syntax> r = parse_expression(text, "f.tfir");
  if (r.ok()) {
    RC_ASSERT(*r != nullptr);
    // What was parsed prints to text that parses back to the same tree.
    const std::string printed = to_string(**r);
    Result<Syntax> again = parse_expression(printed, "p.tfir");
    RC_ASSERT(again.ok());
    RC_ASSERT(same_tree(*r, *again));
    return;
  }
  for (const Diagnostic& d : r.diagnostics()) {
    RC_ASSERT(d.category == DiagCategory::Parse);
    RC_ASSERT(d.location.line >= 1);
  }
}

}  // namespace
}  // namespace tf::text
