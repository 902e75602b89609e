// What HirToTirPass produces, checked on the TIR itself: a dispatch prototype becomes one
// DispatchCall (the same text on every compile), every storage level it writes is concrete, and a
// dynamic dimension's hidden extent is the first parameter axis that carries it.
#include <gtest/gtest.h>

#include "ir/core/dim_var_range_pat.h"
#include "ir/core/expr_visitor.h"
#include "ir/core/shape_of.h"
#include "ir/core/symbol_ref.h"
#include "ir/hir/function.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/dispatch_call.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/hidden_shape_params.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_visitor.h"
#include "ir/tir/terminators.h"
#include "ir/tir/tir_print.h"
#include "ir/type/tensor_type.h"
#include "lower/hir_to_tir.h"

namespace tf::lower {
namespace {

const Context& ctx() { return text::standard_context(); }

ModuleRef read(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.diagnostics().front().render());
  return f.ok() ? f->module : ModuleRef();
}

// The module after HirToTirPass alone.
ModuleRef hir_to_tir(const std::string& source) {
  const ModuleRef m = read(source);
  if (!m) return m;
  Result<ModuleRef> out = HirToTirPass().run(m, ctx());
  EXPECT_TRUE(out.ok()) << (out.ok() ? "" : out.diagnostics().front().render());
  return out.ok() ? *out : ModuleRef();
}

const tir::PrimFunction* prim(const ModuleRef& m, const std::string& name) {
  return m ? function_as<tir::PrimFunction>(m->find(name)) : nullptr;
}

const char* kPrototype = R"(tfir 1
dim N = DimVar("N", 1, 9)

func f(w: Tensor[(3,), f32], x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype

specialize f(DimVarRangePat("N", 1, 5)) as f_small(w: Tensor[(3,), f32], x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = neg(x)
    return y
}

specialize f(DimVarRangePat("N", 5, 9)) as f_large(w: Tensor[(3,), f32], x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = relu(x)
    return y
}
)";

// covers: TIR.1.6.DISPATCH.lowered-form
// The prototype half of the rule: @f becomes a host PrimFunction whose body is one DispatchCall,
// subject the extent of x axis 0 (the first axis that is N), one case per variant calling its
// host entry, the fallback one Abort. (A call of a prototype from another function is inlined,
// not lowered to a DispatchCall: see the next test and docs/decisions.md D15.)
TEST(HirToTirForms, ADispatchPrototypeLowersToOneDispatchCall) {
  const ModuleRef out = hir_to_tir(kPrototype);
  const tir::PrimFunction* f = prim(out, "f");
  ASSERT_NE(f, nullptr);
  EXPECT_EQ(f->target(), tir::Target::Host);
  ASSERT_EQ(f->params().size(), 3u);  // w, x, out
  ASSERT_EQ(f->body()->body.size(), 1u);
  const auto* d = f->body()->body[0]->as<tir::DispatchCall>();
  ASSERT_NE(d, nullptr) << tir::print_prim_function(*f);
  EXPECT_EQ(d->callee_name, "f");
  ASSERT_EQ(d->subjects.size(), 1u);
  const auto* subject = d->subjects[0]->as<ShapeOf>();
  ASSERT_NE(subject, nullptr);
  EXPECT_EQ(subject->param.get(), f->params()[1].get());
  EXPECT_EQ(subject->axis, 0);
  ASSERT_EQ(d->case_calls.size(), 2u);
  const char* callees[] = {"f_small", "f_large"};
  const std::int64_t lo[] = {1, 5}, hi[] = {5, 9};
  for (std::size_t i = 0; i < 2; ++i) {
    ASSERT_FALSE(d->case_calls[i]->is_op());
    EXPECT_EQ(d->case_calls[i]->symbol().name, callees[i]);
    ASSERT_EQ(d->case_calls[i]->args().size(), 3u);
    for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(d->case_calls[i]->args()[k].get(), f->params()[k].get());
    ASSERT_EQ(d->case_patterns[i].size(), 1u);
    const auto* range = d->case_patterns[i][0]->as<DimVarRangePat>();
    ASSERT_NE(range, nullptr);
    EXPECT_EQ(range->dim_var, "N");
    EXPECT_EQ(range->lo, lo[i]);
    EXPECT_EQ(range->hi, hi[i]);
    // The case's callee is the variant's host entry, which launches its kernel.
    const tir::PrimFunction* entry = prim(out, callees[i]);
    ASSERT_NE(entry, nullptr);
    EXPECT_EQ(entry->target(), tir::Target::Host);
  }
  ASSERT_EQ(d->fallback->body.size(), 1u);
  const auto* abort = d->fallback->body[0]->as<tir::Abort>();
  ASSERT_NE(abort, nullptr);
  EXPECT_EQ(abort->message, "no variant of @f matches its inputs");
}

// What the project does instead of the rule's second half (a departure, so no rule is named here;
// docs/decisions.md D15): a call of a dispatch prototype is inlined like every call, as one `if`
// per variant on the argument's extent with the variant inlined, and an abort when none matched.
TEST(HirToTirForms, ACallOfADispatchPrototypeIsInlinedAsOneIfPerVariant) {
  const ModuleRef m = read(std::string(kPrototype) + R"(
func g(w: Tensor[(3,), f32], x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = @f(w, x)
    return y
}
)");
  ASSERT_TRUE(m);
  Result<ModuleRef> out = HirToTirPass().run(m, ctx());
  ASSERT_TRUE(out.ok()) << out.diagnostics().front().render();
  const tir::PrimFunction* g = prim(*out, "g_kernel");
  ASSERT_NE(g, nullptr);
  const std::string text = tir::print_prim_function(*g);
  std::size_t ifs = 0;
  for (std::size_t at = text.find(" if "); at != std::string::npos; at = text.find(" if ", at + 1)) ++ifs;
  EXPECT_EQ(ifs, 3u) << text;  // one per variant, and the one that aborts
  EXPECT_NE(text.find("abort \"no variant of @f matches its inputs\""), std::string::npos) << text;
  EXPECT_EQ(text.find("dispatch "), std::string::npos) << text;
}

// covers: TIR.1.6.DISPATCH.subjects-canonical-order
// Two compiles of one source, read and lowered independently, print the same dispatcher byte for
// byte: its one subject, its cases in the variants' order, its fallback.
TEST(HirToTirForms, TheSameDispatchingSourcePrintsTheSameDispatchCallOnEveryCompile) {
  const ModuleRef first = hir_to_tir(kPrototype), second = hir_to_tir(kPrototype);
  ASSERT_NE(prim(first, "f"), nullptr);
  ASSERT_NE(prim(second, "f"), nullptr);
  const std::string a = tir::print_prim_function(*prim(first, "f")), b = tir::print_prim_function(*prim(second, "f"));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, R"(prim_func f(w: Tensor[(3,), f32], x: Tensor[(N,), f32], out: Tensor[(N,), f32]) outputs=1 target=host {
    dispatch "f" on (ShapeOf(x, 0)) {
        case (DimVarRangePat("N", 1, 5)) => @f_small(w, x, out)
        case (DimVarRangePat("N", 5, 9)) => @f_large(w, x, out)
        fallback { abort "no variant of @f matches its inputs" }
    }
}
)");
}

