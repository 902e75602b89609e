#include "ir/tir/intrinsic.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "ir/core/op.h"

namespace tf::tir {

namespace {

// The statement keywords of docs/tfir.md section 6; an intrinsic spelled like one could not parse.
constexpr std::array<std::string_view, 13> kStatementKeywords = {
    "let", "for",      "in",   "while",    "if",    "else",  "with",
    "as",  "dispatch", "case", "fallback", "abort", "return"};

Diagnostic usage_error(std::string message) {
  return category_error(DiagCategory::Usage, std::move(message));
}

bool same_def(const IntrinsicDef& d, const std::string& name,
              const std::vector<std::string>& params, IntrinsicVerifyFn verify) {
  return d.name == name && d.params == params && d.verify == verify;
}

}  // namespace

bool is_snake_case(std::string_view name) {
  if (name.empty() || (name[0] >= '0' && name[0] <= '9')) return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
  });
}

Result<const IntrinsicDef*> IntrinsicRegistry::add(std::string name,
                                                   std::vector<std::string> params,
                                                   IntrinsicVerifyFn verify) {
  std::vector<Diagnostic> diags;
  if (!is_snake_case(name))
    diags.push_back(rule_error(
        "TIR.1.8.INTRINSIC.parser-snake-case",
        fmt::format("intrinsic name '{}' is not snake_case ([a-z_][a-z0-9_]*): the parser "
                    "dispatches on the snake-case name",
                    name)));
  if (std::find(kStatementKeywords.begin(), kStatementKeywords.end(), name) !=
      kStatementKeywords.end())
    diags.push_back(
        usage_error(fmt::format("intrinsic name '{}' is a TIR statement keyword", name)));
  for (std::size_t i = 0; i < params.size(); ++i) {
    if (!is_identifier(params[i]))
      diags.push_back(
          usage_error(fmt::format("parameter {} of intrinsic {}: '{}' is not an "
                                  "identifier",
                                  i, name, params[i])));
    for (std::size_t j = 0; j < i; ++j)
      if (params[j] == params[i])
        diags.push_back(usage_error(
            fmt::format("intrinsic {} names the parameter '{}' twice", name, params[i])));
  }
  if (verify == nullptr)
    diags.push_back(usage_error(fmt::format("intrinsic {} needs a verify function", name)));
  if (!diags.empty()) return diags;
  std::lock_guard<std::mutex> lock(mutex_);
  for (const IntrinsicDef& d : defs_) {
    if (d.name != name) continue;
    if (same_def(d, name, params, verify)) return &d;
    return usage_error(fmt::format("intrinsic {} is already registered differently", name));
  }
  defs_.push_back(IntrinsicDef{std::move(name), std::move(params), verify});
  return &defs_.back();
}

const IntrinsicDef* IntrinsicRegistry::find(std::string_view name) const {
  std::lock_guard<std::mutex> lock(mutex_);
  for (const IntrinsicDef& d : defs_)
    if (d.name == name) return &d;
  return nullptr;
}

std::size_t IntrinsicRegistry::size() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return defs_.size();
}

Result<IntrinsicRef> Intrinsic::make(const IntrinsicDef* def, std::vector<Expr> args, Loc loc) {
  if (def == nullptr)
    return category_error(DiagCategory::Type, "an intrinsic statement needs a descriptor");
  std::vector<Diagnostic> diags;
  if (args.size() != def->params.size())
    diags.push_back(category_error(
        DiagCategory::Type,
        fmt::format("intrinsic {} takes {} argument{}, got {}", def->name, def->params.size(),
                    def->params.size() == 1 ? "" : "s", args.size())));
  for (std::size_t i = 0; i < args.size(); ++i)
    if (!args[i])
      diags.push_back(category_error(
          DiagCategory::Type, fmt::format("argument {} of intrinsic {} is null", i, def->name)));
  if (!diags.empty()) return diags;
  return IntrinsicRef(new Intrinsic(def, std::move(args), std::move(loc)));
}

const Expr& Intrinsic::arg(std::string_view name) const {
  for (std::size_t i = 0; i < def->params.size(); ++i)
    if (def->params[i] == name) return args[i];
  TF_CHECK(false, "intrinsic {} has no parameter '{}'", def->name, name);
  TF_UNREACHABLE("Intrinsic::arg");
}

std::vector<Diagnostic> verify_intrinsic(const Intrinsic& stmt) {
  return stmt.def->verify(stmt);
}

}  // namespace tf::tir
