import Foundation

extension RACExtension where Base: NotificationCenter {
    /// The notifications posted to this center that match `name` and `object`, one value per
    /// notification, delivered on the posting thread before `post` returns.
    ///
    /// RAC: `-[NSNotificationCenter rac_addObserverForName:object:]`. Each subscription adds its
    /// own observer (`addObserver(forName:object:queue:using:)` with no queue) and removes it when
    /// disposed, so the signal is cold in form but hot in effect: a subscriber sees only the
    /// notifications posted while it is subscribed. It never completes or fails on its own; dispose
    /// the subscription to stop. `name == nil` matches every name and `object == nil` every sender,
    /// as in `addObserver`. Notifications posted from several threads at once are delivered one at
    /// a time (the subscriber serialises them), each on the thread that posted it.
    ///
    /// The signal holds `object` weakly (RAC held it unretained): if it has been deallocated when a
    /// subscription starts, that subscription receives nothing. Linux: while a subscription is
    /// active, swift-corelibs-foundation's center retains `object` (Darwin's does not); removing
    /// the observer on dispose releases it. An observer removed on one thread may still be called
    /// once by a `post` already running on another; the subscriber drops that call, so nothing is
    /// delivered after `dispose()` returns.
    ///
    /// ```
    /// posts:          -a--b--c--d-
    /// subscribe at ^   ^      x dispose
    /// notifications:   --b--c
    /// ```
    ///
    /// - Parameters:
    ///   - name: the notification name to match, or `nil` for all names.
    ///   - object: the sender to match (by identity), or `nil` for any sender.
    public func notifications(
        named name: Notification.Name?, object: AnyObject? = nil
    ) -> Signal<Notification, Never> {
        let center = base
        let matchesAnySender = object == nil
        let signalName = SignalDebugNames.name(
            "\(center).rac.notifications(named: \(name?.rawValue ?? "nil"))")
        return Signal(name: signalName) { [weak object] subscriber in
            let sender = object
            if !matchesAnySender && sender == nil {
                // The sender is gone: nothing can match it any more.
                return nil
            }
            let token = center.addObserver(forName: name, object: sender, queue: nil) { notification in
                subscriber.sendNext(notification)
            }
            return ActionDisposable {
                center.removeObserver(token)
            }
        }
    }
}
