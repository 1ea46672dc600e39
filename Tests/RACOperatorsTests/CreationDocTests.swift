import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The creation functions' doc marbles (RACCore's Signal(value:) … Signal.defer, RACSchedulers'
// startEagerly and startLazily, and the PullSequence → Signal bridges), played through the real
// functions on a TestScheduler and drawn as Docs/marbles pictures (issue 20, item 3), as
// OperatorsDocTests does for the operators. A creation marble has no input signal: each of its
// lines is what one subscriber receives, counted from the moment it subscribes.

/// One subscriber of a creation function's doc marble: the marble's line it must receive, the
/// signal it subscribes to, and the frame (from time zero) at which it subscribes.
struct CreationSubscriber {
    /// The line's label in the doc marble.
    let line: String
    /// The signal the subscriber records.
    let signal: Signal<String, TestError>
    /// The frame at which it subscribes.
    var subscribeAt = 0
    /// Its label in the picture (the line's label by default).
    var label: String?
    /// Its marble, for a doc line that gives several (`first subscriber (1|), second (2|)`); by
    /// default the marble of `line`.
    var marble: String?
}

/// Plays the doc marble of the creation function `declaration` (in `Sources/<file>`): builds a
/// cold signal for each label in `inputs`, hands them to `subscribers`, and expects each subscriber
/// to receive its line's marble from the frame it subscribes at (a marble without `|` or `#`, as
/// `never`'s, is recorded for its length, and drawn with that subscription under it). Then checks
/// `Docs/marbles/<picture>.svg`: the inputs alone, then what each subscriber received, in frames
/// from time zero. Names stand for
/// themselves and `#` is `TestError(1)`; every signal must be released once the test returns.
func checkCreationDoc(
    _ file: String, _ declaration: String, inputs: [String] = [], picture: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ subscribers: ([Signal<String, TestError>], TestScheduler) -> [CreationSubscriber]
) throws {
    let doc = try docMarble(file, declaration)
    let scheduler = TestScheduler(checksRelease: true)
    var timelines: [MarbleDiagram.Timeline] = []
    var signals: [Signal<String, TestError>] = []
    for label in inputs {
        guard let marble = doc.marble(label, sourceLocation: sourceLocation) else { return }
        signals.append(try scheduler.createColdSignal(marble, values: letters, error: TestError(1)))
        let alone = TestScheduler()
        let recorder = alone.record(try alone.createColdSignal(marble, values: letters, error: TestError(1)))
        alone.run()
        timelines.append(.init(label, events: recorder.events, on: alone))
    }
    var recorded: [(CreationSubscriber, String, TestRecorder<String, TestError>)] = []
    for subscriber in subscribers(signals, scheduler) {
        guard let marble = subscriber.marble ?? doc.marble(subscriber.line, sourceLocation: sourceLocation)
        else { return }
        let ends = marble.contains("|") || marble.contains("#")
        let expected = String(repeating: "-", count: subscriber.subscribeAt) + marble
        let recorder = scheduler.record(
            subscriber.signal, subscribeAt: subscriber.subscribeAt, disposeAt: ends ? nil : expected.count)
        recorded.append((subscriber, expected, recorder))
        watchRelease(
            subscriber.signal, "\(subscriber.line) of \(declaration)", sourceLocation: sourceLocation)
    }
    for (label, signal) in zip(inputs, signals) {
        watchRelease(signal, "the input \(label) of \(declaration)", sourceLocation: sourceLocation)
    }
    scheduler.run()
    for (subscriber, expected, recorder) in recorded {
        #expect(
            try recorder.events == recordedEvents(expected, values: letters, error: TestError(1)),
            "\(declaration): \(subscriber.line) must receive \(expected) (frames from time zero)",
            sourceLocation: sourceLocation)
        recorder.dispose()
        var timeline = MarbleDiagram.Timeline(
            subscriber.label ?? subscriber.line, events: recorder.events, on: scheduler)
        if !expected.contains("|"), !expected.contains("#") {
            // Nothing ends it but the disposal: its subscription shows how long it was watched.
            timeline.spans = [.init(from: subscriber.subscribeAt, to: expected.count)]
        }
        timelines.append(timeline)
    }
    try checkPicture(
        MarbleDiagram(timelines), named: pictureName(picture), drawnBy: declaration,
        sourceLocation: sourceLocation)
}

