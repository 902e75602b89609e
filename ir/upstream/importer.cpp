#include "ir/upstream/importer.h"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <set>

#include "ir/support/regular_file.h"
#include "ir/upstream/expr_translator.h"
#include "ir/upstream/line_layout.h"
#include "ir/upstream/py_expr.h"
#include "ir/upstream/py_lexer.h"
#include "ir/upstream/type_probe.h"

namespace tf::upstream {
namespace {

// A logical line and the lines indented under it.
struct Block {
  PyLine head;
  std::vector<PyLine> decorators;
  std::vector<Block> body;
  int last_line() const {
    int last = head.tokens.back().line;
    for (const Block& b : body) last = std::max(last, b.last_line());
    return last;
  }
};

Diagnostic error_at(const std::string& file, const PyToken& t, std::string message) {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = SourceLocation{file, t.line, t.column};
  return d;
}

Result<std::vector<Block>> group_blocks(const std::vector<PyLine>& lines, std::size_t& i, int indent, const std::string& file) {
  std::vector<Block> out;
  std::vector<PyLine> decorators;
  while (i < lines.size()) {
    const PyLine& l = lines[i];
    if (l.indent < indent) break;
    if (l.indent > indent) return error_at(file, l.tokens.front(), "unexpected indentation");
    ++i;
    if (l.tokens.front().is("@")) {
      decorators.push_back(l);
      continue;
    }
    Block b;
    b.head = l;
    b.decorators = std::move(decorators);
    decorators.clear();
    if (l.tokens.back().is(":")) {
      if (i >= lines.size() || lines[i].indent <= indent) return error_at(file, l.tokens.back(), "a block without an indented body");
      Result<std::vector<Block>> body = group_blocks(lines, i, lines[i].indent, file);
      TF_TRY(body);
      b.body = std::move(*body);
    }
    out.push_back(std::move(b));
  }
  if (!decorators.empty()) return error_at(file, decorators.back().tokens.front(), "a decorator without a definition under it");
  return out;
}

bool is_float_dtype(const std::string& d) {
  return d.rfind("f", 0) == 0 || d.rfind("bf", 0) == 0 || d.rfind("fp", 0) == 0 || d.rfind("tf32", 0) == 0;
}

std::string tuple_text(const std::vector<std::string>& items) {
  std::string s = "(";
  for (std::size_t k = 0; k < items.size(); ++k) s += (k ? ", " : "") + items[k];
  return s + (items.size() == 1 ? ",)" : ")");
}


// The functions a module (or the file) defines and the children it holds, by Python name.
struct Scope {
  std::string prefix;                                 // CHILD__ for a nested module's functions
  std::map<std::string, std::string> functions;       // python name -> tfir name
  std::map<std::string, std::string> children;        // attribute name -> the child's entry (tfir)
  std::map<std::string, std::string> child_entries;   // attribute name -> the child's entry (Python name)
};

// A parameter as printed: its name and whether it is a ConstTensor (a weight).
struct Param {
  std::string name;
  bool weight = false;
};

// A constant waiting for the dtype of the first operand it meets.
struct PendingConstant {
  LineLayout::Handle handle;
  std::size_t flat_index = 0;
  std::string name, value;  // tfir text of the value in its default dtype
  bool is_bool = false, is_int = false;
};

// The state of one function's translation.
struct FunctionState {
  std::string params;                               // tfir, without parentheses
  std::vector<std::string> flat;                    // its bindings so far, loops flattened
  std::map<std::string, std::string> substitutions; // a multi-carry loop's carries
  std::map<std::string, PendingConstant> pending;
  std::map<std::string, std::string> tile_windows;  // a tile loop's index -> its window extent
  std::set<std::string> bound;                      // names bound so far (params included)
  bool flat_mode = false;
  std::unique_ptr<TypeProbe> probe;                 // the reader's view of `flat` (type_probe.h)
};

class Importer {
 public:
  Importer(const std::string& file, const Context& context) : file_(file), context_(context), ex_(file) {
    ex_.substitute = [this](const std::string& name) -> std::optional<std::string> {
      if (fn_ == nullptr || fn_->flat_mode) return std::nullopt;
      auto it = fn_->substitutions.find(name);
      if (it == fn_->substitutions.end()) return std::nullopt;
      return it->second;
    };
    ex_.callee = [this](const std::string& name) -> std::optional<std::string> {
      if (scope_ == nullptr) return std::nullopt;
      if (auto it = scope_->functions.find(name); it != scope_->functions.end()) return it->second;
      if (auto it = scope_->children.find(name); it != scope_->children.end()) return it->second;
      return std::nullopt;
    };
  }

