import Foundation
import RACOperators
import RACTestSupport
import RACTesting
import Testing

// The marbles in the operators' doc comments are what Docs/Operators.md shows. These tests read
// them from the sources and play them on a TestScheduler, so a doc marble that does not match the
// operator fails here. Every name in a doc marble is a `String` standing for itself, unless the
// line gives a legend (`x = (1, a), y = …`); `#` is `TestError(1)`; a marble ending in `…` runs until
// its last frame. Operators whose doc marble is only a sketch (`a-a-a…` cases, nested inputs)
// are checked by the Marble*Tests instead.

/// The marble block of one doc comment: each line's label and first marble token, and the legends.
struct DocMarble {
    var marbles: [String: String] = [:]
    var legend: [String: String] = [:]
    /// The lines of the block as written (for a line whose marbles follow no label).
    var lines: [String] = []

    /// The marble labelled `label`; a recorded issue if there is none.
    func marble(_ label: String, sourceLocation: SourceLocation) -> String? {
        guard let marble = marbles[label] else {
            Issue.record(
                "the doc marble has no line labelled \"\(label)\": \(marbles)", sourceLocation: sourceLocation
            )
            return nil
        }
        return marble
    }
}

/// Reads the doc comment above the declaration line that starts with `declaration` in
/// `Sources/<file>` (a file, or a folder: a family of operators), and returns its ``` block,
/// parsed. If no such file holds it, every Swift file of the same module is searched; the
/// declaration must then be in exactly one of them, or in exactly one file of the folder.
func docMarble(_ file: String, _ declaration: String) throws -> DocMarble {
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        root = root.deletingLastPathComponent()
    }
    let starts = { (line: String) in line.trimmingCharacters(in: .whitespaces).hasPrefix(declaration) }
    let module = root.appendingPathComponent("Sources/\(file.split(separator: "/")[0])")
    var candidates = [root.appendingPathComponent("Sources/\(file)")]
    if let files = FileManager.default.enumerator(at: module, includingPropertiesForKeys: nil) {
        candidates += files.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
    }
    let texts = candidates.compactMap { try? String(contentsOf: $0, encoding: .utf8) }
    var holding = texts.filter { $0.components(separatedBy: "\n").contains(where: starts) }
    // A family folder given: its own files win over same-named declarations elsewhere in the
    // module (`map` on `Property`, in Bindings, beside `Signal.map` in Transform).
    let folder = candidates[0].path + "/"
    let inFolder = candidates.dropFirst().filter { $0.path.hasPrefix(folder) }
        .compactMap { try? String(contentsOf: $0, encoding: .utf8) }
        .filter { $0.components(separatedBy: "\n").contains(where: starts) }
    if inFolder.count == 1 { holding = inFolder }
    guard let text = holding.first, holding.count == 1 || holding[0] == texts.first else {
        Issue.record("\(holding.count) files of \(module.lastPathComponent) declare \"\(declaration)\"")
        return DocMarble()
    }
    let lines = text.components(separatedBy: "\n")
    guard var index = lines.firstIndex(where: starts) else {
        Issue.record("no declaration starting with \"\(declaration)\" in \(file)")
        return DocMarble()
    }
    // A continuation line of a long signature: go up to its `public` line.
    while index > 0, !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("public") { index -= 1 }
    var above = index - 1
    while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("@") { above -= 1 }
    var doc: [String] = []
    while above >= 0, lines[above].trimmingCharacters(in: .whitespaces).hasPrefix("///") {
        doc.insert(String(lines[above].trimmingCharacters(in: .whitespaces).dropFirst(3)), at: 0)
        above -= 1
    }
    var block: [String] = []
    var inBlock = false
    for line in doc {
        if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
            if inBlock { break }
            inBlock = true
        } else if inBlock {
            block.append(line)
        }
    }
    var parsed = DocMarble(lines: block)
    for line in block {
        guard let (label, rest) = splitLabel(line) else { continue }
        let tokens = rest.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = tokens.first else { continue }
        if parsed.marbles[label] == nil { parsed.marbles[label] = String(first) }
        let remainder = String(rest[rest.range(of: first)!.upperBound...])
        for (name, value) in legend(remainder) { parsed.legend[name] = value }
        for (name, value) in innerMarbles(remainder) where parsed.marbles[name] == nil {
            parsed.marbles[name] = value
        }
    }
    return parsed
}

/// `x: a--b|   y: c-d|` (inner signals written after a marble) → ["x": "a--b|", "y": "c-d|"].
private func innerMarbles(_ text: String) -> [String: String] {
    guard let regex = try? NSRegularExpression(pattern: #"(\w+): ([-\w()|#]*[-|#][-\w()|#]*)(?:\s|$)"#) else {
        return [:]
    }
    var result: [String: String] = [:]
    for match in regex.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        guard let name = Range(match.range(at: 1), in: text), let marble = Range(match.range(at: 2), in: text)
        else {
            continue
        }
        result[String(text[name])] = String(text[marble])
    }
    return result
}

/// Splits `label: marble …` at the first `: ` whose left side has balanced brackets.
private func splitLabel(_ line: String) -> (String, Substring)? {
    var depth = 0
    var index = line.startIndex
    while index < line.endIndex {
        let character = line[index]
        if "([{".contains(character) { depth += 1 }
        if ")]}".contains(character) { depth -= 1 }
        let next = line.index(after: index)
        if character == ":", depth == 0, next < line.endIndex, line[next] == " " {
            let label = line[..<index].trimmingCharacters(in: .whitespaces)
            return label.isEmpty ? nil : (label, line[next...].drop { $0 == " " })
        }
        index = next
    }
    return nil
}

