#include "fuzz/campaign/campaign.h"

#include <rapidcheck.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>
#include <set>

#include "fuzz/campaign/reducer.h"
#include "ir/dtype/dtype.h"
#include "ir/support/checked_int.h"

namespace tf::fuzz {
namespace {

using Clock = std::chrono::steady_clock;
using rc::detail::CaseDescription;
using rc::detail::CaseResult;

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

std::uint64_t splitmix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

bool fails_as(const CaseDescription& d, const std::string& kind) {
  return d.result.type == CaseResult::Type::Failure && failure_kind(d.result.description) == kind;
}

std::string render_example(const CaseDescription& d) {
  std::string out;
  if (!d.example) return out;
  for (const auto& [type, value] : d.example()) out += type + ":" + value + "\n";
  return out;
}

// Shrinks the failing case `current`, whose run gave `description` and `witness` and failed with
// `kind`, within `budget` seconds (header comment of campaign.h), and fills the finding. Each
// candidate's witness is taken right after it runs, so nothing runs twice.
Finding shrink(rc::Shrinkable<CaseDescription> current, CaseDescription description, std::optional<Witness> witness,
               const std::string& kind, double budget, FindingOrigin origin, const std::function<bool()>& stop) {
  const Clock::time_point t0 = Clock::now();
  Finding f;
  f.lines_before = witness ? code_lines(reproducer_text(*witness, origin)) : 0;
  bool progress = true;
  auto stopped = [&] { return stop && stop(); };
  while (progress && seconds_since(t0) < budget && !stopped()) {
    progress = false;
    rc::Seq<rc::Shrinkable<CaseDescription>> shrinks = current.shrinks();
    while (rc::Maybe<rc::Shrinkable<CaseDescription>> s = shrinks.next()) {
      if (seconds_since(t0) >= budget) break;
      (void)take_witness();
      CaseDescription d = s->value();
      std::optional<Witness> w = take_witness();
      if (stopped()) break;  // a candidate cut short by Ctrl-C proves nothing
      if (!fails_as(d, kind)) continue;
      current = std::move(*s);
      description = std::move(d);
      witness = std::move(w);
      ++f.shrink_steps;
      progress = true;
      break;
    }
  }
  f.origin = std::move(origin);
  f.description = description.result.description;
  f.example = render_example(description);
  f.reproducer = witness ? reproducer_text(*witness, f.origin) : "";
  f.raw_reproducer = witness && witness->raw;
  f.lines_after = code_lines(f.reproducer);
  f.shrink_seconds = seconds_since(t0);
  return f;
}

// The samples of a campaign (CampaignResult::samples): one every `every` cases, thinned to every
// other one (and `every` doubled) before they reach kMaxCampaignSamples.
class Sampler {
 public:
  explicit Sampler(CampaignResult& r) : r_(r) {}
  void start() { r_.samples.push_back(CampaignSample{}); }
  void after_case(double seconds) {
    if (r_.cases % every_ != 0) return;
    r_.samples.push_back(now(seconds));
    if (r_.samples.size() < kMaxCampaignSamples) return;
    every_ *= 2;
    std::erase_if(r_.samples, [&](const CampaignSample& s) { return s.cases % every_ != 0; });
  }
  void finish(double seconds) {
    const CampaignSample& last = r_.samples.back();
    if (last.cases != r_.cases || last.seconds < seconds) r_.samples.push_back(now(seconds));
  }

