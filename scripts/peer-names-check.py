#!/usr/bin/env python3
"""Checks what the compiler says to code written with RxSwift's, Combine's and ReactiveSwift's
names, and to `Signal { … }` with a closure that is not an async operation.

usage: peer-names-check.py OUTPUT_DIR MODULES_DIR SHIMS_MODULE_MAP
       (scripts/peer-names-check.sh builds the package and passes these)

It writes Swift files into OUTPUT_DIR, type-checks each against the built modules with swiftc
(Swift 6, the package's upcoming features) and reads the diagnostics, line by line:

- peers.swift: one use of a peer's name per line (the CASES table: the peer call, and a text the
  line's error must contain, which names our operator or type). Each line must have an error that
  says the name is unavailable or renamed, and that error (or another on the line) must contain
  the text. A line without its error means the name compiles (a peer's overload was lost, or one
  of ours took the call); a line without the text means the message no longer names ours.
- closures.swift: `Signal { … }` whose closure is not the signal's async operation (TRAPS): the
  line must not compile, and its diagnostics must contain each text given (the mistake named,
  the failure types, the fix). This is the compile-failure check of Sources/RACOperators/Async/
  ClosureValueGuard.swift: before it, these lines compiled to signals of closures.
- controls.swift: our own names, beside the peers' (CONTROLS): must compile with no diagnostic
  at all, so that no unavailable overload makes a call of ours ambiguous or takes it.

Every name declared in Sources/RACOperators/PeerNames must be used by a case: a name added there
without one fails the check.

Exit status 1 with a report of each failing line; 0 when every expectation holds.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

PRELUDE = """\
import RACOperators

struct SearchError: Error {}

@Sendable func search(_ query: String) async throws(SearchError) -> [String] { [query] }

@Sendable func searchAnything() async throws -> [String] { [] }

