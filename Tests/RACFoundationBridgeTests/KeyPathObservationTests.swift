import Foundation
import Observation
import RACFoundationBridge
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Observable
private final class Address: @unchecked Sendable {
    var city: String

    init(city: String) {
        self.city = city
    }
}

@Observable
private final class Person: @unchecked Sendable {
    var name = "ann"
    var age = 30
    var address = Address(city: "oslo")
    var greeting: String { "hello \(name)" }

    init() {}
}

/// A hand-written `Observable` whose storage is locked, so that it may be written from several
/// threads at once (the `@Observable` macro's storage may not).
private final class LockedCounter: Observable, @unchecked Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = Locked(0)

    var value: Int {
        get {
            registrar.access(self, keyPath: \.value)
            return storage.current
        }
        set {
            registrar.withMutation(of: self, keyPath: \.value) {
                storage.withValue { $0 = newValue }
            }
        }
    }
}

@Suite("Key-path observation of @Observable objects (RACObserve)", .checksRelease)
struct KeyPathObservationTests {
    @Test("sends the current value on subscription, then every new value in order")
    func currentValueThenChanges() {
        let person = Person()
        let log = EventLog<String, Never>()
        person.rac.observe(\.name).subscribe(log.subscriber())
        person.name = "bob"
        person.name = "cy"
        person.age = 31  // another property: not reported
        person.name = "cy"  // an equal value is not a change
        person.name = "dee"
        #expect(log.events == [.next("ann"), .next("bob"), .next("cy"), .next("dee")])
    }

    @Test("each change is delivered inside the setter, on the setting thread, after the store")
    func deliveredSynchronouslyOnTheSettingThread() {
        let person = Person()
        let deliveries = Locked<[(thread: ObjectIdentifier, value: String, stored: String)]>([])
        let subscription = person.rac.observe(\.name).subscribe(next: { value in
            deliveries.withValue {
                $0.append((ObjectIdentifier(Thread.current), value, person.name))
            }
        })
        let writer = writeOnNewThread({ person.name = "bob" }, counting: { deliveries.current.count })
        let last = deliveries.current.last
        #expect(writer.deliveriesAfterWrite == 2)
        #expect(last?.thread == writer.thread)
        #expect(last?.value == "bob")
        #expect(last?.stored == "bob")
        // The subscriber captures the object: disposing it lets the object go.
        subscription.dispose()
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(person, "the observed object")
    }

    @Test("completes when the object is deallocated, and does not retain it")
    func completesOnDeallocation() {
        let log = EventLog<String, Never>()
        weak var weakPerson: Person?
        do {
            let person = Person()
            weakPerson = person
            person.rac.observe(\.name).subscribe(log.subscriber())
            person.name = "bob"
        }
        #expect(weakPerson == nil)
        #expect(log.events == [.next("ann"), .next("bob"), .completed])
    }

    @Test("completion arrives on the thread that releases the object, during its deallocation")
    func completionThread() {
        final class Holder: @unchecked Sendable {
            var person: Person? = Person()
        }
        let holder = Holder()
        let completedOn = Locked<ObjectIdentifier?>(nil)
        let subscription = holder.person!.rac.observe(\.name).subscribe(completed: {
            completedOn.withValue { $0 = ObjectIdentifier(Thread.current) }
        })
        expectReleased(subscription, "the subscriber the deallocation completed")
        let releaser = Locked<(thread: ObjectIdentifier?, completedBeforeReturn: Bool)>((nil, false))
        let done = DispatchSemaphore(value: 0)
        Thread {
            holder.person = nil
            releaser.withValue { $0 = (ObjectIdentifier(Thread.current), completedOn.current != nil) }
            done.signal()
        }.start()
        done.wait()
        #expect(releaser.current.completedBeforeReturn)
        #expect(completedOn.current == releaser.current.thread)
    }

