#include "driver/report.h"

#include <fmt/format.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "ir/support/json_text.h"

namespace tf::cli {

nlohmann::json diagnostic_json(const Diagnostic& d) {
  nlohmann::json j = {{"severity", severity_name(d.severity)},
                      {"tag", d.tag()},
                      {"rule", d.rule_id.empty() ? nlohmann::json() : nlohmann::json(d.rule_id)},
                      {"message", d.message},
                      {"notes", d.notes},
                      {"ir_path", d.ir_path}};
  if (d.location.known()) {
    j["file"] = d.location.file;
    j["line"] = d.location.line;
    j["column"] = d.location.column;
  }
  if (!d.related.empty()) {
    nlohmann::json related = nlohmann::json::array();
    for (const RelatedLocation& r : d.related) {
      nlohmann::json one = {{"message", r.message}};
      if (r.location.known()) {
        one["file"] = r.location.file;
        one["line"] = r.location.line;
        one["column"] = r.location.column;
      }
      related.push_back(std::move(one));
    }
    j["related"] = std::move(related);
  }
  return j;
}

std::optional<Diagnostic> write_file(const std::string& path, std::string_view text) {
  auto failed = [&](int error) {
    Diagnostic d = category_error(DiagCategory::Usage, fmt::format("cannot write '{}': {}", path, std::strerror(error)));
    d.location.file = path;
    return d;
  };
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (f == nullptr) return failed(errno);
  const std::size_t written = std::fwrite(text.data(), 1, text.size(), f);
  const int write_error = written == text.size() ? 0 : errno;
  const int flush_error = std::fflush(f) == 0 ? 0 : errno;
  const int close_error = std::fclose(f) == 0 ? 0 : errno;
  if (const int error = write_error ? write_error : flush_error ? flush_error : close_error; error != 0) return failed(error);
  if (written != text.size()) return failed(EIO);
  return std::nullopt;
}

int write_text_output(const std::string& text, const std::string& path, std::ostream& out, std::ostream& err) {
  if (path.empty()) {
    out << text;
    return kExitOk;
  }
  if (std::optional<Diagnostic> d = write_file(path, text)) return report_bad_input({*d}, err, /*json=*/false);
  say_wrote(out, path);
  return kExitOk;
}

void say_wrote(std::ostream& out, std::string_view path, std::string_view what) {
  out << "wrote " << path;
  if (!what.empty()) out << " (" << what << ")";
  out << '\n';
}

void write_refusal(const Diagnostic& d, std::ostream& err, bool json) {
  if (json)
    err << json_text(diagnostic_json(d)) << '\n';
  else
    err << kRefusalPrefix << d.render() << '\n';
}

int report_pipeline_failure(const std::vector<Diagnostic>& diags, std::ostream& err, bool json) {
  for (const Diagnostic& d : diags) write_refusal(d, err, json);
  return !diags.empty() && diags.front().category == DiagCategory::Internal ? kExitInternalError : kExitBadInput;
}

int report_bad_input(const std::vector<Diagnostic>& diags, std::ostream& err, bool json) {
  for (const Diagnostic& d : diags) write_refusal(d, err, json);
  return kExitBadInput;
}

}  // namespace tf::cli
