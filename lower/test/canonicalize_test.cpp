// CanonicalizePass: which ops it removes (only those whose result is their operand, value and
// type), that the names of the bindings it keeps survive, and that a module with nothing to
// remove is returned as it is.
#include "lower/canonicalize_pass.h"

#include <gtest/gtest.h>

#include "ir/hir/function.h"
#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"

namespace tf::lower {
namespace {

const Context& ctx() { return text::standard_context(); }

// The canonicalized module's text.
std::string canonical_text(const std::string& source) {
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  EXPECT_TRUE(f.ok()) << (f.ok() ? "" : f.diagnostics().front().render());
  Result<ModuleRef> m = CanonicalizePass().run(f->module, ctx());
  EXPECT_TRUE(m.ok());
  return text::print_derived_module(*f, **m);
}

TEST(Canonicalize, RemovesIdentityReshardReshapeTransposeAndSlice) {
  const std::string out = canonical_text(R"(tfir 1
dim N = DimVar("N", 1, 9)
func f(x: Tensor[(N, 3), f32]) -> Tensor[(3, N), f32] {
    a = reshard(x)
    b = reshape(a, new_shape=(N, 3))
    c = transpose(b, perm=(0, 1))
    d = slice(c, (0, 0), sizes=(N, 3), strides=(1, 1))
    e = neg(d)
    t = transpose(e, perm=(1, 0))
    return t
}
)");
  EXPECT_EQ(out, R"(tfir 1
dim N = DimVar("N", 1, 9)

func f(x: Tensor[(N, 3), f32]) -> Tensor[(3, N), f32] {
    e: Tensor[(N, 3), f32] = neg(x)
    t: Tensor[(3, N), f32] = transpose(e, perm=(1, 0))
    return t
}
)");
}

// A rebuilt binding keeps its name and place (they live on the node, and the rebuild carries
// them); a parameter keeps its place.
TEST(Canonicalize, RebuiltBindingsKeepTheirPlaces) {
  Result<text::ReadFile> f = text::read_file(R"(tfir 1
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    a = reshape(x, new_shape=(4,))
    e = neg(a)
    return e
}
)", "t.tfir", ctx());
  ASSERT_TRUE(f.ok()) << f.diagnostics().front().render();
  Result<ModuleRef> m = CanonicalizePass().run(f->module, ctx());
  ASSERT_TRUE(m.ok());
  const auto* before = function_as<hir::Function>(f->module->find("f"));
  const auto* after = function_as<hir::Function>((*m)->find("f"));
  ASSERT_NE(before, nullptr);
  ASSERT_NE(after, nullptr);
  EXPECT_FALSE(after->body().same_as(before->body()));  // neg(x), rebuilt
  const BindingInfo* e = after->body()->binding();
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->name, "e");
  EXPECT_EQ(e->location.str(), "t.tfir:4:5");
  ASSERT_NE(after->params()[0]->binding(), nullptr);
  EXPECT_EQ(after->params()[0]->binding()->location.str(), "t.tfir:2:8");
}

TEST(Canonicalize, KeepsOpsThatChangeTheValueOrTheType) {
  // A reshape to another shape, a real permutation, a window that is not the whole, a strided
  // slice, and a reshard that changes the layout all stay.
  const std::string source = R"(tfir 1
mesh t2 = Mesh((Topology("thread", 2),), Layout((2,), (1,)))
layout R = ShardLayout(layout=Layout((4, 2), (2, 1)), attrs=(S(0),), mesh=t2)

func f(x: Tensor[(4, 2), f32]) -> Tuple[Tensor[(8,), f32], Tensor[(2, 4), f32], Tensor[(3, 2), f32], Tensor[(2, 2), f32], Tensor[(4, 2), f32, layout=R]] {
    a = reshape(x, new_shape=(8,))
    b = transpose(x, perm=(1, 0))
    c = slice(x, (1, 0), sizes=(3, 2), strides=(1, 1))
    d = slice(x, (0, 0), sizes=(2, 2), strides=(2, 1))
    e = reshard(x, layout=R)
    return (a, b, c, d, e)
}
)";
  Result<text::ReadFile> f = text::read_file(source, "t.tfir", ctx());
  ASSERT_TRUE(f.ok()) << f.diagnostics().front().render();
  Result<ModuleRef> m = CanonicalizePass().run(f->module, ctx());
  ASSERT_TRUE(m.ok());
  EXPECT_EQ(m->get(), f->module.get());  // nothing to remove: the module itself
}

}  // namespace
}  // namespace tf::lower
