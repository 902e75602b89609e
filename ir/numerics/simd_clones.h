// TF_SIMD_CLONES: compile a hot loop for AVX-512 (x86-64-v4), AVX2 and the baseline target, and
// pick one at load time.
//
// Design note. The project builds for baseline x86-64 (SSE2), where g++ cannot vectorize the
// branch-free integer encoders (they need per-lane variable shifts, which arrive with AVX2).
// On gcc for x86-64 ELF with glibc, TF_SIMD_CLONES expands to
// __attribute__((target_clones("arch=x86-64-v4", "avx2", "default"))): gcc emits three versions
// of the function from the same source and a glibc ifunc resolver selects the best one the CPU
// supports. All versions compute the same integer function (no floating-point operation is
// involved), so the choice never changes a result. Elsewhere (other compilers, other
// architectures, no ifunc) the macro is empty and the plain loop is compiled once.
//
// Put it on a non-template function holding the loop; the per-element routine it calls must be
// inline so that it is compiled into each clone.
#pragma once

#include <cstddef>  // defines __GLIBC__ on glibc systems

#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__ELF__) && \
    defined(__GLIBC__)
#define TF_SIMD_CLONES __attribute__((target_clones("arch=x86-64-v4", "avx2", "default")))
#else
#define TF_SIMD_CLONES
#endif
