// Reading the header and declarations of a tfir file: docs/tfir.md section 2 reads and prints back
// exactly, items are skipped with their exact text, and every bad file fails at a position.
#include <gtest/gtest.h>

#include "ir/layout/print.h"
#include "ir/text/module_printer.h"
#include "ir/text/item_skipper.h"
#include "ir/text/module_reader.h"
#include "ir/text/test/tfir_contract_examples.h"

namespace tf::text {
namespace {

// Two cases shaped like those of docs/tfir.md section 7, placeholders (`{...}`) and comments
// included: the reader keeps a case verbatim. The declarations and functions are shared.
using testing::kSection2;

using testing::kScaleAdd;
using testing::kFib;
using testing::kDoubleRows;
using testing::kMain;

// (The `covers` lines are spliced in so that rule coverage does not count this test for them.)
const std::string kCaseBasic = std::string(R"(case "scale_add/basic" {
)") + "    covers TYPES.2.TENSOR.fields, TYPES.4.DIM.bounds-half-open\n" + R"(    run scale_add                                   # the function to execute
    at hir                                          # hir | tir | lowered | cuda-emu | cuda-gpu
    dim N = 2
    input x = Tensor[(2, 8), f32] random(seed=1)
    input y = npy("y.npy")
    expect output = Tensor[(2, 8), f32]{...}        # exact; NaN equals NaN as a class
    expect output[1] ~ allclose(rtol=1e-5, atol=1e-6) Tensor[...]{...}
    expect output ~ ulp(max=1) reference            # reference = the evaluator at the other level
})";

const std::string kCaseSync = std::string(R"(case "sync/cross-warp-unaligned" {
)") + "    covers TIR.1.5.SYNC.warp-aligned\n" + R"(    run bad_sync
    expect error TIR.1.5.SYNC.warp-aligned          # parse, verify or eval must fail with a
})";

std::string whole_file() {
  return std::string(kSection2) + "\n" + kScaleAdd + "\n\n" + kFib + "\n\n" + kDoubleRows + "\n\n" + kMain +
         "\n\n" + kCaseBasic + "\n\n" + kCaseSync + "                                                   # diagnostic naming exactly this rule\n";
}

// The canonical declaration lines: section 2 without its comments.
const char* const kCanonicalDeclarations = R"(tfir 1
dim N = DimVar("N", 1, 4097)
mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
mesh grid = Mesh((Topology("cta", 4), Topology("thread", 128)), Layout((4, 4, 32), (128, 32, 1)), names=("c", "w", "l"))
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
layout Lg = ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), mesh=cta1)
layout Lr = ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)
atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)
entry main
)";

ParsedFile read_ok(const std::string& text) {
  Result<ParsedFile> r = read_tfir(text, "f.tfir");
  TF_CHECK(r.ok(), "{}", r.ok() ? "" : r.diagnostics()[0].render());
  return std::move(r).value();
}

std::vector<Diagnostic> errors_of(const std::string& text) {
  Result<ParsedFile> r = read_tfir(text, "f.tfir");
  EXPECT_FALSE(r.ok()) << text;
  return r.diagnostics();
}

