// The thread-local variable behind `rac_thread_state()`; the rest are declarations only (see
// include/RACRuntimeShims.h).
#include "RACRuntimeShims.h"

__thread void *rac_current_thread_state = 0;
