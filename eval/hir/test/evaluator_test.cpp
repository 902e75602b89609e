// The evaluator core: scopes and memoization, DimVar binding from inputs, loops with carries,
// function calls, dispatch on DimVar ranges, and the diagnostics of bad input.
#include <gtest/gtest.h>

#include "eval/hir/eval_tables.h"
#include "eval/hir/op_eval.h"
#include "eval/hir/test/eval_testing.h"
#include "ir/text/file_reader.h"

namespace tf::eval::testing {
namespace {

TEST(HirEvaluator, IdentityReturnsTheInputBits) {
  Result<Value> r = run_tfir(R"(
func id(x: Tensor[(3,), f32]) -> Tensor[(3,), f32] {
    return x
}
)", {f32({3}, {1, -0.0, NAN})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({3}, {1, -0.0, NAN})));
}

TEST(HirEvaluator, TupleReturnAndScalarLiterals) {
  Result<Value> r = run_tfir(R"(
func pair(x: Tensor[(2,), i32]) -> Tuple[Tensor[(2,), i32], Tensor[(), f32, storage=umat]] {
    c = 1.5
    return (x, c)
}
)", {i32({2}, {7, -7})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  ASSERT_TRUE(r->is_tuple());
  ASSERT_EQ(r->items().size(), 2u);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), i32({2}, {7, -7})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({}, {1.5})));
}

TEST(HirEvaluator, InputsConvertToTheParameterDtypeAtTheBoundary) {
  // D4: an f32 input into a bf16 parameter rounds once to nearest even (1 + 2^-8 ties to 1).
  Result<Value> r = run_tfir(R"(
func id(x: Tensor[(2,), bf16]) -> Tensor[(2,), bf16] {
    return x
}
)", {f32({2}, {1.00390625, 3.0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), tensor_of(DType::bf16(), {2}, {1.0, 3.0})));
}

TEST(HirEvaluator, WrongInputCountIsAUsageError) {
  Result<Value> r = run_tfir("func id(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    return x\n}\n",
                             {f32({2}, {1, 2}), f32({2}, {1, 2})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().category, DiagCategory::Usage);
  EXPECT_NE(r.diagnostics().front().message.find("takes 1 input(s), 2 given"), std::string::npos)
      << error_text(r);
}

// Issue 42: a run naming no func listed the funcs alone ("the funcs: none") and said a prim_func
// "needs the TIR evaluator, which is not built yet". Now every function of every kind is listed,
// the nearest names are suggested, and a prim_func's name says where a prim_func runs.
TEST(HirEvaluator, AnUnknownFunctionListsEveryKindAndTheNearestNames) {
  Result<text::ReadFile> f = text::read_file(
      "tfir 1\nfunc main(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    return x\n}\n"
      "prim_func rotate() outputs=0 target=cuda {\n}\nprim_func rotate_unsynced() outputs=0 target=cuda {\n}\n",
      "kinds.tfir", eval_context());
  ASSERT_TRUE(f.ok()) << f.diagnostics().front().render();
  Result<const hir::Function*> typo = find_function_to_run(*f->module, "rotat");
  ASSERT_FALSE(typo.ok());
  EXPECT_EQ(typo.diagnostics().front().render(),
            "error[usage]: there is no function rotat (the funcs: main; the prim_funcs: rotate, rotate_unsynced)\n"
            "note: did you mean: @rotate, @rotate_unsynced");
  Result<const hir::Function*> prim = find_function_to_run(*f->module, "rotate");
  ASSERT_FALSE(prim.ok());
  EXPECT_EQ(prim.diagnostics().front().render(),
            "error[usage]: @rotate is a prim_func, not a func: the HIR evaluator runs funcs (the funcs: main; the "
            "prim_funcs: rotate, rotate_unsynced); a prim_func runs on the TIR machine model (levels tir, cuda-emu "
            "and cuda-gpu)");
}

TEST(HirEvaluator, StaticExtentMismatchIsAUsageError) {
  Result<Value> r = run_tfir("func id(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n    return x\n}\n",
                             {f32({3}, {1, 2, 3})});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(error_text(r).find("axis 0 of the parameter is 2"), std::string::npos) << error_text(r);
}

constexpr const char* kTwoN = R"(
func two(x: Tensor[(N,), f32], y: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    return y
}
)";

