#include "fuzz/gen/tir_program_gen.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "ir/support/testing/pick.h"

namespace tf::fuzz {

namespace {

// Legal meshes for a whole-mesh sync (sync_valid.tfir, docs/tfir.md section 2).
struct MeshDecl {
  std::string name, text;
};
const std::vector<MeshDecl> kMeshes = {
    {"m128", "Mesh((Topology(\"thread\", 128),), Layout((4, 32), (32, 1)))"},
    {"warp", "Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, 4)))"},
    {"b64", "Mesh((Topology(\"thread\", 64),), Layout((64,), (1,)))"},
    {"cta8", "Mesh((Topology(\"cta\", 8),), Layout((8,), (1,)))"},
};

// A tensor in scope: a param (gmem) or an allocation (rmem); all share the kernel's type.
struct Tensor {
  std::string name;
};

struct Kernel {
  std::string name;
  std::vector<std::string> params;
  std::string shape, dtype;
  int outputs = 1;
};

std::string literal(const std::string& d) {
  if (d == "f32") return element<std::string>({"0.0", "1.5", "-2.0"});
  if (d == "i64") return element<std::string>({"0", "7", "-1"});
  if (d == "i32") return element<std::string>({"i32(0)", "i32(3)"});
  return d + "(0.5)";
}

std::vector<std::string> binary_kinds(const std::string& d) {
  if (d == "i32" || d == "i64") return {"add", "sub", "mul", "floor_div", "mod", "max", "min"};
  return {"add", "sub", "mul", "div", "max", "min", "pow"};
}

std::vector<std::string> unary_kinds(const std::string& d) {
  if (d == "i32" || d == "i64") return {"neg", "abs", "relu", "square"};
  return {"neg", "abs", "rsqrt", "relu", "square", "exp", "log", "ceil", "round", "exp2", "log2"};
}

class KernelBuilder {
 public:
  KernelBuilder(const Kernel& k, const std::vector<MeshDecl>& meshes, const TirGenOptions& o)
      : k_(k), meshes_(meshes), opts_(o) {}

  std::vector<TirStmt> body() {
    const MeshDecl& m = element(meshes_);
    mesh_decl_ = m.name;
    mesh_binding_ = element<std::string>({"m", "t", "w0"});  // never a param's name
    for (const std::string& p : k_.params) tensors_.push_back(Tensor{p});
    TirStmt with{fmt::format("with {} as {}", m.name, mesh_binding_), true, {}};
    block(with.body, 0);
    return {with};
  }

 private:
  // Statements of one block; allocations made here are visible only inside it.
  void block(std::vector<TirStmt>& out, int depth) {
    const std::size_t visible = tensors_.size();
    const int n = pick<int>(1, opts_.max_statements + 1);
    for (int i = 0; i < n; ++i) {
      if (one_in(4)) {  // an allocation, then the rest of the block (or its own block) under it
        const std::string r = fmt::format("r{}", next_++);
        std::string text = fmt::format("let {} = alloc_tensor(tensor_type=Tensor[{}, {}, storage=rmem])", r,
                                       k_.shape, k_.dtype);
        if (one_in(3))
          text = fmt::format("let {}: Tensor[{}, {}, storage=rmem] = {}", r, k_.shape, k_.dtype,
                             text.substr(text.find('=') + 2));
        tensors_.push_back(Tensor{r});
        if (one_in(3)) {
          TirStmt let{text, true, {}};
          block(let.body, depth + 1);
          out.push_back(let);
          tensors_.resize(tensors_.size() - 1);
          continue;
        }
        out.push_back(TirStmt{text, false, {}});
        continue;
      }
      out.push_back(statement(depth));
    }
    tensors_.resize(visible);
  }