TEST(ModuleReader, ReadsEveryDeclarationOfSection2) {
  const ParsedFile f = read_ok(whole_file());
  EXPECT_EQ(f.major_version, 1);
  ASSERT_EQ(f.declarations.size(), 8u);
  const auto& dim = std::get<DimDeclaration>(f.declarations[0].value);
  EXPECT_EQ(dim.name, "N");
  EXPECT_EQ(dim.var, DimVar::make("N", 1, 4097).value());
  EXPECT_EQ(f.declarations[0].location.str(), "f.tfir:2:1");
  const auto& warp = std::get<MeshDeclaration>(f.declarations[1].value);
  EXPECT_EQ(warp.name, "warp");
  ASSERT_EQ(warp.mesh.topologies().size(), 1u);
  EXPECT_EQ(to_string(warp.mesh.topologies()[0]), "Topology(\"thread\", 32)");
  EXPECT_TRUE(warp.mesh.names().empty());
  const auto& grid = std::get<MeshDeclaration>(f.declarations[2].value);
  EXPECT_EQ(grid.mesh.names(), (std::vector<std::string>{"c", "w", "l"}));
  const auto& cta1 = std::get<MeshDeclaration>(f.declarations[3].value);
  const auto& lg = std::get<LayoutDeclaration>(f.declarations[4].value);
  EXPECT_EQ(lg.name, "Lg");
  ASSERT_TRUE(lg.layout.is_shard());
  EXPECT_EQ(lg.layout.as_shard()->mesh(), cta1.mesh);
  EXPECT_EQ(to_string(lg.layout.as_shard()->layout()), "Layout((128, 12), (12, 1))");
  const auto& lr = std::get<LayoutDeclaration>(f.declarations[5].value);
  EXPECT_EQ(to_string(lr.layout.as_shard()->layout()), "Layout((128, 12), (0, 1))");
  const auto& atom = std::get<AtomDeclaration>(f.declarations[6].value);
  EXPECT_EQ(atom.name, "A0");
  EXPECT_EQ(atom.op, "SM80_16x8x16_F32BF16BF16F32_TN");
  EXPECT_EQ(std::get<EntryDeclaration>(f.declarations[7].value).function, "main");
  EXPECT_EQ(entry_function(f), "main");

  // The environment.
  ASSERT_NE(f.environment.find_dim("N"), nullptr);
  EXPECT_EQ(*f.environment.find_dim("N"), dim.var);
  ASSERT_NE(f.environment.layouts().find("cta1"), nullptr);
  EXPECT_EQ(std::get<Mesh>(*f.environment.layouts().find("cta1")), cta1.mesh);
  EXPECT_EQ(std::get<ShardLayout>(*f.environment.layouts().find("Lr")), *lr.layout.as_shard());
  EXPECT_EQ(f.environment.find("A0")->kind, NameKind::Atom);
  EXPECT_EQ(f.environment.find("Lg")->kind, NameKind::Layout);
  EXPECT_EQ(f.environment.find("grid")->kind, NameKind::Mesh);
  EXPECT_EQ(f.environment.find("main"), nullptr);  // functions are not declarations
}

TEST(ModuleReader, SkipsItemsWithTheirNameSpanAndExactText) {
  const ParsedFile f = read_ok(whole_file());
  ASSERT_EQ(f.items.size(), 6u);
  const struct {
    ItemKind kind;
    const char* name;
    const char* text;
    int line;
  } expected[] = {{ItemKind::Func, "scale_add", kScaleAdd, 11},
                  {ItemKind::Func, "fib", kFib, 18},
                  {ItemKind::PrimFunc, "double_rows", kDoubleRows, 27},
                  {ItemKind::PrimFunc, "main", kMain, 39},
                  {ItemKind::Case, "scale_add/basic", kCaseBasic.c_str(), 43},
                  {ItemKind::Case, "sync/cross-warp-unaligned", kCaseSync.c_str(), 55}};
  for (std::size_t i = 0; i < f.items.size(); ++i) {
    const SkippedItem& item = f.items[i];
    SCOPED_TRACE(expected[i].name);
    EXPECT_EQ(item.kind, expected[i].kind);
    EXPECT_EQ(item.name, expected[i].name);
    EXPECT_EQ(item.text, expected[i].text);
    EXPECT_EQ(item.begin.line, expected[i].line);
    EXPECT_EQ(item.begin.column, 1);
    EXPECT_TRUE(item.has_body);
    EXPECT_EQ(f.tokens[item.first_token].text, item_kind_keyword(item.kind));
    EXPECT_EQ(f.tokens[item.last_token].kind, TokenKind::RBrace);
    EXPECT_EQ(f.tokens[item.last_token].location.str(), item.end.str());
  }
  EXPECT_EQ(f.items[0].end.str(), "f.tfir:16:1");
}

TEST(ModuleReader, PrintsTheCanonicalFormAndIsAFixedPoint) {
  const std::string printed = print_tfir(read_ok(whole_file()));
  const std::string expected = std::string(kCanonicalDeclarations) + "\n" + kScaleAdd + "\n\n" + kFib + "\n\n" +
                               kDoubleRows + "\n\n" + kMain + "\n\n" + kCaseBasic + "\n\n" + kCaseSync + "\n";
  EXPECT_EQ(printed, expected);
  EXPECT_EQ(print_tfir(read_ok(printed)), printed);
}

