// Issue 34, finding 6 and class 5: every numeric option of every subcommand is a finite number in
// its range, checked before anything runs, with the range in the message and exit 2 (cli_value.h).
// Before: `tf fuzz --time nan` ran forever, `--cases -5` meant unlimited, `--max-findings -1` ran
// nothing and exited 0, `--seed -1` wrapped, and a valid shard near 2^63 was refused.
#include <gtest/gtest.h>

#include <string>

#include "tools/tf/test/tf_binary.h"

namespace tf::cli::test {
namespace {

const std::string kHint = "\n(run tf --help, or tf SUBCOMMAND --help)\n";

// `tf ARGS` is refused with exactly this usage message.
void expect_refused(const std::string& args, const std::string& message) {
  const TfRun r = run_tf_binary(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
  EXPECT_EQ(r.out, "tf: error[usage]: " + message + kHint) << args;
}

TEST(NumericOptions, FuzzRefusesWhatIsNotAFiniteNumberInRange) {
  const std::string fuzz = "fuzz --property layout-laws --no-progress ";
  expect_refused(fuzz + "--time nan", "--time: 'nan' is not a finite number in [0, 10000000]");
  expect_refused(fuzz + "--time -inf", "--time: '-inf' is not a finite number in [0, 10000000]");
  expect_refused(fuzz + "--time 1e400", "--time: '1e400' is not a finite number in [0, 10000000]");
  expect_refused(fuzz + "--time -1", "--time: '-1' is not a finite number in [0, 10000000]");
  expect_refused(fuzz + "--cases -5",
                 "--cases: '-5' is not an integer in [1, 9223372036854775807]");
  expect_refused(fuzz + "--cases 0", "--cases: '0' is not an integer in [1, 9223372036854775807]");
  expect_refused(fuzz + "--max-findings -1",
                 "--max-findings: '-1' is not an integer in [1, 2147483647]");
  expect_refused(fuzz + "--max-findings 2147483648",
                 "--max-findings: '2147483648' is not an integer in [1, 2147483647]");
  expect_refused(fuzz + "--seed -1", "--seed: '-1' is not an integer in [0, 18446744073709551615]");
  expect_refused(fuzz + "--seed 18446744073709551616",
                 "--seed: '18446744073709551616' is not an integer in [0, 18446744073709551615]");
  expect_refused(fuzz + "--from -1", "--from: '-1' is not an integer in [0, 9223372036854775807]");
  expect_refused(fuzz + "--shrink-time nan",
                 "--shrink-time: 'nan' is not a finite number in [0, 10000000]");
  expect_refused(fuzz + "--reduce-time inf",
                 "--reduce-time: 'inf' is not a finite number in [0, 10000000]");
}

TEST(NumericOptions, FuzzTakesEveryValueOfItsRange) {
  // The largest seed is a seed; --cases counts exactly.
  const TfRun seed = run_tf_binary(
      "fuzz --property layout-laws --seed 18446744073709551615 --cases 2 --time 0 --no-progress");
  EXPECT_EQ(seed.exit_code, 0) << seed.out;
  EXPECT_TRUE(holds(seed.out, "layout-laws: 2 cases (2 passed, 0 discarded, 0 failed)"))
      << seed.out;
  // A shard near 2^63 holds: shard 2^63 - 2 of 2^63 - 1 has one case, index 2^63 - 2, and the
  // campaign ends where the sequence of indices does (no overflow past 2^63 - 1).
  const TfRun shard = run_tf_binary(
      "fuzz --property layout-laws --shard 9223372036854775806/9223372036854775807 --cases 3 "
      "--time 0 --no-progress");
  EXPECT_EQ(shard.exit_code, 0) << shard.out;
  EXPECT_TRUE(holds(shard.out, "layout-laws: 1 cases (1 passed, 0 discarded, 0 failed)"))
      << shard.out;
  const TfRun late = run_tf_binary(
      "fuzz --property layout-laws --from 9223372036854775806 --cases 5 --time 0 --no-progress");
  EXPECT_EQ(late.exit_code, 0) << late.out;
  EXPECT_TRUE(holds(late.out, "layout-laws: 2 cases (2 passed, 0 discarded, 0 failed)"))
      << late.out;
  const TfRun bad = run_tf_binary(
      "fuzz --property layout-laws --shard 9223372036854775807/9223372036854775807 --cases 1 "
      "--time 0");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_TRUE(holds(bad.out, "--shard takes I/N, integers with 0 <= I < N <= 9223372036854775807"))
      << bad.out;
}

// An integer option reads as the tfir reads integers (decimal, or hex with 0x), whatever CLI11
// would make of the text: `--cases 010` ran 8 cases (octal) where `--max-memory 010` is 10 bytes.
TEST(NumericOptions, IntegersAreDecimalOrHexNeverOctal) {
  const TfRun ten = run_tf_binary("fuzz --property layout-laws --cases 010 --time 0 --no-progress");
  EXPECT_EQ(ten.exit_code, 0) << ten.out;
  EXPECT_TRUE(holds(ten.out, "layout-laws: 10 cases (10 passed, 0 discarded, 0 failed)")) << ten.out;
  const TfRun hex = run_tf_binary("fuzz --property layout-laws --cases 0x3 --time 0 --no-progress");
  EXPECT_EQ(hex.exit_code, 0) << hex.out;
  EXPECT_TRUE(holds(hex.out, "layout-laws: 3 cases (3 passed, 0 discarded, 0 failed)")) << hex.out;
}

TEST(NumericOptions, ReduceEvalAndConformToo) {
  expect_refused("reduce x.tfir --time 0", "--time: '0' is not a finite number in (0, 10000000]");
  expect_refused("reduce x.tfir --time nan",
                 "--time: 'nan' is not a finite number in (0, 10000000]");
  expect_refused("eval x.tfir --max-steps 0",
                 "--max-steps: '0' is not an integer in [1, 9223372036854775807]");
  expect_refused("eval x.tfir --max-steps 1.5",
                 "--max-steps: '1.5' is not an integer in [1, 9223372036854775807]");
  expect_refused("eval x.tfir --schedule -1", "--schedule: '-1' is not an integer in [0, 18446744073709551615]");
  expect_refused("conform x.tfir --max-steps -3",
                 "--max-steps: '-3' is not an integer in [1, 9223372036854775807]");
  const TfRun memory = run_tf_binary("eval x.tfir --max-memory 0");
  EXPECT_EQ(memory.exit_code, 2) << memory.out;
  EXPECT_TRUE(holds(memory.out,
                    "--max-memory '0' is not a positive byte count in [1, 9223372036854775807]"))
      << memory.out;
}

}  // namespace
}  // namespace tf::cli::test