/// `x = (1, a), y = [c]` → ["x": "(1, a)", "y": "[c]"].
private func legend(_ text: String) -> [String: String] {
    guard let regex = try? NSRegularExpression(pattern: #"(?:^|,\s+|\s)(\w+) = "#) else { return [:] }
    let range = NSRange(text.startIndex..., in: text)
    let matches = regex.matches(in: text, range: range)
    var result: [String: String] = [:]
    for (position, match) in matches.enumerated() {
        guard let name = Range(match.range(at: 1), in: text), let start = Range(match.range, in: text) else {
            continue
        }
        let end =
            position + 1 < matches.count
            ? Range(matches[position + 1].range, in: text)!.lowerBound : text.endIndex
        var value = text[start.upperBound..<end].trimmingCharacters(in: .whitespaces)
        if let colon = value.firstIndex(of: ":"), !value.hasPrefix("\"") { value = String(value[..<colon]) }
        if value.hasSuffix(",") { value.removeLast() }
        result[String(text[name])] = value.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
    }
    return result
}

/// Plays the doc marble of `declaration`: builds a cold signal for each label in `inputs`, applies
/// `apply`, and expects the marble labelled `output`; unless `draws` is false (a second operator
/// whose output label is the same), draws its picture (`drawDoc`). Names map through the legend, then stand
/// for themselves. The scheduler checks releases (a subscription that ends must release its
/// subscriber), and the signals must be released once the test has returned (`ReleaseCheck`).
/// `marbles` gives the marble of an input the doc writes in words (`cases: A: a-a-a…`).
private func checkDoc(
    _ file: String, _ declaration: String, inputs: [String], output: String, error: TestError? = TestError(1),
    draws: Bool = true, marbles: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: ([Signal<String, TestError>], TestScheduler) -> Signal<String, TestError>
) throws {
    var doc = try docMarble(file, declaration)
    doc.marbles.merge(marbles) { _, given in given }
    let scheduler = TestScheduler(checksRelease: true)
    var names = letters
    for (name, value) in doc.legend { names[name] = value }
    var signals: [Signal<String, TestError>] = []
    for label in inputs {
        guard let marble = doc.marble(label, sourceLocation: sourceLocation) else { return }
        signals.append(try scheduler.createColdSignal(marble, values: names, error: TestError(1)))
    }
    guard var expected = doc.marble(output, sourceLocation: sourceLocation) else { return }
    var disposeAt: Int?
    if expected.hasSuffix("…") {
        expected.removeLast()
        disposeAt = expected.count
    }
    let result = apply(signals, scheduler)
    for (label, signal) in zip(inputs, signals) {
        watchRelease(signal, "the input \(label) of \(declaration)", sourceLocation: sourceLocation)
    }
    watchRelease(result, "the result signal of \(declaration)", sourceLocation: sourceLocation)
    try scheduler.expect(
        result, toEmit: expected, values: names, error: error, disposeAt: disposeAt,
        sourceLocation: sourceLocation)
    guard draws else { return }
    try drawDoc(
        doc, declaration, inputs: inputs, output: output, names: names, disposeAt: disposeAt,
        sourceLocation: sourceLocation, apply)
}

/// Draws the doc marble of `declaration` as the operator plays it (issue 20, item 3): each input
/// alone, then the output of `apply` on them, each recorded on a scheduler of its own, and checks
/// that `Docs/marbles/<output label>.svg` holds that picture. `RAC_UPDATE_MARBLES=1 swift test
/// --filter OperatorsDocTests` rewrites the pictures; Docs/Operators.md shows them.
private func drawDoc(
    _ doc: DocMarble, _ declaration: String, inputs: [String], output: String, names: [String: String],
    disposeAt: Int?, sourceLocation: SourceLocation,
    _ apply: ([Signal<String, TestError>], TestScheduler) -> Signal<String, TestError>
) throws {
    var timelines: [MarbleDiagram.Timeline] = []
    for label in inputs {
        guard let marble = doc.marbles[label] else { return }
        let alone = TestScheduler()
        let recorder = alone.record(
            try alone.createColdSignal(marble, values: names, error: TestError(1)), disposeAt: disposeAt)
        alone.run()
        timelines.append(.init(label, events: recorder.events, on: alone))
    }
    let scheduler = TestScheduler()
    var signals: [Signal<String, TestError>] = []
    for label in inputs {
        signals.append(
            try scheduler.createColdSignal(doc.marbles[label] ?? "", values: names, error: TestError(1)))
    }
    let recorder = scheduler.record(apply(signals, scheduler), disposeAt: disposeAt)
    scheduler.run()
    recorder.dispose()
    timelines.append(.init(output, events: recorder.events, on: scheduler))
    try checkPicture(
        MarbleDiagram(timelines), named: pictureName(output), drawnBy: declaration,
        sourceLocation: sourceLocation)
}

/// Checks that `Docs/marbles/<name>.svg` holds `diagram`'s SVG; with `RAC_UPDATE_MARBLES` set,
/// writes it there first.
func checkPicture(
    _ diagram: MarbleDiagram, named name: String, drawnBy declaration: String, sourceLocation: SourceLocation
) throws {
    let svg = diagram.svg()
    let url = packageRoot().appendingPathComponent("Docs/marbles/\(name).svg")
    if ProcessInfo.processInfo.environment["RAC_UPDATE_MARBLES"] != nil {
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try svg.write(to: url, atomically: true, encoding: .utf8)
    }
    let committed = try? String(contentsOf: url, encoding: .utf8)
    #expect(
        committed == svg,
        "Docs/marbles/\(name).svg is not what \(declaration) draws: run RAC_UPDATE_MARBLES=1 swift test --filter OperatorsDocTests",
        sourceLocation: sourceLocation)
}

/// The file name of a doc marble's picture: its output label with every run of characters other
/// than ASCII letters and digits made one `-` (`map(*2)` → `map-2`); scripts/operators-table.py
/// finds the picture of an operator the same way.
func pictureName(_ label: String) -> String {
    var name = ""
    for scalar in label.unicodeScalars {
        if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
            name.unicodeScalars.append(scalar)
        } else if !name.isEmpty, !name.hasSuffix("-") {
            name += "-"
        }
    }
    return name.hasSuffix("-") ? String(name.dropLast()) : name
}

/// The folder of Package.swift.
func packageRoot() -> URL {
    var root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
        root = root.deletingLastPathComponent()
    }
    return root
}

/// `checkDoc` for an operator on one signal labelled `self`.
private func checkDoc(
    _ file: String, _ declaration: String, output: String, error: TestError? = TestError(1),
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: @escaping (Signal<String, TestError>) -> Signal<String, TestError>
) throws {
    try checkDoc(
        file, declaration, inputs: ["self"], output: output, error: error, sourceLocation: sourceLocation
    ) {
        signals, _ in apply(signals[0])
    }
}

/// "(t, f)" or "[t, f]" → [true, false].
private func booleans(_ text: String) -> [Bool] {
    text.dropFirst().dropLast().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) == "t" }
}

private func flag(_ value: Bool) -> String { value ? "t" : "f" }

@Suite("Doc-comment marbles of the operators are true", .checksRelease)
struct OperatorsDocTests {
    let transform = "RACOperators/Transform"

    let filter = "RACOperators/Filter"

    @Test("map, mapReplace, scan, aggregate, combinePrevious, tryMap, attempt, mapError")
    func transforms() throws {
        try checkDoc("RACOperators/Transform/Map.swift", "public func map<", output: "map(*2)") {
            $0.map { String(Int($0)! * 2) }
        }
        try checkDoc(transform, "public func mapReplace<", output: "mapReplace(x)") { $0.mapReplace("x") }
        try checkDoc(
            "RACOperators/Transform/ReduceEach.swift", "public func reduceEach<",
            output: "reduceEach { $0+$1 }"
        ) {
            $0.map { pair in
                let parts = pair.dropFirst().dropLast().split(separator: ",").map {
                    Int($0.trimmingCharacters(in: .whitespaces))!
                }
                return (parts[0], parts[1])
            }
            .reduceEach { String($0 + $1) }
        }
        try checkDoc("RACOperators/Transform/Scan.swift", "public func scan<", output: "scan(0, +)") {
            $0.scan(0) { $0 + Int($1)! }.map(String.init)
        }
        try checkDoc(
            "RACOperators/Transform/Scan.swift", "_ initial: Accumulation, withIndex reduce",
            output: "scan(\"\", withIndex: { $0 + \"\\($2)\" })"
        ) {
            $0.scan("", withIndex: { running, _, index in running + "\(index)" })
        }
        try checkDoc(
            "RACOperators/Transform/Aggregate.swift", "public func aggregate<", output: "aggregate(0, +)"
        ) {
            $0.aggregate(0) { $0 + Int($1)! }.map(String.init)
        }
        try checkDoc(transform, "public func collect(", output: "collect()") {
            $0.collect().map { "[" + $0.joined(separator: ", ") + "]" }
        }
        try checkDoc(transform, "public func combinePrevious<", output: "combinePrevious(0, +)") {
            $0.combinePrevious("0") { String(Int($0)! + Int($1)!) }
        }
        try checkDoc(transform, "public func tryMap<", output: "tryMap { $0 == 2 ? throw e : $0 }") {
            $0.tryMap { (value: String) throws(TestError) -> String in
                if value == "2" { throw TestError(1) }
                return value
            }
        }
        try checkDoc(transform, "public func attempt(", output: "attempt { if $0 == 2 { throw e } }") {
            $0.attempt { (value: String) throws(TestError) in
                if value == "2" { throw TestError(1) }
            }
        }
        try checkDoc(transform, "public func mapError<", output: "mapError { E2($0) }", error: TestError(2)) {
            $0.mapError { _ in TestError(2) }
        }
        try checkDoc(transform, "public func materialize(", output: "materialize()") {
            $0.materialize().map { event in
                switch event {
                case .next(let value): return ".next(\(value))"
                case .error: return ".error(e)"
                case .completed: return ".completed"
                }
            }
            .promoteError(TestError.self)
        }
    }

    @Test("not, and, or, reduceApply")
    func booleansAndReduceApply() throws {
        let boolean = "RACOperators/Transform/Boolean.swift"
        try checkDoc(boolean, "public func not(", output: "not()") { $0.map { $0 == "t" }.not().map(flag) }
        try checkDoc(boolean, "public func and(", output: "and()") { $0.map(booleans).and().map(flag) }
        try checkDoc(boolean, "public func or(", output: "or()") { $0.map(booleans).or().map(flag) }
        try checkDoc(
            "RACOperators/Transform/ReduceApply.swift", "public func reduceApply<A, NewValue>",
            output: "reduceApply()"
        ) {
            $0.map { text -> ((String) -> String, String) in
                let parts = text.dropFirst().dropLast().split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                let name = parts[0]
                return ({ "\(name)(\($0))" }, parts[1])
            }
            .reduceApply()
        }
    }