extension OperatorsDocTests {
    @Test("Signal(value:), Signal(error:), Signal.try, Signal(values:), empty, never")
    func constantCreation() throws {
        let file = "RACCore/Signal/SignalFactories.swift"
        try checkCreationDoc(file, "public convenience init(value:", picture: "Signal(value: a)") { _, _ in
            [CreationSubscriber(line: "Signal(value: a)", signal: Signal(value: "a"))]
        }
        try checkCreationDoc(file, "public convenience init(error:", picture: "Signal(error: e)") { _, _ in
            [CreationSubscriber(line: "Signal(error: e)", signal: Signal(error: TestError(1)))]
        }
        try checkCreationDoc(file, "public static func `try`", picture: "Signal.try { throw e }") { _, _ in
            [
                CreationSubscriber(
                    line: "Signal.try { a }", signal: Signal.try { () throws(TestError) in "a" }),
                CreationSubscriber(
                    line: "Signal.try { throw e }",
                    signal: Signal.try { () throws(TestError) in throw TestError(1) }),
            ]
        }
        try checkCreationDoc(
            file, "public convenience init<Values: Sequence>(values:", picture: "Signal(values: [a, b, c])"
        ) { _, _ in
            [CreationSubscriber(line: "Signal(values: [a, b, c])", signal: Signal(values: ["a", "b", "c"]))]
        }
        try checkCreationDoc(file, "public static var empty", picture: "empty") { _, _ in
            [CreationSubscriber(line: "empty", signal: .empty)]
        }
        try checkCreationDoc(file, "public static var never", picture: "never") { _, _ in
            [CreationSubscriber(line: "never", signal: .never)]
        }
    }

    @Test("Signal { … } and Signal.defer: two subscribers each")
    func closureCreation() throws {
        let create = "Signal { s in s.sendNext(a); s.sendNext(b); s.sendCompleted(); return nil }"
        try checkCreationDoc("RACCore/Signal/Signal.swift", "public init(name:", picture: create) { _, _ in
            let signal = Signal<String, TestError> { s in
                s.sendNext("a")
                s.sendNext("b")
                s.sendCompleted()
                return nil
            }
            return [
                CreationSubscriber(line: create, signal: signal),
                CreationSubscriber(line: "second subscription", signal: signal),
            ]
        }
        // `defer`'s line gives both subscribers' marbles after its label:
        // `first subscriber (1|), second (2|)`.
        let file = "RACCore/Signal/SignalFactories.swift"
        let doc = try docMarble(file, "public static func `defer`")
        let label = "defer { Signal(value: counter += 1) }"
        let line = try #require(
            doc.lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + ":") })
        let marbles = line.split(separator: " ").filter { $0.hasPrefix("(") }.map {
            String($0.trimmingCharacters(in: CharacterSet(charactersIn: ",")))
        }
        try #require(marbles.count == 2, "defer's doc line names two marbles: \(line)")
        try checkCreationDoc(file, "public static func `defer`", picture: label) { _, _ in
            var counter = 0
            let signal = Signal<String, TestError>.defer {
                counter += 1
                return Signal(value: String(counter))
            }
            return [
                CreationSubscriber(
                    line: label, signal: signal, label: "first subscriber", marble: marbles[0]),
                CreationSubscriber(
                    line: label, signal: signal, label: "second subscriber", marble: marbles[1]),
            ]
        }
    }

    @Test("startEagerly and startLazily: a subscriber while the block runs, and one after it has finished")
    func startedCreation() throws {
        let file = "RACSchedulers/SignalStart.swift"
        // The block sends what the input `block sends` sends; the late subscriber subscribes in
        // the frame after the block's last event.
        try checkCreationDoc(
            file, "public static func startEagerly(", inputs: ["block sends"], picture: "subscriber after"
        ) { inputs, scheduler in
            let block = inputs[0]
            let signal = Signal<String, TestError>.startEagerly(on: scheduler) { _ = block.subscribe($0) }
            return [
                CreationSubscriber(line: "subscriber before", signal: signal),
                CreationSubscriber(line: "subscriber after", signal: signal, subscribeAt: 5),
            ]
        }
        try checkCreationDoc(
            file, "public static func startLazily(", inputs: ["block sends"], picture: "subscriber 2"
        ) { inputs, scheduler in
            let block = inputs[0]
            let signal = Signal<String, TestError>.startLazily(on: scheduler) { _ = block.subscribe($0) }
            return [
                CreationSubscriber(line: "subscriber 1", signal: signal),
                CreationSubscriber(line: "subscriber 2", signal: signal, subscribeAt: 5),
            ]
        }
    }

    @Test("PullSequence's signal and signal(on:)")
    func sequenceSignals() throws {
        let values = "PullSequence(values: [a, b, c]).signal"
        let file = "RACCore/PullSequence/PullSequenceSignal.swift"
        try checkCreationDoc(file, "public var signal:", picture: values) { _, _ in
            [
                CreationSubscriber(
                    line: values,
                    signal: PullSequence(values: ["a", "b", "c"]).signal.promoteError(TestError.self))
            ]
        }
        let scheduled = values + "(on: scheduler)"
        try checkCreationDoc(
            "RACSchedulers/PullSequenceScheduling.swift", "public func signal(on", picture: scheduled
        ) { _, scheduler in
            [
                CreationSubscriber(
                    line: scheduled,
                    signal: PullSequence(values: ["a", "b", "c"]).signal(on: scheduler).promoteError(
                        TestError.self))
            ]
        }
    }
}

