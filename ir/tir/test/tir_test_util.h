// Helpers shared by the TIR tests: short constructors for values a test knows to be valid (a
// failure is a bug in the test: InternalError) and a registry holding the core and tir op
// families.
#pragma once

#include <string>
#include <vector>

#include "ir/core/constant.h"
#include "ir/core/core_ops.h"
#include "ir/core/test/ir_test_util.h"
#include "ir/layout/mesh.h"
#include "ir/layout/topology.h"
#include "ir/support/testing/ok.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/sequential.h"
#include "ir/tir/tir_ops.h"

namespace tf::tir::test {

using tf::test::dim;
using tf::test::Ids;
using tf::test::rule_ids;
using tf::test::tensor;
using tf::test::var;

/// A registry with the core and tir families, and its handler tables.
/// The process's Context for the TIR tests: the core families and the TIR ops (built once).
inline Context& tables() {
  static Context* context = [] {
    auto* c = new Context();
    register_tir_ops(c->registry(), c->handlers());
    return c;
  }();
  return *context;
}

/// The tir op `name` ("tir.memory.Copy") of tables().
inline Op op(std::string_view name) {
  return tables().registry().find(name).value();
}

using tf::testing::ok;

/// A Sequential of `body` that must be valid.
inline SequentialRef seq(std::vector<Stmt> body) { return ok(Sequential::make(std::move(body))); }

/// A rank-0 rmem scalar type (a TIR literal's type, docs/decisions.md D7).
inline TensorTypeRef scalar(DType d) {
  return tensor({}, d, StorageKind::Rmem);
}
/// An i64 Constant of a TIR literal.
inline ConstantRef i64c(std::int64_t v) {
  return tf::test::constant(v, scalar(DType::i64()));
}
/// An f32 Constant of a TIR literal.
inline ConstantRef f32c(double v) {
  return tf::test::constant(v, scalar(DType::f32()));
}
/// A rank-0 i64 Var (a loop counter).
inline VarRef i64v(const std::string& name) {
  return var(name, scalar(DType::i64()));
}
/// A gmem f32 tensor Var of shape `shape`.
inline VarRef f32g(const std::string& name, std::vector<ShapeDim> shape) {
  return var(name, tensor(std::move(shape), DType::f32()));
}

/// Mesh((Topology(topo, n),), Layout(shape, stride)).
inline Mesh mesh(const std::string& topo, std::int64_t n, IntTuple shape, IntTuple stride) {
  return ok(Mesh::make({ok(Topology::make(topo, n))},
                       ok(Layout::make(std::move(shape), std::move(stride)))));
}
/// The warp mesh of docs/tfir.md section 2: Mesh((Topology("thread", 32),), Layout((4, 8), (1,
/// 4))).
inline Mesh warp() {
  return mesh("thread", 32, IntTuple::tuple({4, 8}), IntTuple::tuple({1, 4}));
}
/// A flat mesh of n threads: Mesh((Topology("thread", n),), Layout((n,), (1,))).
inline Mesh threads(std::int64_t n) {
  return mesh("thread", n, IntTuple::tuple({n}), IntTuple::tuple({1}));
}

/// `n` nested lets around `innermost`: `let v0 = 0` whose body is `let v1 = 1` ..., down to
/// `let v{n-1} = n-1 { innermost }` (rank-0 i64 literals), what a lowered kernel of n bindings
/// nests. `levels` holds every let, outermost first, and the chain is released one level at a
/// time, so that the test does not depend on how deep a destructor may recurse.
struct LetChain {
  SequentialRef root;
  std::vector<Stmt> levels;
  std::vector<VarRef> vars;

  LetChain(std::size_t n, Stmt innermost) : levels(n), vars(n) {
    SequentialRef body = seq({std::move(innermost)});
    for (std::size_t k = n; k-- > 0;) {
      vars[k] = i64v("v" + std::to_string(k));
      levels[k] = ok(LetStmt::make(vars[k], i64c(static_cast<std::int64_t>(k)), body));
      body = seq({levels[k]});
    }
    root = body;
  }
  LetChain(const LetChain&) = delete;
  LetChain& operator=(const LetChain&) = delete;
  ~LetChain() {
    root = nullptr;
    for (Stmt& s : levels) s = nullptr;
  }
};

}  // namespace tf::tir::test
