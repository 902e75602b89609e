#include "fuzz/campaign/reproducer.h"

#include <fmt/format.h>

#include <algorithm>

#include "eval/value/tensor_text.h"

#ifndef TF_VERSION
#define TF_VERSION "unknown"
#endif

namespace tf::fuzz {
namespace {

// `text` with its `tfir 1` header line removed (the reproducer writes its own first).
std::string without_header(const std::string& text) {
  const std::size_t start = text.find_first_not_of(" \t\r\n");
  if (start == std::string::npos || text.compare(start, 6, "tfir 1") != 0) return text;
  const std::size_t eol = text.find('\n', start);
  return eol == std::string::npos ? "" : text.substr(eol + 1);
}

}  // namespace

std::string tool_version() { return std::string("TileFoundry-C++ ") + TF_VERSION; }

std::string reproducer_text(const Witness& w, const FindingOrigin& origin) {
  if (w.raw) return w.program;
  std::string out = "tfir 1\n";
  out += fmt::format("# A reproducer written by `tf fuzz` ({}): property {}, seed {}, case {}.\n", tool_version(),
                     origin.property, origin.seed, origin.case_index);
  out += fmt::format("# It failed with: {}\n", origin.kind);
  out += fmt::format("# Replay: {}   (again: {})\n", replay_command("THIS_FILE", false), rerun_command(origin));
  out += without_header(w.program);
  if (!out.empty() && out.back() != '\n') out += '\n';
  out += fmt::format("\ncase \"fuzz/{}/seed-{}-case-{}\" {{\n", origin.property, origin.seed, origin.case_index);
  if (!w.law.empty()) out += "    law " + w.law + "\n";
  for (const auto& [name, text] : w.law_arguments) out += fmt::format("    input {} = {}\n", name, text);
  if (!w.function.empty()) out += "    run " + w.function + "\n";
  if (!w.level.empty()) out += "    at " + w.level + "\n";
  if (w.schedule != 0) out += fmt::format("    schedule {}\n", w.schedule);
  for (const auto& [name, value] : w.dims) out += fmt::format("    dim {} = {}\n", name, value);
  for (const auto& [name, t] : w.inputs) out += fmt::format("    input {} = {}\n", name, eval::tensor_literal(t, eval::LiteralStyle::Bits));
  for (const std::string& e : w.expectations) out += "    expect " + e + "\n";
  out += "}\n";
  return out;
}

std::string replay_command(const std::string& path, bool raw) {
  return fmt::format("tf {} {}", raw ? "check" : "conform", path);
}

std::string rerun_command(const FindingOrigin& origin) {
  return fmt::format("tf fuzz --property {} --seed {} --from {} --cases 1", origin.property, origin.seed,
                     origin.case_index);
}

}  // namespace tf::fuzz
