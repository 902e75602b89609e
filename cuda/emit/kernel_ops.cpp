#include "cuda/emit/kernel_emitter.h"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <limits>
#include <set>
#include <sstream>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emit_support.h"
#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/reduce_kind.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/var.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/dim_var.h"
#include "ir/layout/composed_layout.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/mesh_projection.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/topology.h"
#include "ir/core/numerics_spaces.h"
#include "ir/numerics/cast_mode.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/core/kind_attrs.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/launch_geometry.h"
#include "ir/tir/mma_atom.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/sync.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/tir/tir_print.h"
#include "ir/type/tensor_type.h"
#include "ir/support/check.h"
#include "ir/support/plant.h"

namespace tf::cuda::detail {

namespace {

// An op that computes into `dst` rounds to its dtype; f4e2m1 has no Cast (E2M1 codes come from
// the block-scaled formats), so no op but copy may write one, as the machine model says.
std::optional<Diagnostic> computes_into_f4(const Tensor& dst, const Call& c) {
  if (dst.dtype != DType::f4e2m1()) return std::nullopt;
  return rule_error("TYPES.3.DTYPE.eval-cast-f4e2m1-unsupported",
                    fmt::format("{} computes into the f4e2m1 tensor `{}`: f4e2m1 has no Cast (its codes come from the "
                                "block-scaled formats; copy moves them)", c.op.name(), dst.ir_name));
}

}  // namespace

Result<bool> KernelEmitter::emit_evaluate(const tir::Evaluate& ev) {
  if (!ev.is_op()) return emit_call(ev);
  const Call* c = &ev.call();
  const std::optional<tir::TirOp> op = tir::tir_op_kind(c->op);
  if (!op) return not_emitted(fmt::format("the op {}", c->op.name()));
  line(comment(one_line(tir::print_stmt(tir::Stmt(&ev)))));
  switch (*op) {
    case tir::TirOp::Copy: {
      Result<const Tensor*> s = operand(c->args[0], *c), d = operand(c->args[1], *c);
      TF_TRY(s);
      TF_TRY(d);
      if (!(*s)->planes.empty() && (*s)->planes.size() == (*d)->planes.size()) {  // plane by plane (equal dtypes: verified)
        for (std::size_t k = 0; k < (*s)->planes.size(); ++k)
          line(fmt::format("tf_rt::copy({}, {});", (*s)->planes[k].name, (*d)->planes[k].name));
        return true;
      }
      Result<std::pair<std::string, std::string>> xs = aligned_pair(**s, **d);
      TF_TRY(xs);
      line(fmt::format("tf_rt::copy({}, {});", xs->first, xs->second));
      return true;
    }
    case tir::TirOp::Mma: return emit_mma(*c);
    case tir::TirOp::CopyAsync: return emit_copy_async(*c);
    case tir::TirOp::CpAsyncCommit:
      line("tf_rt::prim::cp_async_commit();");
      return true;
    case tir::TirOp::CpAsyncWait: {
      // cp.async.wait_group takes its count as a 32-bit immediate.
      const std::int64_t n = std::get<std::int64_t>(c->attr("n"));
      if (n > std::numeric_limits<std::int32_t>::max())
        return not_emitted(fmt::format("cp_async_wait(n={}): cp.async.wait_group counts at most 2^31 - 1 groups", n));
      line(fmt::format("tf_rt::prim::cp_async_wait<{}>();", n));
      return true;
    }
    case tir::TirOp::Fill: return emit_fill(*c);
    case tir::TirOp::Binary: return emit_binary(*c);
    case tir::TirOp::Unary: return emit_unary(*c, unary_kind_of(*c));
    case tir::TirOp::ReLU: return emit_unary(*c, UnaryKind::Relu);
    case tir::TirOp::Sync: return emit_sync(ev, *c);
    case tir::TirOp::Reduce: return emit_reduce(*c);
    case tir::TirOp::RMSNorm: {
      Result<const Tensor*> src = operand(c->args[0], *c), dst = operand(c->args[1], *c), w = operand(c->args[2], *c);
      TF_TRY(src);
      TF_TRY(dst);
      TF_TRY(w);
      if (!(*src)->logical.empty() || !(*dst)->logical.empty()) return not_emitted("RMSNorm over a fragment");
      line(fmt::format("tf_rt::rms_norm({}, {}, {}, static_cast<float>(tf_rt::bits_to_double({:#x}ull)));", (*src)->name,
                       (*dst)->name, (*w)->name, std::bit_cast<std::uint64_t>(std::get<double>(c->attr("eps")))));
      return true;
    }
    case tir::TirOp::AllocTensor:  // value ops: bound by a Let (kernel_memory.cpp), not statements
    case tir::TirOp::MemorySpan:
    case tir::TirOp::PtrOf:
    case tir::TirOp::TensorView:
    case tir::TirOp::Launch:  // a host op (the verifier keeps it out of device functions)
      return not_emitted(fmt::format("the op {}", c->op.name()));
  }
  TF_UNREACHABLE("a TirOp without its case");
}

Result<bool> KernelEmitter::emit_fill(const Call& c) {
  Result<const Tensor*> d = operand(c.args[0], c);
  TF_TRY(d);
  const Tensor& dst = **d;
  if (std::optional<Diagnostic> f4 = computes_into_f4(dst, c)) return *f4;
  std::string value;
  const bool float_dst = dst.dtype.is_float();
  if (const auto* k = c.args[1]->as<Constant>()) {
    if (const auto* i = std::get_if<std::int64_t>(&k->value)) {
      // An integer: exact into an integer or bool, through f64 into a float.
      const std::string exact = fmt::format("std::int64_t{{{}}}", int_literal(*i));
      value = float_dst ? fmt::format("static_cast<double>({})", exact) : exact;
    } else if (const auto* f = std::get_if<double>(&k->value)) {
      value = fmt::format("tf_rt::bits_to_double({:#x}ull)", std::bit_cast<std::uint64_t>(*f));
    } else {
      value = std::get<bool>(k->value) ? "true" : "false";
    }
  } else if (const auto* v = c.args[1]->as<Var>(); v != nullptr && scalars_.count(v) != 0) {
    value = float_dst ? fmt::format("static_cast<double>({})", scalars_.at(v)) : scalars_.at(v);
  } else if (const auto* call = c.args[1]->as<Call>();
             c.args[1]->as<DimVar>() != nullptr || c.args[1]->as<ShapeOf>() != nullptr || (call != nullptr && dim_op_kind(call->op))) {
    // An extent read at run time (a DimVar's scalar, a hidden shape parameter, dim arithmetic
    // over bound DimVars): an integer.
    Result<std::string> n = int_value(c.args[1]);
    TF_TRY(n);
    const std::string exact = fmt::format("static_cast<std::int64_t>({})", *n);
    value = float_dst ? fmt::format("static_cast<double>({})", exact) : exact;
  } else {
    Result<const Tensor*> s = operand(c.args[1], c);
    TF_TRY(s);
    value = fmt::format("tf_rt::widen({}.at(tf_rt::kOrigin))", (*s)->name);
  }
  line(fmt::format("tf_rt::fill({}, tf_rt::Narrow<{}>::from({}));", dst.name, dst.element, value));
  return true;
}

Result<bool> KernelEmitter::emit_binary(const Call& c) {
  Result<const Tensor*> a = operand(c.args[0], c), b = operand(c.args[1], c), d = operand(c.args[2], c);
  TF_TRY(a);
  TF_TRY(b);
  TF_TRY(d);
  if (std::optional<Diagnostic> f4 = computes_into_f4(**d, c)) return *f4;
  const DType x = (*a)->dtype;
  const BinaryKind k = binary_kind_of(c);
  const std::string f(binary_runtime_functor(k, x));
  if (f.empty()) return not_emitted(fmt::format("binary kind={} on {}", binary_kind_name(k), x.name()));
  const Tensor* flat = !(*d)->logical.empty() ? *d : !(*a)->logical.empty() ? *a : *b;
  Result<std::string> l = aligned(**a, *flat), r = aligned(**b, *flat), o = aligned(**d, *flat);
  TF_TRY(l);
  TF_TRY(r);
  TF_TRY(o);
  line(fmt::format("tf_rt::binary({}, {}, {}, tf_rt::{}{{}});", *l, *r, *o, f));
  return true;
}

Result<bool> KernelEmitter::emit_unary(const Call& c, UnaryKind kind) {
  Result<const Tensor*> s = operand(c.args[0], c), d = operand(c.args[1], c);
  TF_TRY(s);
  TF_TRY(d);
  if (!(*s)->planes.empty() || !(*d)->planes.empty()) return emit_block_scaled_cast(c, **s, **d);
  if (std::optional<Diagnostic> f4 = computes_into_f4(**d, c)) return *f4;
  const DType x = (*s)->dtype, to = (*d)->dtype;
  const std::string f(unary_runtime_functor(kind, x));
  if (f.empty()) return not_emitted(fmt::format("unary kind={} from {} to {}", unary_kind_name(kind), x.name(), to.name()));
  Result<std::pair<std::string, std::string>> xs = aligned_pair(**s, **d);
  TF_TRY(xs);
  const bool is_cast = kind == UnaryKind::Cast;  // (ReLU comes here too, with no mode attributes)
  const std::optional<numerics::Rounding> rounding =
      is_cast ? optional_enum_value<numerics::Rounding>(c.attr("rounding")) : std::nullopt;
  const bool* saturate = is_cast ? std::get_if<bool>(&c.attr("saturate")) : nullptr;
  if (rounding || saturate != nullptr) {  // a cast's explicit mode (cuda/runtime/cast_mode.h)
    const char* r = !rounding ? "Default"
                    : *rounding == numerics::Rounding::NearestEven ? "Nearest"
                    : *rounding == numerics::Rounding::TowardZero  ? "Zero"
                                                                   : "Up";
    const char* sat = saturate == nullptr ? "Default" : *saturate ? "Yes" : "No";
    line(fmt::format("tf_rt::cast_in<tf_rt::Rounding::{}, tf_rt::Saturate::{}>({}, {});", r, sat, xs->first, xs->second));
    return true;
  }
  line(fmt::format("tf_rt::unary({}, {}, tf_rt::{}{{}});", xs->first, xs->second, f));
  return true;
}

// The least value of `d` (an empty max), as a literal of its compute type.
std::string KernelEmitter::lowest(DType d) {
  if (d == DType::fp8e4m3()) return "-448.0f";
  if (d == DType::f8e8m0()) return "0x1p-127f";  // unsigned: its least value is 2^-127 (found by the HIR sweep)
  if (d.is_float()) return "-INFINITY";
  if (d == DType::i8()) return "std::int64_t{-128}";
  if (d == DType::i32()) return "std::int64_t{-2147483647 - 1}";
  if (d == DType::i64()) return "INT64_MIN";
  return "false";
}

Result<bool> KernelEmitter::emit_reduce(const Call& c) {
  Result<const Tensor*> s = operand(c.args[0], c), d = operand(c.args[1], c);
  TF_TRY(s);
  TF_TRY(d);
  const Tensor& src = **s;
  if (std::optional<Diagnostic> f4 = computes_into_f4(**d, c)) return *f4;
  if (!src.logical.empty() || !(*d)->logical.empty()) return not_emitted("a Reduce over a fragment");
  const auto& axes = std::get<std::vector<std::int64_t>>(c.attr("axes"));
  std::vector<std::string> mask(std::max<std::size_t>(src.shape.size(), 1), "false");
  bool collective = false;
  for (std::int64_t a : axes) {
    mask[static_cast<std::size_t>(a)] = "true";
    collective = collective || (!src.split.empty() && src.split[static_cast<std::size_t>(a)]);
  }
  const std::string_view functor = reduce_runtime_enumerator(reduce_kind_of(c));
  const std::string axes_name = fmt::format("{}_reduced", (*d)->name);
  line(fmt::format("const bool {}[] = {{{}}};", axes_name, fmt::join(mask, ", ")));
  if (!collective) {
    line(fmt::format("tf_rt::reduce({}, {}, {}, tf_rt::ReduceKind::{}, {});", src.name, (*d)->name, axes_name, functor,
                     lowest(src.dtype)));
    return true;
  }
  // A collective (docs/tir-semantics.md): the participants are the block's threads (the only
  // instance emitted: the source's mesh is the whole block, in one CTA); the source is staged
  // whole in shared memory of its own, then every thread reduces its elements of dst in index
  // order, as the machine model computes the collective once.
  std::int64_t mesh_threads = 1;
  for (const Topology& top : src.layout->mesh().topologies()) {
    if (top.is_cta() && top.static_size() != std::optional<std::int64_t>(1))
      return not_emitted("a Reduce across CTAs");
    if (top.is_thread()) mesh_threads *= top.static_size().value_or(0);
  }
  if (mesh_threads != tir::implicit_launch(fn_).block || src.symbolic)
    return not_emitted("a Reduce across part of a block (a collective of a thread mesh smaller than the block)");
  Result<std::int64_t> at = place(StorageKind::Smem, checked_bytes(src.shape, src.dtype).value_or(-1), "the staging of a collective Reduce");
  TF_TRY(at);
  line(fmt::format("tf_rt::reduce_collective({}, {}, {}, tf_rt::ReduceKind::{}, {}, reinterpret_cast<{}*>(tf_smem + {}));  // staging", src.name,
                   (*d)->name, axes_name, functor, lowest(src.dtype), src.element, *at));
  return true;
}

Result<bool> KernelEmitter::emit_sync(const tir::Evaluate& site, const Call& c) {
  Result<BarrierClass> b = tir::classify_sync(c);
  TF_TRY(b);
  if (b->kind == BarrierKind::Grid) {
    cooperative_ = true;
    line("tf_rt::prim::grid_sync();");
    return true;
  }
  if (b->kind == BarrierKind::SyncThreads) {
    // The planted bug (ir/support/plant.h): no barrier at all.
    line(TF_PLANTED(emitter_drops_syncthreads) ? "/* planted: __syncthreads dropped */" : "tf_rt::prim::sync_block();");
    return true;
  }
  if (b->kind == BarrierKind::SyncWarp) {
    line(fmt::format("tf_rt::prim::sync_warp({:#010x}u);", b->mask));
    return true;
  }
  if (b->kind == BarrierKind::SyncWarpMask) {  // the participant predicate (TIR.1.5.BARRIER.participant-predicate)
    line(fmt::format("if ({}tf_rt::prim::thread_linear() < {}) tf_rt::prim::sync_warp({:#010x}u);",
                     b->base == 0 ? "" : fmt::format("tf_rt::prim::thread_linear() >= {} && ", b->base), b->base + b->count, b->mask));
    return true;
  }
  if (b->kind == BarrierKind::Named) {  // bar.sync id, count, guarded by the participant predicate
    if (!named_) {
      Result<tir::NamedBarrierIds> ids = tir::allocate_named_barriers(fn_);
      TF_TRY(ids);
      named_ = std::move(ids).value();
    }
    const std::optional<int> id = named_->id_of(site);
    if (!id) return not_emitted("a named barrier without an allocated id");
    line(fmt::format("if ({}tf_rt::prim::thread_linear() < {}) tf_rt::prim::bar_sync<{}, {}>();",
                     b->base == 0 ? "" : fmt::format("tf_rt::prim::thread_linear() >= {} && ", b->base), b->base + b->count, *id,
                     b->count));
    return true;
  }
  return not_emitted(fmt::format("the {} barrier", barrier_kind_name(b->kind)));
}

Result<std::pair<std::string, std::string>> KernelEmitter::aligned_pair(const Tensor& x, const Tensor& y) {
  const Tensor& flat = x.logical.empty() ? y : x;
  Result<std::string> a = aligned(x, flat), b = aligned(y, flat);
  TF_TRY(a);
  TF_TRY(b);
  return std::make_pair(*a, *b);
}

// Mma with the SM80 atom (the one emitted): each operand a register fragment typed by the atom's
// own ShardLayout and laid out in its register order, so that register i of the instruction is
// element i of the thread's storage.
Result<bool> KernelEmitter::emit_mma(const Call& c) {
  const auto* atom_attr = std::get_if<Atom>(&c.attr("atom"));
  const tir::MmaAtom* atom = atom_attr != nullptr ? tir::as_mma_atom(*atom_attr) : nullptr;
  if (atom == nullptr) return not_emitted("an Mma without an atom (one thread's own tile product)");
  if (atom->op().name != "SM80_16x8x16_F32BF16BF16F32_TN")
    return not_emitted(fmt::format("the MMA instruction {}", atom->op().name));
  const char* roles[] = {"accumulator", "lhs", "rhs"};
  const ShardLayout* contracts[] = {&atom->C(), &atom->A(), &atom->B()};
  std::vector<std::string> names;
  for (std::size_t i = 0; i < 3; ++i) {
    Result<const Tensor*> t = operand(c.args[i], c);
    TF_TRY(t);
    if (!(*t)->fragment || (*t)->layout == nullptr || !(*(*t)->layout == *contracts[i]))
      return not_emitted(fmt::format("an Mma whose {} `{}` is not a register tensor of the atom's fragment layout", roles[i], (*t)->ir_name));
    names.push_back((*t)->name);
  }
  line(fmt::format("tf_rt::mma_m16n8k16({}, {}, {});", names[0], names[1], names[2]));
  return true;
}

// copy_async from global to shared memory (cp.async's only direction).
Result<bool> KernelEmitter::emit_copy_async(const Call& c) {
  Result<const Tensor*> s = operand(c.args[0], c), d = operand(c.args[1], c);
  TF_TRY(s);
  TF_TRY(d);
  if ((*s)->storage != StorageKind::Gmem || (*d)->storage != StorageKind::Smem)
    return not_emitted(fmt::format("copy_async from {} to {} (cp.async copies global to shared memory)", to_string((*s)->storage),
                                   to_string((*d)->storage)));
  Result<std::pair<std::string, std::string>> xs = aligned_pair(**s, **d);
  TF_TRY(xs);
  line(fmt::format("tf_rt::copy_async({}, {});", xs->first, xs->second));
  return true;
}

}  // namespace tf::cuda::detail
