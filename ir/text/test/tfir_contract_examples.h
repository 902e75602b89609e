// Fixtures shared by the tfir tests: the example program of docs/tfir.md sections 2, 5 and 6
// (the declarations, scale_add, fib, double_rows, main), with trailing comments and aligned
// columns that the printer drops.
#pragma once

#include <string>

namespace tf::text::testing {

/// docs/tfir.md section 2: the declarations.
inline const char* const kSection2 = R"(tfir 1
dim N = DimVar("N", 1, 4097)                       # half-open [lo, hi)
mesh warp = Mesh((Topology("thread", 32),), Layout((4, 8), (1, 4)))
mesh grid = Mesh((Topology("cta", 4), Topology("thread", 128)), Layout((4, 4, 32), (128, 32, 1)), names=("c", "w", "l"))
mesh cta1 = Mesh((Topology("cta", 128),), Layout((128,), (1,)))
layout Lg = ShardLayout(layout=Layout((128, 12), (12, 1)), attrs=(S(0),), mesh=cta1)   # shared gmem engine
layout Lr = ShardLayout(layout=Layout((128, 12), (0, 1)), attrs=(S(0),), mesh=cta1)    # one register engine per CTA (D8)
atom A0 = cuda.mma.atom(op=SM80_16x8x16_F32BF16BF16F32_TN)
entry main                                         # optional; default: the last function
)";

/// docs/tfir.md sections 5 and 6: the functions.
inline const char* const kScaleAdd = R"(func scale_add(x: Tensor[(N, 8), f32], y: Tensor[(N, 8), f32]) -> Tensor[(N, 8), f32] {
    two = 2.0
    t: Tensor[(N, 8), f32] = mul(x, two)
    s: Tensor[(N, 8), f32] = add(t, y)
    return s
})";

inline const char* const kFib = R"(func fib(x: Tensor[(1,), f32]) -> Tensor[(1,), f32] {
    r = for i in range(0, 5, 1) carry (a = x, b = x) {
        c = add(a, b)
        yield (b, c)
    }
    out = tuple_get_item(r, index=1)
    return out
})";

inline const char* const kDoubleRows = R"(prim_func double_rows(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=cuda {
    with cta1 as c {
        let va = tensor_view(a, layout=Lg)
        let r = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        copy(va, r)
        let s = alloc_tensor(tensor_type=Tensor[(128, 12), f32, layout=Lr, storage=rmem])
        binary(r, r, s, kind=mul)
        let vo = tensor_view(out, layout=Lg)
        copy(s, vo)
    }
})";

inline const char* const kMain = R"(prim_func main(a: Tensor[(128, 12), f32], out: Tensor[(128, 12), f32]) outputs=1 target=host {
    launch(@double_rows, 128, 1, 1, 1, 1, 1, a, out)
})";

/// docs/tfir.md sections 2, 5 and 6 put together: a file that must read, verify and print to a
/// fixed point.
inline std::string contract_program() {
  return std::string(kSection2) + "\n" + kScaleAdd + "\n\n" + kFib + "\n\n" + kDoubleRows + "\n\n" +
         kMain + "\n";
}

/// The printer bug the 10,000-case round-trip and evaluation laws found at case 9,455 from seed
/// 20261129, shrunk: a value (v7) used inside a nested loop and after the outer loop was bound
/// inside the outer loop, so the printed text did not read. Without the `tfir 1` header.
inline const char* const kNestedLoopScopeCounterexample = R"(
func f0(p0: Tensor[(1, 1), f32], p1: Tensor[(1, 1), f32]) -> Tuple[Tensor[(1, 1), f32], Tensor[(1, 1), f32]] {
    p0_0 = add(p0, p0)
    v7 = unary(p0, kind=relu)
    v23 = for i in range(0, 1, 1) {
        v22 = for i1 in range(0, 1, 1) carry (c18 = p0_0) {
            yield v7
        }
    }
    v26 = add(v23, p0_0)
    return (v26, v7)
}
)";

}  // namespace tf::text::testing
