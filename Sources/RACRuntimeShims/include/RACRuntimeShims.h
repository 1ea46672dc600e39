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

#endif