    @Test("filter, ignoreValues, distinctUntilChanged, ignore")
    func filters() throws {
        try checkDoc("RACOperators/Filter/Filter.swift", "public func filter(", output: "filter(isEven)") {
            $0.filter { Int($0)! % 2 == 0 }
        }
        try checkDoc(filter, "public func ignoreValues(", output: "ignoreValues()") { $0.ignoreValues() }
        try checkDoc(
            "RACOperators/Filter/DistinctUntilChanged.swift", "by isEquivalent:",
            output: "distinctUntilChanged(by: caseInsensitive)"
        ) {
            $0.distinctUntilChanged(by: { $0.lowercased() == $1.lowercased() })
        }
        try checkDoc(
            "RACOperators/Filter/DistinctUntilChanged.swift", "public func distinctUntilChanged()",
            output: "distinctUntilChanged()"
        ) {
            $0.distinctUntilChanged()
        }
        try checkDoc(filter, "public func ignore(", output: "ignore(1)") { $0.ignore("1") }
    }

    @Test("take, takeLast, take(until:), take(while:), skip, skip(until:), skip(while:)")
    func takesAndSkips() throws {
        try checkDoc(filter, "public func take(_ count", output: "take(2)") { $0.take(2) }
        try checkDoc(filter, "public func takeLast(", output: "takeLast(2)") { $0.takeLast(2) }
        try checkDoc(filter, "public func take(until predicate", output: "take(until: { $0 == 3 })") {
            $0.take(until: { $0 == "3" })
        }
        try checkDoc(filter, "public func take(while", output: "take(while: { $0 < 3 })") {
            $0.take(while: { Int($0)! < 3 })
        }
        try checkDoc(filter, "public func skip(_ count", output: "skip(2)") { $0.skip(2) }
        try checkDoc(filter, "public func skip(until", output: "skip(until: { $0 == 3 })") {
            $0.skip(until: { $0 == "3" })
        }
        try checkDoc(
            "RACOperators/Filter/Skip.swift", "public func skip(while", output: "skip(while: { $0 < 3 })"
        ) {
            $0.skip(while: { Int($0)! < 3 })
        }
    }

    @Test("take(until: trigger) and take(untilReplacement:)")
    func takeUntilSignals() throws {
        try checkDoc(
            filter, "until trigger: Signal", inputs: ["self", "trigger"], output: "take(until: trigger)"
        ) {
            signals, _ in signals[0].take(until: signals[1])
        }
        try checkDoc(
            filter, "public func take(untilReplacement", inputs: ["self", "replacement"],
            output: "take(untilReplacement: r)"
        ) { signals, _ in signals[0].take(untilReplacement: signals[1]) }
    }

    @Test("any and all")
    func anyAll() throws {
        try checkDoc(filter, "public func any(_ predicate", output: "any { $0 > 1 }") {
            $0.any { Int($0)! > 1 }.map(flag).promoteError(TestError.self)
        }
        try checkDoc(filter, "public func any()", output: "any()") {
            $0.any().map(flag).promoteError(TestError.self)
        }
        try checkDoc(filter, "public func all(", output: "all { $0 < 4 }") {
            $0.all { Int($0)! < 4 }.map(flag).promoteError(TestError.self)
        }
    }

    let time = "RACOperators/Time"

    @Test("throttle, delay, buffer, timeout, interval")
    func timeOperators() throws {
        try checkDoc(
            time, "public func throttle(_ interval: Duration, on scheduler: Scheduler) ", inputs: ["self"],
            output: "throttle(3)"
        ) {
            signals, scheduler in signals[0].throttle(scheduler.frames(3), on: scheduler)
        }
        try checkDoc(
            time, "_ interval: Duration, on scheduler: Scheduler, valuesPassingTest", inputs: ["self"],
            output: "throttle(3, valuesPassingTest:)"
        ) {
            signals, scheduler in
            signals[0].throttle(
                scheduler.frames(3), on: scheduler, valuesPassingTest: { $0 == $0.lowercased() })
        }
        try checkDoc(time, "public func delay(_ interval", inputs: ["self"], output: "delay(2)") {
            signals, scheduler in
            signals[0].delay(scheduler.frames(2), on: scheduler)
        }
        try checkDoc(time, "public func buffer(for", inputs: ["self"], output: "buffer(for: 4)") {
            signals, scheduler in
            signals[0].buffer(for: scheduler.frames(4), on: scheduler).map {
                "[" + $0.joined(separator: ", ") + "]"
            }
        }
        try checkDoc(
            time, "_ interval: Duration, on scheduler: Scheduler, raising", inputs: ["self"],
            output: "timeout(5)"
        ) {
            signals, scheduler in
            signals[0].timeout(scheduler.frames(5), on: scheduler, raising: TestError(1))
        }
        try checkDoc(time, "public static func interval(", inputs: [], output: "interval(2)") {
            _, scheduler in
            Signal.interval(scheduler.frames(2), on: scheduler).map(String.init).promoteError(TestError.self)
        }
    }

    @Test("startWith, concat, merge, then, sample")
    func combining() throws {
        let combine = "RACOperators/Combine"
        try checkDoc(combine, "public func startWith(", output: "startWith(z)") { $0.startWith("z") }
        try checkDoc(combine, "public func concat(_ other", inputs: ["self", "other"], output: "concat") {
            signals, _ in
            signals[0].concat(signals[1])
        }
        try checkDoc(combine, "public func merge(_ other", inputs: ["self", "other"], output: "merge") {
            signals, _ in
            signals[0].merge(signals[1])
        }
        try checkDoc(combine, "public func then<", inputs: ["self", "block()"], output: "then") {
            signals, _ in
            signals[0].then { signals[1] }
        }
        try checkDoc(combine, "public func sample<", inputs: ["self", "sampler"], output: "sample") {
            signals, _ in
            signals[0].sample(signals[1])
        }
    }

    @Test("combineLatest and zip")
    func latestAndZip() throws {
        try checkDoc(
            "RACOperators/Combine/CombineLatest.swift", "public func combineLatest<",
            inputs: ["self", "other"],
            output: "combineLatest(with:)"
        ) { signals, _ in signals[0].combineLatest(with: signals[1]).map { "(\($0), \($1))" } }
        try checkDoc(
            "RACOperators/Combine/CombineLatest.swift", "public static func combineLatest<each",
            inputs: ["a", "b", "c"],
            output: "combineLatest"
        ) { signals, _ in
            Signal.combineLatest(signals[0], signals[1], signals[2]).map { "(\($0), \($1), \($2))" }
        }
        try checkDoc(
            "RACOperators/Combine/Zip.swift", "public func zip<", inputs: ["self", "other"],
            output: "zip(with:)"
        ) { signals, _ in signals[0].zip(with: signals[1]).map { "(\($0), \($1))" } }
        try checkDoc(
            "RACOperators/Combine/Zip.swift", "public static func zip<each", inputs: ["a", "b", "c"],
            output: "zip"
        ) { signals, _ in Signal.zip(signals[0], signals[1], signals[2]).map { "(\($0), \($1), \($2))" } }
    }

    @Test("catch and catch(to:)")
    func catching() throws {
        let file = "RACOperators/HigherOrder"
        try checkDoc(
            file, "public func `catch`<NewFailure: Error>(", inputs: ["self", "handler"], output: "catch"
        ) {
            signals, _ in signals[0].catch { _ in signals[1] }
        }
        try checkDoc(
            file, "public func `catch`<NewFailure: Error>(to", inputs: ["self", "signal"],
            output: "catch(to:)"
        ) {
            signals, _ in signals[0].catch(to: signals[1])
        }
    }

