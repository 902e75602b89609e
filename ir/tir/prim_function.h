// PrimFunction: a TIR function (seed 002 section 1.3): a name, parameter Vars, a Sequential
// body, the number of trailing parameters that are outputs, and a target.
//
// Design note. A PrimFunction is itself a Stmt (TIR.1.3.PRIMFN.is-stmt): it derives from
// StmtNode, so it sits in a statement tree like any other, and it returns no value (there is no
// return-value field; its outputs are its last output_count parameters,
// TIR.1.3.PRIMFN.trailing-outputs). It also implements FunctionBase, so a Module holds it beside
// HIR functions; its callable type is CallableType(Unit, parameter types in order)
// (docs/decisions.md D7; TIR.2.1.SYMREF.type-return-unit), the type a SymbolRef to it carries.
//
// make checks: the name is an identifier; every parameter is a non-null Var and no Var is a
// parameter twice; 0 <= output_count <= number of parameters; the body is present. Parameter
// layout homogeneity, fresh Var identity in the body and the rest of verify_prim_function are
// the verifier's (TIR.1.3.VERIFY.*).
//
// Target: `cuda` for a device kernel, `host` for a CPU entry (docs/tfir.md section 6 `target=`).
// Which statements a target admits (Launch only on the host, TIR.2.3.LAUNCH.host-only) is the
// verifier's.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

#include "ir/support/field_names.h"
#include "ir/core/function_base.h"
#include "ir/core/var.h"
#include "ir/support/result.h"
#include "ir/tir/sequential.h"

namespace tf::tir {

/// How deep device calls nest: the machine model runs at most 256 nested calls (a deeper one is
/// its eval error, docs/tir-semantics.md "Device calls"), and the CUDA emitter refuses a chain
/// that deep with the same text.
inline constexpr std::size_t kMaxCallNesting = 256;

/// Where a PrimFunction runs.
enum class Target : std::uint8_t { Host, Cuda };

/// "host" / "cuda" (the tfir `target=` spelling).
std::string_view target_name(Target t);
/// The target spelled `name`, if any.
std::optional<Target> target_from_name(std::string_view name);

/// A TIR function.
class PrimFunction final : public StmtNode, public FunctionBase {
 public:
  static constexpr StmtKind kKind = StmtKind::PrimFunction;
  static constexpr FunctionKind kFunctionKind = FunctionKind::Tir;

  // StmtNode and FunctionBase both have kind(), is<T>() and as<T>(); on a PrimFunction they are
  // the Stmt's (StmtKind). Its FunctionKind is read through FunctionBase (ir/core/function_base.h).
  using StmtNode::as;
  using StmtNode::is;
  using StmtNode::kind;

  /// The checking factory (design note). Diagnostics (all collected) are of category Type.
  static Result<Ref<const PrimFunction>> make(std::string name, std::vector<VarRef> params,
                                              SequentialRef body, std::int64_t output_count = 1,
                                              Target target = Target::Cuda, Loc loc = std::nullopt);

  const std::string& name() const override { return name_; }
  /// CallableType(Unit, parameter types).
  const CallableTypeRef& callable_type() const override { return type_; }
  void ref_inc() const override { StmtNode::ref_inc(); }
  bool ref_dec() const override { return StmtNode::ref_dec(); }

  /// The parameters, in order; the last output_count() are the outputs.
  const std::vector<VarRef>& params() const { return params_; }
  /// The body.
  const SequentialRef& body() const { return body_; }
  /// The number of trailing output parameters (1 unless given).
  std::int64_t output_count() const { return output_count_; }
  /// host or cuda.
  Target target() const { return target_; }
  /// The leading params().size() - output_count() parameters.
  std::vector<VarRef> inputs() const;
  /// The trailing output_count() parameters.
  std::vector<VarRef> outputs() const;

  /// The names of the fields of structural_fields(), in order (ir/support/field_names.h).
  static constexpr FieldNames<5> kFieldNames{"name", "params", "body", "output_count", "target"};

  /// The field list from which structural equality and hashing are generated.
  auto structural_fields() const { return std::tie(name_, params_, body_, output_count_, target_); }

 private:
  PrimFunction(std::string name, std::vector<VarRef> params, SequentialRef body,
               std::int64_t output_count, Target target, CallableTypeRef type, Loc loc)
      : StmtNode(kKind, std::move(loc)),
        FunctionBase(kFunctionKind),
        name_(std::move(name)),
        params_(std::move(params)),
        body_(std::move(body)),
        output_count_(output_count),
        target_(target),
        type_(std::move(type)) {}
  std::string name_;
  std::vector<VarRef> params_;
  SequentialRef body_;
  std::int64_t output_count_;
  Target target_;
  CallableTypeRef type_;
};

/// Handle to a PrimFunction.
using PrimFunctionRef = Ref<const PrimFunction>;

}  // namespace tf::tir
