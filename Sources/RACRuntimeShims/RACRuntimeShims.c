// The thread-local variable behind `rac_thread_state()`, the thread's name, its dispatch queue's
// label and whether it is the main thread; the rest are declarations only (see include/RACRuntimeShims.h).
#define _GNU_SOURCE
#include <pthread.h>
#include <unistd.h>
#if defined(__APPLE__)
#include <string.h>
#endif
#include "RACRuntimeShims.h"

__thread void *rac_current_thread_state = 0;

void rac_current_thread_name(char *buffer, unsigned long size) {
    if (size == 0) return;
    buffer[0] = 0;
    if (pthread_getname_np(pthread_self(), buffer, size) != 0) buffer[0] = 0;
}

// libdispatch's, declared here so that this target needs no Dispatch headers; RACCore, which
// calls it, imports Dispatch and so links libdispatch.
extern const char *dispatch_queue_get_label(void *queue);

const char *rac_current_queue_label(void) {
    const char *label = dispatch_queue_get_label(0);
    return label ? label : "";
}

_Bool rac_is_main_thread(void) {
#if defined(__APPLE__)
    return pthread_main_np() != 0;
#else
    return gettid() == getpid();
#endif
}
