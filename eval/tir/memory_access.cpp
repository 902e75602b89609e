// Checked element access of one thread (thread_runner.h): bounds, register ownership, races,
// pending cp.async writes and uninitialized reads, each reported as undefined behaviour.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstring>
#include <numeric>

#include "eval/tir/thread_runner.h"

namespace tf::eval::tir {

Accessor ThreadRunner::accessor() const {
  Accessor a;
  a.thread = t_.gid;
  a.cta = static_cast<std::uint32_t>(c_.index);
  a.block = static_cast<std::uint32_t>(g_.block);
  a.clocks = c_.clocks.data() + static_cast<std::size_t>(t_.pos.tid * g_.block);
  a.phase = g_.phase;
  a.site = m_.site_id(current_);
  a.launch = g_.launch;
  return a;
}

Result<Thread::Holding*> ThreadRunner::holding(const View& v) {
  // A thread's box in one distribution never changes: remembered per distribution (the module's
  // distributions are made once, so the pointer identifies it).
  for (Thread::Holding& h : t_.boxes)
    if (h.dist == v.dist.get()) return &h;
  Result<std::optional<LocalBox>> box = v.dist->place(t_.pos);
  if (!box.ok()) {
    Diagnostic d = box.diagnostics().front();
    d.location = m_.location_of(current_);
    return d;
  }
  t_.boxes.push_back(Thread::Holding{v.dist.get(), std::move(box).value(), std::nullopt});
  return &t_.boxes.back();
}

Result<std::optional<LocalBox>> ThreadRunner::box_of(const View& v) {
  Result<Thread::Holding*> h = holding(v);
  if (!h.ok()) return h.diagnostics();
  return (*h)->box;
}

Result<std::optional<ElementList>> ThreadRunner::held(const View& v) {
  if (Fault f = plain_operand(v)) return *f;
  if (!v.dist) {
    ElementList out(static_cast<std::size_t>(v.size));
    std::iota(out.begin(), out.end(), std::int64_t{0});
    return std::optional<ElementList>(std::move(out));
  }
  Result<Thread::Holding*> h = holding(v);
  if (!h.ok()) return h.diagnostics();
  if (!(*h)->box) return std::optional<ElementList>{};
  if (!(*h)->elements) (*h)->elements = v.dist->global_indices(*(*h)->box);
  return std::optional<ElementList>(*(*h)->elements);
}

Fault ThreadRunner::check_owned(const View& v, const ElementList& elements) {
  Result<Thread::Holding*> h = holding(v);
  if (!h.ok()) return h.diagnostics().front();
  // The elements of the thread's own box, in its order (what held() gives): all owned.
  if ((*h)->elements && *(*h)->elements == elements) return std::nullopt;
  for (std::int64_t e : elements)
    if (Fault f = check_registers(v, e, (*h)->box)) return f;
  return std::nullopt;
}

Result<std::optional<ElementList>> ThreadRunner::copied_elements(const View& src, const View& dst) {
  return held(dst.dist || !src.dist ? dst : src);
}

Result<std::int64_t> ThreadRunner::locate(const View& v, std::int64_t i, bool writes) {
  const std::int64_t off = v.map->offset(i);
  const Buffer& b = *v.buffer;
  if (off != ElementMap::kOutside && off >= 0 && off < b.count()) return off;
  // A view placed past the end of the memory it is a view of has no buffer offset for the
  // element: the report names the index that left the view it was placed over (view.h), and the
  // base buffer and its extent.
  std::string where;
  if (off == ElementMap::kOutside) {
    const std::optional<ElementMap::Overflow> o = v.map->overflow(i);
    if (o && !o->coordinates.empty())
      where = fmt::format("outside the memory it is a view of (at coordinates ({}) of {} {}), whose base is",
                          fmt::join(o->coordinates, ", "), o->view, shape_text(o->shape));
    else
      where = o ? fmt::format("past the end of the memory it is a view of (its index {} in {}, of {} elements), whose base is",
                              o->index, o->view, o->size)
                : "past the end of the memory it is a view of, whose base is";
  } else {
    where = off < 0 ? fmt::format("at element {} (byte {}), before the first element of", off, off * b.element_bytes())
                    : fmt::format("at element {} (byte {}), past the {} elements of", off, off * b.element_bytes(), b.count());
  }
  const std::string extent = off == ElementMap::kOutside || off < 0 ? fmt::format(" of {} elements", b.count()) : "";
  return ub_diagnostic(UbKind::OutOfBounds,
                       fmt::format("{} {} element {} of {} {}: {} {} buffer `{}`{}", thread_name(t_.pos),
                                   writes ? "writes" : "reads", i, v.name, shape_text(v.shape), where,
                                   space_name(b.space()), b.name(), extent),
                       m_.location_of(current_));
}

Fault ThreadRunner::check_registers(const View& v, std::int64_t i, const std::optional<LocalBox>& box) {
  if (box && v.dist->owns(*box, i)) return std::nullopt;
  return ub_diagnostic(UbKind::ForeignRegisters,
                       fmt::format("{} touches element {} of the register tensor {}, which another thread holds",
                                   thread_name(t_.pos), i, v.name),
                       m_.location_of(current_));
}

Diagnostic ThreadRunner::race_report(const View& v, std::int64_t offset, const RaceConflict& r, bool writes) {
  const Buffer& b = *v.buffer;
  const std::int64_t cta = r.earlier.thread / static_cast<std::uint32_t>(g_.block);
  ThreadPos other{cta, r.earlier.thread % static_cast<std::uint32_t>(g_.block), g_.grid, g_.block};
  const char* kind = writes ? (r.earlier_writes ? "write-write" : "write-after-read")
                            : "read-after-write";
  Diagnostic d = ub_diagnostic(
      UbKind::Race,
      fmt::format("{} race on {} `{}` element {} (byte {}): {} {} it, {} {} it, and no barrier orders the two{}",
                  kind, space_name(b.space()), b.name(), offset, offset * b.element_bytes(),
                  thread_name(other), r.earlier_writes ? "wrote" : "read", thread_name(t_.pos),
                  writes ? "writes" : "reads", cta == c_.index ? "" : " (different CTAs)"),
      m_.location_of(current_), m_.site_location(r.earlier.site),
      fmt::format("{} {} it here", thread_name(other), r.earlier_writes ? "wrote" : "read"));
  if (cta == c_.index) explain_partial_barrier(d, other);
  return d;
}

void ThreadRunner::explain_partial_barrier(Diagnostic& d, const ThreadPos& other) {
  const auto them = static_cast<std::uint32_t>(other.tid), me = static_cast<std::uint32_t>(t_.pos.tid);
  const BarrierPass* p = separating_barrier(c_.barriers, them, me);
  if (p == nullptr) return;
  const bool took_them = p->took(them);
  const ThreadPos& in = took_them ? other : t_.pos;
  const ThreadPos& out = took_them ? t_.pos : other;
  std::vector<std::uint32_t> gids = p->threads();
  for (std::uint32_t& tid : gids) tid += static_cast<std::uint32_t>(c_.index * g_.block);
  const std::string barrier = barrier_text(*p->site);
  const SourceLocation at = m_.location_of(p->site);
  d.message += fmt::format(": {} at {} waited for {} but leaves out {}: it takes {}", barrier, at.str(), thread_name(in),
                           thread_name(out), threads_text(g_, std::move(gids)));
  d.related.push_back(RelatedLocation{at, fmt::format("{} leaves out {}", barrier, thread_name(out))});
}

namespace {

// Copies element `from` of `src` to element `to` of `dst` (both of one simple dtype, `width`
// bytes per element, 0 for the packed f4e2m1).
inline void move_code(const std::uint8_t* src, std::int64_t from, std::uint8_t* dst, std::int64_t to, int width,
                      const Tensor& src_t, Tensor& dst_t) {
  switch (width) {
    case 1: dst[to] = src[from]; return;
    case 2: std::memcpy(dst + 2 * to, src + 2 * from, 2); return;
    case 4: std::memcpy(dst + 4 * to, src + 4 * from, 4); return;
    case 8: std::memcpy(dst + 8 * to, src + 8 * from, 8); return;
    default: dst_t.set_code(to, src_t.code(from)); return;
  }
}

}  // namespace

Result<Offsets> ThreadRunner::offsets_of(const View& v, const ElementList& elements, bool writes) {
  Offsets offs;
  // Consecutive elements at consecutive offsets (a thread's row of a row-major view): one run.
  const std::int64_t n = static_cast<std::int64_t>(elements.size());
  if (n > 1 && elements.back() - elements.front() == n - 1) {
    std::optional<std::int64_t> start = v.map->run(elements.front(), n);
    if (start && *start >= 0 && *start + n <= v.buffer->count()) {
      std::int64_t misplaced = 0;  // no early exit: the loop vectorizes
      const std::int64_t first = elements.front();
      for (std::int64_t k = 1; k < n; ++k) misplaced |= elements[static_cast<std::size_t>(k)] - first - k;
      if (misplaced == 0) {
        offs.start = *start;
        return offs;
      }
    }
  }
  if (n == 1) {  // one element: a run of one
    Result<std::int64_t> off = locate(v, elements[0], writes);
    if (!off.ok()) return off.diagnostics();
    offs.start = *off;
    return offs;
  }
  offs.list.resize(elements.size());
  v.map->offsets(elements.data(), elements.size(), offs.list.data());
  const std::int64_t count = v.buffer->count();
  for (std::size_t k = 0; k < offs.list.size(); ++k)
    if (offs.list[k] < 0 || offs.list[k] >= count) {
      Result<std::int64_t> bad = locate(v, elements[k], writes);
      if (!bad.ok()) return bad.diagnostics();
    }
  return offs;
}

Fault ThreadRunner::uninitialized_read(const View& v, const ElementList& elements, const Offsets& offs, ReadUse use) {
  const Buffer& b = *v.buffer;
  for (std::size_t k = 0; k < elements.size(); ++k) {
    const std::int64_t off = offs[k];
    if (b.initialized(off)) continue;
    Diagnostic d = ub_diagnostic(UbKind::Uninitialized,
                                 fmt::format("{} {} element {} of {} ({} `{}` element {}), which was never written",
                                             thread_name(t_.pos), use == ReadUse::Control ? "branches on" : "computes with",
                                             elements[k], v.name, space_name(b.space()), b.name(), off),
                                 m_.location_of(current_));
    if (use == ReadUse::Control) return d;
    if (!m_.pending_uninitialized) m_.pending_uninitialized = std::move(d);
    return std::nullopt;
  }
  return std::nullopt;
}

Fault ThreadRunner::record_races(const View& v, const Offsets& offs, std::int64_t n, const Accessor& a, bool writes) {
  Buffer& b = *v.buffer;
  if (offs.is_run()) {
    std::optional<RunConflict> r = writes ? record_write_run(b, offs.start, n, a) : record_read_run(b, offs.start, n, a);
    if (r) return race_report(v, r->element, r->conflict, writes);
    return std::nullopt;
  }
  for (std::int64_t off : offs.list)
    if (std::optional<RaceConflict> r = writes ? record_write(b, off, a) : record_read(b, off, a))
      return race_report(v, off, *r, writes);
  return std::nullopt;
}

Result<Gathered> ThreadRunner::gather(const View& v, const ElementList& elements, ReadUse use) {
  if (Fault f = plain_operand(v)) return *f;
  Buffer& b = *v.buffer;
  if (v.dist && b.space() == Space::Register)
    if (Fault f = check_owned(v, elements)) return *f;
  Result<Offsets> offs = offsets_of(v, elements, false);
  if (!offs.ok()) return offs.diagnostics();
  const std::int64_t n = static_cast<std::int64_t>(elements.size());
  const Accessor a = accessor();
  if (m_.options().check_races && b.shared())
    if (Fault f = record_races(v, *offs, n, a, false)) return *f;
  if (!b.async_tags().empty())
    for (std::int64_t k = 0; k < n; ++k)
      if (Fault f = check_async_read(b, (*offs)[static_cast<std::size_t>(k)], false, a.site)) return *f;
  if (use != ReadUse::Move && !(offs->is_run() && b.all_initialized(offs->start, n)))
    if (Fault f = uninitialized_read(v, elements, *offs, use)) return *f;
  Gathered out{Tensor::make_uninitialized(v.dtype, {n}), std::vector<std::uint8_t>(static_cast<std::size_t>(n))};
  const int width = element_bytes(v.dtype);
  const std::uint8_t* src = b.data().bytes().data();
  std::uint8_t* dst = out.values.mutable_bytes().data();
  if (offs->is_run() && n > 0) {
    std::memcpy(out.init.data(), b.init_bits() + offs->start, static_cast<std::size_t>(n));
    if (width > 0) {
      std::memcpy(dst, src + offs->start * width, static_cast<std::size_t>(n * width));
      return out;
    }
  }
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t off = (*offs)[static_cast<std::size_t>(k)];
    out.init[static_cast<std::size_t>(k)] = b.init_bits()[off];
    move_code(src, off, dst, k, width, b.data(), out.values);
  }
  return out;
}

