// The forms of doNext, doError and doCompleted whose action may throw the signal's `Failure`
// (RxSwift's `do(onNext:onError:onCompleted:)` lets them throw): the signal then fails with the
// thrown error. Built on `tryMap(_:)`, `catch` and `concat`: the plain forms keep their stage and
// cost (Docs/Performance.md, "Closures that may throw"). An action that does not throw picks the
// plain form (these are `@_disfavoredOverload`). As the plain forms, an action formed on an actor
// checks first that it runs there (see `subscribe(next:error:completed:)`).

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
