#include "cuda/emit/kernel_emitter.h"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "cuda/emit/cpp_text.h"
#include "cuda/emit/emit_support.h"
#include "ir/core/call.h"
#include "ir/core/constant.h"
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
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/launch_geometry.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/sync.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/tir/tir_print.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda::detail {

namespace {
// The first line of every loop body: a step of the emulation's budget (nothing on a GPU), so that
// --max-steps and Ctrl-C stop a loop without barriers (cuda/runtime/prim.h).
constexpr const char* kLoopTrip = "tf_rt::prim::loop_trip();";
}  // namespace

Result<bool> KernelEmitter::emit() {
  if (symbols_.kernel.empty()) return not_emitted(fmt::format("the function named '{}' (not an identifier)", comment_text(fn_.name())));
  auto body_text = std::make_unique<std::ostringstream>();  // on the heap: emit() nests once per call level
  std::ostringstream& body = *body_text;
  body_ = &body;
  indent_ = 1;
  std::vector<std::string> params;
  // The hidden extent scalars first: each binds the DimVar of the axis it is the extent of
  // (seed 002 section 2.2), which the tensors' shapes then name.
  const std::vector<std::optional<tir::HiddenShapeSource>> hidden = tir::hidden_shape_params(fn_);
  for (std::size_t i = 0; i < fn_.params().size(); ++i) {
    if (!hidden[i]) continue;
    if (device_) return not_emitted(fmt::format("a call of {}, whose hidden extent parameters a call does not pass", fn_.name()));
    const VarRef& p = fn_.params()[i];
    const auto* source = fn_.params()[hidden[i]->tensor_param]->type()->as<TensorType>();
    const ShapeDim& extent = source->shape[static_cast<std::size_t>(hidden[i]->axis)];
    const auto* var = extent.is_static() ? nullptr : extent.expr()->as<DimVar>();
    const std::string name = names_.user(p->name);
    if (var != nullptr && dims_.count(var->name) == 0) {
      dims_[var->name] = names_.user("dim_" + var->name);
      line(fmt::format("const std::int64_t {} = {};  {}", dims_.at(var->name), name, comment("DimVar " + var->name)));
    }
    hidden_names_[i] = name;
  }
  // A DimVar of a parameter's shape that no hidden scalar carries (hand-written TIR: the
  // machine model binds it from the tensor): a kernel takes it as an extra scalar the launch
  // fills from that tensor's shape, at its first occurrence; a device function reads it from
  // the View its caller passes.
  std::vector<std::string> implicit_params;
  std::map<std::size_t, std::string> param_names;
  for (std::size_t i = 0; i < fn_.params().size(); ++i) {
    const auto* t = hidden[i] ? nullptr : fn_.params()[i]->type()->as<TensorType>();
    if (t != nullptr) param_names[i] = names_.user(fn_.params()[i]->name);
    for (std::size_t k = 0; t != nullptr && k < t->shape.size(); ++k) {
      const auto* var = t->shape[k].is_static() ? nullptr : t->shape[k].expr()->as<DimVar>();
      if (var == nullptr || dims_.count(var->name) != 0) continue;
      dims_[var->name] = names_.user("dim_" + var->name);
      if (device_) {
        line(fmt::format("const std::int64_t {} = {}.shape[{}];  {}", dims_.at(var->name), param_names[i], k,
                         comment("DimVar " + var->name)));
        continue;
      }
      implicit_.push_back(tir::HiddenShapeSource{i, static_cast<std::int64_t>(k)});
      implicit_params.push_back(fmt::format("std::int64_t {}", dims_.at(var->name)));
    }
  }
  for (std::size_t i = 0; i < fn_.params().size(); ++i) {
    const VarRef& p = fn_.params()[i];
    if (hidden[i]) {
      params.push_back(fmt::format("std::int32_t {}", hidden_names_.at(i)));
      continue;
    }
    const auto* t = p->type()->as<TensorType>();
    if (t == nullptr) return not_emitted(fmt::format("the non-tensor parameter `{}` of {}", p->name, fn_.name()));
    Result<Tensor> made = tensor_of(*p, *t, param_names.at(i));
    TF_TRY(made);
    Tensor param = std::move(made).value();
    ++views_;
    if (!param.planes.empty()) {
      if (device_) return not_emitted(fmt::format("the block-scaled parameter `{}` of a device function", p->name));
      params.push_back(fmt::format("unsigned char* {}_ptr", param.name));
      block_scaled_param(param);
      tensors_[p.get()] = param;
      continue;
    }
    if (device_) {  // the caller's View (undistributed: emit_call checks), its strides not known here
      params.push_back(fmt::format("const tf_rt::View<{}>& {}", param.element, param.name));
      tensors_[p.get()] = param;
      continue;
    }
    params.push_back(fmt::format("{}* {}_ptr", param.element, param.name));
    line(fmt::format("const std::int64_t {0}_shape[] = {{{1}}};", param.name, extent_list(param)));
    line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::row_major({1}_ptr, {2}, {1}_shape);", param.element, param.name,
                     param.shape.size()));
    param.row_major = true;
    if (!param.symbolic) param.strides = row_major_strides(param.shape);
    tensors_[p.get()] = param;
  }
  Result<bool> b = emit_body(*fn_.body());
  TF_TRY(b);
  params.insert(params.end(), implicit_params.begin(), implicit_params.end());
  write_function(params, body.str());
  return true;
}

