#include "ir/text/expression_parser.h"

#include <fmt/format.h>

#include "ir/support/tfir_string.h"
#include "ir/text/build_support.h"
#include "ir/text/lexer.h"

namespace tf::text {

Syntax SyntaxNode::keyword(std::string_view name) const {
  for (const auto& [k, v] : keywords)
    if (k == name) return v;
  return nullptr;
}

namespace {
// Binding strength for printing: comparisons < additive < multiplicative < negation < atoms.
int precedence(const SyntaxNode& n) {
  if (n.kind == SyntaxKind::Negate) return 4;
  if (n.kind != SyntaxKind::Binary) return 5;
  if (n.text == "+" || n.text == "-") return 2;
  if (n.text == "*" || n.text == "//" || n.text == "%") return 3;
  return 1;
}
std::string operand_string(const SyntaxNode& child, int min_precedence) {
  std::string s = to_string(child);
  return precedence(child) < min_precedence ? "(" + s + ")" : s;
}
}  // namespace

std::string to_string(const SyntaxNode& n) {
  auto list = [](const std::vector<Syntax>& items) {
    std::string s;
    for (std::size_t i = 0; i < items.size(); ++i) s += (i ? ", " : "") + to_string(*items[i]);
    return s;
  };
  switch (n.kind) {
    case SyntaxKind::Name: return n.quoted ? "`" + n.text + "`" : n.text;
    case SyntaxKind::Integer:
    case SyntaxKind::Float: return n.text;
    case SyntaxKind::String: return tfir_quote(n.text);
    case SyntaxKind::Tuple:
      return "(" + list(n.items) + (n.items.size() == 1 ? ",)" : ")");
    case SyntaxKind::Call: {
      std::string s = to_string(*n.callee) + "(" + list(n.items);
      for (std::size_t i = 0; i < n.keywords.size(); ++i)
        s += (i || !n.items.empty() ? ", " : "") + n.keywords[i].first + "=" +
             to_string(*n.keywords[i].second);
      return s + ")";
    }
    case SyntaxKind::Subscript: {
      std::string s = to_string(*n.callee) + "[" + list(n.items);
      for (std::size_t i = 0; i < n.keywords.size(); ++i)
        s += (i || !n.items.empty() ? ", " : "") + n.keywords[i].first + "=" +
             to_string(*n.keywords[i].second);
      return s + "]";
    }
    case SyntaxKind::Slice:
      return (n.items[0] ? to_string(*n.items[0]) : "") + ":" +
             (n.items[1] ? to_string(*n.items[1]) : "");
    case SyntaxKind::Binary:  // left-associative: a right operand of equal strength is grouped
      return operand_string(*n.items[0], precedence(n)) + " " + n.text + " " +
             operand_string(*n.items[1], precedence(n) + 1);
    case SyntaxKind::Negate: return "-" + operand_string(*n.items[0], 4);
    case SyntaxKind::Symbol: return "@" + n.text;
    case SyntaxKind::Literal: {
      std::string s = n.callee ? to_string(*n.callee) + " " : "";
      if (n.text == "values") return (n.callee ? to_string(*n.callee) : "") + "{" + list(n.items) + "}";
      if (n.text == "bits" || n.text == "planes") return s + n.text + "{" + list(n.items) + "}";
      s += n.text + "(" + list(n.items);
      for (std::size_t i = 0; i < n.keywords.size(); ++i)
        s += (i || !n.items.empty() ? ", " : "") + n.keywords[i].first + "=" +
             to_string(*n.keywords[i].second);
      return s + ")";
    }
  }
  return "?";
}

namespace {

class ExpressionParser {
 public:
  ExpressionParser(const std::vector<Token>& tokens, std::size_t start) : toks_(tokens), pos_(start) {}

  /// One expression, then the position of the first token after it (no newline skipping).
  Result<Syntax> prefix(std::size_t& end) {
    Syntax e = expr();
    if (!errors_.empty()) return errors_;
    end = pos_;
    return e;
  }

  Result<Syntax> run() {
    skip_newlines();
    Syntax e = expr();
    skip_newlines();
    if (errors_.empty() && peek().kind != TokenKind::Eof)
      fail(peek(), fmt::format("expected the end of the expression, found {}", describe(peek())));
    if (!errors_.empty()) return errors_;
    return e;
  }

 private:
  static constexpr int kMaxDepth = 200;

