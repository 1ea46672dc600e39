// Signals made from Swift concurrency: from an async operation and from an `AsyncSequence`.

extension Signal {
    /// RAC: none (a bridge from Swift concurrency). A cold signal that runs `operation` in a new
    /// task on each subscription, sends its result and completes, or sends its error. Disposing the
    /// subscription cancels the task.
    ///
    /// ```
    /// Signal { try await fetch() }:   ----(v|)     (per subscription)
    /// ```
    ///
    /// Under a RACTesting `TestScheduler` (subscribed during its actions or its settling calls),
    /// the operation is counted as in flight until it ends, except while it sleeps on a
    /// `TestClock`, and its result is handed back to the scheduler at the virtual time it ends, so
    /// that `settle()` can wait for it before time moves on.
    ///
    /// - Parameter operation: the work to run, once per subscription; its result is the signal's one
    ///   value and its thrown error the signal's error.
    public convenience init(_ operation: @escaping @Sendable () async throws(Failure) -> Value) {
        self.init(name: SignalDebugNames.name("+async operation")) { subscriber in
            let item = AsyncWork.currentGroup?.begin("Signal { async operation } (\(Value.self))")
            let task = Task {
                await AsyncWork.$currentItem.withValue(item) {
                    let result: Result<Value, Failure>
                    do throws(Failure) {
                        result = .success(try await operation())
                    } catch {
                        result = .failure(error)
                    }
                    let send = {
                        switch result {
                        case .success(let value):
                            subscriber.sendNext(value)
                            subscriber.sendCompleted()
                        case .failure(let error):
                            subscriber.sendError(error)
                        }
                    }
                    if let item { item.finish(handing: send) } else { send() }
                }
            }
            return ActionDisposable { task.cancel() }
        }
    }

    /// RAC: none (a bridge from Swift concurrency). A cold signal that iterates `sequence` in a new
    /// task on each subscription, sending each element, then completing, or failing with the error
    /// the sequence throws (typed: the signal's `Failure` is the sequence's).
    ///
    /// Disposing cancels the task. The element of a `next()` already under way when the
    /// subscription is disposed is dropped, and the iterator is not asked for another one, even if
    /// it ignores cancellation (the task checks for it before each `next()`; a `next()` it was
    /// starting on another thread at that very moment still runs, in a cancelled task).
    ///
    /// ```
    /// Signal(asyncSequence):   -a-b-c-|
    /// sequence throws e:       -a-b-#        (the error e, typed)
    /// disposed after a:        -a-           (task cancelled; no further next())
    /// ```
    ///
    /// - Parameter sequence: the sequence to iterate, from its start, once per subscription.
    public convenience init<Elements: AsyncSequence & Sendable>(_ sequence: Elements)
    where Elements.Element == Value, Elements.Failure == Failure {
        self.init(name: SignalDebugNames.name("+async sequence")) { subscriber in
            let task = Task {
                var iterator = sequence.makeAsyncIterator()
                do throws(Failure) {
                    while !Task.isCancelled, let value = try await iterator.next(isolation: nil) {
                        subscriber.sendNext(value)
                    }
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
            return ActionDisposable { task.cancel() }
        }
    }
}