void KernelEmitter::write_function(const std::vector<std::string>& params, const std::string& body) {
  const std::string more = params.empty() ? "" : ", ";
  if (device_) {
    out_ << comment(fmt::format("prim_func {} (a device function its callers' kernels call)", fn_.name())) << "\n";
    out_ << fmt::format("TF_DEV void {}({}{}unsigned char* tf_gmem, unsigned char* tf_smem) {{\n", symbols_.device,
                        fmt::join(params, ", "), more);
  } else {
    out_ << comment(fmt::format("prim_func {} (a CUDA kernel)", fn_.name())) << "\n";
    out_ << fmt::format("TF_GLOBAL void {}({}{}unsigned char* tf_gmem) {{\n", symbols_.kernel, fmt::join(params, ", "), more);
    out_ << "  TF_SHARED_ARENA(tf_smem);\n";
  }
  out_ << "  (void)tf_smem;\n  (void)tf_gmem;\n";
  out_ << fmt::format("  constexpr std::int64_t tf_smem_bytes = {}, tf_gmem_bytes = {};  // {}\n"
                      "  (void)tf_smem_bytes;\n  (void)tf_gmem_bytes;\n",
                      smem_, gmem_, device_ ? "its shared and global regions" : "the arena and the workspace");
  for (std::size_t i = 0; i < meshes_.size(); ++i)
    out_ << fmt::format("  const tf_rt::MeshPos tf_pos{0} = tf_rt::mesh_position(tf_mesh_{1}_{0});\n", i, symbol());
  out_ << body << "}\n\n";
}

Result<Tensor> KernelEmitter::tensor_of(const Var& v, const TensorType& t, std::string name) {
  if (t.dtype.is_compound()) return block_scaled_of(v, t, std::move(name));
  Tensor out;
  std::optional<std::string> e = ctype(t.dtype);
  if (!e) return not_emitted(fmt::format("tensors of {} (`{}` in {})", t.dtype.name(), v.name, fn_.name()));
  out.element = *e;
  out.dtype = t.dtype;
  for (const ShapeDim& d : t.shape) {
    if (d.is_static()) {
      out.shape.push_back(d.value());
      out.extents.push_back(std::to_string(d.value()));
      continue;
    }
    const auto* var = d.expr()->as<DimVar>();
    if (var == nullptr) {  // dim arithmetic over bound DimVars: computed at run time, stored for its largest value
      Result<DimExtent> e = dim_extent(d.expr(), v.name);
      TF_TRY(e);
      out.shape.push_back(std::max<std::int64_t>(e->most, 0));
      out.extents.push_back(e->text);
      out.symbolic = true;
      continue;
    }
    auto bound = dims_.find(var->name);
    if (bound == dims_.end())
      return not_emitted(fmt::format("the DimVar {} without a hidden extent parameter (`{}` in {})", var->name, v.name, fn_.name()));
    out.shape.push_back(std::max<std::int64_t>(var->hi - 1, 0));  // its largest value: what storage must hold
    out.extents.push_back(bound->second);
    out.symbolic = true;
  }
  out.name = name.empty() ? names_.user(v.name) : std::move(name);
  out.ir_name = v.name;
  return out;
}

