// The collective ops (docs/tir-semantics.md, "Collectives"): an Mma over distributed fragments
// (the SM80 atom's warp) and a Reduce whose source is split along a reduced axis. Every
// participant of the executing thread's mesh instance arrives with its own operand views; the
// last arrival completes the collective: the operands are assembled from what each participant
// holds (each read attributed to its holder), the result is computed once, and each participant
// writes the part it holds. A collective orders no memory (no clock join).
#include <fmt/format.h>

#include <algorithm>
#include <bit>

#include "eval/tir/mma_arith.h"
#include "eval/tir/thread_runner.h"
#include "eval/value/tensor_convert.h"
#include "ir/layout/participants.h"
#include "ir/tir/mma_atom.h"

namespace tf::eval::tir {

namespace {

// The global ids of the positions of `mesh`'s instance `place` in CTA `cta` (a thread mesh).
Result<std::vector<std::uint32_t>> instance_threads(Machine& m, const Mesh& mesh, const MeshPlace& place, const Grid& g,
                                                    std::int64_t cta) {
  Result<const MeshIndex*> index = m.meshes.get(mesh);
  if (!index.ok()) return index.diagnostics();
  const std::int64_t T = (*index)->first_level_size();
  std::vector<std::uint32_t> out;
  for (std::int64_t d : (*index)->positions()) out.push_back(static_cast<std::uint32_t>(cta * g.block + place.instance * T + d));
  return out;
}

// Every element of a float tensor, exactly as a double (f32 and bf16 read from their bits: a
// NaN's payload may differ from element_f64's, which no Mma result depends on).
std::vector<double> to_f64(const Tensor& t) {
  std::vector<double> out(static_cast<std::size_t>(t.size()));
  const DType d = t.dtype();
  const int shift = d == DType::f32() ? 0 : d == DType::bf16() ? 16 : -1;
  for (std::int64_t i = 0; i < t.size(); ++i)
    out[static_cast<std::size_t>(i)] = shift < 0 ? element_f64(t, i)
                                                 : static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(t.code(i) << shift)));
  return out;
}

// Full logical tensor assembled from what the participants hold.
struct Assembly {
  Tensor values;
  std::vector<std::uint8_t> covered;
};

}  // namespace

Fault ThreadRunner::mma(const ir::Evaluate& e, const Call& c) {
  Result<ViewRef> acc = operand_view(c.args[0]), lhs = operand_view(c.args[1]), rhs = operand_view(c.args[2]);
  if (!acc.ok()) return acc.diagnostics().front();
  if (!lhs.ok()) return lhs.diagnostics().front();
  if (!rhs.ok()) return rhs.diagnostics().front();
  const View& a = **acc;
  if (a.shape.size() != 2 || (*lhs)->shape.size() != 2 || (*rhs)->shape.size() != 2 ||
      (*lhs)->shape[0] != a.shape[0] || (*rhs)->shape[1] != a.shape[1] || (*lhs)->shape[1] != (*rhs)->shape[0])
    return eval_error_at(m_, &e, fmt::format("mma: acc {} += lhs {} @ rhs {} does not multiply", shape_text(a.shape),
                                                shape_text((*lhs)->shape), shape_text((*rhs)->shape)));
  Rendezvous r;
  r.kind = Rendezvous::Kind::Collective;
  r.site = &e;
  if (!a.dist && !(*lhs)->dist && !(*rhs)->dist) {  // one thread's own tiles
    r.expected = {t_.gid};
    r.arrived = {t_.gid};
    r.views = {{*acc, *lhs, *rhs}};
    return finish_collective(r);
  }
  const View& distributed = a.dist ? a : (*lhs)->dist ? **lhs : **rhs;
  const Mesh& mesh = distributed.dist->layer_mesh(0);
  if (!is_thread_mesh(mesh))
    return eval_error_at(m_, &e, fmt::format("mma: the fragments are distributed over {}; an mma runs over the threads of a CTA", to_string(mesh)));
  Result<std::optional<MeshPlace>> place = m_.place(mesh, t_.pos);
  if (!place.ok()) return place.diagnostics().front();
  if (!*place) return std::nullopt;
  Result<std::vector<std::uint32_t>> expected = instance_threads(m_, mesh, **place, g_, c_.index);
  if (!expected.ok()) return expected.diagnostics().front();
  r.expected = std::move(*expected);
  return arrive(fmt::format("mma:{}", (*place)->instance), std::move(r), {*acc, *lhs, *rhs});
}

