#include "ir/text/body_environment.h"

#include "ir/support/check.h"

namespace tf::text {

const Signature* BodyEnvironment::signature(const std::string& name) const {
  auto it = signatures_->find(name);
  return it == signatures_->end() ? nullptr : &it->second;
}

const Atom* BodyEnvironment::atom(const std::string& name) const {
  auto it = atoms_->find(name);
  return it == atoms_->end() ? nullptr : &it->second;
}

void BodyEnvironment::pop_scope() {
  TF_CHECK(scopes_.size() > 1, "pop_scope of the function's own block");
  scopes_.pop_back();
  meshes_.pop_back();
}

void BodyEnvironment::bind(const std::string& name, Expr value) {
  scopes_.back().insert_or_assign(name, Entry{std::move(value), std::nullopt, false});
}

void BodyEnvironment::bind_mesh(const std::string& name, Mesh mesh) {
  scopes_.back().insert_or_assign(name, Entry{std::nullopt, std::move(mesh), false});
  meshes_.back().push_back(name);
}

void BodyEnvironment::poison(const std::string& name) {
  scopes_.back().insert_or_assign(name, Entry{std::nullopt, std::nullopt, true});
}

const BodyEnvironment::Entry* BodyEnvironment::lookup(const std::string& name) const {
  for (auto it = scopes_.rbegin(); it != scopes_.rend(); ++it)
    if (auto e = it->find(name); e != it->end()) return &e->second;
  return nullptr;
}

const Expr* BodyEnvironment::find(const std::string& name) const {
  const Entry* e = lookup(name);
  return e != nullptr && e->value ? &*e->value : nullptr;
}

std::vector<std::string> BodyEnvironment::value_names() const {
  std::vector<std::string> out;
  for (auto scope = scopes_.rbegin(); scope != scopes_.rend(); ++scope)
    for (const auto& [name, entry] : *scope)
      if (entry.value) out.push_back(name);
  for (std::string& dim : file_->dim_names()) out.push_back(std::move(dim));
  return out;
}

std::vector<std::string> BodyEnvironment::function_names() const {
  std::vector<std::string> out;
  for (const auto& [name, signature] : *signatures_) out.push_back(name);
  return out;
}

const Mesh* BodyEnvironment::find_mesh(const std::string& name) const {
  const Entry* e = lookup(name);
  return e != nullptr && e->mesh ? &*e->mesh : nullptr;
}

bool BodyEnvironment::poisoned(const std::string& name) const {
  const Entry* e = lookup(name);
  return e != nullptr && e->poisoned;
}

LayoutEnvironment BodyEnvironment::layouts() const {
  LayoutEnvironment env = file_->layouts();
  for (std::size_t i = 0; i < scopes_.size(); ++i)
    for (const std::string& name : meshes_[i])  // still a mesh: a later binding may have replaced it
      if (auto e = scopes_[i].find(name); e != scopes_[i].end() && e->second.mesh) env.declare(name, *e->second.mesh);
  return env;
}

}  // namespace tf::text
