// The fiber scheduler behind cuda/emu/emu.h (its design note).
#include <fmt/format.h>

#include <boost/context/fiber.hpp>
#include <boost/context/protected_fixedsize_stack.hpp>
#include <cstring>
#include <deque>
#include <memory>
#include <new>
#include <optional>
#include <stdexcept>
#include <vector>

#include "cuda/emu/emu.h"
#include "cuda/emu/mma_m16n8k16.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
// Kernels compiled without the sanitizer (the modules tf run and the cuda-emu level load) run on
// fiber stacks whose frames ASan's fake stacks for use-after-return cannot follow (an internal
// CHECK fails): that one detection is off in sanitized builds; every other check stays.
extern "C" const char* __asan_default_options() { return "detect_stack_use_after_return=0"; }
#endif

namespace tf::emu {

namespace {

namespace bc = boost::context;

// AddressSanitizer's fiber annotations: every switch between stacks is announced, so that ASan
// knows which stack runs (else it reports false errors when an exception unwinds a fiber).
void switch_start(void** fake_stack, const void* bottom, std::size_t size) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_start_switch_fiber(fake_stack, bottom, size);
#else
  (void)fake_stack, (void)bottom, (void)size;
#endif
}
// A stack handed to a new fiber holds no shadow of the frames of its previous use.
void unpoison_stack(void* bottom, std::size_t size) {
#if defined(__SANITIZE_ADDRESS__)
  __asan_unpoison_memory_region(bottom, size);
#else
  (void)bottom, (void)size;
#endif
}
void switch_finish(void* fake_stack, const void** bottom, std::size_t* size) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(fake_stack, bottom, size);
#else
  (void)fake_stack, (void)bottom, (void)size;
#endif
}

// A kernel's trap or a primitive's misuse: unwinds the thread's fiber to its entry.
struct LaunchFailure {
  std::string message;
};

enum class WaitKind : std::uint8_t { None, Block, Warp, Named, Grid };

// One queued cp.async: performed at the wait that retires its group.
struct AsyncCopy {
  void* dst;
  const void* src;
  std::size_t bytes;
};

struct Thread {
  Dim3 tid, cta;
  unsigned linear = 0;      // index in the block
  std::size_t cta_slot = 0; // index of its CTA in the scheduler
  bc::fiber fiber;          // the suspended thread
  bc::fiber scheduler;      // the scheduler, while the thread runs
  bool runnable = true, exited = false;
  WaitKind wait = WaitKind::None;
  std::string waits_at;     // what it waits at, for a deadlock report
  std::uint64_t value = 0;  // its contribution to a warp exchange, then the result
  unsigned src = 0;         // the lane it reads in a shuffle
  const void* stack_bottom = nullptr;  // its fiber's stack, and the scheduler's (ASan's annotations)
  std::size_t stack_size = 0;
  const void* scheduler_bottom = nullptr;
  std::size_t scheduler_size = 0;
  MmaLane* mma = nullptr;   // its operands in an mma rendezvous
  std::vector<AsyncCopy> open_group;               // cp.async copies not committed yet
  std::deque<std::vector<AsyncCopy>> committed;    // committed groups, oldest first
};

// The fibers' stacks (guard-paged), kept for reuse by the OS thread's later launches and CTAs
// of the same stack size: mapping and protecting a fresh stack per GPU thread cost more than the
// threads' work in an elementwise kernel.
struct StackCache {
  std::size_t size = 0;
  std::vector<bc::stack_context> free;
  /// Releases the cached stacks and keeps stacks of `bytes` from now on.
  void reset(std::size_t bytes) {
    bc::protected_fixedsize_stack release(size);
    for (bc::stack_context& sc : free) release.deallocate(sc);
    free.clear();
    size = bytes;
  }
  ~StackCache() { reset(0); }
};
thread_local StackCache g_stacks;

