// KernelEmitter: one device prim_func as a TF_GLOBAL kernel of the runtime (emitter.h's design
// note). Its member definitions are split by concern: kernel_emitter.cpp (the signature, names,
// meshes, control flow and bindings), kernel_memory.cpp (allocations and views),
// kernel_ops.cpp (the effect ops, the MMA atom and cp.async), kernel_calls.cpp (device calls
// and DispatchCalls).
#pragma once

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cuda/emit/cpp_text.h"
#include "ir/core/call.h"
#include "ir/core/math_kinds.h"
#include "ir/core/var.h"
#include "ir/layout/mesh.h"
#include "ir/layout/shard_layout.h"
#include "ir/support/result.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/named_barriers.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/sequential.h"
#include "ir/tir/stmt_functor.h"
#include "ir/type/tensor_type.h"

namespace tf::cuda::detail {

/// What a tensor Var is in the generated code.
struct Tensor {
  std::string name;     ///< the View variable (an identifier of cpp_text.h's CppNames)
  std::string ir_name;  ///< the IR Var's name, for diagnostics
  std::string element;  ///< its element type
  DType dtype;
  std::vector<std::int64_t> shape;   ///< the extents; a DimVar's largest value where one is symbolic
  std::vector<std::string> extents;  ///< each extent as C++ (a literal, or a bound DimVar's variable)
  bool symbolic = false;             ///< some extent is a DimVar
  bool distributed = false;          ///< a ShardLayout view or register tensor
  std::vector<bool> split;           ///< per axis: divided among the mesh positions
  std::vector<std::int64_t> box;     ///< a distributed tensor's box (what one thread owns)
  const ShardLayout* layout = nullptr;  ///< a distributed tensor's ShardLayout (the IR's, alive while emitting)
  bool row_major = false;  ///< a plain row-major view of its storage (a view can be taken of it)
  StorageKind storage = StorageKind::Gmem;  ///< where its elements live
  /// The strides its View addresses with (over memory, or over a register box); empty when not
  /// known statically (a symbolic shape, a nested domain).
  std::vector<std::int64_t> strides;
  /// A tensor typed by a ShardLayout whose domain nests (an MMA fragment): its View is over the
  /// flat domain (`shape` holds the leaves), `logical` is its type's shape, and
  /// `<name>_leaves` / `<name>_leaf_extents` name how each logical axis splits.
  std::vector<std::int64_t> logical;
  bool fragment = false;  ///< a register tensor laid out by its ShardLayout's own strides (compact)
  /// A block-scaled tensor's planes (codes, scales, and NVFP4's tensor scale), each a plain
  /// tensor; then `name` is its tf_rt::BlockScaled variable, `element` that type, and `block` the
  /// block size (cuda/runtime/block_scaled.h).
  std::vector<Tensor> planes;
  std::int64_t block = 0;
};

/// How a ShardLayout's domain relates to a tensor's logical shape.
struct Domain {
  std::vector<std::int64_t> leaves;  ///< the flat domain's extents
  std::vector<int> per_axis;         ///< how many leaves each logical axis has
  bool nested = false;               ///< some logical axis has more than one leaf
};

/// What a caller needs of a device function it calls (emitted once per module).
struct DeviceFnFacts {
  std::string name;  ///< the TF_DEV function
  std::int64_t smem = 0, gmem = 0, registers = 0;  ///< the regions and stack its calls need
  std::int64_t local_bytes = 0;                    ///< the bytes of its register tensors (its callees' included)
  bool cooperative = false;                        ///< it (or a callee) uses the grid barrier
};

/// Emits device function `name` (once, before its first caller) and gives its facts.
using CalleeEmitter = std::function<Result<DeviceFnFacts>(const std::string& name)>;

/// Emits one cuda prim_func into `out`: as a kernel (TF_GLOBAL, parameters from pointers), or as
/// a device function a kernel calls (TF_DEV, parameters the caller's Views, its shared and
/// global regions given by the caller). The constants it names are declarations().
class KernelEmitter : private tir::StmtFunctor<Result<bool>> {
 public:
  KernelEmitter(const tir::PrimFunction& fn, std::ostringstream& out, CalleeEmitter callees = {}, bool device_function = false)
      : fn_(fn), out_(out), callees_(std::move(callees)), device_(device_function), symbols_(function_symbols(fn.name())) {}

