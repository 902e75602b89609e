// The property of the verifiers' soundness on generated programs (fuzz/gen):
//   verify-sound  a generated TIR program (two cases in three) or HIR program reads and
//                 verifies without a diagnostic; one step of a mutation that makes it invalid in
//                 a known way is rejected with a diagnostic that names exactly that rule's id.
//                 TIR: a negative cp_async_wait count, fill with a tensor value, a launch in a
//                 device function, an empty DimVar envelope, an unknown storage or dtype name.
//                 HIR: a tuple passed to an op, storage "umat" or an unknown storage or dtype name
//                 on a parameter, an empty DimVar envelope.
#pragma once

namespace tf::fuzz {

/// The body of the property (one case).
void verify_sound_case();

}  // namespace tf::fuzz