    @Test(
        "flattenMap, flatten, flatten(1), concat(), switchToLatest, flatMapLatest, concatMap, flatMapFirst, exhaust, retry(when:)"
    )
    func higherOrder() throws {
        let file = "RACOperators/HigherOrder"
        try checkDoc(
            "RACOperators/HigherOrder/FlattenMap.swift", "public func flattenMap<",
            inputs: ["self", "transform(1)", "transform(2)"], output: "flattenMap"
        ) { signals, _ in signals[0].flattenMap { $0 == "1" ? signals[1] : signals[2] } }
        try checkDoc(
            file, "public func flatMapLatest<", inputs: ["self", "transform(1)", "transform(2)"],
            output: "flatMapLatest"
        ) { signals, _ in signals[0].flatMapLatest { $0 == "1" ? signals[1] : signals[2] } }
        try checkDoc(
            file, "public func concatMap<", inputs: ["self", "transform(1)", "transform(2)"],
            output: "concatMap"
        ) { signals, _ in signals[0].concatMap { $0 == "1" ? signals[1] : signals[2] } }
        try checkDoc(
            "RACOperators/HigherOrder/MapAndFlatten.swift", "maxConcurrent: Int, _ transform",
            inputs: ["self", "transform(1)", "transform(2)", "transform(3)"],
            output: "flattenMap(maxConcurrent: 2)"
        ) { signals, _ in signals[0].flattenMap(maxConcurrent: 2) { signals[Int($0)!] } }
        try checkDoc(
            file, "public func flatMapFirst<", inputs: ["self", "transform(1)", "transform(3)"],
            output: "flatMapFirst"
        ) { signals, _ in signals[0].flatMapFirst { $0 == "1" ? signals[1] : signals[2] } }
        try checkDoc(file, "public func exhaust<", inputs: ["self", "x", "y", "z"], output: "exhaust") {
            signals, _ in
            signals[0].map { ["x": signals[1], "y": signals[2], "z": signals[3]][$0]! }.exhaust()
        }
        try checkDoc(
            file, "public func retry<Trigger>", inputs: ["self"], output: "retry(when: { $0.delay(2) })"
        ) {
            signals, scheduler in
            signals[0].retry { $0.promoteError(TestError.self).delay(scheduler.frames(2), on: scheduler) }
        }
        let cases:
            [(String, String, (Signal<Signal<String, TestError>, TestError>) -> Signal<String, TestError>)] =
                [
                    ("public func flatten<Inner>() ", "flatten", { $0.flatten() }),
                    ("public func flatten<Inner>(_ maxConcurrent", "flatten(1)", { $0.flatten(1) }),
                    ("public func flatten<Inner>(_ maxConcurrent", "flatten(0)", { $0.flatten(0) }),
                    ("public func concat<Inner>()", "concat", { $0.concat() }),
                    ("public func switchToLatest<", "switchToLatest", { $0.switchToLatest() }),
                ]
        for (declaration, output, apply) in cases {
            // concat's picture is that of concat(_:), whose output label is the same.
            try checkDoc(
                file, declaration, inputs: ["self", "x", "y"], output: output, draws: output != "concat"
            ) {
                signals, _ in
                apply(signals[0].map { $0 == "x" ? signals[1] : signals[2] })
            }
        }
        // Optional inner signals: any name but x and y is nil.
        let optionalCases:
            [(String, (Signal<Signal<String, TestError>?, TestError>) -> Signal<String, TestError>)] = [
                (
                    "public func flatten<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure>?",
                    { $0.flatten() }
                ),
                (
                    "public func switchToLatest<Inner>() -> Signal<Inner, Failure> where Value == Signal<Inner, Failure>?",
                    { $0.switchToLatest() }
                ),
            ]
        for (declaration, apply) in optionalCases {
            let output = declaration.hasPrefix("public func flatten") ? "flatten" : "switchToLatest"
            // Drawn as the non-optional operator of the same label is.
            try checkDoc(file, declaration, inputs: ["self", "x", "y"], output: output, draws: false) {
                signals, _ in
                apply(signals[0].map { $0 == "x" ? signals[1] : $0 == "y" ? signals[2] : nil })
            }
        }
    }

    @Test("replay, replayLast, replayLazily, share(replay:scope:): every subscriber of each doc marble")
    func multicast() throws {
        let file = "RACOperators/Multicast"
        let cases: [(String, String, [Int], (Signal<String, TestError>) -> Signal<String, TestError>)] = [
            ("public func replay()", "replay()", [0, 4], { $0.replay() }),
            ("public func replayLast()", "replayLast()", [0, 4], { $0.replayLast() }),
            ("public func replayLazily()", "replayLazily()", [2, 6], { $0.replayLazily() }),
            (
                "public func replayLazily(capacity", "replayLazily(capacity: 1)", [2, 6],
                { $0.replayLazily(capacity: 1) }
            ),
            ("public func share(", "share(replay: 1)", [0, 4], { $0.share(replay: 1) }),
        ]
        for (declaration, name, frames, apply) in cases {
            try checkSubscribersDoc(
                file, declaration, subscribers: frames.map { "\(name), subscriber at \($0)" }, apply)
        }
    }
}

extension OperatorsDocTests {
    @Test("delaySubscription, timeout(fallback:), rateLimit beside throttle, doDisposed")
    func resilience() throws {
        let time = "RACOperators/Time"
        try checkDoc(
            time, "public func delaySubscription(", inputs: ["self"], output: "delaySubscription(3)"
        ) {
            signals, scheduler in signals[0].delaySubscription(scheduler.frames(3), on: scheduler)
        }
        try checkDoc(
            time, "_ interval: Duration, on scheduler: Scheduler, fallback", inputs: ["self", "fallback"],
            output: "timeout(5, fallback:)"
        ) {
            signals, scheduler in signals[0].timeout(scheduler.frames(5), on: scheduler, fallback: signals[1])
        }
        try checkDoc(time, "public func rateLimit(", inputs: ["self"], output: "rateLimit(5)") {
            signals, scheduler in signals[0].rateLimit(scheduler.frames(5), on: scheduler)
        }
        try checkDoc(time, "public func rateLimit(", inputs: ["self"], output: "throttle(5)") {
            signals, scheduler in signals[0].throttle(scheduler.frames(5), on: scheduler)
        }
        let sideEffects = "RACOperators/SideEffects"
        try checkDoc(sideEffects, "public func doDisposed(", output: "doDisposed(action)") {
            $0.doDisposed {}
        }
    }
}

/// `signal` as one that cannot fail (its error, which the doc marbles of the operators on such
/// signals never show, made a completion).
private func neverFailing(_ signal: Signal<String, TestError>) -> Signal<String, Never> {
    signal.catch { _ in Signal<String, Never>.empty }
}

extension OperatorsDocTests {
    @Test("skip(until: trigger), take(while:inclusive:), element(at:), single(), ifEmpty, sample(_:default:)")
    func filteringBeyondRAC() throws {
        let filter = "RACOperators/Filter"
        try checkDoc(
            filter, "public func skip<TriggerValue>(until trigger: Signal<TriggerValue, Failure>)",
            inputs: ["self", "trigger"], output: "skip(until: trigger)"
        ) { signals, _ in signals[0].skip(until: signals[1]) }
        try checkDoc(
            filter,
            "public func skip<TriggerValue>(until trigger: Signal<TriggerValue, Never>) -> Signal<Value, Failure>",
            inputs: ["self", "trigger"], output: "skip(until: trigger)", draws: false
        ) { signals, _ in signals[0].skip(until: neverFailing(signals[1])) }
        try checkDoc(
            filter,
            "public func skip<TriggerValue>(until trigger: Signal<TriggerValue, Never>) -> Signal<Value, Never>",
            inputs: ["self", "trigger"], output: "skip(until: trigger)", draws: false
        ) { signals, _ in
            neverFailing(signals[0]).skip(until: neverFailing(signals[1])).promoteError(TestError.self)
        }
        try checkDoc(
            filter, "while predicate: @escaping (Value) -> Bool, inclusive",
            output: "take(while: { $0 < 3 }, inclusive: true)"
        ) {
            $0.take(while: { Int($0)! < 3 }, inclusive: true)
        }
        try checkDoc(
            filter, "until predicate: @escaping (Value) -> Bool, inclusive",
            output: "take(until: { $0 == 3 }, inclusive: true)"
        ) { $0.take(until: { $0 == "3" }, inclusive: true) }
        try checkDoc(filter, "at index: Int, raising", output: "element(at: 1, raising: { e })") {
            $0.element(at: 1, raising: { _ in TestError(1) })
        }
        try checkDoc(filter, "public func single(raising", output: "single(raising: { e })") {
            $0.single(raising: { _ in TestError(1) })
        }
        for output in ["element(at: 1)", "element(at: 5)"] {
            let index = output == "element(at: 1)" ? 1 : 5
            try checkDoc(filter, "public func element(at index: Int) ->", output: output) {
                neverFailing($0).element(at: index).mapError { _ in TestError(1) }
            }
        }
        try checkDoc(filter, "public func single() ->", output: "single()") {
            neverFailing($0).single().mapError { _ in TestError(1) }
        }
        try checkDoc(filter, "public func ifEmpty(default", output: "ifEmpty(default: z)") {
            $0.ifEmpty(default: "z")
        }
        try checkDoc(
            filter, "public func ifEmpty(switchTo", inputs: ["self", "other"], output: "ifEmpty(switchTo: o)"
        ) { signals, _ in signals[0].ifEmpty(switchTo: signals[1]) }
        try checkDoc(
            "RACOperators/Combine", "_ sampler: Signal<Sampler, Failure>, default defaultValue",
            inputs: ["self", "sampler"], output: "sample(default: z)"
        ) { signals, _ in signals[0].sample(signals[1], default: "z") }
    }