  const Token& peek() const { return toks_[pos_]; }
  const Token& take() { return toks_[pos_ < toks_.size() - 1 ? pos_++ : pos_]; }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool accept(TokenKind k) {
    if (!at(k)) return false;
    take();
    return true;
  }
  void skip_newlines() {
    while (at(TokenKind::Newline)) take();
  }
  Syntax fail(const Token& at_token, std::string message) {
    if (errors_.empty()) {  // the first error; later ones are usually its echoes
      Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
      d.location = at_token.location;
      errors_.push_back(std::move(d));
    }
    return nullptr;
  }
  bool expect(TokenKind k, const char* context) {
    if (accept(k)) return true;
    fail(peek(), fmt::format("expected {} {}, found {}", token_kind_name(k), context, describe(peek())));
    return false;
  }
  static Syntax node(SyntaxKind kind, SourceLocation loc, std::string text = {},
                     std::vector<Syntax> items = {}) {
    auto n = std::make_shared<SyntaxNode>();
    n->kind = kind;
    n->location = std::move(loc);
    n->text = std::move(text);
    n->items = std::move(items);
    return n;
  }

  struct DepthGuard {
    explicit DepthGuard(int& d) : depth(d) { ++depth; }
    ~DepthGuard() { --depth; }
    int& depth;
  };

  // A chain `a + b + ... + z` is read in a loop but builds a left-deep tree, one level per
  // operator, which every later walk (the builders, the verifiers, the evaluator) recurses
  // through; so each operator of a chain counts as a nesting level, until the chain ends.
  struct ChainGuard {
    explicit ChainGuard(int& d) : depth(d) {}
    ~ChainGuard() { depth -= added; }
    // One more operator; true when the nesting is now too deep.
    bool deeper() {
      ++depth;
      ++added;
      return depth > kMaxDepth;
    }
    int& depth;
    int added = 0;
  };
  Syntax chain_too_deep() {
    return fail(peek(), fmt::format("expression nested deeper than {} levels (each operator of a "
                                    "chain such as a + b + c, and each subscript of x[0][0], "
                                    "nests one level): split it with intermediate bindings",
                                    kMaxDepth));
  }

  Syntax expr() {
    DepthGuard guard(depth_);
    if (depth_ > kMaxDepth)
      return fail(peek(), fmt::format("expression nested deeper than {} levels", kMaxDepth));
    Syntax lhs = arith();
    static constexpr std::pair<TokenKind, const char*> kCompare[] = {
        {TokenKind::Less, "<"},          {TokenKind::LessEqual, "<="},
        {TokenKind::EqualEqual, "=="},   {TokenKind::NotEqual, "!="},
        {TokenKind::GreaterEqual, ">="}, {TokenKind::Greater, ">"}};
    for (auto [kind, spelling] : kCompare) {
      if (lhs && at(kind)) {
        SourceLocation loc = take().location;
        Syntax rhs = arith();
        return rhs ? node(SyntaxKind::Binary, loc, spelling, {lhs, rhs}) : nullptr;
      }
    }
    return lhs;
  }

  Syntax arith() {
    Syntax lhs = term();
    ChainGuard chain(depth_);
    while (lhs && (at(TokenKind::Plus) || at(TokenKind::Minus))) {
      if (chain.deeper()) return chain_too_deep();
      const Token& op = take();
      Syntax rhs = term();
      if (!rhs) return nullptr;
      lhs = node(SyntaxKind::Binary, op.location, op.kind == TokenKind::Plus ? "+" : "-", {lhs, rhs});
    }
    return lhs;
  }

  Syntax term() {
    Syntax lhs = unary();
    ChainGuard chain(depth_);
    while (lhs && (at(TokenKind::Star) || at(TokenKind::SlashSlash) || at(TokenKind::Percent))) {
      if (chain.deeper()) return chain_too_deep();
      const Token& op = take();
      const char* spelling = op.kind == TokenKind::Star ? "*" : op.kind == TokenKind::SlashSlash ? "//" : "%";
      Syntax rhs = unary();
      if (!rhs) return nullptr;
      lhs = node(SyntaxKind::Binary, op.location, spelling, {lhs, rhs});
    }
    return lhs;
  }

  Syntax unary() {
    if (at(TokenKind::Minus)) {
      DepthGuard guard(depth_);
      if (depth_ > kMaxDepth)
        return fail(peek(), fmt::format("expression nested deeper than {} levels", kMaxDepth));
      SourceLocation loc = take().location;
      Syntax operand = unary();
      return operand ? node(SyntaxKind::Negate, loc, "", {operand}) : nullptr;
    }
    return postfix();
  }

