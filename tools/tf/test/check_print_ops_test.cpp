// tf check, tf print and tf ops: exact output for the declarations of docs/tfir.md section 2, for
// files with errors and for unreadable paths; the canonical print round trip; the op listing.
#include <gtest/gtest.h>

#include "tools/tf/test/temp_file.h"
#include <nlohmann/json.hpp>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "driver/ir_session.h"
#include "driver/report.h"
#include "ir/core/numerics_spaces.h"
#include "ir/core/op.h"
#include "ir/text/test/tfir_contract_examples.h"
#include "tools/tf/check_command.h"
#include "tools/tf/ops_command.h"
#include "tools/tf/print_command.h"

namespace tf::cli {
namespace {

const std::string kExample = std::string(TF_SOURCE_ROOT) + "/examples/declarations.tfir";

// The example program of docs/tfir.md sections 2, 5 and 6 (tfir_contract_examples.h).
const std::string kSection2 = text::testing::contract_program();

// Its canonical form: declarations respaced, comments dropped, every binding typed.
const char* const kSection2Canonical = R"(tfir 1
dim N = DimVar("N", 1, 4097)
mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
mesh grid = Mesh((Topology("cta", 4), Topology("thread", 128)), Layout((4, 4, 32), (128, 32, 1)), names=("c", "w", "l"))
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
layout Lg = ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), mesh=cta1)
layout Lr = ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)
atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)
entry main

func scale_add(x: Tensor[(N, 8), f32], y: Tensor[(N, 8), f32]) -> Tensor[(N, 8), f32] {
    two: Tensor[(), f32, storage=umat] = 2.0
    t: Tensor[(N, 8), f32] = mul(x, two)
    s: Tensor[(N, 8), f32] = add(t, y)
    return s
}

func fib(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r: Tuple[Tensor[(1,), f32], Tensor[(1,), f32]] = for i in range(0, 5, 1) carry (a = x, b = x) {
        c: Tensor[(1,), f32] = add(a, b)
        yield (b, c)
    }
    out: Tensor[(1,), f32] = tuple_get_item(r, index=1)
    return out
}

prim_func double_rows(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    with cta1 as c {
        let va = tensor_view(a, layout=Lg)
        let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        copy(va, r)
        let s = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        binary(r, r, s, kind=mul)
        let vo = tensor_view(out, layout=Lg)
        copy(s, vo)
    }
}

prim_func main(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=host {
    launch(@double_rows, 128, 1, 1, 1, 1, 1, a, out)
}
)";

// Three independent errors in the declarations: an empty DimVar envelope (a rule), a
// redeclared name, a mesh that was never declared.
const char* const kErrors = R"(tfir 1
dim A = DimVar("A", 2, 1)
dim N = DimVar("N", 1, 8)
dim N = DimVar("N", 1, 16)
layout L = ShardLayout(layout=Layout((32,), (1,)), attrs=(S(0),), mesh=nomesh)
)";

struct Outcome {
  int exit_code;
  std::string out;
  std::string err;
};

Outcome check(std::vector<std::string> files, bool json = false) {
  std::ostringstream out, err;
  int rc = run_check({.files = std::move(files), .json = json}, out, err);
  return {rc, out.str(), err.str()};
}

Outcome print(const std::string& file) {
  std::ostringstream out, err;
  int rc = run_print({.file = file}, out, err);
  return {rc, out.str(), err.str()};
}

TEST(TfCheck, TheContractProgramReadsAndVerifies) {
  std::string path = write_temp("section2.tfir", kSection2);
  Outcome r = check({path});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "1 file checked, 0 errors, 0 warnings\n");
}

TEST(TfCheck, ExampleFileIsClean) {
  Outcome r = check({kExample});
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_EQ(r.err, "1 file checked, 0 errors, 0 warnings\n");
}

