#include "ir/upstream/py_expr.h"

#include <fmt/format.h>

namespace tf::upstream {
namespace {

class Parser {
 public:
  Parser(const std::vector<PyToken>& t, std::size_t begin, std::size_t end, const std::string& file)
      : t_(t), pos_(begin), end_(end), file_(file) {}

  Result<PyExprRef> whole() {
    Result<PyExprRef> e = tuple_or_expr(/*allow_slice=*/false);
    TF_TRY(e);
    if (pos_ < end_) return error(t_[pos_], fmt::format("unexpected '{}' after an expression", t_[pos_].text));
    return e;
  }

 private:
  Diagnostic error(const PyToken& at, std::string message) const {
    Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
    d.location = SourceLocation{file_, at.line, at.column};
    return d;
  }
  Diagnostic error_here(std::string message) const {
    if (pos_ < end_) return error(t_[pos_], std::move(message));
    const PyToken& last = t_[end_ - 1];
    return error(PyToken{PyTok::Punct, "", last.line, last.column + static_cast<int>(last.text.size())}, std::move(message));
  }
  bool at(std::string_view punct) const { return pos_ < end_ && t_[pos_].is(punct); }

  static PyExprRef node(PyKind k, const PyToken& at, std::string text = {}, std::vector<PyExprRef> items = {}) {
    auto e = std::make_shared<PyExpr>();
    e->kind = k;
    e->text = std::move(text);
    e->items = std::move(items);
    e->line = at.line;
    e->column = at.column;
    return e;
  }

  // `a, b` (a Tuple when a comma follows the first) or one expression.
  Result<PyExprRef> tuple_or_expr(bool allow_slice) {
    const PyToken& first = t_[pos_ < end_ ? pos_ : end_ - 1];
    Result<PyExprRef> e = allow_slice ? slice_or_expr() : expr();
    TF_TRY(e);
    if (!at(",")) return e;
    std::vector<PyExprRef> items{*e};
    bool trailing = false;
    while (at(",")) {
      ++pos_;
      if (pos_ >= end_ || at(")") || at("]") || at("}")) {
        trailing = true;
        break;
      }
      Result<PyExprRef> next = allow_slice ? slice_or_expr() : expr();
      TF_TRY(next);
      items.push_back(*next);
    }
    auto tuple = std::make_shared<PyExpr>(*node(PyKind::Tuple, first, "", std::move(items)));
    tuple->trailing_comma = trailing;
    return PyExprRef(tuple);
  }

  // `lo:hi:step` (any part absent) or an expression.
  Result<PyExprRef> slice_or_expr() {
    const PyToken& first = t_[pos_ < end_ ? pos_ : end_ - 1];
    PyExprRef lo;
    if (!at(":")) {
      Result<PyExprRef> e = expr();
      TF_TRY(e);
      if (!at(":")) return e;
      lo = *e;
    }
    std::vector<PyExprRef> parts{lo, nullptr, nullptr};
    for (int part = 1; part <= 2 && at(":"); ++part) {
      ++pos_;
      if (pos_ < end_ && !at(":") && !at(",") && !at("]")) {
        Result<PyExprRef> e = expr();
        TF_TRY(e);
        parts[static_cast<std::size_t>(part)] = *e;
      }
    }
    return node(PyKind::Slice, first, "", std::move(parts));
  }

  // Binary operators by precedence: + - ; * / // % @ ; unary - ; ** ; primaries.
  Result<PyExprRef> expr() { return additive(); }

  Result<PyExprRef> additive() {
    Result<PyExprRef> l = multiplicative();
    TF_TRY(l);
    PyExprRef left = *l;
    while (at("+") || at("-")) {
      const PyToken& op = t_[pos_++];
      Result<PyExprRef> r = multiplicative();
      TF_TRY(r);
      left = node(PyKind::Binary, op, op.text, {left, *r});
    }
    return left;
  }