// Each stack recorded in the thread it is allocated for (ASan's annotations need its bounds).
struct RecordingStack {
  bc::protected_fixedsize_stack inner;
  std::size_t size = 0;
  Thread* owner = nullptr;
  bc::stack_context allocate() {
    if (g_stacks.size != size) g_stacks.reset(size);  // another stack size: the cached ones do not fit
    bc::stack_context sc;
    if (!g_stacks.free.empty()) {
      sc = g_stacks.free.back();
      g_stacks.free.pop_back();
    } else {
      sc = inner.allocate();
    }
    owner->stack_bottom = static_cast<char*>(sc.sp) - sc.size;
    owner->stack_size = sc.size;
    unpoison_stack(static_cast<char*>(sc.sp) - sc.size, sc.size);
    return sc;
  }
  void deallocate(bc::stack_context& sc) noexcept { g_stacks.free.push_back(sc); }
};

// What a warp rendezvous computes when it completes.
enum class WarpOp : std::uint8_t { Sync, Shuffle, Ballot, Mma };

// An open rendezvous of lanes of one warp (sync_warp, a shuffle, a vote).
struct WarpRendezvous {
  unsigned mask = 0, arrived = 0;
  WarpOp op = WarpOp::Sync;
  std::vector<Thread*> lanes;
};

struct NamedBarrier {
  int count = 0;
  std::vector<Thread*> waiting;
};

struct Cta {
  Dim3 index;
  std::unique_ptr<std::uint64_t[]> arena;  // the shared memory, in 8-byte words (16-byte aligned by new)
  std::vector<Thread*> threads;
  int live = 0;
  std::vector<Thread*> at_block;  // waiting at __syncthreads
  NamedBarrier named[16];
  std::vector<std::vector<WarpRendezvous>> warps;  // open rendezvous per warp
};

struct Scheduler {
  EmuLaunch launch;
  std::vector<std::unique_ptr<Thread>> threads;
  std::vector<Cta> ctas;
  std::vector<Thread*> at_grid;
  std::int64_t live = 0;
  std::optional<LaunchFailure> failure;
};

thread_local Scheduler* g_scheduler = nullptr;
thread_local Thread* g_current = nullptr;
thread_local EmuBudget* g_budget = nullptr;
thread_local unsigned char* g_workspace = nullptr;

std::string dim_text(Dim3 d) { return fmt::format("({}, {}, {})", d.x, d.y, d.z); }

std::string who(const Thread& t) { return fmt::format("CTA {} thread {}", dim_text(t.cta), dim_text(t.tid)); }

Thread& current() {
  if (g_current == nullptr) throw LaunchFailure{"a device primitive was called outside a running kernel"};
  return *g_current;
}

// One step of the budget (design note): why the launch must end now, or nothing. `t` is the
// thread that takes it, for the report.
std::optional<std::string> spend_step(const Thread& t) {
  EmuBudget* b = g_budget;
  if (b == nullptr) return std::nullopt;
  ++b->steps;
  if (b->max_steps > 0 && b->steps > b->max_steps)
    return fmt::format("{}: the step budget of {} steps is spent (--max-steps; the emulation counts thread starts and resumptions, "
                       "barrier and warp-collective arrivals, and loop trips)",
                       who(t), b->max_steps);
  if ((b->steps & 0x3ff) == 0 && b->stop_requested && b->stop_requested()) return std::string("interrupted (Ctrl-C)");
  return std::nullopt;
}

// A step taken by the running thread: ends its launch when the budget says so.
void take_step() {
  if (std::optional<std::string> stop = spend_step(current())) throw LaunchFailure{std::move(*stop)};
}