  TirStmt statement(int depth) {
    const std::string a = element(tensors_).name;
    const std::string b = element(tensors_).name;
    const std::string dst = element(tensors_).name;
    switch (pick<int>(0, 10)) {
      case 0: return {fmt::format("copy({}, {})", a, dst), false, {}};
      case 1: return {fmt::format("fill({}, {})", dst, literal(k_.dtype)), false, {}};
      case 2:
        return {fmt::format("binary({}, {}, {}, kind={})", a, b, dst, element(binary_kinds(k_.dtype))), false, {}};
      case 3: return {fmt::format("unary({}, {}, kind={})", a, dst, element(unary_kinds(k_.dtype))), false, {}};
      case 4: return {fmt::format("relu({}, {})", a, dst), false, {}};
      case 5: return {fmt::format("sync({})", one_in(3) ? mesh_decl_ : mesh_binding_), false, {}};
      default: {
        if (depth >= 2) return {fmt::format("sync({})", mesh_binding_), false, {}};
        const std::string i = fmt::format("i{}", depth);
        std::string range;
        switch (pick<int>(0, 3)) {
          case 0: range = fmt::format("range({})", pick<int>(1, 5)); break;
          case 1: range = fmt::format("range(1, {})", pick<int>(2, 9)); break;
          default: range = fmt::format("range(0, {}, {})", pick<int>(1, 9), pick<int>(1, 3)); break;
        }
        TirStmt loop{fmt::format("for {} in {}", i, range), true, {}};
        block(loop.body, depth + 1);
        return loop;
      }
    }
  }

  const Kernel& k_;
  const std::vector<MeshDecl>& meshes_;
  const TirGenOptions& opts_;
  std::string mesh_decl_, mesh_binding_;
  std::vector<Tensor> tensors_;
  int next_ = 0;
};

void render(const std::vector<TirStmt>& stmts, int depth, std::string& out) {
  const std::string pad(4 * depth, ' ');
  for (const TirStmt& s : stmts) {
    out += pad + s.text;
    if (!s.block) {
      out += "\n";
      continue;
    }
    out += " {\n";
    render(s.body, depth + 1, out);
    out += pad + "}\n";
  }
}

// The statements of a race-free kernel (gen_race_free_kernel).
class RaceFreeBuilder {
 public:
  /// `warps` is the block mesh's first extent when the mesh is (warps, 32) and exchanges within
  /// groups are wanted, else 0.
  RaceFreeBuilder(std::int64_t threads, std::int64_t cols, std::int64_t warps) : b_(threads), p_(cols), w_(warps) {}

