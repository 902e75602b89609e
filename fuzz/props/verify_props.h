// The property of the verifiers' soundness on generated programs (fuzz/gen):
//   verify-sound  a generated TIR program reads and verifies without a diagnostic; one step of
//                 a mutation that makes it invalid in a known way (a negative cp_async_wait
//                 count, fill with a tensor value, a launch in a device function, an empty DimVar
//                 envelope, an unknown storage or dtype name) is rejected with a diagnostic that
//                 names exactly that rule's id; a quarter of the cases check a generated HIR
//                 program verifies, unmutated
#pragma once

namespace tf::fuzz {

/// The body of the property (one case).
void verify_sound_case();

}  // namespace tf::fuzz
