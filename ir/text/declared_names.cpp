#include "ir/text/declared_names.h"

namespace tf::text {

std::string DeclaredNames::name_of(const AttrValue& value) const {
  if (const Mesh* m = std::get_if<Mesh>(&value))
    for (const auto& [name, v] : meshes)
      if (v == *m) return name;
  if (const LayoutBase* l = std::get_if<LayoutBase>(&value))
    for (const auto& [name, v] : layouts)
      if (v == *l) return name;
  if (const Atom* a = std::get_if<Atom>(&value); a != nullptr && *a)
    for (const auto& [name, v] : atoms)
      if (v && v->equals(**a)) return name;
  return "";
}

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

std::string attr_text(AttrKind kind, const AttrValue& value, const DeclaredNames& names) {
  if (std::string name = names.name_of(value); !name.empty()) return name;
  return attr_value_text(kind, value);
}

}  // namespace tf::text
