/// Something that can be cancelled: a subscription, a scheduled action, a resource.
///
/// RAC: `RACDisposable`. `dispose()` may be called any number of times from any thread; the
/// cleanup it stands for runs exactly once.
///
/// Peers: releasing a subscription's disposable does not end the subscription, as in RAC and
/// RxSwift; Combine's `AnyCancellable` cancels when released. A subscription runs until the
/// signal ends or `dispose()` is called: keep the disposable to end it early, in the owner's
/// `Lifetime` (`lifetime += subscription`), a `CompoundDisposable` (RxSwift's `DisposeBag`), or
/// a `ScopedDisposable`, which disposes when released, as `AnyCancellable` cancels.
///
/// ```
/// subscription:  -a-b-c-     dispose() at x
/// delivered:     -a-b-x      (nothing after x)
/// released at 0: -a-b-c-     (still delivered: releasing is not disposing)
/// ```
public protocol Disposable: AnyObject, Sendable {
    /// Releases the resource; the first call does the work, later calls do nothing.
    func dispose()
    /// Whether `dispose()` has been called.
    var isDisposed: Bool { get }
}
