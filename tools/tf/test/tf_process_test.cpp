// Runs the tf binary as a user would: exit codes and the streams they write to.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

namespace {

struct Proc {
  int exit_code;
  std::string out;
};

Proc run(const std::string& args) {
  std::string cmd = std::string(TF_BINARY) + " " + args + " 2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  std::string out;
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), p)) out.append(buf.data(), n);
  int status = pclose(p);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

TEST(TfProcess, HelpExitsZeroAndTeaches) {
  Proc p = run("--help");
  EXPECT_EQ(p.exit_code, 0);
  EXPECT_NE(p.out.find("cast"), std::string::npos);
  EXPECT_NE(p.out.find("dtypes"), std::string::npos);
  EXPECT_NE(p.out.find("Usage: tf [OPTIONS] SUBCOMMAND"), std::string::npos) << p.out;
  Proc c = run("cast --help");
  EXPECT_EQ(c.exit_code, 0);
  EXPECT_NE(c.out.find("Usage: tf cast [OPTIONS] values..."), std::string::npos) << c.out;
  EXPECT_NE(c.out.find("--rounding"), std::string::npos);
}

TEST(TfProcess, UsageErrorsExitTwo) {
  EXPECT_EQ(run("").exit_code, 2);
  EXPECT_EQ(run("frobnicate").exit_code, 2);
  EXPECT_EQ(run("cast 1").exit_code, 2);  // --to is required
  Proc p = run("cast 1 --to nosuch");
  EXPECT_EQ(p.exit_code, 2);
  EXPECT_NE(p.out.find("error[TYPES.3.DTYPE.from-name-rejects-unknown]"), std::string::npos);
}

TEST(TfProcess, CastPrintsOneJsonLinePerValue) {
  Proc p = run("cast 1.0 0.1 --to fp8e4m3 --json");
  EXPECT_EQ(p.exit_code, 0);
  EXPECT_EQ(p.out,
            "{\"input\":\"1.0\",\"dtype\":\"fp8e4m3\",\"code\":\"0x38\",\"value\":1.0,"
            "\"rounding\":\"rn\",\"saturate\":true}\n"
            "{\"input\":\"0.1\",\"dtype\":\"fp8e4m3\",\"code\":\"0x1d\",\"value\":0.1015625,"
            "\"rounding\":\"rn\",\"saturate\":true}\n");
}

// Issue: robust against every input, class 5. A negative value that is a word (-inf, -nan) is a
// value, not an unknown option -i, wherever it stands among the values, in any case.
TEST(TfProcess, NegativeWordsAreValuesNotOptions) {
  Proc p = run("cast -inf 1 -Infinity --to f32");
  EXPECT_EQ(p.exit_code, 0) << p.out;
  EXPECT_EQ(p.out,
            "-inf (f64 -inf) -> f32 0xff800000 = -inf  [rn, no-saturate]\n"
            "1 (f64 0x1p+0) -> f32 0x3f800000 = 1  [rn, no-saturate]\n"
            "-Infinity (f64 -inf) -> f32 0xff800000 = -inf  [rn, no-saturate]\n");
  Proc q = run("quantize 1 -inf 2 3 --to MXFP8_E4M3 --json");
  EXPECT_EQ(q.exit_code, 0) << q.out;
  EXPECT_EQ(run("cast -i --to f32").exit_code, 2);  // a real unknown option stays an error
}

// An extent beyond int64 is refused, not clamped to 2^63 - 1 by the option parser.
TEST(TfProcess, AShapeExtentThatOverflowsIsRefused) {
  Proc p = run("quantize 1 2 --to MXFP8_E4M3 --shape 99999999999999999999");
  EXPECT_EQ(p.exit_code, 2);
  EXPECT_NE(p.out.find("--shape: '99999999999999999999' is not an integer that fits in 64 bits"),
            std::string::npos)
      << p.out;
  EXPECT_EQ(run("quantize 1 2 --to MXFP8_E4M3 --shape 1,-32").exit_code, 2);
}

// An argument that is not UTF-8, quoted by a diagnostic, reaches --json output as U+FFFD: the
// JSON writer threw and tf died with SIGABRT (found by the cli fuzz target:
// fuzz/regressions/cli/json-invalid-utf8.txt).
TEST(TfProcess, JsonOutputOfArgumentsThatAreNotUtf8) {
  Proc p = run("layout 'x[w=1]' --def '\xe9=Mesh(' --json");
  EXPECT_EQ(p.exit_code, 2) << p.out;
  EXPECT_NE(p.out.find("\xef\xbf\xbd"), std::string::npos) << p.out;
  Proc q = run("cast '1\xff' --to f32 --json");
  EXPECT_EQ(q.exit_code, 2) << q.out;
  EXPECT_NE(q.out.find("1\xef\xbf\xbd"), std::string::npos) << q.out;
}

}  // namespace

// `tf fuzz` and `tf reduce` (docs/fuzzing.md): the properties listed, usage errors exit 2, and a
// short seeded campaign reports its cases.
TEST(TfProcess, FuzzListsItsPropertiesAndPlantsAndRefusesBadUsage) {
  const Proc list = run("fuzz --list");
  EXPECT_EQ(list.exit_code, 0);
  for (const char* name : {"text-roundtrip", "hir-vs-tir", "tir-vs-emu", "layout-laws", "verify-sound"})
    EXPECT_NE(list.out.find(name), std::string::npos) << name;
  const Proc plants = run("fuzz --list-plants");
  EXPECT_EQ(plants.exit_code, 0);
  EXPECT_NE(plants.out.find("reduce-drops-last"), std::string::npos) << plants.out;
  EXPECT_EQ(run("fuzz").exit_code, 2);                                            // no property
  EXPECT_EQ(run("fuzz --property nosuch --time 1").exit_code, 2);                 // unknown
  EXPECT_EQ(run("fuzz --property layout-laws --shard 3/3 --time 1").exit_code, 2);  // I >= N
  EXPECT_EQ(run("fuzz --property layout-laws --shard 1 --time 1").exit_code, 2);    // not I/N
  EXPECT_EQ(run("fuzz --property layout-laws --time 0").exit_code, 2);            // no bound
  EXPECT_EQ(run("fuzz --property layout-laws --plant nosuch --time 1").exit_code, 2);
  const Proc ok = run("fuzz --property layout-laws --seed 1 --cases 50 --time 0 --no-progress");
  EXPECT_EQ(ok.exit_code, 0) << ok.out;
  EXPECT_NE(ok.out.find("layout-laws: 50 cases (50 passed, 0 discarded, 0 failed)"), std::string::npos) << ok.out;
}

TEST(TfProcess, ReduceRefusesAFileWithoutAFailingCase) {
  EXPECT_EQ(run("reduce /nonexistent/x.tfir").exit_code, 2);
  const Proc passing = run(std::string("reduce ") + TF_SOURCE_ROOT + "/conformance/cases/regressions/literal_arithmetic_roundtrip.tfir -o -");
  EXPECT_EQ(passing.exit_code, 2) << passing.out;
  EXPECT_NE(passing.out.find("nothing to reduce"), std::string::npos) << passing.out;
}
