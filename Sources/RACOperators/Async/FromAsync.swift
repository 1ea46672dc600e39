// Signals made from Swift concurrency: from an async operation and from an `AsyncSequence`.

extension Signal {
    /// RAC: none (a bridge from Swift concurrency). A cold signal that runs `operation` in a new
    /// task on each subscription, sends its result and completes, or sends its error. Disposing the
    /// subscription cancels the task.
    ///
    /// ```
    /// Signal { try await fetch() }:   ----(v|)     (per subscription)
    /// ```
    public convenience init(_ operation: @escaping @Sendable () async throws(Failure) -> Value) {
        self.init(name: SignalDebugNames.name("+async operation")) { subscriber in
            let task = Task {
                do throws(Failure) {
                    let value = try await operation()
                    subscriber.sendNext(value)
                    subscriber.sendCompleted()
                } catch {
                    subscriber.sendError(error)
                }
            }
            return ActionDisposable { task.cancel() }
        }
    }

    /// RAC: none (a bridge from Swift concurrency). A cold signal that iterates `sequence` in a new
    /// task on each subscription, sending each element, then completing or sending the sequence's
    /// error. Disposing cancels the task.
    ///
    /// ```
    /// Signal(asyncSequence):   -a-b-c-|
    /// ```
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