  Result<PyExprRef> multiplicative() {
    Result<PyExprRef> l = unary();
    TF_TRY(l);
    PyExprRef left = *l;
    while (at("*") || at("/") || at("//") || at("%") || at("@")) {
      const PyToken& op = t_[pos_++];
      Result<PyExprRef> r = unary();
      TF_TRY(r);
      left = node(PyKind::Binary, op, op.text, {left, *r});
    }
    return left;
  }

  // Nesting deeper than this is refused, not recursed into (no input may exhaust the stack).
  static constexpr int kMaxDepth = 200;

  Result<PyExprRef> unary() {
    struct Depth {
      int& d;
      explicit Depth(int& x) : d(++x) {}
      ~Depth() { --d; }
    } depth(depth_);
    if (depth_ > kMaxDepth) return error_here(fmt::format("an expression nested more than {} deep", kMaxDepth));
    if (at("-") || at("+")) {
      const PyToken& op = t_[pos_++];
      Result<PyExprRef> x = unary();
      TF_TRY(x);
      return node(PyKind::Unary, op, op.text, {*x});
    }
    Result<PyExprRef> base = primary();
    TF_TRY(base);
    if (!at("**")) return base;
    const PyToken& op = t_[pos_++];
    Result<PyExprRef> exponent = unary();
    TF_TRY(exponent);
    return node(PyKind::Binary, op, op.text, {*base, *exponent});
  }

  Result<PyExprRef> primary() {
    Result<PyExprRef> a = atom();
    TF_TRY(a);
    PyExprRef e = *a;
    for (;;) {
      if (at("(")) {
        const PyToken& open = t_[pos_++];
        auto call = std::make_shared<PyExpr>(*node(PyKind::Call, open, "", {e}));
        call->line = e->line;
        call->column = e->column;
        while (!at(")")) {
          if (pos_ >= end_) return error_here("a call without its ')'");
          if (t_[pos_].kind == PyTok::Name && pos_ + 1 < end_ && t_[pos_ + 1].is("=")) {
            const std::string key = t_[pos_].text;
            pos_ += 2;
            Result<PyExprRef> v = expr();
            TF_TRY(v);
            call->keywords.emplace_back(key, *v);
          } else {
            if (!call->keywords.empty()) return error_here("a positional argument after a keyword argument");
            Result<PyExprRef> v = expr();
            TF_TRY(v);
            call->items.push_back(*v);
          }
          if (at(",")) ++pos_;
          else if (!at(")")) return error_here("expected ',' or ')' in a call");
        }
        ++pos_;
        e = call;
      } else if (at("[")) {
        const PyToken& open = t_[pos_++];
        Result<PyExprRef> index = tuple_or_expr(/*allow_slice=*/true);
        TF_TRY(index);
        if (!at("]")) return error_here("expected ']'");
        ++pos_;
        std::vector<PyExprRef> items{e};
        if ((*index)->kind == PyKind::Tuple) items.insert(items.end(), (*index)->items.begin(), (*index)->items.end());
        else items.push_back(*index);
        auto sub = std::make_shared<PyExpr>(*node(PyKind::Subscript, open, "", std::move(items)));
        sub->line = e->line;
        sub->column = e->column;
        e = sub;
      } else if (at(".")) {
        ++pos_;
        if (pos_ >= end_ || t_[pos_].kind != PyTok::Name) return error_here("expected a name after '.'");
        auto attr = std::make_shared<PyExpr>(*node(PyKind::Attribute, t_[pos_], t_[pos_].text, {e}));
        attr->line = e->line;
        attr->column = e->column;
        ++pos_;
        e = attr;
      } else {
        return e;
      }
    }
  }

