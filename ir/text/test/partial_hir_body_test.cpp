// PartialHirBody (ir/text/hir_reader.h): a func body read a few statements at a time gives the
// exact type of every name bound so far, loops and tuples included, and refuses a name it does
// not bind with a positioned diagnostic instead of a type.
#include <gtest/gtest.h>

#include "ir/text/hir_reader.h"
#include "ir/text/module_reader.h"
#include "ir/text/signature_reader.h"
#include "ir/text/standard_context.h"
#include "ir/type/type_print.h"

namespace tf::text {
namespace {

const char* const kFile = R"(tfir 1
dim N = DimVar("N", 1, 4097)
func twice(x: Tensor[(N, 8), f32]) -> Tensor[(N, 8), f32] prototype
func f(x: Tensor[(N, 8), f32], y: Tensor[(N, 8), bf16]) -> Unit prototype
)";

// The file, its signatures and the parameters of `f`, which the body points into.
struct Fixture {
  ParsedFile file;
  std::map<std::string, Signature> signatures;
  std::map<std::string, Atom> atoms;
  std::vector<VarRef> params;
};

Fixture fixture() {
  Result<ParsedFile> file = read_tfir(kFile, "t.tfir");
  EXPECT_TRUE(file.ok());
  Fixture fx{*file, {}, {}, {}};
  for (const SkippedItem& item : fx.file.items) {
    Result<ItemSignature> sig = read_signature(fx.file, item);
    EXPECT_TRUE(sig.ok());
    fx.signatures.emplace(sig->name, Signature{sig->name, sig->type, false});
    if (sig->name == "f") fx.params = sig->params;
  }
  return fx;
}

std::string type_text(const PartialHirBody& body, const std::string& value) {
  Result<IRType> t = body.type_of(value);
  return t.ok() ? to_string(*t) : "error: " + t.diagnostics().front().render();
}

TEST(PartialHirBody, GivesTheExactTypeOfEveryNameBoundSoFar) {
  const Fixture fx = fixture();
  PartialHirBody body(fx.file, fx.params, standard_context().handlers(), fx.signatures, fx.atoms);
  EXPECT_EQ(type_text(body, "x"), "Tensor[(N, 8), f32]");
  EXPECT_EQ(type_text(body, "y"), "Tensor[(N, 8), bf16]");
  EXPECT_EQ(type_text(body, "t"), "error: t.tfir:1:1: error[parse]: 't' is not defined here");

  ASSERT_TRUE(body.read("two = 2.0\nt = mul(x, two)\nh = bf16(0.5)\ng = mul(y, h)").ok());
  EXPECT_EQ(type_text(body, "two"), "Tensor[(), f32, storage=umat]");
  EXPECT_EQ(type_text(body, "t"), "Tensor[(N, 8), f32]");
  EXPECT_EQ(type_text(body, "g"), "Tensor[(N, 8), bf16]");

  // A loop of two carries is a tuple; its body's names are not visible after it. A call of a
  // function of the file, and a tuple of names, type as they would in a return.
  ASSERT_TRUE(body.read("r = for i in range(0, 5, 1) carry (a = x, b = t) {\n"
                        "    c = add(a, b)\n"
                        "    yield (b, c)\n"
                        "}\n"
                        "second = tuple_get_item(r, index=1)\n"
                        "w = @twice(second)")
                  .ok());
  EXPECT_EQ(type_text(body, "r"), "Tuple[Tensor[(N, 8), f32], Tensor[(N, 8), f32]]");
  EXPECT_EQ(type_text(body, "second"), "Tensor[(N, 8), f32]");
  EXPECT_EQ(type_text(body, "w"), "Tensor[(N, 8), f32]");
  EXPECT_EQ(type_text(body, "(g, two)"), "Tuple[Tensor[(N, 8), bf16], Tensor[(), f32, storage=umat]]");
  EXPECT_EQ(type_text(body, "c"), "error: t.tfir:1:1: error[parse]: 'c' is not defined here");

  // A name bound again takes its new type.
  ASSERT_TRUE(body.read("two = bf16(2.0)").ok());
  EXPECT_EQ(type_text(body, "two"), "Tensor[(), bf16, storage=umat]");
}

TEST(PartialHirBody, AStatementThatFailsPoisonsItsNameAndTheRestStillReads) {
  const Fixture fx = fixture();
  PartialHirBody body(fx.file, fx.params, standard_context().handlers(), fx.signatures, fx.atoms);
  Result<bool> bad = body.read("ok = add(x, x)\nbad = add(x, y)\nworse = add(bad, x)");
  ASSERT_FALSE(bad.ok());
  ASSERT_EQ(bad.diagnostics().size(), 1u);  // worse, which uses bad, is skipped quietly
  EXPECT_EQ(bad.diagnostics()[0].location.line, 2);
  EXPECT_EQ(type_text(body, "ok"), "Tensor[(N, 8), f32]");
  EXPECT_EQ(type_text(body, "bad"), "error: t.tfir:1:1: error[parse]: 'bad' uses a name whose binding did not read");
  EXPECT_EQ(type_text(body, "(ok, worse)").rfind("error: ", 0), 0u);
  ASSERT_TRUE(body.read("again = mul(ok, ok)").ok());
  EXPECT_EQ(type_text(body, "again"), "Tensor[(N, 8), f32]");
  // A return, or a brace that closes nothing, is no statement of a partial body.
  EXPECT_FALSE(body.read("return ok").ok());
  EXPECT_FALSE(body.read("}").ok());
}

}  // namespace
}  // namespace tf::text
