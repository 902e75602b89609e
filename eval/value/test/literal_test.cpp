// Tensor literals from text: every form, symbolic shapes, npy files, scalars, and every error
// positioned in the enclosing file.
#include "eval/value/literal.h"

#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "eval/value/npy.h"
#include "eval/value/tensor_convert.h"
#include "ir/dim/dim_var.h"

namespace tf::eval {
namespace {

const SourceLocation kStart{"case.tfir", 1, 1};

Result<Tensor> lit(const std::string& text, const LiteralContext& c = {}) {
  return parse_literal(text, kStart, c);
}

Tensor ok(const std::string& text, const LiteralContext& c = {}) {
  Result<Tensor> t = lit(text, c);
  TF_CHECK(t.ok(), "literal {} failed: {}", text, t.ok() ? "" : t.diagnostics()[0].render());
  return *t;
}

std::vector<std::uint64_t> codes_of(const Tensor& t) {
  std::vector<std::uint64_t> out;
  for (std::int64_t i = 0; i < t.size(); ++i) out.push_back(t.code(i));
  return out;
}

// "line:col: message" of the first diagnostic.
std::string error_of(const Result<Tensor>& r) {
  if (r.ok()) return "(accepted)";
  const Diagnostic& d = r.diagnostics()[0];
  return fmt::format("{}:{}: {}", d.location.line, d.location.column, d.message);
}

TEST(Literal, ValuesAreRowMajor) {
  Tensor t = ok("Tensor[(2, 2), f32]{1, 2, 3, 4.5}");
  EXPECT_EQ(t.dtype(), DType::f32());
  EXPECT_EQ(t.shape(), (Shape{2, 2}));
  EXPECT_EQ(to_f32(t), (std::vector<float>{1, 2, 3, 4.5f}));
  Tensor b = ok("Tensor[(4,), bf16]{1.5, -0, nan, -inf}");
  EXPECT_EQ(codes_of(b), (std::vector<std::uint64_t>{0x3fc0, 0x8000, 0x7fff, 0xff80}));
  Tensor i = ok("Tensor[(), i32]{-7}");
  EXPECT_EQ(i.rank(), 0);
  EXPECT_EQ(to_i64(i), (std::vector<std::int64_t>{-7}));
  Tensor m = ok("Tensor[(3,), bool]{true, false, 1}");
  EXPECT_EQ(codes_of(m), (std::vector<std::uint64_t>{1, 0, 1}));
  Tensor e = ok("Tensor[(0, 4), f32]{}");
  EXPECT_EQ(e.size(), 0);
  Tensor s = ok("Tensor[(2,), f32, storage=smem]{1, 2}");  // keywords of the type are accepted
  EXPECT_EQ(s.size(), 2);
}

TEST(Literal, ValueCountMustMatchTheShape) {
  EXPECT_EQ(error_of(lit("Tensor[(2,), f32]{1, 2, 3}")),
            "1:25: a literal of shape (2,) takes 2 values, found 3");
  EXPECT_EQ(error_of(lit("Tensor[(2, 2), f32]{1, 2, 3}")),
            "1:1: a literal of shape (2, 2) takes 4 values, found 3");
  EXPECT_EQ(error_of(lit("Tensor[(), f32]{}")),
            "1:1: a literal of shape () takes 1 value, found 0");
}

TEST(Literal, ValueErrorsPointAtTheValue) {
  EXPECT_EQ(error_of(lit("Tensor[(2,), i8]{1, 200}")),
            "1:21: value 200 is out of range for i8 [-128, 127]");
  EXPECT_EQ(error_of(lit("Tensor[(2,), i32]{1, 2.5}")),
            "1:22: i32 takes integer literals, found '2.5'");
  EXPECT_EQ(error_of(lit("Tensor[(1,), f32]{x}")),
            "1:19: f32 takes numbers, inf or nan, found 'x'");
}

TEST(Literal, DiagnosticsArePositionedInTheEnclosingFile) {
  const SourceLocation where{"cases/a.tfir", 12, 15};
  Result<Tensor> r = parse_literal("Tensor[(2,), f32]{1, x}", where, {});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].location.str(), "cases/a.tfir:12:36");
  Result<Tensor> p = parse_literal("Tensor[(2,), f32]{1, ", where, {});
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.diagnostics()[0].category, DiagCategory::Parse);
  EXPECT_EQ(p.diagnostics()[0].location.file, "cases/a.tfir");
  EXPECT_EQ(p.diagnostics()[0].location.line, 12);
  Result<Tensor> lexical = parse_literal("Tensor[(2,), f32]{1, 0x}", where, {});
  ASSERT_FALSE(lexical.ok());
  EXPECT_EQ(lexical.diagnostics()[0].location.str(), "cases/a.tfir:12:36");
}

