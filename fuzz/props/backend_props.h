// The properties of the CUDA backend against the TIR machine model (the oracle):
//   tir-vs-emu  a generated race-free kernel (half the cases) or the lowering of a generated
//               program of the lowerable subset (the other half; with a sharded epilogue half of
//               those), run by the machine model and as emitted CUDA under the host emulation,
//               gives the same bits (NaN as one class); what the emitter does not emit yet is
//               counted, not failed
//   tir-vs-gpu  the same with the emitted CUDA compiled by nvcc and run on a GPU; unavailable
//               without a device
// Each case compiles its kernel (about half a second with the emulation's precompiled header),
// so these properties cost about a hundred cheap cases each (Property::cost).
#pragma once

namespace tf::fuzz {

/// The bodies of the two properties (one case each).
void tir_vs_emu_case();
void tir_vs_gpu_case();

/// The property's case on one kind of input: a race-free kernel / a lowered program.
void tir_vs_backend_kernel_case(bool gpu);
void tir_vs_backend_lowered_case(bool gpu);

}  // namespace tf::fuzz