  Syntax postfix() {
    Syntax base = primary();
    // Only names are called (f(...), cuda.mma.atom(...)); names, calls and subscripts are
    // subscripted (m[0:16], Mesh(...)[1:3]). Each subscript wraps the tree one level deeper
    // (x[0][0]...), so it counts as a nesting level, as a chain's operators do.
    ChainGuard chain(depth_);
    while (base) {
      if (at(TokenKind::LBracket) && chain.deeper()) return chain_too_deep();
      if (base->kind == SyntaxKind::Subscript && starts_literal_body()) {
        return literal(base);
      } else if (at(TokenKind::LParen) &&
                 (base->kind == SyntaxKind::Name || base->kind == SyntaxKind::Symbol)) {
        base = call(base);
      } else if (at(TokenKind::LBracket) &&
                 (base->kind == SyntaxKind::Name || base->kind == SyntaxKind::Call ||
                  base->kind == SyntaxKind::Subscript)) {
        base = subscript(base);
      } else {
        break;
      }
    }
    return base;
  }

  Syntax call(Syntax callee) {
    auto n = std::make_shared<SyntaxNode>();
    n->kind = SyntaxKind::Call;
    take();  // (
    n->location = callee->location;  // a call is where its name is
    n->callee = std::move(callee);
    if (!arguments(*n, TokenKind::RParen, [this] { return expr(); }, "argument",
                   "to close the argument list"))
      return nullptr;
    return n;
  }

  /// Positional items, then keyword items, up to `close`: `f(a, k=v)` and `T[i, k=v]`.
  /// `item` parses one positional item; `what` names it in the ordering error.
  template <typename ItemParser>
  bool arguments(SyntaxNode& n, TokenKind close, ItemParser item, const char* what,
                 const char* close_context) {
    while (!at(close)) {
      if (at(TokenKind::Identifier) && toks_[pos_ + 1].kind == TokenKind::Equal) {
        const Token& name = take();
        take();  // =
        if (n.keyword(name.text)) {
          fail(name, fmt::format("keyword argument '{}' is given twice", name.text));
          return false;
        }
        Syntax value = expr();
        if (!value) return false;
        n.keywords.emplace_back(name.text, value);
      } else {
        if (!n.keywords.empty()) {
          fail(peek(), fmt::format("a positional {} cannot follow keyword arguments", what));
          return false;
        }
        Syntax value = item();
        if (!value) return false;
        n.items.push_back(value);
      }
      if (!accept(TokenKind::Comma)) break;
    }
    return expect(close, close_context);
  }

  Syntax subscript(Syntax base) {
    auto n = std::make_shared<SyntaxNode>();
    n->kind = SyntaxKind::Subscript;
    n->location = take().location;  // [
    n->callee = std::move(base);
    // Index items, then keyword items (Tensor[(4,), f32, storage=smem]); `X[]` is empty.
    if (!arguments(*n, TokenKind::RBracket, [this] { return slice_or_expr(); }, "index",
                   "to close the subscript"))
      return nullptr;
    return n;
  }

  Syntax slice_or_expr() {
    SourceLocation loc = peek().location;
    Syntax start;
    if (!at(TokenKind::Colon)) {
      start = expr();
      if (!start) return nullptr;
      if (at(TokenKind::Arrow)) {  // a signature: Callable[(A, B) -> R]
        SourceLocation arrow = take().location;
        Syntax result = expr();
        return result ? node(SyntaxKind::Binary, arrow, "->", {start, result}) : nullptr;
      }
      if (!at(TokenKind::Colon)) return start;
    }
    take();  // :
    Syntax stop;
    if (!at(TokenKind::Comma) && !at(TokenKind::RBracket)) {
      stop = expr();
      if (!stop) return nullptr;
    }
    return node(SyntaxKind::Slice, loc, "", {start, stop});
  }

  // After a type subscript: `{` written right after the `]` (`Tensor[(2,), f32]{1, 2}`; a `{`
  // after a space opens a block instead: `-> Tensor[(4,), f32] {`), or `bits{`, `planes{`,
  // `splat(`, `random(` start a literal.
  bool starts_literal_body() const {
    if (at(TokenKind::LBrace)) {
      const Token& close = toks_[pos_ - 1];
      return close.kind == TokenKind::RBracket && close.location.line == peek().location.line &&
             close.location.column + 1 == peek().location.column;
    }
    if (!at(TokenKind::Identifier) || peek().quoted_name) return false;
    const std::string& w = peek().text;
    const TokenKind next = toks_[pos_ + 1].kind;
    return ((w == "bits" || w == "planes") && next == TokenKind::LBrace) ||
           ((w == "splat" || w == "random") && next == TokenKind::LParen);
  }

