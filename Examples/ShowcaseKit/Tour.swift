import Foundation
import RACFoundationBridge
import RACTesting

/// `rac-showcase tour`: short demos of every module, each printing the events it observes.
///
/// Every demo is deterministic (virtual time, or real queues waited for with blocking operators),
/// so the tour prints the same lines on every run.
public struct Tour {
    /// One demo: a title, the module it shows, and the code.
    public struct Demo: Sendable {
        /// A short name, used by `rac-showcase tour <name>`.
        public let name: String
        /// The heading printed before the demo's events.
        public let title: String
        /// The module the demo is about.
        public let module: String
        let run: @Sendable (Output) async throws -> Void
    }

    /// Every demo, in the order the tour runs them.
    public static let demos: [Demo] = [
        Demo(name: "cold-hot", title: "cold signals and hot subjects", module: "RACCore", run: coldVersusHot),
        Demo(name: "replay", title: "replay and behavior subjects", module: "RACCore", run: replay),
        Demo(name: "disposal", title: "disposal", module: "RACCore", run: disposal),
        Demo(name: "sequences", title: "pull sequences", module: "RACCore", run: sequences),
        Demo(name: "operators", title: "operators: a login form", module: "RACOperators", run: operators),
        Demo(
            name: "switch", title: "flattenMap and switchToLatest", module: "RACOperators",
            run: higherOrder),
        Demo(name: "schedulers", title: "schedulers", module: "RACSchedulers", run: schedulers),
        Demo(
            name: "marbles", title: "virtual time and marbles", module: "RACTesting", run: marbles),
        Demo(name: "command", title: "commands", module: "RACOperators", run: command),
        Demo(name: "channel", title: "channels: two-way binding", module: "RACOperators", run: channel),
        Demo(
            name: "foundation", title: "Foundation bridges", module: "RACFoundationBridge",
            run: foundation),
        Demo(name: "async", title: "async/await", module: "RACOperators", run: concurrency),
    ]

    /// Runs the demos named in `names` (every demo when empty), printing to `output`.
    /// - Throws: `TourError.unknownDemo` for a name that is not a demo's.
    public static func run(_ names: [String] = [], output: Output) async throws {
        var chosen: [Demo] = []
        for name in names {
            guard let demo = demos.first(where: { $0.name == name }) else {
                throw TourError.unknownDemo(name)
            }
            chosen.append(demo)
        }
        for demo in chosen.isEmpty ? demos : chosen {
            output.write("")
            output.write("== \(demo.title) (\(demo.module)) ==")
            try await demo.run(output)
        }
    }
}

/// A tour run that could not start.
public enum TourError: Error, CustomStringConvertible {
    /// No demo has this name.
    case unknownDemo(String)

    /// "no demo named x; the demos are: …".
    public var description: String {
        switch self {
        case .unknownDemo(let name):
            let names = Tour.demos.map(\.name).joined(separator: ", ")
            return "no demo named \"\(name)\"; the demos are: \(names)"
        }
    }
}

/// Subscribes to `signal` and writes every event with a label.
@discardableResult
private func show<Value, Failure: Error>(
    _ label: String, _ signal: Signal<Value, Failure>, to output: Output
) -> any Disposable {
    signal.observe { event in output.write("  \(label): \(event)") }
}

// MARK: - RACCore

private func coldVersusHot(_ output: Output) {
    output.write("A Signal is cold: its work runs once per subscription.")
    var runs = 0
    let cold = Signal<Int, Never> { subscriber in
        runs += 1
        subscriber.sendNext(runs * 10)
        subscriber.sendCompleted()
        return nil
    }
    show("first ", cold, to: output)
    show("second", cold, to: output)

    output.write("A Subject is hot: subscribers see only what is sent after they arrive.")
    let subject = Subject<String, Never>()
    subject.sendNext("lost: nobody listening")
    let early = show("early", subject, to: output)
    subject.sendNext("a")
    let late = show("late ", subject, to: output)
    subject.sendNext("b")
    subject.sendCompleted()
    show("after the end", subject, to: output)
    early.dispose()
    late.dispose()
}

private func replay(_ output: Output) {
    output.write("ReplaySubject(capacity: 2): a late subscriber gets the last two values and the end.")
    let subject = ReplaySubject<Int, Never>(capacity: 2)
    for value in 1...4 { subject.sendNext(value) }
    subject.sendCompleted()
    show("late", subject, to: output)

    output.write("BehaviorSubject: the current value first, then changes.")
    let temperature = BehaviorSubject<Double, Never>(value: 20.5)
    let subscription = show("thermometer", temperature, to: output)
    temperature.sendNext(21.0)
    subscription.dispose()
}