Result<KernelEmitter::DimExtent> KernelEmitter::dim_extent(const Expr& e, const std::string& tensor) {
  if (const auto* c = e->as<Constant>(); c != nullptr && c->is_int()) {
    const std::int64_t k = std::get<std::int64_t>(c->value);
    return DimExtent{fmt::format("std::int64_t{{{}}}", int_literal(k)), k, k};
  }
  if (const auto* var = e->as<DimVar>()) {
    auto bound = dims_.find(var->name);
    if (bound == dims_.end())
      return not_emitted(fmt::format("the DimVar {} without a hidden extent parameter (`{}` in {})", var->name, tensor, fn_.name()));
    return DimExtent{bound->second, var->lo, std::max<std::int64_t>(var->hi - 1, var->lo)};
  }
  const auto* call = e->as<Call>();
  const std::optional<DimOpKind> kind = call != nullptr && call->args.size() == 2 ? dim_op_kind(call->op) : std::nullopt;
  if (!kind) return not_emitted(fmt::format("an extent of `{}` that is not dim arithmetic over DimVars (in {})", tensor, fn_.name()));
  Result<DimExtent> a = dim_extent(call->args[0], tensor), b = dim_extent(call->args[1], tensor);
  TF_TRY(a);
  TF_TRY(b);
  // The least and largest value over the DimVars' ranges, by interval arithmetic (the storage a
  // tensor needs is its largest extent); in int64 as long as the DimVars' ranges are (they are).
  const auto span = [](std::initializer_list<std::int64_t> xs) { return std::make_pair(std::min(xs), std::max(xs)); };
  std::pair<std::int64_t, std::int64_t> r;
  std::string text;
  switch (*kind) {
    case DimOpKind::Add: r = {a->least + b->least, a->most + b->most}; text = fmt::format("({} + {})", a->text, b->text); break;
    case DimOpKind::Sub: r = {a->least - b->most, a->most - b->least}; text = fmt::format("({} - {})", a->text, b->text); break;
    case DimOpKind::Mul:
      r = span({a->least * b->least, a->least * b->most, a->most * b->least, a->most * b->most});
      text = fmt::format("({} * {})", a->text, b->text);
      break;
    case DimOpKind::FloorDiv:
    case DimOpKind::Mod: {
      if (b->least <= 0) return not_emitted(fmt::format("an extent of `{}` divided by what may be 0 or negative", tensor));
      const bool div = *kind == DimOpKind::FloorDiv;
      const auto fd = [](std::int64_t x, std::int64_t y) { return x / y - (x % y != 0 && x < 0 ? 1 : 0); };
      r = div ? span({fd(a->least, b->least), fd(a->least, b->most), fd(a->most, b->least), fd(a->most, b->most)})
              : std::make_pair(std::int64_t{0}, b->most - 1);
      text = fmt::format("tf_rt::{}{{}}({}, {})", div ? "IFloorDiv" : "IMod", a->text, b->text);
      break;
    }
    case DimOpKind::Min: r = {std::min(a->least, b->least), std::min(a->most, b->most)}; text = fmt::format("tf_rt::min_extent({}, {})", a->text, b->text); break;
    case DimOpKind::Max: r = {std::max(a->least, b->least), std::max(a->most, b->most)}; text = fmt::format("tf_rt::max_extent({}, {})", a->text, b->text); break;
  }
  return DimExtent{text, r.first, r.second};
}

// The extents of `t` as a C++ initializer list (a rank-0 tensor's array holds one unused 0).
std::string KernelEmitter::extent_list(const Tensor& t) {
  return t.extents.empty() ? "0" : fmt::format("{}", fmt::join(t.extents, ", "));
}