Fault ThreadRunner::scatter(const View& v, const ElementList& elements, const Tensor& values,
                            const std::vector<std::uint8_t>* init) {
  if (Fault f = plain_operand(v)) return f;
  Buffer& b = *v.buffer;
  if (v.dist && b.space() == Space::Register)
    if (Fault f = check_owned(v, elements)) return f;
  Result<Offsets> offs = offsets_of(v, elements, true);
  if (!offs.ok()) return offs.diagnostics().front();
  const std::int64_t n = static_cast<std::int64_t>(elements.size());
  const Accessor a = accessor();
  if (m_.options().check_races && b.shared())
    if (Fault f = record_races(v, *offs, n, a, true)) return f;
  if (!b.async_tags().empty())
    for (std::int64_t k = 0; k < n; ++k)
      if (Fault f = check_async_read(b, (*offs)[static_cast<std::size_t>(k)], true, a.site)) return f;
  const int width = element_bytes(v.dtype);
  const std::uint8_t* src = values.bytes().data();
  std::uint8_t* dst = b.data().mutable_bytes().data();
  std::uint8_t* bits = b.init_bits();
  if (n == 0) return std::nullopt;  // nothing to move (and no null pointer to memcpy)
  if (offs->is_run() && width > 0) {
    std::memcpy(dst + offs->start * width, src, static_cast<std::size_t>(n * width));
    if (init) std::memcpy(bits + offs->start, init->data(), static_cast<std::size_t>(n));
    else std::memset(bits + offs->start, 1, static_cast<std::size_t>(n));
    return std::nullopt;
  }
  for (std::int64_t k = 0; k < n; ++k) {
    const std::int64_t off = (*offs)[static_cast<std::size_t>(k)];
    move_code(src, k, dst, off, width, values, b.data());
    bits[off] = init == nullptr || (*init)[static_cast<std::size_t>(k)] != 0 ? 1 : 0;
  }
  return std::nullopt;
}

}  // namespace tf::eval::tir
