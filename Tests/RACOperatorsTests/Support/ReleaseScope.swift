import Testing

/// The objects a release test watches, held weakly: each one is expected released once the scope
/// that made them has ended (see `expectScopeReleased(_:)`).
final class ReleaseScope {
    /// What each watched object is called in a failure, and whether it is still alive.
    fileprivate private(set) var watched: [(what: String, isAlive: () -> Bool)] = []

    /// Watches `object` weakly and returns it, so that a test makes and watches in one line.
    ///
    /// ```
    /// let subject = scope.watch(Subject<Int, Never>(), "the subject")
    /// ```
    @discardableResult
    func watch<Object: AnyObject>(_ object: Object, _ what: String) -> Object {
        watched.append((what, { [weak object] in object != nil }))
        return object
    }
}

/// Runs `body` with a `ReleaseScope`, then expects every object `body` watched to be released
/// once it has returned: the chain it built, ended, let go of its inputs, its closures and what
/// they capture.
///
/// ```
/// expectScopeReleased { scope in
///     let subject = scope.watch(Subject<Int, Never>(), "the subject")
///     let token = scope.watch(Token(), "the token the closures capture")
///     EventLog.of(subject.map { value in withExtendedLifetime(token) { value } }).dispose()
/// }
/// ```
func expectScopeReleased(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (ReleaseScope) throws -> Void
) rethrows {
    let scope = ReleaseScope()
    try body(scope)
    for (what, isAlive) in scope.watched {
        #expect(!isAlive(), "\(what) was not released once its scope ended", sourceLocation: sourceLocation)
    }
}