// The index of `m` among the kernel's meshes (its position variable tf_posK).
Result<std::size_t> KernelEmitter::mesh_index(const Mesh& m) {
  for (std::size_t i = 0; i < meshes_.size(); ++i)
    if (meshes_[i] == m) return i;
  if (m.topologies().size() > 4) return not_emitted("a mesh of more than four levels");
  Result<std::string> why = not_projectable_reason(m);
  TF_TRY(why);
  if (!why->empty()) return not_emitted(fmt::format("the mesh {}: {}", to_string(m), *why));
  std::vector<std::string> cta, size;
  for (const Topology& t : m.topologies()) {
    if (!t.static_size() || (!t.is_cta() && !t.is_thread()))
      return not_emitted(fmt::format("the mesh {} (static cta and thread levels only)", to_string(m)));
    cta.push_back(t.is_cta() ? "true" : "false");
    size.push_back(std::to_string(*t.static_size()));
  }
  const std::vector<std::int64_t> extents = ints_of(m.axes().shape()), strides = ints_of(m.axes().stride());
  const std::size_t k = meshes_.size();
  meshes_.push_back(m);
  decls_ << comment(to_string(m)) << "\n";
  decls_ << fmt::format("TF_CONST tf_rt::MeshDesc tf_mesh_{}_{} = {{{}, {{{}}}, {{{}}}, {}, {{{}}}, {{{}}}, {}}};\n",
                        symbol(), k, m.topologies().size(), fmt::join(cta, ", "), fmt::join(size, ", "),
                        extents.size(), int_list(extents), int_list(strides), m.offset());
  return k;
}

// The ShardDesc constant of `sl` over a tensor of `shape`, and the position of its mesh.
Result<std::pair<std::string, std::string>> KernelEmitter::shard(const ShardLayout& sl, const std::vector<std::int64_t>& shape) {
  if (sl.layout().is_shard()) return not_emitted("nested ShardLayouts");
  if (ints_of(flatten(sl.shape())) != shape) return not_emitted("a ShardLayout whose domain is not its tensor's shape");
  Result<std::size_t> pos = mesh_index(sl.mesh());
  TF_TRY(pos);
  std::vector<std::int64_t> axis, extent;
  const std::vector<std::int64_t> mesh_extents = ints_of(sl.mesh().axes().shape());
  for (std::size_t i = 0; i < sl.attrs().size(); ++i) {
    const ShardAttr& a = sl.attrs()[i];
    if (a.is_dynamic()) return not_emitted("a Dynamic shard attribute");
    axis.push_back(a.is_split() ? a.axis() : -1);
    extent.push_back(i < mesh_extents.size() ? mesh_extents[i] : 1);
  }
  const std::string name = fmt::format("tf_shard_{}_{}", symbol(), shards_++);
  decls_ << fmt::format("TF_CONST tf_rt::ShardDesc {} = {{{}, {{{}}}, {{{}}}}};\n", name, axis.size(), int_list(axis),
                        int_list(extent));
  return std::make_pair(name, fmt::format("tf_pos{}", *pos));
}

const Tensor* KernelEmitter::tensor(const Expr& e) const {
  const auto* v = e->as<Var>();
  if (v == nullptr) return nullptr;
  auto it = tensors_.find(v);
  return it == tensors_.end() ? nullptr : &it->second;
}

Result<const Tensor*> KernelEmitter::operand(const Expr& e, const Call& c) {
  const Tensor* t = tensor(e);
  if (t == nullptr) return not_emitted(fmt::format("an operand of {} that is not a tensor variable", c.op.name()));
  const std::optional<tir::TirOp> op = tir::tir_op_kind(c.op);
  if (!t->planes.empty() && (!op || !tir::takes_block_scaled(*op)))
    return not_emitted(fmt::format("{} of the block-scaled `{}` (copy, tensor_view and a cast take one)", c.op.name(), t->ir_name));
  return t;
}

// `head {` (and `trailer`, a comment), the body one level in, then `close` (`}`, or `} else {`
// before another block).
Result<bool> KernelEmitter::block(const std::string& head, const tir::Sequential& body, const std::string& close,
                                  const std::string& trailer, const std::string& first) {
  line(head + " {" + trailer);
  ++indent_;
  if (!first.empty()) line(first);
  Result<bool> r = emit_body(body);
  --indent_;
  TF_TRY(r);
  line(close);
  return true;
}

Result<bool> KernelEmitter::emit_body(const tir::Sequential& seq) {
  // A let's body (the rest of its block) is emitted by this loop, not by a call per let: a kernel
  // nests up to tir::kMaxLetNesting lets, and a frame per let overflowed the stack near 4,600.
  std::vector<std::pair<const tir::Sequential*, std::size_t>> work{{&seq, 0}};
  while (!work.empty()) {
    const tir::Sequential* block = work.back().first;
    if (work.back().second == block->body.size()) {
      work.pop_back();
      continue;
    }
    const tir::Stmt& s = block->body[work.back().second++];
    const auto* let = s->as<tir::LetStmt>();
    Result<bool> r = let != nullptr ? emit_let(*let) : emit_stmt(*s);
    if (r.ok()) {
      if (let != nullptr) work.emplace_back(let->body.get(), 0);
      continue;
    }
    std::vector<Diagnostic> ds = r.diagnostics();  // placed at the statement the reader saw
    for (Diagnostic& d : ds)
      if (!d.location.known() && s->loc()) d.location = *s->loc();
    return ds;
  }
  return true;
}

