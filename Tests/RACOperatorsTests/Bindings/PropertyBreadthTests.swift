import RACOperators
import RACTestSupport
import RACTesting
import Testing

/// An object holding properties through the `@Mutable` wrapper.
private final class Form: @unchecked Sendable {
    @Mutable var name = ""
    @Mutable var count = 0
}

@Suite(
    "Property: combineLatest and zip of any number, flatMapLatest, and/or/negate, @Mutable", .checksRelease)
struct PropertyBreadthTests {
    @Test("Property.combineLatest of three: the tuple of current values, changing when any changes")
    func combineLatestPack() {
        let a = MutableProperty(1)
        let b = MutableProperty("x")
        let c = Property(initial: true, then: .never)
        let combined = Property.combineLatest(a, b, c)
        let log = EventLog.of(combined.signal.map { "\($0.0)\($0.1)\($0.2)" })
        #expect(combined.value == (1, "x", true))
        a.value = 2
        b.value = "y"
        #expect(combined.value == (2, "y", true))
        #expect(log.descriptions == ["1xtrue", "2xtrue", "2ytrue"])
    }

    @Test("Property.zip of three: the current values, then the n-th changes together")
    func zipPack() {
        let a = MutableProperty(1)
        let b = MutableProperty("x")
        let c = MutableProperty(10)
        let zipped = Property.zip(a, b, c)
        let log = EventLog.of(zipped.signal.map { "\($0.0)\($0.1)\($0.2)" })
        a.value = 2
        a.value = 3
        b.value = "y"
        #expect(zipped.value == (1, "x", 10))
        c.value = 20
        #expect(zipped.value == (2, "y", 20))
        #expect(log.descriptions == ["1x10", "2y20"])
    }

    @Test("combineLatest and zip of a single property follow it")
    func single() {
        let a = MutableProperty(1)
        let combined: Property<Int> = Property.combineLatest(a)
        let zipped: Property<Int> = Property.zip(a)
        a.value = 2
        #expect(combined.value == 2)
        #expect(zipped.value == 2)
    }

    @Test("a combination completes when all its sources have ended, keeping its last value")
    func combinationCompletes() {
        let first = Subject<Int, Never>()
        let second = Subject<Int, Never>()
        let combined = Property.combineLatest(
            Property(initial: 0, then: first), Property(initial: 0, then: second))
        let log = EventLog.of(combined.signal.map { $0.0 + $0.1 })
        first.sendNext(1)
        first.sendCompleted()
        second.sendNext(2)
        #expect(!log.isTerminated)
        second.sendCompleted()
        #expect(log.descriptions == ["0", "1", "3", "|"])
        #expect(combined.value == (1, 2))
    }

    @Test("combineLatest keeps its sources alive; dropping it releases them and ends its subscriptions")
    func combinationReleased() {
        weak var weakSource: MutableProperty<Int>?
        weak var weakCombined: Property<(Int, Int)>?
        let other = MutableProperty(0)
        do {
            let source = MutableProperty(1)
            weakSource = source
            let combined = Property.combineLatest(source, other)
            weakCombined = combined
            #expect(combined.value == (1, 0))
        }
        #expect(weakCombined == nil)
        #expect(weakSource == nil)
        other.value = 5
    }

    @Test("flatMapLatest follows the property made of the current value, and switches when it changes")
    func flatMapLatest() {
        let selected = MutableProperty("a")
        let a = MutableProperty(1)
        let b = MutableProperty(10)
        let followed = selected.flatMapLatest { $0 == "a" ? a : b }
        let log = EventLog.of(followed.signal)
        #expect(followed.value == 1)
        a.value = 2
        selected.value = "b"
        #expect(followed.value == 10)
        a.value = 3  // no longer followed
        b.value = 11
        #expect(followed.value == 11)
        #expect(log.values == [1, 2, 10, 11])
    }

    @Test("flatMapLatest keeps the property it follows alive, and lets it go when it switches")
    func flatMapLatestKeepsInner() {
        let selected = MutableProperty(1)
        weak var weakInner: Property<Int>?
        let followed = selected.flatMapLatest { value -> Property<Int> in
            let inner = Property(initial: value * 10, then: .never)
            if value == 1 { weakInner = inner }
            return inner
        }
        #expect(weakInner != nil)
        #expect(followed.value == 10)
        selected.value = 2
        #expect(weakInner == nil)
        #expect(followed.value == 20)
    }

