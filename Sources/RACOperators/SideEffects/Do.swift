// doNext, doError and doCompleted: RAC's `-doNext:`, `-doError:` and `-doCompleted:`, their
// `doAfter…` forms and their throwing forms. The plain and after forms share `SideEffectStage`.
//
// - The plain forms run their action once per subscription and event, *before* the event is
//   forwarded, on the thread that delivers the event.
// - The `doAfter…` forms run it *after* the event has been forwarded downstream (RxSwift's
//   `do(afterNext:afterError:afterCompleted:)`).
// - The throwing forms take an action that may throw the signal's `Failure` (RxSwift's
//   `do(onNext:onError:onCompleted:)` lets them throw): the signal then fails with the thrown
//   error. They are built on `tryMap(_:)`, `catch` and `concat`, so the plain forms keep their
//   stage and cost (Docs/Performance.md, "Closures that may throw"). An action that does not throw
//   picks the plain form (these are `@_disfavoredOverload`).
//
// An action formed in an actor-isolated context (`isolation`, the caller's `#isolation`) checks
// first that it runs on that actor, and stops the process with a message naming the operator's
// call site, the actor and the thread otherwise (see `subscribe(next:error:completed:)`).

extension Signal {
    /// RAC: `-doNext:`. Runs `action(value)` for each value, then forwards the value.
    ///
    /// ```
    /// self:               -a-b-|
    /// doNext(record):     -a-b-|     (record(a), record(b) run just before a and b are sent)
    /// ```
    ///
    /// Logging each save on its way to the subscriber:
    ///
    /// ```swift
    /// let saves = Subject<String, Never>()
    /// let logged = saves.doNext { print("saving", $0) }
    /// let subscription = logged.subscribe(next: { print("saved", $0) })
    /// saves.sendNext("notes.txt")    // saving notes.txt, then saved notes.txt
    /// subscription.dispose()
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with each value, before it is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doNext(
        _ action: @escaping (Value) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doNext(_:)", isolation, file, line, SideEffects(next: action))
    }

    /// RAC: `-doError:`. Runs `action(error)` when the signal fails, then forwards the error.
    ///
    /// ```
    /// self:              -a-#
    /// doError(report):   -a-#       (report(e) runs just before # is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with the error, before it is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doError(
        _ action: @escaping (Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doError(_:)", isolation, file, line, SideEffects(error: action))
    }

    /// RAC: `-doCompleted:`. Runs `action()` when the signal completes, then forwards the
    /// completion.
    ///
    /// ```
    /// self:                -a-|
    /// doCompleted(done):   -a-|        (done() runs just before | is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs when this signal completes, before the completion is sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doCompleted(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doCompleted(_:)", isolation, file, line, SideEffects(completed: action))
    }
}

// The after forms: the action runs once the event has been forwarded.

extension Signal {
    /// RAC: none (RxSwift `do(afterNext:)`). Forwards each value, then runs `action(value)`: the
    /// action sees what the value's delivery did downstream (a subscriber's callback has run).
    /// `doNext(_:)` runs its action before forwarding.
    ///
    /// The calls for one value, with `doNext(before).doAfterNext(after)`: `before(v)`, the
    /// downstream's delivery of `v`, `after(v)`.
    ///
    /// ```
    /// self:                 -a-b-|
    /// doAfterNext(record):  -a-b-|     (record(a), record(b) run just after a and b are sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with each value, after it has been sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doAfterNext(
        _ action: @escaping (Value) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doAfterNext(_:)", isolation, file, line, SideEffects(next: action, after: true))
    }

    /// RAC: none (RxSwift `do(afterError:)`). Forwards the error, then runs `action(error)`. The
    /// subscription has ended when it runs; a `doDisposed(_:)` written before it (nearer the
    /// source) runs after it, as RxSwift's `onDispose` runs after `afterError`.
    ///
    /// ```
    /// self:                   -a-#
    /// doAfterError(report):   -a-#       (report(e) runs just after # is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with the error, after it has been sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doAfterError(
        _ action: @escaping (Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects("doAfterError(_:)", isolation, file, line, SideEffects(error: action, after: true))
    }

    /// RAC: none (RxSwift `do(afterCompleted:)`). Forwards the completion, then runs `action()`.
    /// The subscription has ended when it runs; a `doDisposed(_:)` written before it (nearer the
    /// source) runs after it, as RxSwift's `onDispose` runs after `afterCompleted`.
    ///
    /// ```
    /// self:                     -a-|
    /// doAfterCompleted(done):   -a-|        (done() runs just after | is sent)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs after the completion has been sent on.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events; it completes and fails when this signal does.
    @inlinable
    public func doAfterCompleted(
        _ action: @escaping () -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        sideEffects(
            "doAfterCompleted(_:)", isolation, file, line, SideEffects(completed: action, after: true))
    }
}

