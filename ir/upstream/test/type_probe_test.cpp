// TypeProbe (ir/upstream/type_probe.h): the types the importer asks are the IRTypes the tfir
// reader binds as the function's lines are read, each line once, never text taken from a
// diagnostic; a retyped constant is read again, and a function that does not read gives none.
#include "ir/upstream/type_probe.h"

#include <gtest/gtest.h>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/upstream/importer.h"

namespace tf::upstream {
namespace {

const Context& ctx() { return text::standard_context(); }

const std::string kPrelude = "tfir 1\ndim N = DimVar(\"N\", 1, 17)\n";
const std::string kParams = "x: Tensor[(8, N + 1), bf16], s: Tensor[(4,), f32, storage=smem]";

TEST(TypeProbe, ATypeIsTheIRTypeTheReaderBound) {
  TypeProbe probe(kPrelude, kParams, ctx());
  std::vector<std::string> body;
  std::optional<ProbedType> x = probe.type_of(body, "x");
  ASSERT_TRUE(x);
  EXPECT_EQ(x->text, "Tensor[(8, N + 1), bf16]");
  EXPECT_EQ(x->dtype, "bf16");
  EXPECT_EQ(x->shape, (std::vector<std::string>{"8", "N + 1"}));
  EXPECT_EQ(x->storage, "gmem");
  EXPECT_FALSE(x->shard_layout);
  std::optional<ProbedType> s = probe.type_of(body, "s");
  ASSERT_TRUE(s);
  EXPECT_EQ(s->storage, "smem");

  body = {"c = 2.0", "d = mul(x, x)"};
  std::optional<ProbedType> c = probe.type_of(body, "c");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->text, "Tensor[(), f32, storage=umat]");
  EXPECT_EQ(c->shape, std::vector<std::string>{});
  EXPECT_EQ(c->storage, "umat");
  std::optional<ProbedType> pair = probe.type_of(body, "(d, c)");
  ASSERT_TRUE(pair);
  EXPECT_EQ(pair->text, "Tuple[Tensor[(8, N + 1), bf16], Tensor[(), f32, storage=umat]]");
  EXPECT_EQ(pair->dtype, "");
  EXPECT_EQ(pair->storage, "");
  EXPECT_FALSE(probe.type_of(body, "nope"));  // bound nowhere: no type
}

TEST(TypeProbe, ARetypedConstantIsReadAgainAndSoIsWhatUsesIt) {
  TypeProbe probe(kPrelude, kParams, ctx());
  std::vector<std::string> body = {"c = 2.0", "d = mul(x, x)", "e = 0.5", "f = e"};
  ASSERT_EQ(probe.type_of(body, "f")->dtype, "f32");
  // Nothing read mentions c: it is read once more.
  body[0] = "c = bf16(2.0)";
  probe.rewrote(body, 0);
  EXPECT_EQ(probe.type_of(body, "c")->dtype, "bf16");
  // f was bound to e: the body is read again, and f follows.
  body[2] = "e = bf16(0.5)";
  probe.rewrote(body, 2);
  EXPECT_EQ(probe.type_of(body, "e")->dtype, "bf16");
  EXPECT_EQ(probe.type_of(body, "f")->dtype, "bf16");
  EXPECT_EQ(probe.type_of(body, "c")->dtype, "bf16");
}

TEST(TypeProbe, AFunctionThatDoesNotReadGivesNoTypeUntilItsLineIsRewritten) {
  TypeProbe probe(kPrelude, kParams, ctx());
  std::vector<std::string> body = {"d = mul(x, x)", "bad = add(x, s)"};
  EXPECT_FALSE(probe.type_of(body, "bad"));
  EXPECT_FALSE(probe.type_of(body, "d"));  // as the whole function would not read
  body[1] = "bad = add(x, x)";
  probe.rewrote(body, 1);
  EXPECT_EQ(probe.type_of(body, "bad")->text, "Tensor[(8, N + 1), bf16]");
  // Parameters that do not read give no type at all.
  TypeProbe broken(kPrelude, "x: Tensor[(8, M), bf16]", ctx());
  EXPECT_FALSE(broken.type_of({}, "x"));
}

// A function of some 200 statements, each constant typed by its partner and each subscript
// sized by its base's type, imports and reads: each line is read into the reader once.
TEST(TypeProbe, ALongFunctionImportsWithEveryTypeAsked) {
  std::string py =
      "from tilefoundry import func\nN = DimVar(\"N\", 1, 17)\n"
      "@func\ndef f(\n    x: Tensor[(8, N), \"bf16\"]\n):\n    v0 = neg(x)\n";
  for (int k = 1; k < 100; ++k) {
    const std::string n = std::to_string(k), prev = std::to_string(k - 1);
    py += "    c" + n + " = 0.5\n";
    py += k % 10 == 0 ? "    v" + n + " = v" + prev + "[0:8, :]\n" : "    v" + n + " = add(v" + prev + ", c" + n + ")\n";
  }
  py += "    return (v99, c1)\n";
  Result<Imported> t = import_upstream(py, "m.py", ctx());
  ASSERT_TRUE(t.ok()) << t.diagnostics().front().render();
  EXPECT_NE(t->tfir.find("func f(x: Tensor[(8, N), bf16]) -> Tuple[Tensor[(8, N), bf16], Tensor[(), bf16, storage=umat]] {"),
            std::string::npos)
      << t->tfir;
  EXPECT_NE(t->tfir.find("    c99 = bf16(0.5)\n"), std::string::npos);
  EXPECT_NE(t->tfir.find("    v90 = slice(v89, (0, 0), sizes=(8, N), strides=(1, 1))\n"), std::string::npos);
  Result<text::ReadFile> read = read_upstream_file(py, "m.py", ctx());
  EXPECT_TRUE(read.ok()) << read.diagnostics().front().render();
}

}  // namespace
}  // namespace tf::upstream
