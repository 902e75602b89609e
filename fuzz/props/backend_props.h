// The properties of the CUDA backend against the TIR machine model (the oracle):
//   tir-vs-emu  the lowering of a generated program of the lowerable subset (half the cases;
//               with a sharded epilogue half of those), a generated race-free kernel (3 in 8)
//               or a bf16 matmul tile (M, N in {64, 128}, K in {32 .. 128}) lowered by the MMA
//               rule (1 in 8, its oracle summing the atom exactly as the emulation does), run
//               by the machine model and as emitted CUDA under the host emulation,
//               gives the same bits (NaN as one class); what the emitter does not emit yet is
//               counted, not failed
//   tir-vs-gpu  the same with the emitted CUDA compiled by nvcc and run on a GPU; unavailable
//               without a device
//   hir-vs-emu  a generated program of the lowerable subset (half with a sharded epilogue),
//               evaluated by the HIR evaluator and lowered, emitted and run under the host
//               emulation: the same bits, with no machine model between them (its reproducer
//               holds the HIR's bits as `expect output` lines at level cuda-emu)
//   hir-vs-gpu  the same on a GPU; unavailable without a device
// Each case compiles its kernel (about half a second with the emulation's precompiled header),
// so these properties cost about a hundred cheap cases each (Property::cost).
#pragma once

namespace tf::fuzz {

/// The bodies of the four properties (one case each).
void tir_vs_emu_case();
void tir_vs_gpu_case();
void hir_vs_emu_case();
void hir_vs_gpu_case();

/// The property's case on one kind of input: a race-free kernel / a lowered program / an MMA
/// tile.
void tir_vs_backend_kernel_case(bool gpu);
void tir_vs_backend_lowered_case(bool gpu);
void tir_vs_backend_mma_case(bool gpu);
/// hir-vs-emu's (gpu false) or hir-vs-gpu's case.
void hir_vs_backend_case(bool gpu);

}  // namespace tf::fuzz