TEST(Literal, SymbolicExtentsResolveThroughTheCaseDims) {
  LiteralContext c;
  c.dims = {{"N", 2}};
  Tensor t = ok("Tensor[(N, 2), i32]{1, 2, 3, 4}", c);
  EXPECT_EQ(t.shape(), (Shape{2, 2}));
  Tensor u = ok("Tensor[(N + 1,), i32]{1, 2, 3}", c);
  EXPECT_EQ(u.shape(), (Shape{3}));
  EXPECT_EQ(error_of(lit("Tensor[(N,), i32]{1}")),
            "1:9: 'N' is not declared (declare it first: dim N = DimVar(\"N\", lo, hi))");
  c.dims = {{"N", 1}};
  EXPECT_EQ(error_of(lit("Tensor[(N - 3,), f32]{}", c)),
            "1:1: axis 0 of the literal's shape has the negative extent -2");
}

TEST(Literal, DeclaredDimsKeepTheirEnvelope) {
  text::FileEnvironment env;
  env.declare_dim("N", *DimVar::make("N", 1, 4), SourceLocation{"f.tfir", 2, 1});
  env.declare_dim("M", *DimVar::make("M", 1, 9), SourceLocation{"f.tfir", 3, 1});
  LiteralContext c;
  c.env = &env;
  c.dims = {{"N", 3}};
  EXPECT_EQ(ok("Tensor[(N,), f32]{1, 2, 3}", c).shape(), (Shape{3}));
  EXPECT_EQ(error_of(lit("Tensor[(M,), f32]{1}", c)),
            "1:1: the extent of dim M is not given; give it with `dim M = ...`");
  c.dims = {{"N", 4}};
  Result<Tensor> r = lit("Tensor[(N,), f32]{1, 2, 3, 4}", c);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].rule_id, "TYPES.4.DIM.dimvar-half-open");
  EXPECT_EQ(r.diagnostics()[0].location.str(), "case.tfir:1:1");
}

TEST(Literal, TypeErrors) {
  Result<Tensor> d = lit("Tensor[(2,), f33]{1, 2}");
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.diagnostics()[0].rule_id, "TYPES.3.DTYPE.from-name-rejects-unknown");
  EXPECT_EQ(d.diagnostics()[0].location.str(), "case.tfir:1:14");
  EXPECT_EQ(
      error_of(lit("Tuple[Tensor[(1,), f32]]{1}")),
      "1:1: a tensor literal's type is Tensor[shape, dtype], found 'Tuple[Tensor[(1,), f32]]'");
  EXPECT_EQ(error_of(lit("Tensor[(100000, 100000), f32] splat(0)")),
            "1:1: the extents of the literal's shape (100000, 100000) multiply beyond 2^28; pass "
            "large inputs as .npy files");
  EXPECT_EQ(error_of(lit("Tensor[(4611686018427387904, 4611686018427387904, 0), f32]{}")),
            "1:1: the extents of the literal's shape (4611686018427387904, 4611686018427387904, 0) "
            "multiply beyond "
            "2^28; pass large inputs as .npy files");
}

TEST(Literal, BitsAreRawCodes) {
  Tensor t = ok("Tensor[(4,), fp8e4m3] bits{0x38, 0x40, 0x7e, 0x7f}");
  EXPECT_EQ(codes_of(t), (std::vector<std::uint64_t>{0x38, 0x40, 0x7e, 0x7f}));
  Tensor p = ok("Tensor[(3,), f4e2m1] bits{0x1, 0xf, 0x7}");
  EXPECT_EQ(codes_of(p), (std::vector<std::uint64_t>{0x1, 0xf, 0x7}));
  Tensor f = ok("Tensor[(1,), f32] bits{0x7fc00001}");  // a NaN payload is kept
  EXPECT_EQ(f.code(0), 0x7fc00001u);
  EXPECT_EQ(error_of(lit("Tensor[(2,), fp8e4m3] bits{0x38, 0x100}")),
            "1:34: a code of fp8e4m3 is an integer from 0 to 0xff, found '0x100'");
  EXPECT_EQ(error_of(lit("Tensor[(2,), f6e2m3] bits{0x40}")),
            "1:1: a literal of shape (2,) takes 2 values, found 1");
  EXPECT_EQ(
      error_of(lit("Tensor[(1, 32), MXFP4] bits{0}")),
      "1:1: MXFP4 literals give their planes: planes{bits{element codes}, bits{scale codes}...}");
}

