#include "ir/upstream/type_probe.h"

#include <cctype>
#include <utility>

#include "ir/text/module_reader.h"
#include "ir/text/signature_reader.h"
#include "ir/type/tensor_type.h"
#include "ir/type/type_print.h"

namespace tf::upstream {
namespace {

// The prototype that carries the function's parameters (its name is no upstream name).
constexpr const char* kProbe = "tf_import_probe__";

ProbedType probed(const IRType& type) {
  ProbedType p;
  p.text = to_string(type);
  const TensorType* t = type->as<TensorType>();
  if (t == nullptr) return p;
  p.dtype = std::string(t->dtype.name());
  for (const ShapeDim& d : t->shape) p.shape.push_back(to_string(d));
  p.storage = t->storage ? std::string(to_string(*t->storage)) : "None";
  p.shard_layout = t->layout && t->layout->is_shard();
  return p;
}

bool is_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The name a flattened binding `name = value` binds (empty when the line is no binding).
std::string bound_name(const std::string& line) {
  std::size_t end = 0;
  while (end < line.size() && is_name_char(line[end])) ++end;
  return line.compare(end, 3, " = ") == 0 ? line.substr(0, end) : std::string();
}

// Whether `line` mentions the identifier `name` (or holds it in a string: a conservative yes).
bool mentions(const std::string& line, const std::string& name) {
  for (std::size_t at = line.find(name); at != std::string::npos; at = line.find(name, at + 1)) {
    const bool starts = at == 0 || !is_name_char(line[at - 1]);
    const bool ends = at + name.size() == line.size() || !is_name_char(line[at + name.size()]);
    if (starts && ends) return true;
  }
  return false;
}

}  // namespace

TypeProbe::TypeProbe(std::string prelude, std::string params, const Context& context)
    : prelude_(std::move(prelude)), params_(std::move(params)), context_(context) {}

void TypeProbe::open() {
  opened_ = true;
  const std::string text = prelude_ + "\nfunc " + kProbe + "(" + params_ + ") -> Unit prototype\n";
  Result<text::ParsedFile> file = text::read_tfir(text, "<import probe>");
  if (!file.ok()) return;
  for (const text::Declaration& d : file->declarations)
    if (const auto* a = std::get_if<text::AtomDeclaration>(&d.value); a != nullptr && context_.has_atom_factory())
      if (Result<Atom> atom = context_.make_atom(a->op); atom.ok()) atoms_.emplace(a->name, *atom);
  // Every function's signature (the body may call the earlier ones), and the parameters.
  bool have_params = false;
  for (const text::SkippedItem& item : file->items) {
    if (item.kind == text::ItemKind::Case) continue;
    if (item.kind == text::ItemKind::Specialize) {
      Result<text::SpecializeSignature> head = text::read_specialize_signature(*file, item);
      if (head.ok()) signatures_.emplace(head->signature.name, text::Signature{head->signature.name, head->signature.type, false});
      continue;
    }
    Result<text::ItemSignature> sig = text::read_signature(*file, item);
    if (!sig.ok()) continue;
    signatures_.emplace(sig->name, text::Signature{sig->name, sig->type, item.kind == text::ItemKind::PrimFunc});
    if (item.name == kProbe) {
      param_vars_ = sig->params;
      have_params = true;
    }
  }
  if (have_params) file_ = std::move(*file);
}

std::optional<ProbedType> TypeProbe::type_of(const std::vector<std::string>& body, const std::string& expr) {
  if (!opened_) open();
  if (!file_ || failed_) return std::nullopt;
  if (!body_) body_.emplace(*file_, param_vars_, context_.handlers(), signatures_, atoms_);
  if (read_ < body.size()) {
    std::string lines;
    for (std::size_t k = read_; k < body.size(); ++k) lines += body[k] + "\n";
    read_ = body.size();
    if (!body_->read(lines).ok()) {
      failed_ = true;  // as the whole function would not read: every later type_of fails too
      return std::nullopt;
    }
  }
  Result<IRType> type = body_->type_of(expr);
  if (!type.ok()) return std::nullopt;
  return probed(*type);
}

void TypeProbe::rewrote(const std::vector<std::string>& body, std::size_t index) {
  if (index >= read_) return;  // not read yet: it is read as it is now
  const std::string name = bound_name(body[index]);
  bool mentioned = name.empty();
  for (std::size_t k = index + 1; k < read_ && !mentioned; ++k) mentioned = mentions(body[k], name);
  // Nothing read since depends on the old binding, and the new value names nothing bound:
  // reading the line again at the end binds what reading it in place would.
  if (!mentioned && body_ && !failed_ && body_->read(body[index]).ok()) return;
  body_.reset();
  read_ = 0;
  failed_ = false;
}

}  // namespace tf::upstream
