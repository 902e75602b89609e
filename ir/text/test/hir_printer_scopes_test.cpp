// Where the printer binds values (binding_placement.h): every value in the innermost block that
// dominates all of its uses, so that printed text always reads back. The first three programs
// are the counterexample of the printer bug that the 10,000-case round-trip laws found (a value
// used inside a nested loop and after the loop was bound inside the outer loop) and two
// variants of it; each must print as written below, read back, and print the same again.
#include <gtest/gtest.h>

#include "ir/text/file_reader.h"
#include "ir/text/standard_context.h"
#include "ir/text/test/tfir_contract_examples.h"

namespace tf::text {
namespace {

const char* const kHeader = "tfir 1\n";

// The printed text of `body`, or its diagnostics.
std::string printed(const std::string& body) {
  Result<ReadFile> f = read_file(kHeader + body, "t.tfir", standard_context());
  if (!f.ok()) {
    std::string s;
    for (const Diagnostic& d : f.diagnostics()) s += d.render() + "\n";
    return s;
  }
  return print_file(*f);
}

// Prints `source`, expects `expected`, and expects the printed text to print back unchanged.
void expect_prints_as(const std::string& source, const std::string& expected) {
  const std::string once = printed(source);
  EXPECT_EQ(once, kHeader + expected);
  EXPECT_EQ(printed(once.substr(std::string(kHeader).size())), once);
}

TEST(PrintedScopes, AValueUsedInANestedLoopAndAfterTheLoopIsBoundBeforeIt) {
  expect_prints_as(testing::kNestedLoopScopeCounterexample,
                   R"(
func f0(p0: Tensor[(1, 1), f32], p1: Tensor[(1, 1), f32]) -> Tuple[Tensor[(1, 1), f32], Tensor[(1, 1), f32]] {
    p0_0: Tensor[(1, 1), f32] = add(p0, p0)
    v7: Tensor[(1, 1), f32] = unary(p0, kind=relu)
    v23: Tensor[(1, 1), f32] = for i in range(0, 1, 1) {
        v22: Tensor[(1, 1), f32] = for i1 in range(0, 1, 1) carry (c18 = p0_0) {
            yield v7
        }
    }
    v26: Tensor[(1, 1), f32] = add(v23, p0_0)
    return (v26, v7)
}
)");
}

TEST(PrintedScopes, AValueUsedInTheInnerOfTwoCarriedLoopsAndAfterBothIsBoundBeforeThem) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    k = mul(x, x)
    r = for i in range(0, 2, 1) carry (a = x) {
        s = for j in range(0, 3, 1) carry (b = a) {
            c = add(b, k)
            yield c
        }
        yield s
    }
    out = add(r, k)
    return out
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    k: Tensor[(4,), f32] = mul(x, x)
    r: Tensor[(4,), f32] = for i in range(0, 2, 1) carry (a = x) {
        s: Tensor[(4,), f32] = for j in range(0, 3, 1) carry (b = a) {
            c: Tensor[(4,), f32] = add(b, k)
            yield c
        }
        yield s
    }
    out: Tensor[(4,), f32] = add(r, k)
    return out
}
)");
}

TEST(PrintedScopes, AValueUsedByANestedLoopAndBySecondLoopAtTheSameDepthIsBoundBeforeBoth) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(4,), f32]] {
    k = mul(x, x)
    a = for i in range(0, 2, 1) {
        inner = for j in range(0, 2, 1) carry (b = x) {
            c = add(b, k)
            yield c
        }
    }
    s = for i2 in range(0, 2, 1) carry (d = x) {
        e = sub(d, k)
        yield e
    }
    return (a, s)
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(4,), f32]] {
    k: Tensor[(4,), f32] = mul(x, x)
    a: Tensor[(4,), f32] = for i in range(0, 2, 1) {
        inner: Tensor[(4,), f32] = for j in range(0, 2, 1) carry (b = x) {
            c: Tensor[(4,), f32] = add(b, k)
            yield c
        }
    }
    s: Tensor[(4,), f32] = for i2 in range(0, 2, 1) carry (d = x) {
        e: Tensor[(4,), f32] = sub(d, k)
        yield e
    }
    return (a, s)
}
)");
}

