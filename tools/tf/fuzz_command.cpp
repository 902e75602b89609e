#include "tools/tf/fuzz_command.h"

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <charconv>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <cstdint>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string_view>

#include "driver/report.h"
#include "fuzz/campaign/campaign.h"
#include "fuzz/campaign/campaign_report.h"
#include "fuzz/campaign/property.h"
#include "fuzz/campaign/report_html.h"
#include "fuzz/campaign/reproducer.h"
#include "ir/support/json_text.h"
#include "ir/support/nearest_names.h"
#include "ir/support/plant.h"
#include "tools/tf/cache_option.h"
#include "tools/tf/cli_value.h"
#include "tools/tf/ctrl_c.h"
#include "tools/tf/reduce_command.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;
using fuzz::CampaignReport;
using fuzz::CampaignResult;
using fuzz::Finding;
using fuzz::Property;
using fuzz::PropertyReport;

// I/N with 0 <= I < N, both decimal integers that fit int64.
bool parse_shard(const std::string& s, std::int64_t& index, std::int64_t& count) {
  const std::size_t slash = s.find('/');
  if (slash == std::string::npos) return false;
  const auto a = std::from_chars(s.data(), s.data() + slash, index);
  const auto b = std::from_chars(s.data() + slash + 1, s.data() + s.size(), count);
  return a.ec == std::errc() && a.ptr == s.data() + slash && b.ec == std::errc() && b.ptr == s.data() + s.size() &&
         count >= 1 && index >= 0 && index < count;
}

// The live progress line (a terminal: rewritten in place at most 4 times a second; otherwise a
// plain line every 10 seconds).
class Progress {
 public:
  Progress(std::ostream& err, bool enabled) : err_(err), enabled_(enabled), tty_(enabled && isatty(STDERR_FILENO) != 0) {}
  void update(const CampaignResult& r, double budget) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(tty_ ? 250 : 10000)) return;
    last_ = now;
    printed_ = r.cases;
    err_ << (tty_ ? "\r\033[K" : "") << line(r, budget) << (tty_ ? "" : "\n") << std::flush;
  }
  void finish(const CampaignResult& r, double budget) {
    if (!enabled_) return;
    if (tty_ || printed_ != r.cases) err_ << (tty_ ? "\r\033[K" : "") << line(r, budget) << "\n" << std::flush;
    last_ = {};
    printed_ = -1;
  }

 private:
  static std::string line(const CampaignResult& r, double budget) {
    const double rate = r.seconds > 0 ? static_cast<double>(r.cases) / r.seconds : 0;
    return fmt::format("{}: {} cases, {:.1f}/s, {} failed ({} distinct), {} discarded, {} labels seen, {:.0f} s{}",
                       r.property, r.cases, rate, r.failed, r.findings.size(), r.discarded, r.tags.size(), r.seconds,
                       budget > 0 ? fmt::format(" of {:.0f}", budget) : "");
  }
  std::ostream& err_;
  bool enabled_, tty_;
  std::chrono::steady_clock::time_point last_{};
  std::int64_t printed_ = -1;  ///< the case count of the last plain line
};

// Writes the reproducer of `f` under `dir`; its path, or "" without a directory or a witness.
// A reproducer the file cannot take goes to `err` after the diagnostic, and `write_failed` is set.
std::string write_reproducer(const Finding& f, const std::string& dir, std::ostream& err, bool& write_failed) {
  if (dir.empty() || f.reproducer.empty()) return "";
  const fs::path path = fs::path(dir) / fmt::format("{}-seed-{}-case-{}.tfir", f.origin.property, f.origin.seed, f.origin.case_index);
  if (std::optional<Diagnostic> failed = write_file(path.string(), f.reproducer)) {
    report_bad_input({*failed}, err, /*json=*/false);
    err << "tf fuzz: the reproducer of " << f.origin.property << " case " << f.origin.case_index << " follows:\n" << f.reproducer;
    write_failed = true;
    return "";
  }
  return path.string();
}

