#include "cuda/emit/cpp_text.h"

#include <fmt/format.h>

#include <array>

#include "ir/core/op.h"

namespace tf::cuda::detail {

namespace {

bool ascii_alnum(unsigned char c) { return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
bool printable(unsigned char c) { return c >= 0x20 && c < 0x7f; }

// The suffixes the emitter derives from a tensor's identifier (kernel_emitter.h, kernel_memory.cpp).
constexpr std::array<std::string_view, 8> kDerived = {"_ptr",   "_shape",         "_regs",    "_leaves",
                                                      "_leaf_extents", "_local_strides", "_strides", "_reduced"};

}  // namespace

std::string identifier_stem(std::string_view name) {
  std::string out;
  bool gap = false;  // a run of other bytes since the last letter or digit
  for (char ch : name) {
    const auto c = static_cast<unsigned char>(ch);
    if (!ascii_alnum(c)) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += '_';
    gap = false;
    out += ch;
  }
  return out.empty() ? "v" : out;
}

std::string comment_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (printable(c) && c != '\\') out += ch;
    else out += fmt::format("\\x{:02X}", static_cast<unsigned>(c));
  }
  return out;
}

std::string comment(std::string_view text) { return "// " + comment_text(text); }

std::string string_literal(std::string_view text) {
  std::string out = "\"";
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') out += '\\';
    if (printable(c)) out += ch;
    else out += fmt::format("\\{:03o}", static_cast<unsigned>(c));
  }
  return out + "\"";
}

std::string batch_namespace(std::size_t k) { return fmt::format("tf_b{}", k); }

bool is_batch_namespace(std::string_view ns) {
  if (!ns.starts_with("tf_b") || ns.size() == 4) return false;
  for (char c : ns.substr(4))
    if (c < '0' || c > '9') return false;
  return true;
}

std::string symbol_prefix(std::string_view ns) { return ns.empty() ? std::string() : std::string(ns) + "_"; }

FunctionSymbols function_symbols(std::string_view name, std::string_view prefix) {
  if (!is_identifier(name)) return {};
  if (!prefix.empty() && (!prefix.ends_with('_') || !is_batch_namespace(prefix.substr(0, prefix.size() - 1)))) return {};
  const std::string n(name), p(prefix);
  return {"tf_u_" + n, "tf_fn_" + n, "tf_launch_" + p + n, "tf_entry_" + p + n, "u_" + n, "fn_" + n};
}

FunctionSymbols function_symbols_in_kernel(std::string_view name, std::size_t kernel) {
  FunctionSymbols s = function_symbols(name);
  if (s.device.empty()) return s;
  s.device = fmt::format("tf_fnk{}_{}", kernel, name);
  s.device_tables = fmt::format("fnk{}_{}", kernel, name);
  return s;
}

std::string CppNames::user(std::string_view name) { return issue("tf_u_" + identifier_stem(name)); }

std::string CppNames::generated(std::string_view hint) { return issue(std::string(hint)); }

bool CppNames::free_with_derived(const std::string& id) const {
  if (taken_.count(id) != 0) return false;
  for (std::string_view d : kDerived)
    if (taken_.count(id + std::string(d)) != 0) return false;
  return true;
}

std::string CppNames::issue(const std::string& base) {
  std::string id = base;
  for (int n = 1; !free_with_derived(id); ++n) id = fmt::format("{}_{}", base, n);
  taken_.insert(id);
  for (std::string_view d : kDerived) taken_.insert(id + std::string(d));
  return id;
}

}  // namespace tf::cuda::detail
