#include "driver/level_diff.h"

#include <fmt/format.h>

#include <algorithm>

#include "driver/report.h"
#include "eval/value/compare.h"
#include "eval/value/tensor_convert.h"
#include "eval/value/tensor_text.h"
#include "ir/numerics/convert.h"

namespace tf::cli {
namespace {

// Output k of one level that ran and has it.
struct Candidate {
  std::size_t run = 0;  // its index in LevelDiff::runs
  eval::Tensor computed;
  eval::Tensor values;  // what is compared: `computed`, or a block-scaled one's dequantized f32 values
};

eval::Tensor comparable(const eval::Tensor& t) {
  if (!t.is_block_scaled()) return t;
  return eval::from_f32(DType::f32(), t.shape(), eval::to_f32(t));
}

bool same_type(const eval::Tensor& a, const eval::Tensor& b) {
  return a.dtype() == b.dtype() && a.shape() == b.shape();
}

// Whether code `a` is within the bound of code `b` (design note).
bool within_bound(std::uint64_t a, std::uint64_t b, DType dtype) {
  if (eval::exactly_equal(a, b, dtype)) return true;
  const std::optional<std::uint64_t> steps = eval::ulp_distance(a, b, dtype);
  return kLevelBoundUlps > 0 && steps && *steps <= kLevelBoundUlps;
}

// The levels whose outputs are identical, in the order of their first level.
std::vector<std::vector<std::string>> identical_groups(const std::vector<LevelRun>& runs,
                                                       const std::vector<Candidate>& have) {
  std::vector<std::vector<std::string>> groups;
  std::vector<const Candidate*> firsts;
  for (const Candidate& c : have) {
    std::size_t g = 0;
    while (g < firsts.size() && !eval::compare_tensors(c.values, firsts[g]->values, eval::Comparator::exact()).passed)
      ++g;
    if (g == firsts.size()) {
      firsts.push_back(&c);
      groups.emplace_back();
    }
    groups[g].push_back(runs[c.run].level);
  }
  return groups;
}

// The levels that ran and have output k, in run order.
std::vector<Candidate> candidates(const std::vector<LevelRun>& runs, std::size_t k) {
  std::vector<Candidate> have;
  for (std::size_t i = 0; i < runs.size(); ++i)
    if (runs[i].status == LevelStatus::Ran && k < runs[i].outputs.size())
      have.push_back({i, runs[i].outputs[k].second, comparable(runs[i].outputs[k].second)});
  TF_CHECK(!have.empty(), "output {} compared with no level that has it", k);
  return have;
}

// Output k's name and type (the first candidate's), its levels, groups and the levels without it
// or with another type; returns the candidates of the first one's type.
std::vector<const Candidate*> describe(OutputDiff& o, const std::vector<LevelRun>& runs,
                                       const std::vector<Candidate>& have) {
  const Candidate& base = have.front();
  o.name = runs[base.run].outputs[o.index].first;
  o.type = eval::literal_type_text(base.computed);
  o.dtype = base.computed.dtype();
  o.shape = base.computed.shape();
  for (const LevelRun& r : runs)
    if (r.status == LevelStatus::Ran && o.index >= r.outputs.size()) o.mismatched.emplace_back(r.level, "no " + o.name);
  std::vector<const Candidate*> same;
  for (const Candidate& c : have) {
    o.levels.push_back(runs[c.run].level);
    if (same_type(c.computed, base.computed))
      same.push_back(&c);
    else
      o.mismatched.emplace_back(runs[c.run].level,
                                fmt::format("{}, not {}", eval::literal_type_text(c.computed), o.type));
  }
  o.groups = identical_groups(runs, have);
  o.agree = o.groups.size() == 1 && o.mismatched.empty();
  return same;
}

// The levels of one type held to the bound: what each is judged against (the level its run names,
// else the first), where each is outside the bound, and the first element of interest.
class BoundCheck {
 public:
  BoundCheck(const std::vector<LevelRun>& runs, std::vector<const Candidate*> same)
      : runs_(runs), same_(std::move(same)), against_(same_.size(), same_.front()) {
    for (std::size_t s = 0; s < same_.size(); ++s)
      for (const Candidate* c : same_)
        if (runs_[c->run].level == runs_[same_[s]->run].judged_against) against_[s] = c;
  }

  /// Whether level `s` of the type is outside the bound at element `i`.
  bool outside_at(std::size_t s, std::int64_t i) const {
    return runs_[same_[s]->run].under_test && !within_bound(code(s, i), against_[s]->values.code(i), dtype());
  }

  /// Which levels are outside the bound anywhere; the first element where one is, else the first
  /// where the codes differ (design note), or nullopt.
  std::optional<std::int64_t> scan(std::vector<bool>& outside_anywhere) const {
    outside_anywhere.assign(same_.size(), false);
    std::optional<std::int64_t> first_outside, first_differing;
    for (std::int64_t i = 0; i < same_.front()->values.size(); ++i)
      for (std::size_t s = 0; s < same_.size(); ++s) {
        if (outside_at(s, i)) {
          outside_anywhere[s] = true;
          if (!first_outside) first_outside = i;
        }
        if (!first_differing && !eval::exactly_equal(code(s, i), code(0, i), dtype())) first_differing = i;
      }
    return first_outside ? first_outside : first_differing;
  }

