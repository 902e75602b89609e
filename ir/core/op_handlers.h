// OpHandlers: the per-op handler tables (typeinfer, verify, eval HIR, eval TIR, emit).
// The lowering keeps its own table of patterns (lower/lowering_pattern.h), which hold an operand
// form beside their functions.
//
// Design note (docs/architecture.md, "Ops, handlers and the Context"). Behaviour that differs per
// op lives in dense tables indexed by the op's registration index, one table per handler kind,
// beside one OpRegistry; never in the Op and never in a string-keyed map. Tables are filled only by
// explicit `register_...(OpRegistry&, OpHandlers&)` functions, one per op family
// (register_dim_handlers in ir/dim/dim_handlers.h); nothing registers itself from a static
// constructor. `required_handlers(op)` says which kinds an op must have, and a unit test walks
// every registered op and checks that each required table holds it (what -Wswitch does for a
// switch); a missing entry at run time is an InternalError that names the op and the kind.
//
// Each handler kind is a tag struct naming its kind and its function-pointer signature, so a
// table is typed at every use: `handlers.set<TypeInferHandler>(op, &f)`,
// `handlers.get<VerifyHandler>(op)(call)`. The signatures of typeinfer, typeinfer_attrs (the
// typeinfer of an op that declares attributes, which also receives the Call's attribute
// values) and verify are fixed here; eval HIR, eval TIR and emit take values this
// layer does not know (tensors, the machine model, CUDA text), so their tags are declared by
// the layer that fills them, each with its HandlerKind (e.g. `struct EvalHirHandler { static
// constexpr HandlerKind kKind = HandlerKind::EvalHir; using Fn = ...; };`). Storage is
// type-erased per kind; the first tag used with a kind pins that kind's signature and any
// other tag for it is an InternalError.
#pragma once

#include <array>
#include <iterator>
#include <cstdint>
#include <mutex>
#include <string_view>
#include <vector>

#include "ir/core/attr_value.h"
#include "ir/core/expr.h"
#include "ir/core/op.h"
#include "ir/support/result.h"

namespace tf {

struct Call;

/// The kinds of per-op handler (handler_kinds.def).
enum class HandlerKind : std::uint8_t {
#define TF_HANDLER_KIND(E, name) E,
#include "ir/core/handler_kinds.def"
};

/// All handler kinds, in declaration order.
inline constexpr HandlerKind kAllHandlerKinds[] = {
#define TF_HANDLER_KIND(E, name) HandlerKind::E,
#include "ir/core/handler_kinds.def"
};

/// The kind's name ("typeinfer", "verify", "eval_hir", ...).
std::string_view handler_kind_name(HandlerKind kind);

/// typeinfer: the result type of `op` applied to `args` (whose own types are trusted), or
/// the diagnostics that explain why the operands are ill-typed.
struct TypeInferHandler {
  static constexpr HandlerKind kKind = HandlerKind::TypeInfer;
  using Fn = Result<IRType> (*)(Op op, const std::vector<Expr>& args);
};

/// typeinfer of an op that declares attributes: as TypeInferHandler, also given the Call's
/// attribute values (Call::attrs: one per attribute ParamDef, in declaration order, defaults
/// filled), since an attribute can decide the result type (Binary's kind, Cast's dtype).
struct TypeInferAttrsHandler {
  static constexpr HandlerKind kKind = HandlerKind::TypeInferAttrs;
  using Fn = Result<IRType> (*)(Op op, const std::vector<Expr>& args,
                                const std::vector<AttrValue>& attrs);
};

/// verify: every diagnostic for a constructed Call of the op (empty when it is well formed).
struct VerifyHandler {
  static constexpr HandlerKind kKind = HandlerKind::Verify;
  using Fn = std::vector<Diagnostic> (*)(const Call& call);
};

/// The handler kinds `op` must have: typeinfer for a value-form op (its Calls are typed by
/// it; typeinfer_attrs instead when the op declares attributes), verify for an effect-form op
/// (its Calls are Unit; the rules on its operands are all it has). Later layers add eval /
/// emit by dialect as they fill those tables.
std::vector<HandlerKind> required_handlers(Op op);

/// The handler tables of one OpRegistry. Thread-safe.
class OpHandlers {
 public:
  /// Tables for the ops of `registry` (which must outlive them).
  explicit OpHandlers(const OpRegistry& registry) : registry_(&registry) {}
  OpHandlers(const OpHandlers&) = delete;
  OpHandlers& operator=(const OpHandlers&) = delete;

  /// The registry whose ops these tables hold.
  const OpRegistry& registry() const { return *registry_; }

  /// Stores `fn` as op's Tag handler. Setting the same function again is a no-op (register_...
  /// functions are idempotent). Precondition (TF_CHECK): registry() holds `op`, fn is not
  /// null, no other function is set for it, and Tag agrees with earlier tags of Tag::kKind.
  template <typename Tag>
  void set(Op op, typename Tag::Fn fn) {
    set_erased(Tag::kKind, token<Tag>(), op, reinterpret_cast<Erased>(fn));
  }
  /// Whether `op` has a Tag handler.
  template <typename Tag>
  bool has(Op op) const {
    return has(Tag::kKind, op);
  }
  /// Whether `op` has a handler of `kind`.
  bool has(HandlerKind kind, Op op) const;
  /// op's Tag handler. InternalError naming the op and the kind when there is none.
  template <typename Tag>
  typename Tag::Fn get(Op op) const {
    return reinterpret_cast<typename Tag::Fn>(get_erased(Tag::kKind, token<Tag>(), op));
  }

  /// The ops of registry() that lack a required handler, as "op: kind" strings (empty when
  /// every op has every handler it needs).
  std::vector<std::string> missing() const;

 private:
  using Erased = void (*)();
  // A distinct address per tag type: it identifies the signature stored under a kind.
  template <typename Tag>
  static const void* token() {
    static const char t = 0;
    return &t;
  }
  void set_erased(HandlerKind kind, const void* tag, Op op, Erased fn);
  Erased get_erased(HandlerKind kind, const void* tag, Op op) const;
  void check_tag(HandlerKind kind, const void* tag) const;
  void check_owner(Op op) const;

  const OpRegistry* registry_;
  mutable std::mutex mutex_;
  mutable std::array<const void*, std::size(kAllHandlerKinds)> tags_{};
  std::array<std::vector<Erased>, std::size(kAllHandlerKinds)> tables_;
};

}  // namespace tf
