// Op: a process-lifetime descriptor of an operation, and the registry that owns them.
//
// Design note. An Op is what a Call applies ("dim.DimAdd", "hir.tensor.Split",
// "tir.memory.Copy"). Its descriptor is created once by OpRegistry::add and never freed or
// changed while its registry lives; the `Op` handle is a pointer-sized value compared by
// identity. Each descriptor carries a dense index (its registration order) so that the
// per-op handler tables (op_handlers.h: typeinfer, verify, eval, lower, emit) are arrays
// indexed by op. Registries are filled by explicit `register_...(OpRegistry&)` functions
// (register_dim_ops in ir/dim/dim_ops.h); nothing registers itself from a static
// constructor. There is no process-wide registry: a Context (context.h) owns one. The dim ops
// are the exception that every registry shares: shapes are built everywhere (types, typeinfer
// rules, the simplifier) without a context, so the dim family lives in OpRegistry::builtin(),
// filled once and never changed, and every registry finds and indexes its ops as if they were
// registered there first.
//
// Identity (issue: op identity by entry, never by name). A registration names its family (an
// OpFamily: a static object per family, compared by address) and its code within the family
// (the family's enumerator); `op.code_in<E>(family)` answers "which op of my family is this"
// without looking at the name.
//
// Schema (upstream docs/spec/core-ir.md). Every op declares its parameters (ParamDef, param_def.h):
// its operands, whose order fixes Call::args, and its keyword attributes. Call::make checks the
// argument count against the declared operands. The per-op handlers (typeinfer, verify,
// eval, lower, emit) live in tables beside the registry (op_handlers.h), never in the Op.
//
// Form (upstream docs/spec/core-ir.md, seed 000 section 6): a value-form Op produces a readable
// value; an effect-form Op produces UnitType and appears in Stmt position as Evaluate(op, args).
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ir/core/param_def.h"
#include "ir/support/result.h"

namespace tf {

/// Whether an Op's Call yields a readable value or only an effect (UnitType).
enum class OpForm : std::uint8_t { Value, Effect };

/// True for `[A-Za-z_][A-Za-z0-9_]*` (docs/tfir.md section 1).
bool is_identifier(std::string_view s);

/// The snake_case of the last component of a dotted op name: "hir.tensor.IndexAdd" ->
/// "index_add", "tir.nn.RMSNorm" -> "rms_norm", "tir.async.CpAsyncWait" -> "cp_async_wait".
std::string derived_surface_name(std::string_view op_name);

/// "value" or "effect".
std::string_view op_form_name(OpForm form);

/// A family of ops registered together (the dim ops, hir.tensor, the TIR ops). Each family
/// declares one static instance; its address identifies the family (header comment).
struct OpFamily {
  std::string_view name;  ///< for messages: "dim", "hir.tensor", "tir"
};

/// What a registration states about an op.
struct OpSpec {
  std::string name;              ///< canonical dotted name, e.g. "dim.DimAdd"
  OpForm form = OpForm::Value;   ///< value or effect form
  bool tuple_operands = false;   ///< may take TupleType operands (tuple_get_item, Concat)
  std::vector<ParamDef> params;  ///< operands and attributes, in declaration order
  /// The result-type rule in one line, for people (`tf ops`, docs/tfir.md); the typeinfer
  /// handler is what computes it. Empty: "Unit" for effect ops, else not documented yet.
  std::string result_rule;
  /// The tfir call spelling (`cast`, `alloc_tensor`, `copy`); empty means the snake_case of
  /// the last name component ("hir.tensor.IndexAdd" -> `index_add`). Unique per dialect (the
  /// first name component): the body parser resolves `name(...)` in a `func` among the `hir.`
  /// and core ops and in a `prim_func` among the `tir.` ops.
  std::string surface;
  /// The family that registers the op and the op's code within it (the family's enumerator
  /// value); a family-less op (tests) has no code.
  const OpFamily* family = nullptr;
  std::uint32_t code = 0;

  friend bool operator==(const OpSpec&, const OpSpec&) = default;
};

class OpRegistry;

/// A registered op descriptor; owned by its OpRegistry.
struct OpInfo {
  OpSpec spec;
  std::uint32_t index = 0;            ///< dense registration index within its registry
  const OpRegistry* owner = nullptr;  ///< the registry that owns the descriptor
  std::size_t operand_count = 0;      ///< number of operand-kind params
  bool variadic = false;              ///< the last operand is variadic
  std::string surface;                ///< spec.surface, or the derived snake_case spelling
  std::string dialect;                ///< the first component of spec.name
};

/// A handle to a registered op. A default-constructed Op is invalid.
class Op {
 public:
  constexpr Op() = default;

