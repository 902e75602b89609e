#include "fuzz/gen/race_free_kernel_gen.h"

#include <fmt/format.h>

#include <ostream>
#include <string>

#include "ir/support/testing/pick.h"

namespace tf::fuzz {

std::vector<TirStmt>& block_of(std::vector<TirStmt>& stmts, const StmtPath& path) {
  std::vector<TirStmt>* level = &stmts;
  for (std::size_t i = 0; i + 1 < path.size(); ++i) level = &level->at(path[i]).body;
  return *level;
}

TirStmt& stmt_at(std::vector<TirStmt>& stmts, const StmtPath& path) { return block_of(stmts, path).at(path.back()); }

void erase_stmt(std::vector<TirStmt>& stmts, const StmtPath& path) {
  std::vector<TirStmt>& level = block_of(stmts, path);
  level.erase(level.begin() + static_cast<std::ptrdiff_t>(path.back()));
}

namespace {

constexpr int kNamedBarrierSites = 15;  // ids 1-15; id 0 is __syncthreads()

TirStmt line(std::string text) { return TirStmt{std::move(text), false, {}}; }

StmtPath path_to(const StmtPath& at, std::size_t index) {
  StmtPath p = at;
  p.push_back(index);
  return p;
}

// The statements of a race-free kernel (header comment).
class RaceFreeBuilder {
 public:
  /// `warps` is the block mesh's first extent when the mesh is (warps, 32) and exchanges within
  /// groups are wanted, else 0; helpers go to `helpers`.
  RaceFreeBuilder(std::int64_t rows, std::int64_t threads, std::int64_t cols, std::int64_t warps, RaceFreeOptions opts,
                  std::vector<TirFunc>& helpers)
      : rows_(rows), b_(threads), p_(cols), w_(warps), opts_(opts), helpers_(helpers) {}

  std::vector<TirStmt> body(std::vector<StmtPath>& needed) {
    std::vector<TirStmt> out;
    for (const char* x : {"x0", "x1", "out"}) {
      out.push_back(line(fmt::format("let {0}c = tensor_view({0}, layout=GC)", x)));
      out.push_back(line(fmt::format("let {0}v = tensor_view({0}c, layout=TB)", x)));
    }
    registers_.push_back(fresh_register(out));
    out.push_back(line(fmt::format("copy(x0v, {})", registers_.back())));
    registers_.push_back(fresh_register(out));
    out.push_back(line(fmt::format("copy(x1v, {})", registers_.back())));
    const int steps = pick<int>(1, 9);
    for (int s = 0; s < steps; ++s) step(out, needed);
    if (one_in(3)) {
      // Through this thread's own rows of shared memory (rmem -> smem -> gmem; no sync needed).
      const int x = next_++;
      out.push_back(line(fmt::format("let o{} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, storage=smem])", x, b_, p_)));
      out.push_back(line(fmt::format("let ov{0} = tensor_view(o{0}, layout=TB)", x)));
      out.push_back(line(fmt::format("copy({}, ov{})", registers_.back(), x)));
      out.push_back(line(fmt::format("copy(ov{}, outv)", x)));
    } else {
      out.push_back(line(fmt::format("copy({}, outv)", registers_.back())));
    }
    return out;
  }

 private:
  std::string fresh_register(std::vector<TirStmt>& out) {
    const std::string r = fmt::format("r{}", next_++);
    out.push_back(line(fmt::format("let {} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, layout=R, storage=rmem])", r, b_, p_)));
    return r;
  }

