#include "ir/text/file_reader.h"

#include <fmt/format.h>

#include "ir/text/build_support.h"
#include "ir/text/hir_printer.h"
#include "ir/text/hir_reader.h"
#include "ir/text/signature_reader.h"
#include "ir/text/tir_reader.h"
#include "ir/tir/tir_print.h"

namespace tf::text {

namespace {

void append(std::vector<Diagnostic>& to, std::vector<Diagnostic> from) {
  for (Diagnostic& d : from) to.push_back(std::move(d));
}

std::vector<ModuleDecl> module_declarations(const ParsedFile& file) {
  std::vector<ModuleDecl> out;
  for (const Declaration& d : file.declarations) {
    if (const auto* x = std::get_if<DimDeclaration>(&d.value)) out.push_back({x->name, x->var});
    if (const auto* x = std::get_if<MeshDeclaration>(&d.value)) out.push_back({x->name, x->mesh});
    if (const auto* x = std::get_if<LayoutDeclaration>(&d.value)) out.push_back({x->name, x->layout});
  }
  return out;
}

std::optional<std::string> declared_entry(const ParsedFile& file) {
  for (const Declaration& d : file.declarations)
    if (const auto* e = std::get_if<EntryDeclaration>(&d.value)) return e->function;
  return std::nullopt;
}

}  // namespace

Result<ReadFile> read_file(std::string_view source, const std::string& file_name,
                           const ReadOptions& options) {
  Result<ParsedFile> parsed = read_tfir(source, file_name);
  if (!parsed.ok()) return parsed.diagnostics();
  ReadFile out;
  out.file = std::move(*parsed);
  std::vector<Diagnostic> diags;

  std::map<std::string, Atom> atoms;
  std::vector<std::pair<std::string, Atom>> atom_list;
  for (const Declaration& d : out.file.declarations) {
    const auto* a = std::get_if<AtomDeclaration>(&d.value);
    if (a == nullptr || !options.atoms) continue;
    Result<Atom> atom = options.atoms(a->op);
    if (!atom.ok()) {
      append(diags, located_at(atom.diagnostics(), SyntaxNode{.location = d.location}));
      continue;
    }
    atoms.emplace(a->name, *atom);
    atom_list.emplace_back(a->name, *atom);
  }
  out.names = declared_names(out.file, atom_list);

  std::vector<std::pair<const SkippedItem*, ItemSignature>> functions;
  for (const SkippedItem& item : out.file.items) {
    if (item.kind == ItemKind::Case) continue;
    if (item.kind == ItemKind::Specialize || !item.has_body) {
      diags.push_back(error_at(SyntaxNode{.location = item.begin},
                               "dispatch prototypes and specializations are not read yet"));
      continue;
    }
    Result<ItemSignature> sig = read_signature(out.file, item);
    if (!sig.ok()) {
      append(diags, sig.diagnostics());
      continue;
    }
    out.signatures.emplace(sig->name, Signature{sig->name, sig->type, item.kind == ItemKind::PrimFunc});
    functions.emplace_back(&item, std::move(*sig));
  }

  std::vector<FunctionRef> built;
  for (const auto& [item, sig] : functions) {
    if (item->kind == ItemKind::PrimFunc) {
      Result<tir::PrimFunctionRef> f =
          read_prim_function(out.file, *item, sig, *options.handlers, out.signatures, atoms);
      if (!f.ok()) append(diags, f.diagnostics());
      else built.push_back(FunctionRef(*f));
      continue;
    }
    Result<hir::HirFunctionRef> f =
        read_hir_function(out.file, *item, sig, *options.handlers, out.signatures, atoms);
    if (!f.ok()) append(diags, f.diagnostics());
    else built.push_back(FunctionRef(*f));
  }
  if (!diags.empty()) return diags;
  Result<ModuleRef> module =
      Module::make("", std::move(built), module_declarations(out.file), declared_entry(out.file));
  if (!module.ok()) return module.diagnostics();
  out.module = *module;
  return out;
}

std::string print_file(const ReadFile& f, const OpRegistry& registry) {
  std::string out = fmt::format("tfir {}\n", kTfirMajorVersion);
  MeshNames meshes;
  for (const Declaration& d : f.file.declarations) {
    out += to_string(d, meshes) + "\n";
    if (const auto* m = std::get_if<MeshDeclaration>(&d.value)) meshes.emplace_back(m->name, m->mesh);
  }
  for (const SkippedItem& item : f.file.items) {
    out += "\n";
    const FunctionBase* fn = item.kind == ItemKind::Case ? nullptr : f.module->find(item.name);
    if (const auto* h = dynamic_cast<const hir::Function*>(fn)) {
      out += print_hir_function(*h, registry, f.names);
    } else if (const auto* p = dynamic_cast<const tir::PrimFunction*>(fn)) {
      out += tir::print_prim_function(*p, tir::PrintNames{f.names.layouts, f.names.meshes, f.names.atoms});
    } else {
      out += item.text + "\n";
    }
  }
  return out;
}

}  // namespace tf::text
