import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// A plain class (no Observation) with a property to bind to.
private final class Label: RACCompatible, @unchecked Sendable {
    var text = ""

    init() {}
}

/// An owner with a lifetime, ending when it is deallocated.
private final class LifetimeOwner: @unchecked Sendable {
    let lifetime: Lifetime
    private let token: Lifetime.Token

    init() {
        (lifetime, token) = Lifetime.make()
    }
}

/// A cold signal over a subject that reports whether it is subscribed.
private final class Source<Value>: @unchecked Sendable {
    let subject = Subject<Value, Never>()
    var isSubscribed: Bool { subject.subscriberCount > 0 }
    var signal: Signal<Value, Never> {
        Signal { [subject] subscriber in subject.subscribe(subscriber) }
    }
}

@Suite("Binding (RAC(), setKeyPath:onObject:, <~)", .checksRelease)
struct BindingTests {
    @Test("property <~ signal writes every value; the binding ends when the signal completes")
    func bindIntoProperty() {
        let property = MutableProperty("z")
        let log = EventLog.of(property.signal)
        let source = Source<String>()
        let binding = property <~ source.signal
        source.subject.sendNext("a")
        source.subject.sendNext("b")
        source.subject.sendCompleted()
        #expect(log.events == [.next("z"), .next("a"), .next("b")])
        #expect(binding.isDisposed)
        #expect(property.value == "b")
        expectReleased(binding, "the binding the completion ended")
    }

    @Test("disposing the binding stops the writes and unsubscribes the source")
    func disposeBinding() {
        let property = MutableProperty(0)
        let source = Source<Int>()
        let binding = property <~ source.signal
        source.subject.sendNext(1)
        binding.dispose()
        source.subject.sendNext(2)
        #expect(property.value == 1)
        #expect(!source.isSubscribed)
        expectReleased(binding, "the disposed binding")
    }

    @Test("a binding does not retain the property and ends when the property is deallocated")
    func bindingEndsWithProperty() {
        let source = Source<Int>()
        weak var weakProperty: MutableProperty<Int>?
        var binding: (any Disposable)?
        do {
            let property = MutableProperty(0)
            weakProperty = property
            binding = property.bindingTarget.bind(source.signal)
            source.subject.sendNext(1)
            #expect(property.value == 1)
        }
        #expect(weakProperty == nil)
        #expect(binding?.isDisposed == true)
        #expect(!source.isSubscribed)
    }

    @Test("a target that goes away ends the binding; one already gone never subscribes the source")
    func targetEnds() {
        let source = Source<Int>()
        var owner: LifetimeOwner? = LifetimeOwner()
        let written = Locked<[Int]>([])
        let target = BindingTarget<Int>(ended: owner!.lifetime.ended) { value in
            written.withValue { $0.append(value) }
            return true
        }
        let binding = target <~ source.signal
        source.subject.sendNext(1)
        owner = nil
        #expect(binding.isDisposed)
        #expect(!source.isSubscribed)
        source.subject.sendNext(2)
        #expect(written.current == [1])

        let late = target <~ source.signal
        #expect(late.isDisposed)
        #expect(!source.isSubscribed)
        expectReleased(binding, "the binding the target's end ended")
        expectReleased(late, "the binding to a target already gone")
    }

    @Test("setKeyPath writes without retaining the object; the first value after it is gone ends it")
    func setKeyPathOnPlainObject() {
        let source = Source<String>()
        weak var weakLabel: Label?
        var binding: (any Disposable)?
        do {
            let label = Label()
            weakLabel = label
            binding = source.signal.setKeyPath(\.text, on: label)
            source.subject.sendNext("a")
            #expect(label.text == "a")
        }
        #expect(weakLabel == nil)
        // A plain object cannot announce its deallocation: the next value ends the binding.
        #expect(source.isSubscribed)
        source.subject.sendNext("b")
        #expect(binding?.isDisposed == true)
        #expect(!source.isSubscribed)
    }

    @Test("object.rac[keyPath] <~ signal is RAC(object, key) = signal")
    func subscriptBinding() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let label = Label()
        let texts = MutableProperty("")
        let source = try scheduler.createColdSignal("-a-b-|")
        let labelBinding = label.rac[\.text] <~ source
        let textsBinding = texts <~ source
        scheduler.run()
        #expect(label.text == "b")
        expectReleased(labelBinding, "the label's binding")
        expectReleased(textsBinding, "the property's binding")
        try scheduler.expect(source, toHaveSubscriptions: ["^----!", "^----!"])
    }

    @Test("setKeyPath onto a property: values land at the source's frames", .timeLimit(.minutes(1)))
    func setKeyPathMarbles() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let property = MutableProperty(0)
        let source = try scheduler.createColdSignal("--a-b-c|", values: ["a": 1, "b": 2, "c": 3])
        let binding = source.setKeyPath(\.value, on: property)
        // The property's signal lasts as long as the property: end the subscription at frame 8.
        try scheduler.expect(
            property.signal, toEmit: "z-a-b-c-", values: ["z": 0, "a": 1, "b": 2, "c": 3], disposeAt: 8)
        expectReleased(binding, "the setKeyPath binding the completion ended")
    }
}
