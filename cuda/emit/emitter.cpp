#include "cuda/emit/emitter.h"

#include <fmt/format.h>

#include <bit>
#include <cctype>
#include <map>
#include <set>
#include <sstream>

#include "ir/core/call.h"
#include "ir/core/constant.h"
#include "ir/core/symbol_ref.h"
#include "ir/core/var.h"
#include "ir/layout/composed_layout.h"
#include "ir/layout/int_tuple.h"
#include "ir/layout/mesh_projection.h"
#include "ir/layout/shard_layout.h"
#include "ir/layout/topology.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/core/dim_var_range_pat.h"
#include "ir/core/shape_of.h"
#include "ir/dim/dim_ops.h"
#include "ir/dim/dim_var.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/launch_geometry.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/sync.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_ops.h"
#include "ir/tir/tir_print.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda {

namespace {

Diagnostic not_emitted(std::string what) {
  return category_error(DiagCategory::Usage, fmt::format("not emitted yet: {}", what));
}

// The element type of `d` in the runtime, or nullopt.
std::optional<std::string> ctype(DType d) {
  if (d == DType::f32()) return "float";
  if (d == DType::f16()) return "tf_rt::f16";
  if (d == DType::bf16()) return "tf_rt::bf16";
  if (d == DType::fp8e4m3()) return "tf_rt::e4m3";
  if (d == DType::fp8e5m2()) return "tf_rt::e5m2";
  if (d == DType::i8()) return "std::int8_t";
  if (d == DType::i32()) return "std::int32_t";
  if (d == DType::i64()) return "std::int64_t";
  if (d == DType::boolean()) return "tf_rt::boolean";
  return std::nullopt;
}

std::vector<std::int64_t> ints_of(const IntTuple& t) {
  std::vector<std::int64_t> out;
  for (const IntTuple& leaf : leaves(t)) out.push_back(leaf.is_int() ? leaf.value() : -1);
  return out;
}

std::string int_list(const std::vector<std::int64_t>& v) {
  if (v.empty()) return "0";  // a rank-0 tensor's arrays hold one unused entry
  return fmt::format("{}", fmt::join(v, ", "));
}

// The bytes of one element of `d` as the runtime stores it (bool is one byte: bit_width says 1;
// found by the emulation law, whose bool tensor in shared memory overran the arena).
std::int64_t element_bytes(DType d) { return d == DType::boolean() ? 1 : d.bit_width() / 8; }

std::int64_t product(const std::vector<std::int64_t>& v) {
  std::int64_t n = 1;
  for (std::int64_t x : v) n *= x;
  return n;
}

// `text` on one line (a printed statement's first line, trimmed).
std::string one_line(const std::string& text) {
  std::string s = text.substr(0, text.find('\n'));
  const std::size_t b = s.find_first_not_of(' ');
  return b == std::string::npos ? s : s.substr(b);
}

const std::set<std::string>& cpp_keywords() {
  static const std::set<std::string> k = {
      "alignas", "alignof", "and", "asm", "auto", "bool", "break", "case", "catch", "char", "class", "const", "continue",
      "default", "delete", "do", "double", "else", "enum", "explicit", "export", "extern", "false", "float", "for",
      "friend", "goto", "if", "inline", "int", "long", "namespace", "new", "not", "operator", "or", "private",
      "protected", "public", "register", "return", "short", "signed", "sizeof", "static", "struct", "switch",
      "template", "this", "throw", "true", "try", "typedef", "typename", "union", "unsigned", "using", "virtual",
      "void", "volatile", "while", "xor", "std", "tf_rt"};
  return k;
}

// What a tensor Var is in the generated code.
struct Tensor {
  std::string name;     // the View variable
  std::string element;  // its element type
  DType dtype;
  std::vector<std::int64_t> shape;  // the extents; a DimVar's largest value where one is symbolic
  std::vector<std::string> extents;  // each extent as C++ (a literal, or a bound DimVar's variable)
  bool symbolic = false;             // some extent is a DimVar
  bool distributed = false;  // a ShardLayout view or register tensor
  std::vector<bool> split;   // per axis: divided among the mesh positions
  std::vector<std::int64_t> box;  // a distributed tensor's box (what one thread owns)
  const ShardLayout* layout = nullptr;  // a distributed tensor's ShardLayout (the IR's, alive while emitting)
  bool row_major = false;    // a plain row-major view of its storage (a view can be taken of it)
};

class KernelEmitter {
 public:
  KernelEmitter(const tir::PrimFunction& fn, std::ostringstream& out) : fn_(fn), out_(out) {}

