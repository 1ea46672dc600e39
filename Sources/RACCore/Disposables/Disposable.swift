/// Something that can be cancelled: a subscription, a scheduled action, a resource.
///
/// RAC: `RACDisposable`. `dispose()` may be called any number of times from any thread; the
/// cleanup it stands for runs exactly once.
///
/// ```
/// subscription:  -a-b-c-     dispose() at x
/// delivered:     -a-b-x      (nothing after x)
/// ```
public protocol Disposable: AnyObject, Sendable {
    /// Releases the resource; the first call does the work, later calls do nothing.
    func dispose()
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}
