// The property of the numerics against the CUDA headers (needs them; unavailable otherwise):
//   casts-vs-cuda  an f32 input with the values where conversions go wrong weighted in
//                  (fuzz/gen/cast_input_gen.h), converted by tf::numerics (encode_f32, and
//                  encode_f64 of the same value) and by the CUDA 13 headers' host function for
//                  one of their (target, rounding, saturation) calls: the same code, NaN as one
//                  class. The reproducer is a HIR cast of that one value at level hir, expecting
//                  the header's code (f4e2m1, which HIR does not cast, has none).
#pragma once

namespace tf::fuzz {

/// The body of the property (one case).
void casts_vs_cuda_case();

}  // namespace tf::fuzz