TEST(ModuleReader, EveryDeclarationLineRoundTripsExactly) {
  // Each canonical line of section 2 alone (with what it needs before it) prints as itself.
  std::string lines = kCanonicalDeclarations;
  lines = lines.substr(lines.find('\n') + 1);
  std::string prefix = "tfir 1\n";
  std::size_t start = 0;
  while (start < lines.size()) {
    const std::size_t end = lines.find('\n', start);
    const std::string line = lines.substr(start, end - start);
    start = end + 1;
    if (line.starts_with("entry")) continue;  // needs a function, below
    const std::string text = prefix + line + "\n";
    EXPECT_EQ(print_tfir(read_ok(text)), text);
    prefix += line + "\n";
  }
  const std::string with_entry = "tfir 1\nentry main\n\nfunc main() -> Unit prototype\n";
  EXPECT_EQ(print_tfir(read_ok(with_entry)), with_entry);
}

TEST(ModuleReader, CanonicalizesSpacingNumbersAndMeshReferences) {
  const ParsedFile f = read_ok(
      "# a comment before the header\n"
      "tfir 1\n"
      "dim   M=DimVar( \"M\" ,0x1,\n  65)\n"
      "mesh w = Mesh((Topology(\"thread\", 0x20),),\n  Layout((32,), None))\n"
      "mesh w2 = w\n"
      "mesh half = w[0:16]\n"
      "layout L = ShardLayout(layout=Layout((32,), (1,)), attrs=(S(0),), mesh=w2)\n"
      "layout C = ComposedLayout(inner=None, offset=3, outer=Layout((4,), (2,)))\n"
      "layout `for` = Layout(((2, 2), 8), ((1, 16), 2))\n");
  EXPECT_EQ(print_tfir(f),
            "tfir 1\n"
            "dim M = DimVar(\"M\", 1, 65)\n"
            "mesh w = Mesh((Topology(\"thread\", 32),), Layout((32,), (1,)))\n"
            "mesh w2 = Mesh((Topology(\"thread\", 32),), Layout((32,), (1,)))\n"
            "mesh half = " + to_string(std::get<MeshDeclaration>(f.declarations[3].value).mesh) + "\n"
            "layout L = ShardLayout(layout=Layout((32,), (1,)), attrs=(S(0),), mesh=w)\n"
            "layout C = ComposedLayout(inner=None, offset=3, outer=Layout((4,), (2,)))\n"
            "layout `for` = Layout(((2, 2), 8), ((1, 16), 2))\n");
  const std::string once = print_tfir(f);
  EXPECT_EQ(print_tfir(read_ok(once)), once);
}

TEST(ModuleReader, AcceptsMinorVersionsAndPrototypes) {
  const ParsedFile f = read_ok("tfir 1.3\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] prototype\n"
                               "specialize f(DimVarRangePat(\"N\", 1, 65)) as f_small(x: Tensor[(4,), f32]) "
                               "-> Tensor[(4,), f32] {\n  return x\n}\n");
  EXPECT_EQ(f.major_version, 1);
  ASSERT_EQ(f.items.size(), 2u);
  EXPECT_EQ(f.items[0].name, "f");
  EXPECT_FALSE(f.items[0].has_body);
  EXPECT_EQ(f.items[0].text, "func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] prototype");
  EXPECT_EQ(f.items[1].kind, ItemKind::Specialize);
  EXPECT_EQ(f.items[1].name, "f_small");
  EXPECT_EQ(entry_function(f), "f");  // no entry: the last func or prim_func
  const std::vector<Diagnostic> bodies = body_not_parsed_diagnostics(f);
  ASSERT_EQ(bodies.size(), 1u);  // the prototype has no body
  EXPECT_EQ(bodies[0].location.str(), "f.tfir:3:1");
  EXPECT_EQ(bodies[0].message, "function bodies are not parsed yet: specialize 'f_small' was skipped");
  EXPECT_TRUE(body_not_parsed_diagnostics(read_ok("tfir 1\n")).empty());
  EXPECT_EQ(entry_function(read_ok("tfir 1\n")), std::nullopt);
}

struct BadFile {
  const char* text;
  const char* location;
  const char* message;
};

void expect_first_error(const BadFile& c) {
  const std::vector<Diagnostic> ds = errors_of(c.text);
  ASSERT_FALSE(ds.empty()) << c.text;
  EXPECT_EQ(ds[0].location.str(), c.location) << c.text;
  EXPECT_NE(ds[0].message.find(c.message), std::string::npos) << c.text << "\n" << ds[0].render();
}

