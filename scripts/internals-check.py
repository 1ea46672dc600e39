#!/usr/bin/env python3
"""Keeps Docs/Internals.md in step with the code: every file it cites exists, and every type,
method and property it names in backticks is declared somewhere in Sources/ or Tests/.

    python3 scripts/internals-check.py            # exit 1 and list what is missing
    python3 scripts/internals-check.py Docs/X.md  # check another contributor page the same way

What counts as a citation (inside `backticks`):
  - a path ending in .swift, .py or .sh (`Filter/Filter.swift`, `scripts/docs.sh`): some tracked
    file's path must end with it;
  - a name that starts with a capital letter and may be qualified (or a folder's name) (`OperatorStage`,
    `Subscriber.sendHoldingDeliveryLock`, `LiftedSignal.Fusion`): each part must be declared as a
    type, function, property, case or typealias;
  - a method spelled with its labels (`receive(error:)`, `subscribe(claiming:)`, `Signal.fusing(_:named:)`):
    a `func` (or `init`) of that base name must exist.
Words that are Swift keywords or attributes, standard-library or Foundation names, and lowercase
single words (`map`, `filter`, which name operators or concepts) are not checked; a name that is
meant to be outside the code can be listed in ALLOWED below.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Names that Internals.md may use without a declaration in this repository: Swift, the standard
# library, Foundation, Dispatch, and RAC's Objective-C names.
ALLOWED = {
    "Swift", "Sendable", "AnyObject", "Any", "Never", "Error", "Int", "Bool", "String", "Duration",
    "Array", "ContiguousArray", "Optional", "Unmanaged", "Atomic", "Mutex", "Task", "MainActor",
    "DispatchQueue", "DispatchSemaphore", "Thread", "RunLoop", "Foundation", "Dispatch",
    "Synchronization", "Testing", "XCTest", "OpenCombine", "ReactiveObjC", "ReactiveCocoa",
    "Self", "deinit", "Value", "Failure", "Output", "OutputFailure", "Input", "Element", "Result",
    "RACSignal", "RACSubject", "RACCommand", "RACDisposable", "RACScheduler", "RACStream",
    "RACSubscriber", "RACDynamicSignal", "RACSubscriptionScheduler", "RACCompoundDisposable",
    "RACSerialDisposable", "RACReplaySubject", "RACBehaviorSubject", "RACSequence",
    "RACPassthroughSubscriber", "RACTestScheduler", "RACEvent", "RACTuple", "RACMulticastConnection",
    "RACKVOChannel", "RACChannel", "RACQueueScheduler", "RACTargetQueueScheduler",
    "NSThread", "NSError", "NSObject", "KVO", "ASan", "TSan", "LSan", "README", "CI", "RAC",
    "ThreadSanitizer", "AddressSanitizer", "LeakSanitizer", "DocC", "SwiftPM", "Linux", "Darwin",
}

DECLARATION = re.compile(
    r"\b(?:class|struct|enum|protocol|actor|typealias|associatedtype|func|var|let|case|init)\s+"
    r"`?([A-Za-z_][A-Za-z0-9_]*)")
SOURCE_DIRS = ["Sources", "Tests", "Benchmarks/Sources", "Examples", "Fuzz"]


def declared_names():
    names = set()
    for directory in SOURCE_DIRS:
        for path in (ROOT / directory).rglob("*.swift"):
            text = path.read_text(encoding="utf-8", errors="replace")
            names.update(DECLARATION.findall(text))
            # Enum cases listed after the first: `case a, b, c`.
            for line in re.findall(r"\bcase\s+([^:=\n(]+)", text):
                names.update(part.strip() for part in line.split(",") if part.strip().isidentifier())
            # Initialisers and subscripts count as methods named `init`.
            if re.search(r"\binit\s*[(<]", text):
                names.add("init")
    # Folder names (the map of the folders cites `Combine`, `Filter` …).
    for directory in SOURCE_DIRS:
        names.update(path.name for path in (ROOT / directory).rglob("*") if path.is_dir())
    # The C shims' functions.
    for path in (ROOT / "Sources").rglob("*.h"):
        names.update(re.findall(r"\b([A-Za-z_]\w*)\s*\(", path.read_text(encoding="utf-8")))
    return names


def tracked_files():
    output = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    files = set(output.split())
    # Files added but not yet committed count too.
    untracked = subprocess.run(
        ["git", "ls-files", "--others", "--exclude-standard"], cwd=ROOT, capture_output=True,
        text=True, check=True).stdout
    return files | set(untracked.split())


def citations(markdown):
    # Code spans only, outside fenced code blocks (diagrams there use free text).
    text = re.sub(r"```.*?```", "", markdown, flags=re.S)
    return re.findall(r"`([^`\n]+)`", text)


def check(page):
    names = declared_names()
    files = tracked_files()
    problems = []
    for span in citations(page.read_text(encoding="utf-8")):
        span = span.strip()
        if re.fullmatch(r"[\w./+-]+\.(swift|py|sh|md)", span):
            if not any(f == span or f.endswith("/" + span) for f in files):
                problems.append(f"file `{span}` does not exist")
            continue
        # A method with labels, possibly qualified: `Type.name(label:other:)`.
        method = re.fullmatch(r"((?:[A-Z]\w*\.)*)(\w+)\((?:[\w_]+:)*\)", span)
        if method:
            qualifiers = [q for q in method.group(1).split(".") if q]
            for part in qualifiers + [method.group(2)]:
                if part not in names and part not in ALLOWED:
                    problems.append(f"`{span}`: `{part}` is declared nowhere")
            continue
        # A type or a qualified member: `OperatorStage`, `Subscriber.send`.
        qualified = re.fullmatch(r"([A-Z]\w*)((?:\.\w+)*)", span)
        if qualified:
            parts = [qualified.group(1)] + [p for p in qualified.group(2).split(".") if p]
            for part in parts:
                if part not in names and part not in ALLOWED:
                    problems.append(f"`{span}`: `{part}` is declared nowhere")
    return problems


def main():
    pages = [Path(argument) for argument in sys.argv[1:]] or [ROOT / "Docs" / "Internals.md"]
    failed = False
    for page in pages:
        problems = check(page if page.is_absolute() else ROOT / page)
        for problem in sorted(set(problems)):
            print(f"{page}: {problem}")
        failed = failed or bool(problems)
        if not problems:
            print(f"{page}: every file and name it cites exists")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