    @Test("rateLimit(_:latest:on:), take(for:), skip(for:), buffer(for:count:), buffer(every:)")
    func timeBeyondRAC() throws {
        let time = "RACOperators/Time"
        try checkDoc(
            time, "_ interval: Duration, latest: Bool", inputs: ["self"],
            output: "rateLimit(5, latest: true)"
        ) { signals, scheduler in signals[0].rateLimit(scheduler.frames(5), latest: true, on: scheduler) }
        try checkDoc(time, "public func take(for", inputs: ["self"], output: "take(for: 4)") {
            signals, scheduler in signals[0].take(for: scheduler.frames(4), on: scheduler)
        }
        try checkDoc(time, "public func skip(for", inputs: ["self"], output: "skip(for: 4)") {
            signals, scheduler in signals[0].skip(for: scheduler.frames(4), on: scheduler)
        }
        let joined = { (values: [String]) in "[" + values.joined(separator: ", ") + "]" }
        try checkDoc(
            time, "public func buffer(for interval: Duration, count", inputs: ["self"],
            output: "buffer(for: 4, count: 2)"
        ) { signals, scheduler in
            signals[0].buffer(for: scheduler.frames(4), count: 2, on: scheduler).map(joined)
        }
        try checkDoc(time, "public func buffer(every", inputs: ["self"], output: "buffer(every: 4)") {
            signals, scheduler in signals[0].buffer(every: scheduler.frames(4), on: scheduler).map(joined)
        }
    }
}

extension OperatorsDocTests {
    @Test("doSubscribed, doAfterNext, doAfterError, doAfterCompleted")
    func hooks() throws {
        let sideEffects = "RACOperators/SideEffects"
        try checkDoc(sideEffects, "public func doSubscribed(", output: "doSubscribed(ready)") {
            $0.doSubscribed {}
        }
        try checkDoc(sideEffects, "public func doAfterNext(", output: "doAfterNext(record)") {
            $0.doAfterNext { _ in }
        }
        try checkDoc(sideEffects, "public func doAfterError(", output: "doAfterError(report)") {
            $0.doAfterError { _ in }
        }
        try checkDoc(sideEffects, "public func doAfterCompleted(", output: "doAfterCompleted(done)") {
            $0.doAfterCompleted {}
        }
    }
}

extension OperatorsDocTests {
    @Test("deliver(on:bufferingPolicy:statistics:): newest and oldest")
    func boundedHandOff() throws {
        let threading = "RACOperators/Threading"
        for (label, policy) in [
            (
                "deliver(on: s, bufferingPolicy: .bufferingNewest(1))",
                BufferingPolicy<TestError>.bufferingNewest(1)
            ),
            ("deliver(on: s, bufferingPolicy: .bufferingOldest(1))", .bufferingOldest(1)),
        ] {
            try checkDoc(
                threading, "on scheduler: Scheduler, bufferingPolicy", inputs: ["self"], output: label
            ) {
                signals, scheduler in signals[0].deliver(on: scheduler, bufferingPolicy: policy)
            }
        }
    }
}

extension OperatorsDocTests {
    @Test(
        "the forms whose closure may throw: scan, aggregate, reduceEach, filter, skip(while:), withLatest, do…"
    )
    func throwingClosures() throws {
        let transforms = "RACOperators/Transform/ThrowingTransforms.swift"
        let predicates = "RACOperators/Filter/ThrowingPredicates.swift"
        let sideEffects = "RACOperators/SideEffects/Do.swift"
        /// Throws `TestError(1)` (the marbles' `#`) when `fails`.
        func failIf(_ fails: Bool) throws(TestError) { if fails { throw TestError(1) } }
        try checkDoc(transforms, "public func scan<", output: "scan(0) { $1 == 3 ? throw e : $0 + $1 }") {
            $0.scan("0") { (running: String, value: String) throws(TestError) in
                try failIf(value == "3")
                return String(Int(running)! + Int(value)!)
            }
        }
        try checkDoc(
            transforms, "into initial: Accumulation, _ update",
            output: "scan(into: []) { $1 == c ? throw e : $0.append($1) }"
        ) {
            $0.scan(into: [String]()) { (running: inout [String], value: String) throws(TestError) in
                try failIf(value == "c")
                running.append(value)
            }
            .map { "[" + $0.joined(separator: ", ") + "]" }
        }
        for (label, failing) in [
            ("aggregate(0) { $0 + $1 }", "-"), ("aggregate(0) { $1 == 2 ? throw e : … }", "2"),
        ] {
            try checkDoc(transforms, "public func aggregate<", output: label) {
                $0.aggregate("0") { (running: String, value: String) throws(TestError) in
                    try failIf(value == failing)
                    return String(Int(running)! + Int(value)!)
                }
            }
        }
        try checkDoc(
            transforms, "public func reduceEach<", output: "reduceEach { $0 > 2 ? throw e : $0 + $1 }"
        ) {
            $0.map { pair in
                let parts = pair.dropFirst().dropLast().split(separator: ",").map {
                    Int($0.trimmingCharacters(in: .whitespaces))!
                }
                return (parts[0], parts[1])
            }
            .reduceEach { (left: Int, right: Int) throws(TestError) in
                try failIf(left > 2)
                return String(left + right)
            }
        }
        try checkDoc(predicates, "public func filter(", output: "filter { $0 == 3 ? throw e : isEven($0) }") {
            $0.filter { (value: String) throws(TestError) in
                try failIf(value == "3")
                return Int(value)! % 2 == 0
            }
        }
        try checkDoc(
            predicates, "public func skip(while", output: "skip(while: { $0 > 5 ? throw e : $0 < 3 })"
        ) {
            $0.skip(while: { (value: String) throws(TestError) in
                try failIf(Int(value)! > 5)
                return Int(value)! < 3
            })
        }
        try checkDoc(
            predicates, "by isEquivalent:", output: "distinctUntilChanged { $1 > 5 ? throw e : $0 == $1 }"
        ) {
            $0.distinctUntilChanged { (previous: String, value: String) throws(TestError) in
                try failIf(Int(value)! > 5)
                return previous == value
            }
        }
        try checkDoc(
            "RACOperators/Combine/ThrowingWithLatest.swift", "public func withLatest<",
            inputs: ["self", "other"], output: "withLatest(from:) { c ? throw e : $0+$1 }"
        ) { signals, _ in
            signals[0].withLatest(from: signals[1]) { (value: String, latest: String) throws(TestError) in
                try failIf(value == "c")
                return value + latest
            }
        }
        try checkDoc(
            "RACOperators/HigherOrder/ThrowingHigherOrder.swift", "public func flattenMap<",
            inputs: ["self", "transform(1)"], output: "flattenMap { $0 == 2 ? throw e : … }"
        ) { signals, _ in
            signals[0].flattenMap { (value: String) throws(TestError) in
                try failIf(value == "2")
                return signals[1]
            }
        }
        try checkDoc(
            sideEffects, "_ action: @escaping (Value) throws(Failure)",
            output: "doNext { $0 == b ? throw e : log($0) }"
        ) {
            $0.doNext { (value: String) throws(TestError) in try failIf(value == "b") }
        }
        try checkDoc(
            sideEffects, "_ action: @escaping (Failure) throws(Failure)", output: "doError { _ in throw e2 }",
            error: TestError(2)
        ) {
            $0.doError { (_: TestError) throws(TestError) in throw TestError(2) }
        }
        try checkDoc(
            sideEffects, "_ action: @escaping () throws(Failure)", output: "doCompleted { throw e }"
        ) {
            $0.doCompleted { () throws(TestError) in throw TestError(1) }
        }
    }
}