// Host memory for the emulation's `what`, reserved with the budget before it is allocated and
// given back when this goes; `failure` says why not when the budget refuses it.
class Reservation {
 public:
  Reservation() = default;
  Reservation(const Reservation&) = delete;
  Reservation& operator=(const Reservation&) = delete;
  ~Reservation() {
    if (bytes_ > 0 && g_budget != nullptr && g_budget->release) g_budget->release(bytes_);
  }
  /// Reserves `count` x `each` bytes more; false (and `failure` set) when they do not fit.
  bool add(std::uint64_t count, std::uint64_t each, const std::string& what) {
    std::uint64_t bytes = 0;
    if (__builtin_mul_overflow(count, each, &bytes) || bytes > static_cast<std::uint64_t>(INT64_MAX)) {
      failure = fmt::format("{}: {} x {} bytes is more than a process can address", what, count, each);
      return false;
    }
    if (g_budget == nullptr || !g_budget->reserve) return true;
    if (std::string why = g_budget->reserve(static_cast<std::int64_t>(bytes), what); !why.empty()) {
      failure = std::move(why);
      return false;
    }
    bytes_ += static_cast<std::int64_t>(bytes);
    return true;
  }
  std::string failure;

 private:
  std::int64_t bytes_ = 0;
};

// Leaves the CPU until the thread is runnable again.
void block_current(WaitKind kind, std::string waits_at) {
  Thread& t = current();
  t.runnable = false;
  t.wait = kind;
  t.waits_at = std::move(waits_at);
  void* fake = nullptr;
  switch_start(&fake, t.scheduler_bottom, t.scheduler_size);
  t.scheduler = std::move(t.scheduler).resume();
  switch_finish(fake, &t.scheduler_bottom, &t.scheduler_size);
  if (g_scheduler->failure) throw LaunchFailure{*g_scheduler->failure};  // another thread ended the launch
}

void release(const std::vector<Thread*>& ts) {
  for (Thread* t : ts) {
    t->runnable = true;
    t->wait = WaitKind::None;
  }
}

// Completes the CTA's block barrier when every live thread has arrived.
void try_block_barrier(Cta& cta) {
  if (cta.at_block.empty() || static_cast<int>(cta.at_block.size()) < cta.live) return;
  std::vector<Thread*> done;
  done.swap(cta.at_block);
  release(done);
}

void try_grid_barrier(Scheduler& s) {
  if (s.at_grid.empty() || static_cast<std::int64_t>(s.at_grid.size()) < s.live) return;
  std::vector<Thread*> done;
  done.swap(s.at_grid);
  release(done);
}

void on_exit(Thread& t) {
  Scheduler& s = *g_scheduler;
  t.exited = true;
  t.runnable = false;
  --s.live;
  Cta& cta = s.ctas[t.cta_slot];
  --cta.live;
  if (!s.failure && (!t.open_group.empty() || !t.committed.empty()))
    s.failure = LaunchFailure{fmt::format("{} exited with cp.async copies not waited for", who(t))};
  try_block_barrier(cta);
  try_grid_barrier(s);
}