TEST(HirEvaluator, ADimVarBindsFromTheFirstInputAndASecondOccurrenceMustAgree) {
  Result<Value> ok = run_tfir(std::string("dim N = DimVar(\"N\", 1, 17)\n") + kTwoN,
                              {f32({4}, {1, 2, 3, 4}), f32({4}, {5, 6, 7, 8})});
  ASSERT_TRUE(ok.ok()) << error_text(ok);
  EXPECT_TRUE(same_tensor(ok->tensor(), f32({4}, {5, 6, 7, 8})));
  Result<Value> bad = run_tfir(std::string("dim N = DimVar(\"N\", 1, 17)\n") + kTwoN,
                               {f32({4}, {1, 2, 3, 4}), f32({5}, {1, 2, 3, 4, 5})});
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(error_text(bad).find("already bound to 4"), std::string::npos) << error_text(bad);
}

TEST(HirEvaluator, ADimVarOutsideItsEnvelopeIsRefused) {
  // covers TYPES.4.DIM.dimvar-half-open
  Result<Value> r = run_tfir(std::string("dim N = DimVar(\"N\", 1, 4)\n") + kTwoN,
                             {f32({4}, {1, 2, 3, 4}), f32({4}, {1, 2, 3, 4})});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics().front().rule_id, "TYPES.4.DIM.dimvar-half-open") << error_text(r);
}

TEST(HirEvaluator, UserDimsMustAgreeWithInputs) {
  Result<Value> r = run_tfir(std::string("dim N = DimVar(\"N\", 1, 17)\n") + kTwoN,
                             {f32({4}, {1, 2, 3, 4}), f32({4}, {1, 2, 3, 4})}, "two", {{"N", 5}});
  ASSERT_FALSE(r.ok());
  EXPECT_NE(error_text(r).find("already bound to 5"), std::string::npos) << error_text(r);
  Result<Value> unknown = run_tfir(std::string("dim N = DimVar(\"N\", 1, 17)\n") + kTwoN,
                                   {f32({4}, {1, 2, 3, 4}), f32({4}, {1, 2, 3, 4})}, "two", {{"M", 5}});
  ASSERT_FALSE(unknown.ok());
  EXPECT_NE(error_text(unknown).find("no DimVar M"), std::string::npos) << error_text(unknown);
}

TEST(HirEvaluator, CarriedLoopWithZeroTripsReturnsItsInits) {
  Result<Value> r = run_tfir(R"(
func f(x: Tensor[(1,), f32], y: Tensor[(1,), f32]) -> Tuple[Tensor[(1,), f32], Tensor[(1,), f32]] {
    r = for i in range(3, 3, 1) carry (a = x, b = y) {
        yield (b, a)
    }
    return r
}
)", {f32({1}, {1}), f32({1}, {2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({1}, {1})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({1}, {2})));
}

TEST(HirEvaluator, CarriesAreReplacedSimultaneously) {
  // Swapping two carries three times leaves them swapped: a sequential update would copy one
  // value into both.
  Result<Value> r = run_tfir(R"(
func f(x: Tensor[(1,), f32], y: Tensor[(1,), f32]) -> Tuple[Tensor[(1,), f32], Tensor[(1,), f32]] {
    r = for i in range(0, 3, 1) carry (a = x, b = y) {
        yield (b, a)
    }
    return r
}
)", {f32({1}, {1}), f32({1}, {2})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), f32({1}, {2})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), f32({1}, {1})));
}

TEST(HirEvaluator, LoopWithoutCarriesYieldsItsLastBodyValueAndRefusesAnEmptyRange) {
  constexpr const char* kSrc = R"(
dim N = DimVar("N", 0, 9)
func f(x: Tensor[(N,), f32]) -> Tensor[(), i64, storage=umat] {
    r = for i in range(1, N, 2) {
        j = i
    }
    return r
}
)";
  Result<Value> r = run_tfir(kSrc, {f32({6}, {0, 0, 0, 0, 0, 0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), i64({}, {5})));
  Result<Value> empty = run_tfir(kSrc, {f32({1}, {0})});
  ASSERT_FALSE(empty.ok());
  EXPECT_NE(error_text(empty).find("empty range(1, 1, 2)"), std::string::npos) << error_text(empty);
  EXPECT_EQ(empty.diagnostics().front().ir_path, "f.r") << error_text(empty);
  EXPECT_EQ(empty.diagnostics().front().location.str(), "test.tfir:5:5");  // the binding of r
}


TEST(HirEvaluator, SharedValuesAreEvaluatedOncePerScopeAndCallsRunTheCallee) {
  // HIR reference program 1: y = x + 2.0 is shared by two calls of @sq; out = sq(y) - x.
  constexpr const char* kSrc = R"(
func sq(a: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    p = mul(a, a)
    return p
}
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    two = 2.0
    y = add(x, two)
    s1 = @sq(y)
    s2 = @sq(y)
    d = sub(s1, x)
    e = sub(s2, x)
    out = max(d, e)
    return out
}
)";
  std::map<std::string, int> ops;
  Result<Value> r = run_tfir(kSrc, {f32({4}, {1, 2, 3, 4})}, "f", {},
                             [&](const Call& c) { ops[std::string(c.op.name())]++; });
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->tensor(), f32({4}, {8, 14, 22, 32})));
  // y (one Binary add) is computed once although three nodes use it; each call of @sq runs its
  // own mul: 1 add + 2 mul + 2 sub + 1 max = 6 Binary calls.
  EXPECT_EQ(ops["hir.math.Binary"], 6);
}

