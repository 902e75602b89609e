// Issue 34, finding 6: `tf reduce` reads its file as every command does (a regular file of at most
// 1 GiB), a file that does not read is its own placed diagnostic (not "no case fails"), and
// --time bounds the replays too. Before: /dev/zero grew to 4.2 GB and died of bad_alloc, a FIFO
// blocked forever, a 3 GiB sparse file was read whole, and a slow replay ran past --time.
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <string>

#include "tools/tf/test/tf_binary.h"

namespace tf::cli::test {
namespace {

namespace fs = std::filesystem;

TEST(ReduceCommand, ReadsOnlyARegularFileOfBoundedSize) {
  const TfRun zero = run_tf_binary("reduce /dev/zero");
  EXPECT_EQ(zero.exit_code, 2) << zero.out;
  EXPECT_EQ(zero.out,
            "tf: /dev/zero: error[usage]: cannot read '/dev/zero': it is a character device, not a "
            "regular file\n");
  const std::string fifo = ::testing::TempDir() + "reduce_fifo.tfir";
  fs::remove(fifo);
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  const TfRun f = run_tf_binary("reduce " + fifo);
  EXPECT_EQ(f.exit_code, 2) << f.out;
  EXPECT_EQ(f.out, "tf: " + fifo + ": error[usage]: cannot read '" + fifo +
                       "': it is a FIFO, not a regular file\n");
  fs::remove(fifo);
  const std::string sparse = ::testing::TempDir() + "reduce_sparse.tfir";
  write_temp_file("reduce_sparse.tfir", "");
  fs::resize_file(sparse, std::uintmax_t{3} << 30);  // 3 GiB, sparse: nothing is written
  const TfRun big = run_tf_binary("reduce " + sparse);
  EXPECT_EQ(big.exit_code, 2) << big.out;
  EXPECT_TRUE(
      holds(big.out, "cannot read '" + sparse +
                         "': it holds 3221225472 bytes, more than the limit of 1073741824 bytes"))
      << big.out;
  fs::remove(sparse);
}

TEST(ReduceCommand, AFileThatDoesNotReadIsItsDiagnosticNotNothingToReduce) {
  const std::string header = write_temp_file("reduce_no_header.tfir", "hello\n");
  const TfRun h = run_tf_binary("reduce " + header);
  EXPECT_EQ(h.exit_code, 2) << h.out;
  EXPECT_EQ(h.out, "tf: " + header +
                       ":1:1: error[parse]: a tfir file starts with the line 'tfir 1' (comments "
                       "may precede it), found 'hello'\n");
  const std::string open_case =
      write_temp_file("reduce_open_case.tfir", "tfir 1\ncase \"c\" {\n    run f\n");
  const TfRun c = run_tf_binary("reduce " + open_case + " --json");
  EXPECT_EQ(c.exit_code, 2) << c.out;
  EXPECT_TRUE(holds(c.out, "\"line\":2,\"message\":\"'{' is never closed")) << c.out;
  // A file that reads and whose cases all pass is the other refusal.
  const TfRun passing =
      run_tf_binary(std::string("reduce ") + TF_SOURCE_ROOT +
                    "/conformance/cases/regressions/literal_arithmetic_roundtrip.tfir -o -");
  EXPECT_EQ(passing.exit_code, 2) << passing.out;
  EXPECT_TRUE(holds(passing.out,
                    "literal_arithmetic_roundtrip.tfir: error[usage]: no case of the file fails: "
                    "nothing to reduce\n"))
      << passing.out;
}

// A replay of 10^8 loop trips runs for minutes; --time 1 stops it (as Ctrl-C stops tf eval), and
// the file is not reduced.
TEST(ReduceCommand, TheTimeBudgetStopsASlowReplay) {
  const std::string slow =
      write_temp_file("reduce_slow.tfir",
                      "tfir 1\n"
                      "func slow(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {\n"
                      "    r = for i in range(0, 100000000, 1) carry (a = x) {\n"
                      "        b = add(a, a)\n"
                      "        yield (b)\n"
                      "    }\n"
                      "    return r\n"
                      "}\n"
                      "case \"slow/loop\" {\n"
                      "    run slow\n"
                      "    input x = Tensor[(1,), f32]{0}\n"
                      "    expect output = Tensor[(1,), f32]{1}\n"
                      "}\n");
  const TfRun r = run_tf_binary("reduce " + slow + " --time 1 -o -");
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.out, "tf: " + slow +
                       ": error[usage]: the replay of the file did not end within the time budget "
                       "of 1 s (--time): nothing reduced\n");
}

}  // namespace
}  // namespace tf::cli::test