final class Owner {
    var title = ""
}
"""

# The parameters every case may use.
PARAMETERS = """\
    signal: Signal<Int, Never>, strings: Signal<String, Never>, failing: Signal<Int, SearchError>,
    nested: Signal<Signal<Int, Never>, Never>, optionals: Signal<Int?, Never>, scheduler: Scheduler,
    subject: Subject<Int, Never>, failingSubject: Subject<Int, SearchError>,
    subscription: any Disposable, owner: Owner, lifetime: Lifetime"""

# (peer, the peer's call, a text the line's error must contain: our name for it)
CASES = [
    # RxSwift
    ("RxSwift", "_ = signal.subscribe(onNext: { print($0) })", "subscribe(next:error:completed:)"),
    ("RxSwift", "_ = signal.subscribe(onNext: { print($0) }, onDisposed: {})", "doDisposed(_:)"),
    ("RxSwift", "_ = signal.subscribe { event in if case .next(let value) = event { print(value) } }",
     "observe(_:)"),
    ("RxSwift", "_ = signal.bind(to: subject)", "<~"),
    ("RxSwift", "_ = signal.debounce(.milliseconds(300), scheduler: scheduler)", "throttle(_:on:)"),
    ("RxSwift", "_ = signal.throttle(.milliseconds(300), scheduler: scheduler)", "rateLimit(_:latest:on:)"),
    ("RxSwift", "_ = signal.throttle(.milliseconds(300), latest: false, scheduler: scheduler)", "rateLimit(_:on:)"),
    ("RxSwift", "_ = signal.distinctUntilChanged({ $0 == $1 })", "distinctUntilChanged(by:)"),
    ("RxSwift", "_ = strings.distinctUntilChanged { $0.count }", "distinctUntilChanged(by:"),
    ("RxSwift", "_ = strings.distinctUntilChanged(at: \\.count)", "distinctUntilChanged(by:"),
    ("RxSwift", "_ = signal.flatMap { Signal<Int, Never>(value: $0) }", "flattenMap(_:)"),
    ("RxSwift", "_ = nested.switchLatest()", "switchToLatest()"),
    ("RxSwift", "_ = nested.merge()", "flatten()"),
    ("RxSwift", "_ = failing.catchError { _ in Signal<Int, Never>(value: 0) }", "catch(_:)"),
    ("RxSwift", "_ = failing.catchAndReturn(0)", "catch(to: Signal(value:"),
    ("RxSwift", "_ = failing.catchErrorJustReturn(0)", "catch(to: Signal(value:"),
    ("RxSwift", "_ = signal.observe(on: scheduler)", "deliver(on:)"),
    ("RxSwift", "_ = signal.observeOn(scheduler)", "deliver(on:)"),
    ("RxSwift", "_ = signal.subscribeOn(scheduler)", "subscribe(on:)"),
    ("RxSwift", "_ = signal.do(onNext: { print($0) })", "doNext(_:)"),
    ("RxSwift", "_ = signal.asObservable()", "remove asObservable()"),
    ("RxSwift", "subscription.disposed(by: lifetime)", "lifetime += subscription"),
    ("RxSwift", "_ = DisposeBag()", "Lifetime.make()"),
    ("RxSwift", "_ = signal.withLatestFrom(strings)", "withLatest(from: other).map"),
    ("RxSwift", "_ = signal.withLatestFrom(strings) { value, latest in latest }", "withLatest(from:_:)"),
    ("RxSwift", "_ = signal.takeUntil(strings)", "take(until:)"),
    ("RxSwift", "_ = signal.takeWhile { $0 < 3 }", "take(while:)"),
    ("RxSwift", "_ = signal.skipWhile { $0 < 3 }", "skip(while:)"),
    ("RxSwift", "_ = signal.scan(0, accumulator: +)", "scan(_:_:)"),
    ("RxSwift", "_ = signal.scan(into: [Int](), accumulator: { $0.append($1) })", "scan(into:_:)"),
    ("RxSwift", "_ = signal.reduce(0, accumulator: +)", "aggregate(_:_:)"),
    ("RxSwift", "_ = signal.startWith(1, 2)", "concat(signal)"),
    ("RxSwift", "_ = signal.ignoreElements()", "ignoreValues()"),
    ("RxSwift", "_ = signal.timeout(.seconds(1), scheduler: scheduler)", "timeout(_:on:)"),
    ("RxSwift", "_ = signal.delay(.seconds(1), scheduler: scheduler)", "delay(_:on:)"),
    ("RxSwift", "_ = signal.delaySubscription(.seconds(1), scheduler: scheduler)", "delaySubscription(_:on:)"),
    ("RxSwift", "_ = signal.buffer(timeSpan: .seconds(1), count: 3, scheduler: scheduler)", "buffer(every:count:on:)"),
    ("RxSwift", "_ = signal.window(timeSpan: .seconds(1), count: 3, scheduler: scheduler)", "window(every:count:on:)"),
    ("RxSwift", "_ = signal.skipUntil(strings)", "skip(until:)"),
    ("RxSwift", "_ = signal.elementAt(1)", "element(at:)"),
    ("RxSwift", "_ = signal.take(.seconds(1), scheduler: scheduler)", "take(for:on:)"),
    ("RxSwift", "_ = signal.skip(.seconds(1), scheduler: scheduler)", "skip(for:on:)"),
    ("RxSwift", "_ = Signal<Int, Never>.just(1)", "Signal(value:)"),
    ("RxSwift", "_ = Signal<Int, Never>.from([1, 2])", "Signal(values:)"),
    ("RxSwift", "_ = Signal<Int, Never>.of(1, 2)", "Signal(values:"),
    ("RxSwift", "_ = Signal<Int, SearchError>.error(SearchError())", "Signal(error:)"),
    ("RxSwift", "_ = Signal<Int, Never>.create { subscriber in subscriber.sendCompleted(); return nil }",
     "Signal { subscriber in"),
    ("RxSwift", "_ = Signal<Int, Never>.deferred { signal }", "defer(_:)"),
    ("RxSwift", "_ = Signal.interval(.seconds(1), scheduler: scheduler)", "interval(_:on:leeway:)"),
    ("RxSwift", "subject.onNext(1)", "sendNext(_:)"),
    ("RxSwift", "failingSubject.onError(SearchError())", "sendError(_:)"),
    ("RxSwift", "subject.onCompleted()", "sendCompleted()"),
    ("RxSwift", "_ = Disposables.create { print(\"done\") }", "ActionDisposable"),
    ("RxSwift", "_ = PublishSubject<Int>()", "Subject<Element, Never>"),
    # Combine
    ("Combine", "_ = signal.sink { print($0) }", "subscribe(next:)"),
    ("Combine", "_ = signal.sink(receiveCompletion: { print($0) }, receiveValue: { print($0) })",
     "subscribe(next:error:completed:)"),
    ("Combine", "_ = signal.receive(on: scheduler)", "deliver(on:)"),
    ("Combine", "_ = signal.removeDuplicates()", "distinctUntilChanged()"),
    ("Combine", "_ = signal.removeDuplicates(by: ==)", "distinctUntilChanged(by:)"),
    ("Combine", "_ = failing.replaceError(with: 0)", "catch(to: Signal(value:"),
    ("Combine", "_ = optionals.replaceNil(with: 0)", "map { $0 ?? output }"),
    ("Combine", "_ = signal.eraseToAnyPublisher()", "remove eraseToAnyPublisher()"),
    ("Combine", "_ = signal.handleEvents(receiveOutput: { print($0) })", "doNext(_:)"),
    ("Combine", "_ = signal.first(where: { $0 > 1 })", "take(1)"),
    ("Combine", "_ = signal.last()", "takeLast(1)"),
    ("Combine", "_ = signal.replaceEmpty(with: 0)", "ifEmpty(default:)"),
    ("Combine", "_ = signal.prefix(2)", "take(_:)"),
    ("Combine", "_ = signal.prefix(while: { $0 < 3 })", "take(while:)"),
    ("Combine", "_ = signal.prefix(untilOutputFrom: strings)", "take(until:)"),
    ("Combine", "_ = signal.dropFirst()", "skip(_:)"),
    ("Combine", "_ = signal.drop(while: { $0 < 3 })", "skip(while:)"),
    ("Combine", "_ = signal.collect(2)", "buffer(count:)"),
    ("Combine", "_ = signal.debounce(for: .milliseconds(300), scheduler: scheduler)", "throttle(_:on:)"),
    ("Combine", "_ = signal.throttle(for: .milliseconds(300), scheduler: scheduler, latest: false)",
     "rateLimit(_:on:)"),
    ("Combine", "_ = signal.delay(for: .seconds(1), scheduler: scheduler)", "delay(_:on:)"),
    ("Combine", "_ = signal.timeout(.seconds(1), scheduler: scheduler)", "timeout(_:on:)"),
    ("Combine", "_ = signal.merge(with: signal)", "merge(_:)"),
    ("Combine", "_ = signal.append(signal)", "concat(_:)"),
    ("Combine", "_ = signal.prepend(0)", "startWith(_:)"),
    ("Combine", "_ = signal.ignoreOutput()", "ignoreValues()"),
    ("Combine", "_ = signal.allSatisfy { $0 > 0 }", "all(_:)"),
    ("Combine", "_ = signal.contains(where: { $0 > 0 })", "any(_:)"),
    ("Combine", "_ = signal.setFailureType(to: SearchError.self)", "promoteError(_:)"),
    ("Combine", "_ = strings.assign(to: \\.title, on: owner)", "setKeyPath(_:on:)"),
    ("Combine", "subscription.store(in: &cancellables)", "lifetime += subscription"),
    ("Combine", "subscription.cancel()", "dispose()"),
    ("Combine", "_ = Set<AnyCancellable>()", "ScopedDisposable"),
    ("Combine", "let _: AnyPublisher<Int, Never> = signal", "'Signal'"),
    ("Combine", "_ = PassthroughSubject<Int, Never>()", "'Subject'"),
    ("Combine", "_ = CurrentValueSubject<Int, Never>(0)", "BehaviorSubject(value:)"),
    ("Combine", "_ = Just(1)", "Signal(value:)"),
    ("Combine", "_ = Fail<Int, SearchError>(error: SearchError())", "Signal(error:)"),
    ("Combine", "let _: Empty<Int, Never>? = nil", "Signal.empty"),
    ("Combine", "let _: Deferred<Int, Never>? = nil", "Signal.defer"),
    ("Combine", "let _: Future<Int, Never>? = nil", "Signal { try await work() }"),
    # ReactiveSwift
    ("ReactiveSwift", "_ = signal.observe(on: scheduler)", "deliver(on:)"),
    ("ReactiveSwift", "_ = signal.start(on: scheduler)", "subscribe(on:)"),
    ("ReactiveSwift", "_ = signal.startWithValues { print($0) }", "subscribe(next:)"),
    ("ReactiveSwift", "_ = signal.observeValues { print($0) }", "subscribe(next:)"),
    ("ReactiveSwift", "_ = failing.startWithFailed { print($0) }", "subscribe(error:)"),
    ("ReactiveSwift", "_ = signal.startWithCompleted { print(\"done\") }", "subscribe(completed:)"),
    ("ReactiveSwift", "_ = signal.startWithResult { print($0) }", "subscribe(next:error:completed:)"),
    ("ReactiveSwift", "_ = signal.start { event in if case .next(let value) = event { print(value) } }",
     "observe(_:)"),
    ("ReactiveSwift", "_ = signal.on(value: { print($0) })", "doNext(_:)"),
    ("ReactiveSwift", "_ = signal.skipRepeats()", "distinctUntilChanged()"),
    ("ReactiveSwift", "_ = signal.skipRepeats(==)", "distinctUntilChanged(by:)"),
    ("ReactiveSwift", "_ = signal.take(during: lifetime)", "take(until: lifetime.ended)"),
    ("ReactiveSwift", "_ = signal.take(first: 2)", "take(_:)"),
    ("ReactiveSwift", "_ = signal.take(last: 2)", "takeLast(_:)"),
    ("ReactiveSwift", "_ = signal.skip(first: 2)", "skip(_:)"),
    ("ReactiveSwift", "_ = strings.filterMap { Int($0) }", "compactMap(_:)"),
    ("ReactiveSwift", "_ = optionals.skipNil()", "compacted()"),
    ("ReactiveSwift", "_ = failing.flatMapError { _ in Signal<Int, Never>(value: 0) }", "catch(_:)"),
    ("ReactiveSwift", "_ = failing.attemptMap { $0 + 1 }", "tryMap(_:)"),
    ("ReactiveSwift", "_ = signal.reduce(0, +)", "aggregate(_:_:)"),
    ("ReactiveSwift", "_ = signal.combinePrevious(0)", "combinePrevious(initial) { ($0, $1) }"),
    ("ReactiveSwift", "_ = signal.combinePrevious()", "combinePrevious(initial) { ($0, $1) }"),
    ("ReactiveSwift", "_ = signal.collect(count: 2)", "buffer(count:)"),
    ("ReactiveSwift", "_ = signal.sample(on: signal)", "sample(_:)"),
    ("ReactiveSwift", "_ = signal.concat(value: 1)", "concat(Signal(value:"),
    ("ReactiveSwift", "_ = signal.prefix(value: 0)", "startWith(_:)"),
    ("ReactiveSwift", "_ = signal.debounce(.milliseconds(300), on: scheduler)", "throttle(_:on:)"),
    ("ReactiveSwift", "_ = failing.timeout(after: .seconds(1), raising: SearchError(), on: scheduler)",
     "timeout(_:on:raising:)"),
    ("ReactiveSwift", "_ = signal.flatMap(.latest) { Signal<Int, Never>(value: $0) }", "switchToLatest()"),
    ("ReactiveSwift", "_ = nested.flatten(.latest)", "switchToLatest()"),
    ("ReactiveSwift", "let _: FlattenStrategy? = nil", "switchToLatest() (.latest)"),
    ("ReactiveSwift", "_ = Signal<Int, Never>.pipe()", "Subject"),
    ("ReactiveSwift", "subject.send(value: 1)", "sendNext(_:)"),
    ("ReactiveSwift", "failingSubject.send(error: SearchError())", "sendError(_:)"),
    ("ReactiveSwift", "let _: SignalProducer<Int, Never> = signal", "'Signal'"),
    ("ReactiveSwift", "_ = CompositeDisposable()", "CompoundDisposable"),
    ("ReactiveSwift", "_ = AnyDisposable { print(\"done\") }", "ActionDisposable"),
]

# `Signal { … }` with a closure that is not the signal's async operation: (the line, texts its
# diagnostics must contain). It must not compile.
TRAPS = [
    # The example: the query cannot fail, the search can.
    ("_ = strings.map { q in Signal { try await search(q) } }.switchToLatest()",
     ["call can throw", "would be Signal(value:)", "not the signal's Failure", "promoteError(_:)"]),
    # The same in flattenMap.
    ("_ = strings.flattenMap { q in Signal { try await search(q) } }",
     ["call can throw", "would be Signal(value:)", "promoteError(_:)"]),
    # Following the message's advice (the signal's types written): Swift names both failure types.
    ("_ = strings.map { q in Signal<[String], Never> { try await search(q) } }",
     ["invalid conversion from throwing function", "to non-throwing function type"]),
    # The same with a signal that fails with another error type.
    ("_ = failing.map { _ in Signal<[String], SearchError> { try await searchAnything() } }",
     ["invalid conversion of thrown error type 'any Error' to 'SearchError'"]),
    # A synchronous closure where the types are inferred.
    ("_ = strings.map { q in Signal { q.count } }.switchToLatest()",
     ["call can throw", "this synchronous closure would be Signal(value:)", "Signal<Value, Failure> { … }"]),
]

# Our names, beside the peers' overloads: must compile without any diagnostic.
CONTROLS = [
    "_ = signal.subscribe()",
    "_ = signal.flatMapLatest { Signal<Int, Never>(value: $0) }",
    "_ = signal.concatMap { Signal<Int, Never>(value: $0) }",
    "_ = signal.flatMapFirst { Signal<Int, Never>(value: $0) }",
    "_ = signal.subscribe(next: { print($0) })",
    "_ = signal.subscribe(next: { print($0) }, completed: {})",
    "_ = signal.observe { event in print(event) }",
    "_ = signal.subscribe(subject)",
    "_ = signal.distinctUntilChanged()",
    "_ = signal.distinctUntilChanged { $0 == $1 }",
    "_ = signal.distinctUntilChanged(by: ==)",
    "_ = signal.throttle(.seconds(1), on: scheduler)",
    "_ = signal.rateLimit(.seconds(1), on: scheduler)",
    "_ = signal.rateLimit(.seconds(1), latest: true, on: scheduler)",
    "_ = signal.take(for: .seconds(1), on: scheduler)",
    "_ = signal.skip(for: .seconds(1), on: scheduler)",
    "_ = signal.buffer(for: .seconds(1), count: 3, on: scheduler)",
    "_ = signal.buffer(every: .seconds(1), count: 3, on: scheduler)",
    "_ = signal.window(for: .seconds(1), count: 3, on: scheduler)",
    "_ = signal.window(every: .seconds(1), on: scheduler)",
    "_ = Signal.interval(.zero, on: scheduler)",
    "_ = signal.timeout(.seconds(1), on: scheduler)",
    "_ = signal.delay(.seconds(1), on: scheduler)",
    "_ = signal.deliver(on: scheduler)",
    "_ = signal.subscribe(on: scheduler)",
    "_ = signal.flattenMap { Signal<Int, Never>(value: $0) }",
    "_ = signal.map { Signal<Int, Never>(value: $0) }.switchToLatest()",
    "_ = nested.flatten()",
    "_ = nested.flatten(2)",
    "_ = nested.concat()",
    "_ = signal.merge(signal)",
    "_ = Signal.merge([signal, signal])",
    "_ = signal.concat(signal)",
    "_ = signal.startWith(0)",
    "_ = signal.collect()",
    "_ = signal.buffer(count: 2)",
    "_ = signal.scan(0, +)",
    "_ = signal.scan(into: [Int]()) { $0.append($1) }",
    "_ = signal.aggregate(0, +)",
    "_ = signal.combinePrevious(0) { $0 + $1 }",
    "_ = signal.skip(until: { $0 > 1 })",
    "_ = signal.skip(until: strings)",
    "_ = failing.skip(until: strings)",
    "_ = failing.skip(until: failing)",
    "_ = signal.take(while: { $0 < 3 }, inclusive: true)",
    "_ = signal.take(until: { $0 > 3 }, inclusive: true)",
    "_ = signal.element(at: 1)",
    "_ = failing.element(at: 1, raising: { _ in SearchError() })",
    "_ = signal.single()",
    "_ = failing.single(raising: { _ in SearchError() })",
    "_ = signal.ifEmpty(default: 0)",
    "_ = signal.ifEmpty(switchTo: signal)",
    "_ = signal.sample(strings, default: 0)",
    "_ = signal.skip(while: { $0 < 3 })",
    "_ = signal.take(until: strings)",
    "_ = signal.take(while: { $0 < 3 })",
    "_ = signal.take(2)",
    "_ = signal.takeLast(1)",
    "_ = signal.withLatest(from: strings)",
    "_ = signal.withLatest(from: strings) { value, latest in latest }",
    "_ = signal.share()",
    "_ = signal.share(replay: 1, scope: .forever)",
    "_ = signal.doNext { print($0) }",
    "_ = failing.catch { _ in Signal<Int, Never>(value: 0) }",
    "_ = failing.catch(to: Signal<Int, Never>(value: 0))",
    "_ = failing.retry(2)",
    "_ = optionals.compacted()",
    "_ = strings.compactMap { Int($0) }",
    "_ = signal.promoteError(SearchError.self)",
    "_ = strings.setKeyPath(\\.title, on: owner)",
    "_ = signal.take(until: lifetime.ended)",
    "lifetime += subscription",
    "subject.sendNext(1)",
    "subject.sendCompleted()",
    "_ = Signal<Int, Never>(value: 1)",
    "_ = Signal<Int, Never>(values: [1, 2])",
    "_ = Signal<Int, Never>.defer { signal }",
    "_ = Signal.interval(.seconds(1), on: scheduler)",
    "_ = Signal<Int, Never> { subscriber in subscriber.sendCompleted(); return nil }",
    "_ = Signal<Int, Never> { 1 }",
    "_ = Signal<[String], SearchError> { () async throws(SearchError) -> [String] in try await search(\"x\") }",
    "_ = Signal<[String], any Error> { try await search(\"x\") }",
    "_ = strings.promoteError((any Error).self).map { q in Signal { try await search(q) } }.switchToLatest()",
    "_ = strings.map { q in Signal { await Task.yield(); return q.count } }.switchToLatest()",
    "_ = ActionDisposable { print(\"done\") }",
    "_ = CompoundDisposable()",
    "_ = ScopedDisposable(subscription)",
]

DIAGNOSTIC = re.compile(r"^(?P<file>[^:]+):(?P<line>\d+):(?P<column>\d+): (?P<kind>error|warning|note): (?P<text>.*)$")


def function(name: str, body: list[str], extra: str = "") -> tuple[str, int]:
    """A function taking PARAMETERS whose body is `body`, one statement a line, and the line of
    the file (1-based) of the first statement."""
    header = PRELUDE + f"\nfunc {name}(\n{PARAMETERS}\n) {{\n{extra}"
    first = header.count("\n") + 1
    return header + "".join(f"    {line}\n" for line in body) + "}\n", first


def typecheck(path: Path, modules: str, shims: str) -> dict[int, list[tuple[str, str]]]:
    """The diagnostics of `path`, by line: (kind, text)."""
    command = [
        "swiftc", "-typecheck", "-swift-version", "6", "-enable-upcoming-feature", "ExistentialAny",
        "-enable-upcoming-feature", "MemberImportVisibility", "-diagnostic-style", "llvm",
        "-I", modules, "-Xcc", f"-fmodule-map-file={shims}", "-module-name", path.stem.capitalize(), str(path),
    ]
    result = subprocess.run(command, capture_output=True, text=True)
    found: dict[int, list[tuple[str, str]]] = {}
    for line in (result.stdout + result.stderr).splitlines():
        match = DIAGNOSTIC.match(line)
        if match and Path(match["file"]).name == path.name:
            found.setdefault(int(match["line"]), []).append((match["kind"], match["text"]))
    return found


PEER_NAMES = Path(__file__).resolve().parent.parent / "Sources" / "RACOperators" / "PeerNames"
DECLARED = re.compile(r"^\s*public\s+(?:static\s+|final\s+)*(?:func|class|struct|enum|typealias)\s+`?(\w+)`?")


def uncovered_names() -> list[str]:
    """The names declared in Sources/RACOperators/PeerNames that no case uses (each must have
    one, so that every peer's name is checked)."""
    calls = " ".join(call for _, call, _ in CASES)
    missing = []
    for path in sorted(PEER_NAMES.glob("*.swift")):
        in_extension = False
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line and not line[0].isspace() and line[0] not in "/@}":
                in_extension = line.startswith("extension ")
            # Top-level types and the members of extensions (not the members of a peer's type).
            match = DECLARED.match(line) if not line.startswith(" ") or in_extension else None
            if match and not re.search(rf"\b{match[1]}\b", calls):
                missing.append(f"{path.name}:{number}: `{match[1]}` has no case in CASES")
    return missing


def main(arguments: list[str]) -> int:
    if len(arguments) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    out, modules, shims = Path(arguments[0]), arguments[1], arguments[2]
    out.mkdir(parents=True, exist_ok=True)
    problems: list[str] = uncovered_names()

    # Peers' names: each line an unavailable-or-renamed error naming ours.
    text, first = function("peerNames", [call for _, call, _ in CASES], "    var cancellables: [Int] = []\n")
    peers = out / "peers.swift"
    peers.write_text(text, encoding="utf-8")
    found = typecheck(peers, modules, shims)
    for offset, (peer, call, expected) in enumerate(CASES):
        diagnostics = found.get(first + offset, [])
        errors = [message for kind, message in diagnostics if kind == "error"]
        withdrawn = [m for m in errors if "is unavailable" in m or "has been renamed" in m]
        if not withdrawn:
            problems.append(f"{peer}: `{call}` is not reported unavailable: {errors or 'it compiles'}")
        elif not any(expected in message for message in errors):
            problems.append(f"{peer}: `{call}`: no error names `{expected}`: {withdrawn}")

    # `Signal { … }` with a closure that is not an operation: does not compile, and says why.
    text, first = function("closures", [line for line, _ in TRAPS])
    closures = out / "closures.swift"
    closures.write_text(text, encoding="utf-8")
    found = typecheck(closures, modules, shims)
    for offset, (line, expected) in enumerate(TRAPS):
        diagnostics = found.get(first + offset, [])
        if not any(kind == "error" for kind, _ in diagnostics):
            problems.append(f"`{line}` compiles (it must not): {diagnostics}")
            continue
        for text_part in expected:
            if not any(text_part in message for _, message in diagnostics):
                problems.append(f"`{line}`: no diagnostic contains `{text_part}`: {diagnostics}")

    # Our names: no diagnostic at all.
    text, first = function("controls", CONTROLS)
    controls = out / "controls.swift"
    controls.write_text(text, encoding="utf-8")
    found = typecheck(controls, modules, shims)
    for number, diagnostics in sorted(found.items()):
        index = number - first
        origin = f"`{CONTROLS[index]}`" if 0 <= index < len(CONTROLS) else f"controls.swift:{number}"
        problems.append(f"{origin} must compile cleanly: {diagnostics}")

    for problem in problems:
        print(problem, file=sys.stderr)
    if problems:
        print(f"\n{len(problems)} problems (the files are in {out})", file=sys.stderr)
        return 1
    print(
        f"peer names: {len(CASES)} peers' calls each name ours; {len(TRAPS)} closures that are not "
        f"operations do not compile and say why; {len(CONTROLS)} calls of ours compile cleanly")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
