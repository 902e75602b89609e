#include "fuzz/gen/tir_program_gen.h"

#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "fuzz/gen/kind_lists.h"
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
        return {fmt::format("binary({}, {}, {}, kind={})", a, b, dst, element(binary_kinds_of(k_.dtype, false))), false, {}};
      case 3: return {fmt::format("unary({}, {}, kind={})", a, dst, element(unary_kinds_of(k_.dtype))), false, {}};
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

}  // namespace

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
