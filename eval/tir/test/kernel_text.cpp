#include "eval/tir/test/kernel_text.h"

#include <fmt/format.h>

namespace tf::eval::tir::testing {

std::string tiled_gemm_text(std::int64_t m, std::int64_t n, std::int64_t k) {
  const std::int64_t gm = m / 64, gn = n / 64;
  std::string s = "tfir 1\n";
  s += fmt::format("mesh grid = Mesh((Topology(\"cta\", {}),), Layout(({}, {}), (1, {})), names=(\"cm\", \"cn\"))\n",
                   gm * gn, gm, gn, gm);
  s += "mesh block = Mesh((Topology(\"thread\", 128),), Layout((4, 32), (32, 1)), names=(\"warp\", \"lane\"))\n";
  s += "mesh warp = Mesh((Topology(\"thread\", 32),), Layout((4, 8), (1, 4)))\n";
  s += "layout FA = ShardLayout(layout=Layout(((8, 2), (2, 4, 2)), ((0, 2), (1, 0, 4))), attrs=(S(3), S(0)), mesh=warp)\n";
  s += "layout FB = ShardLayout(layout=Layout(((2, 4, 2), 8), ((1, 0, 2), 0)), attrs=(S(1), S(3)), mesh=warp)\n";
  s += "layout FC = ShardLayout(layout=Layout(((8, 2), (2, 4)), ((0, 2), (1, 0))), attrs=(S(3), S(0)), mesh=warp)\n";
  s += "atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)\n\n";
  s += fmt::format(
      "prim_func gemm(a: Tensor[({m}, {k}), bf16], b: Tensor[({k}, {n}), bf16], c: Tensor[({m}, {n}), f32]) outputs=1 "
      "target=cuda {{\n",
      fmt::arg("m", m), fmt::arg("n", n), fmt::arg("k", k));
  s += "    with grid as g {\n        with block as t {\n";
  auto line = [&](const std::string& text) { s += "            " + text + "\n"; };
  // The CTA's operands and its tile of c.
  line(fmt::format("let a_cta = tensor_view(a, layout=ShardLayout(layout=Layout(({m}, {k}), ({k}, 1)), attrs=(S(0), B()), mesh=grid))",
                   fmt::arg("m", m), fmt::arg("k", k)));
  line(fmt::format("let b_cta = tensor_view(b, layout=ShardLayout(layout=Layout(({k}, {n}), ({n}, 1)), attrs=(B(), S(1)), mesh=grid))",
                   fmt::arg("n", n), fmt::arg("k", k)));
  line(fmt::format("let c_cta = tensor_view(c, layout=ShardLayout(layout=Layout(({m}, {n}), ({n}, 1)), attrs=(S(0), S(1)), mesh=grid))",
                   fmt::arg("m", m), fmt::arg("n", n)));
  // Stage them in shared memory: warps split the rows, lanes the columns.
  line(fmt::format("let sa = alloc_tensor(tensor_type=Tensor[(64, {}), bf16, storage=smem])", k));
  line(fmt::format("let sb = alloc_tensor(tensor_type=Tensor[({}, 64), bf16, storage=smem])", k));
  const std::string split_a = fmt::format("ShardLayout(layout=Layout((64, {0}), ({0}, 1)), attrs=(S(0), S(1)), mesh=block)", k);
  const std::string split_b = fmt::format("ShardLayout(layout=Layout(({0}, 64), (64, 1)), attrs=(S(0), S(1)), mesh=block)", k);
  line("let a_part = tensor_view(a_cta, layout=" + split_a + ")");
  line("let sa_part = tensor_view(sa, layout=" + split_a + ")");
  line("copy(a_part, sa_part)");
  line("let b_part = tensor_view(b_cta, layout=" + split_b + ")");
  line("let sb_part = tensor_view(sb, layout=" + split_b + ")");
  line("copy(b_part, sb_part)");
  line("sync(t)");
  // Each warp's 16-row slab of a and of c.
  line(fmt::format("let sa_w = tensor_view(sa, layout=ShardLayout(layout=Layout((64, {0}), ({0}, 1)), attrs=(S(0), B()), mesh=block))", k));
  line("let c_w = tensor_view(c_cta, layout=ShardLayout(layout=Layout((64, 64), (64, 1)), attrs=(S(0), B()), mesh=block))");
  line("with warp as w {");
  auto inner = [&](const std::string& text) { s += "                " + text + "\n"; };
  for (std::int64_t j = 0; j < 8; ++j) {
    inner(fmt::format("let acc{0} = alloc_tensor(tensor_type=Tensor[(16, 8), f32, layout=FC, storage=rmem])", j));
    inner(fmt::format("fill(acc{}, 0.0)", j));
    for (std::int64_t q = 0; q < k / 16; ++q) {
      const std::string id = fmt::format("{}_{}", j, q);
      inner(fmt::format("let at{} = tensor_view(sa_w, layout=ComposedLayout(inner=None, offset={}, outer=Layout((16, 16), ({}, 1))))",
                        id, 16 * q, k));
      inner(fmt::format("let av{0} = tensor_view(at{0}, layout=FA)", id));
      inner(fmt::format("let af{} = alloc_tensor(tensor_type=Tensor[(16, 16), bf16, layout=FA, storage=rmem])", id));
      inner(fmt::format("copy(av{0}, af{0})", id));
      inner(fmt::format("let bt{} = tensor_view(sb, layout=ComposedLayout(inner=None, offset={}, outer=Layout((16, 8), (64, 1))))",
                        id, 16 * q * 64 + 8 * j));
      inner(fmt::format("let bv{0} = tensor_view(bt{0}, layout=FB)", id));
      inner(fmt::format("let bf{} = alloc_tensor(tensor_type=Tensor[(16, 8), bf16, layout=FB, storage=rmem])", id));
      inner(fmt::format("copy(bv{0}, bf{0})", id));
      inner(fmt::format("mma(acc{}, af{}, bf{}, atom=A0)", j, id, id));
    }
    inner(fmt::format("let ct{} = tensor_view(c_w, layout=ComposedLayout(inner=None, offset={}, outer=Layout((16, 8), (64, 1))))",
                      j, 8 * j));
    inner(fmt::format("let cv{0} = tensor_view(ct{0}, layout=FC)", j));
    inner(fmt::format("copy(acc{0}, cv{0})", j));
  }
  line("}");
  s += "        }\n    }\n}\n";
  return s;
}

std::string tiled_add_text(std::int64_t size, std::int64_t threads, std::int64_t per_thread) {
  const std::int64_t ctas = size / (threads * per_thread);
  std::string s = "tfir 1\n";
  s += fmt::format("mesh m = Mesh((Topology(\"cta\", {0}), Topology(\"thread\", {1})), Layout(({0}, {1}), ({1}, 1)), names=(\"c\", \"t\"))\n",
                   ctas, threads);
  s += fmt::format("layout T = ShardLayout(layout=Layout(({},), (1,)), attrs=(S(0), S(0)), mesh=m)\n", size);
  s += fmt::format("prim_func add(a: Tensor[({0},), f32], b: Tensor[({0},), f32], out: Tensor[({0},), f32]) outputs=1 target=cuda {{\n", size);
  s += "    with m as x {\n";
  s += "        let va = tensor_view(a, layout=T)\n";
  s += "        let vb = tensor_view(b, layout=T)\n";
  s += "        let vo = tensor_view(out, layout=T)\n";
  s += "        binary(va, vb, vo, kind=add)\n";
  s += "    }\n}\n";
  return s;
}

}  // namespace tf::eval::tir::testing
