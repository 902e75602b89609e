#include "ir/tir/prim_function.h"

#include <fmt/format.h>

#include "ir/core/op.h"
#include "ir/type/unit_type.h"

namespace tf::tir {

std::string_view target_name(Target t) {
  switch (t) {
    case Target::Host:
      return "host";
    case Target::Cuda:
      return "cuda";
  }
  TF_UNREACHABLE("bad Target");
}

std::optional<Target> target_from_name(std::string_view name) {
  if (name == "host") return Target::Host;
  if (name == "cuda") return Target::Cuda;
  return std::nullopt;
}

Result<PrimFunctionRef> PrimFunction::make(std::string name, std::vector<VarRef> params,
                                           SequentialRef body, std::int64_t output_count,
                                           Target target, Loc loc) {
  std::vector<Diagnostic> diags;
  auto type_error = [&](std::string message) {
    diags.push_back(category_error(DiagCategory::Type, std::move(message)));
  };
  if (!is_identifier(name))
    type_error(fmt::format("prim_func name '{}' is not an identifier", name));
  std::vector<IRType> param_types;
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!params[i]) {
      type_error(fmt::format("prim_func {}: parameter {} is null", name, i));
      continue;
    }
    for (std::size_t j = 0; j < i; ++j)
      if (params[j].same_as(params[i]))
        type_error(fmt::format("prim_func {}: parameter {} is the Var '{}' of parameter {} again",
                               name, i, params[i]->name, j));
    param_types.push_back(params[i]->type());
  }
  if (output_count < 0 || output_count > static_cast<std::int64_t>(params.size()))
    type_error(
        fmt::format("prim_func {}: output_count {} is outside [0, {}] (the number of "
                    "parameters)",
                    name, output_count, params.size()));
  if (!body) type_error(fmt::format("prim_func {} needs a body (a Sequential)", name));
  if (!diags.empty()) return diags;
  Result<CallableTypeRef> type = CallableType::make(UnitType::make(), std::move(param_types));
  TF_TRY(type);
  return PrimFunctionRef(new PrimFunction(std::move(name), std::move(params), std::move(body),
                                          output_count, target, *type, std::move(loc)));
}

std::vector<VarRef> PrimFunction::inputs() const {
  return {params_.begin(), params_.end() - output_count_};
}

std::vector<VarRef> PrimFunction::outputs() const {
  return {params_.end() - output_count_, params_.end()};
}

}  // namespace tf::tir
