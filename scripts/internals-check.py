#!/usr/bin/env python3
"""Keeps Docs/Internals.md in step with the code: every file it cites exists, and every type,
method and property it names in backticks is declared somewhere in Sources/ or Tests/. And keeps
every reference to a part of a page true, in every tracked file (Sources and Tests comments, Docs,
scripts): a quoted section title after a page (`Docs/Internals.md, "Who holds whom"`, `Concepts.md
"A" and "B"`) must be a heading of that page, an anchor (`Internals.md#the-rules`) a heading's
GitHub anchor, and a numbered item (`Docs/Performance.md, item 14`, `Reliability.md defect 2`) a
top-level numbered item of it; in a Markdown page, `see "Title"` and `"Title", above` (or below)
must be headings of that same page. A title may leave out what follows its heading's parenthesis
or colon (`"Stack depth"` for `### Stack depth (`StackDepthTests.swift`), …`).

    python3 scripts/internals-check.py            # exit 1 and list what is missing or false
    python3 scripts/internals-check.py Docs/X.md  # check another contributor page's citations too

What counts as a citation (inside `backticks`):
  - a path ending in .swift, .py or .sh (`Filter/Filter.swift`, `scripts/docs.sh`): some tracked
    file's path must end with it;
  - a name that starts with a capital letter and may be qualified (or a folder's name) (`OperatorStage`,
    `Subscriber.forwardHoldingDeliveryLock`, `LiftedSignal.Fusion`): each part must be declared as a
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


# A reference to part of a page. A quoted title may run over a line break, and in a comment over
# the next line's `//`, `///` or `#`.
_BREAK = r"[ \t]*\n[ \t]*(?:///?|#)?[ \t]*"
_TITLE = r'"((?:[^"\n]|\n[ \t]*(?:///?|#)?){1,160}?)"'
_PAGE = r"(?<![\w/.-])((?:Docs/)?[A-Z][A-Za-z]*\.md)"
SECTION_REFERENCE = re.compile(
    rf"{_PAGE}\)?,?(?:{_BREAK}|[ \t]+){_TITLE}((?:[ \t]*(?:,|and|or)(?:{_BREAK}|[ \t]+){_TITLE})*)")
FURTHER_TITLE = re.compile(_TITLE)
ANCHOR_REFERENCE = re.compile(r"\]\(((?:[\w./-]*/)?[A-Za-z]+\.md)?#([\w-]+)\)")
ITEM_REFERENCE = re.compile(
    rf"{_PAGE}\)?,?(?:{_BREAK}|[ \t]+)(?:items?|defects?)[ \t]+(\d+(?:(?:,[ \t]*|[ \t]+and[ \t]+)\d+)*)")
SAME_PAGE_REFERENCE = re.compile(rf"\b[Ss]ee(?:{_BREAK}|[ \t]+){_TITLE}|{_TITLE},?(?:{_BREAK}|[ \t]+)\(?(?:above|below)\b")
REFERRING_FILES = re.compile(r"\.(swift|md|py|sh|c|h)$|^\.ci/run$")


def _title(raw):
    return re.sub(_BREAK, " ", raw).strip()


def _page_path(name, referrer):
    """The page a reference names: `Docs/X.md` from the root, `X.md` beside the referring page or
    in Docs/, `README.md` at the root."""
    for candidate in (ROOT / name, (ROOT / referrer).parent / name, ROOT / "Docs" / name):
        if candidate.is_file():
            return candidate
    return None


def _headings(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return [m.group(1).strip() for m in re.finditer(r"^#{1,6}[ \t]+(.+?)[ \t]*#*$", text, flags=re.M)]


def _names_heading(title, headings):
    """Whether `title` is one of `headings`, or the part of one before its parenthesis or colon
    (`"Stack depth"` for `Stack depth (`StackDepthTests.swift`), …`)."""
    return any(
        heading == title or heading.startswith(title + " (") or heading.startswith(title + ":")
        for heading in headings)


def _anchor(heading):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces made hyphens."""
    return re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")


def _anchors(page):
    seen = {}
    anchors = set()
    for heading in _headings(page):
        anchor = _anchor(heading)
        count = seen.get(anchor, 0)
        seen[anchor] = count + 1
        anchors.add(anchor if count == 0 else f"{anchor}-{count}")
    return anchors


def _numbered_items(page):
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    return {int(number) for number in re.findall(r"^(\d+)\. ", text, flags=re.M)}


def check_section_references():
    """Every reference to a section, anchor or numbered item of a page, in every tracked file,
    names one that exists."""
    problems = []
    for name in sorted(tracked_files()):
        path = ROOT / name
        if not REFERRING_FILES.search(name) or not path.is_file() or name == "scripts/internals-check.py":
            continue
        text = path.read_text(encoding="utf-8", errors="replace")

        def where(match):
            return f"{name}:{text.count(chr(10), 0, match.start()) + 1}"

        for match in SECTION_REFERENCE.finditer(text):
            page = _page_path(match.group(1), name)
            titles = [match.group(2)] + FURTHER_TITLE.findall(match.group(3) or "")
            if page is None:
                problems.append(f"{where(match)}: cites {match.group(1)}, which does not exist")
                continue
            headings = _headings(page)
            for raw in titles:
                if not _names_heading(_title(raw), headings):
                    problems.append(
                        f'{where(match)}: cites {match.group(1)}, "{_title(raw)}": no such heading there')
        for match in ANCHOR_REFERENCE.finditer(text):
            page = _page_path(match.group(1), name) if match.group(1) else path
            if page is None or page.suffix != ".md":
                continue
            if match.group(2) not in _anchors(page):
                problems.append(
                    f"{where(match)}: links {match.group(1) or ''}#{match.group(2)}: no such heading there")
        for match in ITEM_REFERENCE.finditer(text):
            page = _page_path(match.group(1), name)
            if page is None:
                problems.append(f"{where(match)}: cites {match.group(1)}, which does not exist")
                continue
            items = _numbered_items(page)
            for number in re.findall(r"\d+", match.group(2)):
                if int(number) not in items:
                    problems.append(f"{where(match)}: cites {match.group(1)}, item {number}: no such item there")
        if name.endswith(".md"):
            headings = _headings(path)
            for match in SAME_PAGE_REFERENCE.finditer(text):
                title = _title(match.group(1) or match.group(2))
                if not _names_heading(title, headings):
                    problems.append(f'{where(match)}: refers to "{title}" on this page: no such heading')
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
    references = check_section_references()
    for problem in references:
        print(problem)
    if not references:
        print("every section, anchor and numbered item that a file cites exists")
    sys.exit(1 if failed or references else 0)


if __name__ == "__main__":
    main()