/// The `s` of the deliver(on:) and subscribe(on:) doc marbles, which gets to each action one frame
/// after it is scheduled: each action runs on `base`, one frame later.
private final class OneFrameLater: Scheduler, @unchecked Sendable {
    let base: TestScheduler

    init(_ base: TestScheduler) {
        self.base = base
        super.init(name: "s (one frame later)")
    }

    override func schedule(_ action: @escaping () -> Void) -> (any Disposable)? {
        base.schedule(after: base.frames(1), action)
    }

    override func schedule(after delay: Duration, _ action: @escaping () -> Void) -> (any Disposable)? {
        base.schedule(after: delay + base.frames(1), action)
    }
}

extension OperatorsDocTests {
    @Test("deliver(on:), subscribe(on:), withLatest(from:), compactMap, compacted, scan(into:), promoteError")
    func everydayOperators() throws {
        try checkDoc(
            "RACOperators/Threading/DeliverOn.swift", "public func deliver(on scheduler: Scheduler) ->",
            inputs: ["self (thread A)"], output: "deliver(on: s) (on s)"
        ) { signals, scheduler in signals[0].deliver(on: OneFrameLater(scheduler)) }
        try checkDoc(
            "RACOperators/Threading/SubscribeOn.swift", "public func subscribe(on", inputs: ["self (cold)"],
            output: "subscribe(on: s)"
        ) { signals, scheduler in signals[0].subscribe(on: OneFrameLater(scheduler)) }
        let withLatest = "RACOperators/Combine/WithLatest.swift"
        try checkDoc(
            withLatest, "public func withLatest<Other>(", inputs: ["self", "other"],
            output: "withLatest(from:)"
        ) { signals, _ in signals[0].withLatest(from: signals[1]).map { "(\($0), \($1))" } }
        try checkDoc(
            withLatest, "from other: Signal<Other, Failure>, _ combine", inputs: ["self", "other"],
            output: "withLatest(from:) { $0 + $1 }"
        ) { signals, _ in signals[0].withLatest(from: signals[1]) { $0 + $1 } }
        let compactMap = "RACOperators/Transform/CompactMap.swift"
        try checkDoc(compactMap, "public func compactMap<", output: "compactMap { Int($0) }") {
            $0.compactMap { Int($0) }.map(String.init)
        }
        try checkDoc(compactMap, "public func compacted<", output: "compacted()") {
            $0.map { $0 == "n" ? nil : $0 }.compacted()
        }
        try checkDoc(
            "RACOperators/Transform/Scan.swift", "into initial: Accumulation, _ update",
            output: "scan(into: []) { $0.append($1) }"
        ) {
            $0.scan(into: [String]()) { $0.append($1) }.map { "[" + $0.joined(separator: ", ") + "]" }
        }
        try checkDoc(
            "RACOperators/Transform/PromoteError.swift", "public func promoteError<",
            inputs: ["self (Never)"],
            output: "promoteError(MyError.self)"
        ) { signals, _ in neverFailing(signals[0]).promoteError(TestError.self) }
    }

    @Test("doNext, doError, doCompleted, initially, finally, logAll, logNext, logError, logCompleted")
    func sideEffectPictures() throws {
        let file = "RACOperators/SideEffects/Do.swift"
        try checkDoc(file, "public func doNext(", output: "doNext(record)") { $0.doNext { _ in } }
        try checkDoc(file, "public func doError(", output: "doError(report)") { $0.doError { _ in } }
        try checkDoc(file, "public func doCompleted(", output: "doCompleted(done)") { $0.doCompleted {} }
        try checkDoc(
            "RACOperators/SideEffects/Initially.swift", "public func initially(", output: "initially(setUp)"
        ) {
            $0.initially {}
        }
        try checkDoc(
            "RACOperators/SideEffects/Finally.swift", "public func finally(", output: "finally(tearDown)"
        ) {
            $0.finally {}
        }
        let log = "RACOperators/SideEffects/Log.swift"
        try checkDoc(log, "public func logAll(", output: "logAll()") { $0.logAll(to: { _ in }) }
        try checkDoc(log, "public func logNext(", output: "logNext()") { $0.logNext(to: { _ in }) }
        try checkDoc(log, "public func logError(", output: "logError()") { $0.logError(to: { _ in }) }
        try checkDoc(log, "public func logCompleted(", output: "logCompleted()") {
            $0.logCompleted(to: { _ in })
        }
    }

    @Test(
        "dematerialize, buffer(count:), uniqueValues, aggregate(withIndex:), aggregate(startFactory:), timer, race, amb"
    )
    func morePictures() throws {
        try checkDoc(
            "RACOperators/Transform/Materialize.swift", "public func dematerialize<",
            output: "dematerialize()"
        ) {
            neverFailing($0).map { text -> Event<String, TestError> in
                text.hasPrefix(".next(") ? .next(String(text.dropFirst(6).dropLast())) : .error(TestError(1))
            }
            .dematerialize()
        }
        try checkDoc(
            "RACOperators/Transform/BufferCount.swift", "public func buffer(count", output: "buffer(count: 2)"
        ) {
            $0.buffer(count: 2).map { "[" + $0.joined(separator: ", ") + "]" }
        }
        let unique = "RACOperators/Filter/UniqueValues.swift"
        try checkDoc(unique, "public func uniqueValues<", output: "uniqueValues { $0.lowercased() }") {
            $0.uniqueValues { $0.lowercased() }
        }
        try checkDoc(unique, "public func uniqueValues()", output: "uniqueValues()") { $0.uniqueValues() }
        let aggregate = "RACOperators/Transform/Aggregate.swift"
        try checkDoc(
            aggregate, "_ initial: Accumulation, withIndex", output: "aggregate(0, withIndex: { $0 + $2 })"
        ) {
            $0.aggregate(0, withIndex: { $0 + $2 }).map(String.init)
        }
        try checkDoc(aggregate, "startFactory: @escaping", output: "aggregate(startFactory: { [] }, +[$1])") {
            $0.aggregate(startFactory: { [String]() }) { $0 + [$1] }.map {
                "[" + $0.joined(separator: ", ") + "]"
            }
        }
        try checkDoc(
            "RACOperators/Time/Timer.swift", "public static func timer(", inputs: [],
            output: "Signal.timer(after: 3)"
        ) {
            _, scheduler in
            Signal.timer(after: scheduler.frames(3), on: scheduler).map(String.init).promoteError(
                TestError.self)
        }
        let amb = "RACOperators/Combine/Amb.swift"
        try checkDoc(amb, "public static func race(", inputs: ["a", "b"], output: "Signal.race(a, b)") {
            signals, _ in Signal.race(signals[0], signals[1])
        }
        try checkDoc(amb, "public func amb(", inputs: ["self", "other"], output: "amb(other)") {
            signals, _ in signals[0].amb(signals[1])
        }
    }
}

/// The marks an attempts line collects while it is played (a class: the side-effect closures
/// append to it).
private final class AttemptMarks {
    var marks: [MarbleDiagram.Mark] = []
}

/// A signal whose subscription number n plays the nth of `attempts` (the last one from then on),
/// each a cold signal on `scheduler`; with `marks`, what each attempt sends is collected there at
/// the frame it is sent.
private func attemptsSignal(
    _ attempts: [TestSignal<String, TestError>], on scheduler: TestScheduler, marks: AttemptMarks? = nil
) -> Signal<String, TestError> {
    let count = Counter()
    return Signal.defer {
        let attempt = attempts[min(count.next(), attempts.count - 1)]
        guard let marks else { return attempt }
        return marking(attempt, on: scheduler, into: marks)
    }
}

