#include "ir/upstream/expr_translator.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "ir/support/nearest_names.h"

namespace tf::upstream {
namespace {

// Constructors whose arguments are layouts, meshes or dims, not values.
const std::set<std::string> kCtors = {"Layout", "ComposedLayout", "ShardLayout", "Mesh", "Topology", "S", "B", "P",
                                      "DimVar", "DimVarRangePat", "Split", "Broadcast", "Partial", "Dynamic"};

bool is_huge(const PyExpr& e) { return e.kind == PyKind::Float && (e.text == "1e999" || e.text == "1e+999"); }

std::optional<long long> int_of(const PyExpr& e) {
  if (e.kind != PyKind::Int) return std::nullopt;
  return small_int(e.text);
}

}  // namespace

std::optional<long long> small_int(const std::string& text) {
  long long v = 0;
  bool any = false;
  for (char c : text) {
    if (c == '_') continue;
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    v = v * 10 + (c - '0');
    any = true;
    if (v >= (1LL << 31)) return std::nullopt;
  }
  if (!any) return std::nullopt;
  return v;
}

bool is_identifier(const std::string& s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  return true;
}

Diagnostic ExprTranslator::error(const PyExpr& e, std::string message) const {
  Diagnostic d = category_error(DiagCategory::Parse, std::move(message));
  d.location = SourceLocation{file_, e.line, e.column};
  return d;
}

bool ExprTranslator::is_constant(const PyExpr& e) {
  switch (e.kind) {
    case PyKind::Int:
    case PyKind::Float: return true;
    case PyKind::Name: return e.text == "True" || e.text == "False";
    case PyKind::Unary: return e.text == "-" && (e.items[0]->kind == PyKind::Int || e.items[0]->kind == PyKind::Float);
    case PyKind::Paren: {
      const PyExpr& in = *e.items[0];
      return in.kind == PyKind::Binary && in.text == "-" && is_huge(*in.items[0]) && is_huge(*in.items[1]);
    }
    default: return false;
  }
}

Result<std::string> ExprTranslator::list(const std::vector<PyExprRef>& items, std::size_t from, Place place) const {
  std::string out;
  for (std::size_t i = from; i < items.size(); ++i) {
    Result<std::string> t = translate(*items[i], place);
    TF_TRY(t);
    out += (i > from ? ", " : "") + *t;
  }
  return out;
}

Result<std::string> ExprTranslator::translate(const PyExpr& e, Place place) const {
  switch (e.kind) {
    case PyKind::Name:
      if (e.text == "True") return std::string("true");
      if (e.text == "False") return std::string("false");
      if (place == Place::Value && substitute)
        if (std::optional<std::string> s = substitute(e.text)) return *s;
      return e.text;
    case PyKind::Int: {
      std::string digits;
      for (char c : e.text)
        if (c != '_') digits += c;
      return digits;
    }
    case PyKind::Float: return is_huge(e) ? std::string("inf") : e.text;
    case PyKind::String:
      if (place == Place::Attribute && is_identifier(e.text)) return e.text;
      if (e.text.find('"') != std::string::npos)
        return error(e, "a string holding '\"', which the printer does not escape and tfir cannot read back");
      return "\"" + e.text + "\"";
    case PyKind::Tuple: {
      Result<std::string> inner = list(e.items, 0, place);
      TF_TRY(inner);
      return "(" + *inner + (e.items.size() == 1 ? ",)" : ")");
    }
    case PyKind::Set: return error(e, "a set outside a layout annotation's partial axes");
    case PyKind::Call: return call(e);
    case PyKind::Subscript:
      if (e.items[0]->kind == PyKind::Name && (e.items[0]->text == "Tensor" || e.items[0]->text == "ConstTensor")) return type(e);
      return error(e, "a subscript inside an expression (the printer binds each slice to its own name)");
    case PyKind::Slice: return error(e, "a slice outside a subscript");
    case PyKind::Attribute: return error(e, fmt::format("'{}' outside a layout annotation", py_text(e)));
    case PyKind::Unary: {
      if (e.text == "-" && is_huge(*e.items[0])) return std::string("-inf");
      Result<std::string> x = translate(*e.items[0], place);
      TF_TRY(x);
      return e.text == "-" ? "-" + *x : *x;
    }
    case PyKind::Binary: {
      if (e.text == "@") return error(e, "'@' outside a layout annotation");
      if (e.text == "**" || e.text == "/") return error(e, fmt::format("'{}' in a dim expression (the printer writes + - * // %)", e.text));
      Result<std::string> l = translate(*e.items[0], place);
      TF_TRY(l);
      Result<std::string> r = translate(*e.items[1], place);
      TF_TRY(r);
      return *l + " " + e.text + " " + *r;
    }
    case PyKind::Paren: {
      if (is_constant(e)) return std::string("nan");
      Result<std::string> x = translate(*e.items[0], place);
      TF_TRY(x);
      return "(" + *x + ")";
    }
  }
  return error(e, "an expression the importer does not know");
}

Result<std::string> ExprTranslator::call(const PyExpr& e) const {
  const PyExpr& f = *e.items[0];
  if (f.kind != PyKind::Name) return error(f, fmt::format("a call of '{}' (only ops, functions and constructors are called)", py_text(f)));
  const std::string& name = f.text;
  if (name == "ceildiv" && e.items.size() == 3 && e.keywords.empty()) {
    Result<std::string> a = translate(*e.items[1], Place::Value);
    TF_TRY(a);
    Result<std::string> b = translate(*e.items[2], Place::Value);
    TF_TRY(b);
    return fmt::format("(({} + {} - 1) // {})", *a, *b, *b);
  }
  const bool ctor = kCtors.count(name) > 0;
  if (name == "Layout" && e.items.size() == 3 && e.items[2]->kind == PyKind::Name && e.items[2]->text == "None") {
    // Layout(shape, None): the C-order strides of a static shape.
    const PyExpr& shape = *e.items[1];
    if (shape.kind != PyKind::Tuple) return error(shape, "Layout(shape, None) with a shape that is not a tuple");
    std::vector<long long> extents;
    for (const PyExprRef& x : shape.items) {
      const std::optional<long long> v = int_of(*x);
      if (!v) return error(*x, "Layout(shape, None) over a shape that is not static (its C-order strides would be dim expressions)");
      extents.push_back(*v);
    }
    std::vector<long long> strides(extents.size(), 1);
    for (std::size_t k = extents.size(); k-- > 1;) strides[k - 1] = strides[k] * extents[k];
    Result<std::string> s = translate(shape, Place::Ctor);
    TF_TRY(s);
    std::string st = "(";
    for (std::size_t k = 0; k < strides.size(); ++k) st += (k ? ", " : "") + std::to_string(strides[k]);
    st += strides.size() == 1 ? ",)" : ")";
    return fmt::format("Layout({}, {})", *s, st);
  }
  std::string out;
  if (!ctor && callee)
    if (std::optional<std::string> target = callee(name)) out = "@" + *target;
  if (out.empty()) out = name;
  const Place args = ctor ? Place::Ctor : Place::Value;
  Result<std::string> positional = list(e.items, 1, args);
  TF_TRY(positional);
  out += "(" + *positional;
  bool first = e.items.size() == 1;
  for (const auto& [key, value] : e.keywords) {
    Place p = ctor ? Place::Ctor : Place::Attribute;
    if (!ctor && (value->kind == PyKind::Call || value->kind == PyKind::Subscript)) p = Place::Ctor;
    Result<std::string> v = translate(*value, p);
    TF_TRY(v);
    out += (first ? "" : ", ") + key + "=" + *v;
    first = false;
  }
  return out + ")";
}

Result<std::string> ExprTranslator::type(const PyExpr& e) const {
  // Tensor[SHAPE, "DTYPE" [, LAYOUT] [, "STORAGE"]]
  if (e.items.size() < 3) return error(e, "a Tensor annotation without its shape and dtype");
  const PyExpr& shape = *e.items[1];
  if (shape.kind != PyKind::Tuple) return error(shape, "a Tensor annotation whose shape is not a tuple");
  std::vector<std::string> dims;
  for (const PyExprRef& d : shape.items) {
    Result<std::string> t = translate(*d, Place::Value);
    TF_TRY(t);
    dims.push_back(*t);
  }
  const PyExpr& dtype = *e.items[2];
  if (dtype.kind != PyKind::String) return error(dtype, "a Tensor annotation whose dtype is not a quoted name");
  std::string out = "Tensor[(";
  for (std::size_t k = 0; k < dims.size(); ++k) out += (k ? ", " : "") + dims[k];
  out += dims.size() == 1 ? ",)" : ")";
  out += ", " + dtype.text;
  for (std::size_t i = 3; i < e.items.size(); ++i) {
    const PyExpr& x = *e.items[i];
    if (x.kind == PyKind::String) {
      out += ", storage=" + x.text;
    } else if (x.kind == PyKind::Tuple) {
      Result<std::string> l = sugar_layout(x);
      TF_TRY(l);
      out += ", layout=" + *l;
    } else if (x.kind == PyKind::Call) {
      Result<std::string> l = translate(x, Place::Ctor);
      TF_TRY(l);
      out += ", layout=" + *l;
    } else {
      return error(x, fmt::format("'{}' in a Tensor annotation (a layout or a storage name is expected)", py_text(x)));
    }
  }
  return out + "]";
}

// `(ax, ...)`, `((ax, ...), (strides))`, `((ax, ...), {m.a @ P("sum"), ...})`, or both: a
// ShardLayout over the prelude mesh the axes name (importer.h's design note).
Result<std::string> ExprTranslator::sugar_layout(const PyExpr& e) const {
  const bool nested = !e.items.empty() && e.items[0]->kind == PyKind::Tuple;
  const PyExpr* axes = nested ? e.items[0].get() : &e;
  const PyExpr* strides = nullptr;
  const PyExpr* partials = nullptr;
  if (nested)
    for (std::size_t i = 1; i < e.items.size(); ++i) {
      if (e.items[i]->kind == PyKind::Tuple && strides == nullptr && partials == nullptr) strides = e.items[i].get();
      else if (e.items[i]->kind == PyKind::Set && partials == nullptr) partials = e.items[i].get();
      else return error(*e.items[i], "a layout annotation part that is neither the strides nor the partial axes");
    }
  std::string mesh;
  std::map<std::string, std::string> attr_of_axis;  // mesh axis -> S(k) / P("red")
  auto use_mesh = [&](const PyExpr& ref) -> Result<const PreludeMesh*> {
    if (ref.kind != PyKind::Attribute || ref.items[0]->kind != PyKind::Name)
      return error(ref, fmt::format("'{}' where a mesh axis (mesh.axis) is expected", py_text(ref)));
    const std::string& m = ref.items[0]->text;
    auto it = meshes.find(m);
    if (it == meshes.end()) return error(ref, fmt::format("'{}' is not a mesh of the prelude with axis names", m));
    if (!mesh.empty() && mesh != m) return error(ref, fmt::format("a layout annotation over two meshes ({} and {})", mesh, m));
    if (std::find(it->second.axes.begin(), it->second.axes.end(), ref.text) == it->second.axes.end())
    {
      Diagnostic d = error(ref, fmt::format("mesh {} has no axis '{}'", m, ref.text));
      return suggest_nearest(d, ref.text, it->second.axes);
    }
    mesh = m;
    return &it->second;
  };
  std::vector<std::string> extents;
  for (std::size_t k = 0; k < axes->items.size(); ++k) {
    const PyExpr* x = axes->items[k].get();
    std::vector<const PyExpr*> refs;
    while (x->kind == PyKind::Binary && x->text == "@") {
      refs.insert(refs.begin(), x->items[1].get());
      x = x->items[0].get();
    }
    Result<std::string> translated = translate(*x, Place::Value);
    TF_TRY(translated);
    std::string extent = *translated;
    // Upstream reads `d @ m.a` without strides, d a multiple of the axis's extent e, as the two
    // layout axes (e @ m.a, d / e).
    std::string factor;
    for (const PyExpr* r : refs) {
      Result<const PreludeMesh*> m = use_mesh(*r);
      TF_TRY(m);
      if (attr_of_axis.count(r->text)) return error(*r, fmt::format("mesh axis '{}' bound twice", r->text));
      attr_of_axis[r->text] = fmt::format("S({})", extents.size());
      const auto at = std::find((*m)->axes.begin(), (*m)->axes.end(), r->text) - (*m)->axes.begin();
      const std::string e = static_cast<std::size_t>(at) < (*m)->extents.size() ? (*m)->extents[static_cast<std::size_t>(at)] : "";
      const std::optional<long long> d = int_of(*x);
      const std::optional<long long> me = small_int(e);
      if (refs.size() == 1 && strides == nullptr && d && me && *me > 0 && *d > *me && *d % *me == 0)
        factor = std::to_string(*d / *me), extent = e;
    }
    extents.push_back(extent);
    if (!factor.empty()) extents.push_back(factor);
  }
  if (partials != nullptr)
    for (const PyExprRef& p : partials->items) {
      if (p->kind != PyKind::Binary || p->text != "@" || p->items[1]->kind != PyKind::Call)
        return error(*p, fmt::format("'{}' where mesh.axis @ P(\"kind\") is expected", py_text(*p)));
      Result<const PreludeMesh*> m = use_mesh(*p->items[0]);
      TF_TRY(m);
      Result<std::string> attr = translate(*p->items[1], Place::Ctor);
      TF_TRY(attr);
      attr_of_axis[p->items[0]->text] = *attr;
    }
  // Splitting nothing, the annotation names no mesh: upstream reads it on the only prelude mesh.
  if (mesh.empty() && all_meshes.size() == 1 && meshes.count(all_meshes[0])) mesh = all_meshes[0];
  if (mesh.empty())
    return error(e, "a layout annotation that names no mesh axis, in a file of other than one mesh (the printer leaves the mesh implicit)");
  std::string stride_text;
  if (strides != nullptr) {
    Result<std::string> s = translate(*strides, Place::Ctor);
    TF_TRY(s);
    stride_text = *s;
  } else {  // C order
    std::vector<std::string> s(extents.size());
    std::string acc = "1";
    for (std::size_t k = extents.size(); k-- > 0;) {
      s[k] = acc;
      const bool simple = is_identifier(extents[k]) || std::all_of(extents[k].begin(), extents[k].end(), ::isdigit);
      const std::string factor = simple ? extents[k] : "(" + extents[k] + ")";
      if (acc == "1") acc = factor;
      else if (long long product = 0; small_int(acc) && small_int(factor) && !__builtin_mul_overflow(*small_int(acc), *small_int(factor), &product))
        acc = std::to_string(product);
      else acc = acc + " * " + factor;
    }
    stride_text = "(";
    for (std::size_t k = 0; k < s.size(); ++k) stride_text += (k ? ", " : "") + s[k];
    stride_text += s.size() == 1 ? ",)" : ")";
  }
  std::string extent_text = "(";
  for (std::size_t k = 0; k < extents.size(); ++k) extent_text += (k ? ", " : "") + extents[k];
  extent_text += extents.size() == 1 ? ",)" : ")";
  const PreludeMesh& m = meshes.at(mesh);
  std::string attrs = "(";
  for (std::size_t i = 0; i < m.axes.size(); ++i) {
    auto it = attr_of_axis.find(m.axes[i]);
    attrs += (i ? ", " : "") + (it == attr_of_axis.end() ? std::string("B()") : it->second);
  }
  attrs += m.axes.size() == 1 ? ",)" : ")";
  return fmt::format("ShardLayout(layout=Layout({}, {}), attrs={}, mesh={})", extent_text, stride_text, attrs, mesh);
}

}  // namespace tf::upstream
