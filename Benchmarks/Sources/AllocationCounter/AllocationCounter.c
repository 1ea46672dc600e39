// Interposes the C allocator so that the benchmarks can count heap allocations and follow the live
// heap size. The executable's definitions take precedence over glibc's for every library loaded in
// the process (the Swift runtime included); each forwards to glibc's own entry point.
#define _GNU_SOURCE
#include "AllocationCounter.h"

#include <malloc.h>
#include <stdatomic.h>
#include <stddef.h>
#include <errno.h>

#if defined(__GLIBC__)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);
extern void *__libc_memalign(size_t alignment, size_t size);

static _Atomic uint64_t allocations = 0;
static _Atomic int64_t live = 0;
static _Atomic int64_t peak = 0;

static inline void note_allocated(void *pointer) {
    if (pointer == NULL) return;
    atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    int64_t size = (int64_t)malloc_usable_size(pointer);
    int64_t now = atomic_fetch_add_explicit(&live, size, memory_order_relaxed) + size;
    int64_t high = atomic_load_explicit(&peak, memory_order_relaxed);
    while (now > high &&
           !atomic_compare_exchange_weak_explicit(&peak, &high, now, memory_order_relaxed, memory_order_relaxed)) {
    }
}

static inline void note_freed(void *pointer) {
    if (pointer == NULL) return;
    atomic_fetch_sub_explicit(&live, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
}

void *malloc(size_t size) {
    void *pointer = __libc_malloc(size);
    note_allocated(pointer);
    return pointer;
}

void *calloc(size_t count, size_t size) {
    void *pointer = __libc_calloc(count, size);
    note_allocated(pointer);
    return pointer;
}

void *realloc(void *old, size_t size) {
    if (old == NULL) return malloc(size);
    note_freed(old);
    void *pointer = __libc_realloc(old, size);
    if (pointer == NULL) {
        // The old block is still allocated.
        int64_t kept = (int64_t)malloc_usable_size(old);
        atomic_fetch_add_explicit(&live, kept, memory_order_relaxed);
        return NULL;
    }
    // A reallocation is not a new allocation; only the size changes.
    atomic_fetch_add_explicit(&live, (int64_t)malloc_usable_size(pointer), memory_order_relaxed);
    return pointer;
}

void free(void *pointer) {
    note_freed(pointer);
    __libc_free(pointer);
}

void *memalign(size_t alignment, size_t size) {
    void *pointer = __libc_memalign(alignment, size);
    note_allocated(pointer);
    return pointer;
}

void *aligned_alloc(size_t alignment, size_t size) {
    return memalign(alignment, size);
}

int posix_memalign(void **result, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    void *pointer = memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *result = pointer;
    return 0;
}

uint64_t rac_allocation_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }
int64_t rac_live_bytes(void) { return atomic_load_explicit(&live, memory_order_relaxed); }
int64_t rac_peak_live_bytes(void) { return atomic_load_explicit(&peak, memory_order_relaxed); }
void rac_reset_peak_live_bytes(void) {
    atomic_store_explicit(&peak, atomic_load_explicit(&live, memory_order_relaxed), memory_order_relaxed);
}

#else

uint64_t rac_allocation_count(void) { return 0; }
int64_t rac_live_bytes(void) { return 0; }
int64_t rac_peak_live_bytes(void) { return 0; }
void rac_reset_peak_live_bytes(void) {}

#endif