/// `signal`, each of its events collected in `marks` at the frame of `scheduler` it is sent in.
private func marking(
    _ signal: Signal<String, TestError>, on scheduler: TestScheduler, into marks: AttemptMarks
) -> Signal<String, TestError> {
    signal.doNext { marks.marks.append(.init(.next, frame: scheduler.currentFrame, text: $0)) }
        .doError { marks.marks.append(.init(.error, frame: scheduler.currentFrame, text: "\($0)")) }
        .doCompleted { marks.marks.append(.init(.completed, frame: scheduler.currentFrame)) }
}

/// Plays a multicast doc marble: `self`, then one line per subscriber (`replay(), subscriber at 4`),
/// each subscribing at the frame its label ends with to the one signal `apply` makes of `self`.
/// Checks what every subscriber receives, and that they are released; draws `self` as it was
/// played (its subscription under it) above the subscribers, in `Docs/marbles/<last subscriber>.svg`.
private func checkSubscribersDoc(
    _ file: String, _ declaration: String, subscribers: [String],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: (Signal<String, TestError>) -> Signal<String, TestError>
) throws {
    let doc = try docMarble(file, declaration)
    guard let selfMarble = doc.marble("self", sourceLocation: sourceLocation) else { return }
    let scheduler = TestScheduler(checksRelease: true)
    let source = try scheduler.createColdSignal(selfMarble, values: letters, error: TestError(1))
    let marks = AttemptMarks()
    let shared = apply(marking(source, on: scheduler, into: marks))
    var recorders: [(String, TestRecorder<String, TestError>)] = []
    for label in subscribers {
        guard doc.marble(label, sourceLocation: sourceLocation) != nil,
            let frame = label.split(separator: " ").last.flatMap({ Int($0) })
        else { return }
        scheduler.advance(toFrame: frame)
        recorders.append((label, scheduler.record(shared)))
    }
    scheduler.run()
    var timelines = [
        MarbleDiagram.Timeline(
            "self", events: marks.marks, subscriptions: source.subscriptions, on: scheduler)
    ]
    for (label, recorder) in recorders {
        #expect(
            try recorder.events == recordedEvents(#require(doc.marbles[label]), error: TestError(1)),
            "\(label) of \(declaration)", sourceLocation: sourceLocation)
        recorder.dispose()
        expectReleased(
            recorder, "the subscription \(label) of \(declaration)", sourceLocation: sourceLocation)
        timelines.append(.init(label, events: recorder.events, on: scheduler))
    }
    try checkPicture(
        MarbleDiagram(timelines), named: pictureName(subscribers.last ?? ""), drawnBy: declaration,
        sourceLocation: sourceLocation)
}

/// Counts the subscriptions of an attempts signal.
private final class Counter: @unchecked Sendable {
    private var value = 0

    func next() -> Int {
        defer { value += 1 }
        return value
    }
}

/// Plays a doc marble whose `self (attempts):` line lists the marble of each subscription in turn
/// (`-a-#  -a-#  -a-b|`), as `retry` and `repeat` resubscribe: `apply` gets a signal whose nth
/// subscription plays the nth marble. The picture draws the attempts on one line, each at the
/// frames it was played, with its subscription under it.
private func checkAttemptsDoc(
    _ file: String, _ declaration: String, output: String, draws: Bool = true,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: @escaping (Signal<String, TestError>, TestScheduler) -> Signal<String, TestError>
) throws {
    let doc = try docMarble(file, declaration)
    let label = "self (attempts)"
    let lines = doc.lines.map { $0.trimmingCharacters(in: .whitespaces) }
    guard let line = lines.first(where: { $0.hasPrefix(label + ":") }) else {
        Issue.record(
            "the doc marble of \(declaration) has no \"\(label):\" line", sourceLocation: sourceLocation)
        return
    }
    let tokens = line.dropFirst(label.count + 1).split(separator: " ").map(String.init)
        .prefix { !$0.hasPrefix("(") }
    guard let expected = doc.marble(output, sourceLocation: sourceLocation) else { return }
    let scheduler = TestScheduler(checksRelease: true)
    let attempts = try tokens.map { try scheduler.createColdSignal($0, values: letters, error: TestError(1)) }
    let result = apply(attemptsSignal(attempts, on: scheduler), scheduler)
    watchRelease(result, "the result signal of \(declaration)", sourceLocation: sourceLocation)
    try scheduler.expect(
        result, toEmit: expected, values: letters, error: TestError(1), sourceLocation: sourceLocation)
    guard draws else { return }
    let drawing = TestScheduler()
    let played = try tokens.map { try drawing.createColdSignal($0, values: letters, error: TestError(1)) }
    let marks = AttemptMarks()
    let recorder = drawing.record(apply(attemptsSignal(played, on: drawing, marks: marks), drawing))
    drawing.run()
    recorder.dispose()
    let timelines = [
        MarbleDiagram.Timeline(
            label, events: marks.marks, subscriptions: played.flatMap(\.subscriptions), on: drawing),
        MarbleDiagram.Timeline(output, events: recorder.events, on: drawing),
    ]
    try checkPicture(
        MarbleDiagram(timelines), named: pictureName(output), drawnBy: declaration,
        sourceLocation: sourceLocation)
}

extension OperatorsDocTests {
    @Test(
        "retry(), retry(_:), retry(upTo:delay:on:), retry(upTo:backoff:on:), repeat(): attempt after attempt")
    func attempts() throws {
        let retry = "RACOperators/HigherOrder/Retry.swift"
        try checkAttemptsDoc(retry, "public func retry() ", output: "retry()") { signal, _ in signal.retry() }
        for (output, count) in [("retry(2)", 2), ("retry(1)", 1), ("retry(0)", 0)] {
            try checkAttemptsDoc(
                retry, "public func retry(_ count", output: output, draws: output == "retry(2)"
            ) {
                signal, _ in signal.retry(count)
            }
        }
        let delayed = "RACOperators/HigherOrder/RetryDelay.swift"
        try checkAttemptsDoc(
            delayed, "public func retry(upTo count: Int, delay", output: "retry(upTo: 2, delay: 2)"
        ) {
            signal, scheduler in signal.retry(upTo: 2, delay: scheduler.frames(2), on: scheduler)
        }
        try checkAttemptsDoc(
            delayed, "upTo count: Int, backoff", output: "retry(upTo: 3, backoff: (initial: 1, maximum: 8))"
        ) { signal, scheduler in
            signal.retry(
                upTo: 3, backoff: RetryBackoff(initial: scheduler.frames(1), maximum: scheduler.frames(8)),
                on: scheduler)
        }
        try checkAttemptsDoc(
            "RACOperators/HigherOrder/Repeat.swift", "public func `repeat`(", output: "repeat()"
        ) {
            signal, _ in signal.repeat()
        }
    }
}

/// The frame at which the first marble token of the line labelled `label` starts, counted from
/// the first token of the line labelled `from` (the doc marbles align an inner signal under the
/// frame it opens at).
private func column(of label: String, from start: String, in doc: DocMarble) -> Int? {
    func tokenColumn(_ label: String) -> Int? {
        guard
            let line = doc.lines.first(where: {
                $0.trimmingCharacters(in: .whitespaces).hasPrefix(label + ":")
            }),
            let colon = line.range(of: label + ":")
        else { return nil }
        let rest = line[colon.upperBound...]
        guard let first = rest.firstIndex(where: { $0 != " " }) else { return nil }
        return line.distance(from: line.startIndex, to: first)
    }
    guard let target = tokenColumn(label), let origin = tokenColumn(start) else { return nil }
    return target - origin
}