std::string codes_list(int n, const char* code) {
  std::string s;
  for (int i = 0; i < n; ++i) s += (i ? ", " : "") + std::string(code);
  return s;
}

TEST(Literal, PlanesOfBlockScaledDtypes) {
  Tensor mx = ok("Tensor[(1, 32), MXFP4] planes{bits{" + codes_list(32, "0x2") + "}, bits{0x7f}}");
  EXPECT_TRUE(mx.is_block_scaled());
  EXPECT_EQ(mx.planes().element_codes, std::vector<std::uint8_t>(32, 0x2));
  EXPECT_EQ(mx.planes().block_scales, std::vector<std::uint8_t>{0x7f});
  EXPECT_EQ(to_f32(mx), std::vector<float>(32, 1.0f));  // E2M1 0x2 = 1.0, scale 2^0
  Tensor nv = ok("Tensor[(1, 16), NVFP4] planes{bits{" + codes_list(16, "0x3") +
                 "}, bits{0x38}, bits{0x40000000}}");
  EXPECT_EQ(nv.planes().tensor_scale_bits, 0x40000000u);
  EXPECT_EQ(to_f32(nv), std::vector<float>(16, 3.0f));  // 1.5 x 1 x 2
}

TEST(Literal, PlaneErrors) {
  EXPECT_EQ(error_of(lit("Tensor[(1, 32), MXFP4] planes{bits{" + codes_list(32, "0x2") + "}}")),
            "1:1: MXFP4 literals have 2 planes: bits{element codes}, bits{block scales}; found 1");
  EXPECT_EQ(error_of(lit("Tensor[(1, 32), MXFP4] planes{bits{0x2}, bits{0x7f}}")),
            "1:31: the element codes of MXFP4 (f4e2m1) takes 32 values, found 1");
  EXPECT_EQ(error_of(lit("Tensor[(1, 32), MXFP4] planes{bits{" + codes_list(31, "0x2") +
                         ", 0x10}, bits{0x7f}}")),
            "1:191: a code of the element codes of MXFP4 (f4e2m1) is an integer from 0 to 0xf, "
            "found '0x10'");
  EXPECT_EQ(error_of(lit("Tensor[(1, 16), NVFP4] planes{bits{" + codes_list(16, "0x3") +
                         "}, bits{0x38}, bits{}}")),
            "1:129: the tensor scale of NVFP4 (f32) takes 1 value, found 0");
  Result<Tensor> grid = lit("Tensor[(1, 20), MXFP4] planes{bits{0}, bits{0}}");
  ASSERT_FALSE(grid.ok());
  EXPECT_EQ(grid.diagnostics()[0].location.str(), "case.tfir:1:1");
  EXPECT_EQ(error_of(lit("Tensor[(2,), f32] planes{bits{0}, bits{0}}")),
            "1:1: planes{...} is for block-scaled dtypes; f32 literals are T{...} or T bits{...}");
}

TEST(Literal, BlockScaledValuesQuantizeWithTheDefaultMethod) {
  std::string values;
  for (int i = 0; i < 32; ++i) values += (i ? ", " : "") + std::to_string(i % 7 - 3) + ".25";
  Tensor q = ok("Tensor[(1, 32), MXFP4]{" + values + "}");
  Tensor f = ok("Tensor[(1, 32), f32]{" + values + "}");
  Result<Tensor> expected = cast_tensor(f, DType::mxfp4(), default_cast_options(DType::mxfp4()));
  ASSERT_TRUE(expected.ok());
  EXPECT_TRUE(same_bits(q, *expected));
  Tensor s = ok("Tensor[(2, 32), MXFP8_E4M3] splat(3)");
  EXPECT_EQ(to_f32(s), std::vector<float>(64, 3.0f));
  Tensor r = ok("Tensor[(1, 16), NVFP4] random(seed=4)");
  EXPECT_TRUE(r.is_block_scaled());
}

