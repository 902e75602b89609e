#include "ir/upstream/type_probe.h"

#include "ir/text/file_reader.h"

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

std::optional<ProbedType> probe_type(const std::string& prelude, const std::string& params,
                                     const std::vector<std::string>& body, const std::string& expr,
                                     const Context& context) {
  std::string text = prelude + "\nfunc " + kProbe + "(" + params + ") -> Unit {\n";
  for (const std::string& line : body) text += "    " + line + "\n";
  text += "    return " + expr + "\n}\n";
  Result<text::ReadFile> read = text::read_file(text, "<import probe>", context);
  if (read.ok()) return std::nullopt;
  const std::string marker = std::string("function ") + kProbe + " declares the return type Unit, but its body has type ";
  for (const Diagnostic& d : read.diagnostics())
    if (d.message.rfind(marker, 0) == 0) return parse_probed_type(d.message.substr(marker.size()));
  return std::nullopt;
}

}  // namespace tf::upstream
