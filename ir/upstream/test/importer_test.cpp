// tf import (ir/upstream/importer.h): the translation keeps lines, builds what the tfir reader
// builds, types constants by their partners, spells out the layout sugar, and places every
// error in the .py file.
#include "ir/upstream/importer.h"

#include <gtest/gtest.h>

#include <sstream>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/upstream/expr_translator.h"

namespace tf::upstream {
namespace {

const Context& ctx() { return text::standard_context(); }

template <typename T>
std::string why(const Result<T>& r) {
  return r.ok() ? "" : r.diagnostics().front().render();
}

std::string line_of(const std::string& text, int line) {
  std::istringstream in(text);
  std::string l;
  for (int k = 0; k < line && std::getline(in, l); ++k) {
  }
  return l;
}

std::string canonical(const std::string& py) {
  Result<text::ReadFile> f = read_upstream_file(py, "m.py", ctx());
  EXPECT_TRUE(f.ok()) << why(f);
  return f.ok() ? text::print_file(*f) : "";
}

std::string first_error(const std::string& py) {
  Result<text::ReadFile> f = read_upstream_file(py, "m.py", ctx());
  EXPECT_FALSE(f.ok());
  return f.ok() ? "" : f.diagnostics().front().render();
}

const std::string kHeader =
    "from __future__ import annotations\nfrom tilefoundry import func\nfrom tilefoundry.dsl.tf import *\n"
    "from tilefoundry.dsl import Tensor\n";

TEST(Importer, AStatementKeepsItsLineAndAModuleTreeBecomesPrefixedFunctions) {
  const std::string py = kHeader +
                         "N = DimVar(\"N\", 1, 17)\n"                                    // 5
                         "\n"
                         "@module(entry=\"main\", target=CpuTarget())\n"                 // 7
                         "class Model:\n"
                         "    @module(entry=\"inner\", target=CpuTarget())\n"
                         "    class child:\n"                                             // 10
                         "        @func\n"
                         "        def inner(\n"
                         "            x: Tensor[(4, 8), \"f32\"]\n"
                         "        ) -> Tensor[(4, 8), \"f32\"]:\n"
                         "            z = unary(x, kind=\"rsqrt\")  # Tensor[(4, 8), f32]; record\n"  // 15
                         "            return z\n"
                         "\n"
                         "    @func\n"
                         "    def main(\n"
                         "        x: Tensor[(4, 8), \"f32\"]\n"                            // 20
                         "    ) -> Tensor[(4, 8), \"f32\"]:\n"
                         "        o = child(x)\n"
                         "        return o\n";
  Result<Imported> t = import_upstream(py, "m.py", ctx());
  ASSERT_TRUE(t.ok()) << why(t);
  EXPECT_EQ(t->line_shift, 0);
  EXPECT_EQ(line_of(t->tfir, 1), "tfir 1");
  EXPECT_EQ(line_of(t->tfir, 5), "dim N = DimVar(\"N\", 1, 17)");
  EXPECT_EQ(line_of(t->tfir, 7), "entry main");
  EXPECT_EQ(line_of(t->tfir, 15), "            z = unary(x, kind=rsqrt)");
  EXPECT_EQ(line_of(t->tfir, 22), "        o = @child__inner(x)");
  EXPECT_EQ(canonical(py),
            "tfir 1\ndim N = DimVar(\"N\", 1, 17)\nentry main\n\n"
            "func child__inner(x: Tensor[(4, 8), f32]) -> Tensor[(4, 8), f32] {\n    z: Tensor[(4, 8), f32] = rsqrt(x)\n    return z\n}\n\n"
            "func main(x: Tensor[(4, 8), f32]) -> Tensor[(4, 8), f32] {\n    o: Tensor[(4, 8), f32] = @child__inner(x)\n    return o\n}\n");
}

TEST(Importer, AFloatConstantTakesTheFloatDtypeOfTheOperandsItMeets) {
  // As upstream re-derives it: a float constant takes the float dtype of its op's other
  // operands; integers stay i64 and booleans bool.
  const std::string py = kHeader +
                         "@func\ndef f(\n    x: Tensor[(4,), \"bf16\"],\n    k: Tensor[(4,), \"i64\"]\n):\n"
                         "    c = 2.0\n    d = 0.5\n    e = 3\n    u = 7\n    t = True\n"
                         "    a = mul(x, c)\n    b = add(d, a)\n    g = add(k, e)\n    h = logical_not(t)\n    return (b, g, h, u)\n";
  Result<Imported> t = import_upstream(py, "m.py", ctx());
  ASSERT_TRUE(t.ok()) << why(t);
  EXPECT_EQ(line_of(t->tfir, 10), "    c = bf16(2.0)");
  EXPECT_EQ(line_of(t->tfir, 11), "    d = bf16(0.5)");
  EXPECT_EQ(line_of(t->tfir, 12), "    e = 3");
  EXPECT_EQ(line_of(t->tfir, 13), "    u = 7");  // meets no operand: i64
  EXPECT_EQ(line_of(t->tfir, 14), "    t = true");
  // The result is a tuple (no `->`): its type is the body's.
  EXPECT_EQ(line_of(t->tfir, 6),
            "func f(x: Tensor[(4,), bf16], k: Tensor[(4,), i64]) -> Tuple[Tensor[(4,), bf16], Tensor[(4,), i64], "
            "Tensor[(), bool, storage=umat], Tensor[(), i64, storage=umat]] {");
  EXPECT_TRUE(read_upstream_file(py, "m.py", ctx()).ok());
  // An integer constant meeting an i32 tensor stays i64, and the op is refused at its line.
  EXPECT_EQ(first_error(kHeader + "@func\ndef f(\n    k: Tensor[(4,), \"i32\"]\n) -> Tensor[(4,), \"i32\"]:\n"
                                  "    e = 3\n    g = add(k, e)\n    return g\n"),
            "m.py:10:9: error[type]: hir.math.Binary: dtype mismatch: lhs is i32, rhs is i64; there is no implicit promotion (use full_like or cast)");
}

TEST(Importer, LayoutSugarIsTheShardLayoutItMeans) {
  ExprTranslator ex("m.py");
  ex.meshes["gpu"] = PreludeMesh{{"cluster", "cta", "warp", "lane"}, {"32", "2", "8", "32"}};
  ex.meshes["thread"] = PreludeMesh{{"w", "t"}, {"6", "32"}};
  auto type = [&](const std::string& text) {
    Result<std::vector<PyLine>> lines = lex_python(text, "m.py");
    EXPECT_TRUE(lines.ok());
    Result<PyExprRef> e = parse_py_expr((*lines)[0].tokens, 0, (*lines)[0].tokens.size(), "m.py");
    EXPECT_TRUE(e.ok()) << why(e);
    Result<std::string> t = ex.type(**e);
    return t.ok() ? *t : why(t);
  };
  EXPECT_EQ(type("Tensor[(64, 128), \"bf16\", ((32 @ gpu.cluster, 64), {gpu.warp @ P(\"sum\")}), \"smem\"]"),
            "Tensor[(64, 128), bf16, layout=ShardLayout(layout=Layout((32, 64), (64, 1)), attrs=(S(0), B(), P(\"sum\"), B()), "
            "mesh=gpu), storage=smem]");
  EXPECT_EQ(type("Tensor[(1, 1536), \"f32\", (1, 6 @ thread.w, 32 @ thread.t, 8), \"smem\"]"),
            "Tensor[(1, 1536), f32, layout=ShardLayout(layout=Layout((1, 6, 32, 8), (1536, 256, 8, 1)), attrs=(S(1), S(2)), "
            "mesh=thread), storage=smem]");
  EXPECT_EQ(type("Tensor[(8, 4), \"f32\", ((8 @ thread.w, 4), (1, 8))]"),
            "Tensor[(8, 4), f32, layout=ShardLayout(layout=Layout((8, 4), (1, 8)), attrs=(S(0), B()), mesh=thread)]");
  EXPECT_EQ(type("Tensor[(8,), \"f32\", (8 @ gpu.warp @ gpu.lane,)]"),
            "Tensor[(8,), f32, layout=ShardLayout(layout=Layout((8,), (1,)), attrs=(B(), B(), S(0), S(0)), mesh=gpu)]");
  EXPECT_EQ(type("Tensor[(8,), \"f32\", (8,)]"),
            "m.py:1:21: error[parse]: a layout annotation that names no mesh axis, in a file of other than one mesh (the printer leaves the mesh implicit)");
  EXPECT_EQ(type("Tensor[(16, 4), \"f32\", (16 @ thread.w, 4)]"),  // 16 over an axis of 6: not a multiple, kept
            "Tensor[(16, 4), f32, layout=ShardLayout(layout=Layout((16, 4), (4, 1)), attrs=(S(0), B()), mesh=thread)]");
  EXPECT_EQ(type("Tensor[(64, 4), \"f32\", (64 @ gpu.cluster, 4)]"),  // 64 over an axis of 32: read as (32 @ .., 2, 4)
            "Tensor[(64, 4), f32, layout=ShardLayout(layout=Layout((32, 2, 4), (8, 4, 1)), attrs=(S(0), B(), B(), B()), mesh=gpu)]");
  ex.all_meshes = {"thread"};
  ex.meshes.erase("gpu");
  EXPECT_EQ(type("Tensor[(8,), \"f32\", (8,)]"),  // one mesh: splitting nothing, on it
            "Tensor[(8,), f32, layout=ShardLayout(layout=Layout((8,), (1,)), attrs=(B(), B()), mesh=thread)]");
  EXPECT_EQ(type("Tensor[(8,), \"f32\", (8 @ other.w,)]"),
            "m.py:1:26: error[parse]: 'other' is not a mesh of the prelude with axis names");
  // An axis the mesh does not have, with the nearest axes it has.
  const std::string no_axis = type("Tensor[(8,), \"f32\", (8 @ thread.tt,)]");
  EXPECT_EQ(no_axis.substr(0, no_axis.find('\n')), "m.py:1:26: error[parse]: mesh thread has no axis 'tt'");
  EXPECT_NE(no_axis.find("\nnote: did you mean: t"), std::string::npos) << no_axis;
}

TEST(Importer, LoopsCarryTheirTrailingUpdatesAndTileWindowsSlice) {
  const std::string py = kHeader +
                         "@func\ndef f(\n    x: Tensor[(8, 4), \"f32\"]\n) -> Tensor[(2, 4), \"f32\"]:\n"
                         "    acc = x[0:2, :]\n    n = x[0:2]\n"
                         "    for w in tile(8, 2):\n"
                         "        a = x[w, :]\n        b = x[w - 0]\n        s = add(acc, a)\n        t = add(n, b)\n"
                         "        acc = s\n        n = t\n"
                         "    r = add(acc, n)\n    return r\n";
  const std::string out = canonical(py);
  EXPECT_NE(out.find("carry (acc = acc_0, n = n_0) {"), std::string::npos) << out;
  EXPECT_NE(out.find("slice(x, (w, 0), sizes=(2, 4), strides=(1, 1))"), std::string::npos) << out;
  EXPECT_NE(out.find("= sub(w, 0)"), std::string::npos) << out;
  EXPECT_NE(out.find("tuple_get_item("), std::string::npos) << out;
  EXPECT_NE(out.find("for w in range(0, 8, 2)"), std::string::npos) << out;
}

TEST(Importer, ErrorsArePlacedInThePyFile) {
  // The tfir reader's own error, at the .py line of the statement.
  EXPECT_EQ(first_error(kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"bf16\"],\n    y: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n"
                                  "    z = add(x, y)\n    return z\n"),
            "m.py:10:9: error[type]: hir.math.Binary: dtype mismatch: lhs is bf16, rhs is f32; there is no implicit promotion (use full_like or cast)");
  EXPECT_EQ(first_error(kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n    x: where(storage=\"smem\")\n    return x\n"),
            "m.py:9:5: error[parse]: the schedule constraint on 'x' (NAME: where(...)) has no tfir form");
  EXPECT_EQ(first_error(kHeader + "@jit\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n    return x\n"),
            "m.py:5:2: error[parse]: the decorator 'jit' (the printer writes @func and @BASE.specialize(...))");
  EXPECT_EQ(first_error(kHeader + "print(1)\n"),
            "m.py:5:1: error[parse]: 'print' at the top level (the printer writes imports, DimVar and Mesh preludes, functions and modules)");
  EXPECT_EQ(first_error(kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n\treturn x\n"),
            "m.py:9:1: error[parse]: a tab in indentation (the printer indents with spaces)");
  EXPECT_EQ(first_error(kHeader + "x = Mesh((Topology(\"cta\", 4),), Layout((4,), (1,)), attrs=/* Split */)\n"),
            "m.py:5:59: error[parse]: a C comment (only `/* Dynamic */`, the printer's Dynamic shard attribute, is read)");
  // A loop line without its ':' has no body (found by the upstream_import mutation test).
  EXPECT_EQ(first_error(kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n"
                                  "    for i in range(8)ions\n    return x\n"),
            "m.py:9:5: error[parse]: a for loop without its ':' and indented body");
  // Values too large to compute with, and nesting too deep to recurse into, are refused.
  EXPECT_EQ(first_error(kHeader + "@func\ndef f(\n    x: Tensor[(4, 8), \"f32\"]\n) -> Tensor[(4, 8), \"f32\"]:\n"
                                  "    y = x[0:99999999999999999999999:2, :]\n    return y\n"),
            "m.py:9:11: error[parse]: a strided slice whose bounds are not static integers below 2^31");
  EXPECT_NE(first_error(kHeader + "x = " + std::string(300, '(') + "1" + std::string(300, ')') + "\n").find("nested more than 200 deep"),
            std::string::npos);
  // Without the import header the lines shift by one, and are mapped back.
  Result<Imported> t = import_upstream("@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n    y = neg(z)\n    return y\n",
                                       "m.py", ctx());
  ASSERT_TRUE(t.ok());
  EXPECT_EQ(t->line_shift, 1);
  EXPECT_EQ(first_error("@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n    y = neg(z)\n    return y\n").substr(0, 10),
            "m.py:5:13:");
}

// Issue 34, finding 6: a .py saved with CR-only line endings read as one line: the program was
// dropped silently (`tfir 1`, exit 0). Lines end in "\n", "\r\n" or a lone "\r" (Python's
// universal newlines), with the same program and the same line numbers.
TEST(Importer, CrOnlyAndCrlfLineEndingsReadAsTheSameProgram) {
  const std::string py = kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n"
                                   "    y = neg(x)  # a comment\n    return y\n";
  const std::string expected = canonical(py);
  ASSERT_NE(expected.find("y: Tensor[(4,), f32] = neg(x)"), std::string::npos) << expected;
  auto with_ending = [&](const std::string& ending) {
    std::string out;
    for (char c : py) out += c == '\n' ? ending : std::string(1, c);
    return out;
  };
  EXPECT_EQ(canonical(with_ending("\r")), expected);
  EXPECT_EQ(canonical(with_ending("\r\n")), expected);
  // An error keeps its place: line 9 whatever the line endings.
  const std::string bad = kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n    y = neg(z)\n    return y\n";
  for (const std::string ending : {"\n", "\r", "\r\n"}) {
    std::string text;
    for (char c : bad) text += c == '\n' ? ending : std::string(1, c);
    EXPECT_EQ(first_error(text).substr(0, 10), "m.py:9:13:") << first_error(text);
  }
}

// A tuple result (no `->`) takes the body's type, which the reader reports in a diagnostic; a
// diagnostic quotes at most 48 nodes of a type (issue 34, finding 7), so a result of 30 tensors
// is spelled from its elements' types, whole.
TEST(Importer, ATupleResultOfManyTensorsIsSpelledWhole) {
  std::string py = kHeader + "@func\ndef f(\n    x: Tensor[(4, 8), \"f32\"]\n):\n";
  std::string names, types;
  for (int i = 0; i < 30; ++i) {
    py += "    y" + std::to_string(i) + " = neg(x)\n";
    names += (i ? ", y" : "y") + std::to_string(i);
    types += (i ? ", " : "") + std::string("Tensor[(4, 8), f32]");
  }
  py += "    return (" + names + ")\n";
  Result<Imported> t = import_upstream(py, "m.py", ctx());
  ASSERT_TRUE(t.ok()) << why(t);
  EXPECT_EQ(line_of(t->tfir, 6), "func f(x: Tensor[(4, 8), f32]) -> Tuple[" + types + "] {");
  EXPECT_TRUE(read_upstream_file(py, "m.py", ctx()).ok());
}

// A character outside the subset is named whole (it was named by its first byte, half of a
// UTF-8 sequence): its code point and the character, a control character by its code point
// alone, and a byte that starts no UTF-8 character as that byte.
TEST(Importer, ACharacterOutsideTheSubsetIsNamedWhole) {
  const std::string head = kHeader + "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n    y = ";
  EXPECT_EQ(first_error(head + "\xc3\xa9\n    return y\n"),
            "m.py:9:9: error[parse]: the character U+00E9 '\xc3\xa9' is not in the Python subset the canonical printer writes");
  EXPECT_EQ(first_error(head + "\xf0\x9f\x98\x80\n    return y\n"),
            "m.py:9:9: error[parse]: the character U+1F600 '\xf0\x9f\x98\x80' is not in the Python subset the canonical printer writes");
  EXPECT_EQ(first_error(head + "\x1b\n    return y\n"),
            "m.py:9:9: error[parse]: the character U+001B is not in the Python subset the canonical printer writes");
  EXPECT_EQ(first_error(head + "\xe9x\n    return y\n"),
            "m.py:9:9: error[parse]: the byte 0xE9 (not UTF-8) is not in the Python subset the canonical printer writes");
  EXPECT_EQ(first_error(head + "\xc0\xaf\n    return y\n"),  // an overlong '/'
            "m.py:9:9: error[parse]: the byte 0xC0 (not UTF-8) is not in the Python subset the canonical printer writes");
  EXPECT_EQ(first_error(head + "$\n    return y\n"),
            "m.py:9:9: error[parse]: the character U+0024 '$' is not in the Python subset the canonical printer writes");
}

TEST(Importer, ADispatchPrototypeAndItsVariants) {
  const std::string py = kHeader +
                         "N = DimVar(\"N\", 1, 9)\n\n"
                         "@func\ndef f(\n    x: Tensor[(N,), \"f32\"]\n) -> Tensor[(N,), \"f32\"]:\n    pass\n\n"
                         "@f.specialize(DimVarRangePat(\"N\", 1, 5))\ndef f_small(\n    x: Tensor[(N,), \"f32\"]\n) -> Tensor[(N,), \"f32\"]:\n"
                         "    y = add(x, x)\n    return y\n\n"
                         "@f.specialize(DimVarRangePat(\"N\", 5, 9))\ndef f_large(\n    x: Tensor[(N,), \"f32\"]\n) -> Tensor[(N,), \"f32\"]:\n"
                         "    y = mul(x, x)\n    return y\n";
  const std::string out = canonical(py);
  EXPECT_NE(out.find("func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype"), std::string::npos) << out;
  EXPECT_NE(out.find("specialize f(DimVarRangePat(\"N\", 1, 5)) as f_small(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {"), std::string::npos) << out;
  EXPECT_NE(out.find("specialize f(DimVarRangePat(\"N\", 5, 9)) as f_large("), std::string::npos) << out;
}

TEST(Importer, InfinityAndNanAttributesAndDynamic) {
  const std::string py = kHeader +
                         "@func\ndef f(\n    x: Tensor[(4,), \"f32\"]\n) -> Tensor[(4,), \"f32\"]:\n"
                         "    y = clamp(x, min_val=-1e999, max_val=1e999)\n    return y\n";
  Result<Imported> t = import_upstream(py, "m.py", ctx());
  ASSERT_TRUE(t.ok()) << why(t);
  EXPECT_EQ(line_of(t->tfir, 9), "    y = clamp(x, min_val=-inf, max_val=inf)");
  Result<std::vector<PyLine>> lines = lex_python("a = (S(0), /* Dynamic */)\n", "m.py");
  ASSERT_TRUE(lines.ok());
  ASSERT_EQ((*lines)[0].tokens.size(), 12u);  // a = ( S ( 0 ) , Dynamic ( ) )
  EXPECT_EQ((*lines)[0].tokens[8].text, "Dynamic");
  EXPECT_EQ((*lines)[0].tokens[8].column, 12);
}

}  // namespace
}  // namespace tf::upstream