// Joins (or opens) the rendezvous of `mask` in the calling thread's warp; returns when every
// lane of the mask has arrived. t.value holds the lane's contribution before and, after, the
// result, computed by the last lane to arrive before any lane moves on: for a shuffle the
// contribution of the lane t.src names (its own when that lane is not in the mask), for a
// ballot the mask of the lanes whose contribution is not 0.
void warp_rendezvous(unsigned mask, WarpOp op) {
  Thread& t = current();
  take_step();
  Cta& cta = g_scheduler->ctas[t.cta_slot];
  const unsigned lane = t.linear % 32, warp = t.linear / 32;
  if ((mask >> lane & 1u) == 0)
    throw LaunchFailure{fmt::format("{} calls a warp primitive with mask {:#010x}, which does not name its lane {}", who(t), mask, lane)};
  const unsigned first = warp * 32;
  for (unsigned l = 0; l < 32; ++l)
    if ((mask >> l & 1u) != 0 && (first + l >= cta.threads.size() || cta.threads[first + l]->exited))
      throw LaunchFailure{fmt::format("{}: the warp mask {:#010x} names lane {}, which {}", who(t), mask, l,
                                      first + l >= cta.threads.size() ? "does not exist" : "has exited")};
  std::vector<WarpRendezvous>& open = cta.warps[warp];
  WarpRendezvous* r = nullptr;
  // Lanes meet at the rendezvous of the same mask and primitive; a lane that reaches another
  // (a mask its partners do not use) waits there, and a deadlock report names it.
  for (WarpRendezvous& o : open)
    if (o.mask == mask && o.op == op) r = &o;
  if (r == nullptr) r = &open.emplace_back(WarpRendezvous{mask, 0, op, {}});
  r->arrived |= 1u << lane;
  r->lanes.push_back(&t);
  if (r->arrived != mask) {
    block_current(WaitKind::Warp, fmt::format("a warp rendezvous of mask {:#010x}", mask));
    return;
  }
  // The last lane completes it: every lane's result is read now, before anyone moves on.
  std::vector<Thread*> lanes = std::move(r->lanes);
  open.erase(open.begin() + (r - open.data()));
  if (op == WarpOp::Shuffle) {
    std::uint64_t by_lane[32] = {};
    for (Thread* l : lanes) by_lane[l->linear % 32] = l->value;
    for (Thread* l : lanes) l->value = (mask >> l->src & 1u) != 0 ? by_lane[l->src] : l->value;
  } else if (op == WarpOp::Ballot) {
    std::uint64_t ballot = 0;
    for (Thread* l : lanes) ballot |= l->value != 0 ? std::uint64_t{1} << (l->linear % 32) : 0;
    for (Thread* l : lanes) l->value = ballot;
  } else if (op == WarpOp::Mma) {
    MmaLane* by_lane[32] = {};
    for (Thread* l : lanes) by_lane[l->linear % 32] = l->mma;
    mma_m16n8k16_bf16(by_lane);
  }
  release(lanes);
}

// Runs thread `t` until it waits or exits.
void resume(Thread& t) {
  g_current = &t;
  void* fake = nullptr;
  switch_start(&fake, t.stack_bottom, t.stack_size);
  t.fiber = std::move(t.fiber).resume();
  switch_finish(fake, nullptr, nullptr);
  g_current = nullptr;
}

// Runs every thread of `s` until all exit, one fails, or none can go on.
void schedule(Scheduler& s) {
  for (;;) {
    bool ran = false;
    for (const std::unique_ptr<Thread>& t : s.threads) {
      if (!t->runnable) continue;
      ran = true;
      if (std::optional<std::string> stop = spend_step(*t)) {  // a thread start or resumption is a step
        s.failure = LaunchFailure{std::move(*stop)};
        return;
      }
      resume(*t);
      if (s.failure) return;
    }
    if (s.live == 0) return;
    if (!ran) {
      std::string list;
      int shown = 0;
      for (const std::unique_ptr<Thread>& t : s.threads) {
        if (t->exited) continue;
        if (shown++ < 8) list += fmt::format("\n  {} waits at {}", who(*t), t->waits_at);
      }
      if (shown > 8) list += fmt::format("\n  ... and {} more", shown - 8);
      s.failure = LaunchFailure{fmt::format("deadlock: {} thread(s) wait and none can complete its barrier:{}", shown, list)};
      return;
    }
  }
}

std::uint64_t volume(Dim3 d) { return std::uint64_t{d.x} * d.y * d.z; }

Dim3 unflatten(std::uint64_t i, Dim3 d) {
  return Dim3{static_cast<unsigned>(i % d.x), static_cast<unsigned>(i / d.x % d.y), static_cast<unsigned>(i / d.x / d.y)};
}

