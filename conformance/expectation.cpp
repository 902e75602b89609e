#include "conformance/expectation.h"

#include <fmt/format.h>

#include <cmath>

#include "ir/text/build_support.h"
#include "ir/text/expression_parser.h"
#include "ir/text/lexer.h"

namespace tf::conformance {

namespace {

using text::Token;
using text::TokenKind;

// The effective start of a text: `where`, or line 1 column 1 of its file when unknown.
SourceLocation start_of(const SourceLocation& where) {
  if (where.known()) return where;
  return SourceLocation{where.file, 1, 1};
}

// `text` preceded by the lines and columns before `start`, so the lexer's positions are those
// of the enclosing file.
std::string padded(std::string_view text, const SourceLocation& start) {
  std::string s(static_cast<std::size_t>(start.line - 1), '\n');
  s.append(static_cast<std::size_t>(std::max(start.column - 1, 0)), ' ');
  s.append(text);
  return s;
}

// The offset in `text` (which starts at `start`) of the file position `at`.
std::size_t offset_of(std::string_view text, const SourceLocation& start,
                      const SourceLocation& at) {
  std::size_t offset = 0;
  for (int line = start.line; line < at.line && offset < text.size(); ++offset)
    if (text[offset] == '\n') ++line;
  const int first_column = at.line == start.line ? start.column : 1;
  return std::min(text.size(), offset + static_cast<std::size_t>(at.column - first_column));
}

// A tolerance: a finite number >= 0.
Result<double> tolerance(const text::SyntaxNode& node, const char* name) {
  Result<double> v = text::float_value(node);
  if (!v || !std::isfinite(*v) || *v < 0)
    return text::error_at(
        node, fmt::format("{}= is a finite number >= 0, found '{}'", name, text::to_string(node)));
  return v;
}

// `exact`, `allclose(rtol=R, atol=A)` or `ulp(max=K)`.
Result<eval::Comparator> comparator(const text::SyntaxNode& node) {
  const bool call =
      node.kind == text::SyntaxKind::Call && node.callee->kind == text::SyntaxKind::Name;
  const std::string name = call                                  ? node.callee->text
                           : node.kind == text::SyntaxKind::Name ? node.text
                                                                 : "";
  if (name != "exact" && !(call && (name == "allclose" || name == "ulp")))
    return text::error_at(
        node, fmt::format("expected a comparison: exact, allclose(rtol=..., atol=...) or "
                          "ulp(max=...), found '{}'",
                          text::to_string(node)));
  if (call && !node.items.empty())
    return text::error_at(*node.items[0],
                          fmt::format("{}(...) takes keyword arguments only", name));
  if (name == "exact") {
    if (call && !node.keywords.empty())
      return text::error_at(*node.keywords[0].second, "exact takes no arguments");
    return eval::Comparator::exact();
  }
  if (name == "allclose") {
    eval::Comparator c = eval::Comparator::allclose(1e-5, 1e-8);
    for (const auto& [key, value] : node.keywords) {
      if (key != "rtol" && key != "atol")
        return text::error_at(*value,
                              fmt::format("allclose has no argument '{}' (rtol, atol)", key));
      Result<double> t = tolerance(*value, key.c_str());
      if (!t) return t.diagnostics();
      (key == "rtol" ? c.rtol : c.atol) = *t;
    }
    return c;
  }
  if (name == "ulp") {
    for (const auto& [key, value] : node.keywords)
      if (key != "max")
        return text::error_at(*value, fmt::format("ulp has no argument '{}' (max)", key));
    text::Syntax max = node.keyword("max");
    if (!max) return text::error_at(node, "ulp needs its bound: ulp(max=1)");
    Result<std::int64_t> k = text::integer_value(*max);
    if (!k || *k < 0)
      return text::error_at(
          *max, fmt::format("max= is an integer >= 0, found '{}'", text::to_string(*max)));
    return eval::Comparator::ulp(static_cast<std::uint64_t>(*k));
  }
  TF_UNREACHABLE("a comparison name checked above");
}

// The selector `output[k]...`; `pos` ends at the token after it.
Result<std::vector<std::int64_t>> selector(const std::vector<Token>& toks, std::size_t& pos) {
  if (toks[pos].kind != TokenKind::Identifier || toks[pos].text != "output")
    return text::error_at(toks[pos],
                          fmt::format("an output expectation starts with `output`, found {}",
                                      text::describe(toks[pos])));
  ++pos;
  std::vector<std::int64_t> indices;
  while (toks[pos].kind == TokenKind::LBracket) {
    const Token& index = toks[pos + 1];
    if (index.kind != TokenKind::Integer || toks[pos + 2].kind != TokenKind::RBracket)
      return text::error_at(index, "a selector index is a non-negative integer: output[1]");
    text::SyntaxNode n;
    n.kind = text::SyntaxKind::Integer;
    n.text = index.text;
    n.location = index.location;
    Result<std::int64_t> k = text::integer_value(n);
    if (!k) return k.diagnostics();
    indices.push_back(*k);
    pos += 3;
  }
  return indices;
}

}  // namespace

std::string selector_text(const std::vector<std::int64_t>& selector) {
  std::string s = "output";
  for (std::int64_t k : selector) s += fmt::format("[{}]", k);
  return s;
}

Result<Expectation> parse_expectation(std::string_view text, const SourceLocation& where) {
  const SourceLocation start = start_of(where);
  Result<std::vector<Token>> lexed = text::lex(padded(text, start), start.file);
  if (!lexed) return lexed.diagnostics();
  std::vector<Token> toks;  // newlines carry no meaning here: the text is one expectation
  for (const Token& t : *lexed)
    if (t.kind != TokenKind::Newline) toks.push_back(t);
  Expectation e;
  e.location = start;
  std::size_t pos = 0;
  Result<std::vector<std::int64_t>> sel = selector(toks, pos);
  if (!sel) return sel.diagnostics();
  e.selector = *sel;
  if (toks[pos].kind == TokenKind::Tilde) {
    ++pos;
    if (toks[pos].kind == TokenKind::Eof)
      return text::error_at(
          toks[pos], "expected a comparison after '~': exact, allclose(...) or ulp(max=...)");
    Result<text::Syntax> c = text::parse_expression_at(toks, pos);
    if (!c) return c.diagnostics();
    if (is_bound(**c)) {
      Result<text::Syntax> reference = text::parse_expression_at(toks, pos);
      if (!reference) return reference.diagnostics();
      if (toks[pos].kind != TokenKind::Eof)
        return text::error_at(toks[pos], fmt::format("unexpected {} after the bound's reference", text::describe(toks[pos])));
      Result<BoundReference> b = parse_bound(**c, **reference);
      if (!b) return b.diagnostics();
      e.bound = *b;
      return e;
    }
    Result<eval::Comparator> parsed = comparator(**c);
    if (!parsed) return parsed.diagnostics();
    e.comparator = *parsed;
  } else if (toks[pos].kind == TokenKind::Equal) {
    ++pos;
  } else {
    return text::error_at(
        toks[pos], fmt::format("expected '=' (exact) or '~' and a comparison after {}, found {}",
                               selector_text(e.selector), text::describe(toks[pos])));
  }
  const Token& value = toks[pos];
  if (value.kind == TokenKind::Eof)
    return text::error_at(value, "expected the expected value: a literal or `reference`");
  if (value.kind == TokenKind::Identifier && value.text == "reference" &&
      toks[pos + 1].kind == TokenKind::Eof) {
    e.reference = true;
    return e;
  }
  e.literal_location = value.location;
  std::string_view rest = text.substr(offset_of(text, start, value.location));
  while (!rest.empty() && std::isspace(static_cast<unsigned char>(rest.back())))
    rest.remove_suffix(1);
  e.literal = std::string(rest);
  Result<text::Syntax> syntax =
      text::parse_expression(padded(e.literal, value.location), start.file);
  if (!syntax) return syntax.diagnostics();
  return e;
}

Result<Expectation> parse_expectation(const CaseExpect& expect) {
  return parse_expectation(expect.text, expect.text_location);
}

Result<eval::Verdict> judge(const eval::Value& actual, const Expectation& e,
                            const eval::LiteralContext& context,
                            const eval::Value* reference_value,
                            const std::map<std::string, eval::Tensor>* inputs) {
  const eval::Value* selected = &actual;
  const eval::Value* expected_selected = reference_value;
  std::vector<std::int64_t> path;
  for (std::int64_t k : e.selector) {
    path.push_back(k);
    if (!selected->is_tuple())
      return eval::Verdict{
          false, 1,
          fmt::format("{}: the result {} is a tensor, not a tuple", selector_text(path),
                      selector_text({path.begin(), path.end() - 1}))};
    if (k >= static_cast<std::int64_t>(selected->items().size()))
      return eval::Verdict{
          false, 1,
          fmt::format("{}: the result {} is a tuple of {} items", selector_text(path),
                      selector_text({path.begin(), path.end() - 1}), selected->items().size())};
    selected = &selected->items()[static_cast<std::size_t>(k)];
    if (expected_selected != nullptr) {
      if (!expected_selected->is_tuple() ||
          k >= static_cast<std::int64_t>(expected_selected->items().size()))
        return eval::Verdict{
            false, 1, fmt::format("{}: the reference value has no such item", selector_text(path))};
      expected_selected = &expected_selected->items()[static_cast<std::size_t>(k)];
    }
  }
  if (e.bound) {
    if (!selected->is_tensor())
      return eval::Verdict{false, 1, fmt::format("{}: a tuple, not a tensor", selector_text(e.selector))};
    static const std::map<std::string, eval::Tensor> kNone;
    Result<eval::Verdict> v = judge_bound(selected->tensor(), *e.bound, inputs != nullptr ? *inputs : kNone);
    if (!v.ok()) {
      std::vector<Diagnostic> ds = v.diagnostics();
      for (Diagnostic& d : ds) d.location = e.location;
      return ds;
    }
    eval::Verdict out = *v;
    if (!out.passed) out.message = fmt::format("{}: {}", selector_text(e.selector), out.message);
    return out;
  }
  eval::Value expected;
  if (e.reference) {
    if (reference_value == nullptr) {
      Diagnostic d = category_error(
          DiagCategory::Usage, fmt::format("{} expects the reference value, and none was computed",
                                           selector_text(e.selector)));
      d.location = e.location;
      return d;
    }
    expected = *expected_selected;
  } else {
    eval::LiteralContext c = context;
    if (!c.npy_dtype.valid() && selected->is_tensor()) c.npy_dtype = selected->tensor().dtype();
    Result<eval::Tensor> t = eval::parse_literal(e.literal, e.literal_location, c);
    if (!t) return t.diagnostics();
    expected = *t;
  }
  eval::Verdict v = eval::compare_values(*selected, expected, e.comparator);
  if (!v.passed)
    v.message = fmt::format("{}{}{}", selector_text(e.selector),
                            v.message.starts_with("[") ? "" : ": ", v.message);
  return v;
}

}  // namespace tf::conformance
