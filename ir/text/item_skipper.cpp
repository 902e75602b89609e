#include "ir/text/item_skipper.h"

#include <fmt/format.h>

#include "ir/text/build_support.h"

namespace tf::text {

namespace {

// The deepest nesting of brackets and blocks an item may have (the expression parser allows 200
// levels of brackets in one expression).
constexpr std::size_t kMaxItemNesting = 256;

std::optional<TokenKind> closer_of(TokenKind open) {
  switch (open) {
    case TokenKind::LParen: return TokenKind::RParen;
    case TokenKind::LBracket: return TokenKind::RBracket;
    case TokenKind::LBrace: return TokenKind::RBrace;
    default: return std::nullopt;
  }
}

bool is_closer(TokenKind k) {
  return k == TokenKind::RParen || k == TokenKind::RBracket || k == TokenKind::RBrace;
}

}  // namespace

SourceLines::SourceLines(std::string_view source) : source_(source) {
  starts_.push_back(0);
  for (std::size_t i = 0; i < source.size(); ++i)
    if (source[i] == '\n') starts_.push_back(i + 1);
}

std::size_t SourceLines::offset_of(const SourceLocation& loc) const {
  TF_CHECK(loc.line >= 1 && static_cast<std::size_t>(loc.line) <= starts_.size(),
           "token line {} is past the end of the source", loc.line);
  return starts_[static_cast<std::size_t>(loc.line - 1)] + static_cast<std::size_t>(loc.column - 1);
}

std::optional<ItemKind> item_keyword(const Token& token) {
  if (token.kind != TokenKind::Identifier || token.quoted_name) return std::nullopt;
  if (token.text == "func") return ItemKind::Func;
  if (token.text == "prim_func") return ItemKind::PrimFunc;
  if (token.text == "specialize") return ItemKind::Specialize;
  if (token.text == "case") return ItemKind::Case;
  return std::nullopt;
}

Result<SkippedItem> skip_item(const std::vector<Token>& tokens, std::size_t& pos, const SourceLines& source) {
  TF_CHECK(!tokens.empty() && tokens.back().kind == TokenKind::Eof && pos < tokens.size(),
           "skip_item needs an Eof-terminated token list");
  std::optional<ItemKind> kind = item_keyword(tokens[pos]);
  TF_CHECK(kind.has_value(), "skip_item at {}", describe(tokens[pos]));
  SkippedItem item;
  item.kind = *kind;
  item.first_token = pos;
  item.begin = tokens[pos].location;
  const char* keyword = item_kind_keyword(*kind);

  const Token& name_token = tokens[pos + 1];
  const TokenKind name_kind = *kind == ItemKind::Case ? TokenKind::String : TokenKind::Identifier;
  if (name_token.kind != name_kind)
    return error_at(name_token, fmt::format("expected {} after '{}', found {}",
                                                  *kind == ItemKind::Case ? "the case's name string" : "a name",
                                                  keyword, describe(name_token)));
  if (*kind != ItemKind::Specialize) item.name = name_token.text;

  std::vector<std::size_t> open;  // indices of the brackets not closed yet
  std::optional<std::size_t> body;
  for (std::size_t i = pos + 1;; ++i) {
    const Token& t = tokens[i];
    if (t.kind == TokenKind::Eof || (t.kind == TokenKind::Newline && open.empty())) {
      if (!open.empty())
        return error_at(tokens[open.back()],
                              fmt::format("{} is never closed (in the {} that starts at {})",
                                          token_kind_name(tokens[open.back()].kind), keyword, item.begin.str()));
      const Token& last = tokens[i - 1];
      if (*kind == ItemKind::Func && last.kind == TokenKind::Identifier && !last.quoted_name &&
          last.text == "prototype") {
        item.last_token = i - 1;
        item.has_body = false;
        pos = i;
        break;
      }
      return error_at(t, fmt::format("{} {} has no body: expected '{{' before {}", keyword,
                                           item.name.empty() ? "item" : item.name, token_kind_name(t.kind)));
    }
    if (closer_of(t.kind)) {
      if (t.kind == TokenKind::LBrace && open.empty()) body = i;
      // The body readers, the verifiers and the printers recurse once per level or more: bound
      // the nesting here, for every item, so that no input can exhaust the stack.
      if (open.size() >= kMaxItemNesting)
        return error_at(t, fmt::format("brackets and blocks nested deeper than {} levels (in the {} that "
                                       "starts at {})",
                                       kMaxItemNesting, keyword, item.begin.str()));
      open.push_back(i);
      continue;
    }
    if (is_closer(t.kind)) {
      if (open.empty())
        return error_at(t, fmt::format("unbalanced {}: no bracket is open", token_kind_name(t.kind)));
      const Token& opener = tokens[open.back()];
      if (*closer_of(opener.kind) != t.kind)
        return error_at(t, fmt::format("{} does not close the {} opened at {}", token_kind_name(t.kind),
                                             token_kind_name(opener.kind), opener.location.str()));
      open.pop_back();
      if (open.empty() && body) {
        item.last_token = i;
        pos = i + 1;
        break;
      }
      continue;
    }
    // A specialize's variant is named after `as`: specialize f(pattern) as NAME(...) -> T { }
    if (*kind == ItemKind::Specialize && open.empty() && item.name.empty() && t.kind == TokenKind::Identifier &&
        !t.quoted_name && t.text == "as" && tokens[i + 1].kind == TokenKind::Identifier)
      item.name = tokens[i + 1].text;
  }
  if (*kind == ItemKind::Specialize && item.name.empty())
    return error_at(tokens[item.first_token],
                          "expected 'specialize f(pattern) as NAME(params) -> T { ... }': no 'as NAME'");
  if (tokens[pos].kind != TokenKind::Newline && tokens[pos].kind != TokenKind::Eof)
    return error_at(tokens[pos], fmt::format("expected the end of the line after the {} {}, found {}",
                                                   keyword, item.name, describe(tokens[pos])));
  const Token& last = tokens[item.last_token];
  item.end = last.location;
  const std::size_t from = source.offset_of(item.begin);
  const std::size_t to = source.offset_of(last.location) + (last.kind == TokenKind::RBrace ? 1 : last.text.size());
  item.text = std::string(source.text().substr(from, to - from));
  return item;
}

}  // namespace tf::text