TEST(ModuleReaderErrors, WrongHeader) {
  const BadFile cases[] = {
      {"", "f.tfir:1:1", "a tfir file starts with the line 'tfir 1'"},
      {"# only a comment\n", "f.tfir:2:1", "a tfir file starts with the line 'tfir 1'"},
      {"dim N = DimVar(\"N\", 1, 2)\n", "f.tfir:1:1", "a tfir file starts with the line 'tfir 1'"},
      {"# c\ntfir 2\ndim N = DimVar(\"N\", 1, 2)\n", "f.tfir:2:6",
       "tfir major version 2 is not supported: this reader reads version 1"},
      {"tfir 2.0\n", "f.tfir:1:6", "tfir major version 2 is not supported"},
      {"tfir\n", "f.tfir:1:5", "expected the major version after 'tfir'"},
      {"tfir one\n", "f.tfir:1:6", "expected the major version after 'tfir'"},
      {"tfir 1 dim\n", "f.tfir:1:8", "expected the end of the 'tfir 1' line"},
      {"`tfir` 1\n", "f.tfir:1:1", "a tfir file starts with the line 'tfir 1'"},
  };
  for (const BadFile& c : cases) expect_first_error(c);
  // Another major is refused before anything else is read.
  EXPECT_EQ(errors_of("tfir 3\nnonsense here\n").size(), 1u);
}

TEST(ModuleReaderErrors, UndeclaredNames) {
  const BadFile cases[] = {
      {"tfir 1\nlayout L = ShardLayout(layout=Layout((4,), (1,)), attrs=(S(0),), mesh=m)\n", "f.tfir:2:71",
       "'m' is not declared"},
      {"tfir 1\nmesh a = b[0:2]\n", "f.tfir:2:10", "'b' is not declared"},
      {"tfir 1\nlayout L = K\nlayout K = Layout((4,), (1,))\n", "f.tfir:2:12", "'K' is not declared"},
      {"tfir 1\nentry main\nfunc other() -> Unit prototype\n", "f.tfir:2:1", "entry 'main' names no function"},
  };
  for (const BadFile& c : cases) expect_first_error(c);
}

TEST(ModuleReaderErrors, Redeclarations) {
  const std::vector<Diagnostic> ds = errors_of(
      "tfir 1\ndim N = DimVar(\"N\", 1, 9)\nlayout N = Layout((4,), (1,))\n");
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].location.str(), "f.tfir:3:8");
  EXPECT_EQ(ds[0].message, "'N' is already declared (as a dim)");
  ASSERT_EQ(ds[0].notes.size(), 1u);
  EXPECT_EQ(ds[0].notes[0], "f.tfir:2:1: the first declaration of 'N'");

  const BadFile cases[] = {
      {"tfir 1\nfunc f() -> Unit {\n}\nprim_func f() target=host {\n}\n", "f.tfir:4:1",
       "function 'f' is defined twice"},
      {"tfir 1\nentry f\nentry f\nfunc f() -> Unit prototype\n", "f.tfir:3:1", "the entry is declared twice"},
      {"tfir 1\ndim None = DimVar(\"None\", 1, 2)\n", "f.tfir:2:5", "'None' is a literal"},
  };
  for (const BadFile& c : cases) expect_first_error(c);
}

TEST(ModuleReaderErrors, BadDeclarations) {
  const BadFile cases[] = {
      {"tfir 1\ndim N = DimVar(\"M\", 1, 9)\n", "f.tfir:2:16", "must be the declared name \"N\""},
      {"tfir 1\ndim N = DimVar(\"N\", 9, 9)\n", "f.tfir:2:9", ""},
      {"tfir 1\ndim N = 4\n", "f.tfir:2:9", "expected DimVar(\"N\", lo, hi)"},
      {"tfir 1\ndim N DimVar(\"N\", 1, 2)\n", "f.tfir:2:7", "expected '=' after 'dim N'"},
      {"tfir 1\ndim = 3\n", "f.tfir:2:5", "expected a name after 'dim'"},
      {"tfir 1\ndim N = DimVar(\"N\", 1, 2) extra\n", "f.tfir:2:27", "expected the end of the line"},
      {"tfir 1\nmesh m = Layout((4,), (1,))\n", "f.tfir:2:10", "expected a mesh here, found a layout"},
      {"tfir 1\nmesh m = Mesh((Topology(\"t\", 4),), Layout((4,), (1,)))\nlayout L = m\n", "f.tfir:3:12",
       "expected a layout here, found a mesh"},
      {"tfir 1\natom A = cuda.mma.atom(\"x\")\n", "f.tfir:2:10", "expected cuda.mma.atom(op=INSTRUCTION)"},
      {"tfir 1\nentry 3\n", "f.tfir:2:7", "expected a name after 'entry'"},
      {"tfir 1\nlet x = 3\n", "f.tfir:2:1", "expected a declaration (dim, mesh, layout, atom, entry) or an item"},
      {"tfir 1\nlayout L = Layout((4,), (1,)\n", "f.tfir:3:1", "expected ')'"},
  };
  for (const BadFile& c : cases) expect_first_error(c);
}

