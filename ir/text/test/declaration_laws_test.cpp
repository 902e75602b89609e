// Laws of the declaration reader and printer: generated declaration files print back exactly
// and read to the values they were generated from; token-level mutations of a valid file never
// crash the reader, and whatever it accepts prints to a fixed point.
#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <cctype>

#include "ir/support/testing/law_runner.h"
#include "ir/layout/print.h"
#include "ir/layout/shard_attr.h"
#include "ir/layout/shard_layout.h"
#include "ir/text/declarations.h"
#include "ir/text/lexer.h"
#include "ir/text/module_printer.h"
#include "ir/text/module_reader.h"

namespace tf::text {
namespace {

IntTuple tuple_of(const std::vector<std::int64_t>& v) {
  std::vector<IntTuple> items;
  for (std::int64_t x : v) items.emplace_back(x);
  return IntTuple::tuple(std::move(items));
}

// A row-major layout of `shape`.
Layout row_major(const std::vector<std::int64_t>& shape) {
  std::vector<std::int64_t> stride(shape.size(), 1);
  for (std::size_t i = shape.size(); i-- > 1;) stride[i - 1] = stride[i] * shape[i];
  return Layout::make(tuple_of(shape), tuple_of(stride)).value();
}

struct Generated {
  std::string text;  // canonical by construction
  std::vector<std::pair<std::string, DimVarRef>> dims;
  std::vector<std::pair<std::string, Mesh>> meshes;
  std::size_t declarations = 0;
};

// A canonical declaration file: dims, meshes, layouts (shard layouts over declared meshes),
// atoms, an optional entry and a few skipped items.
Generated generate_file() {
  static const std::vector<std::string> kKeywordNames = {"for", "case", "func", "let", "entry", "tfir"};
  static const std::vector<std::string> kTopologies = {"cta", "warp", "thread", "cluster"};
  static const std::vector<std::string> kOps = {"SM80_16x8x16_F32BF16BF16F32_TN", "SM80_16x8x8_F32F16F16F32_TN",
                                                "SM90_64x64x16_F32BF16BF16_SS"};
  Generated g;
  std::string lines = "tfir 1\n";
  std::size_t keyword_used = 0;
  auto fresh_name = [&](std::size_t i) {
    if (keyword_used < kKeywordNames.size() && *rc::gen::inRange(0, 6) == 0) return kKeywordNames[keyword_used++];
    return "x" + std::to_string(i);
  };
  const std::size_t count = *rc::gen::inRange<std::size_t>(0, 12);
  for (std::size_t i = 0; i < count; ++i) {
    const std::string name = fresh_name(i);
    const int kind = *rc::gen::inRange(0, 6);
    if (kind == 0) {
      const std::int64_t lo = *rc::gen::inRange<std::int64_t>(-100, 100);
      const std::int64_t hi = lo + *rc::gen::inRange<std::int64_t>(1, 5000);
      g.dims.emplace_back(name, DimVar::make(name, lo, hi).value());
      lines += fmt::format("dim {} = DimVar(\"{}\", {}, {})\n", spell_name(name), name, lo, hi);
    } else if (kind == 1) {
      const std::size_t levels = *rc::gen::inRange<std::size_t>(1, 3);
      std::vector<Topology> topologies;
      std::vector<std::int64_t> extents;
      for (std::size_t l = 0; l < levels; ++l) {
        const std::int64_t e = std::int64_t{1} << *rc::gen::inRange(0, 6);
        topologies.push_back(Topology::make(kTopologies[l], IntTuple(e)).value());
        extents.push_back(e);
      }
      std::vector<std::string> names;
      if (*rc::gen::arbitrary<bool>())
        for (std::size_t l = 0; l < levels; ++l) names.push_back(std::string(1, static_cast<char>('a' + l)));
      Result<Mesh> mesh = Mesh::make(topologies, MeshLayout(row_major(extents)), names);
      RC_ASSERT(mesh.ok());
      g.meshes.emplace_back(name, *mesh);
      lines += fmt::format("mesh {} = {}\n", spell_name(name), to_string(*mesh));
    } else if (kind == 2 || kind == 3) {
      std::vector<std::int64_t> shape = *rc::gen::container<std::vector<std::int64_t>>(
          *rc::gen::inRange<std::size_t>(0, 4), rc::gen::inRange<std::int64_t>(1, 9));
      // A shard layout over a declared one-axis mesh, when there is one.
      const Mesh* mesh = nullptr;
      std::string mesh_name;
      for (const auto& [n, m] : g.meshes)
        if (m.topologies().size() == 1 && kind == 3) {
          mesh = &m;
          mesh_name = n;
          break;
        }
      if (mesh) {
        const std::int64_t e = *mesh->topologies()[0].static_size();
        const std::int64_t c = *rc::gen::inRange<std::int64_t>(1, 9);
        const bool per_engine = *rc::gen::arbitrary<bool>();
        Layout l = Layout::make(tuple_of({e, c}), tuple_of({per_engine ? 0 : c, 1})).value();
        RC_ASSERT(ShardLayout::make(l, {S(0)}, *mesh).ok());
        lines += fmt::format("layout {} = ShardLayout(layout={}, attrs=(S(0),), mesh={})\n", spell_name(name),
                             to_string(l), spell_name(mesh_name));
      } else if (*rc::gen::arbitrary<bool>()) {
        lines += fmt::format("layout {} = {}\n", spell_name(name), to_string(row_major(shape)));
      } else {
        const std::int64_t offset = *rc::gen::inRange<std::int64_t>(0, 100);
        lines += fmt::format("layout {} = ComposedLayout(inner=None, offset={}, outer={})\n", spell_name(name),
                             offset, to_string(row_major(shape)));
      }
    } else {
      lines += fmt::format("atom {} = cuda.mma.atom(op={})\n", spell_name(name), *rc::gen::elementOf(kOps));
    }
    ++g.declarations;
  }
  std::string items;
  const std::size_t functions = *rc::gen::inRange<std::size_t>(0, 3);
  for (std::size_t i = 0; i < functions; ++i)
    items += *rc::gen::arbitrary<bool>()
                 ? fmt::format("\nfunc f{}(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] prototype\n", i)
                 : fmt::format("\nfunc f{}(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {{\n    return x\n}}\n", i);
  if (functions > 0 && *rc::gen::arbitrary<bool>()) {
    lines += fmt::format("entry f{}\n", *rc::gen::inRange<std::size_t>(0, functions));
    ++g.declarations;
  }
  g.text = lines + items;
  return g;
}

TF_LAW(DeclarationLaws, GeneratedFilesPrintBackExactly, ()) {
  const Generated g = generate_file();
  Result<ParsedFile> f = read_tfir(g.text, "g.tfir");
  RC_ASSERT(f.ok());
  RC_ASSERT(print_tfir(*f) == g.text);
  RC_ASSERT(f->declarations.size() == g.declarations);
  for (const auto& [name, var] : g.dims) {
    RC_ASSERT(f->environment.find_dim(name) != nullptr);
    RC_ASSERT(*f->environment.find_dim(name) == var);
  }
  for (const auto& [name, mesh] : g.meshes) {
    const LayoutValue* v = f->environment.layouts().find(name);
    RC_ASSERT(v != nullptr);
    RC_ASSERT(std::get<Mesh>(*v) == mesh);
  }
  RC_TAG(g.declarations);
}

// ---- mutation ----

const char* const kValidFile = R"(tfir 1
# declarations of docs/tfir.md section 2
dim N = DimVar("N", 1, 4097)
mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
mesh grid = Mesh((Topology("cta", 4), Topology("thread", 128)), Layout((4, 4, 32), (128, 32, 1)), names=("c", "w", "l"))
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
mesh half = warp[1:3, :]
layout Lg = ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), mesh=cta1)
layout Lr = ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)
layout C = ComposedLayout(inner=None, offset=3, outer=Layout(((2, 2), 8), ((1, 16), 2)))
atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)
entry main

