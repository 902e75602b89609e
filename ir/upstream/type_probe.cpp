#include "ir/upstream/type_probe.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "ir/text/hir_reader.h"
#include "ir/text/module_reader.h"
#include "ir/text/signature_reader.h"
#include "ir/type/type_print.h"

namespace tf::upstream {
namespace {

constexpr const char* kProbe = "tf_import_probe__";

}  // namespace

ProbedType parse_probed_type(const std::string& text) {
  ProbedType t;
  t.text = text;
  const std::string head = "Tensor[(";
  if (text.rfind(head, 0) != 0) return t;
  std::size_t i = head.size();
  int depth = 0;
  std::string item;
  for (; i < text.size(); ++i) {
    const char c = text[i];
    if (depth == 0 && c == ')') break;
    if (c == '(') ++depth;
    if (c == ')') --depth;
    if (depth == 0 && c == ',') {
      t.shape.push_back(item);
      item.clear();
      continue;
    }
    if (!(item.empty() && c == ' ')) item += c;
  }
  if (!item.empty()) t.shape.push_back(item);
  const std::size_t start = text.find(", ", i);
  if (start == std::string::npos) return t;
  std::size_t end = start + 2;
  while (end < text.size() && text[end] != ',' && text[end] != ']') ++end;
  t.dtype = text.substr(start + 2, end - start - 2);
  return t;
}

// The probe function is read as the tfir reader reads a func, but with no declared return type:
// hir::Function::make then takes the body's type, which is printed whole (a diagnostic would
// quote it in a bounded number of nodes: type_print.h short_text).
std::optional<ProbedType> probe_type(const std::string& prelude, const std::string& params,
                                     const std::vector<std::string>& body, const std::string& expr,
                                     const Context& context) {
  std::string text = prelude + "\nfunc " + kProbe + "(" + params + ") -> Unit {\n";
  for (const std::string& line : body) text += "    " + line + "\n";
  text += "    return " + expr + "\n}\n";
  Result<text::ParsedFile> file = text::read_tfir(text, "<import probe>");
  if (!file.ok()) return std::nullopt;
  std::map<std::string, Atom> atoms;
  for (const text::Declaration& d : file->declarations)
    if (const auto* a = std::get_if<text::AtomDeclaration>(&d.value); a != nullptr && context.has_atom_factory())
      if (Result<Atom> atom = context.make_atom(a->op); atom.ok()) atoms.emplace(a->name, *atom);
  // Every function's signature (the body may call the earlier ones), and the probe's item.
  std::map<std::string, text::Signature> signatures;
  const text::SkippedItem* probe = nullptr;
  std::optional<text::ItemSignature> probe_signature;
  for (const text::SkippedItem& item : file->items) {
    if (item.kind == text::ItemKind::Case) continue;
    if (item.kind == text::ItemKind::Specialize) {
      Result<text::SpecializeSignature> head = text::read_specialize_signature(*file, item);
      if (head.ok()) signatures.emplace(head->signature.name, text::Signature{head->signature.name, head->signature.type, false});
      continue;
    }
    Result<text::ItemSignature> sig = text::read_signature(*file, item);
    if (!sig.ok()) continue;
    signatures.emplace(sig->name, text::Signature{sig->name, sig->type, item.kind == text::ItemKind::PrimFunc});
    if (sig->name == kProbe) {
      probe = &item;
      probe_signature = *sig;
    }
  }
  if (probe == nullptr) return std::nullopt;
  probe_signature->return_type = IRType();  // none declared: the body's type
  Result<hir::HirFunctionRef> f = text::read_hir_function(*file, *probe, *probe_signature, context.handlers(), signatures, atoms);
  if (!f.ok()) return std::nullopt;
  return parse_probed_type(to_string((*f)->return_type()));
}

}  // namespace tf::upstream
