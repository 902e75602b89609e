#include "ir/text/tir_reader.h"

#include <fmt/format.h>

#include <variant>

#include "ir/core/call.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/var.h"
#include "ir/support/nearest_names.h"
#include "ir/text/attr_builder.h"
#include "ir/text/build_support.h"
#include "ir/text/expression_parser.h"
#include "ir/text/layout_builder.h"
#include "ir/text/statement_cursor.h"
#include "ir/text/type_builder.h"
#include "ir/text/value_builder.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/terminators.h"
#include "ir/type/tensor_type.h"

namespace tf::text {

namespace {

// A let whose body is the rest of its block, read so far: its statements collect in `body`.
struct OpenLet {
  const Token* kw;
  VarRef var;
  Expr value;
  std::vector<tir::Stmt> body;
};

class TirBodyReader : public StatementCursor {
 public:
  TirBodyReader(const std::vector<Token>& toks, std::size_t pos, BodyEnvironment& env)
      : StatementCursor(toks, pos), env_(env) {}

  // The block whose `{` is at pos_, up to and including its `}`.
  std::optional<tir::SequentialRef> block() {
    const Token& open = take();  // {
    env_.push_scope();
    std::vector<tir::Stmt> stmts;
    const std::size_t errors = diags_.size();
    rest_of_block(stmts);
    env_.pop_scope();
    if (!at(TokenKind::RBrace)) {
      report(error_at(open, "this block is never closed"));
      return std::nullopt;
    }
    take();
    if (diags_.size() != errors) return std::nullopt;
    return sequential(std::move(stmts), open);
  }

 private:
  std::optional<tir::SequentialRef> sequential(std::vector<tir::Stmt> stmts, const Token& at) {
    Result<tir::SequentialRef> s = tir::Sequential::make(std::move(stmts), at.location);
    if (!s.ok()) {
      report(located_at(s.diagnostics(), SyntaxNode{.location = at.location}));
      return std::nullopt;
    }
    return *s;
  }

  // Statements up to the block's `}` (not taken); a `let` without braces takes the rest as its
  // body. Without recursion: such a let opens a new list for the statements after it, and at the
  // block's end each open let is built around its list, innermost first, so that a chain of
  // lets (a lowered kernel nests one per binding) costs no stack. Its name is bound in the
  // block's scope, which ends where its body does (a scope per let would make each lookup walk
  // them all). Blocks in braces recurse, and the item skipper bounds their nesting (256 levels).
  void rest_of_block(std::vector<tir::Stmt>& stmts) {
    std::vector<OpenLet> open;
    auto current = [&]() -> std::vector<tir::Stmt>& { return open.empty() ? stmts : open.back().body; };
    while (true) {
      skip_newlines();
      if (at(TokenKind::RBrace) || at(TokenKind::Eof)) break;
      if (!is_word(peek(), "let")) {
        if (std::optional<tir::Stmt> s = statement()) current().push_back(*s);
        continue;
      }
      if (let_depth_ >= tir::kMaxLetNesting) {  // one diagnostic, and no deeper: skip the rest of the block
        report(error_at(peek(), fmt::format("lets nested deeper than {} levels (each let's body is the rest of its "
                                            "block)",
                                            tir::kMaxLetNesting)));
        while (true) {
          skip_newlines();
          if (at(TokenKind::RBrace) || at(TokenKind::Eof)) break;
          skip_statement();
        }
        break;
      }
      std::variant<std::monostate, tir::Stmt, OpenLet> let = let_statement();
      if (tir::Stmt* s = std::get_if<tir::Stmt>(&let)) current().push_back(*s);
      if (OpenLet* o = std::get_if<OpenLet>(&let)) {
        env_.bind(o->var->name, o->var);
        ++let_depth_;
        open.push_back(std::move(*o));
      }
    }
    while (!open.empty()) {
      OpenLet let = std::move(open.back());
      open.pop_back();
      --let_depth_;
      std::optional<tir::SequentialRef> body = sequential(std::move(let.body), *let.kw);
      if (!body) continue;
      if (std::optional<tir::Stmt> s = built(tir::LetStmt::make(let.var, let.value, *body, let.kw->location), *let.kw))
        current().push_back(*s);
    }
  }

