#include "ir/text/signature_reader.h"

#include <fmt/format.h>

#include "ir/text/build_support.h"
#include "ir/text/expression_parser.h"
#include "ir/text/type_builder.h"
#include "ir/type/tensor_type.h"
#include "ir/type/unit_type.h"

namespace tf::text {

namespace {

bool at_word(const Token& t, std::string_view w) {
  return t.kind == TokenKind::Identifier && !t.quoted_name && t.text == w;
}

// The signature from the parameter list's `(` at `pos` on (the item's name already read).
Result<ItemSignature> read_signature_at(const ParsedFile& file, const SkippedItem& item, std::size_t pos) {
  const std::vector<Token>& toks = file.tokens;
  ItemSignature sig;
  sig.name = item.name;
  const bool prim = item.kind == ItemKind::PrimFunc;
  auto expect = [&](TokenKind k, const char* context) -> std::optional<Diagnostic> {
    if (toks[pos].kind == k) {
      ++pos;
      return std::nullopt;
    }
    return error_at(toks[pos], fmt::format("expected {} {}, found {}", token_kind_name(k), context,
                                           describe(toks[pos])));
  };
  if (auto e = expect(TokenKind::LParen, "to open the parameter list")) return *e;
  std::vector<IRType> types;
  while (toks[pos].kind != TokenKind::RParen) {
    const Token& name = toks[pos];
    if (name.kind != TokenKind::Identifier)
      return error_at(name, fmt::format("expected a parameter name, found {}", describe(name)));
    if (std::optional<Diagnostic> literal = literal_name_error(name, "a parameter")) return *literal;
    ++pos;
    for (const VarRef& p : sig.params)
      if (p->name == name.text)
        return error_at(name, fmt::format("parameter '{}' is declared twice", name.text));
    if (auto e = expect(TokenKind::Colon, "after the parameter name")) return *e;
    Result<Syntax> ts = parse_expression_at(toks, pos);
    TF_TRY(ts);
    Result<IRType> t = build_type(**ts, file.environment);
    TF_TRY(t);
    Result<VarRef> v = Var::make(name.text, *t);
    if (!v.ok()) return located_at(v.diagnostics(), **ts);
    sig.params.push_back(*v);
    sig.param_locations.push_back(name.location);
    types.push_back(*t);
    if (toks[pos].kind != TokenKind::Comma) break;
    ++pos;
  }
  if (auto e = expect(TokenKind::RParen, "to close the parameter list")) return *e;
  if (prim) {
    sig.return_type = UnitType::make();
    while (toks[pos].kind == TokenKind::Identifier && toks[pos + 1].kind == TokenKind::Equal) {
      const Token& key = toks[pos];
      pos += 2;
      if (key.text == "outputs") {
        Result<Syntax> v = parse_expression_at(toks, pos);
        TF_TRY(v);
        Result<std::int64_t> k = integer_value(**v);
        TF_TRY(k);
        if (*k < 0 || *k > static_cast<std::int64_t>(sig.params.size()))
          return error_at(key, fmt::format("outputs={} must be between 0 and the {} parameters",
                                           *k, sig.params.size()));
        sig.output_count = *k;
      } else if (key.text == "target") {
        if (!at_word(toks[pos], "cuda") && !at_word(toks[pos], "host"))
          return error_at(toks[pos], fmt::format("target is cuda or host, found {}", describe(toks[pos])));
        sig.target = toks[pos++].text;
      } else {
        return error_at(key, fmt::format("a prim_func takes outputs= and target=, not {}=", key.text));
      }
    }
  } else {
    if (auto e = expect(TokenKind::Arrow, "before the return type")) return *e;
    Result<Syntax> rs = parse_expression_at(toks, pos);
    TF_TRY(rs);
    Result<IRType> r = build_type(**rs, file.environment);
    TF_TRY(r);
    sig.return_type = *r;
  }
  if (item.has_body) {
    if (toks[pos].kind != TokenKind::LBrace)
      return error_at(toks[pos], fmt::format("expected '{{' to open the body, found {}", describe(toks[pos])));
    sig.body_open = pos;
  }
  Result<CallableTypeRef> type = CallableType::make(sig.return_type, std::move(types));
  if (!type.ok()) return located_at(type.diagnostics(), SyntaxNode{.location = item.begin});
  sig.type = *type;
  return sig;
}

// DimVarRangePat("N", lo, hi), as a Pattern attribute is written (attr_builder).
Result<DimVarRangePatRef> range_pattern(const SyntaxNode& node) {
  if (node.kind != SyntaxKind::Call || !is_name(*node.callee, "DimVarRangePat") ||
      node.items.size() != 3 || !node.keywords.empty() || node.items[0]->kind != SyntaxKind::String)
    return error_at(node, fmt::format("a specialize selects its variant by DimVarRangePat(\"N\", lo, hi), "
                                      "found '{}'",
                                      to_string(node)));
  Result<std::int64_t> lo = integer_value(*node.items[1]);
  TF_TRY(lo);
  Result<std::int64_t> hi = integer_value(*node.items[2]);
  TF_TRY(hi);
  Result<DimVarRangePatRef> p = DimVarRangePat::make(node.items[0]->text, *lo, *hi);
  if (!p.ok()) return located_at(p.diagnostics(), node);
  return p;
}

}  // namespace

Result<ItemSignature> read_signature(const ParsedFile& file, const SkippedItem& item) {
  return read_signature_at(file, item, item.first_token + 2);  // keyword, name
}

Result<SpecializeSignature> read_specialize_signature(const ParsedFile& file, const SkippedItem& item) {
  const std::vector<Token>& toks = file.tokens;
  std::size_t pos = item.first_token + 1;  // specialize
  SpecializeSignature out;
  out.base = toks[pos].text;  // the item skipper checked it is an identifier
  out.base_at = toks[pos].location;
  ++pos;
  if (toks[pos].kind != TokenKind::LParen)
    return error_at(toks[pos], fmt::format("expected '(' and the pattern after 'specialize {}', found {}",
                                           out.base, describe(toks[pos])));
  ++pos;
  Result<Syntax> pattern = parse_expression_at(toks, pos);
  TF_TRY(pattern);
  Result<DimVarRangePatRef> p = range_pattern(**pattern);
  TF_TRY(p);
  out.pattern = *p;
  if (toks[pos].kind != TokenKind::RParen)
    return error_at(toks[pos], fmt::format("a specialize has one pattern: expected ')', found {}",
                                           describe(toks[pos])));
  ++pos;
  if (!at_word(toks[pos], "as") || toks[pos + 1].kind != TokenKind::Identifier)
    return error_at(toks[pos],
                    fmt::format("expected 'as NAME' after the pattern, found {}", describe(toks[pos])));
  pos += 2;
  Result<ItemSignature> sig = read_signature_at(file, item, pos);
  TF_TRY(sig);
  out.signature = std::move(*sig);
  return out;
}

}  // namespace tf::text
