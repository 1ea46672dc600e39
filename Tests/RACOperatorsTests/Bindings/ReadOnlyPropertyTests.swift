import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Property: read-only views and composition", .checksRelease)
struct ReadOnlyPropertyTests {
    @Test("a view of a MutableProperty reads and follows it, and keeps it alive")
    func view() {
        weak var weakSource: MutableProperty<Int>?
        let view: Property<Int>
        do {
            let source = MutableProperty(1)
            weakSource = source
            view = Property(source)
        }
        let log = EventLog.of(view.signal)
        #expect(weakSource != nil)
        weakSource?.value = 2
        #expect(view.value == 2)
        #expect(log.values == [1, 2])
    }

    @Test("Property(value:) never changes; its signal sends the value and completes")
    func constant() {
        let property = Property(value: "a")
        #expect(property.value == "a")
        #expect(EventLog.of(property.signal).descriptions == ["a", "|"])
        #expect(property.description == "Property(a)")
    }

    @Test("Property(initial:then:) takes each value of the signal, and keeps the last when it completes")
    func initialThen() {
        let values = Subject<String, Never>()
        let property = Property(initial: "a", then: values)
        let log = EventLog.of(property.signal)
        values.sendNext("b")
        #expect(property.value == "b")
        values.sendNext("c")
        values.sendCompleted()
        #expect(property.value == "c")
        #expect(log.descriptions == ["a", "b", "c", "|"])
        #expect(EventLog.of(property.signal).descriptions == ["c", "|"])
    }

    @Test("map computes once per change, not per read, and yields a property")
    func map() {
        let count = MutableProperty(1)
        var calls = 0
        let label = count.map { value -> String in
            calls += 1
            return "\(value) items"
        }
        let log = EventLog.of(label.signal)
        #expect(label.value == "1 items")
        count.value = 2
        #expect(label.value == "2 items")
        _ = label.value
        #expect(calls == 2)
        #expect(log.values == ["1 items", "2 items"])
        let chained = label.map { $0.count }
        count.value = 10
        #expect(chained.value == 8)
    }

    @Test("combineLatest(with:) changes whenever either side changes")
    func combineLatest() {
        let name = MutableProperty("a")
        let age = MutableProperty(1)
        let both = name.combineLatest(with: age)
        let log = EventLog.of(both.signal.map { "\($0)\($1)" })
        name.value = "b"
        age.value = 2
        #expect(both.value == ("b", 2))
        #expect(log.values == ["a1", "b1", "b2"])
    }

    @Test("zip(with:) pairs the current values, then the n-th changes")
    func zip() {
        let left = MutableProperty("a")
        let right = MutableProperty(1)
        let pairs = left.zip(with: right)
        let log = EventLog.of(pairs.signal.map { "\($0)\($1)" })
        left.value = "b"
        left.value = "c"
        #expect(pairs.value == ("a", 1))
        right.value = 2
        right.value = 3
        #expect(pairs.value == ("c", 3))
        #expect(log.values == ["a1", "b2", "c3"])
    }

    @Test("distinctUntilChanged() drops writes of the current value")
    func distinct() {
        let source = MutableProperty(1)
        let distinct = source.distinctUntilChanged()
        let log = EventLog.of(distinct.signal)
        source.value = 1
        source.value = 2
        source.value = 2
        source.value = 1
        #expect(log.values == [1, 2, 1])
        #expect(distinct.value == 1)
    }

    @Test("a property binds with <~: its current value at once, then its changes")
    func binding() {
        let original = MutableProperty("a")
        let upper = original.map { $0.uppercased() }
        let copy = MutableProperty("z")
        let log = EventLog.of(copy.signal)
        let binding = copy <~ upper
        original.value = "b"
        #expect(copy.value == "B")
        binding.dispose()
        original.value = "c"
        #expect(copy.value == "B")
        #expect(log.values == ["z", "A", "B"])

        let target = MutableProperty(0)
        let other = MutableProperty(5)
        target <~ other
        other.value = 6
        #expect(target.value == 6)
    }

    @Test("when the source goes away the derived property keeps its value and its signal completes")
    func sourceEnds() {
        let subject = Subject<Int, Never>()
        let derived = Property(initial: 0, then: subject)
        let doubled = derived.map { $0 * 2 }
        let log = EventLog.of(doubled.signal)
        subject.sendNext(3)
        subject.sendCompleted()
        #expect(doubled.value == 6)
        #expect(log.descriptions == ["0", "6", "|"])
        #expect(EventLog.of(doubled.signal).descriptions == ["6", "|"])
    }

    @Test("a derived property and its chain are released with it; its subscription ends")
    func release() {
        let source = MutableProperty(1)
        weak var weakDerived: Property<Int>?
        var log: EventLog<Int, Never>?
        do {
            let derived = source.map { $0 + 1 }.map { $0 * 2 }
            weakDerived = derived
            log = EventLog.of(derived.signal)
        }
        #expect(weakDerived == nil)
        #expect(log?.descriptions == ["4", "|"])
        source.value = 5
        #expect(log?.count == 2)
    }

    @Test("writes from several threads: the derived value ends at the source's last value")
    func concurrentWrites() {
        let source = MutableProperty(0)
        let derived = source.map { $0 * 2 }
        onThreads(4) { thread in
            for value in 1...200 { source.value = thread * 1000 + value }
        }
        #expect(derived.value == source.value * 2)
    }

    @Test("a signal that does not send its current value at subscription is a programmer error")
    func badSource() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let empty = Property(initial: 0, then: .never)
            _ = empty.combineLatest(with: Property(value: 1)).zip(with: Property(initial: 0, then: .empty))
            final class Silent: PropertyProtocol {
                var value: Int { 0 }
                var signal: Signal<Int, Never> { .never }
            }
            _ = Silent().map { $0 }
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Property.map(_:)"))
        #expect(message.contains("did not send its current value"))
    }
}