// DIR/findings.jsonl, rewritten whole after each property so that a run cut short keeps what it
// found. When the file cannot take its lines, the diagnostic says so and the lines go to stderr
// (finish), so no finding is lost.
class FindingsFile {
 public:
  /// Creates (truncates) `path`; "" writes nothing. false, with the diagnostic on `err`, when it
  /// cannot be created.
  bool open(const std::string& path, std::ostream& err) {
    path_ = path;
    return path_.empty() || save(err, "");
  }
  void add(const nlohmann::json& finding, std::ostream& err) {
    if (path_.empty()) return;
    text_ += json_text(finding) + "\n";
    if (!failed_) save(err, "; its findings are written to stderr instead");
  }
  /// Whether a write failed (the lines then went to `err` at finish).
  bool failed() const { return failed_; }
  void finish(std::ostream& err) const {
    if (failed_) err << "tf fuzz: the lines of " << path_ << " follow:\n" << text_;
  }

 private:
  bool save(std::ostream& err, std::string_view instead) {
    std::optional<Diagnostic> d = write_file(path_, text_);
    if (!d) return true;
    d->message += instead;
    report_bad_input({*d}, err, /*json=*/false);
    failed_ = true;
    return false;
  }
  std::string path_, text_;
  bool failed_ = false;
};

void print_summary(const CampaignResult& r, const std::vector<std::string>& paths, bool out_dir, std::ostream& out) {
  const double rate = r.seconds > 0 ? static_cast<double>(r.cases) / r.seconds : 0;
  const double spent = r.seconds > 0 ? r.seconds : 1;
  const std::string compiling =
      r.prefetch_seconds > 0 ? fmt::format(", {:.0f}% compiling ahead", 100 * r.prefetch_seconds / spent) : "";
  out << fmt::format("{}: {} cases ({} passed, {} discarded, {} failed) in {:.1f} s, {:.1f} cases/s; time {:.0f}% generating, {:.0f}% checking{}, {:.0f}% shrinking\n",
                     r.property, r.cases, r.passed, r.discarded, r.failed, r.seconds, rate, 100 * r.generate_seconds / spent,
                     100 * r.check_seconds / spent, compiling, 100 * r.shrink_seconds / spent);
  for (const auto& [tag, n] : r.tags) out << fmt::format("  {:>5.1f}%  {}\n", 100.0 * static_cast<double>(n) / static_cast<double>(r.cases), tag);
  if (!r.ops.empty()) {  // the ops the generated programs used, most used first
    std::vector<std::pair<std::int64_t, std::string>> ops;
    for (const auto& [op, n] : r.ops) ops.emplace_back(-n, op);
    std::sort(ops.begin(), ops.end());
    std::string line = "  ops (share of cases using each):";
    for (const auto& [n, op] : ops) line += fmt::format(" {} {:.0f}%,", op, -100.0 * static_cast<double>(n) / static_cast<double>(r.cases));
    line.pop_back();
    out << line << "\n";
  }
  for (std::size_t i = 0; i < r.findings.size(); ++i) {
    const Finding& f = r.findings[i];
    out << fmt::format("  FAILED case {} (after {:.1f} s): {}\n", f.origin.case_index, f.found_after, f.origin.kind);
    out << fmt::format("    shrunk in {} steps ({:.1f} s), reproducer {} -> {} code lines{}{}\n", f.shrink_steps, f.shrink_seconds,
                       f.lines_before, f.lines_after,
                       f.reduce_seconds > 0 ? fmt::format(", reduced to {} ({:.1f} s)", f.lines_reduced, f.reduce_seconds) : "",
                       f.repeats > 0 ? fmt::format("; {} more cases failed the same way", f.repeats) : "");
    if (!paths[i].empty())
      out << "    reproducer: " << paths[i] << "   (replay: " << fuzz::replay_command(paths[i], f.raw_reproducer) << ")\n";
    else if (!f.reproducer.empty()) out << (out_dir ? "    reproducer (its file could not be written):\n" : "    reproducer (write it with --out DIR):\n") << f.reproducer;
    else out << "    counterexample:\n" << f.example;
    out << "    " << f.description.substr(0, 2000) << "\n";
  }
}

