// Where verifier diagnostics point: a TIR statement's diagnostic at the statement's own
// line:col (not at the prim_func keyword), a signature's at the function's keyword, and a
// diagnostic that concerns two places names the other one as a related location.
#include <gtest/gtest.h>

#include "ir/core/test/ir_test_util.h"
#include "ir/tir/binding_stmts.h"
#include "ir/tir/control_stmts.h"
#include "ir/verify/read_and_verify.h"
#include "ir/verify/test/tir_verify_test_util.h"

namespace tf::tir_verify_test {
namespace {

std::string at(const SourceLocation& l) {
  return l.str();
}

// covers: TIR.2.2.SHAPEOF.param-is-function-param
TEST(DiagnosticPlacement, ATirStatementsDiagnosticIsAtTheStatement) {
  const std::string text = R"(tfir 1
prim_func k(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    copy(a, out)
    for i in range(0, 4, 1) {
        copy(a, out)
        let b = alloc_tensor(tensor_type=Tensor[(4,), f32, storage=rmem])
        copy(b, out)
        let n = ShapeOf(b, 0)
    }
}
)";
  CheckedFile checked = read_and_verify(text, "p.tfir", read_options());
  ASSERT_TRUE(checked.file.has_value()) << checked.read_errors.front().render();
  ASSERT_EQ(checked.verify_errors.size(), 1u) << rendered(checked.verify_errors);
  const Diagnostic& d = checked.verify_errors.front();
  EXPECT_EQ(d.rule_id, "TIR.2.2.SHAPEOF.param-is-function-param");
  EXPECT_EQ(d.function, "k");
  // The `let n = ShapeOf(b, 0)` statement, line 8, not the prim_func keyword on line 2.
  EXPECT_EQ(at(d.location), "p.tfir:8:9") << d.render();
}

// covers: TIR.1.3.VERIFY.param-layouts-mixed
TEST(DiagnosticPlacement, ASignaturesDiagnosticIsAtTheFunctionKeyword) {
  const std::string text = R"(tfir 1
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
layout Lg = ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), mesh=cta1)
prim_func mixed(a: Tensor[(128, 12), f32, layout=Lg], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    copy(a, out)
}
)";
  CheckedFile checked = read_and_verify(text, "s.tfir", read_options());
  ASSERT_TRUE(checked.file.has_value()) << checked.read_errors.front().render();
  ASSERT_EQ(checked.verify_errors.size(), 1u) << rendered(checked.verify_errors);
  const Diagnostic& d = checked.verify_errors.front();
  EXPECT_EQ(d.rule_id, "TIR.1.3.VERIFY.param-layouts-mixed");
  EXPECT_EQ(d.ir_path, "mixed.params[1]");
  EXPECT_EQ(at(d.location), "s.tfir:4:1") << d.render();
}

TEST(DiagnosticPlacement, ARebindingNamesTheFirstBindingAsARelatedLocation) {
  using tf::test::tensor;
  VarRef v = tf::test::var("v", tensor({}, DType::i64(), StorageKind::Rmem));
  const SourceLocation first{"r.tfir", 3, 5}, second{"r.tfir", 4, 9};
  Expr three = tf::test::constant(3, tensor({}, DType::i64(), StorageKind::Rmem));
  tir::SequentialRef inner = tir::Sequential::make(
      {tir::LetStmt::make(v, three, tir::Sequential::empty(), second).value()}).value();
  tir::SequentialRef body =
      tir::Sequential::make({tir::LetStmt::make(v, three, inner, first).value()}).value();
  tir::PrimFunctionRef fn = tir::PrimFunction::make("k", {}, body, 0).value();
  std::vector<Diagnostic> d = verify(*fn);
  ASSERT_EQ(d.size(), 1u) << rendered(d);
  EXPECT_EQ(d[0].rule_id, "TIR.1.3.VERIFY.fresh-var-let");
  EXPECT_EQ(at(d[0].location), "r.tfir:4:9");
  ASSERT_EQ(d[0].related.size(), 1u);
  EXPECT_EQ(at(d[0].related[0].location), "r.tfir:3:5");
  EXPECT_EQ(d[0].related[0].message, "the LetStmt that bound 'v' first");
  EXPECT_NE(d[0].render().find("\nnote: r.tfir:3:5: the LetStmt that bound 'v' first"),
            std::string::npos)
      << d[0].render();
}

}  // namespace
}  // namespace tf::tir_verify_test