Fault ThreadRunner::reduce_collective(const ir::Evaluate& e, const Call& c, const MeshPlace& place, const Mesh& mesh) {
  Result<ViewRef> src = operand_view(c.args[0]), dst = operand_view(c.args[1]);
  if (!src.ok()) return src.diagnostics().front();
  if (!dst.ok()) return dst.diagnostics().front();
  if (!is_thread_mesh(mesh))
    return eval_error_at(m_, &e, fmt::format("reduce: {} is split over {}; a cross-thread reduce runs over the threads of a CTA",
                                                (*src)->name, to_string(mesh)));
  Rendezvous r;
  r.kind = Rendezvous::Kind::Collective;
  r.site = &e;
  Result<std::vector<std::uint32_t>> expected = instance_threads(m_, mesh, place, g_, c_.index);
  if (!expected.ok()) return expected.diagnostics().front();
  r.expected = std::move(*expected);
  std::vector<ViewRef> views{*src, *dst};
  if (Expr ws = ir::reduce_workspace(c)) {
    Result<ViewRef> w = operand_view(ws);
    if (!w.ok()) return w.diagnostics().front();
    views.push_back(*w);
  }
  return arrive(fmt::format("reduce:{}", place.instance), std::move(r), std::move(views));
}

// A cross-thread Reduce's workspace (docs/tir-semantics.md, "Collectives"): the participants
// write every element (participant k of P the elements k, k + P, ...), meet at the runtime's
// internal barrier, and read every element; its contents are unspecified afterwards, so the
// elements are left uninitialized. Each access is checked like any other, which is what makes two
// Reduces sharing a workspace without a barrier between them a race.
Fault ThreadRunner::stage_workspace(Rendezvous& r) {
  std::vector<std::size_t> by_thread(r.arrived.size());
  for (std::size_t p = 0; p < by_thread.size(); ++p) by_thread[p] = p;
  std::sort(by_thread.begin(), by_thread.end(), [&](std::size_t a, std::size_t b) { return r.arrived[a] < r.arrived[b]; });
  const std::size_t P = by_thread.size();
  for (std::size_t rank = 0; rank < P; ++rank) {
    const std::size_t p = by_thread[rank];
    ThreadRunner holder(m_, g_, Machine::cta_of(g_, r.arrived[p]), Machine::thread_of(g_, r.arrived[p]));
    holder.current_ = r.site;
    const View& ws = *r.views[p][2];
    ElementList mine;
    for (std::int64_t e = static_cast<std::int64_t>(rank); e < ws.size; e += static_cast<std::int64_t>(P)) mine.push_back(e);
    std::vector<std::uint8_t> unset(mine.size(), 0);
    if (Fault f = holder.scatter(ws, mine, Tensor::make(ws.dtype, {static_cast<std::int64_t>(mine.size())}), &unset)) return f;
  }
  join_clocks(r.expected, *r.site);
  for (std::size_t p = 0; p < P; ++p) {
    ThreadRunner holder(m_, g_, Machine::cta_of(g_, r.arrived[p]), Machine::thread_of(g_, r.arrived[p]));
    holder.current_ = r.site;
    const View& ws = *r.views[p][2];
    ElementList all(static_cast<std::size_t>(ws.size));
    for (std::size_t e = 0; e < all.size(); ++e) all[e] = static_cast<std::int64_t>(e);
    Result<Gathered> read = holder.gather(ws, all, ReadUse::Move);
    if (!read.ok()) return read.diagnostics().front();
  }
  return std::nullopt;
}

