import Observation
import RACFoundationBridge
import RACTestSupport
import RACTesting
import Testing

@Observable
private final class Model {
    var name = "model"
    var count = 0

    init() {}
}

@Observable
private final class View {
    var text = "view"

    init() {}
}

/// A cold signal over a subject that reports whether it is subscribed.
private final class Source<Value>: @unchecked Sendable {
    let subject = Subject<Value, Never>()
    var isSubscribed: Bool { subject.subscriberCount > 0 }
    var signal: Signal<Value, Never> {
        Signal { [subject] subscriber in subject.subscribe(subscriber) }
    }
}

@Suite("Binding to @Observable objects (RAC(), setKeyPath:onObject:)", .checksRelease)
struct ObservableBindingTests {
    @Test("setKeyPath writes every value; ends when the object is deallocated, without a value")
    func setKeyPathEndsAtDeallocation() {
        let source = Source<String>()
        weak var weakModel: Model?
        var binding: (any Disposable)?
        do {
            let model = Model()
            weakModel = model
            binding = source.signal.setKeyPath(\.name, on: model)
            source.subject.sendNext("a")
            #expect(model.name == "a")
        }
        #expect(weakModel == nil)
        #expect(binding?.isDisposed == true)
        #expect(!source.isSubscribed)
    }

    @Test("model.rac[keyPath] <~ signal binds one way; completion of the signal ends it")
    func subscriptBinding() {
        let model = Model()
        let source = Source<Int>()
        let binding = model.rac[\.count] <~ source.signal
        source.subject.sendNext(1)
        source.subject.sendNext(2)
        #expect(model.count == 2)
        source.subject.sendCompleted()
        #expect(binding.isDisposed)
        expectReleased(binding, "the binding the completion ended")
    }

    @Test("model.rac[keyPath] <~ signal does not retain the model and ends at its deallocation")
    func subscriptBindingEndsAtDeallocation() {
        let source = Source<Int>()
        weak var weakModel: Model?
        var binding: (any Disposable)?
        do {
            let model = Model()
            weakModel = model
            binding = model.rac[\.count].bind(source.signal)
            source.subject.sendNext(4)
            #expect(model.count == 4)
        }
        #expect(weakModel == nil)
        #expect(binding?.isDisposed == true)
        #expect(!source.isSubscribed)
    }

    @Test("binding to an object's key path from marbles, observed through RACObserve")
    func marbles() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let model = Model()
        let counts = try scheduler.createColdSignal("--a-b|", values: ["a": 1, "b": 2])
        let binding = model.rac[\.count] <~ counts
        // The observation lasts as long as the model: end it at frame 6.
        try scheduler.expect(
            model.rac.observe(\.count), toEmit: "z-a-b-", values: ["z": 0, "a": 1, "b": 2], disposeAt: 6)
        try scheduler.expect(counts, toHaveSubscriptions: ["^----!"])
        expectReleased(binding, "the binding the completion ended")
    }
}

@Suite("Key-path channel terminals of @Observable objects (RACChannelTo)", .checksRelease)
struct ObservableChannelTests {
    @Test(
        "subscribing sends the current value at once, then changes made elsewhere (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func currentValueFirst() {
        let model = Model()
        let terminal = model.rac.channelTerminal(\.name)
        let log = EventLog<String, Never>()
        terminal.subscribe(log.subscriber())
        model.name = "b"
        #expect(log.events == [.next("model"), .next("b")])
    }

    @Test(
        "a value sent into the terminal sets the property and is not echoed back (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func noEcho() {
        let model = Model()
        let terminal = model.rac.channelTerminal(\.name)
        let terminalLog = EventLog<String, Never>()
        let observeLog = EventLog<String, Never>()
        terminal.subscribe(terminalLog.subscriber())
        model.rac.observe(\.name).subscribe(observeLog.subscriber())
        terminal.sendNext("five")
        #expect(model.name == "five")
        #expect(terminalLog.values == ["model"])
        #expect(observeLog.values == ["model", "five"])
        model.name = "six"
        #expect(terminalLog.values == ["model", "six"])
    }

    @Test(
        "the terminal completes when the object is deallocated, and does not retain it (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func completesOnDeallocation() {
        let log = EventLog<String, Never>()
        weak var weakModel: Model?
        var terminal: ChannelTerminal<String>?
        do {
            let model = Model()
            weakModel = model
            terminal = model.rac.channelTerminal(\.name)
            terminal?.subscribe(log.subscriber())
        }
        #expect(weakModel == nil)
        #expect(log.events == [.next("model"), .completed])
        // A subscriber arriving later completes at once.
        let late = EventLog<String, Never>()
        terminal?.subscribe(late.subscriber())
        #expect(late.events == [.next("model"), .completed])
    }

    @Test(
        "completing the terminal ends its observation and its writes (RACKVOChannel.m -initWithTarget:keyPath:nilValue:)"
    )
    func completionEndsChannel() {
        let model = Model()
        let terminal = model.rac.channelTerminal(\.name)
        let log = EventLog<String, Never>()
        terminal.subscribe(log.subscriber())
        terminal.sendCompleted()
        model.name = "b"
        terminal.sendNext("c")
        #expect(log.events == [.next("model"), .completed])
        #expect(model.name == "b")
    }

    @Test("view <~> model: the model's value wins, changes flow both ways, nothing loops")
    func twoWayBinding() {
        let model = Model()
        let view = View()
        let binding = expectTwoWayBindingFlows(
            view: view, \.text, changes: view.rac.observe(\.text),
            model: model, \.name, changes: model.rac.observe(\.name)
        ) { view.rac.channelTerminal(\.text) <~> model.rac.channelTerminal(\.name) }
        binding.dispose()
        view.text = "v2"
        #expect(model.name == "v1")
    }

    @Test("a two-way binding to a MutableProperty: the property leads, the object follows")
    func bindingToProperty() {
        let view = View()
        let name = MutableProperty("property")
        let binding = view.rac.channelTerminal(\.text) <~> name.channelTerminal
        #expect(view.text == "property")
        view.text = "typed"
        #expect(name.value == "typed")
        name.value = "reset"
        #expect(view.text == "reset")
        binding.dispose()
        expectReleased(binding, "the disposed two-way binding")
        expectReleased(view, "the view")
        expectReleased(name, "the property")
    }

    @Test("the binding ends with the object; the other side is left alone")
    func bindingEndsWithObject() {
        let model = Model()
        weak var weakView: View?
        do {
            let view = View()
            weakView = view
            view.rac.channelTerminal(\.text) <~> model.rac.channelTerminal(\.name)
            #expect(view.text == "model")
        }
        #expect(weakView == nil)
        model.name = "after"
        #expect(model.name == "after")
    }
}

/// A class that is `RACCompatible` through its superclass and `@Observable` itself.
private class Widget: RACCompatible {
    init() {}
}

@Observable
private final class Slider: Widget {
    var position = 0

    override init() {}
}

@Suite("The .rac namespace of @Observable objects", .checksRelease)
struct ObservableNamespaceTests {
    @Test("an inherited RACCompatible conformance and Observation's rac agree")
    func inheritedConformance() {
        let slider = Slider()
        let log = EventLog<Int, Never>()
        slider.rac.observe(\.position).subscribe(log.subscriber())
        slider.position = 3
        #expect(log.values == [0, 3])
    }
}
