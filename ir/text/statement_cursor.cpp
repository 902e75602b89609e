#include "ir/text/statement_cursor.h"

#include <fmt/format.h>

#include "ir/text/build_support.h"

namespace tf::text {

void StatementCursor::skip_statement() {
  int depth = 0;
  while (!at(TokenKind::Eof)) {
    if (at(TokenKind::LBrace)) ++depth;
    if (at(TokenKind::RBrace)) {
      if (depth == 0) return;
      --depth;
    }
    if (at(TokenKind::Newline) && depth == 0) return;
    ++pos_;
  }
}

bool StatementCursor::end_of_statement() {
  if (at(TokenKind::Newline) || at(TokenKind::RBrace)) return true;
  report(error_at(peek(), fmt::format("expected the end of the statement, found {}", describe(peek()))));
  skip_statement();
  return false;
}

}  // namespace tf::text