// Creates the threads of the CTAs [first, first + count) of `launch` in `s` (the CTAs' arenas,
// the threads, their fibers on stacks of `stacks`). Throws what an allocation throws.
void create_ctas(Scheduler& s, const EmuLaunch& launch, const std::function<void()>& kernel, std::uint64_t first, std::uint64_t count,
                 RecordingStack& stacks) {
  const std::uint64_t block = volume(launch.block);
  s.ctas.resize(count);
  s.threads.reserve(count * block);  // no push_back below can throw
  for (std::uint64_t c = 0; c < count; ++c) {
    Cta& cta = s.ctas[c];
    cta.threads.reserve(block);
    cta.index = unflatten(first + c, launch.grid);
    cta.arena = std::make_unique<std::uint64_t[]>((launch.shared_bytes + 15) / 8 + 2);
    cta.warps.resize((block + 31) / 32);
    for (std::uint64_t i = 0; i < block; ++i) {
      auto t = std::make_unique<Thread>();
      t->tid = unflatten(i, launch.block);
      t->cta = cta.index;
      t->linear = static_cast<unsigned>(i);
      t->cta_slot = c;
      Thread* self = t.get();
      stacks.owner = self;
      t->fiber = bc::fiber(std::allocator_arg, stacks, [self, &kernel, &s](bc::fiber&& sched) {
        switch_finish(nullptr, &self->scheduler_bottom, &self->scheduler_size);
        self->scheduler = std::move(sched);
        try {
          if (!s.failure) kernel();  // a thread first run after the launch failed only exits
        } catch (const bc::detail::forced_unwind&) {
          throw;  // the fiber is being destroyed: let Boost unwind it
        } catch (const LaunchFailure& f) {
          if (!s.failure) s.failure = f;
        } catch (const std::exception& e) {
          if (!s.failure) s.failure = LaunchFailure{fmt::format("{} threw: {}", who(*self), e.what())};
        }
        on_exit(*self);
        switch_start(nullptr, self->scheduler_bottom, self->scheduler_size);  // this fiber ends
        return std::move(self->scheduler);
      });
      cta.threads.push_back(t.get());
      ++cta.live;
      ++s.live;
      s.threads.push_back(std::move(t));
    }
  }
}

// Runs the CTAs [first, first + count) of `launch` in one scheduler.
EmuResult run_ctas(const EmuLaunch& launch, const std::function<void()>& kernel, std::uint64_t first, std::uint64_t count) {
  const std::uint64_t block = volume(launch.block);
  // What the scheduler allocates, reserved with the budget first: the shared arenas, the fibers'
  // stacks (with their guard page) and each thread's bookkeeping.
  Reservation memory;
  if (!memory.add(count, ((launch.shared_bytes + 15) / 8 + 2) * 8, fmt::format("the shared-memory arenas of {} CTA(s)", count)) ||
      !memory.add(count * block, launch.stack_bytes + 4096 + sizeof(Thread) + sizeof(bc::fiber),
                  fmt::format("the stacks of {} thread(s) of {} bytes each", count * block, launch.stack_bytes)))
    return EmuResult{false, memory.failure};
  Scheduler s;
  s.launch = launch;
  RecordingStack stacks{bc::protected_fixedsize_stack(launch.stack_bytes), launch.stack_bytes, nullptr};
  g_scheduler = &s;
  try {
    create_ctas(s, launch, kernel, first, count, stacks);
  } catch (const std::bad_alloc&) {
    s.failure = LaunchFailure{fmt::format("the host could not allocate the {} thread(s) of {} CTA(s) (stacks of {} bytes, arenas of {} "
                                          "bytes)",
                                          count * block, count, launch.stack_bytes, launch.shared_bytes)};
  } catch (const std::length_error&) {
    s.failure = LaunchFailure{fmt::format("the {} thread(s) of {} CTA(s) are more than the host can hold", count * block, count)};
  }
  if (!s.failure) schedule(s);
  // After a failure every thread still suspended (or never run) is resumed to unwind to its
  // entry and exit, so that no fiber is destroyed mid-kernel.
  if (s.failure)
    for (const std::unique_ptr<Thread>& t : s.threads)
      if (!t->exited) resume(*t);
  g_scheduler = nullptr;
  EmuResult out;
  if (s.failure) {
    out.ok = false;
    out.message = s.failure->message;
  }
  return out;
}

