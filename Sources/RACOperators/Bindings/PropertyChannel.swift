// MutableProperty.channelTerminal: a two-way channel terminal for a property.

extension MutableProperty {
    /// A new two-way terminal for the property. RAC: `RACChannelTo(object, property)`.
    ///
    /// It behaves as the terminal of ReactiveObjC's KVO channel
    /// (`RACKVOChannel.m -initWithTarget:keyPath:nilValue:`):
    ///
    /// - Subscribing sends the current value at once, then every change made by anything else.
    /// - `sendNext(x)` sets the property to `x`; the terminal's own subscribers do not receive `x`
    ///   back, every other subscriber of the property does.
    /// - The terminal completes when the property is deallocated. `sendCompleted()` ends the
    ///   channel and stops its observation of the property.
    ///
    /// Each access makes a new channel (as each `RACChannelTo` did). Its observation lasts as long
    /// as the property or until the channel completes, like RAC's KVO channel, which lasted until
    /// its target deallocated; complete a terminal you no longer need on a long-lived property.
    /// As in RAC, a subscriber that arrives after a write through *this* terminal is sent the
    /// value the channel last passed on, not that write.
    ///
    /// ```
    /// viewTerminal <~> model.name.channelTerminal    // view shows the model's name, then both follow
    /// model.name:      a----b-------
    /// view writes c:   -------c-----
    /// terminal subs:   a----b-------   (c is not echoed)
    /// model.name.value after c:  c
    /// ```
    public var channelTerminal: ChannelTerminal<Value> {
        let channel = Channel<Value>()
        let leading = channel.leadingTerminal
        let core = self.core
        let writer = ChannelWriterTag()
        let tag = ObjectIdentifier(writer)
        // property -> channel: every change not written by this channel.
        let observation = Subscriber<PropertyChange<Value>, Never> { event in
            switch event {
            case .next(let change):
                if change.origin != tag { leading.sendNext(change.value) }
            case .error(let never):
                switch never {}
            case .completed:
                leading.sendCompleted()
            }
        }
        // channel -> property: what the other side sends; completion ends the observation.
        let writes = Subscriber<Value, Never> { [writer] event in
            switch event {
            case .next(let value):
                withExtendedLifetime(writer) { core.set(value, origin: tag) }
            case .error(let never):
                switch never {}
            case .completed:
                observation.dispose()
            }
        }
        leading.subscribe(writes)
        core.subscribe(observation)
        return channel.followingTerminal
    }
}

/// Identifies the writes of one channel, so its observation can recognise and skip them.
final class ChannelWriterTag: Sendable {}
