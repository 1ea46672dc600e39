import Foundation
import OpenCombine
import RACCore
import RACOperators
import RACSchedulers

/// One benchmark: the same work done by this framework, by OpenCombine and by a plain loop.
struct Workload {
    /// Short identifier, for `--filter`.
    let id: String
    /// What the row of the table says.
    let title: String
    /// What one operation is ("value", "subscription" …).
    let unit: String
    /// How many operations one run performs.
    let operations: Int
    let ours: () -> Void
    let openCombine: (() -> Void)?
    let loop: (() -> Void)?
}

/// Every workload, at `scale` (1 is the size the issue asks for; smaller for a smoke run).
func allWorkloads(scale: Double) -> [Workload] {
    func scaled(_ count: Int) -> Int { max(1, Int(Double(count) * scale)) }
    return [
        subjectMapFilter(values: scaled(1_000_000)),
        coldMapFilterScan(values: scaled(1_000_000)),
        chainLifecycle(times: scaled(100_000)),
        fanOut(subscribers: 1_000, values: scaled(1_000)),
        flattenMap(inners: scaled(10_000), valuesEach: 10),
        merge(signals: 100, valuesEach: scaled(1_000)),
        mergeColdInners(signals: scaled(10_000), valuesEach: 10),
        mergeInnerSubjects(inners: scaled(10_000), valuesEach: 10),
        combineLatest8(updates: scaled(100_000)),
        zip2(pairs: scaled(100_000)),
        zip3(triples: scaled(100_000)),
        virtualTime(actions: scaled(1_000_000)),
        replay(values: scaled(100_000), capacity: 1_000, lateSubscribers: 100),
        switchToLatest(inners: scaled(10_000), valuesEach: 10),
        concat(signals: scaled(10_000), valuesEach: 10),
        flatten4(inners: scaled(10_000), valuesEach: 10),
        map20(values: scaled(1_000_000)),
        retry(failures: scaled(10_000)),
        takeUntil(values: scaled(1_000_000)),
        deliverOn(values: scaled(1_000_000)),
        debounce(values: scaled(100_000)),
    ]
}

// MARK: - 1. subject → map → filter → subscriber

func subjectMapFilter(values: Int) -> Workload {
    Workload(
        id: "subject-map-filter", title: "1 subject → map → filter → sink", unit: "value",
        operations: values,
        ours: {
            let sink = Sink()
            let subject = Subject<Int, Never>()
            let subscription = subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.subscribe(next: { sink.total &+= $0 })
            for value in 0..<values { subject.sendNext(value) }
            subject.sendCompleted()
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let cancellable = subject.map { $0 &* 3 }.filter { $0 & 1 == 0 }.sink { sink.total &+= $0 }
            for value in 0..<values { subject.send(value) }
            subject.send(completion: .finished)
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let transform: (Int) -> Int = opaque { $0 &* 3 }
            let isIncluded: (Int) -> Bool = opaque { $0 & 1 == 0 }
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            for value in 0..<values {
                let mapped = transform(value)
                if isIncluded(mapped) { receive(mapped) }
            }
            blackHole(sink.total)
        })
}

// MARK: - 2. cold signal → map → filter → scan

