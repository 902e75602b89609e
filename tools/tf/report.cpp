#include "tools/tf/report.h"

#include <fstream>

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

int write_text_output(const std::string& text, const std::string& path, std::ostream& out, std::ostream& err) {
  if (path.empty()) {
    out << text;
    return kExitOk;
  }
  std::ofstream o(path, std::ios::binary);
  o << text;
  if (!o) {
    err << "tf: error[usage]: cannot write " << path << '\n';
    return kExitBadInput;
  }
  return kExitOk;
}

int report_pipeline_failure(const std::vector<Diagnostic>& diags, std::ostream& err, bool json) {
  for (const Diagnostic& d : diags) err << (json ? json_text(diagnostic_json(d)) : d.render()) << '\n';
  return !diags.empty() && diags.front().category == DiagCategory::Internal ? kExitInternalError : kExitBadInput;
}

int report_bad_input(const std::vector<Diagnostic>& diags, std::ostream& err, bool json) {
  for (const Diagnostic& d : diags) {
    if (json)
      err << json_text(diagnostic_json(d)) << '\n';
    else
      err << "tf: " << d.render() << '\n';
  }
  return kExitBadInput;
}

}  // namespace tf::cli