// tf reduce on a finding's reproducer (not on a raw one: a mutant need not read), within
// `seconds`; the finding then holds the reduced text and its size.
void reduce_finding(Finding& f, double seconds) {
  if (seconds <= 0 || f.reproducer.empty() || f.raw_reproducer) return;
  const Result<fuzz::ReduceResult> r = reduce_case_file(f.reproducer, "reproducer.tfir", seconds);
  if (!r) return;  // the reproducer does not fail as a case (docs/fuzzing.md says which ones)
  f.reproducer = r->text;
  f.lines_reduced = r->lines_after;
  f.reduce_seconds = r->seconds;
}

// Creates the folder `dir` and its parents ("" : nothing); false, with why on `err`, when it cannot.
bool create_folder(const std::string& dir, std::ostream& err) {
  if (dir.empty()) return true;
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!ec) return true;
  write_refusal(category_error(DiagCategory::Usage, fmt::format("cannot create {}: {}", dir, ec.message())), err, false);
  return false;
}

// Writes `report` as DIR/report.json and DIR/index.html (fuzz/campaign/report_html.h) and says
// "wrote DIR/index.html" on `said`; false, with the diagnostic on `err`, when a file cannot be
// written.
bool write_report(const CampaignReport& report, const std::string& dir, std::ostream& said, std::ostream& err) {
  const std::string json = (fs::path(dir) / "report.json").string(), html = (fs::path(dir) / "index.html").string();
  for (const auto& [path, text] : {std::pair{json, json_text(fuzz::report_json(report), 1) + "\n"},
                                   std::pair{html, fuzz::report_html(report, dir)}})
    if (std::optional<Diagnostic> failed = write_file(path, text)) {
      report_bad_input({*failed}, err, /*json=*/false);
      return false;
    }
  said << "wrote " << html << " (the data: " << json << ")\n";
  return true;
}

Diagnostic usage(std::string message) { return category_error(DiagCategory::Usage, std::move(message)); }

// Writes `d` as every command writes a refusal (driver/report.h) and gives the exit code.
int refuse(const Diagnostic& d, std::ostream& err) {
  write_refusal(d, err, false);
  return kExitBadInput;
}

int list_properties(std::ostream& out) {
  for (const Property& p : fuzz::properties()) {
    const std::string why = p.unavailable();
    out << fmt::format("{:<16} {}{}\n", p.name, p.summary, why.empty() ? "" : fmt::format(" [unavailable: {}]", why));
  }
  return kExitOk;
}

int list_plants(std::ostream& out) {
  for (const PlantInfo& p : plants()) out << fmt::format("{:<28} {} (found by {})\n", p.name, p.breaks, p.found_by);
  if (!plants_built()) out << "(this build has no plants: configure with -DTF_PLANTS=ON)\n";
  return kExitOk;
}

}  // namespace

