// Mutations of tfir text and the checked read that the text laws and the libFuzzer target share.
//
//   gen_byte_mutation    1..max_edits byte edits: insert, delete or replace one byte, the new
//                        byte biased toward tfir's structure (NUL, newline, quote, backquote,
//                        braces, brackets, `#`, `=`, `@`, digits) or any byte at all
//   gen_token_mutation   1..max_edits token edits on the lexed text (written back one token per
//                        word): delete, duplicate, swap two tokens, replace an identifier with
//                        another name of the file, a defined name (after `dim`, `func`, `let`,
//                        ..., or before `=`) with another defined name (clashes, shadowing), a
//                        number with an extreme one (99999999999999999999, -0x8000000000000000,
//                        1e999, ...), or insert a brace, bracket, keyword or reserved word; text
//                        that does not lex falls back to byte edits
//   read_and_verify      tf::read_and_verify in text::standard_context() (every op family and
//                        the MMA atoms): what `tf check` does to a file
#pragma once

#include <rapidcheck.h>

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/diagnostic.h"
#include "ir/text/file_reader.h"
#include "ir/verify/read_and_verify.h"

namespace tf::fuzz {

/// `text` with 1..max_edits byte edits (header comment).
rc::Gen<std::string> gen_byte_mutation(std::string text, int max_edits = 4);
/// `text` with 1..max_edits token edits (header comment).
rc::Gen<std::string> gen_token_mutation(std::string text, int max_edits = 4);

/// tf::read_and_verify (ir/verify/read_and_verify.h) in text::standard_context().
CheckedFile read_and_verify(std::string_view text, const std::string& file_name);

}  // namespace tf::fuzz