  Result<Imported> run(std::string_view source) {
    Result<std::vector<PyLine>> lines = lex_python(source, file_);
    TF_TRY(lines);
    std::size_t i = 0;
    Result<std::vector<Block>> top = group_blocks(*lines, i, lines->empty() ? 0 : (*lines)[0].indent, file_);
    TF_TRY(top);
    const bool header_on_import = !top->empty() && is_import((*top)[0].head) && (*top)[0].head.line() == 1;
    shift_ = header_on_import ? 0 : 1;
    layout_.put(1, 1, "tfir 1");
    prelude_ = "tfir 1\n";
    Scope file_scope;
    collect(*top, file_scope, "");
    for (const Block& b : *top) {
      Result<bool> done = top_level(b, file_scope);
      TF_TRY(done);
    }
    return Imported{layout_.render(), shift_};
  }

 private:
  static bool is_import(const PyLine& l) { return l.tokens.front().is_name("from") || l.tokens.front().is_name("import"); }

  void put(const PyToken& at, std::string text) { layout_.put(at.line + shift_, at.column, std::move(text)); }
  LineLayout::Handle place(int line, int column, std::string text) { return layout_.put(line + shift_, column, std::move(text)); }
  void append(int line, std::string text) { layout_.append(line + shift_, std::move(text)); }
  Diagnostic error(const PyToken& t, std::string message) const { return error_at(file_, t, std::move(message)); }

  Result<PyExprRef> parse(const PyLine& l, std::size_t begin, std::size_t end) const {
    return parse_py_expr(l.tokens, begin, end, file_);
  }

  // The functions and child modules of `blocks`, named with `prefix`.
  static void collect(const std::vector<Block>& blocks, Scope& scope, const std::string& prefix) {
    scope.prefix = prefix;
    for (const Block& b : blocks)
      if (b.head.tokens.front().is_name("def") && b.head.tokens.size() > 1) {
        const std::string& name = b.head.tokens[1].text;
        scope.functions[name] = prefix + name;
      }
  }

  // ---- top level ----

  Result<bool> top_level(const Block& b, Scope& scope) {
    const PyLine& l = b.head;
    const PyToken& first = l.tokens.front();
    if (is_import(l)) return true;
    if (first.is_name("def")) return function(b, scope);
    if (first.is_name("class")) return module(b, scope, /*outermost=*/true);
    if (first.kind == PyTok::Name && l.tokens.size() > 2 && l.tokens[1].is("=")) return prelude(b);
    return error(first, fmt::format("'{}' at the top level (the printer writes imports, DimVar and Mesh preludes, functions and modules)", first.text));
  }

  Result<bool> prelude(const Block& b) {
    const PyLine& l = b.head;
    Result<PyExprRef> value = parse(l, 2, l.tokens.size());
    TF_TRY(value);
    const PyExpr& v = **value;
    const std::string& name = l.tokens[0].text;
    const std::string kind = v.kind == PyKind::Call && v.items[0]->kind == PyKind::Name ? v.items[0]->text : "";
    if (kind != "DimVar" && kind != "Mesh")
      return error(l.tokens[2], fmt::format("a top-level binding of '{}' (the printer's preludes bind DimVar and Mesh)", py_text(v)));
    Result<std::string> text = ex_.translate(v, Place::Ctor);
    TF_TRY(text);
    const std::string decl = fmt::format("{} {} = {}", kind == "DimVar" ? "dim" : "mesh", name, *text);
    put(l.tokens[0], decl);
    prelude_ += decl + "\n";
    if (kind == "Mesh") {
      PreludeMesh m;
      for (const auto& [key, val] : v.keywords)
        if (key == "names" && val->kind == PyKind::Tuple)
          for (const PyExprRef& a : val->items) m.axes.push_back(a->text);
      if (v.items.size() > 2 && v.items[2]->kind == PyKind::Call && v.items[2]->items.size() > 1 && v.items[2]->items[1]->kind == PyKind::Tuple)
        for (const PyExprRef& e : v.items[2]->items[1]->items) m.extents.push_back(py_text(*e));
      mesh_extents_[name] = m.extents;
      ex_.all_meshes.push_back(name);
      if (!m.axes.empty()) ex_.meshes[name] = m;
    }
    return true;
  }

