#ifndef RECALL_UTIL_RELEASE_MEMORY_H_
#define RECALL_UTIL_RELEASE_MEMORY_H_

// Gives the pages of memory freed so far back to the system. glibc keeps
// freed memory for the process otherwise, and what a large import frees (a
// parse tree, a document's notes once moved) lies scattered among what is
// still in use, so the process's peak memory would include it twice.

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace recall::detail {

inline void ReleaseFreedMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace recall::detail

#endif  // RECALL_UTIL_RELEASE_MEMORY_H_