    @Test("flatMapLatest completes once its source and the followed property have ended")
    func flatMapLatestCompletes() {
        let outer = Subject<Int, Never>()
        let inner = Subject<Int, Never>()
        let followed = Property(initial: 0, then: outer).flatMapLatest { _ in
            Property(initial: 5, then: inner)
        }
        let log = EventLog.of(followed.signal)
        outer.sendCompleted()
        inner.sendNext(6)
        inner.sendCompleted()
        #expect(log.descriptions == ["5", "6", "|"])
        #expect(followed.value == 6)
    }

    @Test("negate, and, or on Bool properties: values and synchronous .value")
    func booleans() {
        let left = MutableProperty(true)
        let right = MutableProperty(false)
        let not = left.negate()
        let both = left.and(right)
        let either = left.or(right)
        let logs = [not, both, either].map { EventLog.of($0.signal) }
        #expect((not.value, both.value, either.value) == (false, false, true))
        right.value = true
        #expect((not.value, both.value, either.value) == (false, true, true))
        left.value = false
        right.value = false
        #expect((not.value, both.value, either.value) == (true, false, false))
        #expect(logs[0].values == [false, true])
        #expect(logs[1].values == [false, true, false, false])
        #expect(logs[2].values == [true, true, true, false])
    }

    @Test("a Bool combination is released with its sources when dropped")
    func booleansReleased() {
        weak var weakLeft: MutableProperty<Bool>?
        weak var weakAnd: Property<Bool>?
        do {
            let left = MutableProperty(true)
            weakLeft = left
            let both = left.and(Property(value: true)).negate()
            weakAnd = both
            #expect(both.value == false)
        }
        #expect(weakAnd == nil)
        #expect(weakLeft == nil)
    }

    @Test("@Mutable: the wrapped value reads and writes the property; $name is that property")
    func wrapper() {
        let form = Form()
        let log = EventLog.of(form.$name.signal)
        form.name = "a"
        #expect(form.$name.value == "a")
        form.$name.value = "b"
        #expect(form.name == "b")
        form.count += 1
        #expect(form.count == 1)
        #expect(log.values == ["", "a", "b"])
        let bound = MutableProperty(0)
        bound <~ form.$count
        form.count = 5
        #expect(bound.value == 5)
    }

    @Test("@Mutable: when the object goes away its property is released and its signal completes")
    func wrapperOwnerGoesAway() {
        weak var weakProperty: MutableProperty<String>?
        let log: EventLog<String, Never>
        do {
            let form = Form()
            weakProperty = form.$name
            log = EventLog.of(form.$name.signal)
            form.name = "a"
        }
        #expect(weakProperty == nil)
        #expect(log.descriptions == ["", "a", "|"])
    }
}

@Suite("Command: isExecuting and isEnabled as properties", .checksRelease)
struct CommandPropertiesTests {
    @Test("isExecuting and isEnabled follow executing and enabled, with a synchronous value")
    func follow() {
        let scheduler = TestScheduler()
        let work = Subject<Int, Never>()
        let command = Command<Int, Int, Never>(scheduler: scheduler) { _ in work }
        let executing = EventLog.of(command.isExecuting.signal)
        #expect(command.isExecuting.value == false)
        #expect(command.isEnabled.value == true)
        let execution = command.execute(1).subscribe(next: { _ in })
        scheduler.run()
        #expect(command.isExecuting.value == true)
        #expect(command.isEnabled.value == false)
        work.sendCompleted()
        scheduler.run()
        #expect(command.isExecuting.value == false)
        #expect(command.isEnabled.value == true)
        #expect(executing.values == [false, true, false])
        execution.dispose()
    }

    @Test("isEnabled follows the enabled input")
    func enabledInput() {
        let scheduler = TestScheduler()
        let input = MutableProperty(false)
        let command = Command<Int, Int, Never>(enabled: input.signal, scheduler: scheduler) {
            Signal(value: $0)
        }
        #expect(command.isEnabled.value == false)
        input.value = true
        scheduler.run()
        #expect(command.isEnabled.value == true)
    }

    @Test("when the command goes away they keep their last value and their signals complete")
    func commandGoesAway() {
        let scheduler = TestScheduler()
        weak var weakCommand: Command<Int, Int, Never>?
        let isExecuting: Property<Bool>
        let isEnabled: Property<Bool>
        do {
            let command = Command<Int, Int, Never>(scheduler: scheduler) { Signal(value: $0) }
            weakCommand = command
            isExecuting = command.isExecuting
            isEnabled = command.isEnabled
        }
        #expect(weakCommand == nil)
        let executingLog = EventLog.of(isExecuting.signal)
        let enabledLog = EventLog.of(isEnabled.signal)
        scheduler.run()
        #expect(executingLog.descriptions == ["false", "|"])
        #expect(enabledLog.descriptions == ["true", "|"])
        #expect(isExecuting.value == false)
        #expect(isEnabled.value == true)
    }
}