  // A tensor literal whose type is `type` (null for a plane of `planes{...}`).
  Syntax literal(Syntax type) {
    auto n = std::make_shared<SyntaxNode>();
    n->kind = SyntaxKind::Literal;
    n->location = type ? type->location : peek().location;
    n->callee = std::move(type);
    if (at(TokenKind::LBrace)) {
      n->text = "values";
    } else {
      n->text = take().text;
    }
    if (n->text == "splat" || n->text == "random") {
      take();  // (
      if (!arguments(*n, TokenKind::RParen, [this] { return expr(); }, "argument",
                     "to close the argument list"))
        return nullptr;
      return n;
    }
    take();  // {
    while (!at(TokenKind::RBrace)) {
      Syntax item;
      if (n->text == "planes") {
        if (!(at(TokenKind::Identifier) && peek().text == "bits" &&
              toks_[pos_ + 1].kind == TokenKind::LBrace))
          return fail(peek(), fmt::format("expected a plane bits{{...}}, found {}", describe(peek())));
        item = literal(nullptr);
      } else {
        item = expr();
      }
      if (!item) return nullptr;
      n->items.push_back(item);
      if (!accept(TokenKind::Comma)) break;
    }
    if (!expect(TokenKind::RBrace, "to close the literal")) return nullptr;
    return n;
  }

  Syntax primary() {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::At: {
        take();
        const Token& name = peek();
        if (name.kind != TokenKind::Identifier)
          return fail(name, fmt::format("expected a function name after '@', found {}", describe(name)));
        take();
        return node(SyntaxKind::Symbol, t.location, name.text);
      }
      case TokenKind::Identifier: {
        take();
        std::string name = t.text;  // a dotted name: cuda.mma.atom
        while (at(TokenKind::Dot) && toks_[pos_ + 1].kind == TokenKind::Identifier) {
          take();
          name += "." + take().text;
        }
        auto n = std::make_shared<SyntaxNode>();
        n->location = t.location;
        n->text = std::move(name);
        n->quoted = t.quoted_name;  // a backquoted name is never a literal (value_builder.cpp)
        return n;
      }
      case TokenKind::Integer: take(); return node(SyntaxKind::Integer, t.location, t.text);
      case TokenKind::Float: take(); return node(SyntaxKind::Float, t.location, t.text);
      case TokenKind::String: take(); return node(SyntaxKind::String, t.location, t.text);
      case TokenKind::LParen: return parenthesized();
      default:
        return fail(t, fmt::format("expected an expression, found {}", describe(t)));
    }
  }

  Syntax parenthesized() {
    SourceLocation loc = take().location;  // (
    if (accept(TokenKind::RParen)) return node(SyntaxKind::Tuple, loc);
    Syntax first = expr();
    if (!first) return nullptr;
    if (accept(TokenKind::RParen)) return first;  // grouping
    std::vector<Syntax> items{first};
    while (accept(TokenKind::Comma)) {
      if (at(TokenKind::RParen)) break;  // trailing comma
      Syntax next = expr();
      if (!next) return nullptr;
      items.push_back(next);
    }
    if (!expect(TokenKind::RParen, "to close the tuple")) return nullptr;
    return node(SyntaxKind::Tuple, loc, "", std::move(items));
  }

  const std::vector<Token>& toks_;
  std::size_t pos_ = 0;
  int depth_ = 0;
  std::vector<Diagnostic> errors_;
};

}  // namespace

Result<Syntax> parse_expression(std::string_view source, const std::string& file_name) {
  Result<std::vector<Token>> tokens = lex(source, file_name);
  if (!tokens) return tokens.diagnostics();
  return ExpressionParser(*tokens, 0).run();
}

Result<Syntax> parse_expression_at(const std::vector<Token>& tokens, std::size_t& pos) {
  TF_CHECK(!tokens.empty() && tokens.back().kind == TokenKind::Eof && pos < tokens.size(),
           "parse_expression_at needs an Eof-terminated token list and a position inside it");
  std::size_t end = pos;
  Result<Syntax> r = ExpressionParser(tokens, pos).prefix(end);
  if (r) pos = end;
  return r;
}

}  // namespace tf::text
