#include "ir/text/module_reader.h"

#include <fmt/format.h>

#include <map>

#include "ir/support/nearest_names.h"
#include "ir/text/build_support.h"
#include "ir/text/item_skipper.h"
#include "ir/text/lexer.h"

namespace tf::text {

namespace {

// The major version of `tfir 1` / `tfir 1.2`, or the diagnostic refusing the header.
Result<int> read_header(const std::vector<Token>& tokens, std::size_t& pos) {
  const Token& first = tokens[0];
  if (first.kind != TokenKind::Identifier || first.quoted_name || first.text != "tfir")
    return error_at(first, fmt::format("a tfir file starts with the line 'tfir {}' (comments may "
                                             "precede it), found {}", kTfirMajorVersion, describe(first)));
  const Token& version = tokens[1];
  std::string_view major = version.text;
  if (version.kind == TokenKind::Float) major = major.substr(0, major.find('.'));
  bool digits = (version.kind == TokenKind::Integer || version.kind == TokenKind::Float) && !major.empty() &&
                major.size() <= 9 && major.find_first_not_of("0123456789") == std::string_view::npos;
  if (!digits)
    return error_at(version, fmt::format("expected the major version after 'tfir' (tfir {}), found {}",
                                               kTfirMajorVersion, describe(version)));
  const int value = std::stoi(std::string(major));
  if (value != kTfirMajorVersion)
    return error_at(version, fmt::format("tfir major version {} is not supported: this reader reads "
                                               "version {}", value, kTfirMajorVersion));
  pos = 2;
  if (tokens[pos].kind != TokenKind::Newline && tokens[pos].kind != TokenKind::Eof)
    return error_at(tokens[pos], fmt::format("expected the end of the 'tfir {}' line, found {}",
                                                   kTfirMajorVersion, describe(tokens[pos])));
  return value;
}

// Moves `pos` to the Newline or Eof that ends the current line (error recovery).
void skip_line(const std::vector<Token>& tokens, std::size_t& pos) {
  while (tokens[pos].kind != TokenKind::Newline && tokens[pos].kind != TokenKind::Eof) ++pos;
}

// Moves `pos` past a broken item: to the next line that starts in column 1 with a declaration
// or item keyword (or to Eof), so that the lines inside the item are not read as top level.
void skip_to_next_top_level_line(const std::vector<Token>& tokens, std::size_t& pos) {
  skip_line(tokens, pos);
  while (tokens[pos].kind != TokenKind::Eof) {
    ++pos;  // past the Newline
    const Token& t = tokens[pos];
    if (t.location.column == 1 && (is_declaration_keyword(t) || item_keyword(t))) return;
    skip_line(tokens, pos);
  }
}

// Names declared twice among the functions; an entry that is not unique or names no function.
void check_function_names(const ParsedFile& file, std::vector<Diagnostic>& errors) {
  std::map<std::string, const SkippedItem*> functions;
  for (const SkippedItem& item : file.items) {
    if (item.kind == ItemKind::Case) continue;
    auto [it, fresh] = functions.emplace(item.name, &item);
    if (fresh) continue;
    // A module-level lookup of the name would find two functions.
    Diagnostic d = rule_error("TIR.2.1.SYMREF.resolution-unique",
                              fmt::format("function '{}' is defined twice", item.name));
    d.location = item.begin;
    d.notes.push_back(fmt::format("{}: the first definition of '{}'", it->second->begin.str(), item.name));
    errors.push_back(std::move(d));
  }
  const Declaration* entry = nullptr;
  for (const Declaration& d : file.declarations) {
    if (!std::holds_alternative<EntryDeclaration>(d.value)) continue;
    if (entry) {
      Diagnostic e = category_error(DiagCategory::Parse, "the entry is declared twice");
      e.location = d.location;
      e.notes.push_back(fmt::format("{}: the first entry declaration", entry->location.str()));
      errors.push_back(std::move(e));
      continue;
    }
    entry = &d;
    if (!functions.count(d.name())) {
      Diagnostic e = category_error(DiagCategory::Parse,
                                    fmt::format("entry '{}' names no function of this file", d.name()));
      e.location = d.location;
      std::vector<std::string> names;
      for (const auto& [name, item] : functions) names.push_back(name);
      errors.push_back(std::move(suggest_nearest(e, d.name(), names)));
    }
  }
}

}  // namespace

const char* item_kind_keyword(ItemKind kind) {
  switch (kind) {
    case ItemKind::Func: return "func";
    case ItemKind::PrimFunc: return "prim_func";
    case ItemKind::Specialize: return "specialize";
    case ItemKind::Case: return "case";
  }
  TF_UNREACHABLE("bad ItemKind");
}

PartialFile read_tfir_partial(std::string_view source, const std::string& file_name) {
  Result<std::vector<Token>> lexed = lex(source, file_name);
  if (!lexed) return {std::nullopt, lexed.diagnostics()};
  ParsedFile file;
  file.file_name = file_name;
  file.tokens = std::move(lexed).value();
  const std::vector<Token>& tokens = file.tokens;

  std::size_t pos = 0;
  Result<int> major = read_header(tokens, pos);
  if (!major) return {std::nullopt, major.diagnostics()};  // another language or version
  file.major_version = *major;

  std::vector<Diagnostic> errors;
  const SourceLines lines(source);
  while (true) {
    while (tokens[pos].kind == TokenKind::Newline) ++pos;
    const Token& t = tokens[pos];
    if (t.kind == TokenKind::Eof) break;
    if (is_declaration_keyword(t)) {
      const std::size_t start = pos;
      Result<Declaration> d = read_declaration(tokens, pos, file.environment);
      if (d) {
        file.declarations.push_back(std::move(d).value());
      } else {
        append(errors, d.diagnostics());
        pos = start;
        skip_line(tokens, pos);
      }
    } else if (item_keyword(t)) {
      const std::size_t start = pos;
      Result<SkippedItem> item = skip_item(tokens, pos, lines);
      if (item) {
        file.items.push_back(std::move(item).value());
      } else {
        append(errors, item.diagnostics());
        pos = start;
        skip_to_next_top_level_line(tokens, pos);
      }
    } else {
      errors.push_back(error_at(t, fmt::format("expected a declaration (dim, mesh, layout, atom, "
                                                     "entry) or an item (func, prim_func, specialize, case), "
                                                     "found {}", describe(t))));
      skip_line(tokens, pos);
    }
  }
  check_function_names(file, errors);
  return {std::move(file), std::move(errors)};
}

Result<ParsedFile> read_tfir(std::string_view source, const std::string& file_name) {
  PartialFile p = read_tfir_partial(source, file_name);
  if (!p.diagnostics.empty()) return p.diagnostics;
  return std::move(*p.file);
}

std::optional<std::string> entry_function(const ParsedFile& file) {
  for (const Declaration& d : file.declarations)
    if (std::holds_alternative<EntryDeclaration>(d.value)) return d.name();
  for (auto it = file.items.rbegin(); it != file.items.rend(); ++it)
    if (it->kind == ItemKind::Func || it->kind == ItemKind::PrimFunc) return it->name;
  return std::nullopt;
}

std::vector<Diagnostic> body_not_parsed_diagnostics(const ParsedFile& file) {
  std::vector<Diagnostic> out;
  for (const SkippedItem& item : file.items) {
    if (!item.has_body) continue;
    Diagnostic d = category_error(DiagCategory::Parse,
                                  fmt::format("function bodies are not parsed yet: {} '{}' was skipped",
                                              item_kind_keyword(item.kind), item.name));
    d.location = item.begin;
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace tf::text