  // `@module(entry="E", ...) class C:`: nested modules first, then the functions (design note).
  Result<bool> module(const Block& b, Scope& parent, bool outermost) {
    const PyToken& cls = b.head.tokens.front();
    if (b.decorators.size() != 1) return error(cls, "a class without its one @module(...) decorator");
    const PyLine& deco = b.decorators[0];
    Result<PyExprRef> d = parse(deco, 1, deco.tokens.size());
    TF_TRY(d);
    const PyExpr& call = **d;
    if (call.kind != PyKind::Call || call.items[0]->kind != PyKind::Name || call.items[0]->text != "module")
      return error(deco.tokens[1], fmt::format("the decorator '{}' on a class (the printer writes @module(...))", py_text(call)));
    std::string entry;
    for (const auto& [key, value] : call.keywords)
      if (key == "entry" && value->kind == PyKind::String) entry = value->text;
    if (b.head.tokens.size() < 3 || b.head.tokens[1].kind != PyTok::Name) return error(cls, "a class without a name");
    const std::string class_name = b.head.tokens[1].text;
    Scope scope;
    const std::string prefix = outermost ? "" : parent.prefix + class_name + "__";
    collect(b.body, scope, prefix);
    for (const Block& child : b.body) {
      if (!child.head.tokens.front().is_name("class")) continue;
      Result<bool> done = module(child, scope, false);
      TF_TRY(done);
    }
    if (!entry.empty() && !scope.functions.count(entry)) return error(deco.tokens[1], fmt::format("the module's entry '{}' is not one of its functions", entry));
    if (outermost && !entry.empty()) put(deco.tokens.front(), "entry " + entry);
    if (!outermost) {
      parent.children[class_name] = scope.functions.count(entry) ? scope.functions[entry] : prefix + entry;
      parent.child_entries[class_name] = entry;
    }
    for (const Block& f : b.body) {
      const PyToken& first = f.head.tokens.front();
      if (first.is_name("class")) continue;
      if (!first.is_name("def")) return error(first, fmt::format("'{}' in a module body (the printer writes nested modules and functions)", first.text));
      Result<bool> done = function(f, scope);
      TF_TRY(done);
    }
    return true;
  }

  // ---- functions ----

  Result<std::string> signature_params(const PyLine& l, std::size_t open, std::size_t close) {
    std::string out;
    std::size_t start = open + 1;
    int depth = 0;
    for (std::size_t k = open + 1; k <= close; ++k) {
      const PyToken& t = l.tokens[k];
      if (t.is("(") || t.is("[") || t.is("{")) ++depth;
      if ((t.is(")") || t.is("]") || t.is("}")) && k != close) --depth;
      if ((depth == 0 && t.is(",")) || k == close) {
        if (k > start) {
          if (l.tokens[start].kind != PyTok::Name || start + 1 >= k || !l.tokens[start + 1].is(":"))
            return error(l.tokens[start], "a parameter without a Tensor annotation (the importer reads tensor parameters)");
          Result<PyExprRef> type = parse(l, start + 2, k);
          TF_TRY(type);
          Result<std::string> t = ex_.type(**type);
          TF_TRY(t);
          out += (out.empty() ? "" : ", ") + l.tokens[start].text + ": " + *t;
          fn_->bound.insert(l.tokens[start].text);
          current_params_.push_back(Param{l.tokens[start].text, l.tokens[start + 2].is_name("ConstTensor")});
        }
        start = k + 1;
      }
    }
    return out;
  }

  Result<bool> function(const Block& b, Scope& scope) {
    const PyLine& l = b.head;
    const PyToken& def = l.tokens.front();
    if (l.tokens.size() < 5 || l.tokens[1].kind != PyTok::Name || !l.tokens[2].is("("))
      return error(def, "a def without its name and parameter list");
    const std::string name = l.tokens[1].text;
    // Decorator: @func, or @BASE.specialize(DimVarRangePat(...)).
    std::string variant_of, pattern;
    if (b.decorators.size() != 1) return error(def, "a def without its one decorator (@func, or @BASE.specialize(...))");
    const PyLine& deco = b.decorators[0];
    if (deco.tokens.size() == 2 && deco.tokens[1].is_name("func")) {
      // a plain function
    } else {
      Result<PyExprRef> d = parse(deco, 1, deco.tokens.size());
      TF_TRY(d);
      const PyExpr& c = **d;
      if (c.kind != PyKind::Call || c.items[0]->kind != PyKind::Attribute || c.items[0]->text != "specialize" ||
          c.items[0]->items[0]->kind != PyKind::Name || c.items.size() != 2)
        return error(deco.tokens[1], fmt::format("the decorator '{}' (the printer writes @func and @BASE.specialize(...))", py_text(c)));
      const std::string& base = c.items[0]->items[0]->text;
      if (!scope.functions.count(base)) return error(deco.tokens[1], fmt::format("'{}' specializes '{}', which is not a function here", name, base));
      variant_of = scope.functions.at(base);
      Result<std::string> p = ex_.translate(*c.items[1], Place::Ctor);
      TF_TRY(p);
      pattern = *p;
    }
    // Parameters and result.
    std::size_t close = 2;
    for (int depth = 0; close < l.tokens.size(); ++close) {
      if (l.tokens[close].is("(")) ++depth;
      if (l.tokens[close].is(")") && --depth == 0) break;
    }
    if (close >= l.tokens.size() || !l.tokens.back().is(":")) return error(def, "a def without its ')' and ':'");
    FunctionState state;
    fn_ = &state;
    scope_ = &scope;
    current_params_.clear();
    Result<std::string> params = signature_params(l, 2, close);
    TF_TRY(params);
    state.params = *params;
    state.probe = std::make_unique<TypeProbe>(prelude_, state.params, context_);
    params_of_[scope.functions.at(name)] = current_params_;
    std::string result;
    if (close + 1 < l.tokens.size() - 1) {
      if (!l.tokens[close + 1].is("->")) return error(l.tokens[close + 1], "expected '->' or ':' after the parameters");
      Result<PyExprRef> r = parse(l, close + 2, l.tokens.size() - 1);
      TF_TRY(r);
      if ((*r)->kind == PyKind::Name && (*r)->text == "None") result = "Unit";
      else {
        Result<std::string> t = ex_.type(**r);
        TF_TRY(t);
        result = *t;
      }
    }
    const std::string tf_name = scope.functions.at(name);
    const std::string head = variant_of.empty() ? fmt::format("func {}({})", tf_name, state.params)
                                                : fmt::format("specialize {}({}) as {}({})", variant_of, pattern, tf_name, state.params);
    // A prototype: `pass`.
    if (b.body.size() == 1 && b.body[0].head.tokens.size() == 1 && b.body[0].head.tokens[0].is_name("pass")) {
      if (result.empty()) return error(def, "a prototype whose result is a tuple (the importer needs its declared type)");
      const std::string text = head + " -> " + result + " prototype";
      put(def, text);
      prelude_ += text + "\n";
      fn_ = nullptr;
      return true;
    }
    const LineLayout::Handle header = place(def.line, def.column, head + " -> " + (result.empty() ? "Unit" : result) + " {");
    Result<bool> body = statements(b.body);
    TF_TRY(body);
    append(b.last_line(), "}");
    if (result.empty()) {  // a tuple result: the body's type
      std::optional<ProbedType> t = probe(returned_flat_);
      if (!t) return error(def, "the type of the function's tuple result could not be derived (the body does not read as tfir)");
      result = t->text;
      layout_.edit(header, head + " -> " + result + " {");
    }
    prelude_ += head + " -> " + result + " {\n";
    for (const std::string& f : state.flat) prelude_ += "    " + f + "\n";
    prelude_ += "    return " + returned_flat_ + "\n}\n";
    fn_ = nullptr;
    return true;
  }

