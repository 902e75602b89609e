#include "ir/text/environment.h"

namespace tf::text {

const char* name_kind_keyword(NameKind kind) {
  switch (kind) {
    case NameKind::Dim: return "dim";
    case NameKind::Mesh: return "mesh";
    case NameKind::Layout: return "layout";
    case NameKind::Atom: return "atom";
  }
  TF_UNREACHABLE("bad NameKind");
}

const DeclaredName* FileEnvironment::find(const std::string& name) const {
  auto it = names_.find(name);
  return it == names_.end() ? nullptr : &it->second;
}

void FileEnvironment::add(const std::string& name, NameKind kind, SourceLocation where) {
  TF_CHECK(!names_.count(name), "'{}' is declared twice", name);
  names_.emplace(name, DeclaredName{kind, std::move(where)});
}

void FileEnvironment::declare_dim(const std::string& name, DimVarRef var, SourceLocation where) {
  add(name, NameKind::Dim, std::move(where));
  dims_.emplace(name, std::move(var));
}

void FileEnvironment::declare_layout(const std::string& name, LayoutValue value,
                                     SourceLocation where) {
  add(name, std::holds_alternative<Mesh>(value) ? NameKind::Mesh : NameKind::Layout,
      std::move(where));
  layouts_.declare(name, std::move(value));
}

void FileEnvironment::declare_atom(const std::string& name, SourceLocation where) {
  add(name, NameKind::Atom, std::move(where));
}

const DimVarRef* FileEnvironment::find_dim(const std::string& name) const {
  auto it = dims_.find(name);
  return it == dims_.end() ? nullptr : &it->second;
}

std::vector<std::string> FileEnvironment::dim_names() const {
  std::vector<std::string> out;
  for (const auto& [name, var] : dims_) out.push_back(name);
  return out;
}

}  // namespace tf::text