  std::vector<TirStmt> body(std::vector<std::size_t>& needed_syncs) {
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
    for (int s = 0; s < steps; ++s) step(out, needed_syncs);
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
  static TirStmt line(std::string text) { return TirStmt{std::move(text), false, {}}; }

  std::string fresh_register(std::vector<TirStmt>& out) {
    const std::string r = fmt::format("r{}", next_++);
    out.push_back(line(fmt::format("let {} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, layout=R, storage=rmem])", r, b_, p_)));
    return r;
  }

  void step(std::vector<TirStmt>& out, std::vector<std::size_t>& needed_syncs) {
    const std::string a = element(registers_), c = element(registers_);
    switch (pick<int>(0, 10)) {
      case 0: {
        const std::string r = fresh_register(out);
        out.push_back(line(fmt::format("binary({}, {}, {}, kind={})", a, c, r,
                                       element<std::string>({"add", "sub", "mul", "max", "min"}))));
        registers_.push_back(r);
        return;
      }
      case 1: {
        const std::string r = fresh_register(out);
        if (one_in(4)) out.push_back(line(fmt::format("copy({}, {})", a, r)));  // rmem -> rmem
        else out.push_back(line(fmt::format("unary({}, {}, kind={})", a, r, element<std::string>({"neg", "abs"}))));
        registers_.push_back(r);
        return;
      }
      case 2: {
        const std::string r = fresh_register(out);
        out.push_back(line(fmt::format("relu({}, {})", a, r)));
        registers_.push_back(r);
        return;
      }
      case 3: {
        const std::string r = fresh_register(out);
        out.push_back(line(fmt::format("fill({}, {})", r, element<std::string>({"0.0", "1.5", "-2.0"}))));
        registers_.push_back(r);
        return;
      }
      case 4: {
        TirStmt loop{fmt::format("for i{} in range(0, {}, 1)", next_++, pick<int>(0, 4)), true, {}};
        loop.body.push_back(line(fmt::format("binary({0}, {1}, {0}, kind={2})", a, c,
                                             element<std::string>({"add", "max", "min"}))));
        out.push_back(loop);
        return;
      }
      case 7:  // a neighbour exchange of an input's rows staged by cp.async
        return exchange(out, needed_syncs, one_in(2) ? "x0v" : "x1v", true);
      case 8:
      case 9:  // an exchange within slices of the block, each synced over its own slice
        if (w_ > 0) return group_exchange(out, needed_syncs, a);
        return exchange(out, needed_syncs, a, false);
      default:  // a neighbour exchange of a register through shared memory
        return exchange(out, needed_syncs, a, false);
    }
  }

  // Each thread writes `source`'s rows to both halves of a fresh shared buffer (by copy, or by
  // copy_async then commit and wait 0), `sync(t)`, then reads the rows k threads on into a
  // fresh register.
  void exchange(std::vector<TirStmt>& out, std::vector<std::size_t>& needed_syncs, const std::string& source, bool async) {
    const int x = next_++;
    const std::int64_t k = pick<std::int64_t>(1, b_);
    out.push_back(line(fmt::format("let s{} = alloc_tensor(tensor_type=Tensor[({}, {}), f32, storage=smem])", x, 2 * b_, p_)));
    out.push_back(line(fmt::format("let lo{} = tensor_view(s{}, layout=Layout(({}, {}), ({}, 1)))", x, x, b_, p_, p_)));
    out.push_back(line(fmt::format("let hi{} = tensor_view(s{}, layout=ComposedLayout(inner=None, offset={}, outer=Layout(({}, {}), ({}, 1))))",
                                   x, x, b_ * p_, b_, p_, p_)));
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
    needed_syncs.push_back(out.size());
    out.push_back(line("sync(t)"));
    out.push_back(line(fmt::format("let rd{0} = tensor_view(sh{0}, layout=TB)", x)));
    const std::string r = fresh_register(out);
    out.push_back(line(fmt::format("copy(rd{}, {})", x, r)));
    registers_.push_back(r);
  }

  // An exchange within groups: the block mesh (W, 32) cut into boxes of gw warps by gl lanes (a
  // half warp: __syncwarp with a mask; a warp: __syncwarp; some warps: a named barrier; all: the
  // block barrier). Group g's 2S rows of a fresh shared buffer (S = gw * gl) hold its members'
  // rows twice; member q writes rows q and S + q of its group, each group syncs over its own box
  // (`with block[box] as .. { sync(block[box]) }`), then member q reads row q + k, 1 <= k < S (another member's).
  // The thread of row i = l + 32 w (blocked placement, docs/layouts.md) is member
  // (w mod gw) gl + (l mod gl) of group (w / gw, l / gl): the views below are that decomposition,
  // leaves slowest first (a tensor_view of a plain Layout has the layout's flat shape, and the
  // (B, p) view over it reads it row-major).
  void group_exchange(std::vector<TirStmt>& out, std::vector<std::size_t>& needed_syncs, const std::string& source) {
    const std::int64_t gl = one_in(3) ? 16 : 32;
    std::vector<std::int64_t> gws{1};
    if (gl == 32)
      for (std::int64_t g = 2; g <= w_; g *= 2) gws.push_back(g);
    const std::int64_t gw = element(gws), group = gw * gl, k = pick<std::int64_t>(1, group);
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
    const int first_group = static_cast<int>(out.size());
    for (std::int64_t w0 = 0; w0 < w_; w0 += gw)
      for (std::int64_t l0 = 0; l0 < 32; l0 += gl) {
        const std::string box = fmt::format("block[{}:{}, {}:{}]", w0, w0 + gw, l0, l0 + gl);
        TirStmt scope{fmt::format("with {} as q{}_{}_{}", box, x, w0, l0), true, {}};
        scope.body.push_back(line(fmt::format("sync({})", box)));
        out.push_back(std::move(scope));
      }
    // Deleting any one group's scope leaves that group's reads unordered after its writes.
    needed_syncs.push_back(static_cast<std::size_t>(pick<int>(first_group, static_cast<int>(out.size()))));
    view("grd", k);
    const std::string r = fresh_register(out);
    out.push_back(line(fmt::format("copy(grdt{}, {})", x, r)));
    registers_.push_back(r);
  }

  std::int64_t b_, p_, w_;
  std::vector<std::string> registers_;
  int next_ = 0;
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
    p.declarations.push_back(one_in(2) || threads == 32
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
    const bool grouped = opts.group_exchanges && block_attrs != "(S(0),)";
    block.body = RaceFreeBuilder(threads, cols, grouped ? threads / 32 : 0).body(k.needed_syncs);
    grid.body.push_back(std::move(block));
    f.body.push_back(std::move(grid));
    p.functions.push_back(std::move(f));
    return k;
  });
}

std::string TirProgram::text() const {
  std::string out = "tfir 1\n";
  for (const std::string& d : declarations) out += d + "\n";
  if (!entry.empty()) out += "entry " + entry + "\n";
  for (const TirFunc& f : functions) {
    out += "\n" + f.header + " {\n";
    render(f.body, 1, out);
    out += "}\n";
  }
  return out;
}

rc::Gen<TirProgram> gen_tir_program(TirGenOptions opts) {
  return rc::gen::exec([opts] {
    TirProgram p;
    std::vector<MeshDecl> meshes = {element(kMeshes)};
    if (one_in(2)) {
      const MeshDecl& m = element(kMeshes);
      if (m.name != meshes[0].name) meshes.push_back(m);
    }
    for (const MeshDecl& m : meshes) p.declarations.push_back("mesh " + m.name + " = " + m.text);
    const int kernels = pick<int>(1, opts.max_kernels + 1);
    std::vector<Kernel> ks;
    for (int i = 0; i < kernels; ++i) {
      Kernel k;
      k.name = fmt::format("k{}", i);
      k.dtype = element<std::string>({"f32", "f32", "f16", "bf16", "i32", "i64"});
      const int rank = pick<int>(1, 3);
      k.shape = rank == 1 ? fmt::format("({},)", pick<int>(1, 17))
                          : fmt::format("({}, {})", pick<int>(1, 9), pick<int>(1, 9));
      const int n = pick<int>(1, 4);
      for (int j = 0; j < n; ++j) k.params.push_back(std::string(1, static_cast<char>('a' + j)));
      k.outputs = pick<int>(0, n + 1);
      TirFunc f;
      f.header = fmt::format("prim_func {}(", k.name);
      for (int j = 0; j < n; ++j)
        f.header += fmt::format("{}{}: Tensor[{}, {}]", j ? ", " : "", k.params[j], k.shape, k.dtype);
      f.header += fmt::format(") outputs={} target=cuda", k.outputs);
      f.body = KernelBuilder(k, meshes, opts).body();
      p.functions.push_back(f);
      ks.push_back(k);
    }
    if (opts.host_launch && one_in(2)) {
      // A host entry launching one kernel with its own params, in order.
      const Kernel& k = element(ks);
      TirFunc f;
      f.header = "prim_func host(";
      std::string args;
      for (std::size_t j = 0; j < k.params.size(); ++j) {
        f.header += fmt::format("{}{}: Tensor[{}, {}]", j ? ", " : "", k.params[j], k.shape, k.dtype);
        args += ", " + k.params[j];
      }
      f.header += fmt::format(") outputs={} target=host", k.outputs);
      f.body.push_back(TirStmt{fmt::format("launch(@{}, {}, 1, 1, {}, 1, 1{})", k.name, pick<int>(1, 9),
                                           element<int>({32, 64, 128}), args),
                               false,
                               {}});
      p.functions.push_back(f);
      if (one_in(2)) p.entry = "host";
    }
    return p;
  });
}

}  // namespace tf::fuzz

void rc::showValue(const tf::fuzz::TirProgram& p, std::ostream& os) { os << "\n" << p.text(); }
void rc::showValue(const tf::fuzz::RaceFreeKernel& k, std::ostream& os) { os << "\n" << k.program.text(); }