  /// Every level's element `i`.
  FirstDifference at(std::int64_t i) const {
    FirstDifference f;
    f.index = i;
    f.coordinate = eval::coordinates_of(same_.front()->values.shape(), i);
    for (std::size_t s = 0; s < same_.size(); ++s) {
      const std::uint64_t expected = against_[s]->values.code(i);
      LevelElement e;
      e.level = runs_[same_[s]->run].level;
      e.against = runs_[against_[s]->run].level;
      e.hex = eval::code_text(code(s, i), dtype().bit_width());
      e.decimal = eval::element_text(same_[s]->values, i);
      e.ulps = eval::ulp_distance(code(s, i), expected, dtype());
      if (!e.ulps)
        e.incomparable =
            numerics::is_nan_code(code(s, i), dtype()) || numerics::is_nan_code(expected, dtype()) ? "nan" : "inf";
      e.outside = outside_at(s, i);
      if (e.outside) f.outside.push_back(e.level);
      f.elements.push_back(std::move(e));
    }
    return f;
  }

  /// The run of level `s`.
  std::size_t run_of(std::size_t s) const { return same_[s]->run; }

 private:
  std::uint64_t code(std::size_t s, std::int64_t i) const { return same_[s]->values.code(i); }
  DType dtype() const { return same_.front()->values.dtype(); }

  const std::vector<LevelRun>& runs_;
  std::vector<const Candidate*> same_;
  std::vector<const Candidate*> against_;
};

OutputDiff diff_output(const std::vector<LevelRun>& runs, std::size_t k) {
  const std::vector<Candidate> have = candidates(runs, k);
  OutputDiff o;
  o.index = k;
  const BoundCheck bound(runs, describe(o, runs, have));
  std::vector<bool> outside_anywhere;
  const std::optional<std::int64_t> first = bound.scan(outside_anywhere);
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (!runs[i].under_test) continue;
    bool outside = std::any_of(o.mismatched.begin(), o.mismatched.end(),
                               [&](const std::pair<std::string, std::string>& m) { return m.first == runs[i].level; });
    for (std::size_t s = 0; s < outside_anywhere.size(); ++s)
      outside = outside || (bound.run_of(s) == i && outside_anywhere[s]);
    if (outside) o.outside.push_back(runs[i].level);
  }
  if (first) o.first_difference = bound.at(*first);
  return o;
}

std::string ulps_text(const LevelElement& e) {
  return e.ulps ? fmt::format("{}", *e.ulps) : e.incomparable;
}

std::string joined(const std::vector<std::string>& names) {
  return fmt::format("{}", fmt::join(names, ", "));
}

const char* status_name(LevelStatus s) {
  switch (s) {
    case LevelStatus::Ran:
      return "ran";
    case LevelStatus::Failed:
      return "failed";
    case LevelStatus::Skipped:
      return "skipped";
  }
  TF_UNREACHABLE("bad level status");
}

std::string run_line(const LevelRun& run) {
  switch (run.status) {
    case LevelStatus::Ran: {
      std::string line = run.level + ": ran";
      if (!run.judged_against.empty()) line += ", judged against " + run.judged_against;
      if (!run.under_test) line += ", not under test";
      return line + "\n";
    }
    case LevelStatus::Failed: {
      std::string text = run.level + ": failed\n";
      for (const Diagnostic& d : run.diagnostics) text += d.render() + "\n";
      return text;
    }
    case LevelStatus::Skipped:
      return fmt::format("{}: skipped: {}\n", run.level, run.skip_reason);
  }
  TF_UNREACHABLE("bad level status");
}

std::string output_text(const OutputDiff& o) {
  if (o.agree) return fmt::format("{} {}: {} agree bit for bit\n", o.name, o.type, joined(o.levels));
  std::vector<std::string> groups;
  for (const std::vector<std::string>& g : o.groups) groups.push_back("{" + joined(g) + "}");
  std::string text =
      fmt::format("{} {}: the levels disagree; identical bits: {}\n", o.name, o.type, fmt::join(groups, " "));
  for (const auto& [level, what] : o.mismatched) text += fmt::format("  {}: {}\n", level, what);
  if (o.first_difference) {
    const std::string& reference = o.levels.front();
    text += fmt::format("  first difference at [{}]:\n", fmt::join(o.first_difference->coordinate, ", "));
    for (const LevelElement& e : o.first_difference->elements) {
      text += fmt::format("    {}: {} = {}", e.level, e.hex, e.decimal);
      if (e.level == reference)
        text += "; the reference";
      else if (e.against == reference)
        text += "; ulps: " + ulps_text(e);
      else
        text += fmt::format("; ulps from {}: {}", e.against, ulps_text(e));
      text += e.outside ? "; outside\n" : "\n";
    }
  }
  return text + fmt::format("  bound: {} ulps; outside it: {}\n", kLevelBoundUlps,
                            o.outside.empty() ? "none" : joined(o.outside));
}

nlohmann::ordered_json output_json(const OutputDiff& o) {
  nlohmann::ordered_json j{{"index", o.index}, {"name", o.name},   {"dtype", std::string(o.dtype.name())},
                           {"shape", o.shape}, {"agree", o.agree}, {"groups", o.groups}};
  if (!o.mismatched.empty()) {
    nlohmann::ordered_json m = nlohmann::ordered_json::object();
    for (const auto& [level, what] : o.mismatched) m[level] = what;
    j["mismatched"] = std::move(m);
  }
  j["outside"] = o.outside;
  if (!o.first_difference) return j;
  const FirstDifference& f = *o.first_difference;
  nlohmann::ordered_json values = nlohmann::ordered_json::object(), ulps = nlohmann::ordered_json::object();
  for (const LevelElement& e : f.elements) {
    values[e.level] = nlohmann::ordered_json{{"hex", e.hex}, {"decimal", e.decimal}};
    ulps[e.level] = e.ulps ? nlohmann::ordered_json(*e.ulps) : nlohmann::ordered_json(e.incomparable);
  }
  j["first_difference"] = nlohmann::ordered_json{{"coordinate", f.coordinate},
                                                 {"values", std::move(values)},
                                                 {"ulps", std::move(ulps)},
                                                 {"bound_ulps", kLevelBoundUlps},
                                                 {"outside", f.outside}};
  return j;
}

}  // namespace