  /// Writes the kernel, or the refusal of its first construct not emitted yet (placed).
  Result<bool> emit();

  /// The named-barrier ids of the kernel being emitted, its device functions' sites included
  /// (tir::allocate_named_barriers over the module); without them, the function's own.
  void use_named_barriers(const tir::NamedBarrierIds& ids) { named_ = ids; }
  /// Emits under `symbols` instead of the function's own (a per-kernel copy).
  void use_symbols(FunctionSymbols symbols) { symbols_ = std::move(symbols); }

  /// The constants the kernel's code names (written before it).
  std::string declarations() const { return decls_.str(); }
  std::int64_t smem_bytes() const { return smem_; }
  /// The extra extent scalars the kernel takes after its parameters (DimVars without a hidden one).
  const std::vector<tir::HiddenShapeSource>& implicit_extents() const { return implicit_; }
  std::int64_t gmem_bytes() const { return gmem_; }
  /// What a thread's stack must hold beyond a base: its register tensors, and each View (about
  /// 360 bytes; the gemm of 230 Views needed an 84 KB frame under the emulation's -O1).
  std::int64_t register_bytes() const { return registers_ + 512 * views_; }
  /// The bytes of its register tensors and its callees' (at most kMaxLocalBytes).
  std::int64_t local_bytes() const { return local_bytes_; }
  bool cooperative() const { return cooperative_; }

 private:
  void line(const std::string& s) { *body_ << std::string(2 * indent_, ' ') << s << "\n"; }
  /// The Tensor record of `v` (named `name`, or a fresh name from v's).
  Result<Tensor> tensor_of(const Var& v, const TensorType& t, std::string name = "");
  /// An extent given by dim arithmetic over bound DimVars: its C++ value and its range.
  struct DimExtent {
    std::string text;
    std::int64_t least = 0, most = 0;
  };
  /// The extent `e` of tensor `tensor` (a literal, a bound DimVar, dim arithmetic over those).
  Result<DimExtent> dim_extent(const Expr& e, const std::string& tensor);
  /// tensor_of for a block-scaled `t`: the record and its planes' (block_scaled_emit.cpp).
  Result<Tensor> block_scaled_of(const Var& v, const TensorType& t, std::string name);
  /// The BlockScaled variable of `t` over its planes' Views.
  void bind_planes(const Tensor& t);
  /// A block-scaled kernel parameter's planes over its buffer `<name>_ptr`.
  void block_scaled_param(const Tensor& t);
  Result<bool> emit_block_scaled_alloc(Tensor& t, const TensorType& type);
  Result<bool> emit_block_scaled_view(Tensor& t, const Call& c, const Tensor& src);
  /// A quantizing or dequantizing cast (a block-scaled operand).
  Result<bool> emit_block_scaled_cast(const Call& c, const Tensor& src, const Tensor& dst);
  /// The prefix of this function's constants (kernels and device functions apart).
  const std::string& symbol() const { return device_ ? symbols_.device_tables : symbols_.kernel_tables; }
  static std::string extent_list(const Tensor& t);
  Result<std::size_t> mesh_index(const Mesh& m);
  Result<std::pair<std::string, std::string>> shard(const ShardLayout& sl, const std::vector<std::int64_t>& shape);
  /// The domain of `sl` against logical `shape`: its leaves, or the top-level modes grouping them.
  static Result<Domain> domain_of(const ShardLayout& sl, const std::vector<std::int64_t>& shape);
  /// Makes `t` (of logical shape t.shape) a flat-domain tensor over `d`: declares its leaf arrays.
  void flatten_tensor(Tensor& t, const Domain& d);
  /// `x` as an operand beside `like` in an elementwise op: itself, or when only `like` is over a
  /// nested domain, x split the same way (x undistributed, of like's logical shape).
  Result<std::string> aligned(const Tensor& x, const Tensor& like);
  /// x and y aligned to whichever of them is over a nested domain.
  Result<std::pair<std::string, std::string>> aligned_pair(const Tensor& x, const Tensor& y);
  const Tensor* tensor(const Expr& e) const;
  Result<const Tensor*> operand(const Expr& e, const Call& c);
  // `head {` (and `trailer`, a comment), `first` and the body one level in, then `close` (`}`, or
  // `} else {` before another block).
  Result<bool> block(const std::string& head, const tir::Sequential& body, const std::string& close = "}",
                     const std::string& trailer = "", const std::string& first = "");
  Result<bool> emit_body(const tir::Sequential& seq);
  /// One statement, by its kind (StmtFunctor: a kind without its `on` does not compile).
  Result<bool> emit_stmt(const tir::StmtNode& s);
#define TF_STMT_NODE(Name) Result<bool> on(const tir::Name& node) override;
#include "ir/tir/stmt_nodes.def"
  Result<bool> not_emitted_kind(const tir::StmtNode& s);
  Result<std::string> condition(const Expr& e);
  Result<std::string> int_value(const Expr& e);
  Result<bool> emit_for(const tir::For& f);
  /// A TensorView start coordinate as a C++ int64 expression.
  Result<std::string> coordinate(const Expr& e);
  /// The binding of `let` (its body is the caller's: emit_body runs a chain of lets in a loop).
  Result<bool> emit_let(const tir::LetStmt& let);