Result<bool> KernelEmitter::emit_stmt(const tir::StmtNode& s) { return dispatch(s); }

Result<bool> KernelEmitter::on(const tir::LetStmt& let) {  // emit_body emits a let's body itself
  Result<bool> head = emit_let(let);
  TF_TRY(head);
  return emit_body(*let.body);
}

Result<bool> KernelEmitter::on(const tir::MeshScope& scope) {
  Result<std::size_t> k = mesh_index(scope.mesh);
  TF_TRY(k);
  return block(fmt::format("if (tf_pos{}.in)", *k), *scope.body, "}",
               "  " + comment(fmt::format("with {} as {}", to_string(scope.mesh), scope.binding->name)));
}

Result<bool> KernelEmitter::on(const tir::Evaluate& ev) { return emit_evaluate(ev); }
Result<bool> KernelEmitter::on(const tir::DispatchCall& d) { return emit_dispatch(d); }
Result<bool> KernelEmitter::on(const tir::For& loop) { return emit_for(loop); }

Result<bool> KernelEmitter::on(const tir::Abort& a) {
  line(fmt::format("tf_rt::prim::trap({});", string_literal(a.message.empty() ? "abort" : "abort: " + a.message)));
  return true;
}

Result<bool> KernelEmitter::on(const tir::Return&) {  // the thread ends here
  line("return;");
  return true;
}

Result<bool> KernelEmitter::on(const tir::While& w) {
  Result<std::string> c = condition(w.cond);
  TF_TRY(c);
  return block(fmt::format("while ({})", *c), *w.body, "}", "", kLoopTrip);
}

Result<bool> KernelEmitter::on(const tir::If& branch) {
  Result<std::string> c = condition(branch.cond);
  TF_TRY(c);
  const bool has_else = branch.else_body && !branch.else_body->body.empty();
  Result<bool> then_part = block(fmt::format("if ({})", *c), *branch.then_body, has_else ? "} else {" : "}");
  TF_TRY(then_part);
  if (!has_else) return true;
  ++indent_;
  Result<bool> else_part = emit_body(*branch.else_body);
  --indent_;
  TF_TRY(else_part);
  line("}");
  return true;
}

// A block nested in a block, an intrinsic and a function inside a body have no CUDA form here.
Result<bool> KernelEmitter::on(const tir::Sequential& s) { return not_emitted_kind(s); }
Result<bool> KernelEmitter::on(const tir::Intrinsic& s) { return not_emitted_kind(s); }
Result<bool> KernelEmitter::on(const tir::PrimFunction& s) { return not_emitted_kind(s); }

Result<bool> KernelEmitter::not_emitted_kind(const tir::StmtNode& s) {
  return not_emitted(fmt::format("the statement kind {} (in {})", tir::stmt_kind_name(s.kind()), fn_.name()));
}

// A While's or If's condition: a rank-0 bool or integer tensor, true when not zero.
Result<std::string> KernelEmitter::condition(const Expr& e) {
  if (const auto* c = e->as<Constant>()) {
    if (const auto* b = std::get_if<bool>(&c->value)) return std::string(*b ? "true" : "false");
    if (const auto* i = std::get_if<std::int64_t>(&c->value)) return std::string(*i != 0 ? "true" : "false");
  }
  const Tensor* t = tensor(e);
  if (t == nullptr || !t->shape.empty()) return not_emitted("a condition that is not a rank-0 tensor variable");
  return fmt::format("tf_rt::widen({}.at(tf_rt::kOrigin)) != 0", t->name);
}

// A view's start coordinate: what int_value reads, or a rank-0 integer tensor's element.
Result<std::string> KernelEmitter::coordinate(const Expr& e) {
  if (const Tensor* t = tensor(e); t != nullptr && t->shape.empty())
    return fmt::format("static_cast<std::int64_t>(tf_rt::widen({}.at(tf_rt::kOrigin)))", t->name);
  Result<std::string> v = int_value(e);
  if (!v.ok()) return not_emitted("a view start that is not an integer literal, a bound DimVar, a loop's index or a rank-0 integer tensor");
  return fmt::format("({})", *v);
}

