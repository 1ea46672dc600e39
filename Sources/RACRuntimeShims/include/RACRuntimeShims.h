#ifndef RAC_RUNTIME_SHIMS_H
#define RAC_RUNTIME_SHIMS_H

// The Swift runtime's unowned reference counting, as RACCore's `UnownedDisposable` uses it: the
// entry points behind Swift's own `unowned` references, exported by libswiftCore on every
// platform (C calling convention). Declared in C because Swift code may not name runtime symbols
// (`@_silgen_name` of a `swift_` symbol is diagnosed, and is to become an error).

/// Adds an unowned reference to `object`; returns `object`.
void *_Nonnull swift_unownedRetain(void *_Nonnull object);

/// Removes an unowned reference from `object`, freeing its memory if it was the last reference
/// and the object has been destroyed.
void swift_unownedRelease(void *_Nonnull object);

/// Adds a strong reference to `object` and returns it, unless its strong count has reached zero
/// (its `deinit` has started or finished): then returns NULL and changes nothing.
void *_Nullable swift_tryRetain(void *_Nonnull object);

// The calling thread's `ThreadState` (RACCore/Trampolines/ThreadState.swift), NULL until the
// thread first uses one and again once its thread-specific destructor has freed it. A C
// thread-local variable: reading it is a load from the thread's TLS block, where
// `pthread_getspecific` is a call, and every subscription, forward and teardown reads it. Swift
// does not import thread-local variables, hence the two accessors.
extern __thread void *_Nullable rac_current_thread_state;

/// The calling thread's `ThreadState`, or NULL.
static inline void *_Nullable rac_thread_state(void) {
    return rac_current_thread_state;
}

/// Sets the calling thread's `ThreadState` (NULL once freed).
static inline void rac_set_thread_state(void *_Nullable state) {
    rac_current_thread_state = state;
}

// Whether the calling context runs on an executor, without stopping the process when it does
// not (RACCore/Support/CallerIsolation.swift). libswift_Concurrency's entry point behind
// `Actor.preconditionIsolated` and `assumeIsolated`, which are the only public ways to ask and stop
// the process themselves, with the runtime's message rather than one naming the callback.
// `identity` and `implementation` are the two words of the executor (`UnownedSerialExecutor`);
// `flags` 0 asks without asserting (the runtime's `swift_task_is_current_executor_flag::None`).
// Swift calling convention, as the runtime declares it.
__attribute__((swiftcall)) _Bool swift_task_isCurrentExecutorWithFlags(
    const void *_Nullable identity, unsigned long implementation, unsigned long long flags);

/// Copies the calling thread's name into `buffer` (`pthread_getname_np`, which Glibc's module does
/// not import), NUL-terminated; an empty string if it has none. For messages only.
void rac_current_thread_name(char *_Nonnull buffer, unsigned long size);

/// The label of the dispatch queue running the calling code (libdispatch's
/// `dispatch_queue_get_label(DISPATCH_CURRENT_QUEUE_LABEL)`), an empty string outside any queue.
/// For messages only.
const char *_Nonnull rac_current_queue_label(void);

/// Whether the calling thread is the process's main thread (known after the thread's first call:
/// a load). The isolation check's fast path for the main actor.
_Bool rac_is_main_thread(void);

/// Whether the calling code is a block of the main queue itself (not of a queue that targets it),
/// whichever thread drains it: a load and a compare. The isolation check's second fast path for
/// the main actor (Linux drains the main queue on a worker thread after `dispatchMain()`).
_Bool rac_is_running_main_queue(void);

#endif