  // ---- statements ----

  Result<bool> statements(const std::vector<Block>& blocks, std::size_t end = std::string::npos) {
    const std::size_t n = std::min(end, blocks.size());
    for (std::size_t k = 0; k < n; ++k) {
      Result<bool> done = statement(blocks[k]);
      TF_TRY(done);
    }
    return true;
  }

  Result<std::string> value(const PyExpr& e, bool flat) {
    fn_->flat_mode = flat;
    Result<std::string> t = ex_.translate(e, Place::Value);
    fn_->flat_mode = false;
    return t;
  }

  Result<bool> statement(const Block& b) {
    const PyLine& l = b.head;
    const PyToken& first = l.tokens.front();
    if (first.is_name("for")) return loop(b);
    if (!first.is_name("return")) carry_free_loop_.clear();
    if (first.is_name("return")) {
      if (l.tokens.size() == 1) return error(first, "a bare return (the printer returns a name, a tuple or ())");
      Result<PyExprRef> e = parse(l, 1, l.tokens.size());
      TF_TRY(e);
      if ((*e)->kind == PyKind::Tuple && (*e)->items.empty() && !carry_free_loop_.empty()) {
        // The printer writes a carry-less loop's value as `()`: the function returns the loop.
        put(first, "return " + carry_free_loop_);
        returned_flat_ = carry_free_loop_;
        return true;
      }
      Result<std::string> v = value(**e, false);
      TF_TRY(v);
      Result<std::string> flat = value(**e, true);
      TF_TRY(flat);
      put(first, "return " + *v);
      returned_flat_ = *flat;
      return true;
    }
    if (first.kind == PyTok::Name && l.tokens.size() > 1 && l.tokens[1].is(":"))
      return error(first, fmt::format("the schedule constraint on '{}' (NAME: where(...)) has no tfir form", first.text));
    if (first.kind != PyTok::Name || l.tokens.size() < 3 || !l.tokens[1].is("="))
      return error(first, fmt::format("a statement starting with '{}' (the printer writes bindings, loops and return)", first.text));
    Result<PyExprRef> rhs = parse(l, 2, l.tokens.size());
    TF_TRY(rhs);
    return binding(first, **rhs);
  }

  // The type of the tfir value `expr` after the current function's bindings so far.
  std::optional<ProbedType> probe(const std::string& expr) { return fn_->probe->type_of(fn_->flat, expr); }

  void bind(const std::string& name) {
    fn_->bound.insert(name);
    fn_->substitutions.erase(name);
    fn_->pending.erase(name);
  }