/// Plays a doc marble of an operator that sends signals (`window`): `self`, the outer line
/// `output` whose names stand for the inner signals in the order they are sent, and one line per
/// inner signal (`windows`), written under the frame it opens at. Each inner signal is subscribed
/// as it is sent, so its events are checked at the frames the doc marble aligns them to. Draws
/// `self`, the outer line and every inner signal.
private func checkInnerSignalsDoc(
    _ file: String, _ declaration: String, output: String, inner: [(label: String, name: String)],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ apply: (Signal<String, TestError>, TestScheduler) -> Signal<Signal<String, TestError>, TestError>
) throws {
    let doc = try docMarble(file, declaration)
    guard let selfMarble = doc.marble("self", sourceLocation: sourceLocation),
        let outer = doc.marble(output, sourceLocation: sourceLocation)
    else { return }
    let scheduler = TestScheduler(checksRelease: true)
    let source = try scheduler.createColdSignal(selfMarble, values: letters, error: TestError(1))
    let marks = AttemptMarks()
    let opened = InnerRecorders()
    let names = inner.map(\.name)
    let outerRecorder = scheduler.record(
        apply(marking(source, on: scheduler, into: marks), scheduler).map { signal -> String in
            let index = opened.recorders.count
            opened.recorders.append(scheduler.record(signal))
            return index < names.count ? names[index] : "?"
        })
    scheduler.run()
    #expect(
        try outerRecorder.events == recordedEvents(outer, error: TestError(1)),
        "\(output) of \(declaration): \(framed(outerRecorder.events, on: scheduler))",
        sourceLocation: sourceLocation)
    #expect(opened.recorders.count == inner.count, "\(declaration) opens \(opened.recorders.count) signals")
    var timelines = [
        MarbleDiagram.Timeline(
            "self", events: marks.marks, subscriptions: source.subscriptions, on: scheduler),
        MarbleDiagram.Timeline(output, events: outerRecorder.events, on: scheduler),
    ]
    for (line, recorder) in zip(inner, opened.recorders) {
        guard let marble = doc.marble(line.label, sourceLocation: sourceLocation),
            let offset = column(of: line.label, from: output, in: doc)
        else { return }
        let absolute = String(repeating: "-", count: offset) + marble
        #expect(
            try recorder.events == recordedEvents(absolute, error: TestError(1)),
            "\(line.label) of \(declaration): expected \(absolute), got \(framed(recorder.events, on: scheduler))",
            sourceLocation: sourceLocation)
        timelines.append(.init(line.label, events: recorder.events, on: scheduler))
    }
    outerRecorder.dispose()
    for recorder in opened.recorders { recorder.dispose() }
    try checkPicture(
        MarbleDiagram(timelines), named: pictureName(output), drawnBy: declaration,
        sourceLocation: sourceLocation)
}

/// Recorded events as `frame: event` (a failure message's "got").
private func framed(_ events: [Recorded<Event<String, TestError>>], on scheduler: TestScheduler) -> String {
    events.map { "\(Int(($0.time / scheduler.frameDuration).rounded())): \($0.value)" }.joined(
        separator: ", ")
}

/// The recorders of the inner signals, in the order they were sent.
private final class InnerRecorders {
    var recorders: [TestRecorder<String, TestError>] = []
}

extension OperatorsDocTests {
    @Test("window(count:), window(for:on:), window(every:count:on:), window(for:count:on:): every window")
    func windows() throws {
        let windows = { (names: String) in names.map { (label: "window \($0)", name: String($0)) } }
        try checkInnerSignalsDoc(
            "RACOperators/HigherOrder/Window.swift", "public func window(count", output: "window(count: 2)",
            inner: windows("xy")
        ) { signal, _ in signal.window(count: 2) }
        try checkInnerSignalsDoc(
            "RACOperators/HigherOrder/Window.swift", "public func window(for", output: "window(for: 4)",
            inner: windows("xy")
        ) { signal, scheduler in signal.window(for: scheduler.frames(4), on: scheduler) }
        try checkInnerSignalsDoc(
            "RACOperators/Time/WindowEvery.swift", "public func window(every", output: "window(every: 4)",
            inner: windows("xyzw")
        ) { signal, scheduler in signal.window(every: scheduler.frames(4), on: scheduler) }
        try checkInnerSignalsDoc(
            "RACOperators/Time/WindowTime.swift", "public func window(for",
            output: "window(for: 4, count: 2)",
            inner: windows("xyz")
        ) { signal, scheduler in signal.window(for: scheduler.frames(4), count: 2, on: scheduler) }
    }
}

extension OperatorsDocTests {
    @Test("groupBy(_:), groupBy(_:transform:) and their throwing forms: the groups and what each gets")
    func groups() throws {
        let file = "RACOperators/HigherOrder/GroupBy.swift"
        let groups = [(label: "group false", name: "F"), (label: "group true", name: "T")]
        let isEven = { (value: String) in Int(value)! % 2 == 0 }
        try checkInnerSignalsDoc(
            file, "public func groupBy<Key: Hashable>(", output: "groupBy(isEven)", inner: groups
        ) {
            signal, _ in signal.groupBy(isEven).map { $0 as Signal<String, TestError> }
        }
        try checkInnerSignalsDoc(
            file, "public func groupBy<Key: Hashable, Transformed>(", output: "groupBy", inner: groups
        ) {
            signal, _ in signal.groupBy(isEven, transform: { $0 }).map { $0 as Signal<String, TestError> }
        }
        let throwing = "RACOperators/HigherOrder/ThrowingHigherOrder.swift"
        let label = "groupBy { $0 == 3 ? throw e : $0 % 2 }"
        let keyOf = { (value: String) throws(TestError) -> Int in
            if value == "3" { throw TestError(1) }
            return Int(value)! % 2
        }
        // The groups in the order they are sent: x, then y.
        let named = { (outer: Signal<GroupedSignal<Int, String, TestError>, TestError>) in
            outer.map { $0.key == 1 ? "x" : "y" }
        }
        try checkDoc(throwing, "public func groupBy<Key: Hashable>(", output: label) {
            named($0.groupBy(keyOf))
        }
        try checkDoc(
            throwing, "public func groupBy<Key: Hashable, Transformed>(", inputs: ["self"], output: label,
            draws: false
        ) { signals, _ in named(signals[0].groupBy(keyOf, transform: { $0 })) }
    }
}

extension OperatorsDocTests {
    @Test("Signal.amb (both static forms), switch(_:cases:default:) (both), if(_:then:else:)")
    func choosing() throws {
        let amb = "RACOperators/Combine/Amb.swift"
        try checkDoc(
            amb, "public static func amb(_ signals: some", inputs: ["a", "b"], output: "Signal.amb(a, b)"
        ) { signals, _ in Signal.amb([signals[0], signals[1]]) }
        // The variadic form's doc marble is the same race: it shows the same picture.
        try checkDoc(
            amb, "public static func amb(_ signals: Signal", inputs: ["a", "b"], output: "Signal.amb(a, b)",
            draws: false
        ) { signals, _ in Signal.amb(signals[0], signals[1]) }
        let file = "RACOperators/HigherOrder/SwitchCases.swift"
        // `a-a-a…` (a every other frame, forever) played long enough to be switched away from.
        let forever = { (name: String) in Array(repeating: name, count: 8).joined(separator: "-") }
        try checkDoc(
            file, "default defaultSignal: Signal", inputs: ["key", "A", "B"], output: "switch",
            marbles: ["A": forever("a")]
        ) { signals, _ in
            Signal.switch(signals[0], cases: ["A": signals[1], "B": signals[2]], default: .empty)
        }
        try checkDoc(
            file, "default makeDefault:", inputs: ["key", "A", "default(C)"], output: "switch, default(C)",
            marbles: ["A": forever("a"), "default(C)": "#"]
        ) { signals, _ in Signal.switch(signals[0], cases: ["A": signals[1]], default: { _ in signals[2] }) }
        try checkDoc(
            file, "public static func `if`(", inputs: ["condition", "then", "else"], output: "if",
            marbles: ["then": forever("t"), "else": forever("f")]
        ) { signals, _ in Signal.if(signals[0].map { $0 == "T" }, then: signals[1], else: signals[2]) }
    }
}

extension OperatorsDocTests {
    @Test("bind(_:): a signal per value, nil to stop")
    func binding() throws {
        try checkDoc(
            "RACOperators/HigherOrder/Bind.swift", "public func bind<",
            inputs: ["self", "block(1)", "block(2)"],
            output: "bind"
        ) { signals, _ in
            signals[0].bind {
                { value, _ in value == "1" ? signals[1] : value == "2" ? signals[2] : nil }
            }
        }
    }
}
