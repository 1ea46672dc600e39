#ifndef RAC_ALLOCATION_COUNTER_H
#define RAC_ALLOCATION_COUNTER_H

#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc of NULL, the aligned allocators) since the process began.
uint64_t rac_allocation_count(void);
/// Bytes currently allocated on the heap (as malloc_usable_size reports them).
int64_t rac_live_bytes(void);
/// The highest value rac_live_bytes reached since the last reset.
int64_t rac_peak_live_bytes(void);
/// Sets the peak to the current live bytes.
void rac_reset_peak_live_bytes(void);

#endif
