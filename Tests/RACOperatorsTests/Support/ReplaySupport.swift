import RACOperators
import RACTestSupport
import Testing

/// What `expectOlderValueReleased(_:)` leaves running: the source subject, the live subscription,
/// and a look at the last token sent, for the caller to end the chain its own way.
struct ReplayedTokens {
    /// The subject the two tokens were sent into.
    let subject: Subject<Token, Never>
    /// The one subscription to the replaying signal, still live.
    let subscription: any Disposable
    /// Whether the second (last) token sent is still alive.
    let isLastAlive: () -> Bool
}

/// Subscribes once to `replaying(subject)` over a fresh subject, where `replaying` keeps the last
/// value for later subscribers (`replayLazily(capacity: 1)`, `share(replay: 1)`); sends two tokens
/// one after the other, and expects the first kept for replay until the second comes, then let go
/// while the second is kept.
///
/// ```
/// let replayed = expectOlderValueReleased { $0.replayLazily(capacity: 1) }
/// replayed.subject.sendCompleted()
/// ```
func expectOlderValueReleased(
    sourceLocation: SourceLocation = #_sourceLocation,
    _ replaying: (Subject<Token, Never>) -> Signal<Token, Never>
) -> ReplayedTokens {
    let subject = Subject<Token, Never>()
    let subscription = replaying(subject).subscribe(next: { _ in })
    weak var first: Token?
    weak var second: Token?
    do {
        let token = Token()
        first = token
        subject.sendNext(token)
    }
    #expect(first != nil, "the first value was not kept for replay", sourceLocation: sourceLocation)
    do {
        let token = Token()
        second = token
        subject.sendNext(token)
    }
    #expect(first == nil, "the older value was not let go", sourceLocation: sourceLocation)
    #expect(second != nil, "the last value was not kept for replay", sourceLocation: sourceLocation)
    return ReplayedTokens(subject: subject, subscription: subscription, isLastAlive: { second != nil })
}