  template <typename T>
  std::optional<tir::Stmt> built(Result<Ref<const T>> r, const Token& at) {
    if (!r.ok()) {
      report(located_at(r.diagnostics(), SyntaxNode{.location = at.location}));
      return std::nullopt;
    }
    return tir::Stmt(*r);
  }

  std::optional<Expr> value(const SyntaxNode& node) {
    if (uses_poisoned_name(node, env_)) return std::nullopt;
    Result<Expr> v = build_value(node, BodyDialect::Tir, env_);
    if (!v.ok()) {
      report(v.diagnostics());
      return std::nullopt;
    }
    return *v;
  }

  std::optional<Syntax> expression() {
    Result<Syntax> s = parse_expression_at(toks_, pos_);
    if (!s.ok()) {
      fail_statement(s.diagnostics());
      return std::nullopt;
    }
    return *s;
  }

  // let v[: T] = value  (then `{ ... }`, or the rest of the block): the LetStmt of a braced
  // body, the open let whose body is the rest of the block (rest_of_block reads it), or nothing
  // (reported).
  std::variant<std::monostate, tir::Stmt, OpenLet> let_statement() {
    const Token& kw = take();
    const Token& name = peek();
    if (name.kind != TokenKind::Identifier) {
      fail_statement({error_at(name, fmt::format("expected a name after let, found {}", describe(name)))});
      return std::monostate{};
    }
    if (std::optional<Diagnostic> literal = literal_name_error(name, "a binding")) {
      fail_statement({std::move(*literal)});
      return std::monostate{};
    }
    take();
    IRType declared;
    if (at(TokenKind::Colon)) {
      take();
      std::optional<Syntax> ts = expression();
      if (!ts) return poisoned(name.text);
      Result<IRType> t = build_type(**ts, env_.file());
      if (!t.ok()) {
        fail_statement(t.diagnostics());
        return poisoned(name.text);
      }
      declared = *t;
    }
    if (!at(TokenKind::Equal)) {
      fail_statement({error_at(peek(), fmt::format("expected '=' after let {}, found {}", name.text,
                                                   describe(peek())))});
      return poisoned(name.text);
    }
    take();
    std::optional<Syntax> vs = expression();
    if (!vs) return poisoned(name.text);
    std::optional<Expr> v = value(**vs);
    if (!v) {
      skip_statement();
      return poisoned(name.text);
    }
    Result<VarRef> var = Var::make(name.text, declared ? declared : (*v)->type());
    if (!var.ok()) {
      fail_statement(located_at(var.diagnostics(), **vs));
      return poisoned(name.text);
    }
    if (!at(TokenKind::LBrace)) {
      if (!end_of_statement()) return std::monostate{};
      return OpenLet{&kw, *var, *v, {}};
    }
    env_.push_scope();  // an explicit body
    env_.bind(name.text, *var);
    ++let_depth_;
    std::optional<tir::SequentialRef> body = block();
    --let_depth_;
    env_.pop_scope();
    if (!body || !end_of_statement()) return std::monostate{};
    std::optional<tir::Stmt> s = built(tir::LetStmt::make(*var, *v, *body, kw.location), kw);
    if (!s) return std::monostate{};
    return *s;
  }

  std::monostate poisoned(const std::string& name) {
    env_.poison(name);
    return {};
  }

  std::optional<tir::Stmt> statement() {
    const Token& first = peek();
    if (is_word(first, "for")) return for_statement();
    if (is_word(first, "while")) return while_statement();
    if (is_word(first, "if")) return if_statement();
    if (is_word(first, "with")) return with_statement();
    if (is_word(first, "dispatch")) return dispatch_statement();
    if (is_word(first, "return")) {
      take();
      if (!end_of_statement()) return std::nullopt;
      return built(tir::Return::make(first.location), first);
    }
    if (is_word(first, "abort")) {
      take();
      std::string message;
      if (at(TokenKind::String)) message = take().text;
      if (!end_of_statement()) return std::nullopt;
      return built(tir::Abort::make(message, first.location), first);
    }
    return evaluate_statement();
  }