TEST(ModuleReaderErrors, UnbalancedItems) {
  const BadFile cases[] = {
      {"tfir 1\nfunc f() -> Unit {\n  x = add(a, b)\n", "f.tfir:2:18", "'{' is never closed (in the func that starts at f.tfir:2:1)"},
      {"tfir 1\nfunc f() -> Unit {\n  x = add(a, b]\n}\n", "f.tfir:3:15", "']' does not close the '(' opened at f.tfir:3:10"},
      {"tfir 1\nfunc f() -> Unit\n", "f.tfir:2:17", "func f has no body"},
      {"tfir 1\nfunc f() -> Unit { } dim\n", "f.tfir:2:22", "expected the end of the line after the func f"},
      {"tfir 1\nfunc (x) {}\n", "f.tfir:2:6", "expected a name after 'func'"},
      {"tfir 1\ncase scale {}\n", "f.tfir:2:6", "expected the case's name string after 'case'"},
      {"tfir 1\nspecialize f(DimVarRangePat(\"N\", 1, 2)) f_small() -> Unit {}\n", "f.tfir:2:1", "no 'as NAME'"},
      {"tfir 1\n}\n", "f.tfir:2:1", "expected a declaration"},
  };
  for (const BadFile& c : cases) expect_first_error(c);
}

TEST(ModuleReaderErrors, ErrorsOnIndependentLinesAreAllReported) {
  const std::vector<Diagnostic> ds = errors_of(
      "tfir 1\ndim A = DimVar(\"A\", 2, 1)\nmesh m = q\nlayout L = Layout((4,), (1,))\nentry nothing\n");
  ASSERT_EQ(ds.size(), 3u);
  EXPECT_EQ(ds[0].location.line, 2);
  EXPECT_EQ(ds[1].location.line, 3);
  EXPECT_EQ(ds[2].location.line, 5);
  for (const Diagnostic& d : ds) EXPECT_EQ(d.location.file, "f.tfir");
}

TEST(ModuleReaderErrors, LexicalErrorsArePositioned) {
  const std::vector<Diagnostic> ds = errors_of("tfir 1\ndim N = DimVar(\"N\", 1, 2) $\n");
  ASSERT_EQ(ds.size(), 1u);
  EXPECT_EQ(ds[0].location.str(), "f.tfir:2:27");
}

// Items keep their exact text, however many lines come before them: a file of 20,000 items after
// 25 blank lines each (850 KB) took more than a minute to read, each item's text located by
// walking the file's lines from the start (SourceLines indexes them once).
TEST(ModuleReader, ItemsFarDownAFileKeepTheirText) {
  std::string src = "tfir 1\n";
  for (int i = 0; i < 2000; ++i)
    src += std::string(25, '\n') + "case \"c" + std::to_string(i) + "\" {\n}\n";
  Result<ParsedFile> f = read_tfir(src, "f.tfir");
  ASSERT_TRUE(f.ok()) << f.diagnostics().front().render();
  ASSERT_EQ(f->items.size(), 2000u);
  EXPECT_EQ(f->items[1999].text, "case \"c1999\" {\n}");
  EXPECT_EQ(f->items[1999].begin.line, 2 + 1999 * 27 + 25);
}

TEST(SourceLines, OffsetsOfLinesAndColumns) {
  const SourceLines lines("ab\n\ncd\n");
  EXPECT_EQ(lines.offset_of(SourceLocation{"f", 1, 1}), 0u);
  EXPECT_EQ(lines.offset_of(SourceLocation{"f", 1, 2}), 1u);
  EXPECT_EQ(lines.offset_of(SourceLocation{"f", 2, 1}), 3u);
  EXPECT_EQ(lines.offset_of(SourceLocation{"f", 3, 2}), 5u);
  EXPECT_EQ(lines.offset_of(SourceLocation{"f", 4, 1}), 7u);  // the empty line after the last \n
}

}  // namespace
}  // namespace tf::text
