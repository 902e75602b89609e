#include "ir/text/hir_reader.h"

#include <fmt/format.h>

#include <limits>

#include "ir/core/expr_depth.h"
#include "ir/core/structural.h"
#include "ir/core/tuple.h"
#include "ir/core/grid_region.h"
#include "ir/text/build_support.h"
#include "ir/text/dim_builder.h"
#include "ir/text/expression_parser.h"
#include "ir/text/lexer.h"
#include "ir/text/statement_cursor.h"
#include "ir/text/type_builder.h"
#include "ir/text/value_builder.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::text {

namespace {

class HirBodyReader : public StatementCursor {
 public:
  // `max_bindings` bounds the bindings read (kMaxBindings for a func's body).
  HirBodyReader(const std::vector<Token>& toks, std::size_t pos, BodyEnvironment& env,
                int max_bindings = kMaxBindings)
      : StatementCursor(toks, pos), env_(env), max_bindings_(max_bindings) {}

  // Reads the function's block, whose `{` is at pos_; the result is the returned value.
  Result<Expr> function_block() {
    ++pos_;  // {
    std::optional<Expr> result;
    while (true) {
      skip_newlines();
      if (at(TokenKind::RBrace) || at(TokenKind::Eof)) break;
      if (is_word(peek(), "return")) {
        const Token& kw = take();
        if (result) diags_.push_back(error_at(kw, "a func has one return, at the end of its body"));
        std::optional<Expr> v = value_statement();
        if (v) result = v;
        else if (diags_.empty()) return error_at(kw, "the returned value could not be built");
        continue;
      }
      if (result) {
        diags_.push_back(error_at(peek(), "statements after return are unreachable"));
        skip_statement();
        continue;
      }
      binding();
      if (bindings_ > max_bindings_) {  // the rest of the body is not read
        while (!at(TokenKind::RBrace) && !at(TokenKind::Eof)) {
          skip_statement();
          skip_newlines();
        }
        break;
      }
    }
    if (!diags_.empty()) return diags_;
    if (!result) return error_at(peek(), "the func body has no return");
    return *result;
  }

  // Reads bindings and loops up to Eof (PartialHirBody::read); a stray `}` is an error.
  Result<bool> statements_to_end() {
    while (true) {
      skip_newlines();
      if (at(TokenKind::Eof)) break;
      if (at(TokenKind::RBrace)) {
        diags_.push_back(error_at(take(), "a '}' that closes no block"));
        continue;
      }
      binding();
    }
    if (!diags_.empty()) return diags_;
    return true;
  }

 private:
  // An expression up to the end of the statement; nothing (diagnostics recorded, or quietly
  // skipped for a poisoned name) on failure.
  std::optional<Expr> value_statement() {
    Result<Syntax> s = parse_expression_at(toks_, pos_);
    if (!s.ok()) {
      append(diags_, s.diagnostics());
      skip_statement();
      return std::nullopt;
    }
    if (uses_poisoned_name(**s, env_)) {
      skip_statement();
      return std::nullopt;
    }
    Result<Expr> v = build_value(**s, BodyDialect::Hir, env_);
    if (!v.ok()) {
      append(diags_, v.diagnostics());
      skip_statement();
      return std::nullopt;
    }
    if (!end_of_statement()) return std::nullopt;
    return *v;
  }