  // copy(a, b)   @callee(args)   sync(m)   launch(@k, ...)
  std::optional<tir::Stmt> evaluate_statement() {
    const Token& first = peek();
    std::optional<Syntax> s = expression();
    if (!s) return std::nullopt;
    const SyntaxNode& call = **s;
    if (call.kind != SyntaxKind::Call) {
      fail_statement({error_at(call, fmt::format("expected a statement, found the value '{}'", to_string(call)))});
      return std::nullopt;
    }
    if (uses_poisoned_name(call, env_)) {
      skip_statement();
      return std::nullopt;
    }
    if (call.callee->kind == SyntaxKind::Symbol) {
      std::optional<tir::Stmt> e = symbol_call(call, first);
      if (!e) skip_statement();
      else if (!end_of_statement()) return std::nullopt;
      return e;
    }
    std::optional<Expr> v = value(call);
    if (!v) {
      skip_statement();
      return std::nullopt;
    }
    if (!end_of_statement()) return std::nullopt;
    const Call* c = (*v)->as<Call>();
    if (c == nullptr) {
      report(error_at(call, fmt::format("'{}' is not an op call", to_string(call))));
      return std::nullopt;
    }
    return built(tir::Evaluate::make_op(CallRef(c), first.location), first);
  }

  std::optional<tir::Stmt> symbol_call(const SyntaxNode& call, const Token& at) {
    const Signature* sig = env_.signature(call.callee->text);
    if (sig == nullptr) {
      // The file's module holds no PrimFunction of that name: the verifier's rule, found early.
      Diagnostic d = error_at(call, fmt::format("no function @{} in this file", call.callee->text));
      d.rule_id = "TIR.1.3.VERIFY.callee-unique";
      suggest_nearest(d, call.callee->text, env_.function_names(), "@");
      report(std::move(d));
      return std::nullopt;
    }
    std::vector<Expr> args;
    for (const Syntax& a : call.items) {
      std::optional<Expr> v = value(*a);
      if (!v) return std::nullopt;
      args.push_back(*v);
    }
    Result<Ref<const SymbolRef>> ref = SymbolRef::make(call.callee->text, sig->type);
    if (!ref.ok()) {
      report(located_at(ref.diagnostics(), call));
      return std::nullopt;
    }
    return built(tir::Evaluate::make_symbol(*ref, std::move(args), at.location), at);
  }

  // for i in range(a, b, s) { }
  std::optional<tir::Stmt> for_statement() {
    const Token& kw = take();
    const Token& index = peek();
    if (index.kind != TokenKind::Identifier || !is_word(peek(1), "in")) {
      fail_statement({error_at(index, "expected `for NAME in range(...)`")});
      return std::nullopt;
    }
    if (std::optional<Diagnostic> literal = literal_name_error(index, "a loop index")) {
      fail_statement({std::move(*literal)});
      return std::nullopt;
    }
    pos_ += 2;
    std::optional<Syntax> range = expression();
    if (!range) return std::nullopt;
    const SyntaxNode& r = **range;
    if (r.kind != SyntaxKind::Call || !is_name(*r.callee, "range") || r.items.empty() ||
        r.items.size() > 3 || !r.keywords.empty()) {
      fail_statement({error_at(r, "expected range(stop), range(start, stop) or range(start, stop, step)")});
      return std::nullopt;
    }
    std::vector<Expr> bounds;
    for (const Syntax& item : r.items) {
      std::optional<Expr> v = value(*item);
      if (!v) {
        skip_statement();
        return std::nullopt;
      }
      bounds.push_back(*v);
    }
    auto constant = [&](std::int64_t n) { return build_scalar_literal(SyntaxNode{.kind = SyntaxKind::Integer, .location = kw.location, .text = std::to_string(n)}, StorageKind::Rmem).value(); };
    const Expr start = bounds.size() >= 2 ? bounds[0] : constant(0);
    const Expr stop = bounds.size() >= 2 ? bounds[1] : bounds[0];
    const Expr step = bounds.size() == 3 ? bounds[2] : constant(1);
    VarRef var = Var::make(index.text, TensorType::make({}, DType::i64(), std::nullopt, StorageKind::Rmem).value()).value();
    if (!at(TokenKind::LBrace)) {
      fail_statement({error_at(peek(), fmt::format("expected '{{' to open the loop body, found {}", describe(peek())))});
      return std::nullopt;
    }
    env_.push_scope();
    env_.bind(index.text, var);
    std::optional<tir::SequentialRef> body = block();
    env_.pop_scope();
    if (!body || !end_of_statement()) return std::nullopt;
    return built(tir::For::make(var, start, stop, step, *body, kw.location), kw);
  }