int run_fuzz(const FuzzRequest& r, std::ostream& out, std::ostream& err) {
  if (r.list) return list_properties(out);
  if (r.list_plants) return list_plants(out);
  // The compiled properties' runs take the disk cache's default folder, which TF_CACHE_DIR names
  // (cuda/driver/disk_cache.h): --cache sets it for this process.
  if (!r.cache.empty()) ::setenv("TF_CACHE_DIR", r.cache.c_str(), 1);
  if (!r.plant.empty()) {
    const PlantInfo* p = find_plant(r.plant);
    if (p == nullptr) {
      std::vector<std::string> names;
      for (const PlantInfo& known : plants()) names.push_back(known.name);
      Diagnostic d = usage(fmt::format("--plant: no planted bug named '{}' (tf fuzz --list-plants names them)", r.plant));
      return refuse(suggest_nearest(d, r.plant, names), err);
    }
    if (!plants_built())
      return refuse(usage("--plant: this build has no planted bugs (configure with -DTF_PLANTS=ON; release builds leave them out)"), err);
    activate_plant(p->plant);
  }
  std::int64_t shard = 0, shards = 1;
  if (!parse_shard(r.shard, shard, shards)) {
    return refuse(usage(fmt::format("--shard takes I/N, integers with 0 <= I < N <= 9223372036854775807 (found '{}')", r.shard)), err);
  }
  if (r.properties.empty()) {
    return refuse(usage("name a property with --property (tf fuzz --list names them), or --property all"), err);
  }
  if (r.seconds <= 0 && r.cases < 0) {
    return refuse(usage("without a time budget (--time 0) give --cases"), err);
  }
  std::vector<const Property*> chosen;
  const bool all = std::find(r.properties.begin(), r.properties.end(), "all") != r.properties.end();
  for (const Property& p : fuzz::properties())
    if (all || std::find(r.properties.begin(), r.properties.end(), p.name) != r.properties.end()) chosen.push_back(&p);
  for (const std::string& name : r.properties)
    if (name != "all" && fuzz::find_property(name) == nullptr) {
      std::vector<std::string> names;
      for (const Property& p : fuzz::properties()) names.push_back(p.name);
      Diagnostic d = usage(fmt::format("--property: no property named '{}' (tf fuzz --list names them)", name));
      return refuse(suggest_nearest(d, name, names), err);
    }
  // With --report and no --out, the findings go under the report, which links them.
  const std::string out_dir =
      !r.out_dir.empty() || r.report_dir.empty() ? r.out_dir : (fs::path(r.report_dir) / "findings").string();
  if (!create_folder(r.report_dir, err) || !create_folder(out_dir, err)) return kExitBadInput;
  FindingsFile jsonl;
  if (!jsonl.open(out_dir.empty() ? std::string()
                                  : (fs::path(out_dir) / (shards == 1 ? std::string("findings.jsonl")
                                                                      : fmt::format("findings-{}-of-{}.jsonl", shard, shards)))
                                        .string(),
                  err))
    return kExitBadInput;
  bool write_failed = false;
  nlohmann::json summary = nlohmann::json::array();
  CampaignReport report;
  report.tool = fuzz::tool_version();
  report.seed = r.seed;
  report.shard = r.shard;
  report.time_budget = r.seconds;
  report.case_budget = r.cases;
  report.plant = r.plant;
  bool failed = false;
  Progress progress(err, r.progress);
  const CtrlC ctrl_c;  // Ctrl-C (or SIGTERM, SIGHUP) ends the campaign with its summary and findings
  for (const Property* p : chosen) {
    if (CtrlC::pressed()) break;
    if (const std::string why = p->unavailable(); !why.empty()) {
      if (!all) {
        return refuse(usage(fmt::format("property {} cannot run here: {}", p->name, why)), err);
      }
      PropertyReport skipped;
      skipped.result.property = p->name;
      skipped.skipped = why;
      if (r.json) summary.push_back(fuzz::property_json(skipped, r.seed, r.shard, /*samples=*/false));
      else out << p->name << ": skipped (" << why << ")\n";
      report.properties.push_back(std::move(skipped));
      continue;
    }
    fuzz::CampaignOptions o;
    o.seed = r.seed;
    o.seconds = r.seconds;
    o.cases = r.cases < 0 ? -1 : all ? std::max<std::int64_t>(1, r.cases / p->cost) : r.cases;
    o.from = r.from;
    o.shard = shard;
    o.shards = shards;
    o.shrink_seconds = r.shrink_seconds;
    o.max_findings = r.max_findings;
    o.on_case = [&](const CampaignResult& so_far) { progress.update(so_far, r.seconds); };
    o.stop_requested = [] { return CtrlC::pressed(); };
    PropertyReport ran;
    ran.result = fuzz::run_campaign(*p, o);
    progress.finish(ran.result, r.seconds);
    for (Finding& f : ran.result.findings) {
      reduce_finding(f, r.reduce_seconds);
      ran.reproducers.push_back(write_reproducer(f, out_dir, err, write_failed));
      jsonl.add(fuzz::finding_json(f, ran.reproducers.back(), r.shard), err);
    }
    failed = failed || ran.result.failed > 0;
    if (r.json) summary.push_back(fuzz::property_json(ran, r.seed, r.shard, /*samples=*/false));
    else print_summary(ran.result, ran.reproducers, !out_dir.empty(), out);
    report.properties.push_back(std::move(ran));
  }
  if (r.json) out << json_text(summary, 2) << "\n";
  jsonl.finish(err);
  if (!r.report_dir.empty()) {  // also after Ctrl-C or --time: the report shows what ran
    report.interrupted = CtrlC::pressed();
    if (!write_report(report, r.report_dir, r.json ? err : out, err)) write_failed = true;
  }
  if (write_failed || jsonl.failed()) return kExitBadInput;  // said on stderr (a finding's text went there too)
  if (CtrlC::pressed()) {
    err << "tf fuzz: interrupted (Ctrl-C): the summary and findings above are what ran before it\n";
    return kExitBadInput;
  }
  return failed ? kExitCheckFailed : kExitOk;
}