  Result<bool> binding(const PyToken& at, const PyExpr& rhs) {
    const std::string& name = at.text;
    std::string text, flat;
    if (ExprTranslator::is_constant(rhs)) {
      Result<std::string> v = value(rhs, false);
      TF_TRY(v);
      bind(name);
      PendingConstant c;
      c.name = name;
      c.value = *v;
      c.is_bool = rhs.kind == PyKind::Name;
      c.is_int = rhs.kind == PyKind::Int || (rhs.kind == PyKind::Unary && rhs.items[0]->kind == PyKind::Int);
      c.handle = place(at.line, at.column, name + " = " + *v);
      c.flat_index = fn_->flat.size();
      fn_->flat.push_back(name + " = " + *v);
      fn_->pending[name] = c;
      return true;
    }
    if (rhs.kind == PyKind::Subscript) {
      Result<std::pair<std::string, std::string>> s = subscript(rhs);
      TF_TRY(s);
      text = s->first;
      flat = s->second;
    } else {
      PyExprRef call;
      if (rhs.kind == PyKind::Call) {
        Result<bool> weights = child_weights(rhs);
        TF_TRY(weights);
        Result<bool> typed = type_constants(rhs);
        TF_TRY(typed);
        Result<PyExprRef> m = materialize_reshard(rhs);
        TF_TRY(m);
        call = *m;
      }
      const PyExpr& e = call ? *call : rhs;
      Result<std::string> v = value(e, false);
      TF_TRY(v);
      Result<std::string> f = value(e, true);
      TF_TRY(f);
      text = *v;
      flat = *f;
    }
    bind(name);
    put(at, name + " = " + text);
    fn_->flat.push_back(name + " = " + flat);
    return true;
  }

  // A call of a child module's entry that leaves out the child's weights (design note).
  Result<bool> child_weights(const PyExpr& call) {
    const PyExpr& f = *call.items[0];
    if (f.kind != PyKind::Name || !scope_->children.count(f.text)) return true;
    auto it = params_of_.find(scope_->children.at(f.text));
    if (it == params_of_.end()) return true;
    const std::size_t given = call.items.size() - 1;
    for (std::size_t k = given; k < it->second.size(); ++k)
      if (it->second[k].weight)
        return ex_.error(call, fmt::format("the call {} leaves out the ConstTensor parameter '{}' of child module {}'s entry '{}': a "
                                           "child module binds its own weights, and tfir has no module weights",
                                           py_text(call), it->second[k].name, f.text, scope_->child_entries.at(f.text)));
    return true;
  }

  // reshard(x, layout=ShardLayout(layout=Layout(s, None), ...), storage=S): the strides upstream
  // materialises for the storage move (docs/import.md): C-order to a higher level (rmem < smem <
  // gmem), per-instance strides to a lower one (0 on Split axes and axes of local extent 1,
  // C-order over the local shape elsewhere).
  Result<PyExprRef> materialize_reshard(const PyExpr& call) {
    const PyExpr& f = *call.items[0];
    if (f.kind != PyKind::Name || f.text != "reshard" || call.items.size() < 2) return PyExprRef();
    PyExprRef shard;
    std::string target;
    for (const auto& [key, v] : call.keywords) {
      if (key == "layout") shard = v;
      if (key == "storage") target = v->kind == PyKind::String || v->kind == PyKind::Name ? v->text : "";
    }
    if (!shard || shard->kind != PyKind::Call || shard->items[0]->kind != PyKind::Name || shard->items[0]->text != "ShardLayout")
      return PyExprRef();
    PyExprRef layout, attrs, mesh;
    for (const auto& [key, v] : shard->keywords) {
      if (key == "layout") layout = v;
      if (key == "attrs") attrs = v;
      if (key == "mesh") mesh = v;
    }
    if (!layout || layout->kind != PyKind::Call || layout->items[0]->kind != PyKind::Name || layout->items[0]->text != "Layout" ||
        layout->items.size() != 3 || layout->items[2]->kind != PyKind::Name || layout->items[2]->text != "None")
      return PyExprRef();
    const PyExpr& shape = *layout->items[1];
    std::vector<long long> extents;
    for (const PyExprRef& x : shape.kind == PyKind::Tuple ? shape.items : std::vector<PyExprRef>{}) {
      const std::optional<long long> v = x->kind == PyKind::Int ? small_int(x->text) : std::nullopt;
      if (!v) return ex_.error(*x, "Layout(shape, None) in a reshard over a shape that is not static");
      extents.push_back(*v);
    }
    // The source's storage, from its type.
    const PyExpr& source = *call.items[1];
    Result<std::string> src = value(source, true);
    TF_TRY(src);
    const std::optional<ProbedType> t = probe(*src);
    if (!t) return ex_.error(source, "the type of the resharded value could not be derived");
    const std::string from = t->storage;
    const std::string to = target.empty() ? from : target;
    auto level = [](const std::string& st) { return st == "rmem" || st == "umat" ? 0 : st == "smem" ? 1 : 2; };
    std::vector<long long> strides(extents.size(), 1);
    if (level(to) == level(from) && t->shard_layout)
      return ex_.error(*layout, "Layout(shape, None) in a reshard of a value that already has a ShardLayout (its strides would depend on "
                                "that layout's; not read yet)");
    if (level(to) >= level(from)) {
      for (std::size_t k = extents.size(); k-- > 1;)
        if (__builtin_mul_overflow(strides[k], extents[k], &strides[k - 1])) return ex_.error(*layout, "a layout too large for its strides");
    } else {
      // Split axes and their mesh extents.
      std::vector<long long> local = extents;
      std::vector<bool> split(extents.size(), false);
      const std::vector<std::string>* mesh_axes = nullptr;
      if (mesh && mesh->kind == PyKind::Name && mesh_extents_.count(mesh->text)) mesh_axes = &mesh_extents_.at(mesh->text);
      if (attrs && attrs->kind == PyKind::Tuple)
        for (std::size_t i = 0; i < attrs->items.size(); ++i) {
          const PyExpr& a = *attrs->items[i];
          if (a.kind != PyKind::Call || a.items[0]->kind != PyKind::Name || a.items[0]->text != "S" || a.items.size() != 2 ||
              a.items[1]->kind != PyKind::Int)
            continue;
          const std::optional<long long> k = small_int(a.items[1]->text);
          if (!k || static_cast<std::size_t>(*k) >= extents.size()) return ex_.error(a, "a Split of an axis the layout does not have");
          const std::optional<long long> m = mesh_axes != nullptr && i < mesh_axes->size() ? small_int((*mesh_axes)[i]) : std::nullopt;
          if (!m || *m == 0) return ex_.error(*layout, "Layout(shape, None) in a reshard onto a mesh that is not a static prelude mesh");
          split[static_cast<std::size_t>(*k)] = true;
          local[static_cast<std::size_t>(*k)] = std::max<long long>(1, local[static_cast<std::size_t>(*k)] / *m);
        }
      long long acc = 1;
      for (std::size_t k = extents.size(); k-- > 0;) {
        strides[k] = split[k] || local[k] == 1 ? 0 : acc;
        if (!(split[k] || local[k] == 1) && __builtin_mul_overflow(acc, local[k], &acc))
          return ex_.error(*layout, "a layout too large for its strides");
      }
    }
    // The call again, with the strides written out.
    auto tuple = std::make_shared<PyExpr>();
    tuple->kind = PyKind::Tuple;
    tuple->line = layout->items[2]->line;
    tuple->column = layout->items[2]->column;
    for (long long st : strides) {
      auto n = std::make_shared<PyExpr>();
      n->kind = PyKind::Int;
      n->text = std::to_string(st);
      tuple->items.push_back(n);
    }
    auto new_layout = std::make_shared<PyExpr>(*layout);
    new_layout->items[2] = tuple;
    auto new_shard = std::make_shared<PyExpr>(*shard);
    for (auto& [key, v] : new_shard->keywords)
      if (key == "layout") v = new_layout;
    auto new_call = std::make_shared<PyExpr>(call);
    for (auto& [key, v] : new_call->keywords)
      if (key == "layout") v = new_shard;
    return PyExprRef(new_call);
  }

