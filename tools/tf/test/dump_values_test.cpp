// tf eval --dump-values and --dump-dir (issue 42 item 1): every binding of a func at each
// evaluation, the named ones only, an unknown name, repeated evaluations (a loop, a function
// called twice), the .npy folder and its index read back, and a prim_func's memory.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

#include "eval/value/npy.h"
#include "eval/value/npy_boundary.h"
#include "eval/value/tensor_text.h"
#include "tools/tf/eval_command.h"
#include "tools/tf/test/tf_binary.h"
#include "tools/tf/test/eval_call.h"

namespace tf::cli {
namespace {

namespace fs = std::filesystem;
using test::eval;
using test::Ran;

std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::vector<std::string> split(const std::string& line, char sep) {
  std::vector<std::string> out;
  std::string item;
  std::istringstream in(line);
  while (std::getline(in, item, sep)) out.push_back(item);
  return out;
}

// Three bindings: a constant, a product, a sum (lines 3, 4, 5).
constexpr const char* kScaleAdd = R"(tfir 1
func scale_add(x: Tensor[(3,), f32], y: Tensor[(3,), f32]) -> Tensor[(3,), f32] {
    two = 2.0
    t = mul(x, two)
    s = add(t, y)
    return s
}
)";

// A carried loop of three trips (c at line 4, r at line 3, out at line 7).
constexpr const char* kLoop = R"(tfir 1
func fib(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r = for i in range(0, 3, 1) carry (a = x, b = x) {
        c = add(a, b)
        yield (b, c)
    }
    out = tuple_get_item(r, index=1)
    return out
}
)";

// A function called twice (d at line 3; p, q at lines 7, 8), and a loop of zero trips whose
// body's binding is never evaluated (r at line 12, b at line 13).
constexpr const char* kCalls = R"(tfir 1
func twice(v: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    d = add(v, v)
    return d
}
func main(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    p = @twice(x)
    q = @twice(p)
    return q
}
func empty_loop(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    r = for i in range(0, 0, 1) carry (a = x) {
        b = add(a, a)
        yield (b)
    }
    return r
}
)";

// Four threads stage a vector through shared memory of 8 elements (the upper four never
// written), copy it into a register tensor distributed one element per thread (s at line 8, r
// at line 13) and write its double.
constexpr const char* kKernel = R"(tfir 1
mesh m = Mesh((Topology("thread", 4),), Layout((4,), (1,)))
layout T = ShardLayout(layout=Layout((4,), (1,)), attrs=(S(0),), mesh=m)
layout R = ShardLayout(layout=Layout((4,), (0,)), attrs=(S(0),), mesh=m)

prim_func stage(a: Tensor[(4,), f32], out: Tensor[(4,), f32]) outputs=1 target=cuda {
    with m as t {
        let s = alloc_tensor(tensor_type=Tensor[(8,), f32, storage=smem])
        let lo = tensor_view(s, layout=Layout((4,), (1,)))
        let mine = tensor_view(lo, layout=T)
        let src = tensor_view(a, layout=T)
        copy(src, mine)
        let r = alloc_tensor(tensor_type=Tensor[(4,), f32, layout=R, storage=rmem])
        copy(mine, r)
        let o = tensor_view(out, layout=T)
        binary(r, r, o, kind=add)
    }
}
)";

EvalRequest scale_add(const std::string& file, std::vector<std::string> dump) {
  return {.file = file,
          .function = "scale_add",
          .inputs = {"x=Tensor[(3,), f32]{1, 2, 3}", "y=Tensor[(3,), f32]{0.5, -0, inf}"},
          .dump_values = std::move(dump)};
}

TEST(TfEvalDumpValues, EveryBindingAfterTheResultInEvaluationOrder) {
  const std::string file = test::write_temp_file("scale_add.tfir", kScaleAdd);
  const Ran r = eval(scale_add(file, {"*"}));
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "output = Tensor[(3,), f32]{2.5, 4, inf}\n" +
                       file + ":3:5 two = Tensor[(), f32]{2}\n" +
                       file + ":4:5 t = Tensor[(3,), f32]{2, 4, 6}\n" +
                       file + ":5:5 s = Tensor[(3,), f32]{2.5, 4, inf}\n");
  EXPECT_EQ(r.err, "");
}

