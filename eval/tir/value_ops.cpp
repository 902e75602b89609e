// The value ops of TIR (seed 002 section 2.3, tir.memory.*), anchored by LetStmt: AllocTensor
// (a buffer per thread, per CTA or per launch by storage; docs/tir-semantics.md "Memory"),
// TensorView (a view of a thread's local part of its memory operand), PtrOf and MemorySpan.
#include <fmt/format.h>

#include "eval/hir/op_eval.h"
#include "eval/tir/block_scaled_planes.h"
#include "eval/tir/thread_runner.h"
#include "ir/support/check.h"
#include "ir/type/tensor_type.h"

namespace tf::eval::tir {

namespace {

Space space_of(StorageKind k) {
  switch (k) {
    case StorageKind::Host: return Space::Host;
    case StorageKind::Smem: return Space::Shared;
    case StorageKind::Rmem: return Space::Register;
    case StorageKind::Gmem: return Space::Global;
    case StorageKind::Tmem:  // no space of its own in the model yet: tensor memory is modelled as gmem
    case StorageKind::Umat:  // refused in TIR by the verifier (TIR.2.3.OPS.no-umat)
      return Space::Global;
  }
  TF_UNREACHABLE("a StorageKind without its case");
}

}  // namespace

Result<RtValue> ThreadRunner::value_op(const Call& c, const std::string& name) {
  const ir::TirOp op = *ir::tir_op_kind(c.op);
  switch (op) {
    case ir::TirOp::AllocTensor: {
      const auto* type = std::get<IRType>(c.attr("tensor_type"))->as<TensorType>();
      Result<Shape> shape = resolve_shape(type->shape, m_.dims());
      if (!shape.ok()) return shape.diagnostics();
      if (!type->storage || *type->storage == StorageKind::Tmem || *type->storage == StorageKind::Umat)
        return eval_error_at(m_, current_, fmt::format("alloc_tensor of {}: the machine model allocates host, gmem, smem and rmem", name));
      Space space = space_of(*type->storage);
      const bool private_engine = space == Space::Register || (g_.host && space == Space::Host);
      // One buffer per site (and call path) for the CTA's or the launch's lifetime, as a
      // __shared__ array or a kernel's global workspace is: a loop's iterations share it
      // (docs/tir-semantics.md, "Memory"). A register tensor is new at each execution. A
      // block-scaled tensor's planes are one buffer each, keyed by the site's address + plane.
      auto allocate = [&](std::size_t plane, DType dtype, std::int64_t count, std::string buffer_name) {
        auto key = std::make_pair(static_cast<const void*>(reinterpret_cast<const char*>(&c) + plane), activation().call_path);
        if ((space == Space::Shared || space == Space::Global) && !g_.host) {
          BufferRef& slot = space == Space::Shared ? c_.shared_allocations[key] : g_.global_allocations[key];
          if (!slot) slot = m_.allocate(space, dtype, count, std::move(buffer_name));
          return slot;
        }
        return m_.allocate(space, dtype, count, std::move(buffer_name));
      };
      if (type->dtype.is_compound()) {
        Result<ViewRef> view = block_scaled_buffers(name, *type, *shape, allocate, private_engine, m_.views);
        if (!view.ok()) return eval_error_at(m_, current_, view.diagnostics().front().message);
        return RtValue::of(*view);
      }
      Result<ViewCaches::TypeLayout> placed = type_layout(*type, *shape, private_engine, m_.views);
      if (!placed.ok()) return placed.diagnostics();
      Result<ViewRef> view = buffer_view(name, *type, *shape, allocate(0, type->dtype, placed->count, name), private_engine, m_.views);
      if (!view.ok()) return view.diagnostics();
      return RtValue::of(*view);
    }
    case ir::TirOp::TensorView: {
      Result<ViewRef> memory = operand_view(c.args[0]);
      if (!memory.ok()) return memory.diagnostics();
      ViewRef base = *memory;
      if (base->dist) {
        Result<std::optional<LocalBox>> box = box_of(*base);
        if (!box.ok()) return box.diagnostics();
        if (!*box)
          return eval_error_at(m_, current_, fmt::format("tensor_view of {}: {} holds no part of it", base->name, thread_name(t_.pos)));
        base = local_view(base, **box);
      }
      // The view's logical shape is its inferred type's (memory_typeinfer.h: read off the layout,
      // or the `shape=` override).
      Result<Shape> shape = resolve_shape(c.type()->as<TensorType>()->shape, m_.dims());
      if (!shape.ok()) return shape.diagnostics();
      // The window start (view.h): one coordinate per axis of what the view is placed over, or
      // one flat start. A start so large that moving an index by it would pass int64 is refused
      // (every element of such a window is outside its memory).
      std::vector<std::int64_t> start;
      for (std::size_t k = 1; k < c.args.size(); ++k) {
        Result<std::int64_t> x = eval_int(c.args[k]);
        if (!x.ok()) return x.diagnostics();
        constexpr std::int64_t kFar = std::int64_t{1} << 62;
        if (*x >= kFar || *x <= -kFar)
          return eval_error_at(m_, current_, fmt::format("tensor_view of {}: the start coordinate {} lies past any memory", base->name, *x));
        start.push_back(*x);
      }
      const LayoutBase& layout = std::get<LayoutBase>(c.attr("layout"));
      Result<ViewRef> v = base->planes.empty() ? tensor_view(name, base, layout, *shape, m_.views, start)
                                               : block_scaled_view(name, base, layout, *shape, m_.views, start);
      if (!v.ok() && !base->planes.empty()) return eval_error_at(m_, current_, v.diagnostics().front().message);
      if (!v.ok()) return v.diagnostics();
      return RtValue::of(*v);
    }
    case ir::TirOp::PtrOf: {
      Result<ViewRef> x = operand_view(c.args[0]);
      if (!x.ok()) return x.diagnostics();
      return RtValue::of(*x);
    }
    case ir::TirOp::MemorySpan: {
      Result<ViewRef> x = operand_view(c.args[0]);
      if (!x.ok()) return x.diagnostics();
      if (!(*x)->planes.empty())
        return eval_error_at(m_, current_, fmt::format("memory_span of the block-scaled {}: its planes are views of their own", (*x)->name));
      return RtValue::of(reshaped(name, *x, (*x)->shape));
    }
    case ir::TirOp::Copy:
    case ir::TirOp::Fill:
    case ir::TirOp::Mma:
    case ir::TirOp::ReLU:
    case ir::TirOp::RMSNorm:
    case ir::TirOp::Reduce:
    case ir::TirOp::Binary:
    case ir::TirOp::Unary:
    case ir::TirOp::Launch:
    case ir::TirOp::Sync:
    case ir::TirOp::CopyAsync:
    case ir::TirOp::CpAsyncCommit:
    case ir::TirOp::CpAsyncWait:
      return eval_error_at(m_, current_, fmt::format("{} is an effect op; it has no value", c.op.name()));
  }
  TF_UNREACHABLE("a TirOp without its case");
}

}  // namespace tf::eval::tir