  // while cond { }
  std::optional<tir::Stmt> while_statement() {
    const Token& kw = take();
    std::optional<Expr> cond = condition();
    if (!cond) return std::nullopt;
    std::optional<tir::SequentialRef> body = block();
    if (!body || !end_of_statement()) return std::nullopt;
    return built(tir::While::make(*cond, *body, kw.location), kw);
  }

  // if cond { } [else { }]
  std::optional<tir::Stmt> if_statement() {
    const Token& kw = take();
    std::optional<Expr> cond = condition();
    if (!cond) return std::nullopt;
    std::optional<tir::SequentialRef> then_body = block();
    if (!then_body) return std::nullopt;
    tir::SequentialRef else_body = tir::Sequential::empty();
    if (is_word(peek(), "else")) {
      take();
      if (!at(TokenKind::LBrace)) {
        fail_statement({error_at(peek(), "expected '{' after else")});
        return std::nullopt;
      }
      std::optional<tir::SequentialRef> e = block();
      if (!e) return std::nullopt;
      else_body = *e;
    }
    if (!end_of_statement()) return std::nullopt;
    return built(tir::If::make(*cond, *then_body, else_body, kw.location), kw);
  }

  std::optional<Expr> condition() {
    std::optional<Syntax> s = expression();
    if (!s) return std::nullopt;
    std::optional<Expr> v = value(**s);
    if (!v || !at(TokenKind::LBrace)) {
      if (v) report(error_at(peek(), fmt::format("expected '{{' to open the block, found {}", describe(peek()))));
      skip_statement();
      return std::nullopt;
    }
    return v;
  }

  // with MESH as m { }
  std::optional<tir::Stmt> with_statement() {
    const Token& kw = take();
    std::optional<Syntax> ms = expression();
    if (!ms) return std::nullopt;
    Result<LayoutValue> mesh = build_layout_value(**ms, env_.layouts());
    if (!mesh.ok()) {
      fail_statement(mesh.diagnostics());
      return std::nullopt;
    }
    const Mesh* m = std::get_if<Mesh>(&*mesh);
    if (m == nullptr) {
      fail_statement({error_at(**ms, fmt::format("with takes a mesh, found the {} '{}'",
                                                 layout_value_kind(*mesh), to_string(**ms)))});
      return std::nullopt;
    }
    if (!is_word(peek(), "as") || peek(1).kind != TokenKind::Identifier || peek(2).kind != TokenKind::LBrace) {
      fail_statement({error_at(peek(), "expected `as NAME {` after the mesh")});
      return std::nullopt;
    }
    take();
    const Token& name = take();
    env_.push_scope();
    env_.bind_mesh(name.text, *m);
    std::optional<tir::SequentialRef> body = block();
    env_.pop_scope();
    if (!body || !end_of_statement()) return std::nullopt;
    return built(tir::MeshScope::make(*m, tir::mesh_binding(name.text), *body, kw.location), kw);
  }

