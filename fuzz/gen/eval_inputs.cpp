#include "fuzz/gen/eval_inputs.h"

#include <random>

#include "eval/value/tensor_convert.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/hir/evaluator.h"
#include "eval/value/literal.h"
#include "ir/type/type_print.h"

namespace tf::fuzz {

std::map<std::string, std::int64_t> dims_for(const hir::Function& fn, std::uint64_t seed) {
  std::map<std::string, std::int64_t> dims;
  for (const DimVarRef& v : eval::dim_vars_of(fn))
    dims.emplace(v->name, std::min(v->hi - 1, v->lo + static_cast<std::int64_t>(seed % 4)));
  return dims;
}

Result<std::vector<eval::Value>> random_inputs(const hir::Function& fn, std::uint64_t seed,
                                               const std::map<std::string, std::int64_t>& dims) {
  eval::LiteralContext lc;
  lc.dims = dims;
  std::vector<eval::Value> out;
  for (std::size_t i = 0; i < fn.params().size(); ++i) {
    const std::string text = fmt::format("{} random(seed={})", to_string(fn.params()[i]->type()), seed + i);
    Result<eval::Tensor> t = eval::parse_literal(text, SourceLocation{"input", 1, 1}, lc);
    TF_TRY(t);
    out.emplace_back(*t);
  }
  return out;
}

std::vector<eval::Tensor> race_free_inputs(std::int64_t rows, std::int64_t cols, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<float> value(-4.0f, 4.0f);
  std::vector<eval::Tensor> out;
  for (int i = 0; i < 2; ++i) {
    std::vector<float> v(static_cast<std::size_t>(rows * cols));
    for (float& x : v) x = value(rng);
    out.push_back(eval::from_f32(DType::f32(), {rows, cols}, v));
  }
  return out;
}

}  // namespace tf::fuzz
