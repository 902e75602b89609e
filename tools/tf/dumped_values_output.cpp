#include "tools/tf/dumped_values_output.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>
#include <filesystem>
#include <map>
#include <set>

#include "driver/report.h"
#include "eval/value/tensor_json.h"
#include "eval/value/tensor_text.h"
#include "tools/tf/npy_files.h"

namespace tf::cli {
namespace {

std::string place_text(const SourceLocation& at) { return at.known() ? at.str() : "(no place)"; }

// NAME, or NAME (WHERE).
std::string label(const eval::DumpedValue& v) { return v.where.empty() ? v.name : fmt::format("{} ({})", v.name, v.where); }

std::string lower(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The file stem of a value's name: letters, digits and `_` kept, a tuple element's `[k]` as
// `-k`, anything else `_`.
std::string stem_of(const std::string& name) {
  std::string out;
  for (char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_') out += c;
    else if (c == '[') out += '-';
    else if (c != ']') out += '_';
  }
  return out.empty() ? std::string("value") : out;
}

// STEM, then STEM.2, STEM.3, ...: never a stem given before, whatever the case (a file system
// may not tell `T.npy` from `t.npy`).
class Stems {
 public:
  std::string next(const std::string& stem) {
    for (;;) {
      const int n = ++count_[lower(stem)];
      std::string s = n == 1 ? stem : fmt::format("{}.{}", stem, n);
      if (used_.insert(lower(s)).second) return s;
    }
  }

 private:
  std::map<std::string, int> count_;
  std::set<std::string> used_;
};

std::string or_dash(const std::string& s) { return s.empty() ? std::string("-") : s; }

}  // namespace

void print_dumped_values(const std::vector<eval::DumpedValue>& values, std::ostream& out) {
  for (const eval::DumpedValue& v : values) {
    out << place_text(v.location) << ' ' << label(v);
    if (!v.value) {
      out << ": " << v.note << '\n';
      continue;
    }
    out << " = " << eval::tensor_literal(*v.value);
    if (!v.note.empty()) out << "  # " << v.note;
    out << '\n';
  }
}

std::vector<Diagnostic> write_dumped_values(const std::vector<eval::DumpedValue>& values, const std::string& dir,
                                            std::ostream* said) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);  // a folder that cannot be made: the first write says so
  std::string index = "place\tname\twhere\ttype\tfiles\tnote\n";
  Stems stems;
  for (const eval::DumpedValue& v : values) {
    std::string type = "-", files = "-";
    if (v.value) {
      type = eval::literal_type_text(*v.value);
      Result<std::vector<std::string>> written =
          write_tensor_npy(*v.value, dir, stems.next(stem_of(v.name)), fmt::format("{} {}", label(v), type), said);
      if (!written.ok()) return written.diagnostics();
      files = fmt::format("{}", fmt::join(*written, ","));
    }
    index += fmt::format("{}\t{}\t{}\t{}\t{}\t{}\n", place_text(v.location), v.name, or_dash(v.where), type, files,
                         or_dash(v.note));
  }
  const std::string path = (std::filesystem::path(dir) / "index.tsv").string();
  if (std::optional<Diagnostic> d = write_file(path, index)) return {*d};
  if (said != nullptr) say_wrote(*said, path);
  return {};
}

nlohmann::ordered_json dumped_values_json(const std::vector<eval::DumpedValue>& values) {
  nlohmann::ordered_json list = nlohmann::ordered_json::array();
  for (const eval::DumpedValue& v : values) {
    nlohmann::ordered_json o{{"name", v.name}};
    if (v.location.known()) {
      o["file"] = v.location.file;
      o["line"] = v.location.line;
      o["column"] = v.location.column;
    }
    o["where"] = v.where;
    o["note"] = v.note;
    if (v.value) {
      const nlohmann::json fields = eval::tensor_json(*v.value);  // items() must not outlive it
      for (const auto& [k, x] : fields.items()) o[k] = x;
    }
    list.push_back(std::move(o));
  }
  return list;
}

}  // namespace tf::cli
