// Reading a whole tfir file's header and declarations (docs/tfir.md sections 1 and 2); the items
// that need the body parser (func, prim_func, specialize, case) are recorded and skipped.
//
// Design note. The reader works on the lexed file, one statement per line (the lexer drops
// newlines inside brackets, so a statement may span lines inside them):
//  - the first non-comment line is `tfir 1` (`tfir 1.N` is read as major 1); another major
//    version is refused with a diagnostic naming both versions, and nothing else is read;
//  - declarations (dim, mesh, layout, atom, entry) are built at once (declarations.h);
//  - an item keyword starts an item: its name (a specialize's name is the one after `as`, a
//    case's the string) and its extent, up to the `}` that closes its first top-level `{`,
//    are recorded; brackets must balance inside it. `func ... prototype` has no braces.
// Errors do not stop the reader: after one it resumes at the next line, so a file reports all
// its independent errors. Names: every declared name once; function names (func, prim_func,
// specialize's variant) once; `entry` at most once and naming a function of the file. Bodies
// are not parsed: body_not_parsed_diagnostics() says so wherever a caller needs them.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/support/result.h"
#include "ir/text/declarations.h"
#include "ir/text/environment.h"
#include "ir/text/token.h"

namespace tf::text {

/// The kinds of top-level item that follow the declarations.
enum class ItemKind { Func, PrimFunc, Specialize, Case };

/// "func", "prim_func", "specialize" or "case".
const char* item_kind_keyword(ItemKind kind);

/// An item the reader skipped, recorded so that the body parser can take over.
struct SkippedItem {
  ItemKind kind = ItemKind::Func;
  std::string name;             ///< function name; a specialize's variant name; a case's string
  SourceLocation begin;         ///< the keyword
  SourceLocation end;           ///< the last token: the closing '}' or `prototype`
  std::size_t first_token = 0;  ///< index of the keyword in ParsedFile::tokens
  std::size_t last_token = 0;   ///< index of the last token (inclusive)
  bool has_body = true;         ///< false for `func ... prototype`
  std::string text;             ///< the exact source text from the keyword to the last token
};

/// A tfir file read up to its function bodies.
struct ParsedFile {
  std::string file_name;
  int major_version = 1;
  std::vector<Declaration> declarations;  ///< in file order
  FileEnvironment environment;            ///< every declared dim, mesh, layout and atom
  std::vector<SkippedItem> items;         ///< in file order
  std::vector<Token> tokens;              ///< the whole lexed file, for the body parser
};

/// The tfir major version this reader reads.
inline constexpr int kTfirMajorVersion = 1;

/// A file read as far as it goes: `file` holds every part that read (empty when the file is not
/// tfir 1 or does not lex), `diagnostics` every error found (empty when it read cleanly).
struct PartialFile {
  std::optional<ParsedFile> file;
  std::vector<Diagnostic> diagnostics;
};

/// Reads `source` as far as it goes (read_tfir's rules); the conformance runner uses it to find
/// the cases of a file whose declarations are meant to fail.
PartialFile read_tfir_partial(std::string_view source, const std::string& file_name);

/// Reads `source`. Fails with every positioned diagnostic found (lexical errors, a missing or
/// foreign header, bad declarations, names used before or declared twice, unbalanced items,
/// an entry that names no function).
Result<ParsedFile> read_tfir(std::string_view source, const std::string& file_name);

/// The entry function: the `entry` declaration's, else the last func or prim_func; nothing
/// when the file has neither.
std::optional<std::string> entry_function(const ParsedFile& file);

/// One diagnostic per item with a body, positioned at its keyword: "function bodies are not
/// parsed yet". Empty when the file has no such item.
std::vector<Diagnostic> body_not_parsed_diagnostics(const ParsedFile& file);

}  // namespace tf::text
