#include "ir/text/declared_names.h"

namespace tf::text {

DeclaredNames declared_names(const ParsedFile& file,
                             const std::vector<std::pair<std::string, Atom>>& atoms) {
  DeclaredNames n;
  for (const Declaration& d : file.declarations) {
    if (const auto* m = std::get_if<MeshDeclaration>(&d.value)) n.meshes.emplace_back(m->name, m->mesh);
    if (const auto* l = std::get_if<LayoutDeclaration>(&d.value))
      n.layouts.emplace_back(l->name, l->layout);
  }
  n.atoms = atoms;
  return n;
}

}  // namespace tf::text