  // The constants among a call's operands take the dtype of its first other operand (design note).
  Result<bool> type_constants(const PyExpr& call) {
    std::vector<std::string> constants;
    std::vector<std::string> partners;
    for (std::size_t k = 1; k < call.items.size(); ++k) {
      const PyExpr& a = *call.items[k];
      if (a.kind != PyKind::Name) continue;
      if (fn_->pending.count(a.text)) constants.push_back(a.text);
      else if (fn_->bound.count(a.text)) partners.push_back(a.text);
    }
    if (constants.empty()) return true;
    // Upstream retypes a float constant to the float dtype its op's other operands carry;
    // integers stay i64 and booleans bool.
    std::string dtype;
    for (const std::string& p : partners)
      if (std::optional<ProbedType> t = probe(p); t && is_float_dtype(t->dtype)) {
        dtype = t->dtype;
        break;
      }
    for (const std::string& c : constants) {
      PendingConstant p = fn_->pending.at(c);
      fn_->pending.erase(c);
      if (p.is_bool || p.is_int || dtype.empty() || dtype == "f32") continue;
      const std::string v = dtype + "(" + p.value + ")";
      layout_.edit(p.handle, c + " = " + v);
      fn_->flat[p.flat_index] = c + " = " + v;
      fn_->probe->rewrote(fn_->flat, p.flat_index);
    }
    return true;
  }

