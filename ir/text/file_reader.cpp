#include "ir/text/file_reader.h"

#include <fmt/format.h>

#include <set>

#include "ir/text/build_support.h"
#include "ir/text/hir_printer.h"
#include "ir/text/hir_reader.h"
#include "ir/text/signature_reader.h"
#include "ir/text/tir_reader.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/stmt_walk.h"
#include "ir/tir/tir_print.h"

namespace tf::text {

namespace {

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
                           const Context& context) {
  Result<ParsedFile> parsed = read_tfir(source, file_name);
  TF_TRY(parsed);
  ReadFile out;
  out.file = std::move(*parsed);
  out.context = &context;
  std::vector<Diagnostic> diags;

  std::map<std::string, Atom> atoms;
  std::vector<std::pair<std::string, Atom>> atom_list;
  for (const Declaration& d : out.file.declarations) {
    const auto* a = std::get_if<AtomDeclaration>(&d.value);
    if (a == nullptr || !context.has_atom_factory()) continue;
    Result<Atom> atom = context.make_atom(a->op);
    if (!atom.ok()) {
      append(diags, located_at(atom.diagnostics(), SyntaxNode{.location = d.location}));
      continue;
    }
    atoms.emplace(a->name, *atom);
    atom_list.emplace_back(a->name, *atom);
  }
  out.names = declared_names(out.file, atom_list);

  std::vector<std::pair<const SkippedItem*, ItemSignature>> functions;
  std::vector<std::pair<const SkippedItem*, SpecializeSignature>> specializations;
  std::map<std::string, const SkippedItem*> prototypes;  // by name
  std::set<std::string> unread;                         // items whose signature failed
  for (const SkippedItem& item : out.file.items) {
    if (item.kind == ItemKind::Case) continue;
    if (item.kind == ItemKind::Specialize) {
      Result<SpecializeSignature> head = read_specialize_signature(out.file, item);
      if (!head.ok()) {
        append(diags, head.diagnostics());
        continue;
      }
      const ItemSignature& sig = head->signature;
      out.signatures.emplace(sig.name, Signature{sig.name, sig.type, false});
      specializations.emplace_back(&item, std::move(*head));
      continue;
    }
    Result<ItemSignature> sig = read_signature(out.file, item);
    if (!sig.ok()) {
      append(diags, sig.diagnostics());
      unread.insert(item.name);
      continue;
    }
    out.signatures.emplace(sig->name, Signature{sig->name, sig->type, item.kind == ItemKind::PrimFunc});
    if (!item.has_body) prototypes.emplace(sig->name, &item);
    functions.emplace_back(&item, std::move(*sig));
  }

  // Each variant, read and attached to its prototype in source order.
  std::map<std::string, std::vector<hir::HirFunctionRef>> variants;
  for (const auto& [item, head] : specializations) {
    if (unread.contains(head.base)) continue;  // its prototype's error was reported
    if (!prototypes.contains(head.base)) {
      const bool defined = out.signatures.contains(head.base);
      diags.push_back(error_at(
          SyntaxNode{.location = head.base_at},
          fmt::format("specialize ... as {}: '{}' is {}; a specialize follows `func {}(...) -> R prototype`",
                      head.signature.name, head.base,
                      defined ? "a function with a body, not a dispatch prototype" : "no function of this file",
                      head.base)));
      continue;
    }
    Result<hir::HirFunctionRef> v =
        read_hir_variant(out.file, *item, head, context.handlers(), out.signatures, atoms);
    if (!v.ok()) append(diags, v.diagnostics());
    else variants[head.base].push_back(*v);
  }

  // Module order is file order, except that a prototype's variants come right before it: the
  // last function stays the last func or prim_func item (the default entry).
  std::vector<FunctionRef> built;
  for (const auto& [item, sig] : functions) {
    if (item->kind == ItemKind::PrimFunc) {
      Result<tir::PrimFunctionRef> f =
          read_prim_function(out.file, *item, sig, context.handlers(), out.signatures, atoms);
      if (!f.ok()) append(diags, f.diagnostics());
      else built.push_back(FunctionRef(*f));
      continue;
    }
    if (!item->has_body) {
      std::vector<hir::HirFunctionRef> own = std::move(variants[sig.name]);
      for (const hir::HirFunctionRef& v : own) built.push_back(FunctionRef(v));
      Result<hir::HirFunctionRef> p =
          hir::Function::make_prototype(sig.name, sig.params, sig.return_type, std::move(own));
      if (!p.ok()) append(diags, located_at(p.diagnostics(), SyntaxNode{.location = item->begin}));
      else built.push_back(FunctionRef(*p));
      continue;
    }
    Result<hir::HirFunctionRef> f =
        read_hir_function(out.file, *item, sig, context.handlers(), out.signatures, atoms);
    if (!f.ok()) append(diags, f.diagnostics());
    else built.push_back(FunctionRef(*f));
  }
  // A function or a variant named like a declaration: said here, at the function, since
  // Module::make's diagnostic has no position (the token mutations found both).
  auto clash = [&](const std::string& name, const SourceLocation& at) {
    if (const DeclaredName* d = out.file.environment.find(name))
      diags.push_back(error_at(SyntaxNode{.location = at},
                               fmt::format("'{}' is declared as a {} at {} and cannot also name a function", name,
                                           name_kind_keyword(d->kind), d->location.str())));
  };
  for (const auto& [item, sig] : functions) clash(item->name, item->begin);
  for (const auto& [item, head] : specializations) clash(head.signature.name, item->begin);
  if (!diags.empty()) return diags;
  Result<ModuleRef> module =
      Module::make("", std::move(built), module_declarations(out.file), declared_entry(out.file));
  TF_TRY(module);
  out.module = *module;
  return out;
}

std::string print_file(const ReadFile& f) {
  TF_CHECK(f.context != nullptr, "print_file of a ReadFile that read_file did not make");
  const OpRegistry& registry = f.context->registry();
  std::string out = fmt::format("tfir {}\n", kTfirMajorVersion);
  MeshNames meshes;
  for (const Declaration& d : f.file.declarations) {
    out += to_string(d, meshes) + "\n";
    if (const auto* m = std::get_if<MeshDeclaration>(&d.value)) meshes.emplace_back(m->name, m->mesh);
  }
  for (const SkippedItem& item : f.file.items) {
    if (item.kind == ItemKind::Specialize) continue;  // printed after its prototype
    out += "\n";
    const FunctionBase* fn = item.kind == ItemKind::Case ? nullptr : f.module->find(item.name);
    if (const auto* h = function_as<hir::Function>(fn)) {
      out += print_hir_function(*h, registry, f.names);
    } else if (const auto* p = function_as<tir::PrimFunction>(fn)) {
      out += tir::print_prim_function(*p, f.names);
    } else {
      out += item.text + "\n";
    }
  }
  return out;
}

std::string print_derived_module(const ReadFile& f, const Module& module) {
  TF_CHECK(f.context != nullptr, "print_derived_module of a ReadFile that read_file did not make");
  const OpRegistry& registry = f.context->registry();
  std::string out = fmt::format("tfir {}\n", kTfirMajorVersion);
  MeshNames meshes;
  DeclaredNames names = f.names;
  std::set<std::string> declared;
  auto declare = [&](const Declaration& d) {
    out += to_string(d, meshes) + "\n";
    if (const auto* m = std::get_if<MeshDeclaration>(&d.value)) meshes.emplace_back(m->name, m->mesh);
  };
  const EntryDeclaration* entry = nullptr;
  for (const Declaration& d : f.file.declarations) {
    if (const auto* e = std::get_if<EntryDeclaration>(&d.value)) {
      entry = e;  // last, and only when the module still has that function
      continue;
    }
    declare(d);
    declared.insert(d.name());
  }
  for (const ModuleDecl& d : module.declarations()) {
    if (declared.count(d.name) != 0) continue;
    if (const auto* v = std::get_if<DimVarRef>(&d.value)) declare(Declaration{DimDeclaration{d.name, *v}, {}});
    if (const auto* m = std::get_if<Mesh>(&d.value)) {
      declare(Declaration{MeshDeclaration{d.name, *m}, {}});
      names.meshes.emplace_back(d.name, *m);
    }
    if (const auto* l = std::get_if<LayoutBase>(&d.value)) {
      declare(Declaration{LayoutDeclaration{d.name, *l}, {}});
      names.layouts.emplace_back(d.name, *l);
    }
  }
  // Atoms a pass put into a kernel that the file does not declare: declared here (`atom A0 = ...`),
  // since an attribute names an atom by its declaration (docs/tfir.md section 5).
  for (const FunctionRef& fn : module.functions()) {
    const auto* p = fn->as<tir::PrimFunction>();
    if (p == nullptr) continue;
    tir::walk(tir::Stmt(p), [&](const tir::StmtNode& s) {
      const auto* e = s.as<tir::Evaluate>();
      if (e == nullptr || !e->is_op()) return;
      for (const AttrValue& v : e->call().attrs) {
        const Atom* atom = std::get_if<Atom>(&v);
        if (atom == nullptr || !*atom || names.atom_name(*atom) != nullptr) continue;
        std::string name = "A0";
        for (int n = 1; declared.count(name) != 0; ++n) name = fmt::format("A{}", n);
        declared.insert(name);
        out += fmt::format("atom {} = {}\n", name, (*atom)->spelling());
        names.atoms.emplace_back(name, *atom);
      }
    });
  }
  if (entry != nullptr && module.find(entry->function) != nullptr) out += fmt::format("entry {}\n", spell_name(entry->function));
  for (const FunctionRef& fn : module.functions()) {
    if (const auto* h = fn->as<hir::Function>()) {
      if (h->is_variant()) continue;  // printed with its prototype
      out += "\n" + print_hir_function(*h, registry, names);
    } else if (const auto* p = fn->as<tir::PrimFunction>()) {
      out += "\n" + tir::print_prim_function(*p, names);
    }
  }
  return out;
}

}  // namespace tf::text