// The storage of every TensorType it is shown: what is umat, or None above rank 0.
struct StorageCheck {
  std::vector<std::string> bad;
  int rank0_rmem = 0;  ///< rank-0 register tensors (where literals land)
  int seen = 0;
  void type(const IRType& t, const std::string& what) {
    const auto* tt = t->as<TensorType>();
    if (tt == nullptr) return;
    ++seen;
    if (tt->storage == StorageKind::Umat) bad.push_back(what + ": umat");
    if (!tt->storage && !tt->shape.empty()) bad.push_back(what + ": storage None at rank " + std::to_string(tt->shape.size()));
    if (tt->shape.empty() && tt->storage == StorageKind::Rmem) ++rank0_rmem;
  }
};

// Every node of an expression, to `check`.
class ExprTypes : public ExprVisitor {
 public:
  explicit ExprTypes(StorageCheck& check) : ExprVisitor(Sharing::EveryUse), check_(check) {}

 protected:
  void leave(const ExprNode& node) override { check_.type(node.type(), "expression " + tir::print_tir_expr(Expr(&node))); }

 private:
  StorageCheck& check_;
};

// A function's parameters, its bindings and every expression its statements hold, to `check`.
class StmtTypes : public tir::StmtVisitor {
 public:
  explicit StmtTypes(StorageCheck& check) : check_(check), exprs_(check) {}
  void function(const tir::PrimFunction& fn) {
    for (const VarRef& p : fn.params()) check_.type(p->type(), "parameter " + p->name);
    visit(fn.body());
  }

