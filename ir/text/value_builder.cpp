#include "ir/text/value_builder.h"

#include <fmt/format.h>

#include "ir/numerics/convert.h"
#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/function_call.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/tuple.h"
#include "ir/core/var.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/simplify_dim.h"
#include "ir/core/math_kinds.h"
#include "ir/support/nearest_names.h"
#include "ir/text/attr_builder.h"
#include "ir/text/build_support.h"
#include "ir/tir/tir_ops.h"
#include "ir/type/tensor_type.h"
#include "ir/type/unit_type.h"

namespace tf::text {

const char* dialect_prefix(BodyDialect d) {
  return d == BodyDialect::Hir ? "hir" : "tir";
}

namespace {

Result<Expr> constant(ConstantValue v, DType dtype, StorageKind storage, const SyntaxNode& at) {
  Result<TensorTypeRef> t = TensorType::make({}, dtype, std::nullopt, storage);
  if (!t.ok()) return located_at(t.diagnostics(), at);
  Result<ConstantRef> c = Constant::make(v, *t);
  if (!c.ok()) return located_at(c.diagnostics(), at);
  return Expr(*c);
}

// `dtype(value)`: a typed scalar; narrow floats are given by their bits.
Result<Expr> typed_scalar(DType dtype, const SyntaxNode& node, StorageKind storage) {
  if (node.items.size() != 1 || !node.keywords.empty())
    return error_at(node, fmt::format("a typed scalar takes one value: {}(...)", dtype.name()));
  const SyntaxNode& arg = *node.items[0];
  if (dtype.is_bool()) {
    if (is_name(arg, "true") || is_name(arg, "false"))
      return constant(is_name(arg, "true"), dtype, storage, node);
    return error_at(arg, "a bool scalar is true or false");
  }
  if (dtype.is_integer()) {
    Result<std::int64_t> i = integer_value(arg);
    TF_TRY(i);
    return constant(*i, dtype, storage, node);
  }
  if (dtype == DType::f32() || dtype == DType::f16() || dtype == DType::bf16()) {
    Result<double> d = float_value(arg);
    TF_TRY(d);
    return constant(*d, dtype, storage, node);
  }
  Result<std::int64_t> bits = integer_value(arg);
  if (!bits.ok() || *bits < 0 || *bits >= (std::int64_t{1} << dtype.bit_width()))
    return error_at(arg, fmt::format("a {} scalar is given by its {}-bit code, such as {}(0x38)",
                                     dtype.name(), dtype.bit_width(), dtype.name()));
  return constant(numerics::decode_f64(static_cast<std::uint64_t>(*bits), dtype), dtype, storage, node);
}

Result<Expr> dim_arith(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env) {
  static const std::pair<const char*, DimOpKind> kOps[] = {
      {"+", DimOpKind::Add}, {"-", DimOpKind::Sub}, {"*", DimOpKind::Mul},
      {"//", DimOpKind::FloorDiv}, {"%", DimOpKind::Mod}};
  for (auto [spelling, kind] : kOps) {
    if (node.text != spelling) continue;
    Result<Expr> a = build_value(*node.items[0], dialect, env);
    TF_TRY(a);
    Result<Expr> b = build_value(*node.items[1], dialect, env);
    TF_TRY(b);
    Result<Expr> r = simplify_dim(kind, {*a, *b});
    if (!r.ok()) return located_at(r.diagnostics(), node);
    // Two literals fold to the literal the reader builds for the result as written (`2 - 1` is
    // `1`, typed as the left literal), since that is how the printer writes the folded value;
    // a dim constant would read back as another type (found by the reader-total campaign).
    const Constant* left = (*a)->as<Constant>();
    const Constant* folded = (*r)->as<Constant>();
    if (folded != nullptr && left != nullptr && (*b)->as<Constant>() != nullptr) {
      Result<ConstantRef> literal = Constant::make(folded->value, left->type());
      if (literal.ok()) return Expr(*literal);
    }
    return r;
  }
  return error_at(node, fmt::format("the operator '{}' is not supported in a {} body yet",
                                    node.text, dialect == BodyDialect::Hir ? "func" : "prim_func"));
}

Result<Expr> op_call(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env);

Result<std::vector<Expr>> build_args(const SyntaxNode& node, BodyDialect dialect,
                                     const BodyEnvironment& env) {
  std::vector<Expr> args;
  std::vector<Diagnostic> diags;
  for (const Syntax& item : node.items) {
    Result<Expr> a = build_value(*item, dialect, env);
    if (a.ok()) args.push_back(*a);
    else for (const Diagnostic& d : a.diagnostics()) diags.push_back(d);
  }
  if (!diags.empty()) return diags;
  return args;
}

// `@name` names no function of the file: the error at `node`, with the nearest function names.
Diagnostic no_function(const SyntaxNode& node, const std::string& name, const BodyEnvironment& env) {
  Diagnostic d = error_at(node, fmt::format("no function @{} in this file", name));
  return suggest_nearest(d, name, env.function_names(), "@");
}

Result<Expr> symbol_call(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env) {
  const std::string& name = node.callee->text;
  const Signature* sig = env.signature(name);
  if (sig == nullptr) return no_function(node, name, env);
  if (dialect == BodyDialect::Tir)
    return error_at(node, fmt::format("@{}(...) is a statement in a prim_func, not a value", name));
  if (!node.keywords.empty()) return error_at(node, "a function call takes no keyword arguments");
  Result<std::vector<Expr>> args = build_args(node, dialect, env);
  TF_TRY(args);
  Result<FunctionCallRef> c = FunctionCall::make(name, sig->type, std::move(*args));
  if (!c.ok()) return located_at(c.diagnostics(), node);
  return Expr(*c);
}

Result<Expr> special_call(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env,
                          bool& handled) {
  handled = true;
  const std::string& name = node.callee->text;
  if (name == "tuple_get_item") {
    const Syntax index = node.keyword("index");
    if (node.items.size() != 1 || !index || node.keywords.size() != 1)
      return error_at(node, "tuple_get_item takes one tuple and index=K");
    Result<Expr> t = build_value(*node.items[0], dialect, env);
    TF_TRY(t);
    Result<std::int64_t> k = integer_value(*index);
    TF_TRY(k);
    Result<TupleGetItemRef> g = TupleGetItem::make(*t, *k);
    if (!g.ok()) return located_at(g.diagnostics(), node);
    return Expr(*g);
  }
  if (name == "ShapeOf") {
    if (node.items.size() != 2 || !node.keywords.empty())
      return error_at(node, "ShapeOf takes a parameter and an axis: ShapeOf(a, 0)");
    Result<Expr> p = build_value(*node.items[0], dialect, env);
    TF_TRY(p);
    const Var* v = (*p)->as<Var>();
    if (v == nullptr) return error_at(*node.items[0], "ShapeOf takes a parameter name");
    Result<std::int64_t> axis = integer_value(*node.items[1]);
    TF_TRY(axis);
    Result<ShapeOfRef> s = ShapeOf::make(VarRef(v), *axis);
    if (!s.ok()) return located_at(s.diagnostics(), node);
    return Expr(*s);
  }
  if (Result<DType> d = DType::from_name(name); d.ok() && !d->is_compound())
    return typed_scalar(*d, node, dialect == BodyDialect::Hir ? StorageKind::Umat : StorageKind::Rmem);
  handled = false;
  return Expr();
}

}  // namespace

Result<Expr> build_scalar_literal(const SyntaxNode& node, StorageKind storage) {
  if (is_name(node, "true") || is_name(node, "false"))
    return constant(is_name(node, "true"), DType::boolean(), storage, node);
  const SyntaxNode* n = &node;
  if (n->kind == SyntaxKind::Negate) n = n->items[0].get();
  if (n->kind == SyntaxKind::Integer) {
    Result<std::int64_t> i = integer_value(node);
    TF_TRY(i);
    return constant(*i, DType::i64(), storage, node);
  }
  Result<double> d = float_value(node);
  TF_TRY(d);
  return constant(*d, DType::f32(), storage, node);
}

bool uses_poisoned_name(const SyntaxNode& node, const BodyEnvironment& env) {
  if (node.kind == SyntaxKind::Name && env.poisoned(node.text)) return true;
  if (node.callee && uses_poisoned_name(*node.callee, env)) return true;
  for (const Syntax& i : node.items)
    if (i && uses_poisoned_name(*i, env)) return true;
  for (const auto& [k, v] : node.keywords)
    if (v && uses_poisoned_name(*v, env)) return true;
  return false;
}

Result<Expr> build_value(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env) {
  const StorageKind literal_storage =
      dialect == BodyDialect::Hir ? StorageKind::Umat : StorageKind::Rmem;
  switch (node.kind) {
    case SyntaxKind::Name: {
      // An unquoted literal's name is the literal; a backquoted one is a name (tfir_name writes
      // a binding so named backquoted).
      if (!node.quoted && (node.text == "true" || node.text == "false" || node.text == "inf" || node.text == "nan"))
        return build_scalar_literal(node, literal_storage);
      if (const Expr* e = env.find(node.text)) return *e;
      if (const DimVarRef* d = env.file().find_dim(node.text)) return Expr(*d);
      if (env.find_mesh(node.text) != nullptr)
        return error_at(node, fmt::format("'{}' is a mesh, not a value", node.text));
      Diagnostic d = error_at(node, fmt::format("'{}' is not defined here", node.text));
      return suggest_nearest(d, node.text, env.value_names());
    }
    case SyntaxKind::Integer:
    case SyntaxKind::Float:
      return build_scalar_literal(node, literal_storage);
    case SyntaxKind::Negate: {
      const SyntaxKind k = node.items[0]->kind;
      if (k == SyntaxKind::Integer || k == SyntaxKind::Float || is_name(*node.items[0], "inf"))
        return build_scalar_literal(node, literal_storage);
      return error_at(node, "negation applies to number literals only; use neg(x)");
    }
    case SyntaxKind::Tuple: {
      Result<std::vector<Expr>> items = build_args(node, dialect, env);
      TF_TRY(items);
      Result<TupleRef> t = Tuple::make(std::move(*items));
      if (!t.ok()) return located_at(t.diagnostics(), node);
      return Expr(*t);
    }
    case SyntaxKind::Symbol: {
      const Signature* sig = env.signature(node.text);
      if (sig == nullptr) {  // a SymbolRef in a prim_func resolves to exactly one function, or is refused
        Diagnostic d = no_function(node, node.text, env);
        if (dialect == BodyDialect::Tir) d.rule_id = "TIR.2.1.SYMREF.resolution-unique";
        return d;
      }
      Result<Ref<const SymbolRef>> s = SymbolRef::make(node.text, sig->type);
      if (!s.ok()) return located_at(s.diagnostics(), node);
      return Expr(*s);
    }
    case SyntaxKind::Call:
      if (node.callee->kind == SyntaxKind::Symbol) return symbol_call(node, dialect, env);
      return op_call(node, dialect, env);
    case SyntaxKind::Binary:
      return dim_arith(node, dialect, env);
    case SyntaxKind::String:
    case SyntaxKind::Subscript:
    case SyntaxKind::Slice:
    case SyntaxKind::Literal:
      break;
  }
  return error_at(node, fmt::format("'{}' is not a value here", to_string(node)));
}

namespace {

// The spellings a body of `dialect` calls ops by (the "did you mean" of an unknown one): its
// ops' and the shared core and dim ops' surfaces, and in a func the math kinds used as op names.
std::vector<std::string> op_spellings(const OpRegistry& registry, BodyDialect dialect) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < registry.size(); ++i) {
    const Op op = registry.at(i);
    if (op.dialect() == dialect_prefix(dialect) || op.dialect() == "core" || op.dialect() == "dim")
      out.emplace_back(op.surface());
  }
  if (dialect == BodyDialect::Hir) {
    for (BinaryKind k : kAllBinaryKinds) out.emplace_back(binary_kind_name(k));
    for (UnaryKind k : kAllUnaryKinds) out.emplace_back(unary_kind_name(k));
  }
  return out;
}

