import Foundation

extension RACExtension where Base: UserDefaults {
    /// The value of `key`: the current value when a subscription starts, then each new value the
    /// platform reports. `nil` stands for "absent" (or stored with another type). Never completes.
    ///
    /// RAC: the leading half of `-[NSUserDefaults rac_channelTerminalForKey:]` (RAC had no
    /// read-only form): the `NSUserDefaultsDidChangeNotification` observation mapped to
    /// `objectForKey:`, started with the current value, `distinctUntilChanged`. Each subscription
    /// observes on its own and removes its observer when disposed; a value is sent only when it
    /// differs from the one sent before, on the thread that posted the notification.
    ///
    /// What is reported, by platform:
    /// - Darwin: every change in this process (`set`, `removeObject`, domain changes) posts
    ///   `UserDefaults.didChangeNotification`, so every change is seen.
    /// - Linux (swift-corelibs-foundation): only `setPersistentDomain(_:forName:)` and
    ///   `removePersistentDomain(forName:)` post the notification; `set(_:forKey:)`,
    ///   `removeObject(forKey:)`, `register(defaults:)` and volatile domains do not, and changes
    ///   made by other processes are never seen. Writes through a `channelTerminal(forKey:)` post
    ///   the notification themselves, so they are seen. After a plain `set(_:forKey:)`, post
    ///   `UserDefaults.didChangeNotification` to make the change visible (any object will do: every
    ///   post re-reads the key).
    ///
    /// ```
    /// stored 1; terminal writes 2; removePersistentDomain:
    /// values(forKey:):   1--2--nil-
    /// ```
    ///
    /// - Parameters:
    ///   - key: the defaults key.
    ///   - type: the type the key holds (inferred from context when omitted).
    public func values<Value: UserDefaultsValue>(
        forKey key: String, as type: Value.Type = Value.self
    ) -> Signal<Value?, Never> {
        let defaults: UserDefaults = base
        return Signal(name: SignalDebugNames.name("defaults.rac.values(forKey: \(key))")) { subscriber in
            DefaultsKeyObservation<Value>.start(defaults: defaults, key: key, subscriber: subscriber)
        }
    }

    /// A two-way terminal for `key`: subscribing to it receives the key's value and its changes,
    /// and values sent into it are written to the key, without being echoed back to its own
    /// subscribers.
    ///
    /// RAC: `-[NSUserDefaults rac_channelTerminalForKey:]`. See `UserDefaultsTerminal` for the
    /// semantics and for what Linux reports.
    ///
    /// ```
    /// let terminal = defaults.rac.channelTerminal(forKey: "volume", as: Int.self)
    /// terminal.subscribe(next: { print($0) })   // Optional(3), the stored value
    /// terminal.sendNext(7)                      // writes 7; this subscriber is not told
    /// ```
    ///
    /// - Parameters:
    ///   - key: the defaults key.
    ///   - type: the type the key holds (inferred from context when omitted).
    public func channelTerminal<Value: UserDefaultsValue>(
        forKey key: String, as type: Value.Type = Value.self
    ) -> UserDefaultsTerminal<Value> {
        UserDefaultsTerminal(defaults: base, key: key)
    }
}