private func disposal(_ output: Output) {
    output.write("dispose() runs the cleanup once; nothing arrives afterwards.")
    let subject = Subject<Int, Never>()
    let signal = Signal<Int, Never> { subscriber in
        let inner = subject.subscribe(subscriber)
        return CompoundDisposable([inner, ActionDisposable { output.write("  cleanup ran") }])
    }
    let subscription = show("numbers", signal, to: output)
    subject.sendNext(1)
    subscription.dispose()
    subscription.dispose()
    subject.sendNext(2)
    output.write("  subject subscribers left: \(subject.subscriberCount)")
}

private func sequences(_ output: Output) {
    output.write("PullSequence (RAC's RACSequence): lazy, pulled value by value.")
    let squares = [1, 2, 3, 4, 5].rac.sequence.map { $0 * $0 }.filter { $0 % 2 == 1 }
    output.write("  odd squares: \(squares.array)")
    output.write("  foldLeft(0, +): \(squares.foldLeft(0, +))")
    output.write("  head: \(squares.head.map(String.init) ?? "none"), tail: \(squares.tail.array)")
    show("as a signal", squares.signal, to: output)
}

// MARK: - RACOperators

private func operators(_ output: Output) {
    output.write("combineLatest + map + distinctUntilChanged: is the form valid?")
    let username = Subject<String, Never>()
    let password = Subject<String, Never>()
    let valid = Signal.combineLatest(username, password)
        .map { name, secret in !name.isEmpty && secret.count >= 8 }
        .distinctUntilChanged()
    let subscription = show("valid", valid, to: output)
    username.sendNext("ada")
    password.sendNext("short")
    password.sendNext("correct horse")
    username.sendNext("ada lovelace")
    username.sendNext("")
    subscription.dispose()

    output.write("scan: a running total.")
    show("total", Signal<Int, Never>(values: [5, 10, 20]).scan(0, +), to: output)
}

private func higherOrder(_ output: Output) {
    output.write("flattenMap: each value starts a signal; their values merge.")
    let letters = Signal<String, Never>(values: ["a", "b"]).flattenMap { letter in
        Signal<Int, Never>(values: [1, 2]).map { "\(letter)\($0)" }
    }
    show("flattenMap", letters, to: output)

    output.write("switchToLatest: only the latest inner signal is forwarded.")
    let outer = Subject<Signal<String, Never>, Never>()
    let first = Subject<String, Never>()
    let second = Subject<String, Never>()
    let subscription = show("latest", outer.switchToLatest(), to: output)
    outer.sendNext(first)
    first.sendNext("first: 1")
    outer.sendNext(second)
    first.sendNext("first: 2")
    second.sendNext("second: 1")
    output.write("  (\"first: 2\" was dropped: first was no longer the latest)")
    subscription.dispose()
}

private func command(_ output: Output) {
    output.write("A Command runs work for an input and tells whether it is executing.")
    let scheduler = TestScheduler()
    let save = Command<String, String, Never>(scheduler: scheduler) { document in
        Signal(value: "saved \(document)").delay(scheduler.frames(3), on: scheduler)
    }
    let executing = save.executing.subscribe(next: { value in
        output.write("  frame \(scheduler.currentFrame): executing = \(value)")
    })
    let enabled = save.enabled.subscribe(next: { value in
        output.write("  frame \(scheduler.currentFrame): enabled = \(value)")
    })
    save.execute("notes").observe { event in
        output.write("  frame \(scheduler.currentFrame): execute(\"notes\"): \(event)")
    }
    scheduler.advance()
    save.execute("again").observe { event in
        output.write("  frame \(scheduler.currentFrame): execute(\"again\"): \(event)")
    }
    scheduler.run()
    executing.dispose()
    enabled.dispose()
}

private func channel(_ output: Output) {
    output.write("A Channel connects two parties; <~> binds two terminals both ways.")
    let model = Channel<String>()
    let view = Channel<String>()
    model.leadingTerminal.subscribe(next: { output.write("  model got: \($0)") })
    view.leadingTerminal.subscribe(next: { output.write("  view got:  \($0)") })
    model.leadingTerminal.sendNext("from the model")
    let binding = view.followingTerminal <~> model.followingTerminal
    view.leadingTerminal.sendNext("from the view")
    binding.dispose()
}

// MARK: - RACSchedulers

