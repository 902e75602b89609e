// Keeping freed memory in the process for the next evaluation.
//
// An evaluation allocates device-sized buffers (a 1M-element kernel: three 4 MB tensors, their
// init bits, the outputs) and frees them at its end. glibc returns blocks that large to the OS
// (mmap above 128 KB, heap trimming above 128 KB free), so the next evaluation page-faults every
// buffer in again: a fifth of a short kernel's time. A process that evaluates many programs (tf
// conform, the campaigns, the benchmarks) raises both thresholds once at startup.
#pragma once

namespace tf::eval {

/// Asks the C allocator to serve blocks up to 32 MB from its heap and keep up to 512 MB of freed
/// heap for reuse (glibc mallopt; elsewhere nothing). Idempotent; call before evaluating.
void keep_freed_memory_for_reuse();

}  // namespace tf::eval
