#include "eval/tir/allocation_recorder.h"

#include <fmt/format.h>

#include <optional>

#include "eval/tir/thread_runner.h"
#include "eval/tir/view_contents.h"

namespace tf::eval::tir {
namespace {

using Copies = std::map<std::int64_t, std::pair<ThreadPos, ViewRef>>;

std::string unwritten_note(std::int64_t unwritten, std::int64_t size, std::int64_t first) {
  return fmt::format("{} of {} elements never written (shown as 0; the first is element {})", unwritten, size, first);
}

// A register tensor with a ShardLayout: each element from the threads that own it.
DumpedValue assembled(const Copies& copies) {
  const View& any = *copies.begin()->second.second;
  DumpedValue d;
  Tensor values = Tensor::make(any.dtype, any.shape);
  std::vector<std::int64_t> holder(static_cast<std::size_t>(any.size), -1);  // the thread that gave each element
  std::string differ;
  for (const auto& [gid, copy] : copies) {
    const auto& [pos, view] = copy;
    Result<std::optional<LocalBox>> box = view->dist->place(pos);
    if (!box.ok() || !*box) continue;
    const Buffer& b = *view->buffer;
    for (const std::int64_t i : view->dist->global_indices(**box)) {
      const std::int64_t off = view->map->offset(i);
      if (off == ElementMap::kOutside || !b.initialized(off)) continue;
      const std::uint64_t code = b.data().code(off);
      std::int64_t& from = holder[static_cast<std::size_t>(i)];
      if (from < 0) {
        values.set_code(i, code);
        from = gid;
      } else if (values.code(i) != code && differ.empty()) {
        differ = fmt::format("replicas differ: {} and {} hold different values of element {} (shown: the first's)",
                             thread_name(copies.at(from).first), thread_name(pos), i);
      }
    }
  }
  std::int64_t unwritten = 0, first = -1;
  for (std::size_t i = 0; i < holder.size(); ++i)
    if (holder[i] < 0 && unwritten++ == 0) first = static_cast<std::int64_t>(i);
  d.value = std::move(values);
  d.note = differ;
  if (unwritten > 0) d.note += (d.note.empty() ? "" : "; ") + unwritten_note(unwritten, any.size, first);
  return d;
}

// The first element at which two copies of one register tensor differ (value or being written),
// or -1.
std::int64_t first_difference(const View& a, const View& b) {
  for (std::int64_t i = 0; i < a.size; ++i) {
    const std::int64_t oa = a.map->offset(i), ob = b.map->offset(i);
    const bool wa = a.buffer->initialized(oa), wb = b.buffer->initialized(ob);
    if (wa != wb || (wa && a.buffer->data().code(oa) != b.buffer->data().code(ob))) return i;
  }
  return -1;
}

DumpedValue of_contents(const View& v) {
  ViewContents c = view_contents(v);
  DumpedValue d;
  d.value = std::move(c.values);
  if (c.unwritten > 0) d.note = unwritten_note(c.unwritten, v.size, c.first_unwritten);
  return d;
}

// A register tensor without a ShardLayout: the one copy every thread holds.
DumpedValue common_copy(const Copies& copies) {
  const auto& [first_pos, first] = copies.begin()->second;
  for (const auto& [gid, copy] : copies) {
    const std::int64_t i = first_difference(*first, *copy.second);
    if (i < 0) continue;
    DumpedValue d;
    d.note = fmt::format("no one value: a register tensor without a ShardLayout is each thread's own, and the {} "
                         "threads that ran it differ ({} and {} at element {})",
                         copies.size(), thread_name(first_pos), thread_name(copy.first), i);
    return d;
  }
  return of_contents(*first);
}

}  // namespace

void AllocationRecorder::observe(const AllocationEvent& e) {
  if (!names_.empty() && !names_.contains(e.let.var->name)) return;
  const View& v = *e.view;
  const std::size_t let = let_ids_.emplace(&e.let, let_ids_.size()).first->second;
  const std::string& name = e.let.var->name;
  const SourceLocation location = e.let.loc() ? *e.let.loc() : SourceLocation{};
  if (v.buffer->space() == Space::Register) {
    const auto key = std::make_tuple(&e.let, e.launch, e.call_path);
    auto [it, fresh] = by_register_site_.emplace(key, entries_.size());
    if (fresh) entries_.push_back(Entry{.let = let, .name = name, .location = location, .launch = e.launch});
    entries_[it->second].threads[e.thread.cta * e.thread.block + e.thread.tid] = {e.thread, e.view};
    return;
  }
  auto [it, fresh] = by_buffer_.emplace(v.buffer.get(), entries_.size());
  if (!fresh) return;  // another thread of the CTA or the launch: the same buffer
  entries_.push_back(Entry{.let = let,
                           .name = name,
                           .location = location,
                           .launch = e.launch,
                           .cta = v.buffer->space() == Space::Shared ? e.thread.cta : -1,
                           .view = e.view});
}

std::vector<DumpedValue> AllocationRecorder::finish() const {
  // What tells the tensors of one let apart: its launches and its CTAs (design note).
  std::map<std::size_t, std::set<std::uint64_t>> launches;
  std::map<std::size_t, std::set<std::int64_t>> ctas;
  for (const Entry& e : entries_) {
    launches[e.let].insert(e.launch);
    if (e.cta >= 0) ctas[e.let].insert(e.cta);
  }
  std::vector<DumpedValue> out;
  std::map<std::pair<std::size_t, std::string>, int> seen;
  std::map<std::pair<std::size_t, std::string>, int> total;
  std::vector<std::string> wheres;
  for (const Entry& e : entries_) {
    std::string where;
    const std::set<std::uint64_t>& ls = launches[e.let];
    if (ls.size() > 1) where = fmt::format("launch {}", std::distance(ls.begin(), ls.find(e.launch)) + 1);
    if (e.cta >= 0 && ctas[e.let].size() > 1) where += fmt::format("{}CTA {}", where.empty() ? "" : ", ", e.cta);
    ++total[{e.let, where}];
    wheres.push_back(std::move(where));
  }
  for (std::size_t k = 0; k < entries_.size(); ++k) {
    const Entry& e = entries_[k];
    DumpedValue d = e.view ? of_contents(*e.view)
                    : e.threads.begin()->second.second->dist ? assembled(e.threads)
                                                             : common_copy(e.threads);
    d.name = e.name;
    d.location = e.location;
    d.where = wheres[k];
    if (total[{e.let, wheres[k]}] > 1)
      d.where += fmt::format("{}execution {}", d.where.empty() ? "" : ", ", ++seen[{e.let, wheres[k]}]);
    out.push_back(std::move(d));
  }
  return out;
}

}  // namespace tf::eval::tir