TEST(TfCheck, AnIllTypedBodyIsAnErrorAtItsPlace) {
  std::string path = write_temp("badbody.tfir",
                                "tfir 1\nfunc f(x: Tensor[(4,), f32], i: Tensor[(4,), i32]) -> Tensor[(4,), f32] {\n"
                                "    y = add(x, i)\n    return y\n}\n");
  Outcome r = check({path});
  EXPECT_EQ(r.exit_code, kExitCheckFailed);
  EXPECT_EQ(r.err, path + ":3:9: error[type]: hir.math.Binary: dtype mismatch: lhs is f32, rhs is i32; "
                          "there is no implicit promotion (use full_like or cast)\n"
                          "1 file checked, 1 error, 0 warnings\n");
}

TEST(TfCheck, ReportsEveryErrorClangStyleAndExitsOne) {
  std::string path = write_temp("errors.tfir", kErrors);
  Outcome r = check({path});
  EXPECT_EQ(r.exit_code, kExitCheckFailed);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err,
            path + ":2:9: error[TYPES.4.DIM.dimvar-lo-lt-hi]: DimVar('A', 2, 1): the envelope "
                   "[lo, hi) is half-open and needs lo < hi; a single value k is [k, k+1)\n" +
                path + ":4:5: error[parse]: 'N' is already declared (as a dim)\n" +
                "note: " + path + ":3:1: the first declaration of 'N'\n" + path +
                ":5:72: error[parse]: 'nomesh' is not declared (declare a mesh or layout before "
                "using it)\n"
                "1 file checked, 3 errors, 0 warnings\n");
}

TEST(TfCheck, ChecksEveryFileAndCountsThemAll) {
  std::string bad = write_temp("foreign.tfir", "tfir 2\n");
  Outcome r = check({kExample, bad});
  EXPECT_EQ(r.exit_code, kExitCheckFailed);
  EXPECT_EQ(r.err, bad +
                       ":1:6: error[parse]: tfir major version 2 is not supported: this reader "
                       "reads version 1\n"
                       "2 files checked, 1 error, 0 warnings\n");
}

TEST(TfCheck, UnreadablePathExitsTwoEvenBesideErrors) {
  std::string errors = write_temp("errors2.tfir", kErrors);
  Outcome r = check({"no/such/file.tfir", errors});
  EXPECT_EQ(r.exit_code, kExitBadInput);
  EXPECT_TRUE(r.err.starts_with("no/such/file.tfir: error[usage]: cannot read 'no/such/file.tfir': "
                                "No such file or directory\n" +
                                errors + ":2:9: error[TYPES.4.DIM.dimvar-lo-lt-hi]: "))
      << r.err;
  EXPECT_TRUE(r.err.ends_with("2 files checked, 4 errors, 0 warnings\n")) << r.err;
  EXPECT_EQ(check({testing::TempDir()}).exit_code, kExitBadInput);  // a directory
}

TEST(TfCheck, JsonIsOneObjectPerDiagnosticThenASummary) {
  std::string path = write_temp("errors3.tfir", kErrors);
  Outcome r = check({path}, /*json=*/true);
  EXPECT_EQ(r.exit_code, kExitCheckFailed);
  std::istringstream lines(r.err);
  std::vector<nlohmann::json> objects;
  for (std::string line; std::getline(lines, line);) objects.push_back(nlohmann::json::parse(line));
  ASSERT_EQ(objects.size(), 4u);
  EXPECT_EQ(objects[0]["rule"], "TYPES.4.DIM.dimvar-lo-lt-hi");
  EXPECT_EQ(objects[0]["line"], 2);
  EXPECT_EQ(objects[0]["column"], 9);
  EXPECT_EQ(objects[1]["tag"], "parse");
  EXPECT_EQ(objects[1]["notes"], nlohmann::json::array({path + ":3:1: the first declaration of 'N'"}));
  EXPECT_EQ(objects[2]["file"], path);
  EXPECT_EQ(objects[3], nlohmann::json::parse(R"({"files_checked":1,"errors":3,"warnings":0})"));
}

