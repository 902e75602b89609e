#include "ir/text/declarations.h"

#include "ir/support/tfir_string.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "ir/layout/print.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/text/build_support.h"
#include "ir/text/expression_parser.h"
#include "ir/text/layout_builder.h"

namespace tf::text {

const std::string& Declaration::name() const {
  return std::visit(
      [](const auto& d) -> const std::string& {
        if constexpr (std::is_same_v<std::decay_t<decltype(d)>, EntryDeclaration>) {
          return d.function;
        } else {
          return d.name;
        }
      },
      value);
}

bool is_declaration_keyword(const Token& token) {
  if (token.kind != TokenKind::Identifier || token.quoted_name) return false;
  return token.text == "dim" || token.text == "mesh" || token.text == "layout" ||
         token.text == "atom" || token.text == "entry";
}

namespace {

bool at_statement_end(const Token& t) { return t.kind == TokenKind::Newline || t.kind == TokenKind::Eof; }

// The declared name at tokens[pos]: an identifier that is neither a literal nor taken.
Result<std::string> declared_name(const std::vector<Token>& tokens, std::size_t& pos,
                                  const std::string& keyword, const FileEnvironment& env) {
  const Token& t = tokens[pos];
  if (t.kind != TokenKind::Identifier)
    return error_at(t, fmt::format("expected a name after '{}', found {}", keyword, describe(t)));
  if (is_literal_name(t.text))
    return error_at(t, fmt::format("'{}' is a literal and cannot name a declaration", t.text));
  if (keyword != "entry") {
    if (const DeclaredName* earlier = env.find(t.text)) {
      Diagnostic d = error_at(
          t, fmt::format("'{}' is already declared (as a {})", t.text, name_kind_keyword(earlier->kind)));
      d.notes.push_back(fmt::format("{}: the first declaration of '{}'", earlier->location.str(), t.text));
      return d;
    }
  }
  ++pos;
  return t.text;
}

Result<DimDeclaration> dim_declaration(const std::string& name, const SyntaxNode& value) {
  if (value.kind != SyntaxKind::Call || value.callee->text != "DimVar" || !value.keywords.empty() ||
      value.items.size() != 3)
    return error_at(value, fmt::format("expected DimVar(\"{}\", lo, hi), found '{}'", name, to_string(value)));
  const SyntaxNode& name_node = *value.items[0];
  if (name_node.kind != SyntaxKind::String || name_node.text != name)
    return error_at(name_node, fmt::format("the DimVar's name must be the declared name \"{}\", found '{}'",
                                           name, to_string(name_node)));
  Result<std::int64_t> lo = integer_value(*value.items[1]);
  if (!lo) return lo.diagnostics();
  Result<std::int64_t> hi = integer_value(*value.items[2]);
  if (!hi) return hi.diagnostics();
  Result<DimVarRef> var = DimVar::make(name, *lo, *hi);
  if (!var) return located_at(var.diagnostics(), value);
  return DimDeclaration{name, *var};
}

Result<AtomDeclaration> atom_declaration(const std::string& name, const SyntaxNode& value) {
  if (value.kind != SyntaxKind::Call || value.callee->text != "cuda.mma.atom" || !value.items.empty() ||
      value.keywords.size() != 1 || value.keywords[0].first != "op" ||
      value.keywords[0].second->kind != SyntaxKind::Name)
    return error_at(value, fmt::format("expected cuda.mma.atom(op=INSTRUCTION), found '{}'", to_string(value)));
  return AtomDeclaration{name, value.keywords[0].second->text};
}

// Builds the value of a mesh or layout declaration; `want_mesh` says which is expected.
Result<LayoutValue> layout_or_mesh(const SyntaxNode& value, bool want_mesh, const FileEnvironment& env) {
  Result<LayoutValue> v = build_layout_value(value, env.layouts());
  if (!v) return v;
  if (std::holds_alternative<Mesh>(*v) != want_mesh)
    return error_at(value, fmt::format("expected a {} here, found a {}", want_mesh ? "mesh" : "layout",
                                       layout_value_kind(*v)));
  return v;
}

LayoutBase as_layout_base(const LayoutValue& v) {
  if (const Layout* l = std::get_if<Layout>(&v)) return *l;
  if (const ComposedLayout* c = std::get_if<ComposedLayout>(&v)) return *c;
  return std::get<ShardLayout>(v);
}

}  // namespace

Result<Declaration> read_declaration(const std::vector<Token>& tokens, std::size_t& pos,
                                     FileEnvironment& env) {
  TF_CHECK(!tokens.empty() && tokens.back().kind == TokenKind::Eof && pos < tokens.size(),
           "read_declaration needs an Eof-terminated token list");
  const Token& keyword_token = tokens[pos];
  TF_CHECK(is_declaration_keyword(keyword_token), "read_declaration at {}", describe(keyword_token));
  const std::string keyword = keyword_token.text;
  const SourceLocation where = keyword_token.location;
  ++pos;
  Result<std::string> name = declared_name(tokens, pos, keyword, env);
  if (!name) return name.diagnostics();
  auto not_at_end = [&] {
    return error_at(tokens[pos], fmt::format("expected the end of the line after the {} "
                                                   "declaration, found {}", keyword, describe(tokens[pos])));
  };
  if (keyword == "entry") {
    if (!at_statement_end(tokens[pos])) return not_at_end();
    return Declaration{EntryDeclaration{*name}, where};
  }

  if (tokens[pos].kind != TokenKind::Equal)
    return error_at(tokens[pos], fmt::format("expected '=' after '{} {}', found {}", keyword, *name,
                                                   describe(tokens[pos])));
  ++pos;
  Result<Syntax> value = parse_expression_at(tokens, pos);
  if (!value) return value.diagnostics();
  if (!at_statement_end(tokens[pos])) return not_at_end();

  if (keyword == "dim") {
    Result<DimDeclaration> d = dim_declaration(*name, **value);
    if (!d) return d.diagnostics();
    env.declare_dim(*name, d->var, where);
    return Declaration{*d, where};
  }
  if (keyword == "atom") {
    Result<AtomDeclaration> a = atom_declaration(*name, **value);
    if (!a) return a.diagnostics();
    env.declare_atom(*name, where);
    return Declaration{*a, where};
  }
  const bool is_mesh = keyword == "mesh";
  Result<LayoutValue> v = layout_or_mesh(**value, is_mesh, env);
  if (!v) return v.diagnostics();
  env.declare_layout(*name, *v, where);
  if (is_mesh) return Declaration{MeshDeclaration{*name, std::get<Mesh>(*v)}, where};
  return Declaration{LayoutDeclaration{*name, as_layout_base(*v)}, where};
}

std::string spell_name(std::string_view name) {
  return tfir_name(name);
}

namespace {

std::string mesh_reference(const Mesh& mesh, const MeshNames& meshes) {
  for (const auto& [name, m] : meshes)
    if (m == mesh) return spell_name(name);
  return to_string(mesh);
}

std::string spell_layout(const LayoutBase& layout, const MeshNames& meshes) {
  if (const ShardLayout* s = layout.as_shard())
    return "ShardLayout(layout=" + spell_layout(s->layout(), meshes) + ", attrs=" + to_string(s->attrs()) +
           ", mesh=" + mesh_reference(s->mesh(), meshes) + ")";
  return to_string(layout);
}

std::string string_literal(std::string_view s) {
  std::string out = "\"";
  for (char c : s) out += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
  return out + "\"";
}

}  // namespace

std::string to_string(const Declaration& d, const MeshNames& meshes) {
  struct Printer {
    const MeshNames& meshes;
    std::string operator()(const DimDeclaration& x) const {
      return fmt::format("dim {} = DimVar({}, {}, {})", spell_name(x.name), string_literal(x.var->name),
                         x.var->lo, x.var->hi);
    }
    std::string operator()(const MeshDeclaration& x) const {
      return fmt::format("mesh {} = {}", spell_name(x.name), to_string(x.mesh));
    }
    std::string operator()(const LayoutDeclaration& x) const {
      return fmt::format("layout {} = {}", spell_name(x.name), spell_layout(x.layout, meshes));
    }
    std::string operator()(const AtomDeclaration& x) const {
      return fmt::format("atom {} = cuda.mma.atom(op={})", spell_name(x.name), x.op);
    }
    std::string operator()(const EntryDeclaration& x) const {
      return fmt::format("entry {}", spell_name(x.function));
    }
  };
  return std::visit(Printer{meshes}, d.value);
}

}  // namespace tf::text