// The throwing forms.

extension Signal {
    /// RAC: none (RxSwift's `do(onNext:)` with a throwing action). As `doNext(_:)`, with an `action`
    /// that may throw the signal's `Failure`: the value it throws for is not sent; the source is
    /// disposed, then the error is sent.
    ///
    /// ```
    /// self:                                -a-b-c-|
    /// doNext { $0 == b ? throw e : log($0) }: -a-#
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with each value, before it is sent on; an error it throws fails the result.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same events until `action` throws; it then fails with the thrown
    ///   error. Otherwise it completes and fails when this signal does.
    @inlinable @_disfavoredOverload
    public func doNext(
        _ action: @escaping (Value) throws(Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        let site = callSite("doNext(_:)", isolation, file, line)
        return tryMap { (value) throws(Failure) -> Value in
            site?.check("action")
            try action(value)
            return value
        }
    }

    /// RAC: none (RxSwift's `do(onError:)` with a throwing action). As `doError(_:)`, with an
    /// `action` that may throw the signal's `Failure`: the thrown error is sent in place of the
    /// signal's own.
    ///
    /// ```
    /// self:                          -a-#            (# = e1)
    /// doError { _ in throw e2 }:     -a-#            (# = e2)
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs with the error, before an error is sent on; what it throws replaces it.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same values; it completes when this signal does, and fails with
    ///   the error `action` throws, or this signal's own.
    @inlinable @_disfavoredOverload
    public func doError(
        _ action: @escaping (Failure) throws(Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        let site = callSite("doError(_:)", isolation, file, line)
        return self.catch { (error) -> Signal<Value, Failure> in
            site?.check("action")
            do throws(Failure) {
                try action(error)
            } catch {
                return Signal(error: error)
            }
            return Signal(error: error)
        }
    }

    /// RAC: none (RxSwift's `do(onCompleted:)` with a throwing action). As `doCompleted(_:)`, with
    /// an `action` that may throw the signal's `Failure`: the signal then fails with that error in
    /// place of completing.
    ///
    /// ```
    /// self:                          -a-|
    /// doCompleted { throw e }:       -a-#
    /// ```
    ///
    /// - Parameters:
    ///   - action: runs when this signal completes; an error it throws fails the result instead.
    ///   - isolation: the caller's isolation (`#isolation`); leave it out.
    ///   - file: the caller's file, for the isolation check's message; leave it out.
    ///   - line: the caller's line, for the isolation check's message; leave it out.
    /// - Returns: a signal of the same values; it completes when this signal does and `action`
    ///   does not throw, and fails with this signal's error or the one `action` throws.
    @inlinable @_disfavoredOverload
    public func doCompleted(
        _ action: @escaping () throws(Failure) -> Void,
        isolation: (any Actor)? = #isolation, file: StaticString = #fileID, line: UInt = #line
    ) -> Signal<Value, Failure> {
        let site = callSite("doCompleted(_:)", isolation, file, line)
        return concat(
            Signal.defer {
                site?.check("action")
                do throws(Failure) {
                    try action()
                } catch {
                    return Signal(error: error)
                }
                return .empty
            })
    }
}