func scale_add(x: Tensor[(N, 8), f32], y: Tensor[(N, 8), f32]) -> Tensor[(N, 8), f32] {
    t: Tensor[(N, 8), f32] = mul(x, 2.0)
    return t
}

prim_func main(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=host {
    launch(@double_rows, 128, 1, 1, 1, 1, 1, a, out)
}

case "scale_add/basic" {
    run scale_add
    expect output ~ ulp(max=1) reference
}
)";

// The words of the valid file, one per token.
std::vector<std::string> valid_words() {
  const Result<std::vector<Token>> lexed = lex(kValidFile, "m.tfir");
  TF_CHECK(lexed.ok(), "the valid file does not lex");
  std::vector<std::string> words;
  for (const Token& t : *lexed) words.push_back(token_spelling(t));
  return words;
}

std::string join(const std::vector<std::string>& words) {
  std::string text;
  for (const std::string& w : words) text += w + (w == "\n" ? "" : " ");
  return text;
}

// The mutation law starts from a file the reader accepts.
TEST(ModuleReaderMutation, TheUnmutatedFileIsAcceptedAndPrintsItsDeclarations) {
  Result<ParsedFile> f = read_tfir(join(valid_words()), "m.tfir");
  ASSERT_TRUE(f.ok()) << f.diagnostics()[0].render();
  EXPECT_EQ(f->declarations.size(), 10u);
  EXPECT_EQ(f->items.size(), 3u);
}