TEST(Literal, SplatFillsEveryElement) {
  Tensor t = ok("Tensor[(2, 3), f16] splat(0.5)");
  EXPECT_EQ(codes_of(t), std::vector<std::uint64_t>(6, 0x3800));
  Tensor i = ok("Tensor[(3,), i64] splat(-2)");
  EXPECT_EQ(to_i64(i), std::vector<std::int64_t>(3, -2));
  EXPECT_EQ(error_of(lit("Tensor[(2,), f32] splat()")), "1:1: splat takes one value: splat(0.5)");
  EXPECT_EQ(error_of(lit("Tensor[(2,), f32] splat(1, 2)")),
            "1:1: splat takes one value: splat(0.5)");
  EXPECT_EQ(error_of(lit("Tensor[(0,), i8] splat(300)")),
            "1:24: value 300 is out of range for i8 [-128, 127]");
}

TEST(Literal, RandomIsDeterministic) {
  Tensor a = ok("Tensor[(8, 8), f32] random(seed=7)");
  Tensor b = ok("Tensor[(8, 8), f32] random(seed=7, lo=-1, hi=1)");
  EXPECT_TRUE(same_bits(a, b));
  EXPECT_EQ(error_of(lit("Tensor[(8,), f32] random(lo=0)")),
            "1:1: random(...) needs a seed: random(seed=1)");
}

// A scratch directory with .npy files, removed at the end of the test.
class NpyLiteral : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / fmt::format("tf_literal_test_{}", ::getpid());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  void write(const std::string& name, const NpyArray& a) {
    std::vector<std::uint8_t> bytes = write_npy(a);
    std::ofstream(dir_ / name, std::ios::binary)
        .write(reinterpret_cast<const char*>(bytes.data()),
               static_cast<std::streamsize>(bytes.size()));
  }
  LiteralContext context() const {
    LiteralContext c;
    c.base_dir = dir_.string();
    return c;
  }
  std::filesystem::path dir_;
};

TEST_F(NpyLiteral, ReadsFilesRelativeToTheBaseDirectory) {
  NpyArray f{NpyType::F32, {2}, {0, 0, 0xc0, 0x3f, 0, 0, 0, 0x80}};  // 1.5, -0
  write("x.npy", f);
  Tensor t = ok("npy(\"x.npy\")", context());
  EXPECT_EQ(t.dtype(), DType::f32());
  EXPECT_EQ(codes_of(t), (std::vector<std::uint64_t>{0x3fc00000, 0x80000000}));
  Tensor h = ok("npy(\"x.npy\", dtype=f16)", context());  // converted once
  EXPECT_EQ(codes_of(h), (std::vector<std::uint64_t>{0x3e00, 0x8000}));
  Tensor abs = ok("npy(\"" + (dir_ / "x.npy").string() + "\")");
  EXPECT_EQ(abs.size(), 2);
}

TEST_F(NpyLiteral, RawCodesNeedADtype) {
  NpyArray u{NpyType::U16, {2}, {0x80, 0x3f, 0x00, 0x40}};  // bf16 1, 2
  write("codes.npy", u);
  Tensor t = ok("npy(\"codes.npy\", dtype=bf16)", context());
  EXPECT_EQ(codes_of(t), (std::vector<std::uint64_t>{0x3f80, 0x4000}));
  LiteralContext c = context();
  c.npy_dtype = DType::bf16();
  EXPECT_TRUE(same_bits(ok("npy(\"codes.npy\")", c), t));
  EXPECT_EQ(error_of(lit("npy(\"codes.npy\")", context())),
            "1:1: codes.npy: a <u2 array holds raw codes; name their dtype, e.g. npy(\"file.npy\", "
            "dtype=bf16)");
}

TEST_F(NpyLiteral, Errors) {
  Result<Tensor> missing = lit("npy(\"none.npy\")", context());
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.diagnostics()[0].category, DiagCategory::Usage);
  EXPECT_EQ(missing.diagnostics()[0].location.str(), "case.tfir:1:1");
  EXPECT_NE(missing.diagnostics()[0].message.find("cannot read '"), std::string::npos);
  std::ofstream(dir_ / "junk.npy") << "not numpy";
  Result<Tensor> junk = lit("npy(\"junk.npy\")", context());
  ASSERT_FALSE(junk.ok());
  EXPECT_EQ(junk.diagnostics()[0].location.str(), "case.tfir:1:1");
  EXPECT_EQ(error_of(lit("npy(3)")),
            "1:1: npy takes a file path: npy(\"x.npy\") or npy(\"x.npy\", dtype=bf16)");
  EXPECT_EQ(error_of(lit("npy(\"x.npy\", mode=1)")),
            "1:19: npy(...) has no argument 'mode' (dtype)");
  Result<Tensor> dt = lit("npy(\"x.npy\", dtype=f99)");
  ASSERT_FALSE(dt.ok());
  EXPECT_EQ(dt.diagnostics()[0].location.str(), "case.tfir:1:20");
}