 private:
  CampaignSample now(double seconds) const {
    return CampaignSample{seconds, r_.cases, r_.failed, static_cast<std::int64_t>(r_.tags.size()),
                          static_cast<std::int64_t>(r_.ops.size())};
  }
  CampaignResult& r_;
  std::int64_t every_ = 1;
};

// A tag as RC_TAG renders a string ("\"label\"") without its quotes.
std::string unquoted(const std::string& tag) {
  return tag.size() >= 2 && tag.front() == '"' && tag.back() == '"' ? tag.substr(1, tag.size() - 2) : tag;
}

}  // namespace

std::vector<std::string> op_kinds(const std::string& program) {
  const std::size_t end = std::min(program.size(), program.find("\ncase \""));
  std::set<std::string> kinds;
  for (std::size_t i = 0; i < end; ++i) {
    if (program[i] != '(' || i == 0) continue;
    std::size_t b = i;
    while (b > 0 && (std::isalnum(static_cast<unsigned char>(program[b - 1])) || program[b - 1] == '_')) --b;
    if (b == i) continue;
    if (b > 0 && program[b - 1] == '@') {
      kinds.insert("call");
      continue;
    }
    if (!std::islower(static_cast<unsigned char>(program[b]))) continue;
    const std::string name = program.substr(b, i - b);
    const std::size_t line = program.rfind('\n', b) + 1;  // a function's own header is not a use
    if (program.compare(line, 5, "func ") == 0 || program.compare(line, 10, "prim_func ") == 0) continue;
    if (DType::from_name(name).ok()) continue;  // a typed scalar literal: `bf16(0.5)`
    kinds.insert(name == "range" ? "for" : name);
  }
  return {kinds.begin(), kinds.end()};
}

std::uint64_t case_seed(std::uint64_t seed, std::int64_t k) { return splitmix(splitmix(seed) ^ static_cast<std::uint64_t>(k)); }

namespace {

// A campaign of a property with a prefetch compiles ahead for 4 cases, then 8, ... up to 64: a
// short campaign does not wait for a large batch, a long one amortizes the compiler's start.
constexpr std::int64_t kFirstPrefetch = 4, kMaxPrefetch = 64;

// Case k of the campaign of `seed` (campaign.h); its body runs when its value is asked for.
rc::Shrinkable<CaseDescription> case_at(const rc::detail::Property& prop, std::uint64_t seed, std::int64_t k) {
  return prop(rc::Random(case_seed(seed, k)), static_cast<int>(k % 101));
}

// Runs the bodies of up to `count` cases from case k on (every shards-th, within the campaign's
// case count) under the property's prefetch, their outcomes dropped (property.h), and returns the
// last case index it covered.
std::int64_t prefetch_cases(const Property& property, const rc::detail::Property& prop, const CampaignOptions& options,
                            std::int64_t k, std::int64_t shards, std::int64_t count) {
  std::int64_t last = k;
  property.prefetch([&] {
    std::optional<std::int64_t> j = k;
    for (std::int64_t n = 0; j && n < count; ++n, j = checked_add(*j, shards)) {
      if (options.stop_requested && options.stop_requested()) return;
      const rc::Shrinkable<CaseDescription> s = case_at(prop, options.seed, *j);
      (void)s.value();
      (void)take_witness();
      last = *j;
    }
  });
  return last;
}

}  // namespace

CampaignResult run_campaign(const Property& property, const CampaignOptions& options) {
  const Clock::time_point t0 = Clock::now();
  CampaignResult r;
  r.property = property.name;
  const rc::detail::Property prop = rc::detail::toProperty(property.body);
  // The first index k >= from with k mod shards == shard, then every shards-th one, while it fits.
  const std::int64_t shards = std::max<std::int64_t>(1, options.shards);
  const std::int64_t from = std::max<std::int64_t>(0, options.from), shard = std::clamp<std::int64_t>(options.shard, 0, shards - 1);
  const std::int64_t rest = from % shards;
  std::optional<std::int64_t> next = checked_add(from, shard >= rest ? shard - rest : shards - (rest - shard));
  std::int64_t prefetched_to = -1, batch = kFirstPrefetch;  // the last case prefetched; the next batch's size
  Sampler sampler(r);
  sampler.start();
  for (; next; next = checked_add(*next, shards)) {
    const std::int64_t k = *next;
    if (options.stop_requested && options.stop_requested()) {
      r.interrupted = true;
      break;
    }
    if (options.cases >= 0 && r.cases >= options.cases) break;
    if (options.seconds > 0 && seconds_since(t0) >= options.seconds) {
      r.stopped_by_time = true;
      break;
    }
    if (static_cast<int>(r.findings.size()) >= options.max_findings) break;
    if (property.prefetch && k > prefetched_to) {
      const std::int64_t count = options.cases >= 0 ? std::min(batch, options.cases - r.cases) : batch;
      const Clock::time_point prefetch_start = Clock::now();
      prefetched_to = prefetch_cases(property, prop, options, k, shards, count);
      r.prefetch_seconds += seconds_since(prefetch_start);
      batch = std::min<std::int64_t>(2 * batch, kMaxPrefetch);
      if (options.stop_requested && options.stop_requested()) {
        r.interrupted = true;
        break;
      }
    }
    const rc::Shrinkable<CaseDescription> shrinkable = case_at(prop, options.seed, k);
    (void)take_witness();
    const Clock::time_point case_start = Clock::now();
    const CaseDescription d = shrinkable.value();
    const Clock::time_point case_end = Clock::now();
    if (options.stop_requested && options.stop_requested()) {  // cut short: neither passed nor failed
      (void)take_witness();
      r.interrupted = true;
      break;
    }
    const Clock::time_point generated = first_witness_time().value_or(case_start);
    r.generate_seconds += std::chrono::duration<double>(generated - case_start).count();
    r.check_seconds += std::chrono::duration<double>(case_end - generated).count();
    ++r.cases;
    std::optional<Witness> witness = take_witness();
    if (witness)
      for (const std::string& op : op_kinds(witness->program)) ++r.ops[op];
    for (const std::string& tag : d.tags) ++r.tags[unquoted(tag)];
    switch (d.result.type) {
      case CaseResult::Type::Success: ++r.passed; break;
      case CaseResult::Type::Discard: ++r.discarded; break;
      case CaseResult::Type::Failure: {
        ++r.failed;
        const std::string kind = failure_kind(d.result.description);
        bool seen = false;
        for (Finding& f : r.findings)
          if (f.origin.kind == kind) {
            ++f.repeats;
            seen = true;
          }
        if (seen) break;
        const double found_after = seconds_since(t0);
        Finding f = shrink(shrinkable, d, std::move(witness), kind, options.shrink_seconds, FindingOrigin{property.name, options.seed, k, kind},
                           options.stop_requested);
        f.found_after = found_after;
        r.shrink_seconds += f.shrink_seconds;
        r.findings.push_back(std::move(f));
        break;
      }
    }
    r.seconds = seconds_since(t0);
    sampler.after_case(r.seconds);
    if (options.on_case) options.on_case(r);
  }
  r.seconds = seconds_since(t0);
  sampler.finish(r.seconds);
  return r;
}

}  // namespace tf::fuzz