  Result<PyExprRef> atom() {
    if (pos_ >= end_) return error_here("expected an expression");
    const PyToken& t = t_[pos_];
    switch (t.kind) {
      case PyTok::Name: ++pos_; return node(PyKind::Name, t, t.text);
      case PyTok::Int: ++pos_; return node(PyKind::Int, t, t.text);
      case PyTok::Float: ++pos_; return node(PyKind::Float, t, t.text);
      case PyTok::String: ++pos_; return node(PyKind::String, t, t.text);
      case PyTok::Punct: break;
    }
    if (t.is("(")) {
      ++pos_;
      if (at(")")) {
        ++pos_;
        return node(PyKind::Tuple, t);
      }
      Result<PyExprRef> inner = tuple_or_expr(false);
      TF_TRY(inner);
      if (!at(")")) return error_here("expected ')'");
      ++pos_;
      if ((*inner)->kind == PyKind::Tuple) {
        auto tuple = std::make_shared<PyExpr>(**inner);
        tuple->line = t.line;
        tuple->column = t.column;
        return PyExprRef(tuple);
      }
      return node(PyKind::Paren, t, "", {*inner});
    }
    if (t.is("{")) {
      ++pos_;
      std::vector<PyExprRef> items;
      while (!at("}")) {
        Result<PyExprRef> v = expr();
        TF_TRY(v);
        items.push_back(*v);
        if (at(",")) ++pos_;
        else if (!at("}")) return error_here("expected ',' or '}' in a set");
      }
      ++pos_;
      return node(PyKind::Set, t, "", std::move(items));
    }
    return error(t, fmt::format("'{}' does not start an expression", t.text));
  }

  const std::vector<PyToken>& t_;
  std::size_t pos_, end_;
  int depth_ = 0;
  const std::string& file_;
};

}  // namespace

Result<PyExprRef> parse_py_expr(const std::vector<PyToken>& tokens, std::size_t begin, std::size_t end, const std::string& file) {
  if (begin >= end) {
    Diagnostic d = category_error(DiagCategory::Parse, "expected an expression");
    if (!tokens.empty()) d.location = SourceLocation{file, tokens.back().line, tokens.back().column};
    return d;
  }
  return Parser(tokens, begin, end, file).whole();
}

std::string py_text(const PyExpr& e) {
  auto list = [](const std::vector<PyExprRef>& items, std::size_t from) {
    std::string s;
    for (std::size_t i = from; i < items.size(); ++i) s += (i > from ? ", " : "") + (items[i] ? py_text(*items[i]) : "");
    return s;
  };
  switch (e.kind) {
    case PyKind::Name:
    case PyKind::Int:
    case PyKind::Float: return e.text;
    case PyKind::String: return "\"" + e.text + "\"";
    case PyKind::Tuple: return "(" + list(e.items, 0) + (e.items.size() == 1 || e.trailing_comma ? ",)" : ")");
    case PyKind::Set: return "{" + list(e.items, 0) + "}";
    case PyKind::Call: {
      std::string s = py_text(*e.items[0]) + "(" + list(e.items, 1);
      for (std::size_t k = 0; k < e.keywords.size(); ++k)
        s += (k > 0 || e.items.size() > 1 ? ", " : "") + e.keywords[k].first + "=" + py_text(*e.keywords[k].second);
      return s + ")";
    }
    case PyKind::Subscript: return py_text(*e.items[0]) + "[" + list(e.items, 1) + "]";
    case PyKind::Slice: {
      std::string s = (e.items[0] ? py_text(*e.items[0]) : "") + ":" + (e.items[1] ? py_text(*e.items[1]) : "");
      if (e.items[2]) s += ":" + py_text(*e.items[2]);
      return s;
    }
    case PyKind::Attribute: return py_text(*e.items[0]) + "." + e.text;
    case PyKind::Unary: return e.text + py_text(*e.items[0]);
    case PyKind::Binary: return py_text(*e.items[0]) + " " + e.text + " " + py_text(*e.items[1]);
    case PyKind::Paren: return "(" + py_text(*e.items[0]) + ")";
  }
  return {};
}

}  // namespace tf::upstream