// The op's one required attribute when it has exactly one attribute and it is required.
const ParamDef* sole_required_attribute(Op op) {
  const ParamDef* found = nullptr;
  for (const ParamDef& p : op.params()) {
    if (p.kind != ParamKind::Attribute) continue;
    if (found != nullptr || !p.required()) return nullptr;
    found = &p;
  }
  return found;
}

Result<Expr> op_call(const SyntaxNode& node, BodyDialect dialect, const BodyEnvironment& env) {
  bool handled = false;
  Result<Expr> special = special_call(node, dialect, env, handled);
  if (handled) return special;
  const std::string& name = node.callee->text;
  const OpRegistry& registry = env.handlers().registry();
  std::optional<Op> op = registry.find_surface(dialect_prefix(dialect), name);
  std::vector<NamedAttr> attrs;
  if (!op && dialect == BodyDialect::Hir) {  // `mul(x, y)`: a math kind used as the op name
    // Upstream's alias spellings (`cmp_gt`, `logical_and`, `maximum`) name the same kinds.
    const std::string kind(upstream_kind_alias(name).value_or(name));
    AttrValue kind_value;
    if (std::optional<BinaryKind> b = binary_kind_from_name(kind)) {
      op = registry.find("hir.math.Binary");
      kind_value = enum_attr(*b);
    } else if (std::optional<UnaryKind> u = unary_kind_from_name(kind)) {
      op = registry.find("hir.math.Unary");
      kind_value = enum_attr(*u);
    }
    if (op) attrs.emplace_back("kind", std::move(kind_value));
  }
  if (!op) {
    Diagnostic d = error_at(node, fmt::format("no op is spelled '{}' in a {} (`tf ops` lists them)", name,
                                              dialect == BodyDialect::Hir ? "func" : "prim_func"));
    return suggest_nearest(d, name, op_spellings(registry, dialect));
  }
  // `sync(m)`: an op without operands whose one required attribute is written positionally.
  std::vector<std::pair<std::string, Syntax>> keywords = node.keywords;
  std::vector<Syntax> positional = node.items;
  if (const ParamDef* sole = sole_required_attribute(*op);
      sole != nullptr && op->operand_count() == 0 && positional.size() == 1 && !node.keyword(sole->name)) {
    keywords.emplace_back(sole->name, positional[0]);
    positional.clear();
  }
  SyntaxNode operands = node;
  operands.items = positional;
  Result<std::vector<Expr>> built_args = build_args(operands, dialect, env);
  TF_TRY(built_args);
  std::vector<Expr> arg_list = *built_args;
  // `reduce(src, dst, ...)`: TIR's Reduce without a workspace takes the absent-workspace sentinel.
  if (tir::is_tir_op(*op, tir::TirOp::Reduce) && arg_list.size() == 2)
    arg_list.push_back(tir::no_workspace());
  const std::vector<Expr>* args = &arg_list;
  std::vector<Diagnostic> diags;
  for (const auto& [key, value] : keywords) {
    const ParamDef* p = op->find_param(key);
    if (p == nullptr || p->kind != ParamKind::Attribute) {
      Diagnostic d = error_at(*value, fmt::format("{} has no attribute '{}'", op->surface(), key));
      diags.push_back(suggest_nearest(d, key, op->attribute_names()));
      continue;
    }
    Result<AttrValue> v = build_attr_value(*op, *p, *value, env);
    if (v.ok()) attrs.emplace_back(key, *v);
    else for (const Diagnostic& d : v.diagnostics()) diags.push_back(d);
  }
  if (!diags.empty()) return diags;
  if (!op->accepts_arity(args->size()))
    return error_at(node, fmt::format("{} takes {}, got {}", op->surface(), op->arity_text(), args->size()));
  Result<std::vector<AttrValue>> bound = bind_call_attrs(*op, attrs);
  if (!bound.ok()) return located_at(bound.diagnostics(), node);
  IRType type;
  const OpHandlers& h = env.handlers();
  if (op->form() == OpForm::Effect) {
    type = UnitType::make();
  } else if (h.has<TypeInferAttrsHandler>(*op)) {
    Result<IRType> t = h.get<TypeInferAttrsHandler>(*op)(*op, *args, *bound);
    if (!t.ok()) return located_at(t.diagnostics(), node);
    type = *t;
  } else if (h.has<TypeInferHandler>(*op)) {
    Result<IRType> t = h.get<TypeInferHandler>(*op)(*op, *args);
    if (!t.ok()) return located_at(t.diagnostics(), node);
    type = *t;
  } else {
    return error_at(node, fmt::format("{} has no type rule registered", op->name()));
  }
  Result<CallRef> call = Call::make(*op, std::move(arg_list), std::move(attrs), type);
  if (!call.ok()) return located_at(call.diagnostics(), node);
  return Expr(*call);
}

}  // namespace

}  // namespace tf::text
