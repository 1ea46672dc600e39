import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Synchronization
import Testing

@Suite("MutableProperty", .checksRelease)
struct PropertyTests {
    @Test("signal sends the current value on subscription, then every change in order")
    func currentValueThenChanges() {
        let property = MutableProperty(0)
        let log = EventLog.of(property.signal)
        property.value = 1
        property.value = 2
        property.value = 2
        #expect(log.events == [.next(0), .next(1), .next(2), .next(2)])
        #expect(property.value == 2)
        let late = EventLog.of(property.signal)
        #expect(late.events == [.next(2)])
    }

    @Test("a write is delivered before the setter returns, on the writing thread")
    func synchronousDelivery() {
        let property = MutableProperty("a")
        let deliveredOn = Locked<[ObjectIdentifier]>([])
        let subscription = property.signal.subscribe(next: { _ in
            deliveredOn.withValue { $0.append(ObjectIdentifier(Thread.current)) }
        })
        let writer = writeOnNewThread({ property.value = "b" }, counting: { deliveredOn.current.count })
        #expect(writer.deliveriesAfterWrite == 2)
        #expect(deliveredOn.current.last == writer.thread)
        subscription.dispose()
        expectReleased(subscription, "the disposed subscriber")
        expectReleased(property, "the property")
    }

    @Test("modify and swap change atomically and deliver once; a throwing modify changes nothing")
    func modifyAndSwap() throws {
        let property = MutableProperty(1)
        let log = EventLog.of(property.signal)
        let doubled = property.modify { value -> Int in
            value *= 2
            return value
        }
        #expect(doubled == 2)
        #expect(property.swap(7) == 2)
        #expect(throws: TestError.self) {
            try property.modify { (value: inout Int) throws(TestError) in
                value = 100
                throw TestError()
            }
        }
        #expect(property.value == 7)
        #expect(log.events == [.next(1), .next(2), .next(7)])
    }

    @Test("completes when the property is deallocated; later subscribers complete at once")
    func completesOnDeallocation() {
        var property: MutableProperty<Int>? = MutableProperty(1)
        let signal = property!.signal
        let lifetime = property!.lifetime
        let log = EventLog.of(signal)
        property!.value = 2
        weak let weakProperty = property
        property = nil
        #expect(weakProperty == nil)
        #expect(log.events == [.next(1), .next(2), .completed])
        #expect(lifetime.hasEnded)
        #expect(EventLog.of(signal).events == [.completed])
    }

    @Test("a subscription does not retain the property")
    func signalDoesNotRetain() {
        weak var weakProperty: MutableProperty<Int>?
        var subscription: (any Disposable)?
        do {
            let property = MutableProperty(1)
            weakProperty = property
            subscription = property.signal.subscribe(next: { _ in })
        }
        #expect(weakProperty == nil)
        #expect(subscription?.isDisposed == true)
    }

    @Test("disposal stops delivery and releases the subscriber's closures")
    func disposal() {
        let property = MutableProperty(0)
        weak var weakProbe: Token?
        let log = EventLog<Int, Never>()
        var subscription: (any Disposable)?
        do {
            let probe = Token()
            weakProbe = probe
            subscription = property.signal.subscribe(
                log.subscriber(onEvent: { _ in withExtendedLifetime(probe) {} }))
        }
        property.value = 1
        subscription?.dispose()
        property.value = 2
        #expect(log.values == [0, 1])
        #expect(weakProbe == nil)
    }

    @Test("a write made during a delivery is queued: every subscriber sees the changes in order")
    func reentrantWriteIsQueued() {
        expectScopeReleased { scope in
            let property = scope.watch(MutableProperty(0), "the property")
            let first = EventLog<Int, Never>()
            let second = scope.watch(EventLog<Int, Never>(), "the second subscriber's log")
            let valuesSeenInside = Locked<[Int]>([])
            let subscription = property.signal.subscribe(
                first.subscriber(onEvent: { event in
                    if case .next(1) = event {
                        property.value = 2
                        // The write took effect at once, its delivery waits for this one to finish.
                        valuesSeenInside.withValue { $0.append(property.value) }
                    }
                }))
            second.record(property.signal)
            property.value = 1
            #expect(first.values == [0, 1, 2])
            #expect(second.values == [0, 1, 2])
            #expect(valuesSeenInside.current == [2])
            #expect(property.value == 2)
            // The first subscriber captures the property: disposing it lets the property go, which
            // completes the second one.
            subscription.dispose()
        }
    }

    @Test("a subscriber that arrives during a delivery starts from that change, then gets the queue")
    func subscribeDuringDelivery() {
        expectScopeReleased { scope in
            let property = scope.watch(MutableProperty(0), "the property")
            let late = scope.watch(EventLog<Int, Never>(), "the late subscriber's log")
            let subscription = property.signal.subscribe(next: { value in
                if value == 1 {
                    property.value = 2
                    late.record(property.signal)
                }
            })
            property.value = 1
            #expect(late.values == [1, 2])
            // The subscriber captures the property: disposing it lets the property go, which
            // completes the late one.
            subscription.dispose()
        }
    }

    @Test("binding from a marble signal: values arrive at the source's frames", .timeLimit(.minutes(1)))
    func marbleBinding() throws {
        let scheduler = TestScheduler(checksRelease: true)
        let property = MutableProperty("z")
        let source = try scheduler.createColdSignal("-a--b-|")
        let binding = property <~ source
        // The property's signal lasts as long as the property: end the subscription at frame 7.
        try scheduler.expect(property.signal, toEmit: "za--b--", disposeAt: 7)
        try scheduler.expect(source, toHaveSubscriptions: ["^-----!"])
        expectReleased(binding, "the binding the completion ended")
        #expect(property.value == "b")
    }

    @Test("writes from several threads are delivered without overlap, in the order they took effect")
    func concurrentWrites() {
        let property = MutableProperty(-1)
        let inDelivery = Atomic<Bool>(false)
        let overlaps = Atomic<Int>(0)
        let first = Locked<[Int]>([])
        let second = Locked<[Int]>([])
        let firstSubscription = property.signal.subscribe(next: { value in
            if inDelivery.exchange(true, ordering: .acquiringAndReleasing) {
                overlaps.add(1, ordering: .relaxed)
            }
            first.withValue { $0.append(value) }
            inDelivery.store(false, ordering: .releasing)
        })
        let secondSubscription = property.signal.subscribe(next: { value in
            second.withValue { $0.append(value) }
        })
        let threads = 4
        let writes = 250
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                for index in 0..<writes {
                    if index.isMultiple(of: 2) {
                        property.value = thread * writes + index
                    } else {
                        property.modify { $0 = thread * writes + index }
                    }
                }
                group.leave()
            }.start()
        }
        group.wait()
        let seen = first.current
        #expect(overlaps.load(ordering: .relaxed) == 0)
        #expect(seen.count == 1 + threads * writes)
        #expect(Set(seen.dropFirst()) == Set(0..<(threads * writes)))
        #expect(second.current == seen)
        #expect(seen.last == property.value)
        // Each thread's writes arrive in the order that thread made them.
        for thread in 0..<threads {
            let own = seen.filter { $0 >= 0 && $0 / writes == thread }
            #expect(own == Array((thread * writes)..<((thread + 1) * writes)))
        }
        firstSubscription.dispose()
        secondSubscription.dispose()
        expectReleased(firstSubscription, "the first disposed subscriber")
        expectReleased(secondSubscription, "the second disposed subscriber")
        expectReleased(property, "the property")
    }
}
