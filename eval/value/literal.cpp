#include "eval/value/literal.h"

#include <fmt/format.h>

#include <filesystem>

#include "ir/numerics/block_format_of.h"
#include "eval/value/literal_element.h"
#include "eval/value/literal_random.h"
#include "eval/value/npy.h"
#include "eval/value/npy_boundary.h"
#include "eval/value/tensor_convert.h"
#include "ir/text/build_support.h"
#include "ir/text/expression_parser.h"
#include "ir/text/type_builder.h"

namespace tf::eval {

namespace {

using text::error_at;
using text::located_at;
using text::SyntaxKind;
using text::SyntaxNode;

// The number of written items must be the number of elements (or block-scale codes).
std::optional<Diagnostic> check_count(const SyntaxNode& node,
                                      const std::vector<text::Syntax>& items, std::int64_t expected,
                                      std::string_view what) {
  const auto found = static_cast<std::int64_t>(items.size());
  if (found == expected) return std::nullopt;
  const SyntaxNode& at = found > expected ? *items[static_cast<std::size_t>(expected)] : node;
  return error_at(at, fmt::format("{} takes {} {}, found {}", what, expected,
                                  expected == 1 ? "value" : "values", found));
}

// A block-scaled tensor of `type` quantized from f32 `values` with the default scale method.
Result<Tensor> quantized(const LiteralType& type, const std::vector<float>& values,
                         const SyntaxNode& at) {
  Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(type.dtype);
  if (!format) return located_at(format.diagnostics(), at);
  Result<numerics::BlockScaledValue> q =
      numerics::quantize(values, type.shape, *format, numerics::default_scale_method(*format));
  if (!q) return located_at(q.diagnostics(), at);
  return Tensor::block_scaled(type.dtype, std::move(q).value());
}

// The tensor of `type` holding `elements` of its element dtype (f32 for a block-scaled `type`,
// which is then quantized).
Result<Tensor> from_element_tensor(const LiteralType& type, Tensor elements, const SyntaxNode& at) {
  if (!type.dtype.is_compound()) return elements;
  return quantized(type, to_f32(elements), at);
}

DType element_dtype(const LiteralType& type) {
  return type.dtype.is_compound() ? DType::f32() : type.dtype;
}

Result<Tensor> values_form(const SyntaxNode& node, const LiteralType& type) {
  Tensor t = Tensor::make(element_dtype(type), type.shape);
  if (auto d = check_count(literal_anchor(node), node.items, t.size(),
                           fmt::format("a literal of shape {}", shape_text(type.shape))))
    return *d;
  for (std::int64_t i = 0; i < t.size(); ++i) {
    Result<std::uint64_t> code = value_code(*node.items[static_cast<std::size_t>(i)], t.dtype());
    if (!code) return code.diagnostics();
    t.set_code(i, *code);
  }
  return from_element_tensor(type, std::move(t), literal_anchor(node));
}

Result<Tensor> splat_form(const SyntaxNode& node, const LiteralType& type) {
  if (node.items.size() != 1 || !node.keywords.empty())
    return error_at(literal_anchor(node), "splat takes one value: splat(0.5)");
  Tensor t = Tensor::make(element_dtype(type), type.shape);
  Result<std::uint64_t> code = value_code(*node.items[0], t.dtype());
  if (!code) return code.diagnostics();
  for (std::int64_t i = 0; i < t.size(); ++i) t.set_code(i, *code);
  return from_element_tensor(type, std::move(t), literal_anchor(node));
}

Result<Tensor> bits_form(const SyntaxNode& node, const LiteralType& type) {
  if (type.dtype.is_compound())
    return error_at(literal_anchor(node),
                    fmt::format("{} literals give their planes: planes{{bits{{element codes}}, "
                                "bits{{scale codes}}...}}",
                                type.dtype.name()));
  Tensor t = Tensor::make(type.dtype, type.shape);
  if (auto d = check_count(literal_anchor(node), node.items, t.size(),
                           fmt::format("a literal of shape {}", shape_text(type.shape))))
    return *d;
  for (std::int64_t i = 0; i < t.size(); ++i) {
    Result<std::uint64_t> code = bits_code(*node.items[static_cast<std::size_t>(i)],
                                           type.dtype.bit_width(), type.dtype.name());
    if (!code) return code.diagnostics();
    t.set_code(i, *code);
  }
  return t;
}

// The codes of one plane `bits{...}`: `count` codes of `bits` bits each.
Result<std::vector<std::uint64_t>> plane_codes(const SyntaxNode& plane, std::int64_t count,
                                               int bits, const std::string& what) {
  if (plane.kind != SyntaxKind::Literal || plane.text != "bits" || plane.callee)
    return error_at(
        plane, fmt::format("{} is a plane bits{{...}}, found '{}'", what, text::to_string(plane)));
  if (auto d = check_count(plane, plane.items, count, what)) return *d;
  std::vector<std::uint64_t> codes;
  for (const text::Syntax& item : plane.items) {
    Result<std::uint64_t> c = bits_code(*item, bits, what);
    if (!c) return c.diagnostics();
    codes.push_back(*c);
  }
  return codes;
}

Result<Tensor> planes_form(const SyntaxNode& node, const LiteralType& type) {
  const DType d = type.dtype;
  if (!d.is_compound())
    return error_at(
        literal_anchor(node),
        fmt::format("planes{{...}} is for block-scaled dtypes; {} literals are T{{...}} "
                    "or T bits{{...}}",
                    d.name()));
  Result<numerics::BlockScaleFormat> format = numerics::block_scale_format_of(d);
  if (!format) return located_at(format.diagnostics(), literal_anchor(node));
  Result<numerics::BlockGrid> grid = numerics::block_grid(type.shape, *format);
  if (!grid) return located_at(grid.diagnostics(), literal_anchor(node));
  const bool tensor_scale = format->tensor_scale.valid();
  const std::size_t count = tensor_scale ? 3 : 2;
  if (node.items.size() != count)
    return error_at(literal_anchor(node),
                    fmt::format("{} literals have {} planes: bits{{element codes}}, bits{{block "
                                "scales}}{}; found {}",
                                d.name(), count, tensor_scale ? ", bits{tensor scale}" : "",
                                node.items.size()));
  numerics::BlockScaledValue value;
  value.shape = type.shape;
  const std::string name(d.name());
  Result<std::vector<std::uint64_t>> codes =
      plane_codes(*node.items[0], grid->element_count, format->element.bit_width(),
                  fmt::format("the element codes of {} ({})", name, format->element.name()));
  if (!codes) return codes.diagnostics();
  Result<std::vector<std::uint64_t>> scales =
      plane_codes(*node.items[1], grid->block_count, format->block_scale.bit_width(),
                  fmt::format("the block scales of {} ({})", name, format->block_scale.name()));
  if (!scales) return scales.diagnostics();
  value.element_codes.assign(codes->begin(), codes->end());
  value.block_scales.assign(scales->begin(), scales->end());
  if (tensor_scale) {
    Result<std::vector<std::uint64_t>> s =
        plane_codes(*node.items[2], 1, 32, fmt::format("the tensor scale of {} (f32)", name));
    if (!s) return s.diagnostics();
    value.tensor_scale_bits = static_cast<std::uint32_t>(s->front());
  }
  Result<numerics::BlockGrid> checked = numerics::check_planes(value, *format);
  if (!checked) return located_at(checked.diagnostics(), literal_anchor(node));
  return Tensor::block_scaled(d, std::move(value));
}

Result<Tensor> random_form(const SyntaxNode& node, const LiteralType& type) {
  Result<Tensor> values = random_tensor(node, element_dtype(type), type.shape);
  if (!values) return values.diagnostics();
  return from_element_tensor(type, std::move(values).value(), literal_anchor(node));
}

Result<Tensor> npy_form(const SyntaxNode& node, const LiteralContext& context) {
  if (node.items.size() != 1 || node.items[0]->kind != SyntaxKind::String)
    return error_at(node, "npy takes a file path: npy(\"x.npy\") or npy(\"x.npy\", dtype=bf16)");
  DType dtype = context.npy_dtype;
  for (const auto& [key, value] : node.keywords) {
    if (key != "dtype")
      return error_at(*value, fmt::format("npy(...) has no argument '{}' (dtype)", key));
    Result<DType> d = text::build_dtype(*value);
    if (!d) return d.diagnostics();
    dtype = *d;
  }
  const std::string& written = node.items[0]->text;
  std::filesystem::path path(written);
  if (path.is_relative() && !context.base_dir.empty())
    path = std::filesystem::path(context.base_dir) / path;
  Result<NpyArray> array = read_npy_file(path.string());
  if (!array) {
    std::vector<Diagnostic> ds = array.diagnostics();
    for (Diagnostic& d : ds) d.location = node.location;
    return ds;
  }
  Result<Tensor> t = dtype.valid() ? tensor_from_npy(*array, dtype, written)
                                   : natural_tensor_from_npy(*array, written);
  if (!t) return located_at(t.diagnostics(), node);
  return t;
}

// `bf16(0.5)`, `i32(7)`, `fp8e4m3(0x3c)`: rank 0; floats narrower than 16 bits by their code.
Result<Tensor> typed_scalar(const SyntaxNode& node, DType dtype) {
  if (dtype.is_compound())
    return error_at(node,
                    fmt::format("{} has no scalar form; write a Tensor[...] planes{{...}} literal",
                                dtype.name()));
  if (node.items.size() != 1 || !node.keywords.empty())
    return error_at(node, fmt::format("a typed scalar takes one value: {}(...)", dtype.name()));
  const bool by_code = dtype.is_float() && dtype.bit_width() < 16;
  Result<std::uint64_t> code = by_code ? bits_code(*node.items[0], dtype.bit_width(), dtype.name())
                                       : value_code(*node.items[0], dtype);
  if (!code) return code.diagnostics();
  Tensor t = Tensor::make(dtype, {});
  t.set_code(0, *code);
  return t;
}

// `1.5` (f32), `2` (i64), `true` (bool), and their negations.
std::optional<DType> bare_scalar_dtype(const SyntaxNode& node) {
  const SyntaxNode* n = &node;
  while (n->kind == SyntaxKind::Negate) n = n->items[0].get();
  if (n->kind == SyntaxKind::Integer) return DType::i64();
  if (n->kind == SyntaxKind::Float || text::is_name(*n, "inf") || text::is_name(*n, "nan"))
    return DType::f32();
  if (n == &node && (text::is_name(*n, "true") || text::is_name(*n, "false")))
    return DType::boolean();
  return std::nullopt;
}

}  // namespace

Result<Tensor> build_literal(const SyntaxNode& node, const LiteralContext& context) {
  if (node.kind == SyntaxKind::Literal && node.callee) {
    Result<LiteralType> type = resolve_literal_type(*node.callee, context.env, context.dims);
    if (!type) return type.diagnostics();
    if (node.text == "values") return values_form(node, *type);
    if (node.text == "bits") return bits_form(node, *type);
    if (node.text == "planes") return planes_form(node, *type);
    if (node.text == "splat") return splat_form(node, *type);
    if (node.text == "random") return random_form(node, *type);
    return error_at(literal_anchor(node), fmt::format("unknown literal form '{}'", node.text));
  }
  if (node.kind == SyntaxKind::Call && node.callee->kind == SyntaxKind::Name) {
    if (node.callee->text == "npy") return npy_form(node, context);
    Result<DType> dtype = DType::from_name(node.callee->text);
    if (dtype) return typed_scalar(node, *dtype);
  }
  if (std::optional<DType> scalar = bare_scalar_dtype(node)) {
    Result<std::uint64_t> code = value_code(node, *scalar);
    if (!code) return code.diagnostics();
    Tensor t = Tensor::make(*scalar, {});
    t.set_code(0, *code);
    return t;
  }
  return error_at(
      node, fmt::format("expected a tensor literal (Tensor[shape, dtype]{{...}}, bits{{...}}, "
                        "planes{{...}}, splat(...), random(...)), npy(\"file\") or a "
                        "scalar, found '{}'",
                        text::to_string(node)));
}

Result<Tensor> parse_literal(std::string_view text, const SourceLocation& where,
                             const LiteralContext& context) {
  // Padding the source with the lines and columns before `where` makes the lexer's positions
  // those of the enclosing file.
  std::string source;
  if (where.known()) {
    source.append(static_cast<std::size_t>(where.line - 1), '\n');
    source.append(static_cast<std::size_t>(std::max(where.column - 1, 0)), ' ');
  }
  source.append(text);
  Result<text::Syntax> syntax = text::parse_expression(source, where.file);
  if (!syntax) return syntax.diagnostics();
  return build_literal(**syntax, context);
}

}  // namespace tf::eval
