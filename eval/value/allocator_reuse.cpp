#include "eval/value/allocator_reuse.h"

#include <cstdlib>  // defines __GLIBC__ on glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tf::eval {

void keep_freed_memory_for_reuse() {
#if defined(__GLIBC__)
  mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's largest accepted value on 64-bit targets
  mallopt(M_TRIM_THRESHOLD, 512 << 20);
#endif
}

}  // namespace tf::eval