  // `x[i0, i1, ...]`: slices `a:b:c` and tile windows `w`, `w + k` -> slice(...) (design note).
  Result<std::pair<std::string, std::string>> subscript(const PyExpr& s) {
    const PyExpr& x = *s.items[0];
    if (x.kind != PyKind::Name) return ex_.error(x, "a subscript of something other than a name");
    Result<std::string> base = value(x, false);
    TF_TRY(base);
    Result<std::string> base_flat = value(x, true);
    TF_TRY(base_flat);
    const std::optional<ProbedType> t = probe(*base_flat);
    if (!t || t->dtype.empty()) return ex_.error(x, fmt::format("the shape of '{}' could not be derived for its subscript", x.text));
    if (s.items.size() - 1 > t->shape.size())
      return ex_.error(s, fmt::format("{} indices for '{}' of rank {}", s.items.size() - 1, x.text, t->shape.size()));
    std::vector<std::string> starts, sizes, strides;
    for (std::size_t k = 0; k < t->shape.size(); ++k) {
      const PyExpr* index = k + 1 < s.items.size() ? s.items[k + 1].get() : nullptr;
      const std::string& extent = t->shape[k];
      if (index == nullptr || (index->kind == PyKind::Slice && !index->items[0] && !index->items[1] && !index->items[2])) {
        starts.push_back("0");
        sizes.push_back(extent);
        strides.push_back("1");
        continue;
      }
      if (index->kind == PyKind::Slice) {
        std::string lo = "0", step = "1";
        if (index->items[0]) {
          Result<std::string> v = value(*index->items[0], false);
          TF_TRY(v);
          lo = *v;
        }
        if (index->items[2]) {
          Result<std::string> v = value(*index->items[2], false);
          TF_TRY(v);
          step = *v;
        }
        std::string hi = extent;
        if (index->items[1]) {
          Result<std::string> v = value(*index->items[1], false);
          TF_TRY(v);
          hi = *v;
        }
        if (small_int(hi) && small_int(extent) && *small_int(hi) > *small_int(extent)) hi = extent;  // Python clamps
        std::string size;
        if (small_int(lo) && small_int(hi) && small_int(step)) {
          const long long a = *small_int(lo), z = *small_int(hi), st = *small_int(step);
          if (st <= 0 || z < a) return ex_.error(*index, "a slice whose step is not positive or whose end is before its start");
          size = std::to_string((z - a + st - 1) / st);
        } else if (step == "1") {
          size = lo == "0" ? hi : "(" + hi + ") - (" + lo + ")";
        } else {
          return ex_.error(*index, "a strided slice whose bounds are not static integers below 2^31");
        }
        starts.push_back(lo);
        sizes.push_back(size);
        strides.push_back(step);
        continue;
      }
      // A tile window: `w`, `w + k`, `w - k`.
      const PyExpr* w = index;
      std::string moved;
      if (index->kind == PyKind::Binary && (index->text == "+" || index->text == "-") && index->items[1]->kind == PyKind::Int) {
        w = index->items[0].get();
        moved = (index->text == "+" ? "add(" : "sub(") + std::string("{}, ") + index->items[1]->text + ")";
      }
      if (w->kind != PyKind::Name || !fn_->tile_windows.count(w->text))
        return ex_.error(*index, fmt::format("the index '{}' (the printer writes slices a:b:c and tile windows)", py_text(*index)));
      starts.push_back(moved.empty() ? w->text : fmt::format(fmt::runtime(moved), w->text));
      sizes.push_back(fn_->tile_windows.at(w->text));
      strides.push_back("1");
    }
    const std::string rest = fmt::format(", {}, sizes={}, strides={})", tuple_text(starts), tuple_text(sizes), tuple_text(strides));
    return std::make_pair("slice(" + *base + rest, "slice(" + *base_flat + rest);
  }