void add_fuzz_command(CLI::App& app, int& exit_code) {
  auto req = std::make_shared<FuzzRequest>();
  CLI::App* cmd = app.add_subcommand(
      "fuzz",
      "Run a fuzz campaign: generated cases of named properties (tf fuzz --list), each checked\n"
      "against an independent oracle (the HIR evaluator for the lowering, the TIR machine model\n"
      "for the CUDA backend, brute force for the layout algebra). Case k of a seed is the same\n"
      "everywhere; --shard I/N runs the cases k = I mod N, so N machines split one campaign.\n"
      "Each failure is shrunk and written (--out DIR) as a .tfir reproducer that\n"
      "`tf conform` replays, and as a line of DIR/findings.jsonl; --report DIR writes a page of\n"
      "the campaign (DIR/index.html) and its data (DIR/report.json). Exit 0: no case failed; 1: some\n"
      "did; 2: bad usage. Examples:\n"
      "  tf fuzz --list\n"
      "  tf fuzz --property hir-vs-tir --seed 7 --time 60 --out findings/\n"
      "  tf fuzz --property all --seed 1 --cases 400 --time 30 --report report/\n"
      "  tf fuzz --property tir-vs-emu --seed 3 --shard 2/8 --time 3600 --out shard2/");
  cmd->add_option("--property", req->properties, "a property to run (repeatable); `all` for every one");
  cmd->add_option("--seed", req->seed, "the campaign's seed (default 1)")->transform(unsigned_in(0, UINT64_MAX));
  cmd->add_option("--time", req->seconds, "seconds per property (default 60; 0: no limit, give --cases)")
      ->transform(number_in(0, kMaxOptionSeconds));
  cmd->add_option("--cases", req->cases, "at most this many cases per property (with `all`: divided by each one's cost)")
      ->transform(integer_in(1, INT64_MAX));
  cmd->add_option("--from", req->from, "start at this case index (replay one case: --from K --cases 1)")
      ->transform(integer_in(0, INT64_MAX));
  cmd->add_option("--shard", req->shard, "run shard I of N (I/N, default 0/1)");
  cmd->add_option("--out", req->out_dir, "write findings.jsonl and one reproducer per finding here");
  cmd->add_option("--report", req->report_dir,
                  "write DIR/index.html at the end (a page: cases over time, labels and ops, time split, findings "
                  "and their replay commands) and DIR/report.json; without --out the findings go to DIR/findings");
  cmd->add_option("--shrink-time", req->shrink_seconds, "seconds to shrink each finding (default 60)")
      ->transform(number_in(0, kMaxOptionSeconds));
  cmd->add_option("--reduce-time", req->reduce_seconds, "seconds of tf reduce on each reproducer after shrinking (default 30; 0: off)")
      ->transform(number_in(0, kMaxOptionSeconds));
  cmd->add_option("--max-findings", req->max_findings, "stop a property after this many distinct failures (default 10)")
      ->transform(integer_in(1, INT_MAX));
  cmd->add_flag("--json", req->json, "the summary as JSON on stdout (with each property's label histogram)");
  cmd->add_flag("--list", req->list, "name the properties and say which cannot run here");
  cmd->add_option("--plant", req->plant, "activate one planted bug for this run (the mutation score; see --list-plants)");
  cmd->add_flag("--list-plants", req->list_plants, "name the planted bugs and the property that should find each");
  cmd->add_flag("!--no-progress", req->progress, "no progress lines on stderr");
  add_cache_option(*cmd, req->cache);
  cmd->callback([req, &exit_code] { exit_code = run_fuzz(*req, std::cout, std::cerr); });
}

}  // namespace tf::cli
