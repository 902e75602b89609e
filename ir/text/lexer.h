// The tfir lexer: UTF-8 text to tokens with file:line:col (docs/tfir.md section 1).
//
// Newlines end statements at top level and inside {} blocks; inside () and [] the lexer drops
// them, so the parser never sees them there. '#' starts a comment to the end of the line. Non-ASCII
// bytes are allowed only inside strings and comments. Columns count bytes from 1.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"
#include "ir/text/token.h"

namespace tf::text {

/// Every token of `source` (the last is Eof), or the lexical errors found, each with its
/// position (category parse). Consecutive newlines collapse into one Newline token.
Result<std::vector<Token>> lex(std::string_view source, const std::string& file_name);

}  // namespace tf::text