  Result<bool> emit() {
    std::ostringstream body;
    body_ = &body;
    indent_ = 1;
    std::vector<std::string> params;
    // The hidden extent scalars first: each binds the DimVar of the axis it is the extent of
    // (seed 002 section 2.2), which the tensors' shapes then name.
    const std::vector<std::optional<tir::HiddenShapeSource>> hidden = tir::hidden_shape_params(fn_);
    for (std::size_t i = 0; i < fn_.params().size(); ++i) {
      if (!hidden[i]) continue;
      const VarRef& p = fn_.params()[i];
      const auto* source = fn_.params()[hidden[i]->tensor_param]->type()->as<TensorType>();
      const ShapeDim& extent = source->shape[static_cast<std::size_t>(hidden[i]->axis)];
      const auto* var = extent.is_static() ? nullptr : extent.expr()->as<DimVar>();
      const std::string name = fresh(p->name);
      if (var != nullptr && dims_.count(var->name) == 0) {
        dims_[var->name] = fresh("dim_" + var->name);
        line(fmt::format("const std::int64_t {} = {};  // DimVar {}", dims_.at(var->name), name, var->name));
      }
      hidden_names_[i] = name;
    }
    // A DimVar of a parameter's shape that no hidden scalar carries (hand-written TIR: the
    // machine model binds it from the tensor) arrives as an extra scalar the launch fills from
    // that tensor's shape, at its first occurrence.
    std::vector<std::string> implicit_params;
    for (std::size_t i = 0; i < fn_.params().size(); ++i) {
      const auto* t = hidden[i] ? nullptr : fn_.params()[i]->type()->as<TensorType>();
      for (std::size_t k = 0; t != nullptr && k < t->shape.size(); ++k) {
        const auto* var = t->shape[k].is_static() ? nullptr : t->shape[k].expr()->as<DimVar>();
        if (var == nullptr || dims_.count(var->name) != 0) continue;
        dims_[var->name] = fresh("tf_dim_" + var->name);
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
      Result<Tensor> made = tensor_of(*p, *t);
      TF_TRY(made);
      Tensor param = std::move(made).value();
      params.push_back(fmt::format("{}* {}_ptr", param.element, param.name));
      line(fmt::format("const std::int64_t {0}_shape[] = {{{1}}};", param.name, extent_list(param)));
      line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::row_major({1}_ptr, {2}, {1}_shape);", param.element, param.name,
                       param.shape.size()));
      param.row_major = true;
      tensors_[p.get()] = param;
    }
    Result<bool> b = emit_body(*fn_.body());
    TF_TRY(b);
    // The signature and the prologue now that the meshes and the memory are known.
    out_ << fmt::format("// prim_func {} (a CUDA kernel)\n", fn_.name());
    params.insert(params.end(), implicit_params.begin(), implicit_params.end());
    out_ << fmt::format("TF_GLOBAL void {}({}{}unsigned char* tf_gmem) {{\n", fn_.name(), fmt::join(params, ", "),
                        params.empty() ? "" : ", ");
    out_ << "  TF_SHARED_ARENA(tf_smem);\n  (void)tf_smem;\n  (void)tf_gmem;\n";
    out_ << fmt::format("  constexpr std::int64_t tf_smem_bytes = {}, tf_gmem_bytes = {};  // the arena and the workspace\n"
                        "  (void)tf_smem_bytes;\n  (void)tf_gmem_bytes;\n", smem_, gmem_);
    for (std::size_t i = 0; i < meshes_.size(); ++i)
      out_ << fmt::format("  const tf_rt::MeshPos tf_pos{0} = tf_rt::mesh_position(tf_mesh_{1}_{0});\n", i, fn_.name());
    out_ << body.str() << "}\n\n";
    return true;
  }

  /// The constants the kernel's code names (written before it).
  std::string declarations() const { return decls_.str(); }
  std::int64_t smem_bytes() const { return smem_; }
  /// The extra extent scalars the kernel takes after its parameters (DimVars without a hidden one).
  const std::vector<tir::HiddenShapeSource>& implicit_extents() const { return implicit_; }
  std::int64_t gmem_bytes() const { return gmem_; }
  std::int64_t register_bytes() const { return registers_; }
  bool cooperative() const { return cooperative_; }

 private:
  void line(const std::string& s) { *body_ << std::string(2 * indent_, ' ') << s << "\n"; }

  std::string fresh(const std::string& base) {
    std::string clean;
    for (char c : base) clean += (std::isalnum(static_cast<unsigned char>(c)) || c == '_') ? c : '_';
    if (clean.empty() || std::isdigit(static_cast<unsigned char>(clean[0]))) clean = "v_" + clean;
    if (clean.rfind("tf_", 0) == 0 || cpp_keywords().count(clean) != 0) clean += "_";
    std::string name = clean;
    for (int n = 1; !names_.insert(name).second; ++n) name = fmt::format("{}_{}", clean, n);
    return name;
  }