// One launch (run() without its bookkeeping).
EmuResult run_launch(const EmuLaunch& launch, const std::function<void()>& kernel) {
  const std::uint64_t ctas = volume(launch.grid), block = volume(launch.block);
  if (ctas == 0 || block == 0)
    return EmuResult{false, fmt::format("an empty launch: a grid of {} x {} x {} CTAs of {} x {} x {} threads", launch.grid.x, launch.grid.y,
                                        launch.grid.z, launch.block.x, launch.block.y, launch.block.z)};
  if (block > 1024) return EmuResult{false, fmt::format("a block of {} threads; CUDA allows at most 1,024", block)};
  // The global workspace, reserved with the budget and then allocated (zeroed, 16-byte aligned).
  Reservation memory;
  if (!memory.add(1, launch.workspace_bytes, fmt::format("the launch's global workspace of {} bytes", launch.workspace_bytes)))
    return EmuResult{false, memory.failure};
  std::unique_ptr<std::uint64_t[]> workspace;
  try {
    workspace = std::make_unique<std::uint64_t[]>((launch.workspace_bytes + 7) / 8 + 2);
  } catch (const std::bad_alloc&) {
    return EmuResult{false, fmt::format("the host could not allocate the launch's global workspace of {} bytes", launch.workspace_bytes)};
  }
  g_workspace = reinterpret_cast<unsigned char*>(workspace.get());
  struct Unset {
    ~Unset() { g_workspace = nullptr; }
  } unset;
  if (launch.cooperative) return run_ctas(launch, kernel, 0, ctas);
  for (std::uint64_t c = 0; c < ctas; ++c) {
    EmuResult r = run_ctas(launch, kernel, c, 1);
    if (!r.ok) return r;
  }
  return {};
}

}  // namespace

void set_budget(EmuBudget* budget) { g_budget = budget; }

EmuResult run(const EmuLaunch& launch, const std::function<void()>& kernel) {
  if (g_scheduler != nullptr) return EmuResult{false, "a launch inside a running kernel"};
  if (g_budget != nullptr) ++g_budget->launches;
  // A stop request is read every 1,024 steps, and before every launch (a short one takes fewer).
  EmuResult r = g_budget != nullptr && g_budget->stop_requested && g_budget->stop_requested() ? EmuResult{false, "interrupted (Ctrl-C)"}
                                                                                              : run_launch(launch, kernel);
  if (!r.ok && g_budget != nullptr) g_budget->failed_launch = g_budget->launches;
  return r;
}

Dim3 thread_idx() { return current().tid; }
Dim3 block_idx() { return current().cta; }
Dim3 block_dim() { return g_scheduler->launch.block; }
Dim3 grid_dim() { return g_scheduler->launch.grid; }
unsigned lane_id() { return current().linear % 32; }

unsigned char* shared_arena() {
  // 16-byte alignment: new[] of 8-byte words gives at least 16 on x86-64 (__STDCPP_DEFAULT_NEW_ALIGNMENT__).
  return reinterpret_cast<unsigned char*>(g_scheduler->ctas[current().cta_slot].arena.get());
}

unsigned char* workspace() {
  current();  // only from a running kernel
  return g_workspace;
}

void loop_trip() { take_step(); }

void loop_begin(std::uint64_t trips) {
  const Thread& t = current();
  const EmuBudget* b = g_budget;
  if (b == nullptr || b->max_steps <= 0) return;
  const std::uint64_t left = b->max_steps > b->steps ? static_cast<std::uint64_t>(b->max_steps - b->steps) : 0;
  if (trips > left)
    throw LaunchFailure{fmt::format("{}: a loop of {} trips, more than the {} steps left (--max-steps)", who(t), trips, left)};
}

void sync_block() {
  Thread& t = current();
  take_step();
  Cta& cta = g_scheduler->ctas[t.cta_slot];
  cta.at_block.push_back(&t);
  const std::size_t before = cta.at_block.size();
  try_block_barrier(cta);
  if (cta.at_block.size() == before) block_current(WaitKind::Block, "__syncthreads()");
}

