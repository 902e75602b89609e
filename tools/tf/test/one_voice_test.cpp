// Issue 42: one voice for every subcommand. A refusal (a bad option value, a file that cannot be
// read, an argument that names nothing) is written on stderr as "tf: " and the diagnostic, by
// every subcommand alike (`tf emit` said `tf: error[usage]:` where `tf run` and `tf eval` said
// `error[usage]:`); a file a command was asked to write is said on stdout as "wrote PATH" (`tf
// eval --out` said it, `tf lower -o` and `tf emit -o` did not). driver/report.h states the rule.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "tools/tf/test/tf_binary.h"

namespace tf::cli::test {
namespace {

namespace fs = std::filesystem;

const std::string kRoot = TF_SOURCE_ROOT;
const std::string kRules = " --rules " + kRoot + "/conformance/rules.tsv";
const std::string kSoftmax = kRoot + "/docs/tutorial/softmax.tfir";

// What `tf ARGS` wrote on stderr alone, and its exit code.
TfRun stderr_of(const std::string& args) { return run_tf_binary(args + " 2>&1 >/dev/null", /*merge_stderr=*/false); }
// What `tf ARGS` wrote on stdout alone, and its exit code.
TfRun stdout_of(const std::string& args) { return run_tf_binary(args + " 2>/dev/null", /*merge_stderr=*/false); }

// A path in gtest's temporary folder that names nothing.
std::string missing(const std::string& name) {
  const std::string path = ::testing::TempDir() + name;
  fs::remove_all(path);
  return path;
}

// "tf: PATH: error[usage]: cannot read 'PATH': No such file or directory\n".
std::string cannot_read(const std::string& path) {
  return "tf: " + path + ": error[usage]: cannot read '" + path + "': No such file or directory\n";
}

TEST(OneVoice, EverySubcommandRefusesWithTfColon) {
  const std::string tfir = missing("one_voice_missing.tfir"), py = missing("one_voice_missing.py");
  struct Refusal {
    std::string args;
    std::string head;  ///< what stderr starts with
  };
  const std::vector<Refusal> refusals = {
      {"dtypes --bogus", "tf: error[usage]: The following argument was not expected: --bogus\n"},
      {"cast 1 --to f32 --rounding zz", "tf: error[usage]: --rounding 'zz' is not one of rn, rz, rp\n"},
      {"quantize 1 --to MXFP8_E4M3 --scale-method floor",
       "tf: error[usage]: --scale-method 'floor' is not one of ocp, rceil, nvfp4\n"},
      {"layout x --def '1x=Layout((2,),(1,))'", "tf: error[usage]: --def '1x=Layout((2,),(1,))' is not NAME=EXPR"},
      {"coverage --root " + kRoot + " --require ZZZ.", "tf: error[usage]: --require 'ZZZ.' matches no rule id of "},
      {"explain --root " + kRoot + " zzzzzz", "tf: error[usage]: 'zzzzzz' is neither a rule id of "},
      {"check", "tf: error[usage]: files is required\n"},
      {"print " + tfir, cannot_read(tfir)},
      {"import " + py, cannot_read(py)},
      {"lower " + tfir, cannot_read(tfir)},
      {"emit " + tfir, cannot_read(tfir)},
      {"run " + tfir, cannot_read(tfir)},
      {"diff " + tfir + " --levels hir,tir", cannot_read(tfir)},
      {"ops --bogus", "tf: error[usage]: The following argument was not expected: --bogus\n"},
      {"eval " + tfir, cannot_read(tfir)},
      {"conform " + tfir + kRules, "tf: error[usage]: no such file or folder '" + tfir + "'\n"},
      {"fuzz --cases -5", "tf: error[usage]: --cases: '-5' is not an integer in [1, 9223372036854775807]\n"},
      {"reduce " + tfir, cannot_read(tfir)},
      // Usage errors after the file is read: tf eval and tf run said `error[usage]:`.
      {"eval " + kSoftmax,
       "tf: error[usage]: @main needs --input x=VALUE (a .npy path or a literal such as Tensor[(2, 4), f32])\n"},
      {"run " + kSoftmax,
       "tf: error[usage]: @main needs --input x=VALUE (a .npy path or a literal such as Tensor[(2, 4), f32])\n"},
      {"emit " + kSoftmax + " --fn mian",
       "tf: error[TIR.2.1.SYMREF.resolution-unique]: no function of module '' is named 'mian'\n"
       "note: the module's functions: @main\nnote: did you mean: @main\n"},
      {"eval " + kSoftmax + " --fn mian --input 'x=Tensor[(2, 4), f32] splat(1)'",
       "tf: error[TIR.2.1.SYMREF.resolution-unique]: no function of module '' is named 'mian'\n"
       "note: the module's functions: @main\nnote: did you mean: @main\n"},
      {"diff " + kSoftmax + " --levels hir,tur", "tf: error[usage]: --levels: 'tur' is not a level;"},
      // tf fuzz's own refusals, with the nearest names.
      {"fuzz --property hir-vs-tri --cases 1",
       "tf: error[usage]: --property: no property named 'hir-vs-tri' (tf fuzz --list names them)\n"
       "note: did you mean: hir-vs-tir, hir-vs-emu, hir-vs-gpu\n"},
      {"fuzz --property hir-eval --shard 2/2", "tf: error[usage]: --shard takes I/N,"},
  };
  for (const Refusal& r : refusals) {
    const TfRun ran = stderr_of(r.args);
    EXPECT_EQ(ran.exit_code, 2) << r.args << "\n" << ran.out;
    EXPECT_EQ(ran.out.substr(0, r.head.size()), r.head) << r.args;
  }
}

// The two kinds of diagnostics that are a command's answer, not a refusal, keep the clang form:
// tf check's findings (an unreadable file among them) and what a program did when it ran
// (docs/tutorial.md, sections 2 and 6).
TEST(OneVoice, AnAnswerAboutTheProgramIsNoRefusal) {
  const std::string tfir = missing("one_voice_unread.tfir");
  const TfRun check = stderr_of("check " + tfir);
  EXPECT_EQ(check.exit_code, 2);
  EXPECT_EQ(check.out, tfir + ": error[usage]: cannot read '" + tfir +
                           "': No such file or directory\n1 file checked, 1 error, 0 warnings\n");
  const TfRun race = stderr_of("eval " + kRoot + "/docs/tutorial/rotate.tfir --fn rotate_unsynced --input "
                               "'a=Tensor[(4,), f32]{10, 11, 12, 13}'");
  EXPECT_EQ(race.exit_code, 2);
  const std::string race_head = kRoot + "/docs/tutorial/rotate.tfir:19:9: error[ub.race]: ";
  EXPECT_EQ(race.out.substr(0, race_head.size()), race_head) << race.out;
}

TEST(OneVoice, EveryFileWrittenIsSaidWithWrote) {
  const std::string dir = ::testing::TempDir() + "one_voice_out";
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string lowered = dir + "/lowered.tfir", emitted = dir + "/main.cu", imported = dir + "/rms.tfir";
  const std::string reduced = dir + "/reduced.tfir", junit = dir + "/r.xml", json = dir + "/r.json";
  const std::string svg = dir + "/l.svg", npy = dir + "/npy";
  EXPECT_EQ(stdout_of("lower " + kSoftmax + " -o " + lowered).out, "wrote " + lowered + "\n");
  EXPECT_EQ(stdout_of("emit " + kRoot + "/docs/tutorial/barriers.tfir -o " + emitted).out, "wrote " + emitted + "\n");
  EXPECT_EQ(stdout_of("import " + kRoot + "/docs/tutorial/rms_norm.py -o " + imported).out,
            "wrote " + imported + "\n");
  const TfRun layout = stdout_of("layout 'Layout((4, 8), (1, 4))' --svg " + svg);
  EXPECT_TRUE(layout.out.ends_with("\nwrote " + svg + "\n")) << layout.out;
  const TfRun conform = stdout_of("conform " + kSoftmax + kRules + " --junit " + junit + " --json " + json);
  EXPECT_EQ(conform.out, "PASS tutorial/softmax/lowered\nwrote " + junit + "\nwrote " + json +
                             "\n1 passed, 0 failed, 0 skipped\n");
  const std::string input = " --input 'x=Tensor[(2, 4), f32]{0, 1, 2, 3, 1, 1, 1, 1}'";
  EXPECT_EQ(stdout_of("eval " + kSoftmax + input + " --out " + npy).out,
            "wrote " + npy + "/out0.npy (output Tensor[(2, 4), f32])\n");
  // With --json stdout is one JSON object: the files are not said there.
  const TfRun as_json = stdout_of("eval " + kSoftmax + input + " --out " + npy + " --json");
  EXPECT_EQ(as_json.out.substr(0, 20), "{\"function\":\"main\",\"") << as_json.out;
  // A case that fails (its program does not read) reduces; the summary ends with the file.
  const std::string failing = write_temp_file(
      "one_voice_reduce.tfir",
      "tfir 1\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    y = nosuchop(x)\n    return y\n}\n"
      "case \"c\" {\n    run f\n    input x = Tensor[(4,), f32]{1, 2, 3, 4}\n"
      "    expect output = Tensor[(4,), f32]{1, 2, 3, 4}\n}\n");
  const TfRun reduce = stdout_of("reduce " + failing + " --time 60 -o " + reduced);
  EXPECT_EQ(reduce.exit_code, 0) << reduce.out;
  EXPECT_TRUE(reduce.out.ends_with("\nwrote " + reduced + "\n")) << reduce.out;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace tf::cli::test