/// The entries of the part of Docs/Operators.md between the heading `start` and the next heading
/// of its level or above: each entry's name (its `###` heading) and text.
private func operatorEntries(after start: String) throws -> [(name: String, text: String)] {
    let page = try String(
        contentsOf: packageRoot().appendingPathComponent("Docs/Operators.md"), encoding: .utf8)
    let level = String(start.prefix { $0 == "#" })
    guard let begin = page.range(of: "\n\(start)\n") else {
        Issue.record("Docs/Operators.md has no heading \"\(start)\"")
        return []
    }
    var section = String(page[begin.upperBound...])
    for heading in Set(["\n# ", "\n\(level) "]) {
        if let end = section.range(of: heading) { section = String(section[..<end.lowerBound]) }
    }
    return section.components(separatedBy: "\n### ").dropFirst().map { entry in
        (String(entry.prefix { $0 != "\n" }), entry)
    }
}

/// The file names of the pictures an entry of Docs/Operators.md shows (`marbles/<name>.svg`).
private func pictures(in entry: String) -> [String] {
    entry.components(separatedBy: "](marbles/").dropFirst().compactMap { rest in
        rest.range(of: ".svg)").map { String(rest[..<$0.lowerBound]) + ".svg" }
    }
}

extension OperatorsDocTests {
    @Test("Docs/Operators.md: every creation function with a marble shows a picture that exists")
    func creationPicturesExist() throws {
        let entries = try operatorEntries(after: "## creation")
        let names = entries.map(\.name)
        for creation in [
            "`Signal(name:_:)`", "`Signal(value:)`", "`Signal(error:)`", "`Signal.try(_:)`",
            "`Signal(values:)`",
            "`Signal.empty`", "`Signal.never`", "`Signal.defer(_:)`", "`Signal.startEagerly(on:_:)`",
            "`Signal.startLazily(on:_:)`",
        ] {
            #expect(names.contains(creation), "Docs/Operators.md lists no creation function \(creation)")
        }
        // The PullSequence members that make a signal have time marbles, drawn likewise.
        let bridges = try operatorEntries(after: "## PullSequence bridges").filter {
            ["`signal`", "`signal(on:)`"].contains($0.name)
        }
        #expect(bridges.count == 2, "Docs/Operators.md lists PullSequence's signal and signal(on:)")
        for (name, text) in entries + bridges where text.contains("```") {
            let shown = pictures(in: text)
            #expect(
                shown.count == 1,
                "\(name) has a marble in Docs/Operators.md but shows \(shown.count) pictures")
            for picture in shown {
                let path = packageRoot().appendingPathComponent("Docs/marbles/\(picture)").path
                #expect(
                    FileManager.default.fileExists(atPath: path),
                    "\(name) shows Docs/marbles/\(picture), missing")
            }
        }
    }
}