TEST(HirEvaluator, DispatchSelectsTheVariantWhoseRangeHoldsTheExtent) {
  // HIR reference program 11.
  constexpr const char* kSrc = R"(
dim N = DimVar("N", 1, 9)
func f(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] prototype
specialize f(DimVarRangePat("N", 1, 5)) as f_small(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    two = 2.0
    y = mul(x, two)
    return y
}
specialize f(DimVarRangePat("N", 5, 9)) as f_large(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    three = 3.0
    y = mul(x, three)
    return y
}
func g(x: Tensor[(N,), f32]) -> Tensor[(N,), f32] {
    y = @f(x)
    return y
}
)";
  Result<Value> four = run_tfir(kSrc, {f32({4}, {1, 1, 1, 1})}, "g");
  ASSERT_TRUE(four.ok()) << error_text(four);
  EXPECT_TRUE(same_tensor(four->tensor(), f32({4}, {2, 2, 2, 2})));
  Result<Value> five = run_tfir(kSrc, {f32({5}, {1, 1, 1, 1, 1})}, "f");
  ASSERT_TRUE(five.ok()) << error_text(five);
  EXPECT_TRUE(same_tensor(five->tensor(), f32({5}, {3, 3, 3, 3, 3})));
}

TEST(HirEvaluator, DimExpressionsResolveAtRunTime) {
  // HIR reference program 12 (the parts the core owns): shape_of, arange over N, zeros of a
  // floor-divided extent, a loop whose stop is N.
  constexpr const char* kSrc = R"(
dim N = DimVar("N", 1, 17)
func g(x: Tensor[(N, 3), f32]) -> Tuple[Tensor[(2,), i64, storage=umat], Tensor[(N,), i64], Tensor[((N + 1) // 2, 2), f32], Tensor[(), i64, storage=umat]] {
    s = shape_of(x)
    a = arange(type=Tensor[(N,), i64], start=2, step=3)
    z = zeros(type=Tensor[((N + 1) // 2, 2), f32])
    c0 = i64(0)
    one = i64(1)
    trips = for i in range(0, N, 1) carry (c = c0) {
        c1 = add(c, one)
        yield (c1)
    }
    return (s, a, z, trips)
}
)";
  std::vector<double> ones(15, 1.0);
  Result<Value> r = run_tfir(kSrc, {f32({5, 3}, ones)}, "g");
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_TRUE(same_tensor(r->items()[0].tensor(), i64({2}, {5, 3})));
  EXPECT_TRUE(same_tensor(r->items()[1].tensor(), i64({5}, {2, 5, 8, 11, 14})));
  EXPECT_TRUE(same_tensor(r->items()[2].tensor(), f32({3, 2}, {0, 0, 0, 0, 0, 0})));
  EXPECT_TRUE(same_tensor(r->items()[3].tensor(), i64({}, {5})));
}

TEST(HirEvaluator, EveryHirOpHasAnEvalHandler) {
  const OpHandlers& h = eval_handlers();
  std::vector<std::string> missing;
  std::size_t hir_ops = 0;
  for (std::size_t i = 0; i < h.registry().size(); ++i) {
    Op op = h.registry().at(i);
    if (op.dialect() != "hir") continue;
    ++hir_ops;
    if (!h.has<EvalHirHandler>(op)) missing.emplace_back(op.name());
  }
  EXPECT_EQ(hir_ops, 42u);  // 4 math + 23 tensor + 11 nn + 2 cuda.nn + 2 sharding
  EXPECT_TRUE(missing.empty()) << "no eval handler: " << ::testing::PrintToString(missing);
}

TEST(HirEvaluator, ALiteralRoundsOnceFromItsSpelling) {
  // 1 + 2^-8 + 1e-24 lies just above the bf16 midpoint between 1 and 1 + 2^-7; its nearest
  // double is the midpoint itself, so reading the nearest double first would tie to even (1.0).
  Result<Value> r = run_tfir(R"(
func c(x: Tensor[(1,), bf16]) -> Tensor[(), bf16, storage=umat] {
    v = bf16(1.003906250000000000000001)
    return v
}
)", {tensor_of(DType::bf16(), {1}, {0})});
  ASSERT_TRUE(r.ok()) << error_text(r);
  EXPECT_EQ(r->tensor().code(0), 0x3f81u);  // 1.0078125
}

}  // namespace
}  // namespace tf::eval::testing

namespace tf::eval::testing {
namespace {

// Issue: robust against every input, class 1. An op whose result does not fit the memory budget
// is an eval error naming the op, the request and the budget (it was std::bad_alloc).
TEST(HirEvaluator, AResultOverTheMemoryBudgetIsAnEvalErrorNamingTheOp) {
  const char* src = R"(
func f(x: Tensor[(2,), f32]) -> Tensor[(1000, 1000), f32] {
    z = zeros(type=Tensor[(1000, 1000), f32])
    return z
}
)";
  MemoryBudgetScope budget(1 << 20);  // 1 MiB; the result needs 4,000,000 bytes
  Result<Value> r = run_tfir(src, {f32({2}, {1, 2})});
  EXPECT_EVAL_ERROR(r, "hir.tensor.Zeros: its result needs 4000000 bytes with ");
  EXPECT_EVAL_ERROR(r, "; the memory budget is 1048576 bytes (--max-memory)");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.diagnostics()[0].ir_path, "f.z");
}

// arange built its values in a std::vector before the tensor: 2^62 elements threw
// std::length_error out of the evaluator (a crash). The result is allocated first now.
TEST(HirEvaluator, AHugeArangeMeetsTheBudgetInsteadOfCrashing) {
  const char* src = R"(
func f(x: Tensor[(2,), f32]) -> Tensor[(4611686018427387904,), i64] {
    y = arange(type=Tensor[(4611686018427387904,), i64], start=0, step=1)
    return y
}
)";
  EXPECT_EVAL_ERROR(run_tfir(src, {f32({2}, {1, 2})}),
                    "hir.tensor.Arange: its result needs more than 2^63 bytes with ");
}

// Issue: robust against every input, class 1 (time). Op calls and loop trips are counted: a
// loop with more trips than the budget has left is refused before its first trip, a run that
// spends the budget stops with a diagnostic, and an interrupt stops it at its next step.
constexpr const char* kLoop = R"(
func f(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {
    r = for i in range(0, 1000) carry (c = x) {
        d = add(c, x)
        yield d
    }
    return r
}
)";

TEST(HirEvaluator, TheStepBudgetBoundsLoopsAndOpCalls) {
  const Tensor x = f32({2}, {1, 2});
  EXPECT_EVAL_ERROR(run_tfir(kLoop, {x}, {}, {}, {}, 500),
                    "the loop range(0, 1000, 1) runs 1000 trips, more than the 500 steps left of "
                    "the budget of 500 (op calls, function calls and loop trips; --max-steps)");
  // 1000 trips fit in 1500 steps, but each trip's add is a step too.
  EXPECT_EVAL_ERROR(run_tfir(kLoop, {x}, {}, {}, {}, 1500),
                    "the evaluation took more than 1500 steps (op calls, function calls and loop "
                    "trips); raise --max-steps");
  Result<Value> fits = run_tfir(kLoop, {x}, {}, {}, {}, 2000);
  ASSERT_TRUE(fits.ok()) << error_text(fits);
  EXPECT_TRUE(same_tensor(fits->tensor(), f32({2}, {1001, 2002})));
}

// A call tree without ops: @f0 calls @f1 twice, ..., @f99 returns x: 2^100 calls, which ran
// forever under any --max-steps, since only op calls and loop trips were counted.
TEST(HirEvaluator, TheStepBudgetBoundsFunctionCalls) {
  std::string src;
  for (int i = 0; i < 100; ++i)
    src += "func f" + std::to_string(i) + "(x: Tensor[(2,), f32]) -> Tensor[(2,), f32] {\n" +
           (i == 99 ? std::string("    return x\n")
                    : "    a = @f" + std::to_string(i + 1) + "(x)\n    b = @f" + std::to_string(i + 1) +
                          "(a)\n    return b\n") +
           "}\n";
  EXPECT_EVAL_ERROR(run_tfir(src, {f32({2}, {1, 2})}, "f0", {}, {}, 1000),
                    "the evaluation took more than 1000 steps (op calls, function calls and loop "
                    "trips)");
}

TEST(HirEvaluator, AnInterruptStopsTheRunAtItsNextStep) {
  int ops = 0;
  clear_interrupt();
  Result<Value> r = run_tfir(kLoop, {f32({2}, {1, 2})}, {}, {}, [&](const Call&) {
    if (++ops == 10) request_interrupt();
  });
  clear_interrupt();
  EXPECT_EVAL_ERROR(r, "interrupted (Ctrl-C)");
  EXPECT_EQ(ops, 10);
}

}  // namespace
}  // namespace tf::eval::testing