  /// False only for a default-constructed handle.
  bool valid() const { return info_ != nullptr; }
  /// What the registration stated.
  const OpSpec& spec() const { return info_->spec; }
  /// The canonical name ("dim.DimAdd").
  std::string_view name() const { return info_->spec.name; }
  /// Value or effect form.
  OpForm form() const { return info_->spec.form; }
  /// Whether operands of TupleType are allowed (seed 000 section 5's exceptions).
  bool tuple_operands() const { return info_->spec.tuple_operands; }
  /// Dense index within the registry that owns the op.
  std::uint32_t index() const { return info_->index; }
  /// The registry that owns the op (handler tables check that an op is theirs).
  const OpRegistry* registry() const { return info_->owner; }
  /// The declared parameters, operands and attributes, in order.
  const std::vector<ParamDef>& params() const { return info_->spec.params; }
  /// The tfir call spelling (OpSpec::surface, or the derived snake_case name).
  std::string_view surface() const { return info_->surface; }
  /// The dialect: the first component of the name ("hir", "tir", "dim").
  std::string_view dialect() const { return info_->dialect; }
  /// The family that registered the op (nullptr for a family-less op).
  const OpFamily* family() const { return info_->spec.family; }
  /// The op's code as an `E` when the op belongs to `family`, else nullopt: identity by the
  /// registered entry (header comment).
  template <typename E>
  std::optional<E> code_in(const OpFamily& family) const {
    if (!valid() || info_->spec.family != &family) return std::nullopt;
    return static_cast<E>(info_->spec.code);
  }
  /// The one-line result-type rule of the spec (may be empty).
  std::string_view result_rule() const { return info_->spec.result_rule; }
  /// The declared parameter named `name`, or nullptr.
  const ParamDef* find_param(std::string_view name) const;
  /// The names of the attribute parameters, in order (what an unknown attribute is near).
  std::vector<std::string> attribute_names() const;
  /// Number of operand-kind parameters.
  std::size_t operand_count() const { return info_->operand_count; }
  /// True when the op's last operand is variadic (the arguments from its position on, any
  /// number of them, bind to it).
  bool variadic() const { return info_->variadic; }
  /// The argument counts the schema admits: exactly operand_count(), or when variadic() at
  /// least the operands before the variadic one.
  bool accepts_arity(std::size_t args) const {
    return variadic() ? args + 1 >= operand_count() : args == operand_count();
  }
  /// What accepts_arity admits, in words: "2 operands", "1 operand", "at least 1 operand", "any
  /// number of operands" (for arity messages).
  std::string arity_text() const;

  /// Identity of the descriptor.
  friend bool operator==(Op a, Op b) { return a.info_ == b.info_; }
  /// Consistent with ==.
  std::size_t hash() const { return std::hash<const void*>()(info_); }

 private:
  friend class OpRegistry;
  explicit Op(const OpInfo* info) : info_(info) {}
  const OpInfo* info_ = nullptr;
};

/// Owns op descriptors and finds them by name. Thread-safe; descriptors never move.
class OpRegistry {
 public:
  /// A registry holding the builtin ops (builtin(): found and indexed as its first ops).
  OpRegistry();
  OpRegistry(const OpRegistry&) = delete;
  OpRegistry& operator=(const OpRegistry&) = delete;

  /// The builtin ops every registry shares (the dim family; header comment). Filled on first
  /// use, never changed, never destroyed.
  static const OpRegistry& builtin();
  /// Whether `op` is found in this registry: one of its own or a builtin op.
  bool holds(Op op) const;

  /// Registers `spec`. Registering an identical spec again (or a builtin op's) returns the
  /// existing op, so register_... functions are idempotent. Diagnostic (category Usage) when
  /// the name is not a dotted identifier ("dim.DimAdd"), the parameter list is not a valid
  /// schema (check_params), or the name is already registered with a different spec.
  Result<Op> add(OpSpec spec);
  /// The op registered under `name`, if any.
  std::optional<Op> find(std::string_view name) const;
  /// The op of `dialect` ("hir", "tir"; ops of the "dim" and "core" dialects are found from
  /// every dialect) whose surface spelling is `surface`, if any.
  std::optional<Op> find_surface(std::string_view dialect, std::string_view surface) const;
  /// Number of registered ops; their indices are 0 .. size()-1.
  std::size_t size() const;
  /// The op with dense index `index` (precondition: index < size()).
  Op at(std::size_t index) const;

 private:
  struct BuiltinTag {};
  explicit OpRegistry(BuiltinTag) {}
  // The index of the first own op: the number of builtin ops (0 for builtin() itself).
  std::size_t first_index() const;

  const OpRegistry* base_ = nullptr;  // builtin() for every registry but itself
  mutable std::mutex mutex_;
  std::deque<OpInfo> ops_;  // a deque keeps descriptor addresses stable
  struct NameHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::unordered_map<std::string, std::size_t, NameHash, std::equal_to<>> by_name_;
  std::unordered_map<std::string, std::size_t> by_surface_;  // "dialect.surface" -> index
};

}  // namespace tf

template <>
struct std::hash<tf::Op> {
  std::size_t operator()(tf::Op op) const { return op.hash(); }
};