void sync_warp(unsigned mask) { warp_rendezvous(mask, WarpOp::Sync); }

void bar_sync(int id, int count) {
  Thread& t = current();
  take_step();
  Cta& cta = g_scheduler->ctas[t.cta_slot];
  if (id < 0 || id > 15) throw LaunchFailure{fmt::format("{}: bar.sync {}: ids are 0..15", who(t), id)};
  if (count <= 0 || count > static_cast<int>(cta.threads.size()))
    throw LaunchFailure{fmt::format("{}: bar.sync {}, {}: the count must be 1..{} (the block)", who(t), id, count, cta.threads.size())};
  NamedBarrier& b = cta.named[id];
  if (!b.waiting.empty() && b.count != count)
    throw LaunchFailure{fmt::format("{} arrives at bar.sync {} with count {} while {} thread(s) wait there with count {}", who(t), id,
                                    count, b.waiting.size(), b.count)};
  b.count = count;
  b.waiting.push_back(&t);
  if (static_cast<int>(b.waiting.size()) < count) {
    block_current(WaitKind::Named, fmt::format("bar.sync {}, {}", id, count));
    return;
  }
  std::vector<Thread*> done;
  done.swap(b.waiting);
  release(done);
}

void grid_sync() {
  Thread& t = current();
  take_step();
  Scheduler& s = *g_scheduler;
  if (!s.launch.cooperative) throw LaunchFailure{fmt::format("{}: grid_sync in a launch that is not cooperative", who(t))};
  s.at_grid.push_back(&t);
  const std::size_t before = s.at_grid.size();
  try_grid_barrier(s);
  if (s.at_grid.size() == before) block_current(WaitKind::Grid, "the grid barrier");
}

void trap(const char* why) {
  Thread& t = current();
  throw LaunchFailure{fmt::format("{} trapped: {}", who(t), why)};
}

std::uint64_t warp_exchange(unsigned mask, std::uint64_t bits, int src_lane) {
  Thread& t = current();
  t.value = bits;
  t.src = static_cast<unsigned>(src_lane) & 31u;
  warp_rendezvous(mask, WarpOp::Shuffle);
  return t.value;
}

void mma_m16n8k16_bf16(float* d, const std::uint16_t* a, const std::uint16_t* b, const float* c) {
  Thread& t = current();
  MmaLane lane;
  lane.a = a;
  lane.b = b;
  lane.c = c;
  t.mma = &lane;
  warp_rendezvous(0xffffffffu, WarpOp::Mma);  // mma.sync.aligned: the whole warp
  t.mma = nullptr;
  std::memcpy(d, lane.d, sizeof lane.d);
}

void cp_async(void* dst, const void* src, std::size_t bytes) { current().open_group.push_back(AsyncCopy{dst, src, bytes}); }

void cp_async_commit() {
  Thread& t = current();
  t.committed.push_back(std::move(t.open_group));
  t.open_group.clear();
}

void cp_async_wait(int n) {
  Thread& t = current();
  while (static_cast<int>(t.committed.size()) > std::max(n, 0)) {
    for (const AsyncCopy& c : t.committed.front()) std::memcpy(c.dst, c.src, c.bytes);
    t.committed.pop_front();
  }
}

bool vote_all(unsigned mask, bool predicate) { return (vote_ballot(mask, predicate) & mask) == mask; }
bool vote_any(unsigned mask, bool predicate) { return vote_ballot(mask, predicate) != 0; }

unsigned vote_ballot(unsigned mask, bool predicate) {
  Thread& t = current();
  t.value = predicate ? 1 : 0;
  warp_rendezvous(mask, WarpOp::Ballot);
  return static_cast<unsigned>(t.value);
}

}  // namespace tf::emu

extern "C" void tf_emu_set_budget(tf::emu::EmuBudget* budget) { tf::emu::set_budget(budget); }