TEST(TfPrint, CanonicalFormIsAFixedPoint) {
  Outcome first = print(write_temp("section2p.tfir", kSection2));
  EXPECT_EQ(first.exit_code, kExitOk);
  EXPECT_EQ(first.err, "");
  EXPECT_EQ(first.out, kSection2Canonical);
  Outcome second = print(write_temp("section2q.tfir", first.out));
  EXPECT_EQ(second.exit_code, kExitOk);
  EXPECT_EQ(second.out, first.out);
}

TEST(TfPrint, ExamplePrintsItsFunctionFromTheIr) {
  Outcome r = print(kExample);
  EXPECT_EQ(r.exit_code, kExitOk);
  EXPECT_TRUE(r.out.starts_with("tfir 1\ndim N = DimVar(\"N\", 1, 4097)\n")) << r.out;
  EXPECT_TRUE(r.out.ends_with(
      "entry main\n\n"
      "func main(x: Tensor[(N, 8), f32], y: Tensor[(N, 8), f32]) -> Tensor[(N, 8), f32] {\n"
      "    s: Tensor[(N, 8), f32] = add(x, y)\n"
      "    return s\n"
      "}\n"))
      << r.out;
}

TEST(TfPrint, UnreadableOrInvalidFileExitsTwoWithDiagnostics) {
  Outcome missing = print("no/such/file.tfir");
  EXPECT_EQ(missing.exit_code, kExitBadInput);
  EXPECT_EQ(missing.out, "");
  EXPECT_EQ(missing.err,
            "tf: no/such/file.tfir: error[usage]: cannot read 'no/such/file.tfir': No such file or "
            "directory\n");
  std::string path = write_temp("errors4.tfir", kErrors);
  Outcome bad = print(path);
  EXPECT_EQ(bad.exit_code, kExitBadInput);
  EXPECT_EQ(bad.out, "");
  EXPECT_TRUE(bad.err.starts_with("tf: " + path + ":2:9: error[TYPES.4.DIM.dimvar-lo-lt-hi]: ")) << bad.err;
}

// A line of `tf ops` with its column padding collapsed to one space.
std::string collapsed(const std::string& line) {
  std::string out;
  for (char c : line)
    if (!(c == ' ' && !out.empty() && out.back() == ' ')) out += c;
  return out;
}

TEST(TfOps, ListsEveryRegisteredOpWithOperandsAttributesAndResult) {
  std::ostringstream out, err;
  EXPECT_EQ(run_ops({}, out, err), kExitOk);
  EXPECT_EQ(err.str(), "");
  const OpRegistry& registry = cli_context().registry();
  std::istringstream lines(out.str());
  std::vector<std::string> got;
  for (std::string line; std::getline(lines, line);) got.push_back(collapsed(line));
  ASSERT_EQ(got.size(), registry.size());
  for (std::size_t i = 0; i < registry.size(); ++i)
    EXPECT_TRUE(got[i].starts_with(std::string(registry.at(i).name()) + " ")) << got[i];
  auto has = [&](const std::string& line) {
    return std::find(got.begin(), got.end(), line) != got.end();
  };
  EXPECT_TRUE(has("dim.DimAdd value dim_add(a, b) -> Tensor[(), i64, storage=None]"));
  EXPECT_TRUE(has("hir.math.Clamp value clamp(x, min_val: float, max_val: float) -> type of x; x numeric"));
  EXPECT_TRUE(has("tir.memory.Copy effect copy(source, destination) -> Unit"));
  EXPECT_TRUE(std::any_of(got.begin(), got.end(), [](const std::string& l) {
    return l.starts_with("hir.tensor.Cast value cast(x, dtype: dtype, ");
  }));
}