Result<std::string> KernelEmitter::int_value(const Expr& e) {
  if (const auto* c = e->as<Constant>(); c != nullptr && c->is_int()) return int_literal(std::get<std::int64_t>(c->value));
  if (const auto* d = e->as<DimVar>(); d != nullptr && dims_.count(d->name) != 0) return dims_.at(d->name);
  if (const auto* v = e->as<Var>(); v != nullptr && scalars_.count(v) != 0) return scalars_.at(v);
  if (e->as<ShapeOf>() != nullptr) return extent_of(e);
  if (const auto* c = e->as<Call>(); c != nullptr && dim_op_kind(c->op)) {  // dim arithmetic over bound DimVars
    Result<DimExtent> d = dim_extent(e, "a loop bound");
    TF_TRY(d);
    return d->text;
  }
  return not_emitted("a loop bound that is not an integer literal, a bound DimVar, dim arithmetic over those or an enclosing loop's index");
}

Result<bool> KernelEmitter::emit_for(const tir::For& f) {
  Result<std::string> a = int_value(f.start), b = int_value(f.stop), s = int_value(f.step);
  TF_TRY(a);
  TF_TRY(b);
  TF_TRY(s);
  const std::string i = names_.user(f.induction_var->name);
  scalars_[f.induction_var.get()] = i;
  // cuda/runtime/loop.h: the trips counted (and the step checked) before the first, the index
  // never past int64. The bounds and the step are literals or variables: reading them twice is
  // free of effects.
  line(fmt::format("tf_rt::prim::loop_begin(tf_rt::loop_trips({}, {}, {}));", *a, *b, *s));
  const auto* literal = f.step->as<Constant>();
  const bool one = literal != nullptr && literal->is_int() && std::get<std::int64_t>(literal->value) == 1;
  const std::string head = one ? fmt::format("for (std::int64_t {0} = {1}; {0} < {2}; {0} += 1)", i, *a, *b)
                               : fmt::format("for (std::int64_t {0} = {1}; {0} < {2}; {0} = tf_rt::next_index({0}, {3}, {2}))", i, *a,
                                             *b, *s);
  return block(head, *f.body, "}", "", kLoopTrip);
}

Result<bool> KernelEmitter::emit_let(const tir::LetStmt& let) {
  const auto* c = let.value->as<Call>();
  const auto* type = let.var->type()->as<TensorType>();
  if (c == nullptr || type == nullptr) return not_emitted(fmt::format("the binding of `{}` (not a tensor op)", let.var->name));
  const std::optional<tir::TirOp> op = tir::tir_op_kind(c->op);
  Result<Tensor> made = tensor_of(*let.var, *type);
  TF_TRY(made);
  Tensor t = std::move(made).value();
  line(comment(fmt::format("let {} = {}", let.var->name, tir::print_tir_expr(let.value))));
  if (op == tir::TirOp::AllocTensor) {
    Result<bool> a = emit_alloc(t, *type);
    TF_TRY(a);
  } else if (op == tir::TirOp::TensorView) {
    Result<bool> v = emit_view(t, *c);
    TF_TRY(v);
  } else if (op == tir::TirOp::PtrOf || op == tir::TirOp::MemorySpan) {
    // PtrOf(x) is x; MemorySpan(x) is x without its distribution (docs/tir-semantics.md).
    Result<const Tensor*> src = operand(c->args[0], *c);
    TF_TRY(src);
    if (!(*src)->planes.empty()) return not_emitted(fmt::format("{} of the block-scaled `{}`", c->op.name(), (*src)->ir_name));
    if (op == tir::TirOp::MemorySpan && (*src)->distributed) return not_emitted("the memory span of a distributed tensor");
    const std::string name = t.name, ir_name = t.ir_name;
    t = **src;
    t.name = name;
    t.ir_name = ir_name;
    line(fmt::format("const tf_rt::View<{}> {} = {};", t.element, t.name, (*src)->name));
  } else {
    return not_emitted(fmt::format("the value op {} (binding `{}`)", c->op.name(), let.var->name));
  }
  tensors_[let.var.get()] = t;
  ++views_;
  return true;
}

}  // namespace tf::cuda::detail