TEST(TfEvalDumpValues, OnlyTheNamedBindings) {
  const std::string file = test::write_temp_file("scale_add.tfir", kScaleAdd);
  const Ran one = eval(scale_add(file, {"t"}));
  ASSERT_EQ(one.code, 0) << one.err;
  EXPECT_EQ(one.out, "output = Tensor[(3,), f32]{2.5, 4, inf}\n" + file + ":4:5 t = Tensor[(3,), f32]{2, 4, 6}\n");
  // A list, and the flag given twice, name the same set; each value once, in evaluation order.
  const Ran two = eval(scale_add(file, {"s,two", "s"}));
  ASSERT_EQ(two.code, 0) << two.err;
  EXPECT_EQ(two.out, "output = Tensor[(3,), f32]{2.5, 4, inf}\n" + file + ":3:5 two = Tensor[(), f32]{2}\n" + file +
                         ":5:5 s = Tensor[(3,), f32]{2.5, 4, inf}\n");
}

TEST(TfEvalDumpValues, AnUnknownNameIsAUsageErrorWithTheNearestNames) {
  const std::string file = test::write_temp_file("scale_add.tfir", kScaleAdd);
  const Ran r = eval(scale_add(file, {"tt"}));
  EXPECT_EQ(r.code, 2);
  EXPECT_EQ(r.out, "");  // refused before the run
  EXPECT_EQ(r.err, "tf: error[usage]: --dump-values: @scale_add has no binding 'tt' (its bindings: two, t, s)\n"
                   "note: did you mean: t\n");
  const Ran empty = eval(scale_add(file, {"t,,s"}));
  EXPECT_EQ(empty.code, 2);
  EXPECT_TRUE(test::holds(empty.err, "--dump-values=t,,s: an empty binding name")) << empty.err;
}

