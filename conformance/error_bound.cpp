#include "conformance/error_bound.h"

#include <fmt/format.h>

#include <cmath>
#include <functional>

#include "eval/tir/exact_sum.h"
#include "eval/value/tensor_convert.h"
#include "ir/text/build_support.h"
#include "ir/text/syntax.h"

namespace tf::conformance {

namespace {

Diagnostic usage(std::string message) { return category_error(DiagCategory::Usage, std::move(message)); }

const std::string& call_name(const text::SyntaxNode& n) {
  static const std::string none;
  return n.kind == text::SyntaxKind::Call && n.callee->kind == text::SyntaxKind::Name ? n.callee->text : none;
}

constexpr double kUnit = 0x1p-24;  // f32 unit roundoff

}  // namespace

bool is_bound(const text::SyntaxNode& comparator) { return call_name(comparator) == "bound"; }

Result<BoundReference> parse_bound(const text::SyntaxNode& comparator, const text::SyntaxNode& reference) {
  BoundReference b;
  text::Syntax order = comparator.keyword("order");
  if (!order || order->kind != text::SyntaxKind::Name)
    return text::error_at(comparator, "bound needs order=exact, sequential, pairwise or blocks (with block=B)");
  for (const auto& [key, value] : comparator.keywords)
    if (key != "order" && key != "block")
      return text::error_at(*value, fmt::format("bound has no argument '{}' (order, block)", key));
  if (order->text == "exact") b.order.kind = SumOrder::Kind::Exact;
  else if (order->text == "sequential") b.order.kind = SumOrder::Kind::Sequential;
  else if (order->text == "pairwise") b.order.kind = SumOrder::Kind::Pairwise;
  else if (order->text == "blocks") b.order.kind = SumOrder::Kind::Blocks;
  else return text::error_at(*order, fmt::format("order={} is not exact, sequential, pairwise or blocks", order->text));
  if (b.order.kind == SumOrder::Kind::Blocks) {
    text::Syntax block = comparator.keyword("block");
    Result<std::int64_t> k = block ? text::integer_value(*block) : Result<std::int64_t>(usage("no block"));
    if (!block || !k || *k < 1) return text::error_at(comparator, "order=blocks needs block=B, an integer >= 1");
    b.order.block = *k;
  }
  b.op = call_name(reference);
  if (b.op != "matmul" && b.op != "sum")
    return text::error_at(reference, "bound compares with matmul(a, b) or sum(x, axis=K) of the case's inputs");
  for (const text::Syntax& item : reference.items) {
    if (item->kind != text::SyntaxKind::Name) return text::error_at(*item, "an operand names a case input");
    b.operands.push_back(item->text);
  }
  if (b.operands.size() != (b.op == "matmul" ? 2u : 1u))
    return text::error_at(reference, fmt::format("{} takes {} inputs", b.op, b.op == "matmul" ? 2 : 1));
  if (b.op == "sum") {
    text::Syntax axis = reference.keyword("axis");
    Result<std::int64_t> k = axis ? text::integer_value(*axis) : Result<std::int64_t>(usage("no axis"));
    if (!axis || !k || *k < 0) return text::error_at(reference, "sum needs axis=K, an integer >= 0");
    b.axis = *k;
  }
  return b;
}

std::int64_t roundings(const SumOrder& order, std::int64_t n) {
  switch (order.kind) {
    case SumOrder::Kind::Exact: return 1;
    case SumOrder::Kind::Sequential: return n;
    case SumOrder::Kind::Pairwise: return static_cast<std::int64_t>(std::ceil(std::log2(static_cast<double>(std::max<std::int64_t>(n, 1))))) + 1;
    case SumOrder::Kind::Blocks: return (n + order.block - 1) / order.block;
  }
  return n;
}

Result<eval::Verdict> judge_bound(const eval::Tensor& actual, const BoundReference& b,
                                  const std::map<std::string, eval::Tensor>& inputs) {
  std::vector<const eval::Tensor*> xs;
  for (const std::string& name : b.operands) {
    auto it = inputs.find(name);
    if (it == inputs.end()) return usage(fmt::format("bound: {} names no input of the case", name));
    xs.push_back(&it->second);
  }
  if (actual.dtype() != DType::f32()) return usage(fmt::format("bound judges f32 results; the output is {}", actual.dtype().name()));
  // Each output element's terms, as (count, term(i, k)).
  eval::Shape out_shape;
  std::int64_t n = 0;
  std::function<double(std::int64_t, std::int64_t)> term;
  if (b.op == "matmul") {
    const eval::Tensor& a = *xs[0];
    const eval::Tensor& c = *xs[1];
    if (a.rank() != 2 || c.rank() != 2 || a.shape()[1] != c.shape()[0])
      return usage(fmt::format("bound: matmul of {} and {}", eval::shape_text(a.shape()), eval::shape_text(c.shape())));
    const std::int64_t cols = c.shape()[1];
    n = a.shape()[1];
    out_shape = {a.shape()[0], cols};
    term = [&a, &c, n, cols](std::int64_t i, std::int64_t k) {
      return eval::element_f64(a, (i / cols) * n + k) * eval::element_f64(c, k * cols + i % cols);
    };
  } else {
    const eval::Tensor& x = *xs[0];
    if (b.axis >= x.rank()) return usage(fmt::format("bound: axis {} of {}", b.axis, eval::shape_text(x.shape())));
    n = x.shape()[static_cast<std::size_t>(b.axis)];
    std::int64_t inner = 1;
    for (std::size_t d = static_cast<std::size_t>(b.axis) + 1; d < x.shape().size(); ++d) inner *= x.shape()[d];
    for (std::size_t d = 0; d < x.shape().size(); ++d)
      if (static_cast<std::int64_t>(d) != b.axis) out_shape.push_back(x.shape()[d]);
    term = [&x, n, inner](std::int64_t i, std::int64_t k) {
      return eval::element_f64(x, (i / inner) * n * inner + k * inner + i % inner);
    };
  }
  if (eval::shape_size(out_shape) != actual.size())
    return usage(fmt::format("bound: the reference has shape {}, the output {}", eval::shape_text(out_shape),
                             eval::shape_text(actual.shape())));
  const double gamma = [&] {
    const double r = static_cast<double>(roundings(b.order, n));
    return r * kUnit / (1 - r * kUnit);
  }();
  eval::Verdict v;
  for (std::int64_t i = 0; i < actual.size(); ++i) {
    tf::eval::tir::ExactSum exact, error;
    double magnitude = 0;
    for (std::int64_t k = 0; k < n; ++k) {
      const double t = term(i, k);
      exact.add(t);
      error.add(t);
      magnitude += std::fabs(t);
    }
    const double computed = eval::element_f64(actual, i);
    error.add(-computed);
    const double err = std::fabs(error.to_double());
    const double bound = (b.order.kind == SumOrder::Kind::Exact ? kUnit * std::fabs(exact.to_double()) : gamma * magnitude) *
                         (1 + 0x1p-40);
    if (!(err <= bound)) {  // NaN fails too
      if (v.passed)
        v.message = fmt::format("{}: {} differs from the exact {} by {:g}, above the bound {:g}",
                                eval::coordinates_text(actual.shape(), i), computed, exact.to_double(), err, bound);
      v.passed = false;
      ++v.mismatches;
    }
  }
  if (!v.passed) v.message += fmt::format(" ({} of {} elements outside the bound)", v.mismatches, actual.size());
  return v;
}

}  // namespace tf::conformance