  // name[: Type] = value | loop
  void binding() {
    const Token& name = peek();
    if (++bindings_ > max_bindings_) {  // one diagnostic; the function block stops reading
      if (bindings_ == max_bindings_ + 1)
        report(error_at(name, fmt::format("a func body holds at most {} bindings (the verifier and "
                                        "the evaluators walk its dependency chains recursively)",
                                        max_bindings_)));
      skip_statement();
      return;
    }
    if (name.kind != TokenKind::Identifier || (peek(1).kind != TokenKind::Equal && peek(1).kind != TokenKind::Colon)) {
      diags_.push_back(error_at(name, fmt::format("expected a binding `name = value`, `return` or the "
                                                  "end of the block, found {}", describe(name))));
      skip_statement();
      return;
    }
    take();
    if (std::optional<Diagnostic> literal = literal_name_error(name, "a binding")) {
      diags_.push_back(std::move(*literal));
      skip_statement();
      return;
    }
    IRType declared;
    Syntax declared_at;
    if (at(TokenKind::Colon)) {
      take();
      Result<Syntax> ts = parse_expression_at(toks_, pos_);
      Result<IRType> t = ts.ok() ? build_type(**ts, env_.file()) : Result<IRType>(ts.diagnostics());
      if (!t.ok()) {
        append(diags_, t.diagnostics());
        skip_statement();
        env_.poison(name.text);
        return;
      }
      declared = *t;
      declared_at = *ts;
    }
    if (!at(TokenKind::Equal)) {
      diags_.push_back(error_at(peek(), fmt::format("expected '=' in the binding of '{}', found {}",
                                                    name.text, describe(peek()))));
      skip_statement();
      env_.poison(name.text);
      return;
    }
    take();
    std::optional<Expr> v = is_word(peek(), "for") ? loop() : value_statement();
    if (!v) {
      env_.poison(name.text);
      return;
    }
    if (declared && !structural_equal(declared, (*v)->type())) {
      Diagnostic d = category_error(
          DiagCategory::Type, fmt::format("'{}' is declared {}, but its value has type {}",
                                          name.text, short_text(declared), short_text((*v)->type())));
      d.location = name.location;
      diags_.push_back(std::move(d));
      env_.poison(name.text);
      return;
    }
    // The value's name and place go on its node (a value bound twice keeps its first); a Var or
    // a DimVar is its own name.
    if (!(*v)->is<Var>() && !(*v)->is<DimVar>())
      attach_binding(**v, make_binding_info(name.text, name.location));
    env_.bind(name.text, *v);
    last_bound_ = *v;
  }

  // for i in range(...) [carry (c = init, ...)] { ...; yield (...) }
  std::optional<Expr> loop() {
    const Token& for_kw = take();
    const Token& index = peek();
    if (index.kind != TokenKind::Identifier || !is_word(peek(1), "in")) {
      diags_.push_back(error_at(index, "expected `for NAME in range(...)`"));
      skip_statement();
      return std::nullopt;
    }
    if (std::optional<Diagnostic> literal = literal_name_error(index, "a loop index")) {
      diags_.push_back(std::move(*literal));
      skip_statement();
      return std::nullopt;
    }
    pos_ += 2;
    Result<Syntax> range = parse_expression_at(toks_, pos_);
    if (!range.ok()) {
      append(diags_, range.diagnostics());
      skip_statement();
      return std::nullopt;
    }
    const SyntaxNode& r = **range;
    if (r.kind != SyntaxKind::Call || !is_name(*r.callee, "range") || r.items.empty() ||
        r.items.size() > 3 || !r.keywords.empty()) {
      diags_.push_back(error_at(r, "expected range(stop), range(start, stop) or range(start, stop, step)"));
      skip_statement();
      return std::nullopt;
    }
    std::vector<ShapeDim> bounds;
    for (const Syntax& item : r.items) {
      Result<ShapeDim> d = build_shape_dim(*item, env_.file());
      if (!d.ok()) {
        append(diags_, d.diagnostics());
        skip_statement();
        return std::nullopt;
      }
      bounds.push_back(*d);
    }
    GridRegionParts parts;
    parts.start = bounds.size() >= 2 ? bounds[0] : ShapeDim(0);
    parts.stop = bounds.size() >= 2 ? bounds[1] : bounds[0];
    parts.step = bounds.size() == 3 ? bounds[2] : ShapeDim(1);
    parts.induction_var =
        Var::make(index.text, TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Umat).value())
            .value();
    std::vector<std::string> carry_names;
    if (is_word(peek(), "carry")) {
      take();
      if (!carries(parts, carry_names)) return std::nullopt;
    }
    if (!at(TokenKind::LBrace)) {
      diags_.push_back(error_at(peek(), fmt::format("expected '{{' to open the loop body, found {}",
                                                    describe(peek()))));
      skip_statement();
      return std::nullopt;
    }
    take();
    env_.push_scope();
    env_.bind(index.text, parts.induction_var);
    for (std::size_t k = 0; k < parts.carried.size(); ++k) env_.bind(carry_names[k], parts.carried[k]);
    const std::size_t errors_before = diags_.size();
    std::optional<Expr> last;
    bool yielded = false;
    while (true) {
      skip_newlines();
      if (at(TokenKind::RBrace) || at(TokenKind::Eof)) break;
      if (is_word(peek(), "yield")) {
        const Token& kw = take();
        std::optional<Expr> y = value_statement();
        if (y) {
          yielded = true;
          if (const Tuple* t = (*y)->as<Tuple>(); t != nullptr && parts.carried.size() != 1)
            parts.yields = t->elements;
          else
            parts.yields = {*y};
          if (parts.carried.empty()) diags_.push_back(error_at(kw, "a loop without carries yields nothing"));
        }
        continue;
      }
      last_bound_.reset();
      binding();
      last = last_bound_;
    }
    env_.pop_scope();
    if (!at(TokenKind::RBrace)) {
      diags_.push_back(error_at(peek(), "the loop body is never closed"));
      return std::nullopt;
    }
    take();
    if (diags_.size() != errors_before) {
      skip_statement();
      return std::nullopt;
    }
    if (!parts.carried.empty() && !yielded) {
      diags_.push_back(error_at(for_kw, "a loop with carries ends with `yield (...)`"));
      return std::nullopt;
    }
    if (!last && parts.carried.empty()) {
      diags_.push_back(error_at(for_kw, "a loop without carries needs a binding: its value is the last one"));
      return std::nullopt;
    }
    // A carried loop's value is its carries (the body is not evaluated, upstream docs/spec/hir.md):
    // its body is its last yield, so that the printer, which prints what the yields need, reads
    // back to the same region. Without carries the body is the last binding.
    parts.body = !parts.yields.empty() ? parts.yields.back() : last ? *last : Expr();
    Result<GridRegionRef> g = GridRegionExpr::make(std::move(parts));
    if (!g.ok()) {
      append(diags_, located_at(g.diagnostics(), SyntaxNode{.location = for_kw.location}));
      return std::nullopt;
    }
    if (!end_of_statement()) return std::nullopt;
    return Expr(*g);
  }