TF_LAW(ModuleReaderLaws, TokenMutationsNeverCrashAndAcceptedFilesReachAFixedPoint, ()) {
  static const std::vector<std::string> kVocabulary = {
      "(", ")", "[", "]", "{", "}", ",", "=", ":", "\n", "tfir", "1", "2", "1.5", "-", "+", "//", "->",
      "dim", "mesh", "layout", "atom", "entry", "func", "prim_func", "case", "specialize", "as", "prototype",
      "N", "warp", "cta1", "Lr", "main", "None", "DimVar", "Layout", "Mesh", "ShardLayout", "S(0)", "\"N\"",
      "`for`", "Topology", "0x10", "~", "@", "99999999999999999999", "umat"};
  std::vector<std::string> words = valid_words();
  const int mutations = *rc::gen::inRange(1, 5);
  for (int m = 0; m < mutations && !words.empty(); ++m) {
    const std::size_t i = *rc::gen::inRange<std::size_t>(0, words.size());
    switch (*rc::gen::inRange(0, 6)) {
      case 0: words.erase(words.begin() + static_cast<std::ptrdiff_t>(i)); break;
      case 1: words.insert(words.begin() + static_cast<std::ptrdiff_t>(i), *rc::gen::elementOf(kVocabulary)); break;
      case 2: words[i] = *rc::gen::elementOf(kVocabulary); break;
      case 3: std::swap(words[i], words[*rc::gen::inRange<std::size_t>(0, words.size())]); break;
      default:  // a number becomes another number: mostly semantic, not syntactic, damage
        if (!words[i].empty() && std::isdigit(static_cast<unsigned char>(words[i][0])))
          words[i] = std::to_string(*rc::gen::inRange(0, 300));
        break;
    }
  }
  const std::string text = join(words);
  Result<ParsedFile> f = read_tfir(text, "m.tfir");
  if (!f.ok()) {
    for (const Diagnostic& d : f.diagnostics()) {
      RC_ASSERT(d.location.file == "m.tfir");
      RC_ASSERT(d.location.line >= 1);
      RC_ASSERT(d.location.column >= 1);
      RC_ASSERT(!d.message.empty());
    }
    RC_TAG("rejected");
    return;
  }
  const std::string once = print_tfir(*f);
  Result<ParsedFile> again = read_tfir(once, "m.tfir");
  RC_ASSERT(again.ok());
  RC_ASSERT(print_tfir(*again) == once);
  RC_TAG("accepted");
}

}  // namespace
}  // namespace tf::text
