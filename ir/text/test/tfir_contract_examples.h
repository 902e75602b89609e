// Fixtures shared by the tfir tests: the contract's examples as ../shared/TFIR.md writes them
// (comments and alignment included).
#pragma once

namespace tf::text::testing {

/// TFIR.md section 2: the declarations.
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

}  // namespace tf::text::testing
