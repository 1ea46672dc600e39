import RACOperators
import RACTestSupport
import RACTesting
import Testing

@Suite("Creation: Signal.range, Signal.generate, Signal.repeatElement", .checksRelease)
struct GenerateTests {
    let scheduler = TestScheduler(checksRelease: true)

    // MARK: values and completion

    @Test("range sends count consecutive integers from start, synchronously, then completes")
    func rangeValues() throws {
        try scheduler.expect(
            Signal<Int, TestError>.range(start: 1, count: 3).map(String.init), toEmit: "(123|)")
        #expect(
            eventsOf(Signal<Int8, Never>.range(start: 125, count: 3)) == [
                .next(125), .next(126), .next(127), .completed,
            ])
        #expect(
            eventsOf(Signal<Int, Never>.range(start: -2, count: 2)) == [.next(-2), .next(-1), .completed])
    }

    @Test("generate sends initial, then iterate of each value, while condition holds; calls in order")
    func generateValues() throws {
        let calls = Log<String>()
        let signal = Signal<Int, TestError>.generate(
            initial: 1,
            condition: {
                calls.append("condition(\($0))")
                return $0 < 10
            },
            iterate: {
                calls.append("iterate(\($0))")
                return $0 * 3
            })
        try scheduler.expect(signal.map(String.init), toEmit: "(139|)")
        #expect(
            calls.all == [
                "condition(1)", "iterate(1)", "condition(3)", "iterate(3)", "condition(9)", "iterate(9)",
                "condition(27)",
            ])
    }

    @Test("repeatElement sends the element count times, then completes")
    func repeatElementValues() throws {
        try scheduler.expect(Signal<String, TestError>.repeatElement("a", count: 3), toEmit: "(aaa|)")
    }

    @Test("each subscription runs the signal again (cold)")
    func cold() {
        let range = Signal<Int, Never>.range(start: 0, count: 2)
        let generated = Signal<Int, Never>.generate(initial: 0, condition: { $0 < 2 }, iterate: { $0 + 1 })
        for signal in [range, generated] {
            #expect(eventsOf(signal) == [.next(0), .next(1), .completed])
            #expect(eventsOf(signal) == [.next(0), .next(1), .completed])
        }
    }

    // MARK: the empty case

    @Test("count 0, and an initial value failing the condition, complete at once without values")
    func empty() throws {
        try scheduler.expect(Signal<Int, TestError>.range(start: 5, count: 0).map(String.init), toEmit: "|")
        try scheduler.expect(Signal<String, TestError>.repeatElement("a", count: 0), toEmit: "|")
        let iterated = Log<Int>()
        let generated = Signal<Int, TestError>.generate(
            initial: 10, condition: { $0 < 10 },
            iterate: {
                iterated.append($0)
                return $0 + 1
            })
        try scheduler.expect(generated.map(String.init), toEmit: "|")
        #expect(iterated.count == 0)
        // The largest range that fits: count 0 at the very top of the type, and one value there.
        #expect(eventsOf(Signal<Int8, Never>.range(start: .max, count: 0)) == [.completed])
        #expect(eventsOf(Signal<Int8, Never>.range(start: .max, count: 1)) == [.next(.max), .completed])
    }

    // MARK: disposal stops the loop at once

    @Test("take(3) of a range of Int.max values sends exactly 3 values upstream and stops")
    func rangeStopsWhenDisposed() {
        let sent = Log<Int>()
        let signal = Signal<Int, Never>.range(start: 0, count: .max).doNext { sent.append($0) }.take(3)
        #expect(eventsOf(signal) == [.next(0), .next(1), .next(2), .completed])
        #expect(sent.all == [0, 1, 2])
    }

    @Test("take(3) of an endless generate calls iterate only for the values before the disposal")
    func generateStopsWhenDisposed() {
        let calls = Log<String>()
        let signal = Signal<Int, Never>.generate(
            initial: 0,
            condition: {
                calls.append("condition(\($0))")
                return true
            },
            iterate: {
                calls.append("iterate(\($0))")
                return $0 + 1
            }
        ).take(3)
        #expect(eventsOf(signal) == [.next(0), .next(1), .next(2), .completed])
        #expect(
            calls.all == ["condition(0)", "iterate(0)", "condition(1)", "iterate(1)", "condition(2)"])
    }

    @Test("take(2) of a huge repeatElement stops after the second value")
    func repeatElementStopsWhenDisposed() {
        let sent = Log<String>()
        let signal = Signal<String, Never>.repeatElement("a", count: .max).doNext { sent.append($0) }.take(2)
        #expect(eventsOf(signal) == [.next("a"), .next("a"), .completed])
        #expect(sent.count == 2)
    }

    @Test("a subscriber that disposes itself from its own callback stops the loop")
    func disposedFromCallback() {
        let log = Log<String>()
        let box = Locked<Subscriber<Int, Never>?>(nil)
        let subscriber = Subscriber<Int, Never> { event in
            switch event {
            case .next(let value):
                log.append("\(value)")
                if value == 1 { box.current?.dispose() }
            case .error(let never): switch never {}
            case .completed: log.append("|")
            }
        }
        box.withValue { $0 = subscriber }
        Signal<Int, Never>.range(start: 0, count: .max).subscribe(subscriber)
        box.withValue { $0 = nil }
        #expect(log.all == ["0", "1"])
    }

    @Test("an error after the values: a creation signal never fails, an operator after it may")
    func errorDownstream() throws {
        let signal = Signal<Int, TestError>.range(start: 1, count: 5).flattenMap { value in
            value == 3 ? Signal(error: TestError(1)) : Signal(value: String(value))
        }
        try scheduler.expect(signal, toEmit: "(12#)", error: TestError(1))
    }
}

@Suite("Creation: bad counts are programmer errors")
struct GenerateBadInputTests {
    @Test("range(start:count: -1) stops with a message naming the call and the count")
    func negativeRangeCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.range(start: 0, count: -1)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Signal.range(start:count:)"))
        #expect(message.contains("count must be >= 0, got -1"))
    }

    @Test("a range past the end of its type stops with a message naming the call and its input")
    func rangeOverflow() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int8, Never>.range(start: 120, count: 9)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Signal.range(start:count:)"))
        #expect(message.contains("start + count - 1 must fit in Int8, got start 120, count 9"))
    }

    @Test("repeatElement(_:count: -3) stops with a message naming the call and the count")
    func negativeRepeatCount() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = Signal<Int, Never>.repeatElement(1, count: -3)
        }
        let message = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(message.contains("Signal.repeatElement(_:count:)"))
        #expect(message.contains("count must be >= 0, got -3"))
    }
}