  void step(std::vector<TirStmt>& out, std::vector<StmtPath>& needed) {
    const std::string a = element(registers_), c = element(registers_);
    const int kind = pick<int>(0, 10);
    if (kind < 5) {
      if (kind == 4) {
        TirStmt loop{fmt::format("for i{} in range(0, {}, 1)", next_++, pick<int>(0, 4)), true, {}};
        loop.body.push_back(line(fmt::format("binary({0}, {1}, {0}, kind={2})", a, c, element<std::string>({"add", "max", "min"}))));
        out.push_back(loop);
        return;
      }
      const std::string r = fresh_register(out);
      if (kind == 0)
        out.push_back(line(fmt::format("binary({}, {}, {}, kind={})", a, c, r, element<std::string>({"add", "sub", "mul", "max", "min"}))));
      else if (kind == 1 && one_in(4))
        out.push_back(line(fmt::format("copy({}, {})", a, r)));  // rmem -> rmem
      else if (kind == 1)
        out.push_back(line(fmt::format("unary({}, {}, kind={})", a, r, element<std::string>({"neg", "abs"}))));
      else if (kind == 2)
        out.push_back(line(fmt::format("relu({}, {})", a, r)));
      else
        out.push_back(line(fmt::format("fill({}, {})", r, element<std::string>({"0.0", "1.5", "-2.0"}))));
      registers_.push_back(r);
      return;
    }
    // An exchange into a fresh register: of an input's rows staged by cp.async (7), within
    // slices of the block (6, 8, 9, when the block is (warps, 32)), or of a register through
    // shared memory.
    const std::string r = fresh_register(out);
    const auto exchange_into = [&](std::vector<TirStmt>& where, const StmtPath& at) {
      if (kind == 7) return exchange(where, at, needed, one_in(2) ? "x0v" : "x1v", r, true);
      if ((kind == 6 || kind == 8 || kind == 9) && w_ > 0) return group_exchange(where, at, needed, a, r);
      exchange(where, at, needed, a, r, false);
    };
    if (opts_.loops && one_in(3)) {
      const int trips = pick<int>(1, 4);
      const StmtPath at{out.size()};
      TirStmt loop{fmt::format("for i{} in range(0, {}, 1)", next_++, trips), true, {}};
      if (trips >= 2) needed.push_back(path_to(at, 0));
      loop.body.push_back(line("sync(t)"));
      exchange_into(loop.body, at);
      out.push_back(std::move(loop));
    } else {
      exchange_into(out, {});
    }
    registers_.push_back(r);
  }

  // `body` as a device helper the kernel calls (sometimes through a second helper): the call.
  std::string helper_call(std::vector<TirStmt> body) {
    const auto add = [&](std::vector<TirStmt> stmts) {
      const std::string name = fmt::format("bar{}", next_++);
      TirFunc f{fmt::format("prim_func {}(x0: Tensor[({}, {}), f32]) outputs=0 target=cuda", name, rows_, p_), {}};
      TirStmt scope{"with block as h", true, std::move(stmts)};
      f.body.push_back(std::move(scope));
      helpers_.push_back(std::move(f));
      return fmt::format("@{}(x0)", name);
    };
    std::string call = add(std::move(body));
    if (one_in(4)) call = add({line(call)});
    return call;
  }

  // Each thread writes `source`'s rows to both halves of a fresh shared buffer (by copy, or by
  // copy_async then commit and wait 0), `sync(t)` (or a helper holding it), then reads the rows
  // k threads on into `r`. Statements go to `out`, whose place in the block is `at`.
  void exchange(std::vector<TirStmt>& out, const StmtPath& at, std::vector<StmtPath>& needed, const std::string& source,
                const std::string& r, bool async) {
    const int x = next_++;
    const std::int64_t k = pick<std::int64_t>(1, b_);
    out.push_back(line(fmt::format("let s{} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, storage=smem])", x, 2 * b_, p_)));
    out.push_back(line(fmt::format("let lo{} = tensor_view(s{}, layout=Layout(({}, {}), ({}, 1)))", x, x, b_, p_, p_)));
    out.push_back(line(fmt::format("let hi{} = tensor_view(s{}, layout=ComposedLayout(inner=None, offset={}, outer=Layout(({}, {}), ({}, 1))))",
                                   x, x, b_ * p_, b_, p_, p_)));
    // The rows k on are read through a static offset, or through a window at a run-time start
    // (the index of a one-trip loop from k: TensorView start coordinates).
    const bool window = one_in(2);
    if (!window)
      out.push_back(line(fmt::format("let sh{} = tensor_view(s{}, layout=ComposedLayout(inner=None, offset={}, outer=Layout(({}, {}), ({}, 1))))",
                                     x, x, k * p_, b_, p_, p_)));
    const char* copy = async ? "copy_async" : "copy";
    std::string from = source;
    if (!async && one_in(3)) {  // staged through this thread's own rows of another buffer: smem -> smem
      out.push_back(line(fmt::format("let st{} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, storage=smem])", x, b_, p_)));
      out.push_back(line(fmt::format("let stv{0} = tensor_view(st{0}, layout=TB)", x)));
      out.push_back(line(fmt::format("copy({}, stv{})", source, x)));
      from = fmt::format("stv{}", x);
    }
    out.push_back(line(fmt::format("let wlo{0} = tensor_view(lo{0}, layout=TB)", x)));
    out.push_back(line(fmt::format("{}({}, wlo{})", copy, from, x)));
    out.push_back(line(fmt::format("let whi{0} = tensor_view(hi{0}, layout=TB)", x)));
    out.push_back(line(fmt::format("{}({}, whi{})", copy, from, x)));
    if (async) {
      out.push_back(line("cp_async_commit()"));
      out.push_back(line("cp_async_wait(n=0)"));
    }
    needed.push_back(path_to(at, out.size()));
    if (opts_.device_calls && one_in(3))
      out.push_back(line(helper_call({line(one_in(2) ? "sync(block)" : "sync(h)")})));
    else
      out.push_back(line("sync(t)"));
    std::vector<TirStmt>* read = &out;
    if (window) {
      out.push_back(TirStmt{fmt::format("for k{} in range({}, {}, 1)", x, k, k + 1), true, {}});
      read = &out.back().body;
      read->push_back(line(fmt::format("let sh{0} = tensor_view(s{0}, k{0}, 0, layout=Layout(({1}, {2}), ({2}, 1)))", x, b_, p_)));
    }
    read->push_back(line(fmt::format("let rd{0} = tensor_view(sh{0}, layout=TB)", x)));
    read->push_back(line(fmt::format("copy(rd{}, {})", x, r)));
  }

