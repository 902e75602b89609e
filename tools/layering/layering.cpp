#include "tools/layering/layering.h"

#include <fmt/format.h>

#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace tf::layering {
namespace fs = std::filesystem;

const LayerTable::Place* LayerTable::find(const std::string& folder) const {
  for (const auto& [name, place] : folders)
    if (name == folder) return &place;
  return nullptr;
}

LayerTable parse_layer_table(const std::string& markdown) {
  const std::string begin = "<!-- layers:begin -->", end = "<!-- layers:end -->";
  const std::size_t b = markdown.find(begin), e = markdown.find(end);
  if (b == std::string::npos || e == std::string::npos || e < b)
    throw std::runtime_error("docs/architecture.md has no layers:begin / layers:end block");
  std::istringstream block(markdown.substr(b + begin.size(), e - b - begin.size()));
  LayerTable table;
  int line_no = 0;
  for (std::string line; std::getline(block, line);) {
    if (line.empty() || line.starts_with("```")) continue;
    int group = 0;
    std::istringstream words(line);
    for (std::string w; words >> w;) {
      if (w == "|") {
        ++group;
        continue;
      }
      if (table.find(w) != nullptr) throw std::runtime_error("layer table lists " + w + " twice");
      table.folders.push_back({w, {line_no, group}});
    }
    ++line_no;
  }
  return table;
}

std::string folder_of(const std::string& path) {
  const fs::path p(path);
  std::string folder;
  for (const fs::path& part : p.parent_path()) {
    if (part == "test" || part == "testing") break;
    folder += folder.empty() ? part.string() : "/" + part.string();
  }
  return folder;
}

namespace {

bool is_testing(const std::string& path) {
  return path.find("/testing/") != std::string::npos;
}

bool is_test_code(const std::string& path) {
  return path.find("/test/") != std::string::npos || is_testing(path) || path.starts_with("fuzz/");
}

bool is_source(const fs::path& p) {
  static const std::set<std::string> kExt = {".h", ".cpp", ".inc", ".def", ".cu", ".cuh"};
  return kExt.count(p.extension().string()) > 0;
}

}  // namespace

std::vector<Violation> check_includes(const fs::path& root, const LayerTable& table) {
  static const std::regex kInclude(R"(^\s*#\s*include\s+"([^"]+)\")");
  std::vector<Violation> out;
  std::set<std::string> unlisted;
  for (const char* top : {"ir", "eval", "lower", "cuda", "fuzz", "conformance", "tools", "bench", "python"}) {
    if (!fs::is_directory(root / top)) continue;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(root / top)) {
      if (!entry.is_regular_file() || !is_source(entry.path())) continue;
      const std::string file = fs::relative(entry.path(), root).generic_string();
      const std::string from = folder_of(file);
      const LayerTable::Place* from_place = table.find(from);
      if (from_place == nullptr) {
        if (unlisted.insert(from).second)
          out.push_back({file, 0, fmt::format("folder {} is not in the layer order of "
                                              "docs/architecture.md",
                                              from)});
        continue;
      }
      std::ifstream in(entry.path());
      int line_no = 0;
      for (std::string line; std::getline(in, line);) {
        ++line_no;
        std::smatch m;
        if (!std::regex_search(line, m, kInclude)) continue;
        const std::string target = m[1];
        if (!fs::exists(root / target)) continue;  // a system or generated header
        const std::string to = folder_of(target);
        const LayerTable::Place* to_place = table.find(to);
        std::string why;
        if (is_testing(target) && !is_test_code(file))
          why = fmt::format("{} is test support; only test code may include it", target);
        else if (to == from)
          continue;
        else if (to_place == nullptr)
          why = fmt::format("{} is not in the layer order", to);
        else if (to_place->line > from_place->line)
          why = fmt::format("{} is a higher layer than {}", to, from);
        else if (to_place->line == from_place->line && to_place->group != from_place->group)
          why = fmt::format("{} and {} are peers", to, from);
        if (!why.empty())
          out.push_back({file, line_no, fmt::format("includes {}: {}", target, why)});
      }
    }
  }
  return out;
}

}  // namespace tf::layering