  // `for i in range(..)` / `tile(E, ST)` whose body ends in its carry updates (design note).
  Result<bool> loop(const Block& b) {
    const PyLine& l = b.head;
    const PyToken& at = l.tokens.front();
    if (l.tokens.size() < 5 || l.tokens[1].kind != PyTok::Name || !l.tokens[2].is_name("in"))
      return error(at, "a for loop other than `for NAME in range(...)` / `tile(...)`");
    if (!l.tokens.back().is(":") || b.body.empty()) return error(at, "a for loop without its ':' and indented body");
    const std::string var = l.tokens[1].text;
    Result<PyExprRef> it = parse(l, 3, l.tokens.size() - 1);
    TF_TRY(it);
    const PyExpr& r = **it;
    if (r.kind != PyKind::Call || r.items[0]->kind != PyKind::Name || !r.keywords.empty() ||
        (r.items[0]->text != "range" && r.items[0]->text != "tile"))
      return ex_.error(r, fmt::format("the loop range '{}' (the printer writes range(...) and tile(E, ST))", py_text(r)));
    std::vector<std::string> args;
    for (std::size_t k = 1; k < r.items.size(); ++k) {
      Result<std::string> a = value(*r.items[k], false);
      TF_TRY(a);
      args.push_back(*a);
    }
    std::string range;
    if (r.items[0]->text == "tile") {
      if (args.size() != 2) return ex_.error(r, "tile(E, ST) with other than two arguments");
      range = fmt::format("range(0, {}, {})", args[0], args[1]);
    } else {
      if (args.empty() || args.size() > 3) return ex_.error(r, "range with other than one to three arguments");
      range = "range(" + args[0];
      for (std::size_t k = 1; k < args.size(); ++k) range += ", " + args[k];
      range += ")";
    }
    // The carries: the trailing `c = new` lines of names bound before the loop.
    std::size_t first_carry = b.body.size();
    std::vector<std::string> carries;
    while (first_carry > 0) {
      const PyLine& s = b.body[first_carry - 1].head;
      if (s.tokens.size() != 3 || s.tokens[0].kind != PyTok::Name || !s.tokens[1].is("=") || !fn_->bound.count(s.tokens[0].text) ||
          std::find(carries.begin(), carries.end(), s.tokens[0].text) != carries.end() ||
          !(s.tokens[2].kind == PyTok::Name || s.tokens[2].kind == PyTok::Int || s.tokens[2].kind == PyTok::Float))
        break;
      carries.insert(carries.begin(), s.tokens[0].text);
      --first_carry;
    }
    if (first_carry == 0 && !carries.empty()) return error(at, "a loop whose body only updates its carries");
    const std::string result = carries.size() == 1 ? carries[0] : fmt::format("loop_{}_", at.line);
    std::string carry_text;
    std::map<std::string, std::string> saved = fn_->substitutions;
    for (const std::string& c : carries) {
      PyExpr n;
      n.kind = PyKind::Name;
      n.text = c;
      Result<std::string> init = value(n, false);
      TF_TRY(init);
      carry_text += (carry_text.empty() ? "" : ", ") + c + " = " + *init;
      fn_->substitutions.erase(c);  // inside the body the name is the carry
    }
    put(at, fmt::format("{} = for {} in {}{} {{", result, var, range, carries.empty() ? "" : " carry (" + carry_text + ")"));
    bind(var);
    fn_->flat.push_back(var + " = 0");
    if (r.items[0]->text == "tile") fn_->tile_windows[var] = args[1];
    Result<bool> body = statements(b.body, first_carry);
    TF_TRY(body);
    if (carries.empty()) {
      append(b.last_line(), "}");
      const PyLine& last = b.body.back().head;  // a carry-less loop's value: its last binding
      if (last.tokens.size() > 2 && last.tokens[1].is("=")) fn_->flat.push_back(result + " = " + last.tokens[0].text);
    } else {
      carry_free_loop_.clear();
      std::vector<std::string> yields;
      for (std::size_t k = first_carry; k < b.body.size(); ++k) {
        const PyLine& s = b.body[k].head;
        Result<PyExprRef> v = parse(s, 2, 3);
        TF_TRY(v);
        Result<std::string> y = value(**v, false);
        TF_TRY(y);
        yields.push_back(*y);
        Result<std::string> f = value(**v, true);
        TF_TRY(f);
        fn_->flat.push_back(s.tokens[0].text + " = " + *f);
      }
      const PyToken& y = b.body[first_carry].head.tokens.front();
      put(y, (yields.size() == 1 ? "yield " + yields[0] : "yield " + tuple_text(yields)) + " }");
    }
    fn_->tile_windows.erase(var);
    fn_->substitutions = saved;
    for (std::size_t k = 0; k < carries.size(); ++k) {
      fn_->substitutions.erase(carries[k]);
      if (carries.size() > 1) fn_->substitutions[carries[k]] = fmt::format("tuple_get_item({}, index={})", result, k);
    }
    fn_->bound.insert(result);
    carry_free_loop_ = carries.empty() ? result : "";
    return true;
  }

  const std::string file_;
  const Context& context_;
  ExprTranslator ex_;
  LineLayout layout_;
  int shift_ = 0;
  std::string prelude_;        // the tfir so far: header, declarations, earlier functions (flattened)
  std::string returned_flat_;  // the current function's returned value, flattened
  FunctionState* fn_ = nullptr;
  Scope* scope_ = nullptr;
  std::vector<Param> current_params_;
  std::map<std::string, std::vector<Param>> params_of_;  // tfir function name -> its parameters
  std::string carry_free_loop_;  // the value of a carry-less loop that the last statement was
  std::map<std::string, std::vector<std::string>> mesh_extents_;  // every prelude mesh's axis extents
};

}  // namespace

bool is_upstream_path(std::string_view path) { return path.size() > 3 && path.substr(path.size() - 3) == ".py"; }

Result<Imported> import_upstream(std::string_view source, const std::string& file, const Context& context) {
  return Importer(file, context).run(source);
}

Result<std::string> read_program_text(const std::string& path, const Context& context) {
  Result<std::string> source = read_regular_file(path);
  if (!source.ok() || !is_upstream_path(path)) return source;
  Result<Imported> imported = import_upstream(*source, path, context);
  TF_TRY(imported);
  return imported->tfir;
}

Result<text::ReadFile> read_upstream_file(std::string_view source, const std::string& file, const Context& context) {
  Result<Imported> imported = import_upstream(source, file, context);
  TF_TRY(imported);
  Result<text::ReadFile> read = text::read_file(imported->tfir, file, context);
  if (read.ok() || imported->line_shift == 0) return read;
  std::vector<Diagnostic> diags = read.diagnostics();
  for (Diagnostic& d : diags) {
    if (d.location.line > imported->line_shift) d.location.line -= imported->line_shift;
    for (RelatedLocation& r : d.related)
      if (r.location.line > imported->line_shift) r.location.line -= imported->line_shift;
  }
  return diags;
}

}  // namespace tf::upstream
