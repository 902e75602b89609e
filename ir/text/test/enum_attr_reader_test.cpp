// Enum attributes in tfir text: the reader turns a spelling (bare or quoted) into the EnumAttr of
// the attribute's space, reports a spelling outside the space as the op's type error in the
// wording the type rules used (the conformance cases expect it), and the printers spell the
// code back, so files round-trip byte for byte.
#include <gtest/gtest.h>

#include "ir/core/call.h"
#include "ir/core/kind_attrs.h"
#include "ir/core/numerics_spaces.h"
#include "ir/hir/function.h"
#include "ir/hir/nn_ops.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/tir/evaluate.h"
#include "ir/tir/prim_function.h"
#include "ir/tir/stmt_walk.h"

namespace tf::text {
namespace {

Result<ReadFile> read(const std::string& body) {
  return read_file("tfir 1\n" + body, "e.tfir", standard_context());
}

// `func f(x: Tensor[(4, 8), f32]) -> R { r = <call> return r }`.
std::string func(const std::string& call, const std::string& result = "Tensor[(4, 8), f32]") {
  return "func f(x: Tensor[(4, 8), f32]) -> " + result + " {\n    r = " + call +
         "\n    return r\n}\n";
}

// The one Call the func's body binds.
const Call& body_call(const ReadFile& f) {
  const auto* fn = f.module->find("f")->as<hir::Function>();
  const Call* c = fn->body()->as<Call>();
  TF_CHECK(c != nullptr, "the body is not a Call");
  return *c;
}

// The first diagnostic of reading `src`, which must fail.
Diagnostic first_error(const std::string& src) {
  Result<ReadFile> f = read(src);
  EXPECT_FALSE(f.ok());
  return f.ok() ? Diagnostic{} : f.diagnostics()[0];
}

TEST(EnumAttrReader, SpellingsBecomeCodesOfTheParamsSpace) {
  Result<ReadFile> f = read(func("reduce(x, axes=(1,), kind=abs_max)", "Tensor[(4, 1), f32]"));
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  EXPECT_EQ(reduce_kind_of(body_call(*f)), ReduceKind::AbsMax);
  EXPECT_EQ(std::get<EnumAttr>(body_call(*f).attr("kind")).space, &kReduceKindSpace);
  // A quoted spelling reads the same.
  Result<ReadFile> q = read(func("reduce(x, axes=(1,), kind=\"abs_max\")", "Tensor[(4, 1), f32]"));
  ASSERT_TRUE(q.ok()) << q.diagnostics()[0].render();
  EXPECT_EQ(reduce_kind_of(body_call(*q)), ReduceKind::AbsMax);
  // A math kind used as the op name is the kind attribute's code.
  Result<ReadFile> m = read(func("floor_div(x, x)"));
  ASSERT_FALSE(m.ok());  // floor_div needs integers: typed from the code, not the spelling
  EXPECT_NE(m.diagnostics()[0].message.find("kind floor_div needs i32 or i64 operands"),
            std::string::npos);
  Result<ReadFile> mx = read(func("maximum(x, x)"));  // upstream's alias of max
  ASSERT_TRUE(mx.ok()) << mx.diagnostics()[0].render();
  EXPECT_EQ(binary_kind_of(body_call(*mx)), BinaryKind::Max);
  Result<ReadFile> c = read(func("cast(x, dtype=f8e8m0, rounding=rz)", "Tensor[(4, 8), f8e8m0]"));
  ASSERT_TRUE(c.ok()) << c.diagnostics()[0].render();
  EXPECT_EQ(enum_value<numerics::Rounding>(body_call(*c).attr("rounding")),
            numerics::Rounding::TowardZero);
  Result<ReadFile> g = read(func("gelu(x, approximate=none)"));
  ASSERT_TRUE(g.ok()) << g.diagnostics()[0].render();
  EXPECT_EQ(enum_value<hir::GeluApproximation>(body_call(*g).attr("approximate")),
            hir::GeluApproximation::None);
}

TEST(EnumAttrReader, AnUnknownSpellingIsTheOpsTypeErrorAtTheValue) {
  const Diagnostic reduce = first_error(func("reduce(x, axes=(1,), kind=prod)"));
  EXPECT_EQ(reduce.category, DiagCategory::Type);
  EXPECT_EQ(reduce.message,
            "hir.tensor.Reduce: unknown kind 'prod'; the kinds are mean, sum, abs_max, max");
  EXPECT_EQ(reduce.location.str(), "e.tfir:3:35");  // the value `prod`
  EXPECT_EQ(first_error(func("binary(x, x, kind=xor)")).message,
            "hir.math.Binary: unknown kind 'xor'; the kinds are add, sub, mul, div, floor_div, "
            "mod, max, min, pow, eq, ne, lt, le, gt, ge, and, or");
  EXPECT_EQ(first_error(func("unary(x, kind=\"cbrt\")")).message.substr(0, 38),
            "hir.math.Unary: unknown kind 'cbrt'; t");
  EXPECT_EQ(first_error(func("cast(x, dtype=bf16, rounding=rd)")).message,
            "hir.tensor.Cast: rounding must be rn, rz or rp, got 'rd'");
  EXPECT_EQ(first_error(func("cast(x, dtype=MXFP4, scale_method=amax)")).message,
            "hir.tensor.Cast: scale_method must be ocp, rceil or nvfp4, got 'amax'");
  EXPECT_EQ(first_error(func("quant(x, scheme=per_tensor)")).message,
            "hir.tensor.Quant: scheme must be per_token_group, got 'per_tensor'");
  const Diagnostic gelu = first_error(func("gelu(x, approximate=sigmoid)"));
  EXPECT_EQ(gelu.category, DiagCategory::Type);  // conformance: `expect error type "approximate"`
  EXPECT_EQ(gelu.message, "hir.nn.Gelu: expected approximate tanh or none, found sigmoid");
  // A value that is no spelling at all stays a parse error.
  const Diagnostic tuple = first_error(func("reduce(x, axes=(1,), kind=(1, 2))"));
  EXPECT_EQ(tuple.category, DiagCategory::Parse);
  EXPECT_EQ(tuple.message.rfind("expected an enum value (a bare name such as rn), found '", 0), 0u)
      << tuple.message;
}

TEST(EnumAttrReader, TirKindsShareTheHirSpaces) {
  const std::string kernel = R"(mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
prim_func k(a: Tensor[(32,), f32], out: Tensor[(32,), f32]) outputs=1 target=cuda {
    with warp as t {
        let r = alloc_tensor(tensor_type=Tensor[(32,), f32, storage=rmem])
        let s = alloc_tensor(tensor_type=Tensor[(1,), f32, storage=rmem])
        reduce(r, s, axes=(0,), kind=KIND)
    }
}
)";
  auto with = [&](const std::string& kind) {
    std::string s = kernel;
    s.replace(s.find("KIND"), 4, kind);
    return s;
  };
  Result<ReadFile> f = read(with("max"));
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const auto* k = f->module->find("k")->as<tir::PrimFunction>();
  std::optional<ReduceKind> seen;
  tir::walk(tir::Stmt(k), [&](const tir::StmtNode& s) {
    if (const auto* e = s.as<tir::Evaluate>(); e != nullptr && e->is_op())
      seen = reduce_kind_of(e->call());
  });
  EXPECT_EQ(seen, ReduceKind::Max);
  EXPECT_EQ(first_error(with("prod")).message,
            "tir.tensor.Reduce: unknown kind 'prod'; the kinds are mean, sum, abs_max, max");
}

TEST(EnumAttrReader, PrintedSpellingsReadBackToTheSameCodes) {
  const std::string src = "tfir 1\n" + func("cast(x, dtype=f8e8m0, rounding=rz)", "Tensor[(4, 8), f8e8m0]");
  Result<ReadFile> f = read_file(src, "e.tfir", standard_context());
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  const std::string printed = print_file(*f);
  EXPECT_NE(printed.find("rounding=rz"), std::string::npos) << printed;
  Result<ReadFile> again = read_file(printed, "p.tfir", standard_context());
  ASSERT_TRUE(again.ok()) << again.diagnostics()[0].render();
  EXPECT_EQ(print_file(*again), printed);
  EXPECT_EQ(body_call(*again).attr("rounding"), body_call(*f).attr("rounding"));
}

}  // namespace
}  // namespace tf::text