  // An exchange within groups: the block mesh (W, 32) cut into boxes of gw warps by gl lanes (a
  // half warp: __syncwarp with a mask; a warp: __syncwarp; some warps: a named barrier; all: the
  // block barrier). Group g's 2S rows of a fresh shared buffer (S = gw * gl) hold its members'
  // rows twice; member q writes rows q and S + q of its group, each group syncs over its own box
  // (`with block[box] as .. { sync(block[box]) }`, in the kernel or in a helper), then member q
  // reads row q + k, 1 <= k < S (another member's), into `r`.
  // The thread of row i = l + 32 w (blocked placement, docs/layouts.md) is member
  // (w mod gw) gl + (l mod gl) of group (w / gw, l / gl): the views below are that decomposition,
  // leaves slowest first (a tensor_view of a plain Layout has the layout's flat shape, and the
  // (B, p) view over it reads it row-major).
  void group_exchange(std::vector<TirStmt>& out, const StmtPath& at, std::vector<StmtPath>& needed, const std::string& source,
                      const std::string& r) {
    const std::int64_t gl = one_in(3) ? 16 : 32;
    std::vector<std::int64_t> gws{1};
    if (gl == 32)
      for (std::int64_t g = 2; g <= w_; g *= 2)  // runs of g < W warps take W / g named barriers
        if (g == w_ || named_sites_ + w_ / g <= kNamedBarrierSites) gws.push_back(g);
    const std::int64_t gw = element(gws), group = gw * gl, k = pick<std::int64_t>(1, group);
    if (gw > 1 && gw < w_) named_sites_ += static_cast<int>(w_ / gw);
    const int x = next_++;
    const std::string grouped = fmt::format("Layout(({}, {}, {}, {}, {}), ({}, {}, {}, {}, 1))", w_ / gw, gw, 32 / gl, gl, p_,
                                            2 * group * (32 / gl) * p_, gl * p_, 2 * group * p_, p_);
    const auto view = [&](const std::string& name, std::int64_t offset) {
      out.push_back(line(fmt::format("let {}{} = tensor_view(s{}, layout=ComposedLayout(inner=None, offset={}, outer={}))", name, x,
                                     x, offset * p_, grouped)));
      out.push_back(line(fmt::format("let {0}t{1} = tensor_view({0}{1}, layout=TB)", name, x)));
    };
    out.push_back(line(fmt::format("let s{} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, storage=smem])", x, 2 * b_, p_)));
    view("glo", 0);
    out.push_back(line(fmt::format("copy({}, glot{})", source, x)));
    view("ghi", group);
    out.push_back(line(fmt::format("copy({}, ghit{})", source, x)));
    std::vector<TirStmt> scopes;
    for (std::int64_t w0 = 0; w0 < w_; w0 += gw)
      for (std::int64_t l0 = 0; l0 < 32; l0 += gl) {
        const std::string box = fmt::format("block[{}:{}, {}:{}]", w0, w0 + gw, l0, l0 + gl);
        TirStmt scope{fmt::format("with {} as q{}_{}_{}", box, x, w0, l0), true, {}};
        scope.body.push_back(line(fmt::format("sync({})", box)));
        scopes.push_back(std::move(scope));
      }
    if (opts_.device_calls && one_in(4)) {  // every group's scope in one helper
      needed.push_back(path_to(at, out.size()));
      out.push_back(line(helper_call(std::move(scopes))));
    } else {
      // Each group's scope in the kernel or in a helper of its own (one group's named barrier in
      // a helper, live beside another group's in the kernel). Deleting any one of them leaves
      // that group's reads unordered after its writes.
      needed.push_back(path_to(at, out.size() + static_cast<std::size_t>(pick<std::size_t>(0, scopes.size()))));
      for (TirStmt& s : scopes) out.push_back(opts_.device_calls && one_in(2) ? line(helper_call({std::move(s)})) : std::move(s));
    }
    view("grd", k);
    out.push_back(line(fmt::format("copy(grdt{}, {})", x, r)));
  }