private func schedulers(_ output: Output) {
    output.write("Scheduler.immediate runs an action at once, on this thread.")
    Scheduler.immediate.schedule { output.write("  immediate: ran inside schedule") }
    output.write("  immediate: schedule returned")

    output.write("subscribe(on:) moves the subscription; deliver(on:) moves the events.")
    let background = QueueScheduler(name: "tour.background")
    let interface = QueueScheduler(name: "tour.interface")
    let work = Signal<String, Never> { subscriber in
        subscriber.sendNext("work ran on \(Scheduler.current?.name ?? "no scheduler")")
        subscriber.sendCompleted()
        return nil
    }
    let lines =
        work
        .subscribe(on: background)
        .deliver(on: interface)
        .map { "\($0), delivered on \(Scheduler.current?.name ?? "no scheduler")" }
        .toArray()
    for line in lines { output.write("  \(line)") }

    output.write("scheduleRecursive: a loop without stack growth.")
    var count = 0
    Scheduler.immediate.scheduleRecursive { reschedule in
        count += 1
        if count < 100_000 { reschedule() }
    }
    output.write("  rescheduled \(count) times")
}

// MARK: - RACTesting

/// A marble of recorded events: one character per frame of `scheduler`.
private func marble<Value, Failure>(
    _ recorder: TestRecorder<Value, Failure>, on scheduler: TestScheduler
) -> String {
    var frames: [Int: [String]] = [:]
    for recorded in recorder.events {
        let frame = Int(recorded.time / scheduler.frameDuration)
        let token: String
        switch recorded.value {
        case .next(let value): token = "\(value)"
        case .error: token = "#"
        case .completed: token = "|"
        }
        frames[frame, default: []].append(token)
    }
    let last = frames.keys.max() ?? 0
    return (0...last).map { frame in
        guard let tokens = frames[frame] else { return "-" }
        return tokens.count == 1 ? tokens[0] : "(\(tokens.joined()))"
    }.joined()
}

private func marbles(_ output: Output) throws {
    output.write("A TestScheduler runs time operators in virtual time: one marble frame each.")
    let scheduler = TestScheduler()
    scheduler.failureReporter = FailureReporter { failure in
        output.write("  expectation failed: \(failure)")
    }
    let typing = "-a-b-----c-d-|"
    let source = try scheduler.createColdSignal(typing)
    let played = scheduler.record(source)
    let throttled = scheduler.record(source.throttle(scheduler.frames(3), on: scheduler))
    let delayed = scheduler.record(source.delay(scheduler.frames(2), on: scheduler))
    scheduler.run()
    output.write("  source:       \(typing)")
    output.write("  throttle(3):  \(marble(throttled, on: scheduler))")
    output.write("  delay(2):     \(marble(delayed, on: scheduler))")

    output.write("expect(_:toEmit:) compares a signal with a marble.")
    let tests = TestScheduler()
    tests.failureReporter = scheduler.failureReporter
    let numbers = try tests.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
    let held = try tests.expect(numbers.map { $0 * 10 }, toEmit: "-x-y-|", values: ["x": 10, "y": 20])
    output.write("  -a-b-| mapped * 10 is -x-y-|: \(held)")
    let subscribed = try tests.expect(numbers, toHaveSubscriptions: ["^----!"])
    output.write("  subscribed from frame 0 to frame 5 (^----!): \(subscribed)")

    output.write("MarbleDiagram draws recorded events as an SVG picture.")
    let diagram = MarbleDiagram([
        .init("source", events: played.events, on: scheduler),
        .init("throttle(3)", events: throttled.events, on: scheduler),
        .init("delay(2)", events: delayed.events, on: scheduler),
    ])
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("rac-showcase-marbles.svg")
    try diagram.svg().write(to: file, atomically: true, encoding: .utf8)
    output.write("  the three lines above as a picture: \(file.path)")
}

// MARK: - RACFoundationBridge

private func foundation(_ output: Output) throws {
    output.write("NotificationCenter: one observer per subscription, removed on dispose.")
    let center = NotificationCenter()
    let name = Notification.Name("tour.settingsChanged")
    let subscription = show(
        "notification", center.rac.notifications(named: name).map(\.name.rawValue), to: output)
    center.post(name: name, object: nil)
    subscription.dispose()
    center.post(name: name, object: nil)

    output.write("FileHandle: the lines of a pipe, read in the background.")
    let pipe = Pipe()
    pipe.fileHandleForWriting.write(Data("first line\nsecond line\r\nlast, no newline".utf8))
    try pipe.fileHandleForWriting.close()
    let lines = try pipe.fileHandleForReading.rac.lines().toArray()
    for line in lines { output.write("  line: \(line)") }
}

// MARK: - Concurrency

private func concurrency(_ output: Output) async {
    output.write("signal.values is an AsyncSequence; Signal { try await … } wraps async work.")
    for await value in Signal<Int, Never>(values: [1, 2, 3]).map({ $0 * 2 }).values {
        output.write("  for await: \(value)")
    }
    let answer = Signal<Int, Never> { 6 * 7 }
    output.write("  await first(): \(await answer.first() ?? 0)")
}
