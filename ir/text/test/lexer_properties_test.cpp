// The lexer is total: any bytes at all give tokens or positioned diagnostics, never a crash.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include "fuzz/gen/law_runner.h"
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

}  // namespace
}  // namespace tf::text