    @Test("a signal made before the object went completes at once when subscribed after")
    func subscribeAfterDeallocation() {
        var person: Person? = Person()
        let signal = person!.rac.observe(\.name)
        person = nil
        let log = EventLog<String, Never>()
        signal.subscribe(log.subscriber())
        #expect(log.events == [.completed])
    }

    @Test("disposal stops delivery and releases the subscriber")
    func disposal() {
        let person = Person()
        let log = EventLog<String, Never>()
        weak var weakToken: Token?
        var subscription: (any Disposable)?
        do {
            let token = Token()
            weakToken = token
            let subscriber = log.subscriber()
            subscription = person.rac.observe(\.name).subscribe(
                next: { value in withExtendedLifetime(token) { subscriber.sendNext(value) } })
        }
        person.name = "bob"
        subscription?.dispose()
        #expect(weakToken == nil)
        person.name = "cy"
        person.name = "dee"
        #expect(log.values == ["ann", "bob"])
    }

    @Test("a key path through another observable object follows a replaced intermediate object")
    func nestedKeyPath() {
        let person = Person()
        let oldAddress = person.address
        let log = EventLog<String, Never>()
        person.rac.observe(\.address.city).subscribe(log.subscriber())
        oldAddress.city = "bergen"
        let newAddress = Address(city: "rome")
        person.address = newAddress
        oldAddress.city = "ignored"  // no longer on the path
        newAddress.city = "milan"
        #expect(log.values == ["oslo", "bergen", "rome", "milan"])
    }

    @Test("a computed property is observed through the stored properties it reads")
    func computedProperty() {
        let person = Person()
        let log = EventLog<String, Never>()
        person.rac.observe(\.greeting).subscribe(log.subscriber())
        person.name = "bob"
        person.name = "cy"
        #expect(log.values == ["hello ann", "hello bob", "hello cy"])
    }

    @Test("a subscriber that sets the property receives the new value nested, at once")
    func reentrantSet() {
        weak var weakPerson: Person?
        do {
            let person = Person()
            weakPerson = person
            let order = Locked<[String]>([])
            let subscription = person.rac.observe(\.name).subscribe(next: { value in
                order.withValue { $0.append("begin \(value)") }
                if value == "bob" { person.name = "cy" }
                order.withValue { $0.append("end \(value)") }
            })
            person.name = "bob"
            #expect(
                order.current == [
                    "begin ann", "end ann", "begin bob", "begin cy", "end cy", "end bob",
                ])
            // The subscriber captures the object: disposing it lets the object go.
            subscription.dispose()
        }
        #expect(weakPerson == nil)
    }

    @Test("observed with marbles: a bound signal's values arrive at its frames")
    func marbles() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let person = Person()
        let names = try scheduler.createColdSignal("-b--c-|", values: ["b": "bob", "c": "cy"])
        let binding = names.setKeyPath(\.name, on: person)
        // The observation lasts as long as the object: end it at frame 7.
        try scheduler.expect(
            person.rac.observe(\.name), toEmit: "ab--c--", values: ["a": "ann", "b": "bob", "c": "cy"],
            disposeAt: 7)
        expectReleased(binding, "the setKeyPath binding the completion ended")
    }

    @Test("writers on several threads: deliveries never overlap and end with the current value")
    func concurrentWriters() {
        let counter = LockedCounter()
        let inDelivery = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let seen = Locked<[Int]>([])
        let subscription = counter.rac.observe(\.value).subscribe(next: { value in
            if inDelivery.exchange(true, ordering: .acquiringAndReleasing) {
                overlaps.add(1, ordering: .relaxed)
            }
            seen.withValue { $0.append(value) }
            inDelivery.store(false, ordering: .releasing)
        })
        let threads = 4
        let writes = 200
        onThreads(threads) { thread in
            for index in 0..<writes {
                counter.value = thread * writes + index + 1
            }
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
        // One delivery per write, plus the current value on subscription.
        #expect(seen.current.count == 1 + threads * writes)
        #expect(seen.current.first == 0)
        #expect(seen.current.last == counter.value)
        subscription.dispose()
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(counter, "the observed object")
    }
}
