import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("MutableProperty.channelTerminal (RACChannelTo)", .checksRelease)
struct PropertyChannelTests {
    @Test(
        "subscribing sends the current value, then changes made elsewhere (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func currentValueFirst() {
        let property = MutableProperty(1)
        let terminal = property.channelTerminal
        let log = EventLog.of(terminal)
        property.value = 2
        #expect(log.events == [.next(1), .next(2)])
    }

    @Test(
        "a value sent into the terminal sets the property and is not echoed back (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func noEcho() {
        let property = MutableProperty(1)
        let terminal = property.channelTerminal
        let terminalLog = EventLog.of(terminal)
        let propertyLog = EventLog.of(property.signal)
        terminal.sendNext(5)
        #expect(property.value == 5)
        #expect(terminalLog.events == [.next(1)])
        #expect(propertyLog.events == [.next(1), .next(5)])
        // Another terminal of the same property does hear it.
        let other = property.channelTerminal
        let otherLog = EventLog.of(other)
        terminal.sendNext(6)
        #expect(otherLog.values == [5, 6])
        #expect(terminalLog.values == [1])
    }

    @Test("a write a subscriber makes in reaction to the terminal's write is passed on")
    func reactionToOwnWriteIsForwarded() {
        expectScopeReleased { scope in
            let property = scope.watch(MutableProperty(0), "the property")
            let reaction = property.signal.subscribe(next: { value in
                if value == 5 { property.value = 6 }
            })
            let terminal = property.channelTerminal
            let log = scope.watch(EventLog.of(terminal), "the terminal's log")
            terminal.sendNext(5)
            #expect(property.value == 6)
            #expect(log.values == [0, 6])
            // The reaction captures the property: disposing it lets the property go, which
            // completes the terminal.
            reaction.dispose()
        }
    }

    @Test(
        "the terminal completes when the property is deallocated and does not retain it (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func completesWithProperty() {
        weak var weakProperty: MutableProperty<Int>?
        let terminal: ChannelTerminal<Int>
        let live = EventLog<Int, Never>()
        do {
            let property = MutableProperty(1)
            weakProperty = property
            terminal = property.channelTerminal
            live.record(terminal)
            property.value = 2
        }
        #expect(weakProperty == nil)
        #expect(live.events == [.next(1), .next(2), .completed])
        // The following side replays the last value it was sent, then the completion.
        #expect(EventLog.of(terminal).events == [.next(2), .completed])
    }

    @Test(
        "completing the terminal ends the observation of the property (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func completionEndsObservation() {
        let property = MutableProperty(1)
        let terminal = property.channelTerminal
        let log = EventLog.of(terminal)
        terminal.sendCompleted()
        property.value = 2
        terminal.sendNext(3)
        #expect(log.events == [.next(1), .completed])
        #expect(property.value == 2)
    }

    @Test("view <~> model: the model's value wins, changes flow both ways, nothing loops")
    func twoWayBinding() {
        let model = MutableProperty("model")
        let view = MutableProperty("view")
        let binding = expectTwoWayBindingFlows(
            view: view, \.value, changes: view.signal, model: model, \.value, changes: model.signal
        ) { view.channelTerminal <~> model.channelTerminal }
        binding.dispose()
        view.value = "v2"
        model.value = "m2"
        #expect(view.value == "v2")
        #expect(model.value == "m2")
        expectReleased(binding, "the disposed two-way binding")
    }

    @Test("two-way binding with a marble-driven model: the view follows at the model's frames")
    func twoWayMarbles() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let model = MutableProperty(0)
        let view = MutableProperty(-1)
        let twoWay = view.channelTerminal <~> model.channelTerminal
        let feed = model <~ (try scheduler.createColdSignal("-a-b|", values: ["a": 1, "b": 2]))
        try scheduler.expect(view.signal, toEmit: "za-b-", values: ["z": 0, "a": 1, "b": 2], disposeAt: 5)
        twoWay.dispose()
        expectReleased(twoWay, "the disposed two-way binding")
        expectReleased(feed, "the model's binding the completion ended")
    }

    @Test("the two-way binding ends when either property is deallocated")
    func bindingEndsWithEitherSide() {
        let model = MutableProperty(1)
        var view: MutableProperty<Int>? = MutableProperty(0)
        weak let weakView = view
        let binding = view!.channelTerminal <~> model.channelTerminal
        #expect(view?.value == 1)
        view = nil
        #expect(weakView == nil)
        model.value = 2
        #expect(model.value == 2)
        expectReleased(binding, "the two-way binding the view's deallocation ended")
    }
}