  // dispatch "f" on (subjects) { case (patterns) => @callee(args) ... fallback { ... } }
  std::optional<tir::Stmt> dispatch_statement() {
    const Token& kw = take();
    if (!at(TokenKind::String) || !is_word(peek(1), "on")) {
      fail_statement({error_at(peek(), "expected `dispatch \"name\" on (subjects) {`")});
      return std::nullopt;
    }
    const std::string callee = take().text;
    take();  // on
    std::optional<Syntax> subjects_syntax = expression();
    if (!subjects_syntax) return std::nullopt;
    std::vector<Expr> subjects;
    const SyntaxNode& st = **subjects_syntax;
    const std::vector<Syntax> items = st.kind == SyntaxKind::Tuple ? st.items : std::vector<Syntax>{*subjects_syntax};
    for (const Syntax& item : items) {
      std::optional<Expr> v = value(*item);
      if (!v) {
        skip_statement();
        return std::nullopt;
      }
      subjects.push_back(*v);
    }
    if (!at(TokenKind::LBrace)) {
      fail_statement({error_at(peek(), "expected '{' to open the dispatch cases")});
      return std::nullopt;
    }
    take();
    std::vector<std::vector<Pattern>> patterns;
    std::vector<tir::EvaluateRef> calls;
    std::optional<tir::SequentialRef> fallback;
    while (true) {
      skip_newlines();
      if (at(TokenKind::RBrace) || at(TokenKind::Eof)) break;
      if (is_word(peek(), "fallback")) {
        take();
        if (!at(TokenKind::LBrace)) {
          fail_statement({error_at(peek(), "expected '{' after fallback")});
          return std::nullopt;
        }
        fallback = block();
        if (!fallback || !end_of_statement()) return std::nullopt;
        continue;
      }
      if (!is_word(peek(), "case")) {
        fail_statement({error_at(peek(), fmt::format("expected `case (...) => @f(...)` or `fallback {{ }}`, found {}", describe(peek())))});
        return std::nullopt;
      }
      const Token& case_kw = take();
      std::optional<Syntax> ps = expression();
      if (!ps) return std::nullopt;
      std::vector<Pattern> row;
      const std::vector<Syntax> pitems = (*ps)->kind == SyntaxKind::Tuple ? (*ps)->items : std::vector<Syntax>{*ps};
      for (const Syntax& p : pitems) {
        Result<AttrValue> pat = build_attr_value_for_pattern(*p);
        if (!pat.ok()) {
          fail_statement(pat.diagnostics());
          return std::nullopt;
        }
        row.push_back(std::get<Pattern>(*pat));
      }
      if (!at(TokenKind::FatArrow)) {
        fail_statement({error_at(peek(), "expected '=>' after the case patterns")});
        return std::nullopt;
      }
      take();
      std::optional<Syntax> cs = expression();
      if (!cs) return std::nullopt;
      if ((*cs)->kind != SyntaxKind::Call || (*cs)->callee->kind != SyntaxKind::Symbol) {
        fail_statement({error_at(**cs, "a dispatch case calls a function: `=> @f(args)`")});
        return std::nullopt;
      }
      std::optional<tir::Stmt> e = symbol_call(**cs, case_kw);
      if (!e || !end_of_statement()) return std::nullopt;
      patterns.push_back(std::move(row));
      calls.push_back(tir::EvaluateRef(static_cast<const tir::Evaluate*>(e->get())));
    }
    if (!at(TokenKind::RBrace)) {
      report(error_at(kw, "the dispatch block is never closed"));
      return std::nullopt;
    }
    take();
    if (!end_of_statement()) return std::nullopt;
    if (!fallback) fallback = tir::Sequential::empty();
    return built(tir::DispatchCall::make(callee, std::move(subjects), std::move(patterns),
                                         std::move(calls), *fallback, kw.location),
                 kw);
  }

  Result<AttrValue> build_attr_value_for_pattern(const SyntaxNode& node) {
    return build_attr_value(AttrKind::Pattern, node, env_);
  }

  BodyEnvironment& env_;
  std::size_t let_depth_ = 0;  // lets enclosing the statement being read
};

}  // namespace


Result<tir::PrimFunctionRef> read_prim_function(const ParsedFile& file, const SkippedItem& item,
                                                const ItemSignature& sig, const OpHandlers& handlers,
                                                const std::map<std::string, Signature>& signatures,
                                                const std::map<std::string, Atom>& atoms) {
  BodyEnvironment env(file.environment, handlers, signatures, atoms);
  for (const VarRef& p : sig.params) env.bind(p->name, p);
  TirBodyReader reader(file.tokens, sig.body_open, env);
  std::optional<tir::SequentialRef> body = reader.block();
  if (!reader.diagnostics().empty()) return reader.diagnostics();
  if (!body) return error_at(SyntaxNode{.location = item.begin}, "the prim_func body could not be read");
  std::optional<tir::Target> target = tir::target_from_name(sig.target);
  Result<tir::PrimFunctionRef> f = tir::PrimFunction::make(sig.name, sig.params, *body, sig.output_count,
                                                           target.value_or(tir::Target::Cuda), item.begin);
  if (!f.ok()) return located_at(f.diagnostics(), SyntaxNode{.location = item.begin});
  return f;
}

}  // namespace tf::text