LevelDiff diff_levels(std::string function, std::vector<LevelRun> runs) {
  LevelDiff d;
  d.function = std::move(function);
  d.runs = std::move(runs);
  std::size_t ran = 0, outputs = 0;
  for (const LevelRun& r : d.runs) {
    if (r.status != LevelStatus::Ran) continue;
    ++ran;
    outputs = std::max(outputs, r.outputs.size());
    if (d.reference.empty() && r.under_test) d.reference = r.level;
  }
  if (ran < 2) return d;
  for (std::size_t k = 0; k < outputs; ++k) d.outputs.push_back(diff_output(d.runs, k));
  return d;
}

int level_diff_exit_code(const LevelDiff& diff) {
  bool ran = false, failed = false, internal = false;
  for (const LevelRun& r : diff.runs) {
    ran = ran || r.status == LevelStatus::Ran;
    failed = failed || r.status == LevelStatus::Failed;
    for (const Diagnostic& d : r.diagnostics) internal = internal || d.category == DiagCategory::Internal;
  }
  if (internal) return kExitInternalError;
  if (!ran) return failed ? kExitBadInput : kExitOk;
  if (failed) return kExitCheckFailed;
  for (const OutputDiff& o : diff.outputs)
    if (!o.outside.empty()) return kExitCheckFailed;
  return kExitOk;
}

std::string level_diff_text(const LevelDiff& diff) {
  std::vector<std::string> levels;
  for (const LevelRun& r : diff.runs) levels.push_back(r.level);
  std::string text = fmt::format("@{} at {}", diff.function, joined(levels));
  if (!diff.reference.empty()) text += "; reference: " + diff.reference;
  text += "\n";
  std::vector<std::string> ran;
  for (const LevelRun& r : diff.runs) {
    text += run_line(r);
    if (r.status == LevelStatus::Ran) ran.push_back(r.level);
  }
  if (ran.empty()) return text + "nothing to compare: no level ran\n";
  if (ran.size() == 1) return text + fmt::format("nothing to compare: only {} ran\n", ran.front());
  for (const OutputDiff& o : diff.outputs) text += output_text(o);
  return text;
}

nlohmann::ordered_json level_diff_json(const LevelDiff& diff) {
  nlohmann::ordered_json levels = nlohmann::ordered_json::array();
  for (const LevelRun& r : diff.runs) {
    nlohmann::ordered_json l{{"level", r.level}, {"status", status_name(r.status)}};
    if (!r.judged_against.empty()) l["judged_against"] = r.judged_against;
    if (!r.under_test) l["under_test"] = false;
    if (r.status == LevelStatus::Failed && !r.diagnostics.empty()) {
      l["diagnostic"] = diagnostic_json(r.diagnostics.front());
      if (r.diagnostics.size() > 1) {
        nlohmann::ordered_json more = nlohmann::ordered_json::array();
        for (std::size_t i = 1; i < r.diagnostics.size(); ++i)
          more.push_back(nlohmann::ordered_json(diagnostic_json(r.diagnostics[i])));
        l["more_diagnostics"] = std::move(more);
      }
    }
    if (r.status == LevelStatus::Skipped) l["reason"] = r.skip_reason;
    levels.push_back(std::move(l));
  }
  nlohmann::ordered_json outputs = nlohmann::ordered_json::array();
  for (const OutputDiff& o : diff.outputs) outputs.push_back(output_json(o));
  return nlohmann::ordered_json{
      {"function", diff.function},
      {"reference", diff.reference.empty() ? nlohmann::ordered_json() : nlohmann::ordered_json(diff.reference)},
      {"levels", std::move(levels)},
      {"outputs", std::move(outputs)}};
}

}  // namespace tf::cli
