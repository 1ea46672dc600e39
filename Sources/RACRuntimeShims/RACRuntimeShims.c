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

// Whether this thread is the main thread: 0 not yet known, 1 yes, -1 no. Asked once per thread
// (a system call on Linux), then a load.
static __thread signed char rac_main_thread_known = 0;

_Bool rac_is_main_thread(void) {
    if (rac_main_thread_known == 0) {
#if defined(__APPLE__)
        rac_main_thread_known = pthread_main_np() != 0 ? 1 : -1;
#else
        rac_main_thread_known = gettid() == getpid() ? 1 : -1;
#endif
    }
    return rac_main_thread_known > 0;
}

// libdispatch's main queue and the queue running the calling code (deprecated in the headers for
// its misuse as a lock, still exported; compared here only).
struct dispatch_queue_s;
extern struct dispatch_queue_s _dispatch_main_q;
extern void *dispatch_get_current_queue(void);

_Bool rac_is_running_main_queue(void) {
    return dispatch_get_current_queue() == (void *)&_dispatch_main_q;
}
