#include "ir/core/module.h"

#include <fmt/format.h>

#include <cctype>
#include <set>

#include "ir/core/op.h"
#include "ir/core/structural.h"
#include "ir/support/nearest_names.h"
#include "ir/type/type_print.h"

namespace tf {

namespace {

Diagnostic type_error(std::string message) {
  return category_error(DiagCategory::Type, std::move(message));
}

bool same_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}

std::string function_list(const std::vector<FunctionRef>& functions) {
  if (functions.empty()) return "the module has no functions";
  std::string out = "the module's functions:";
  for (const FunctionRef& f : functions) out += " @" + f->name();
  return out;
}

}  // namespace

Result<ModuleRef> Module::make(std::string name, std::vector<FunctionRef> functions,
                               std::vector<ModuleDecl> declarations,
                               std::optional<std::string> entry) {
  std::vector<Diagnostic> diags;
  if (!name.empty() && !is_identifier(name))
    diags.push_back(type_error(fmt::format("module name '{}' is not an identifier", name)));
  std::set<std::string, std::less<>> function_names;
  for (std::size_t i = 0; i < functions.size(); ++i) {
    if (!functions[i]) {
      diags.push_back(type_error(fmt::format("function {} of module '{}' is null", i, name)));
      continue;
    }
    if (!function_names.insert(functions[i]->name()).second)
      diags.push_back(rule_error(
          "TIR.2.1.SYMREF.resolution-unique",
          fmt::format("two functions of module '{}' are named '{}'; a name resolves to exactly "
                      "one function",
                      name, functions[i]->name())));
  }
  std::set<std::string, std::less<>> decl_names;
  for (const ModuleDecl& d : declarations) {
    if (!is_identifier(d.name)) {
      diags.push_back(
          type_error(fmt::format("declaration name '{}' is not an identifier", d.name)));
      continue;
    }
    if (function_names.contains(d.name) || !decl_names.insert(d.name).second)
      diags.push_back(type_error(
          fmt::format("the top-level name '{}' of module '{}' is declared twice", d.name, name)));
    if (const DimVarRef* v = std::get_if<DimVarRef>(&d.value)) {
      if (!*v)
        diags.push_back(type_error(fmt::format("dim declaration '{}' holds no DimVar", d.name)));
      else if ((*v)->name != d.name)
        diags.push_back(type_error(fmt::format(
            "dim declaration '{}' names DimVar(\"{}\", {}, {}); a dim is declared under its own "
            "name",
            d.name, (*v)->name, (*v)->lo, (*v)->hi)));
    }
  }
  if (entry && !function_names.contains(*entry)) {
    Diagnostic d =
        type_error(fmt::format("the entry '{}' of module '{}' names no function", *entry, name));
    d.notes.push_back(function_list(functions));
    diags.push_back(std::move(d));
  }
  if (!diags.empty()) return diags;
  return ModuleRef(
      new Module(std::move(name), std::move(functions), std::move(declarations), std::move(entry)));
}

const FunctionBase* Module::find(std::string_view name) const {
  for (const FunctionRef& f : functions_)
    if (f->name() == name) return f.get();
  return nullptr;
}

std::vector<std::string> Module::function_names() const {
  std::vector<std::string> out;
  for (const FunctionRef& f : functions_) out.push_back(f->name());
  return out;
}

Result<FunctionRef> Module::lookup(std::string_view name) const {
  for (const FunctionRef& f : functions_)
    if (f->name() == name) return f;
  for (const FunctionRef& f : functions_)
    if (same_ignoring_case(f->name(), name)) {
      Diagnostic d = rule_error(
          "TIR.2.1.SYMREF.name-canonical",
          fmt::format("no function is named '{}'; names are exact, and '{}' differs in case", name,
                      f->name()));
      d.notes.push_back(function_list(functions_));
      return d;
    }
  Diagnostic d = rule_error("TIR.2.1.SYMREF.resolution-unique",
                            fmt::format("no function of module '{}' is named '{}'", name_, name));
  d.notes.push_back(function_list(functions_));
  return suggest_nearest(d, name, function_names(), "@");
}

Result<FunctionRef> Module::entry_function() const {
  if (entry_) return lookup(*entry_);
  if (functions_.empty())
    return category_error(DiagCategory::Usage,
                          fmt::format("module '{}' has no function to run", name_));
  return functions_.back();
}

const ModuleDecl* Module::find_declaration(std::string_view name) const {
  for (const ModuleDecl& d : declarations_)
    if (d.name == name) return &d;
  return nullptr;
}

Result<FunctionRef> resolve_symbol(const Module& module, const SymbolRef& ref) {
  Result<FunctionRef> callee = module.lookup(ref.name);
  if (!callee.ok()) return callee;
  const IRType expected = (*callee)->callable_type();
  if (!structural_equal(ref.type(), expected))
    return rule_error("TIR.2.1.SYMREF.type-is-callee-callabletype",
                      fmt::format("@{} is typed {}, but the {} function {} has type {}", ref.name,
                                  short_text(ref.type()), (*callee)->function_kind(), ref.name,
                                  to_string(expected)));
  return callee;
}

}  // namespace tf