  Result<bool> emit_alloc(Tensor& t, const TensorType& type);
  /// The offset of `bytes` more in shared memory or the global workspace (`what` names them in
  /// the refusal when the region would outgrow what CUDA gives a block or a GPU has).
  Result<std::int64_t> place(StorageKind where, std::int64_t bytes, const std::string& what);
  /// The view `t` of c's memory operand (of `over` instead: a plane of a block-scaled operand).
  Result<bool> emit_view(Tensor& t, const Call& c, const Tensor* over = nullptr);
  /// A view of a tensor of symbolic extent: a rank-0 window at run-time coordinates, or a static
  /// window at one flat start over a kernel parameter (kernel_memory.cpp).
  Result<bool> symbolic_window(Tensor& t, const Call& c);
  static std::vector<std::int64_t> box_of(const ShardLayout& sl, const std::vector<std::int64_t>& shape);
  static std::vector<bool> split_axes(const ShardLayout& sl, std::size_t rank);

  Result<bool> emit_evaluate(const tir::Evaluate& ev);
  Result<bool> emit_fill(const Call& c);
  Result<bool> emit_binary(const Call& c);
  Result<bool> emit_unary(const Call& c, UnaryKind kind);
  static std::string lowest(DType d);
  Result<bool> emit_reduce(const Call& c);
  Result<bool> emit_sync(const tir::Evaluate& site, const Call& c);
  Result<bool> emit_mma(const Call& c);
  Result<bool> emit_copy_async(const Call& c);
  Result<bool> emit_call(const tir::Evaluate& call);
  Result<bool> emit_dispatch(const tir::DispatchCall& d);
  /// A parameter's extent (ShapeOf) as C++.
  Result<std::string> extent_of(const Expr& shape_of);
  /// The signature and prologue of a kernel or device function, once its body is known.
  void write_function(const std::vector<std::string>& params, const std::string& body);

  const tir::PrimFunction& fn_;
  std::ostringstream& out_;
  CalleeEmitter callees_;
  bool device_ = false;  // a device function, not a kernel
  FunctionSymbols symbols_;
  std::ostringstream* body_ = nullptr;
  std::ostringstream decls_;
  int indent_ = 1;
  CppNames names_;  // the identifiers of the body (cpp_text.h: every IR name is issued here)
  std::map<const Var*, Tensor> tensors_;
  std::map<const Var*, std::string> scalars_;
  std::map<std::string, std::string> dims_;          // DimVar name -> the variable holding its value
  std::optional<tir::NamedBarrierIds> named_;        // the kernel's named-barrier ids, allocated once
  std::vector<tir::HiddenShapeSource> implicit_;     // the extra extent scalars, after the parameters
  std::map<std::size_t, std::string> hidden_names_;  // hidden parameter index -> its C++ name
  std::vector<Mesh> meshes_;
  int shards_ = 0;
  std::int64_t views_ = 0;  // Views the kernel declares
  std::int64_t smem_ = 0, gmem_ = 0, registers_ = 0;
  std::int64_t local_bytes_ = 0;  // the bytes of the register tensors (and of its callees'), at most kMaxLocalBytes
  bool cooperative_ = false;
};

}  // namespace tf::cuda::detail