  Result<Tensor> tensor_of(const Var& v, const TensorType& t) {
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
      if (var == nullptr) return not_emitted(fmt::format("an extent given by dim arithmetic (`{}` in {})", v.name, fn_.name()));
      auto bound = dims_.find(var->name);
      if (bound == dims_.end())
        return not_emitted(fmt::format("the DimVar {} without a hidden extent parameter (`{}` in {})", var->name, v.name, fn_.name()));
      out.shape.push_back(std::max<std::int64_t>(var->hi - 1, 0));  // its largest value: what storage must hold
      out.extents.push_back(bound->second);
      out.symbolic = true;
    }
    out.name = fresh(v.name);
    return out;
  }

  // The extents of `t` as a C++ initializer list (a rank-0 tensor's array holds one unused 0).
  static std::string extent_list(const Tensor& t) {
    return t.extents.empty() ? "0" : fmt::format("{}", fmt::join(t.extents, ", "));
  }

  // The index of `m` among the kernel's meshes (its position variable tf_posK).
  Result<std::size_t> mesh_index(const Mesh& m) {
    for (std::size_t i = 0; i < meshes_.size(); ++i)
      if (meshes_[i] == m) return i;
    if (m.topologies().size() > 4) return not_emitted("a mesh of more than four levels");
    Result<std::string> why = not_projectable_reason(m);
    TF_TRY(why);
    if (!why->empty()) return not_emitted(fmt::format("the mesh {}: {}", to_string(m), *why));
    std::vector<std::string> cta, size;
    for (const Topology& t : m.topologies()) {
      if (!t.static_size() || (t.name() != kCtaTopology && t.name() != kThreadTopology))
        return not_emitted(fmt::format("the mesh {} (static cta and thread levels only)", to_string(m)));
      cta.push_back(t.name() == kCtaTopology ? "true" : "false");
      size.push_back(std::to_string(*t.static_size()));
    }
    const std::vector<std::int64_t> extents = ints_of(m.axes().shape()), strides = ints_of(m.axes().stride());
    const std::size_t k = meshes_.size();
    meshes_.push_back(m);
    decls_ << fmt::format("// {}\nTF_CONST tf_rt::MeshDesc tf_mesh_{}_{} = {{{}, {{{}}}, {{{}}}, {}, {{{}}}, {{{}}}, {}}};\n",
                          to_string(m), fn_.name(), k, m.topologies().size(), fmt::join(cta, ", "), fmt::join(size, ", "),
                          extents.size(), int_list(extents), int_list(strides), m.offset());
    return k;
  }

  // The ShardDesc constant of `sl` over a tensor of `shape`, and the position of its mesh.
  Result<std::pair<std::string, std::string>> shard(const ShardLayout& sl, const std::vector<std::int64_t>& shape) {
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
    const std::string name = fmt::format("tf_shard_{}_{}", fn_.name(), shards_++);
    decls_ << fmt::format("TF_CONST tf_rt::ShardDesc {} = {{{}, {{{}}}, {{{}}}}};\n", name, axis.size(), int_list(axis),
                          int_list(extent));
    return std::make_pair(name, fmt::format("tf_pos{}", *pos));
  }

  const Tensor* tensor(const Expr& e) const {
    const auto* v = e->as<Var>();
    if (v == nullptr) return nullptr;
    auto it = tensors_.find(v);
    return it == tensors_.end() ? nullptr : &it->second;
  }

  Result<const Tensor*> operand(const Expr& e, const Call& c) {
    const Tensor* t = tensor(e);
    if (t == nullptr) return not_emitted(fmt::format("an operand of {} that is not a tensor variable", c.op.name()));
    return t;
  }

  // `head {` (and `trailer`, a comment), the body one level in, then `close` (`}`, or `} else {`
  // before another block).
  Result<bool> block(const std::string& head, const tir::Sequential& body, const std::string& close = "}",
                     const std::string& trailer = "") {
    line(head + " {" + trailer);
    ++indent_;
    Result<bool> r = emit_body(body);
    --indent_;
    TF_TRY(r);
    line(close);
    return true;
  }

  Result<bool> emit_body(const tir::Sequential& seq) {
    for (const tir::Stmt& s : seq.body) {
      Result<bool> r = emit_stmt(*s);
      if (r.ok()) continue;
      std::vector<Diagnostic> ds = r.diagnostics();  // placed at the statement the reader saw
      for (Diagnostic& d : ds)
        if (!d.location.known() && s->loc()) d.location = *s->loc();
      return ds;
    }
    return true;
  }

  Result<bool> emit_stmt(const tir::StmtNode& s) {
    if (const auto* let = s.as<tir::LetStmt>()) return emit_let(*let);
    if (const auto* scope = s.as<tir::MeshScope>()) {
      Result<std::size_t> k = mesh_index(scope->mesh);
      TF_TRY(k);
      return block(fmt::format("if (tf_pos{}.in)", *k), *scope->body, "}",
                   fmt::format("  // with {} as {}", to_string(scope->mesh), scope->binding->name));
    }
    if (const auto* ev = s.as<tir::Evaluate>()) return emit_evaluate(*ev);
    if (const auto* loop = s.as<tir::For>()) return emit_for(*loop);
    if (s.as<tir::Abort>() != nullptr) {
      line("tf_rt::prim::trap(\"abort\");");
      return true;
    }
    if (s.as<tir::Return>() != nullptr) {  // the thread ends here
      line("return;");
      return true;
    }
    if (const auto* w = s.as<tir::While>()) {
      Result<std::string> c = condition(w->cond);
      TF_TRY(c);
      return block(fmt::format("while ({})", *c), *w->body);
    }
    if (const auto* branch = s.as<tir::If>()) {
      Result<std::string> c = condition(branch->cond);
      TF_TRY(c);
      const bool has_else = branch->else_body && !branch->else_body->body.empty();
      Result<bool> then_part = block(fmt::format("if ({})", *c), *branch->then_body, has_else ? "} else {" : "}");
      TF_TRY(then_part);
      if (!has_else) return true;
      ++indent_;
      Result<bool> else_part = emit_body(*branch->else_body);
      --indent_;
      TF_TRY(else_part);
      line("}");
      return true;
    }
    return not_emitted(fmt::format("the statement kind {} (in {})", tir::stmt_kind_name(s.kind()), fn_.name()));
  }

  // A While's or If's condition: a rank-0 bool or integer tensor, true when not zero.
  Result<std::string> condition(const Expr& e) {
    if (const auto* c = e->as<Constant>()) {
      if (const auto* b = std::get_if<bool>(&c->value)) return std::string(*b ? "true" : "false");
      if (const auto* i = std::get_if<std::int64_t>(&c->value)) return std::string(*i != 0 ? "true" : "false");
    }
    const Tensor* t = tensor(e);
    if (t == nullptr || !t->shape.empty()) return not_emitted("a condition that is not a rank-0 tensor variable");
    return fmt::format("tf_rt::widen({}.at(tf_rt::kOrigin)) != 0", t->name);
  }

  Result<std::string> int_value(const Expr& e) {
    if (const auto* c = e->as<Constant>(); c != nullptr && c->is_int()) return std::to_string(std::get<std::int64_t>(c->value));
    if (const auto* d = e->as<DimVar>(); d != nullptr && dims_.count(d->name) != 0) return dims_.at(d->name);
    if (const auto* v = e->as<Var>(); v != nullptr && scalars_.count(v) != 0) return scalars_.at(v);
    return not_emitted("a loop bound that is not an integer literal, a bound DimVar or an enclosing loop's index");
  }

  Result<bool> emit_for(const tir::For& f) {
    Result<std::string> a = int_value(f.start), b = int_value(f.stop), s = int_value(f.step);
    TF_TRY(a);
    TF_TRY(b);
    TF_TRY(s);
    const std::string i = fresh(f.induction_var->name);
    scalars_[f.induction_var.get()] = i;
    return block(fmt::format("for (std::int64_t {0} = {1}; {0} < {2}; {0} += {3})", i, *a, *b, *s), *f.body);
  }

  Result<bool> emit_let(const tir::LetStmt& let) {
    const auto* c = let.value->as<Call>();
    const auto* type = let.var->type()->as<TensorType>();
    if (c == nullptr || type == nullptr) return not_emitted(fmt::format("the binding of `{}` (not a tensor op)", let.var->name));
    const std::optional<tir::TirOp> op = tir::tir_op_kind(c->op);
    Result<Tensor> made = tensor_of(*let.var, *type);
    TF_TRY(made);
    Tensor t = std::move(made).value();
    line(fmt::format("// let {} = {}", let.var->name, tir::print_tir_expr(let.value)));
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
      if (op == tir::TirOp::MemorySpan && (*src)->distributed) return not_emitted("the memory span of a distributed tensor");
      const std::string name = t.name;
      t = **src;
      t.name = name;
      line(fmt::format("const tf_rt::View<{}> {} = {};", t.element, t.name, (*src)->name));
    } else {
      return not_emitted(fmt::format("the value op {} (binding `{}`)", c->op.name(), let.var->name));
    }
    tensors_[let.var.get()] = t;
    return emit_body(*let.body);
  }

  Result<bool> emit_alloc(Tensor& t, const TensorType& type) {
    const StorageKind storage = type.storage.value_or(StorageKind::Gmem);
    const ShardLayout* sl = type.layout ? type.layout->as_shard() : nullptr;
    if (type.layout && sl == nullptr) {  // a plain Layout: row-major (a rank-0 tensor's empty one) is the storage order
      const Layout* l = type.layout->as_layout();
      if (l == nullptr || (!t.shape.empty() && (t.symbolic || ints_of(l->stride()) != row_major_strides(t.shape))))
        return not_emitted("an allocation laid out other than row-major");
    }
    if (t.symbolic && (sl != nullptr || storage != StorageKind::Rmem))
      return not_emitted("a distributed or shared allocation of symbolic extent");
    const std::string shape = fmt::format("{}_shape", t.name);
    line(fmt::format("const std::int64_t {}[] = {{{}}};", shape, extent_list(t)));
    const std::int64_t elements = product(t.shape), bytes = elements * element_bytes(t.dtype);
    if (storage == StorageKind::Rmem) {
      // CUDA gives a thread at most 512 KiB of local memory; a larger register tensor (its box, or
      // for a symbolic extent its largest size) has no CUDA form (found by the emulation law: a
      // tensor of two 5,000-wide DimVars asked for a 200 MB fiber stack).
      const std::int64_t held = (sl != nullptr ? product(box_of(*sl, t.shape)) : elements) * element_bytes(t.dtype);
      if (held > (std::int64_t{512} << 10))
        return not_emitted(fmt::format("a register tensor of {} bytes (`{}`), more than the 512 KiB of local memory a CUDA thread has",
                                       held, t.name));
      if (sl != nullptr) {
        Result<std::pair<std::string, std::string>> s = shard(*sl, t.shape);
        TF_TRY(s);
        const std::vector<std::int64_t> box = box_of(*sl, t.shape);
        t.split = split_axes(*sl, t.shape.size());
        t.layout = sl;
        t.box = box;
        line(fmt::format("{} {}_regs[{}];", t.element, t.name, std::max<std::int64_t>(product(box), 1)));
        line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::local_tensor({1}_regs, {2}, {3}, {4}, {5});", t.element, t.name,
                         t.shape.size(), shape, s->first, s->second));
        registers_ += product(box) * static_cast<std::int64_t>(sizeof(std::uint64_t));
        t.distributed = true;
        return true;
      }
      line(fmt::format("{} {}_regs[{}];", t.element, t.name, std::max<std::int64_t>(elements, 1)));
      line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::row_major({1}_regs, {2}, {3});", t.element, t.name, t.shape.size(), shape));
      registers_ += std::max<std::int64_t>(elements, 1) * static_cast<std::int64_t>(sizeof(std::uint64_t));
      t.row_major = true;
      return true;
    }
    if (sl != nullptr) return not_emitted("a distributed allocation in shared or global memory");
    std::int64_t* cursor = storage == StorageKind::Smem ? &smem_ : storage == StorageKind::Gmem ? &gmem_ : nullptr;
    if (cursor == nullptr) return not_emitted(fmt::format("an allocation in {}", to_string(storage)));
    const std::int64_t at = *cursor;
    *cursor += (bytes + 15) / 16 * 16;
    const char* arena = storage == StorageKind::Smem ? "tf_smem" : "tf_gmem";
    line(fmt::format("const tf_rt::View<{0}> {1} = tf_rt::bounded(tf_rt::row_major(reinterpret_cast<{0}*>({2} + {3}), {4}, {5}), {2}_bytes - {3});",
                     t.element, t.name, arena, at, t.shape.size(), shape));
    t.row_major = true;
    return true;
  }

  Result<bool> emit_view(Tensor& t, const Call& c) {
    Result<const Tensor*> src = operand(c.args[0], c);
    TF_TRY(src);
    if (t.symbolic || (*src)->symbolic) return not_emitted("a view of symbolic extent");
    const bool reshaped = !std::holds_alternative<std::monostate>(c.attr("shape"));
    const auto* layout = std::get_if<LayoutBase>(&c.attr("layout"));
    if (layout == nullptr) return not_emitted("tensor_view without a layout");
    const std::string shape = fmt::format("{}_shape", t.name);
    // The tensor the view is placed over: a distributed source's own part (views nest).
    std::string base = (*src)->name;
    if ((*src)->distributed) {
      if ((*src)->box != t.shape || layout->as_shard() == nullptr)
        return not_emitted("a view of a distributed tensor other than a ShardLayout over the whole of each thread's part");
      base = fmt::format("tf_rt::local_part({})", (*src)->name);
    } else if (!(*src)->row_major && !(layout->as_shard() != nullptr && (*src)->shape == t.shape)) {
      return not_emitted("a view of a strided view that changes the shape");
    }
    line(fmt::format("const std::int64_t {}[] = {{{}}};", shape, int_list(t.shape)));
    if (const ShardLayout* sl = layout->as_shard()) {
      if (reshaped) return not_emitted("tensor_view with a ShardLayout and shape=");
      if (!sl->layout().is_layout()) return not_emitted("a ShardLayout over a composed layout");
      Result<std::pair<std::string, std::string>> s = shard(*sl, t.shape);
      TF_TRY(s);
      t.split = split_axes(*sl, t.shape.size());
      t.layout = sl;
      t.box = box_of(*sl, t.shape);
      line(fmt::format("const tf_rt::View<{}> {} = tf_rt::shard_view({}, {}, {}, {}, {});", t.element, t.name, base,
                       t.shape.size(), shape, s->first, s->second));
      t.distributed = true;
      return true;
    }
    std::optional<Layout> plain;
    std::int64_t offset = 0;
    if (const Layout* l = layout->as_layout()) plain = *l;
    if (const ComposedLayout* cl = layout->as_composed(); cl != nullptr && cl->inner_is_identity() && cl->outer()) {
      plain = *cl->outer();
      offset = cl->offset();
    }
    if (!plain) return not_emitted("a view through a composed layout with an inner layout");
    std::vector<std::int64_t> strides = ints_of(plain->stride());
    if (reshaped) {  // `shape=` reads the layout's view row-major: a contiguous one is a row-major view
      const std::vector<std::int64_t> laid = ints_of(plain->shape());
      if (strides != row_major_strides(laid)) return not_emitted("tensor_view with shape= over a layout that is not row-major");
      strides = row_major_strides(t.shape);
    }
    line(fmt::format("const std::int64_t {}_strides[] = {{{}}};", t.name, int_list(strides)));
    line(fmt::format("const tf_rt::View<{}> {} = tf_rt::strided_view({}, {}, {}, {}_strides, {});", t.element, t.name,
                     (*src)->name, t.shape.size(), shape, t.name, offset));
    t.row_major = strides == row_major_strides(t.shape);
    return true;
  }

  // What one thread owns of a tensor of `shape` distributed by `sl`: each Split divides its axis.
  static std::vector<std::int64_t> box_of(const ShardLayout& sl, const std::vector<std::int64_t>& shape) {
    std::vector<std::int64_t> box = shape;
    const std::vector<std::int64_t> mesh_extents = ints_of(sl.mesh().axes().shape());
    for (std::size_t i = 0; i < sl.attrs().size(); ++i)
      if (sl.attrs()[i].is_split() && static_cast<std::size_t>(sl.attrs()[i].axis()) < box.size())
        box[static_cast<std::size_t>(sl.attrs()[i].axis())] /= mesh_extents[i];
    return box;
  }

  static std::vector<bool> split_axes(const ShardLayout& sl, std::size_t rank) {
    std::vector<bool> out(rank, false);
    for (const ShardAttr& a : sl.attrs())
      if (a.is_split() && static_cast<std::size_t>(a.axis()) < rank) out[static_cast<std::size_t>(a.axis())] = true;
    return out;
  }


  Result<bool> emit_evaluate(const tir::Evaluate& ev) {
    if (!ev.is_op()) return not_emitted("an Evaluate of a function symbol inside a kernel");
    const Call* c = &ev.call();
    const std::optional<tir::TirOp> op = tir::tir_op_kind(c->op);
    if (!op) return not_emitted(fmt::format("the op {}", c->op.name()));
    line(fmt::format("// {}", one_line(tir::print_stmt(tir::Stmt(&ev)))));
    switch (*op) {
      case tir::TirOp::Copy: {
        Result<const Tensor*> s = operand(c->args[0], *c), d = operand(c->args[1], *c);
        TF_TRY(s);
        TF_TRY(d);
        line(fmt::format("tf_rt::copy({}, {});", (*s)->name, (*d)->name));
        return true;
      }
      case tir::TirOp::Fill: return emit_fill(*c);
      case tir::TirOp::Binary: return emit_binary(*c);
      case tir::TirOp::Unary: return emit_unary(*c, std::get<std::string>(c->attr("kind")));
      case tir::TirOp::ReLU: return emit_unary(*c, "relu");
      case tir::TirOp::Sync: return emit_sync(ev, *c);
      case tir::TirOp::Reduce: return emit_reduce(*c);
      case tir::TirOp::RMSNorm: {
        Result<const Tensor*> src = operand(c->args[0], *c), dst = operand(c->args[1], *c), w = operand(c->args[2], *c);
        TF_TRY(src);
        TF_TRY(dst);
        TF_TRY(w);
        line(fmt::format("tf_rt::rms_norm({}, {}, {}, static_cast<float>(tf_rt::bits_to_double({:#x}ull)));", (*src)->name,
                         (*dst)->name, (*w)->name, std::bit_cast<std::uint64_t>(std::get<double>(c->attr("eps")))));
        return true;
      }
      default: return not_emitted(fmt::format("the op {}", c->op.name()));
    }
  }

  Result<bool> emit_fill(const Call& c) {
    Result<const Tensor*> d = operand(c.args[0], c);
    TF_TRY(d);
    const Tensor& dst = **d;
    std::string value;
    const bool float_dst = dst.dtype.is_float();
    if (const auto* k = c.args[1]->as<Constant>()) {
      if (const auto* i = std::get_if<std::int64_t>(&k->value)) {
        // An integer: exact into an integer or bool, through f64 into a float.
        value = float_dst ? fmt::format("static_cast<double>(std::int64_t{{{}}})", *i) : fmt::format("std::int64_t{{{}}}", *i);
      } else if (const auto* f = std::get_if<double>(&k->value)) {
        value = fmt::format("tf_rt::bits_to_double({:#x}ull)", std::bit_cast<std::uint64_t>(*f));
      } else {
        value = std::get<bool>(k->value) ? "true" : "false";
      }
    } else if (const auto* v = c.args[1]->as<Var>(); v != nullptr && scalars_.count(v) != 0) {
      value = float_dst ? fmt::format("static_cast<double>({})", scalars_.at(v)) : scalars_.at(v);
    } else {
      Result<const Tensor*> s = operand(c.args[1], c);
      TF_TRY(s);
      value = fmt::format("tf_rt::widen({}.at(tf_rt::kOrigin))", (*s)->name);
    }
    line(fmt::format("tf_rt::fill({}, tf_rt::Narrow<{}>::from({}));", dst.name, dst.element, value));
    return true;
  }

  Result<bool> emit_binary(const Call& c) {
    Result<const Tensor*> a = operand(c.args[0], c), b = operand(c.args[1], c), d = operand(c.args[2], c);
    TF_TRY(a);
    TF_TRY(b);
    TF_TRY(d);
    const std::string& kind = std::get<std::string>(c.attr("kind"));
    const DType x = (*a)->dtype;
    const bool integer = x.is_integer(), boolean = x == DType::boolean();
    static const std::map<std::string, std::string> shared = {{"max", "Max"}, {"min", "Min"}, {"eq", "Eq"}, {"ne", "Ne"},
                                                              {"lt", "Lt"},   {"le", "Le"},   {"gt", "Gt"}, {"ge", "Ge"}};
    std::string f;
    if (auto it = shared.find(kind); it != shared.end()) f = it->second;
    else if (boolean && (kind == "and" || kind == "or")) f = kind == "and" ? "And" : "Or";
    else if (integer && (kind == "add" || kind == "sub" || kind == "mul")) f = kind == "add" ? "IAdd" : kind == "sub" ? "ISub" : "IMul";
    else if (integer && (kind == "floor_div" || kind == "mod" || kind == "pow"))
      f = kind == "floor_div" ? "IFloorDiv" : kind == "mod" ? "IMod" : "IPow";
    else if (!integer && !boolean && kind == "pow") f = "Pow";
    else if (!integer && !boolean && (kind == "add" || kind == "sub" || kind == "mul" || kind == "div"))
      f = kind == "add" ? "Add" : kind == "sub" ? "Sub" : kind == "mul" ? "Mul" : "Div";
    if (f.empty()) return not_emitted(fmt::format("binary kind={} on {}", kind, x.name()));
    line(fmt::format("tf_rt::binary({}, {}, {}, tf_rt::{}{{}});", (*a)->name, (*b)->name, (*d)->name, f));
    return true;
  }

  Result<bool> emit_unary(const Call& c, const std::string& kind) {
    Result<const Tensor*> s = operand(c.args[0], c), d = operand(c.args[1], c);
    TF_TRY(s);
    TF_TRY(d);
    const DType x = (*s)->dtype, to = (*d)->dtype;
    const bool float_src = x.is_float(), integer_src = x.is_integer();
    static const std::map<std::string, std::string> any = {{"neg", "Neg"}, {"abs", "Abs"}, {"relu", "Relu"}, {"square", "Square"}};
    static const std::map<std::string, std::string> floats = {{"exp", "Exp"},   {"log", "Log"},   {"exp2", "Exp2"},
                                                              {"log2", "Log2"}, {"rsqrt", "Rsqrt"}, {"ceil", "Ceil"},
                                                              {"round", "Round"}};
    std::string f;
    if (auto it = any.find(kind); it != any.end() && (float_src || integer_src)) f = it->second;
    else if (auto it2 = floats.find(kind); it2 != floats.end() && float_src) f = it2->second;
    else if (kind == "not" && x == DType::boolean()) f = "Not";
    else if (kind == "cast") f = "Cast";
    if (f.empty()) return not_emitted(fmt::format("unary kind={} from {} to {}", kind, x.name(), to.name()));
    line(fmt::format("tf_rt::unary({}, {}, tf_rt::{}{{}});", (*s)->name, (*d)->name, f));
    return true;
  }

  // The least value of `d` (an empty max), as a literal of its compute type.
  static std::string lowest(DType d) {
    if (d == DType::fp8e4m3()) return "-448.0f";
    if (d.is_float()) return "-INFINITY";
    if (d == DType::i8()) return "std::int64_t{-128}";
    if (d == DType::i32()) return "std::int64_t{-2147483647 - 1}";
    if (d == DType::i64()) return "INT64_MIN";
    return "false";
  }

  Result<bool> emit_reduce(const Call& c) {
    Result<const Tensor*> s = operand(c.args[0], c), d = operand(c.args[1], c);
    TF_TRY(s);
    TF_TRY(d);
    const Tensor& src = **s;
    const auto& axes = std::get<std::vector<std::int64_t>>(c.attr("axes"));
    std::vector<std::string> mask(std::max<std::size_t>(src.shape.size(), 1), "false");
    bool collective = false;
    for (std::int64_t a : axes) {
      mask[static_cast<std::size_t>(a)] = "true";
      collective = collective || (!src.split.empty() && src.split[static_cast<std::size_t>(a)]);
    }
    static const std::map<std::string, std::string> kinds = {{"sum", "Sum"}, {"mean", "Mean"}, {"max", "Max"}, {"abs_max", "AbsMax"}};
    const std::string& kind = std::get<std::string>(c.attr("kind"));
    auto k = kinds.find(kind);
    if (k == kinds.end()) return not_emitted(fmt::format("Reduce kind={}", kind));
    const std::string axes_name = fmt::format("{}_reduced", (*d)->name);
    line(fmt::format("const bool {}[] = {{{}}};", axes_name, fmt::join(mask, ", ")));
    if (!collective) {
      line(fmt::format("tf_rt::reduce({}, {}, {}, tf_rt::ReduceKind::{}, {});", src.name, (*d)->name, axes_name, k->second,
                       lowest(src.dtype)));
      return true;
    }
    // A collective (docs/tir-semantics.md): the participants are the block's threads (the only
    // instance emitted: the source's mesh is the whole block, in one CTA); the source is staged
    // whole in shared memory of its own, then every thread reduces its elements of dst in index
    // order, as the machine model computes the collective once.
    std::int64_t mesh_threads = 1;
    for (const Topology& top : src.layout->mesh().topologies()) {
      if (top.name() == kCtaTopology && top.static_size() != std::optional<std::int64_t>(1))
        return not_emitted("a Reduce across CTAs");
      if (top.name() == kThreadTopology) mesh_threads *= top.static_size().value_or(0);
    }
    if (mesh_threads != tir::implicit_launch(fn_).block || src.symbolic)
      return not_emitted("a Reduce across part of a block (a collective of a thread mesh smaller than the block)");
    const std::int64_t at = smem_;
    smem_ += (product(src.shape) * element_bytes(src.dtype) + 15) / 16 * 16;
    line(fmt::format("tf_rt::reduce_collective({}, {}, {}, tf_rt::ReduceKind::{}, {}, reinterpret_cast<{}*>(tf_smem + {}));  // staging", src.name,
                     (*d)->name, axes_name, k->second, lowest(src.dtype), src.element, at));
    return true;
  }

  Result<bool> emit_sync(const tir::Evaluate& site, const Call& c) {
    Result<BarrierClass> b = tir::classify_sync(c);
    TF_TRY(b);
    if (b->kind == BarrierKind::Grid) {
      cooperative_ = true;
      line("tf_rt::prim::grid_sync();");
      return true;
    }
    if (b->kind == BarrierKind::SyncThreads) {
      line("tf_rt::prim::sync_block();");
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

  const tir::PrimFunction& fn_;
  std::ostringstream& out_;
  std::ostringstream* body_ = nullptr;
  std::ostringstream decls_;
  int indent_ = 1;
  std::set<std::string> names_;
  std::map<const Var*, Tensor> tensors_;
  std::map<const Var*, std::string> scalars_;
  std::map<std::string, std::string> dims_;             // DimVar name -> the variable holding its value
  std::optional<tir::NamedBarrierIds> named_;           // the kernel's named-barrier ids, allocated once
  std::vector<tir::HiddenShapeSource> implicit_;        // the extra extent scalars, after the parameters
  std::map<std::size_t, std::string> hidden_names_;      // hidden parameter index -> its C++ name
  std::vector<Mesh> meshes_;
  int shards_ = 0;
  std::int64_t smem_ = 0, gmem_ = 0, registers_ = 0;
  bool cooperative_ = false;
};

// What the host entries need to know of each kernel.
struct KernelFacts {
  std::vector<std::string> param_types;  // in order: an element pointer's element type, or "" for a hidden extent
  std::vector<std::optional<tir::HiddenShapeSource>> hidden;  // per parameter: the extent a hidden one carries
  std::vector<tir::HiddenShapeSource> implicit;               // the extra extent scalars after them
  std::int64_t smem = 0, gmem = 0, registers = 0;
  bool cooperative = false;
};

// The launch shim of kernel `name`.
std::string launch_shim(const std::string& name, const KernelFacts& k) {
  std::vector<std::string> params, args;
  for (std::size_t i = 0; i < k.param_types.size(); ++i) {
    params.push_back(k.hidden[i] ? fmt::format("std::int32_t a{}", i) : fmt::format("{}* a{}", k.param_types[i], i));
    args.push_back(fmt::format("a{}", i));
  }
  for (std::size_t i = 0; i < k.implicit.size(); ++i) {
    params.push_back(fmt::format("std::int64_t d{}", i));
    args.push_back(fmt::format("d{}", i));
  }
  const std::string list = fmt::format("{}", fmt::join(params, ", "));
  const std::string call = fmt::format("{}{}", fmt::join(args, ", "), args.empty() ? "" : ", ");
  return fmt::format(
      "static const char* tf_launch_{0}(tf_rt::Dim3 grid, tf_rt::Dim3 block{1}{2}) {{\n"
      "  return tf_rt::launch(grid, block, {3}, {4}, {5}, {6},\n"
      "                       [&](unsigned char* tf_gmem) {{ {8}({0}, grid, block, {3}, {7}tf_gmem); }});\n"
      "}}\n\n",
      name, params.empty() ? "" : ", ", list, k.smem, k.gmem, k.registers + 64 * 1024, k.cooperative ? "true" : "false", call,
      k.cooperative ? "TF_RUN_COOPERATIVE" : "TF_RUN");
}

// A launch extent as host C++: an integer literal, a parameter's extent (ShapeOf, from the
// entry's shapes), or dim arithmetic over those (floor division and modulo as Python's).
Result<std::string> host_extent(const ExprNode& e, const std::map<const Var*, std::size_t>& index) {
  if (const auto* c = e.as<Constant>(); c != nullptr && c->is_int()) return fmt::format("std::int64_t{{{}}}", std::get<std::int64_t>(c->value));
  if (const auto* s = e.as<ShapeOf>(); s != nullptr && index.count(s->param.get()) != 0)
    return fmt::format("shapes[{}][{}]", index.at(s->param.get()), s->axis);
  if (const auto* call = e.as<Call>(); call != nullptr && call->args.size() == 2) {
    const std::optional<DimOpKind> k = dim_op_kind(call->op);
    if (k) {
      Result<std::string> a = host_extent(*call->args[0], index), b = host_extent(*call->args[1], index);
      TF_TRY(a);
      TF_TRY(b);
      switch (*k) {
        case DimOpKind::Add: return fmt::format("({} + {})", *a, *b);
        case DimOpKind::Sub: return fmt::format("({} - {})", *a, *b);
        case DimOpKind::Mul: return fmt::format("({} * {})", *a, *b);
        case DimOpKind::FloorDiv: return fmt::format("tf_rt::host_floor_div({}, {})", *a, *b);
        case DimOpKind::Mod: return fmt::format("tf_rt::host_mod({}, {})", *a, *b);
        case DimOpKind::Min: return fmt::format("std::min<std::int64_t>({}, {})", *a, *b);
        case DimOpKind::Max: return fmt::format("std::max<std::int64_t>({}, {})", *a, *b);
      }
    }
  }
  return not_emitted("a launch extent other than literals, parameter extents and dim arithmetic");
}

// A host DispatchCall as a first-match if-chain on the subject extent (seed 002 section 1.6):
// each case calls its variant's host entry on the buffers and shapes of the call's arguments;
// the fallback's abort returns its message.
Result<std::string> dispatch(const tir::DispatchCall& d, const std::map<const Var*, std::size_t>& index, const std::string& fn) {
  const auto* subject = d.subjects.size() == 1 ? d.subjects[0]->as<ShapeOf>() : nullptr;
  if (subject == nullptr || index.count(subject->param.get()) == 0)
    return not_emitted(fmt::format("a dispatch whose subject is not one extent of a parameter (in {})", fn));
  std::ostringstream out;
  out << fmt::format("  const std::int64_t subject = shapes[{}][{}];  // dispatch \"{}\"\n", index.at(subject->param.get()),
                     subject->axis, d.callee_name);
  for (std::size_t i = 0; i < d.case_calls.size(); ++i) {
    const auto* range = d.case_patterns[i].size() == 1 ? d.case_patterns[i][0]->as<DimVarRangePat>() : nullptr;
    if (range == nullptr) return not_emitted("a dispatch case other than one DimVarRangePat");
    const tir::Evaluate& call = *d.case_calls[i];
    std::vector<std::string> buffers, shapes;
    for (const Expr& a : call.args()) {
      const auto* v = a->as<Var>();
      if (v == nullptr || index.count(v) == 0) return not_emitted("a dispatch case argument that is not a parameter of the entry");
      buffers.push_back(fmt::format("buffers[{}]", index.at(v)));
      shapes.push_back(fmt::format("shapes[{}]", index.at(v)));
    }
    out << fmt::format("  if ({} <= subject && subject < {}) {{\n    void* const b[] = {{{}}};\n    const std::int64_t* const s[] = {{{}}};\n"
                       "    return tf_entry_{}(b, s);\n  }}\n",
                       range->lo, range->hi, fmt::join(buffers, ", "), fmt::join(shapes, ", "), call.symbol().name);
  }
  std::string why = "abort";
  for (const tir::Stmt& f : d.fallback->body)
    if (const auto* a = f->as<tir::Abort>()) why = "abort: " + a->message;
  out << fmt::format("  return \"{}\";\n", why);
  return out.str();
}

// The host entry: `tf_entry_NAME(buffers, shapes)`, one buffer and one shape (its extents) per
// entry parameter in order; each launch passes the kernel its buffers and, for each hidden extent
// scalar, the extent of the tensor it describes (seed 002 section 2.2: filled from the tensor,
// never a host input).
Result<std::string> host_entry(const tir::PrimFunction& fn, const std::map<std::string, KernelFacts>& kernels) {
  std::ostringstream out;
  std::map<const Var*, std::size_t> index;
  for (std::size_t i = 0; i < fn.params().size(); ++i) index[fn.params()[i].get()] = i;
  out << fmt::format("// prim_func {} (the host entry)\nextern \"C\" const char* tf_entry_{}(void* const* buffers, const std::int64_t* const* shapes) {{\n  (void)shapes;\n",
                     fn.name(), fn.name());
  for (const tir::Stmt& s : fn.body()->body) {
    if (s->as<tir::Return>() != nullptr) continue;
    if (const auto* d = s->as<tir::DispatchCall>()) {
      Result<std::string> chain = dispatch(*d, index, fn.name());
      TF_TRY(chain);
      out << *chain;
      continue;
    }
    const auto* ev = s->as<tir::Evaluate>();
    const Call* c = ev != nullptr && ev->is_op() ? &ev->call() : nullptr;
    if (c == nullptr || tir::tir_op_kind(c->op) != tir::TirOp::Launch) return not_emitted(fmt::format("a host entry statement other than launch (in {})", fn.name()));
    const auto* callee = c->args[0]->as<SymbolRef>();
    auto k = callee != nullptr ? kernels.find(callee->name) : kernels.end();
    if (k == kernels.end()) return not_emitted("a launch of something other than an emitted kernel");
    std::vector<std::string> dims;
    for (std::size_t i = 1; i <= 6; ++i) {
      Result<std::string> d = host_extent(*c->args[i], index);
      TF_TRY(d);
      dims.push_back(fmt::format("static_cast<unsigned>({})", *d));
    }
    // The launch's arguments are the kernel's visible parameters, in order.
    const KernelFacts& facts = k->second;
    std::vector<std::size_t> host_of(facts.param_types.size(), 0);  // kernel parameter -> entry parameter
    std::size_t next = 7;
    for (std::size_t i = 0; i < facts.param_types.size(); ++i) {
      if (facts.hidden[i]) continue;
      const auto* v = next < c->args.size() ? c->args[next]->as<Var>() : nullptr;
      ++next;
      if (v == nullptr || index.count(v) == 0) return not_emitted("a launch argument that is not a parameter of the entry");
      host_of[i] = index.at(v);
    }
    std::vector<std::string> args;
    for (std::size_t i = 0; i < facts.param_types.size(); ++i) {
      if (facts.hidden[i])
        args.push_back(fmt::format("static_cast<std::int32_t>(shapes[{}][{}])", host_of[facts.hidden[i]->tensor_param], facts.hidden[i]->axis));
      else
        args.push_back(fmt::format("static_cast<{}*>(buffers[{}])", facts.param_types[i], host_of[i]));
    }
    for (const tir::HiddenShapeSource& d : facts.implicit) args.push_back(fmt::format("shapes[{}][{}]", host_of[d.tensor_param], d.axis));
    out << fmt::format("  if (const char* e = tf_launch_{}(tf_rt::Dim3{{{}, {}, {}}}, tf_rt::Dim3{{{}, {}, {}}}{}{})) return e;\n",
                       callee->name, dims[0], dims[1], dims[2], dims[3], dims[4], dims[5], args.empty() ? "" : ", ",
                       fmt::join(args, ", "));
  }
  // A dispatch returns on every path (its fallback too); anything else ends here.
  if (fn.body()->body.empty() || fn.body()->body.back()->as<tir::DispatchCall>() == nullptr) out << "  return nullptr;\n";
  out << "}\n\n";
  return out.str();
}

}  // namespace

