#include "ir/text/module_printer.h"

#include <fmt/format.h>

namespace tf::text {

std::string print_tfir(const ParsedFile& file) {
  std::string out = fmt::format("tfir {}\n", kTfirMajorVersion);
  MeshNames meshes;
  for (const Declaration& d : file.declarations) {
    out += to_string(d, meshes) + "\n";
    if (const auto* m = std::get_if<MeshDeclaration>(&d.value)) meshes.emplace_back(m->name, m->mesh);
  }
  for (const SkippedItem& item : file.items) out += "\n" + item.text + "\n";
  return out;
}

}  // namespace tf::text