// docs/tfir.md section 11 shows `tf ops` as it prints: the fenced block there is that output, byte
// for byte, so a new or changed op fails here until the section is regenerated
// (`tf ops`, pasted between the section's fences).
TEST(TfOps, TheListInDocsTfirSection11IsWhatTfOpsPrints) {
  std::ifstream in(std::string(TF_SOURCE_ROOT) + "/docs/tfir.md");
  std::stringstream doc;
  doc << in.rdbuf();
  const std::string text = doc.str();
  const std::size_t section = text.find("\n## 11. Ops\n");
  ASSERT_NE(section, std::string::npos);
  const std::size_t open = text.find("\n```\n", section);
  ASSERT_NE(open, std::string::npos);
  const std::size_t close = text.find("\n```\n", open + 5);
  ASSERT_NE(close, std::string::npos);
  std::ostringstream out, err;
  EXPECT_EQ(run_ops({}, out, err), kExitOk);
  EXPECT_EQ(text.substr(open + 5, close + 1 - (open + 5)), out.str());
}

TEST(TfOps, JsonIsOneArrayOfOpObjects) {
  std::ostringstream out, err;
  EXPECT_EQ(run_ops({.json = true}, out, err), kExitOk);
  nlohmann::json all = nlohmann::json::parse(out.str());
  ASSERT_EQ(all.size(), cli_context().registry().size());
  EXPECT_EQ(all[3], nlohmann::json::parse(R"({"name": "dim.DimFloorDiv", "surface": "dim_floor_div", "form": "value",
      "tuple_operands": false,
      "operands": [{"name": "a", "variadic": false}, {"name": "b", "variadic": false}],
      "attributes": [], "result": "Tensor[(), i64, storage=None]"})"));
}

TEST(TfOps, AttributeDefaultsAreSpelledAsInTfir) {
  EXPECT_EQ(attr_default_text(ParamDef::enum_attribute("r", numerics::kRoundingSpace,
                                                      enum_attr(numerics::Rounding::TowardZero))),
            "rz");
  EXPECT_EQ(attr_default_text(ParamDef::enum_attribute("o", numerics::kRoundingSpace,
                                                      std::monostate{})),
            "None");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("s", AttrKind::String, std::string("a\"b"))),
            "\"a\\\"b\"");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("x", AttrKind::Int, std::monostate{})), "None");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("k", AttrKind::Int, std::int64_t{-3})), "-3");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("f", AttrKind::Float, 0.5)), "0.5");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("b", AttrKind::Bool, true)), "true");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("d", AttrKind::DType, DType::i64())), "i64");
  EXPECT_EQ(attr_default_text(ParamDef::attribute("m", AttrKind::Storage, StorageKind::Smem)),
            "smem");
  EXPECT_EQ(attr_default_text(ParamDef::attribute(
                "t", AttrKind::IntTuple, std::vector<std::int64_t>{4})),
            "(4,)");
  EXPECT_EQ(attr_default_text(ParamDef::attribute(
                "t", AttrKind::IntTuple, std::vector<std::int64_t>{4, 8})),
            "(4, 8)");
}

TEST(TfOps, ResultRuleOfOpsBeyondTheDimFamily) {
  OpRegistry registry;
  Op fence = *registry.add({.name = "test.Fence", .form = OpForm::Effect});
  Op id = *registry.add({.name = "test.Id", .params = {ParamDef::operand("x")}});
  EXPECT_EQ(op_result_rule(fence), "Unit");
  EXPECT_EQ(op_result_rule(id), "inferred by its typeinfer handler");
}

// The binary: exit codes and streams as a user sees them.
int run_tf(const std::string& args) {
  std::string cmd = std::string(TF_BINARY) + " " + args + " >/dev/null 2>&1";
  int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(TfCheckPrintOpsProcess, ExitCodes) {
  EXPECT_EQ(run_tf("check " + kExample), 0);
  EXPECT_EQ(run_tf("check " + write_temp("errors5.tfir", kErrors)), 1);
  EXPECT_EQ(run_tf("check no/such/file.tfir"), 2);
  EXPECT_EQ(run_tf("check"), 2);  // no file: usage
  EXPECT_EQ(run_tf("print " + kExample), 0);
  EXPECT_EQ(run_tf("print no/such/file.tfir"), 2);
  EXPECT_EQ(run_tf("ops --json"), 0);
}

}  // namespace
}  // namespace tf::cli