  // (c = init, ...)
  bool carries(GridRegionParts& parts, std::vector<std::string>& names) {
    if (!at(TokenKind::LParen)) {
      diags_.push_back(error_at(peek(), "expected `carry (name = init, ...)`"));
      skip_statement();
      return false;
    }
    take();
    while (!at(TokenKind::RParen)) {
      const Token& name = peek();
      if (name.kind != TokenKind::Identifier || peek(1).kind != TokenKind::Equal) {
        diags_.push_back(error_at(name, fmt::format("expected `name = init` in the carry list, found {}",
                                                    describe(name))));
        skip_statement();
        return false;
      }
      if (std::optional<Diagnostic> literal = literal_name_error(name, "a carry")) {
        diags_.push_back(std::move(*literal));
        skip_statement();
        return false;
      }
      pos_ += 2;
      Result<Syntax> init = parse_expression_at(toks_, pos_);
      Result<Expr> v = init.ok() ? build_value(**init, BodyDialect::Hir, env_)
                                 : Result<Expr>(init.diagnostics());
      if (!v.ok()) {
        if (!(init.ok() && uses_poisoned_name(**init, env_))) append(diags_, v.diagnostics());
        skip_statement();
        return false;
      }
      parts.inits.push_back(*v);
      parts.carried.push_back(Var::make(name.text, (*v)->type()).value());
      names.push_back(name.text);
      if (!at(TokenKind::Comma)) break;
      take();
    }
    if (!at(TokenKind::RParen)) {
      diags_.push_back(error_at(peek(), "expected ')' to close the carry list"));
      skip_statement();
      return false;
    }
    take();
    return true;
  }

  // The most bindings one body may hold, loops included: a chain of that many dependent values
  // is walked recursively by the verifier and the evaluators, so it bounds their stack depth.
  static constexpr int kMaxBindings = 1000;

  BodyEnvironment& env_;
  int max_bindings_;
  int bindings_ = 0;
  std::optional<Expr> last_bound_;
};

}  // namespace