TEST(Literal, Scalars) {
  Tensor f = ok("1.5");
  EXPECT_EQ(f.dtype(), DType::f32());
  EXPECT_EQ(f.rank(), 0);
  EXPECT_EQ(f.code(0), 0x3fc00000u);
  Tensor i = ok("-2");
  EXPECT_EQ(i.dtype(), DType::i64());
  EXPECT_EQ(to_i64(i), (std::vector<std::int64_t>{-2}));
  EXPECT_EQ(ok("true").dtype(), DType::boolean());
  EXPECT_EQ(ok("-inf").code(0), 0xff800000u);
  EXPECT_EQ(ok("bf16(0.5)").code(0), 0x3f00u);
  EXPECT_EQ(ok("i32(7)").dtype(), DType::i32());
  Tensor e = ok("fp8e4m3(0x3c)");
  EXPECT_EQ(e.dtype(), DType::fp8e4m3());
  EXPECT_EQ(e.code(0), 0x3cu);
  EXPECT_EQ(error_of(lit("fp8e4m3(1.5)")),
            "1:9: a code of fp8e4m3 is an integer from 0 to 0xff, found '1.5'");
  EXPECT_EQ(error_of(lit("i8(1000)")), "1:4: value 1000 is out of range for i8 [-128, 127]");
  EXPECT_EQ(error_of(lit("MXFP4(1)")),
            "1:1: MXFP4 has no scalar form; write a Tensor[...] planes{...} literal");
  EXPECT_EQ(error_of(lit("x")),
            "1:1: expected a tensor literal (Tensor[shape, dtype]{...}, bits{...}, planes{...}, "
            "splat(...), "
            "random(...)), npy(\"file\") or a scalar, found 'x'");
  EXPECT_EQ(error_of(lit("-true")),
            "1:1: expected a tensor literal (Tensor[shape, dtype]{...}, bits{...}, planes{...}, "
            "splat(...), "
            "random(...)), npy(\"file\") or a scalar, found '-true'");
}

// Arbitrary sequences of literal fragments: every one is a tensor or positioned diagnostics,
// never an exception (InternalError included).
RC_GTEST_PROP(LiteralLaws, MalformedTextIsADiagnostic, ()) {
  static const std::vector<std::string> kFragments = {"Tensor",
                                                      "[",
                                                      "]",
                                                      "(",
                                                      ")",
                                                      "{",
                                                      "}",
                                                      ",",
                                                      " ",
                                                      "2",
                                                      "0",
                                                      "-",
                                                      "N",
                                                      "f32",
                                                      "i8",
                                                      "MXFP4",
                                                      "NVFP4",
                                                      "f4e2m1",
                                                      "bits",
                                                      "planes",
                                                      "splat",
                                                      "random",
                                                      "seed=",
                                                      "lo=",
                                                      "hi=",
                                                      "1e400",
                                                      "0x7f",
                                                      "nan",
                                                      "inf",
                                                      "true",
                                                      "npy",
                                                      "\"none.npy\"",
                                                      "dtype=",
                                                      "4611686018427387904",
                                                      "1.5",
                                                      "0x1p-3",
                                                      "storage=smem",
                                                      "+"};
  const std::vector<std::string> pieces =
      *rc::gen::container<std::vector<std::string>>(rc::gen::elementOf(kFragments));
  static const std::vector<std::string> kHeads = {"",
                                                  "Tensor[(2,), f32]{",
                                                  "Tensor[(N, 2), i8]{1, ",
                                                  "Tensor[(1, 32), MXFP4] planes{bits{",
                                                  "Tensor[(1, 16), NVFP4] planes{bits{0}, bits{",
                                                  "Tensor[(N,), bool] random(",
                                                  "Tensor[(3,), fp8e4m3] bits{",
                                                  "Tensor[(2, 2), f16] splat("};
  std::string text = *rc::gen::elementOf(kHeads);
  for (const std::string& p : pieces) text += p;
  LiteralContext c;
  c.dims = {{"N", 3}};
  Result<Tensor> r = parse_literal(text, SourceLocation{"fuzz.tfir", 4, 9}, c);
  RC_CLASSIFY(r.ok(), "built");
  if (!r.ok()) {
    for (const Diagnostic& d : r.diagnostics()) {
      RC_ASSERT(d.location.known());
      RC_ASSERT(d.location.line >= 4);
    }
  }
}

}  // namespace
}  // namespace tf::eval
