// RxSwift's and Combine's names for the reconnecting share of a connection made with
// multicast(makeSubject:): both are autoconnectReconnecting() here.

extension ReconnectableMulticastConnection {
    /// RAC: none (RxSwift `refCount()`); unavailable, renamed to `autoconnectReconnecting()`.
    ///
    /// ```
    /// signal.multicast { Subject() }.refCount()   →   .autoconnectReconnecting()
    /// ```
    @available(*, unavailable, renamed: "autoconnectReconnecting()")
    public func refCount() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }

    /// RAC: `-autoconnect` is one-shot (Combine `autoconnect()` reconnects); unavailable here:
    /// `autoconnectReconnecting()` reconnects, as Combine's does, and RAC's one-shot
    /// `autoconnect()` is `MulticastConnection`'s.
    ///
    /// ```
    /// signal.multicast { Subject() }.autoconnect()   →   .autoconnectReconnecting()
    /// ```
    @available(
        *, unavailable,
        message: """
            use autoconnectReconnecting(), which connects again for the next subscriber (RAC's one-shot \
            autoconnect() is MulticastConnection's: publish().autoconnect())
            """
    )
    public func autoconnect() -> Signal<Value, Failure> {
        fatalError("unavailable")
    }
}