  std::int64_t rows_, b_, p_, w_;
  RaceFreeOptions opts_;
  std::vector<TirFunc>& helpers_;
  std::vector<std::string> registers_;
  int next_ = 0, named_sites_ = 0;
};

}  // namespace

rc::Gen<RaceFreeKernel> gen_race_free_kernel(RaceFreeOptions opts) {
  return rc::gen::exec([opts] {
    RaceFreeKernel k;
    const std::int64_t ctas = pick<std::int64_t>(1, 4);
    const std::int64_t threads = element<std::int64_t>({32, 64, 128});
    const std::int64_t cols = pick<std::int64_t>(1, 4);
    k.rows = ctas * threads;
    k.cols = cols;
    TirProgram& p = k.program;
    p.declarations.push_back(fmt::format("mesh grid = Mesh((Topology(\"cta\", {0}),), Layout(({0},), (1,)))", ctas));
    p.declarations.push_back(one_in(3) || threads == 32
                                 ? fmt::format("mesh block = Mesh((Topology(\"thread\", {0}),), Layout(({0},), (1,)))", threads)
                                 : fmt::format("mesh block = Mesh((Topology(\"thread\", {}),), Layout(({}, 32), (32, 1)))",
                                               threads, threads / 32));
    const std::string block_attrs = p.declarations.back().find(", 32), (32, 1)") != std::string::npos ? "(S(0), S(0))" : "(S(0),)";
    p.declarations.push_back(fmt::format("layout GC = ShardLayout(layout=Layout(({}, {}), ({}, 1)), attrs=(S(0),), mesh=grid)",
                                         k.rows, cols, cols));
    p.declarations.push_back(fmt::format("layout TB = ShardLayout(layout=Layout(({}, {}), ({}, 1)), attrs={}, mesh=block)",
                                         threads, cols, cols, block_attrs));
    p.declarations.push_back(fmt::format("layout R = ShardLayout(layout=Layout(({}, {}), (0, 1)), attrs={}, mesh=block)",
                                         threads, cols, block_attrs));
    TirFunc f;
    f.header = fmt::format("prim_func kernel(x0: Tensor[({0}, {1}), f32], x1: Tensor[({0}, {1}), f32], out: Tensor[({0}, {1}), f32]) "
                           "outputs=1 target=cuda",
                           k.rows, cols);
    TirStmt grid{"with grid as g", true, {}};
    TirStmt block{"with block as t", true, {}};
    k.threads = threads;
    k.warps = block_attrs != "(S(0),)" ? threads / 32 : 0;
    const bool grouped = opts.group_exchanges && k.warps > 0;
    block.body = RaceFreeBuilder(k.rows, threads, cols, grouped ? threads / 32 : 0, opts, p.functions).body(k.needed_syncs);
    grid.body.push_back(std::move(block));
    f.body.push_back(std::move(grid));
    p.functions.push_back(std::move(f));
    return k;
  });
}

}  // namespace tf::fuzz

void rc::showValue(const tf::fuzz::RaceFreeKernel& k, std::ostream& os) { os << "\n" << k.program.text(); }