Result<std::string> emit_module(const Module& module) {
  std::ostringstream out;
  out << "// Emitted by tf emit (TileFoundry-C++): one CUDA C++ translation unit for nvcc, or for g++\n"
         "// against the host emulation. Each kernel statement carries its tfir in a comment.\n"
         "#include \"cuda/runtime/tf_runtime.h\"\n\n";
  std::map<std::string, KernelFacts> kernels;
  std::ostringstream entries;
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get());
    if (fn == nullptr) return not_emitted(fmt::format("the non-TIR function {} (lower it first)", f->name()));
    if (fn->target() != tir::Target::Cuda) continue;
    std::ostringstream kernel;
    KernelEmitter k(*fn, kernel);
    Result<bool> ok = k.emit();
    TF_TRY(ok);
    KernelFacts facts{{}, tir::hidden_shape_params(*fn), k.implicit_extents(), k.smem_bytes(), k.gmem_bytes(), k.register_bytes(),
                      k.cooperative()};
    for (std::size_t i = 0; i < fn->params().size(); ++i)
      facts.param_types.push_back(facts.hidden[i] ? "" : *ctype(fn->params()[i]->type()->as<TensorType>()->dtype));
    out << k.declarations() << kernel.str() << launch_shim(fn->name(), facts);
    kernels[fn->name()] = facts;
  }
  for (const FunctionRef& f : module.functions())  // the host entries call each other (a dispatch)
    if (const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get()); fn != nullptr && fn->target() != tir::Target::Cuda)
      out << fmt::format("extern \"C\" const char* tf_entry_{}(void* const* buffers, const std::int64_t* const* shapes);\n", fn->name());
  out << "\n";
  for (const FunctionRef& f : module.functions()) {
    const auto* fn = dynamic_cast<const tir::PrimFunction*>(f.get());
    if (fn == nullptr || fn->target() == tir::Target::Cuda) continue;
    Result<std::string> e = host_entry(*fn, kernels);
    TF_TRY(e);
    out << *e;
  }
  return out.str();
}

}  // namespace tf::cuda