namespace {

// The body of the func whose signature is `sig`; its nodes carry their bindings' names and places,
// and the parameters' Vars their places (diagnostics about a parameter).
Result<Expr> read_body(const ParsedFile& file, const ItemSignature& sig, const OpHandlers& handlers,
                       const std::map<std::string, Signature>& signatures,
                       const std::map<std::string, Atom>& atoms) {
  BodyEnvironment env(file.environment, handlers, signatures, atoms);
  for (const VarRef& p : sig.params) env.bind(p->name, p);
  HirBodyReader reader(file.tokens, sig.body_open, env);
  Result<Expr> body = reader.function_block();
  TF_TRY(body);
  // The verifiers, the evaluators and the printers walk values recursively: a body whose values
  // nest deeper than this (a chain of bindings, each feeding the next, of nested calls) is
  // refused here, while the reader still knows where it is, instead of overflowing the stack.
  constexpr std::size_t kMaxValueDepth = 2000;
  if (const std::size_t depth = expr_depth(*body); depth > kMaxValueDepth) {
    Diagnostic d = category_error(
        DiagCategory::Parse,
        fmt::format("the values of this body nest {} deep (each binding that reads the previous "
                    "one, and each nested call, adds a level); at most {}: the verifier and the "
                    "evaluators walk them recursively. Split the function",
                    depth, kMaxValueDepth));
    d.location = file.tokens[sig.body_open].location;
    return d;
  }
  for (std::size_t i = 0; i < sig.params.size() && i < sig.param_locations.size(); ++i)
    attach_binding(*sig.params[i], make_binding_info("", sig.param_locations[i]));
  return body;
}

}  // namespace

Result<hir::HirFunctionRef> read_hir_function(const ParsedFile& file, const SkippedItem& item,
                                              const ItemSignature& sig, const OpHandlers& handlers,
                                              const std::map<std::string, Signature>& signatures,
                                              const std::map<std::string, Atom>& atoms) {
  Result<Expr> body = read_body(file, sig, handlers, signatures, atoms);
  TF_TRY(body);
  Result<hir::HirFunctionRef> f = hir::Function::make(sig.name, sig.params, *body, sig.return_type);
  if (!f.ok()) return located_at(f.diagnostics(), SyntaxNode{.location = item.begin});
  return f;
}

Result<hir::HirFunctionRef> read_hir_variant(const ParsedFile& file, const SkippedItem& item,
                                             const SpecializeSignature& head, const OpHandlers& handlers,
                                             const std::map<std::string, Signature>& signatures,
                                             const std::map<std::string, Atom>& atoms) {
  const ItemSignature& sig = head.signature;
  Result<Expr> body = read_body(file, sig, handlers, signatures, atoms);
  TF_TRY(body);
  Result<hir::HirFunctionRef> f = hir::Function::make_variant(
      sig.name, head.base, sig.params, *body, sig.return_type, head.pattern);
  if (!f.ok()) return located_at(f.diagnostics(), SyntaxNode{.location = item.begin});
  return f;
}

PartialHirBody::PartialHirBody(const ParsedFile& file, const std::vector<VarRef>& params,
                               const OpHandlers& handlers, const std::map<std::string, Signature>& signatures,
                               const std::map<std::string, Atom>& atoms)
    : env_(file.environment, handlers, signatures, atoms), file_name_(file.file_name) {
  for (const VarRef& p : params) env_.bind(p->name, p);
}

Result<bool> PartialHirBody::read(std::string_view statements) {
  Result<std::vector<Token>> toks = lex(std::string(statements) + "\n", file_name_);
  TF_TRY(toks);
  // No Function is built, so the bound that keeps the verifier's recursion short does not apply.
  HirBodyReader reader(*toks, 0, env_, std::numeric_limits<int>::max());
  return reader.statements_to_end();
}

Result<IRType> PartialHirBody::type_of(std::string_view value) const {
  Result<Syntax> s = parse_expression(value, file_name_);
  TF_TRY(s);
  if (uses_poisoned_name(**s, env_))
    return error_at(**s, fmt::format("'{}' uses a name whose binding did not read", to_string(**s)));
  Result<Expr> v = build_value(**s, BodyDialect::Hir, env_);
  TF_TRY(v);
  return (*v)->type();
}

}  // namespace tf::text
