// `valuesStartingNow`: a signal's values as an `AsyncSequence` whose subscription starts when it
// is made, for hot signals.

/// The values of a signal as an `AsyncSequence`, subscribed when it was made
/// (`valuesStartingNow(bufferingPolicy:statistics:)`): what the signal sends before the consumer's
/// first `next()` waits in its buffer, as its `BufferingPolicy` says. RAC: none.
///
/// It is one subscription with one consumer, as Swift's `AsyncStream`: its iterators share the
/// subscription and its buffer (each value goes to one `next()`), and two `next()` calls waiting
/// at once stop the process with a message. Iteration ends when the signal completes, throws its
/// error. The subscription is disposed when the task iterating is cancelled, when the iteration
/// ends, or when the sequence and its iterators are released without iterating to the end.
///
/// ```
/// subject:             -1-2---3-|
/// valuesStartingNow:   ^            (made at frame 0, first next() at frame 4)
/// received:            1 2 3, then the loop ends
/// ```
public struct StartedSignalValues<Value, Failure: Error>: AsyncSequence, Sendable {
    /// The element type: the signal's values.
    public typealias Element = Value

    let buffer: AsyncEventBuffer<Value, Failure>

    /// An iterator on the subscription made with the sequence.
    ///
    /// - Returns: an iterator sharing the sequence's subscription and buffer.
    public func makeAsyncIterator() -> SignalValues<Value, Failure>.Iterator {
        SignalValues<Value, Failure>.Iterator(buffer: buffer)
    }
}

extension Signal {
    /// RAC: none (a bridge to Swift concurrency, subscribing as Swift's `AsyncStream` buffers: at
    /// once). The signal's values as an `AsyncSequence`, subscribed now rather than at the first
    /// `next()`: the values a hot signal (a `Subject`) sends before the consuming task first asks
    /// wait in the buffer, kept as `bufferingPolicy` says (all of them by default), and are
    /// received in full. Use it for a subject; `values` is for cold signals, which start when
    /// asked. `statistics`, if given, counts the dropped values and the most that waited.
    ///
    /// ```
    /// subject:                         -1-2---3-|
    /// subject.valuesStartingNow() at:  ^          first next() at frame 4: 1 2 3, then the end
    /// subject.values:                             first next() at frame 4: 3, then the end
    /// ```
    ///
    /// - Parameters:
    ///   - bufferingPolicy: what to keep of the values sent before or while the consumer is busy
    ///     (all of them by default).
    ///   - statistics: counts the dropped values and the most that waited; `nil` to not count.
    /// - Returns: an `AsyncSequence` of the signal's values, already subscribed; the iteration ends
    ///   when the signal completes and throws the signal's error (or the policy's).
    public func valuesStartingNow(
        bufferingPolicy: BufferingPolicy<Failure> = .unbounded, statistics: HandOffStatistics? = nil
    ) -> StartedSignalValues<Value, Failure> {
        let buffer = AsyncEventBuffer(
            signal: self, policy: bufferingPolicy, statistics: statistics,
            call: "valuesStartingNow(bufferingPolicy:statistics:)")
        buffer.startIfNeeded()
        return StartedSignalValues(buffer: buffer)
    }
}