TEST(PrintedScopes, AValueWhoseUsesAreAllInsideALoopStaysInside) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r = for i in range(0, 2, 1) carry (a = x) {
        s = for j in range(0, 3, 1) carry (b = a) {
            k = mul(x, x)
            c = add(b, k)
            yield c
        }
        yield s
    }
    return r
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r: Tensor[(4,), f32] = for i in range(0, 2, 1) carry (a = x) {
        s: Tensor[(4,), f32] = for j in range(0, 3, 1) carry (b = a) {
            k: Tensor[(4,), f32] = mul(x, x)
            c: Tensor[(4,), f32] = add(b, k)
            yield c
        }
        yield s
    }
    return r
}
)");
}

TEST(PrintedScopes, AValueUsedByTwoNestedLoopsIsBoundInTheirCommonBlock) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r = for i in range(0, 2, 1) carry (a = x) {
        k = mul(a, a)
        s = for j in range(0, 3, 1) carry (b = a) {
            c = add(b, k)
            yield c
        }
        t = for j2 in range(0, 3, 1) carry (d = s) {
            e = sub(d, k)
            yield e
        }
        yield t
    }
    return r
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r: Tensor[(4,), f32] = for i in range(0, 2, 1) carry (a = x) {
        k: Tensor[(4,), f32] = mul(a, a)
        s: Tensor[(4,), f32] = for j in range(0, 3, 1) carry (b = a) {
            c: Tensor[(4,), f32] = add(b, k)
            yield c
        }
        t: Tensor[(4,), f32] = for j2 in range(0, 3, 1) carry (d = s) {
            e: Tensor[(4,), f32] = sub(d, k)
            yield e
        }
        yield t
    }
    return r
}
)");
}

TEST(PrintedScopes, ALoopWithoutCarriesWhoseValueIsBoundOutsideEndsByNamingIt) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(4,), f32]] {
    k = mul(x, x)
    r = for i in range(0, 2, 1) {
        again = k
    }
    return (r, k)
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tuple[Tensor[(4,), f32], Tensor[(4,), f32]] {
    k: Tensor[(4,), f32] = mul(x, x)
    r: Tensor[(4,), f32] = for i in range(0, 2, 1) {
        k_0: Tensor[(4,), f32] = k
    }
    return (r, k)
}
)");
}

TEST(PrintedScopes, ALoopWithoutCarriesWhoseValueIsAParameterEndsByNamingIt) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r = for i in range(0, 2, 1) {
        same = x
    }
    return r
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    r: Tensor[(4,), f32] = for i in range(0, 2, 1) {
        t0: Tensor[(4,), f32] = x
    }
    return r
}
)");
}

TEST(PrintedScopes, ABindingNamedLikeALoopIndexIsRenamed) {
  expect_prints_as(R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    i = mul(x, x)
    r = for i in range(0, 2, 1) carry (a = i) {
        b = add(a, x)
        yield b
    }
    return r
}
)",
                   R"(
func f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {
    i_0: Tensor[(4,), f32] = mul(x, x)
    r: Tensor[(4,), f32] = for i in range(0, 2, 1) carry (a = i_0) {
        b: Tensor[(4,), f32] = add(a, x)
        yield b
    }
    return r
}
)");
}

TEST(PrintedScopes, TheLongestBodyPrintsInOrder) {
  // 1,000 bindings in one chain, the most a body holds (hir_reader's limit).
  std::string src = "\nfunc f(x: Tensor[(4,), f32]) -> Tensor[(4,), f32] {\n    v0 = add(x, x)\n";
  for (int i = 1; i < 1000; ++i) src += "    v" + std::to_string(i) + " = add(v" + std::to_string(i - 1) + ", x)\n";
  src += "    return v999\n}\n";
  const std::string once = printed(src);
  EXPECT_NE(once.find("    v999: Tensor[(4,), f32] = add(v998, x)\n    return v999\n"), std::string::npos)
      << once.substr(0, 400);
}

}  // namespace
}  // namespace tf::text