 protected:
  void visit_node(const tir::LetStmt& let) override {
    check_.type(let.var->type(), "binding " + let.var->name);
    visit_children(let);
  }
  void visit_expr(const Expr& e, ChildStep) override { exprs_.visit(e); }

 private:
  StorageCheck& check_;
  ExprTypes exprs_;
};

// covers: TIR.2.3.OPS.hirtotir-materializes
// HIR's literals are umat; the TIR HirToTirPass makes of a function using three of them (and a
// scalar parameter) holds no umat anywhere, and storage None only on rank-0 values (the hidden
// extent, dim arithmetic).
TEST(HirToTirForms, LiteralsAreMaterializedToAConcreteLevel) {
  const char* source = R"(tfir 1
dim N = DimVar("N", 1, 64)
func f(x: Tensor[(N, 3), f32], s: Tensor[(), f32], k: Tensor[(4,), i32]) -> Tuple[Tensor[(N, 3), f32], Tensor[(4,), i32], Tensor[(4,), bool]] {
    a = mul(x, 2.0)
    b = add(a, s)
    c = add(k, i32(7))
    d = lt(k, i32(0))
    return (b, c, d)
}
)";
  // The HIR does have umat literals to materialize.
  const ModuleRef hir = read(source);
  ASSERT_TRUE(hir);
  StorageCheck in_hir;
  ExprTypes(in_hir).visit(hir->functions().front()->as<hir::Function>()->body());
  EXPECT_GE(in_hir.bad.size(), 3u);  // each literal's umat

  const ModuleRef out = hir_to_tir(source);
  const tir::PrimFunction* kernel = prim(out, "f_kernel");
  ASSERT_NE(kernel, nullptr);
  StorageCheck levels;
  StmtTypes(levels).function(*kernel);
  EXPECT_TRUE(levels.bad.empty()) << ::testing::PrintToString(levels.bad) << "\n" << tir::print_prim_function(*kernel);
  EXPECT_GE(levels.seen, 20);
  // The three literals became rank-0 rmem tensors (each seen as its binding and its uses).
  EXPECT_GE(levels.rank0_rmem, 3);
  const std::string text = tir::print_prim_function(*kernel);
  EXPECT_NE(text.find("alloc_tensor(tensor_type=Tensor[(), f32, storage=rmem])"), std::string::npos) << text;
  EXPECT_NE(text.find("alloc_tensor(tensor_type=Tensor[(), i32, storage=rmem])"), std::string::npos) << text;
  EXPECT_EQ(text.find("umat"), std::string::npos) << text;
}

// covers: TIR.2.2.SHAPEOF.first-occurrence
// For x: (N, 4) and y: (8, N) the one hidden extent is x_shape_0; y's axis 1 gets none.
TEST(HirToTirForms, ADynamicDimensionMapsToItsFirstParameterAxis) {
  const ModuleRef out = hir_to_tir(R"(tfir 1
dim N = DimVar("N", 1, 64)
func f(x: Tensor[(N, 4), f32], y: Tensor[(8, N), f32]) -> Tensor[(N, 4), f32] {
    t = transpose(y, perm=(1, 0))
    s = add(x, x)
    return s
}
)");
  const tir::PrimFunction* kernel = prim(out, "f_kernel");
  ASSERT_NE(kernel, nullptr);
  std::vector<std::string> names;
  for (const VarRef& p : kernel->params()) names.push_back(p->name);
  EXPECT_EQ(names, (std::vector<std::string>{"x", "y", "x_shape_0", "out"}));
  const std::vector<std::optional<tir::HiddenShapeSource>> hidden = tir::hidden_shape_params(*kernel);
  ASSERT_EQ(hidden.size(), 4u);
  EXPECT_FALSE(hidden[0] || hidden[1] || hidden[3]);
  ASSERT_TRUE(hidden[2]);
  EXPECT_EQ(hidden[2]->tensor_param, 0u);
  EXPECT_EQ(hidden[2]->axis, 0);
  EXPECT_EQ(tir::print_tir_type(kernel->params()[2]->type()), "Tensor[(), i32, storage=None]");
}

}  // namespace
}  // namespace tf::lower