Fault ThreadRunner::finish_collective(Rendezvous& r) {
  const Call& call = r.site->call();
  const bool is_mma = ir::is_tir_op(call.op, ir::TirOp::Mma);
  const std::size_t inputs = is_mma ? 3 : 1;  // operands read: acc, lhs, rhs / src
  // Assemble every read operand from its holders.
  std::vector<Assembly> full(inputs);
  for (std::size_t k = 0; k < inputs; ++k) {
    const View& v0 = *r.views.front()[k];
    full[k].values = Tensor::make(v0.dtype, v0.shape);
    full[k].covered.assign(static_cast<std::size_t>(v0.size), 0);
  }
  for (std::size_t p = 0; p < r.arrived.size(); ++p) {
    Thread& u = Machine::thread_of(g_, r.arrived[p]);
    ThreadRunner holder(m_, g_, Machine::cta_of(g_, r.arrived[p]), u);
    holder.current_ = r.site;
    for (std::size_t k = 0; k < inputs; ++k) {
      const View& v = *r.views[p][k];
      Result<std::optional<ElementList>> h = holder.held(v);
      if (!h.ok()) return h.diagnostics().front();
      if (!*h) continue;
      Result<Gathered> got = holder.gather(v, **h, ReadUse::Data);
      if (!got.ok()) return got.diagnostics().front();
      for (std::size_t j = 0; j < (*h)->size(); ++j) {
        full[k].values.set_code((**h)[j], got->values.code(static_cast<std::int64_t>(j)));
        full[k].covered[static_cast<std::size_t>((**h)[j])] = 1;
      }
    }
  }
  for (std::size_t k = 0; k < inputs; ++k)
    for (std::size_t i = 0; i < full[k].covered.size(); ++i)
      if (!full[k].covered[i])
        return eval_error_at(m_, r.site, fmt::format("{}: no participant holds element {} of {}", call.op.name(), i,
                                                        r.views.front()[k]->name));
  // Compute.
  const std::size_t out_operand = is_mma ? 0 : 1;
  const View& out0 = *r.views.front()[out_operand];
  Tensor result;
  if (is_mma) {
    const std::int64_t M = out0.shape[0], N = out0.shape[1], K = r.views.front()[1]->shape[1];
    const Tensor& A = full[1].values;
    const Tensor& B = full[2].values;
    const Tensor& C = full[0].values;
    std::vector<float> d(static_cast<std::size_t>(M * N));
    const std::vector<double> a = to_f64(A), b = to_f64(B), c = to_f64(C);
    std::vector<double> products(static_cast<std::size_t>(K));
    for (std::int64_t i = 0; i < M; ++i)
      for (std::int64_t j = 0; j < N; ++j) {
        for (std::int64_t k = 0; k < K; ++k)
          products[static_cast<std::size_t>(k)] = a[static_cast<std::size_t>(i * K + k)] * b[static_cast<std::size_t>(k * N + j)];
        d[static_cast<std::size_t>(i * N + j)] = mma_sum(m_.options().mma, c[static_cast<std::size_t>(i * N + j)], products);
      }
    result = from_f32(out0.dtype, out0.shape, d);
  } else {
    std::vector<std::int64_t> axes = std::get<std::vector<std::int64_t>>(call.attr("axes"));
    const int rank = static_cast<int>(full[0].values.rank());
    for (std::int64_t& a : axes)
      if (a < 0) a += rank;
    const bool keepdim = out0.shape.size() == full[0].values.shape().size();
    ThreadRunner any(m_, g_, Machine::cta_of(g_, r.arrived.front()), Machine::thread_of(g_, r.arrived.front()));
    any.current_ = r.site;
    Result<Tensor> red = any.run_hir(hir_kernels().reduce, {full[0].values},
                                     {{"axes", axes}, {"keepdim", keepdim}, {"kind", call.attr("kind")}},
                                     out0.dtype, out0.shape);
    if (!red.ok()) return red.diagnostics().front();
    if (red->size() != out0.size)
      return eval_error_at(m_, r.site, fmt::format("reduce: {} values for {} {}", red->size(), out0.name, shape_text(out0.shape)));
    result = *red;
  }
  if (!is_mma && r.views.front().size() == 3)
    if (Fault f = stage_workspace(r)) return f;
  // Each participant writes what it holds.
  for (std::size_t p = 0; p < r.arrived.size(); ++p) {
    Thread& u = Machine::thread_of(g_, r.arrived[p]);
    ThreadRunner holder(m_, g_, Machine::cta_of(g_, r.arrived[p]), u);
    holder.current_ = r.site;
    const View& v = *r.views[p][out_operand];
    Result<std::optional<ElementList>> h = holder.held(v);
    if (!h.ok()) return h.diagnostics().front();
    if (!*h) continue;
    Tensor part = Tensor::make(v.dtype, {static_cast<std::int64_t>((*h)->size())});
    for (std::size_t j = 0; j < (*h)->size(); ++j) part.set_code(static_cast<std::int64_t>(j), result.code((**h)[j]));
    if (Fault f = holder.scatter(v, **h, part, nullptr)) return f;
  }
  return std::nullopt;
}

}  // namespace tf::eval::tir