func coldMapFilterScan(values: Int) -> Workload {
    Workload(
        id: "cold-map-filter-scan", title: "2 cold signal → map → filter → scan", unit: "value",
        operations: values,
        ours: {
            let sink = Sink()
            Signal<Int, Never> { subscriber in
                for value in 0..<values { subscriber.sendNext(value) }
                subscriber.sendCompleted()
                return nil
            }
            .map { $0 &* 3 }.filter { $0 & 1 == 0 }.scan(0, &+)
                .subscribe(next: { sink.total = $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let cancellable = (0..<values).publisher
                .map { $0 &* 3 }.filter { $0 & 1 == 0 }.scan(0, &+)
                .sink { sink.total = $0 }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let transform: (Int) -> Int = opaque { $0 &* 3 }
            let isIncluded: (Int) -> Bool = opaque { $0 & 1 == 0 }
            let reduce: (Int, Int) -> Int = opaque(&+)
            let receive: (Int) -> Void = opaque { sink.total = $0 }
            var running = 0
            for value in 0..<values {
                let mapped = transform(value)
                if isIncluded(mapped) {
                    running = reduce(running, mapped)
                    receive(running)
                }
            }
            blackHole(sink.total)
        })
}

// MARK: - 3. build, subscribe and dispose a 5-operator chain

func chainLifecycle(times: Int) -> Workload {
    Workload(
        id: "chain-lifecycle", title: "3 build+subscribe+dispose 5-operator chain", unit: "subscription",
        operations: times,
        ours: {
            let sink = Sink()
            let subject = Subject<Int, Never>()
            for _ in 0..<times {
                let subscription = subject
                    .map { $0 &+ 1 }.filter { $0 & 1 == 0 }.scan(0, &+).distinctUntilChanged()
                    .take(1_000_000)
                    .subscribe(next: { sink.total &+= $0 })
                subscription.dispose()
            }
            blackHole(subject)
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            for _ in 0..<times {
                let cancellable = subject
                    .map { $0 &+ 1 }.filter { $0 & 1 == 0 }.scan(0, &+).removeDuplicates()
                    .prefix(1_000_000)
                    .sink { sink.total &+= $0 }
                cancellable.cancel()
            }
            blackHole(subject)
        },
        loop: nil)
}

// MARK: - 4. one subject, many subscribers

func fanOut(subscribers: Int, values: Int) -> Workload {
    Workload(
        id: "fan-out", title: "4 subject → \(subscribers) subscribers", unit: "delivery",
        operations: subscribers * values,
        ours: {
            let sink = Sink()
            let subject = Subject<Int, Never>()
            let subscriptions = (0..<subscribers).map { _ in subject.subscribe(next: { sink.total &+= $0 }) }
            for value in 0..<values { subject.sendNext(value) }
            for subscription in subscriptions { subscription.dispose() }
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let subject = PassthroughSubject<Int, Never>()
            let cancellables = (0..<subscribers).map { _ in subject.sink { sink.total &+= $0 } }
            for value in 0..<values { subject.send(value) }
            for cancellable in cancellables { cancellable.cancel() }
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receivers: [(Int) -> Void] = (0..<subscribers).map { _ in opaque { sink.total &+= $0 } }
            for value in 0..<values {
                for receive in receivers { receive(value) }
            }
            blackHole(sink.total)
        })
}

// MARK: - 5. flattenMap and merge

func flattenMap(inners: Int, valuesEach: Int) -> Workload {
    Workload(
        id: "flattenMap", title: "5a flattenMap \(inners) inner × \(valuesEach)", unit: "value",
        operations: inners * valuesEach,
        ours: {
            let sink = Sink()
            Signal<Int, Never>(values: 0..<inners)
                .flattenMap { start in Signal<Int, Never>(values: start..<start + valuesEach) }
                .subscribe(next: { sink.total &+= $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let cancellable = (0..<inners).publisher
                .flatMap { start in (start..<start + valuesEach).publisher }
                .sink { sink.total &+= $0 }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: innerRangesLoop(inners: inners, valuesEach: valuesEach))
}

func merge(signals: Int, valuesEach: Int) -> Workload {
    Workload(
        id: "merge", title: "5b merge of \(signals) signals × \(valuesEach)", unit: "value",
        operations: signals * valuesEach,
        ours: {
            let sink = Sink()
            Signal.merge((0..<signals).map { _ in Signal<Int, Never>(values: 0..<valuesEach) })
                .subscribe(next: { sink.total &+= $0 })
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            // OpenCombine 0.14 has no MergeMany: merging a collection is flatMap over it.
            let cancellable = (0..<signals).map { _ in (0..<valuesEach).publisher }.publisher
                .flatMap { $0 }
                .sink { sink.total &+= $0 }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            for _ in 0..<signals {
                for value in 0..<valuesEach { receive(value) }
            }
            blackHole(sink.total)
        })
}

// MARK: - 6. combineLatest and zip

func combineLatest8(updates: Int) -> Workload {
    Workload(
        id: "combineLatest8", title: "6a combineLatest of 8 subjects", unit: "update",
        operations: updates,
        ours: {
            let sink = Sink()
            let s = (0..<8).map { _ in Subject<Int, Never>() }
            let subscription = Signal.combineLatest(s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7])
                .subscribe(next: { sink.total &+= $0.0 &+ $0.7 })
            for index in 0..<8 { s[index].sendNext(index) }
            for update in 0..<updates { s[update & 7].sendNext(update) }
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let s = (0..<8).map { _ in PassthroughSubject<Int, Never>() }
            // OpenCombine 0.14 has no CombineLatest: the Combine way without it is to merge the
            // inputs tagged with their index and keep the latest of each in a scan.
            let cancellable = s.enumerated().map { index, subject in subject.map { (index, $0) } }.publisher
                .flatMap { $0 }
                .scan(LatestEight()) { latest, update in
                    var latest = latest
                    latest.update(update.0, update.1)
                    return latest
                }
                .compactMap { $0.tuple }
                .sink { sink.total &+= $0.0 &+ $0.7 }
            for index in 0..<8 { s[index].send(index) }
            for update in 0..<updates { s[update & 7].send(update) }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: ((Int, Int, Int, Int, Int, Int, Int, Int)) -> Void = opaque { sink.total &+= $0.0 &+ $0.7 }
            var latest = (0, 1, 2, 3, 4, 5, 6, 7)
            for update in 0..<updates {
                switch update & 7 {
                case 0: latest.0 = update
                case 1: latest.1 = update
                case 2: latest.2 = update
                case 3: latest.3 = update
                case 4: latest.4 = update
                case 5: latest.5 = update
                case 6: latest.6 = update
                default: latest.7 = update
                }
                receive(latest)
            }
            blackHole(sink.total)
        })
}

/// The state of the OpenCombine stand-in for an 8-way combineLatest.
struct LatestEight {
    private var values = (0, 0, 0, 0, 0, 0, 0, 0)
    private var seen: UInt8 = 0

    mutating func update(_ index: Int, _ value: Int) {
        switch index {
        case 0: values.0 = value
        case 1: values.1 = value
        case 2: values.2 = value
        case 3: values.3 = value
        case 4: values.4 = value
        case 5: values.5 = value
        case 6: values.6 = value
        default: values.7 = value
        }
        seen |= 1 << UInt8(index)
    }

    var tuple: (Int, Int, Int, Int, Int, Int, Int, Int)? {
        seen == 0xFF ? values : nil
    }
}

func zip2(pairs: Int) -> Workload {
    Workload(
        id: "zip2", title: "6b zip of 2 subjects", unit: "pair",
        operations: pairs,
        ours: {
            let sink = Sink()
            let left = Subject<Int, Never>()
            let right = Subject<Int, Never>()
            let subscription = left.zip(with: right).subscribe(next: { sink.total &+= $0.0 &+ $0.1 })
            for value in 0..<pairs {
                left.sendNext(value)
                right.sendNext(value)
            }
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let left = PassthroughSubject<Int, Never>()
            let right = PassthroughSubject<Int, Never>()
            let cancellable = left.zip(right).sink { sink.total &+= $0.0 &+ $0.1 }
            for value in 0..<pairs {
                left.send(value)
                right.send(value)
            }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: ((Int, Int)) -> Void = opaque { sink.total &+= $0.0 &+ $0.1 }
            var pending: [Int] = []
            pending.reserveCapacity(1)
            for value in 0..<pairs {
                pending.append(value)
                receive((pending.removeFirst(), value))
            }
            blackHole(sink.total)
        })
}

/// `Signal.zip` over a parameter pack of three subjects (the pack form; 6b is the pair form).
func zip3(triples: Int) -> Workload {
    Workload(
        id: "zip3", title: "6c zip of 3 subjects (pack form)", unit: "triple",
        operations: triples,
        ours: {
            let sink = Sink()
            let first = Subject<Int, Never>()
            let second = Subject<Int, Never>()
            let third = Subject<Int, Never>()
            let subscription = Signal.zip(first, second, third).subscribe(next: {
                sink.total &+= $0.0 &+ $0.1 &+ $0.2
            })
            for value in 0..<triples {
                first.sendNext(value)
                second.sendNext(value)
                third.sendNext(value)
            }
            subscription.dispose()
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let first = PassthroughSubject<Int, Never>()
            let second = PassthroughSubject<Int, Never>()
            let third = PassthroughSubject<Int, Never>()
            let cancellable = first.zip(second, third).sink { sink.total &+= $0.0 &+ $0.1 &+ $0.2 }
            for value in 0..<triples {
                first.send(value)
                second.send(value)
                third.send(value)
            }
            cancellable.cancel()
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: ((Int, Int, Int)) -> Void = opaque { sink.total &+= $0.0 &+ $0.1 &+ $0.2 }
            var first: [Int] = []
            var second: [Int] = []
            first.reserveCapacity(1)
            second.reserveCapacity(1)
            for value in 0..<triples {
                first.append(value)
                second.append(value)
                receive((first.removeFirst(), second.removeFirst(), value))
            }
            blackHole(sink.total)
        })
}

// MARK: - 7. virtual time

func virtualTime(actions: Int) -> Workload {
    Workload(
        id: "virtual-time", title: "7 VirtualTimeScheduler actions", unit: "action",
        operations: actions,
        ours: {
            let sink = Sink()
            let scheduler = VirtualTimeScheduler()
            for index in 0..<actions {
                scheduler.schedule(after: .nanoseconds((index &* 7919) % 1_000)) { sink.count &+= 1 }
            }
            scheduler.run()
            blackHole(sink.count)
        },
        openCombine: nil,
        loop: {
            let sink = Sink()
            var heap = PlainHeap()
            for index in 0..<actions {
                heap.insert(due: Int64((index &* 7919) % 1_000), action: opaque { sink.count &+= 1 })
            }
            while let action = heap.removeFirst() { action() }
            blackHole(sink.count)
        })
}

/// The hand-written baseline for virtual time: a binary heap of closures ordered by due time and
/// then by insertion order.
struct PlainHeap {
    private var entries: [(due: Int64, sequence: Int, action: () -> Void)] = []
    private var sequence = 0

    mutating func insert(due: Int64, action: @escaping () -> Void) {
        entries.append((due, sequence, action))
        sequence += 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard Self.precedes(entries[child], entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    mutating func removeFirst() -> (() -> Void)? {
        guard !entries.isEmpty else { return nil }
        entries.swapAt(0, entries.count - 1)
        let top = entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let smaller = right < entries.count && Self.precedes(entries[right], entries[left]) ? right : left
            guard Self.precedes(entries[smaller], entries[parent]) else { break }
            entries.swapAt(smaller, parent)
            parent = smaller
        }
        return top.action
    }

    private static func precedes(
        _ a: (due: Int64, sequence: Int, action: () -> Void), _ b: (due: Int64, sequence: Int, action: () -> Void)
    ) -> Bool {
        a.due != b.due ? a.due < b.due : a.sequence < b.sequence
    }
}

// MARK: - 8. replay

func replay(values: Int, capacity: Int, lateSubscribers: Int) -> Workload {
    let replayed = min(values, capacity)
    return Workload(
        id: "replay", title: "8 ReplaySubject(\(capacity)) + \(lateSubscribers) late subscribers", unit: "event",
        operations: values + lateSubscribers * replayed,
        ours: {
            let sink = Sink()
            let subject = ReplaySubject<Int, Never>(capacity: capacity)
            for value in 0..<values { subject.sendNext(value) }
            let subscriptions = (0..<lateSubscribers).map { _ in subject.subscribe(next: { sink.total &+= $0 }) }
            subject.sendCompleted()
            for subscription in subscriptions { subscription.dispose() }
            blackHole(sink.total)
        },
        openCombine: {
            let sink = Sink()
            let subject = CombineReplay(capacity: capacity)
            for value in 0..<values { subject.send(value) }
            let cancellables = (0..<lateSubscribers).map { _ in subject.publisher.sink { sink.total &+= $0 } }
            subject.finish()
            for cancellable in cancellables { cancellable.cancel() }
            blackHole(sink.total)
        },
        loop: {
            let sink = Sink()
            let receive: (Int) -> Void = opaque { sink.total &+= $0 }
            var ring = [Int](repeating: 0, count: capacity)
            var next = 0
            var count = 0
            for value in 0..<values {
                ring[next] = value
                next = next + 1 == capacity ? 0 : next + 1
                count = min(count + 1, capacity)
            }
            for _ in 0..<lateSubscribers {
                var index = (next - count + capacity) % capacity
                for _ in 0..<count {
                    receive(ring[index])
                    index = index + 1 == capacity ? 0 : index + 1
                }
            }
            blackHole(sink.total)
        })
}

/// What a Combine user writes for a replay subject (Combine has none): a ring of the last values
/// under a lock, and a publisher that sends them, then the live values of a `PassthroughSubject`.
final class CombineReplay: @unchecked Sendable {
    private let lock = NSLock()
    private var ring: [Int]
    private var next = 0
    private var count = 0
    private let capacity: Int
    private let live = PassthroughSubject<Int, Never>()

    init(capacity: Int) {
        self.capacity = capacity
        ring = [Int](repeating: 0, count: capacity)
    }

    func send(_ value: Int) {
        lock.withLock {
            ring[next] = value
            next = next + 1 == capacity ? 0 : next + 1
            count = min(count + 1, capacity)
        }
        live.send(value)
    }

    func finish() {
        live.send(completion: .finished)
    }

    var publisher: Publishers.Concatenate<Publishers.Sequence<[Int], Never>, PassthroughSubject<Int, Never>> {
        let buffered: [Int] = lock.withLock {
            (0..<count).map { ring[(next - count + capacity + $0) % capacity] }
        }
        return Publishers.Concatenate(prefix: buffered.publisher, suffix: live)
    }
}