TEST(TfEvalDumpValues, EachIterationOfALoopIsLabelled) {
  const std::string file = test::write_temp_file("loop.tfir", kLoop);
  const Ran r = eval({.file = file, .function = "fib", .inputs = {"x=Tensor[(1,), f32]{1}"}, .dump_values = {"*"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "output = Tensor[(1,), f32]{5}\n" +
                       file + ":4:9 c (i=0) = Tensor[(1,), f32]{2}\n" +
                       file + ":4:9 c (i=1) = Tensor[(1,), f32]{3}\n" +
                       file + ":4:9 c (i=2) = Tensor[(1,), f32]{5}\n" +
                       file + ":3:5 r[0] = Tensor[(1,), f32]{3}\n" +
                       file + ":3:5 r[1] = Tensor[(1,), f32]{5}\n" +
                       file + ":7:5 out = Tensor[(1,), f32]{5}\n");
}

TEST(TfEvalDumpValues, ARunThatFailsShowsTheValuesBeforeTheFailure) {
  const std::string file = test::write_temp_file("loop.tfir", kLoop);
  EvalRequest r{.file = file, .function = "fib", .inputs = {"x=Tensor[(1,), f32]{1}"}, .dump_values = {"*"}};
  r.limits.max_steps = 3;  // trip 0 and its add, trip 1, then trip 1's add is one step too many
  const Ran ran = eval(r);
  EXPECT_EQ(ran.code, 2);
  EXPECT_EQ(ran.out, file + ":4:9 c (i=0) = Tensor[(1,), f32]{2}\n");
  EXPECT_TRUE(test::holds(ran.err, "more than 3 steps")) << ran.err;
}

TEST(TfEvalDumpValues, EachCallOfAFunctionIsLabelled) {
  const std::string file = test::write_temp_file("calls.tfir", kCalls);
  const Ran r = eval({.file = file, .function = "main", .inputs = {"x=Tensor[(2,), f32]{1, 2}"}, .dump_values = {"*"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "output = Tensor[(2,), f32]{4, 8}\n" +
                       file + ":3:5 d (@twice call 1) = Tensor[(2,), f32]{2, 4}\n" +
                       file + ":7:5 p = Tensor[(2,), f32]{2, 4}\n" +
                       file + ":3:5 d (@twice call 2) = Tensor[(2,), f32]{4, 8}\n" +
                       file + ":8:5 q = Tensor[(2,), f32]{4, 8}\n");
  // Only the callee's binding: the bindings of every func the run can call may be named.
  const Ran d = eval({.file = file, .function = "main", .inputs = {"x=Tensor[(2,), f32]{1, 2}"}, .dump_values = {"d"}});
  ASSERT_EQ(d.code, 0) << d.err;
  EXPECT_EQ(d.out, "output = Tensor[(2,), f32]{4, 8}\n" +
                       file + ":3:5 d (@twice call 1) = Tensor[(2,), f32]{2, 4}\n" +
                       file + ":3:5 d (@twice call 2) = Tensor[(2,), f32]{4, 8}\n");
}

TEST(TfEvalDumpValues, ABindingNeverEvaluatedIsListedWithoutAValue) {
  const std::string file = test::write_temp_file("calls.tfir", kCalls);
  const Ran r = eval({.file = file, .function = "empty_loop", .inputs = {"x=Tensor[(2,), f32]{1, 2}"}, .dump_values = {"*"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "output = Tensor[(2,), f32]{1, 2}\n" +
                       file + ":12:5 r = Tensor[(2,), f32]{1, 2}\n" +
                       file + ":13:9 b: never evaluated in this run\n");
}

TEST(TfEvalDumpValues, TheFolderHoldsOneNpyPerValueAndAnIndex) {
  const std::string file = test::write_temp_file("loop.tfir", kLoop);
  const fs::path dir = fs::temp_directory_path() / "tf_dump_values_test" / "values";
  fs::remove_all(dir);
  const EvalRequest base{.file = file, .function = "fib", .inputs = {"x=Tensor[(1,), f32]{1}"}};
  EvalRequest to_dir = base;
  to_dir.dump_dir = dir.string();  // --dump-dir alone dumps every binding
  const Ran written = eval(to_dir);
  ASSERT_EQ(written.code, 0) << written.err;
  const std::string d = dir.string() + "/";
  EXPECT_EQ(written.out, "output = Tensor[(1,), f32]{5}\n"
                         "wrote " + d + "c.npy (c (i=0) Tensor[(1,), f32])\n"
                         "wrote " + d + "c.2.npy (c (i=1) Tensor[(1,), f32])\n"
                         "wrote " + d + "c.3.npy (c (i=2) Tensor[(1,), f32])\n"
                         "wrote " + d + "r-0.npy (r[0] Tensor[(1,), f32])\n"
                         "wrote " + d + "r-1.npy (r[1] Tensor[(1,), f32])\n"
                         "wrote " + d + "out.npy (out Tensor[(1,), f32])\n"
                         "wrote " + d + "index.tsv\n");
  const std::string index = read_text(dir / "index.tsv");
  EXPECT_EQ(index, "place\tname\twhere\ttype\tfiles\tnote\n" +
                       file + ":4:9\tc\ti=0\tTensor[(1,), f32]\tc.npy\t-\n" +
                       file + ":4:9\tc\ti=1\tTensor[(1,), f32]\tc.2.npy\t-\n" +
                       file + ":4:9\tc\ti=2\tTensor[(1,), f32]\tc.3.npy\t-\n" +
                       file + ":3:5\tr[0]\t-\tTensor[(1,), f32]\tr-0.npy\t-\n" +
                       file + ":3:5\tr[1]\t-\tTensor[(1,), f32]\tr-1.npy\t-\n" +
                       file + ":7:5\tout\t-\tTensor[(1,), f32]\tout.npy\t-\n");
  // Each file read back with the project's reader is the value the text dump prints.
  EvalRequest printed = base;
  printed.dump_values = {"*"};
  const Ran text = eval(printed);
  ASSERT_EQ(text.code, 0) << text.err;
  const std::vector<std::string> shown = lines_of(text.out);
  const std::vector<std::string> rows = lines_of(index);
  ASSERT_EQ(shown.size(), rows.size());  // the output line there, the header line here
  for (std::size_t k = 1; k < rows.size(); ++k) {
    const std::vector<std::string> row = split(rows[k], '\t');
    ASSERT_EQ(row.size(), 6u) << rows[k];
    Result<eval::NpyArray> a = eval::read_npy_file((dir / row[4]).string());
    ASSERT_TRUE(a.ok()) << row[4];
    Result<eval::Tensor> t = eval::tensor_from_npy(*a, DType::f32(), row[4]);
    ASSERT_TRUE(t.ok()) << row[4];
    const std::string literal = eval::tensor_literal(*t);
    EXPECT_TRUE(shown[k].ends_with(" = " + literal)) << shown[k] << " vs " << row[4] << " = " << literal;
    EXPECT_TRUE(shown[k].starts_with(row[0] + " " + row[1])) << shown[k];
  }
}

TEST(TfEvalDumpValues, JsonHoldsTheValues) {
  const std::string file = test::write_temp_file("scale_add.tfir", kScaleAdd);
  EvalRequest r = scale_add(file, {"t"});
  r.json = true;
  const Ran ran = eval(r);
  ASSERT_EQ(ran.code, 0) << ran.err;
  EXPECT_TRUE(test::holds(ran.out, "\"values\":[{\"name\":\"t\",\"file\":\"" + file +
                                       "\",\"line\":4,\"column\":5,\"where\":\"\",\"note\":\"\","))
      << ran.out;
  EXPECT_TRUE(test::holds(ran.out, "\"values\":[2.0,4.0,6.0]")) << ran.out;
}

TEST(TfEvalDumpValues, APrimFuncShowsItsMemoryAndOutputsAtTheEnd) {
  const std::string file = test::write_temp_file("kernel.tfir", kKernel);
  const Ran r = eval({.file = file, .function = "stage", .inputs = {"a=Tensor[(4,), f32]{10, 11, 12, 13}"},
                      .dump_values = {"*"}});
  ASSERT_EQ(r.code, 0) << r.err;
  EXPECT_EQ(r.out, "output = Tensor[(4,), f32]{20, 22, 24, 26}\n" +
                       file + ":8:9 s = Tensor[(8,), f32]{10, 11, 12, 13, 0, 0, 0, 0}  # 4 of 8 elements never "
                              "written (shown as 0; the first is element 4)\n" +
                       file + ":13:9 r = Tensor[(4,), f32]{10, 11, 12, 13}\n" +
                       file + ":6:1 out = Tensor[(4,), f32]{20, 22, 24, 26}\n");
  const Ran unknown = eval({.file = file, .function = "stage", .inputs = {"a=Tensor[(4,), f32]{10, 11, 12, 13}"},
                            .dump_values = {"lo"}});  // a view, not an allocation
  EXPECT_EQ(unknown.code, 2);
  EXPECT_TRUE(test::holds(unknown.err, "--dump-values: @stage has no binding 'lo' (its bindings: s, r, out)"))
      << unknown.err;
}

// The flag as a user types it: alone, with a list, and an unknown name (exit 2).
// --at tir: the func lowered (the grid rule: 1 CTA of 2 threads, one row each) and run on the
// machine model; the dump is the lowered kernel's register tensors, each assembled from the
// threads that own its rows. The lowering gives its lets no source place.
TEST(TfEvalDumpValues, AtTirTheLoweredKernelsTensorsAreShown) {
  EvalRequest r{.file = std::string(TF_SOURCE_ROOT) + "/docs/tutorial/softmax.tfir",
                .inputs = {"x=Tensor[(2, 4), f32]{0, 1, 2, 3, 1, 1, 1, 1}"},
                .dump_values = {"row_sum,y"}};
  r.at = "tir";
  const Ran ran = eval(r);
  ASSERT_EQ(ran.code, 0) << ran.err;
  EXPECT_EQ(ran.out,
            "output = Tensor[(2, 4), f32]{0.032058604, 0.08714432, 0.23688284, 0.6439143, 0.25, 0.25, 0.25, 0.25}\n"
            "(no place) row_sum = Tensor[(1, 2, 1, 1), f32]{1.5530018, 4}\n"
            "(no place) y = Tensor[(1, 2, 1, 4), f32]{0.032058604, 0.08714432, 0.23688284, 0.6439143, 0.25, 0.25, 0.25, 0.25}\n");
  r.at = "hir";  // the func's own bindings: `y` only
  const Ran hir = eval(r);
  EXPECT_EQ(hir.code, 2) << hir.out;
  EXPECT_TRUE(test::holds(hir.err, "has no binding 'row_sum'")) << hir.err;
}

TEST(TfEvalDumpValues, TheCommandLine) {
  const std::string file = test::write_temp_file("scale_add.tfir", kScaleAdd);
  const std::string args = "eval " + file + " --input 'x=Tensor[(3,), f32]{1, 2, 3}' --input 'y=Tensor[(3,), f32]{0.5, -0, inf}'";
  const test::TfRun all = test::run_tf_binary(args + " --dump-values");
  EXPECT_EQ(all.exit_code, 0) << all.out;
  EXPECT_TRUE(test::holds(all.out, file + ":3:5 two = Tensor[(), f32]{2}\n")) << all.out;
  EXPECT_TRUE(test::holds(all.out, file + ":5:5 s = ")) << all.out;
  const test::TfRun some = test::run_tf_binary(args + " --dump-values=t,s");
  EXPECT_EQ(some.exit_code, 0) << some.out;
  EXPECT_FALSE(test::holds(some.out, " two = ")) << some.out;
  EXPECT_TRUE(test::holds(some.out, file + ":4:5 t = Tensor[(3,), f32]{2, 4, 6}\n")) << some.out;
  const test::TfRun bad = test::run_tf_binary(args + " --dump-values=S");
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_TRUE(test::holds(bad.out, "has no binding 'S' (its bindings: two, t, s)")) << bad.out;
  const test::TfRun help = test::run_tf_binary("eval --help");
  EXPECT_TRUE(test::holds(help.out, "--dump-values")) << help.out;
  EXPECT_TRUE(test::holds(help.out, "--dump-dir")) << help.out;
}

}  // namespace
}  // namespace tf::cli
