#!/usr/bin/env python3
"""Generates Docs/Operators.md, the list of every public Signal operator, from doc comments.

It reads the `extension Signal` blocks of Sources/RACOperators (every folder), and of the RACCore and
RACSchedulers files that add operators to Signal (the creation functions, sequence, startEagerly and
startLazily). For each public member it takes, from the `///` comment just above it:

- the RAC name: the backticked selector(s) after `RAC: ` (`RAC: none` marks an operator RAC
  did not have, such as the async bridges);
- the meaning: the first sentence of the first paragraph that is not the `RAC: ...` sentence;
- the marble: the first fenced ``` block;
- the contrast with the peers' namesakes, if any: the paragraph that starts with `Peers:`
  (the same name meaning something else in RxSwift, Combine or ReactiveSwift), shown under the
  meaning, so that a reader who looks the name up sees the difference where they look.

Declarations marked `@available(*, unavailable, …)` or `@available(*, deprecated, …)` are not
operators and are left out: the peers' names under which the compiler names ours
(Sources/RACOperators/PeerNames: `debounce`, `sink`, `observe(on:)` …), and the initialisers that
make `Signal { … }` with a closure that is not an async operation a compile error
(Async/ClosureValueGuard.swift). They keep the doc comment every public symbol has (a RAC name
and a sketch), which this script does not check. Their folder, PeerNames, is in no family.

Usage:
    python3 scripts/operators-table.py           rewrite Docs/Operators.md
    python3 scripts/operators-table.py --check   exit 1 if Docs/Operators.md is stale, or if an
                                                 operator's doc comment lacks a RAC name or a marble
    python3 scripts/operators-table.py --stdout  print the table instead of writing it
    python3 scripts/operators-table.py --docc <Module> <catalog> <symbol-graph folder>
        write OperatorDiagrams.md (each of the module's operators, creation functions and
        PullSequence members that has a picture in Docs/marbles: its name, symbol link, meaning
        and picture) and those pictures into
        <catalog>, a copy of the module's DocC catalog; scripts/docs.sh does this
"""

from __future__ import annotations

import difflib
import json
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUTPUT = ROOT / "Docs" / "Operators.md"

# Family of each operator file: by its folder in RACOperators (`Filter/Take.swift`), by file-name
# stem prefix for a file at the top of RACOperators, or by exact path (other modules).
FAMILIES = [
    ("transform", ["Transform"]),
    ("filter", ["Filter"]),
    ("time", ["Time"]),
    ("combine", ["Combine"]),
    ("higher-order", ["HigherOrder"]),
    ("side effects", ["SideEffects"]),
    ("threading", ["Threading"]),
    ("binding", ["Binding", "Bindings"]),
    ("multicast", ["Multicast"]),
    ("blocking", ["Blocking", "RACCore/PullSequence/PullSequenceSignal"]),
    ("async bridges", ["Concurrency", "Async"]),
    ("creation", ["Creation", "RACSchedulers/SignalStart", "RACCore/Signal/SignalFactories", "RACCore/Signal/Signal"]),
]
EXTRA_FILES = [
    "Sources/RACCore/Signal/Signal.swift",
    "Sources/RACCore/Signal/SignalFactories.swift",
    "Sources/RACCore/PullSequence/PullSequenceSignal.swift",
    "Sources/RACSchedulers/SignalStart.swift",
]

# Files read for only some of their declarations: Signal.swift's class body gives the creation
# closure's initialiser, not the subscription methods.
ONLY = {"Sources/RACCore/Signal/Signal.swift": {"Signal(name:_:)"}}

# Family of each PullSequence file, by the part of its stem after `PullSequence`.
SEQUENCE_FAMILIES = [
    ("basics", [""]),
    ("conformances", ["+Codable"]),
    ("transform", ["Transforms", "CompactMap", "Stream"]),
    ("filter", ["Filters"]),
    ("accumulate", ["Scan", "Folds"]),
    ("combine", ["Zip"]),
    ("bridges", ["Bridges", "Signal", "Scheduling"]),
]
SEQUENCE_GLOBS = ["Sources/RACCore/PullSequence/PullSequence*.swift", "Sources/RACSchedulers/PullSequence*.swift"]

RAC_NAME = re.compile(r"RAC:\s+(none\b|`[^`]+`(?:\s*(?:,|/|and|or)\s*`[^`]+`)*)")
# A marble: a run of marble characters with at least one frame, end or group in it.
MARBLE_TOKEN = re.compile(r"^[-\w()\[\]{},|#^!…*+]*[-|#][-\w()\[\]{},|#^!…*+]*$")


@dataclass
class Operator:
    family: str
    family_index: int
    path: str
    line: int
    order: tuple
    swift: str
    rac: str | None
    meaning: str
    marble: list[str] | None
    peers: str = ""
    # What tells this declaration from a namesake in its title (", throwing closure").
    variant: str = ""


def family_of(relative: str) -> tuple[int, str] | None:
    stem = relative.rsplit("/", 1)[-1].removesuffix(".swift")
    inside = relative.split("RACOperators/", 1)[-1] if "RACOperators/" in relative else ""
    if "/" in inside:
        folder = inside.split("/", 1)[0]
        for index, (family, prefixes) in enumerate(FAMILIES):
            if folder in prefixes:
                return index, family
    for index, (family, prefixes) in enumerate(FAMILIES):
        for prefix in prefixes:
            if "/" in prefix:
                if relative.endswith(prefix + ".swift"):
                    return index, family
            elif stem.startswith(prefix):
                return index, family
    return None


def split_top_level(text: str) -> list[str]:
    """Splits a parameter list at commas outside brackets, braces, parentheses and generics."""
    parts, depth, current, previous = [], 0, [], ""
    for char in text:
        if char in "([{<":
            depth += 1
        elif char in ")]}" or (char == ">" and previous != "-"):
            depth -= 1
        if char == "," and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
        previous = char
    if "".join(current).strip():
        parts.append("".join(current))
    return parts


def matching(text: str, start: int, open_char: str, close_char: str) -> int:
    """The index of the bracket closing the one at `start`."""
    depth, previous = 0, ""
    for index in range(start, len(text)):
        char = text[index]
        if char == open_char:
            depth += 1
        elif char == close_char and not (close_char == ">" and previous == "-"):
            depth -= 1
            if depth == 0:
                return index
        previous = char
    raise ValueError(f"unbalanced {open_char} in {text!r}")


def swift_name(declaration: str, type_name: str = "Signal") -> str | None:
    """`map(_:)`, `Signal.merge(_:)`, `values`, `await first()`, `Signal(_:)` from a declaration."""
    match = re.match(
        r"\s*public\s+((?:static\s+|convenience\s+|mutating\s+)*)(func|var|init)\b\s*(==|`?\w*`?)", declaration
    )
    if not match:
        return None
    modifiers, kind, name = match.group(1), match.group(2), match.group(3).strip("`")
    if name == "==":
        return "=="
    if kind == "var":
        return f"{type_name}.{name}" if "static" in modifiers else name
    rest = declaration[match.end() :]
    index = rest.index("(") if "(" in rest else -1
    if rest.lstrip().startswith("<"):
        start = rest.index("<")
        index = rest.index("(", matching(rest, start, "<", ">"))
    close = matching(rest, index, "(", ")")
    labels = []
    for parameter in split_top_level(rest[index + 1 : close]):
        # The caller's isolation and location (`isolation: … = #isolation`, `file: … = #fileID`,
        # `line: … = #line`) are filled in by the compiler: not part of the name users write.
        if re.search(r"=\s*#(isolation|fileID|filePath|file|line)\b", parameter):
            continue
        label = re.match(r"\s*(\w+)", parameter)
        labels.append((label.group(1) if label else "_") + ":")
    signature = "(" + "".join(labels) + ")"
    is_async = re.match(r"\s*async\b", rest[close + 1 :]) is not None
    if kind == "init":
        result = type_name + signature
    elif "static" in modifiers:
        result = f"{type_name}.{name}{signature}"
    else:
        result = name + signature
    return ("await " if is_async else "") + result


def sentences(paragraph: str) -> list[str]:
    """Splits at '. ' outside backticks and parentheses, when the next sentence starts a word."""
    result, current, in_code, depth = [], [], False, 0
    for index, char in enumerate(paragraph):
        current.append(char)
        if char == "`":
            in_code = not in_code
        elif not in_code and char == "(":
            depth += 1
        elif not in_code and char == ")":
            depth = max(0, depth - 1)
        elif char == "." and not in_code and depth == 0:
            following = paragraph[index + 1 : index + 3]
            if following == "" or (following[0] == " " and (following[1:] or "X")[0] in "`ABCDEFGHIJKLMNOPQRSTUVWXYZ(\""):
                result.append("".join(current).strip())
                current = []
    if "".join(current).strip():
        result.append("".join(current).strip())
    return result


def peers_paragraph(doc: list[str]) -> str:
    """The paragraph of a doc comment (lines without `///`) that starts with `Peers:`, on one
    line ("" if none): how the peers' namesakes of the operator differ from it."""
    paragraphs, current, in_block = [], [], False
    for line in doc + [""]:
        if line.strip().startswith("```"):
            in_block = not in_block
            continue
        if in_block:
            continue
        if line.strip():
            current.append(line.strip())
        elif current:
            paragraphs.append(" ".join(current))
            current = []
    return next((paragraph for paragraph in paragraphs if paragraph.startswith("Peers:")), "")


def parse_doc(doc: list[str]) -> tuple[str | None, str, list[str] | None]:
    """The RAC name, the meaning and the marble of one doc comment (lines without `///`)."""
    prose, marble, in_block, first_block = [], None, False, None
    for line in doc:
        if line.strip().startswith("```"):
            if in_block:
                in_block = False
                if marble is None:
                    marble = first_block or []
            else:
                in_block = True
                first_block = []
            continue
        if in_block:
            first_block.append(line)
        else:
            prose.append(line)
    text = " ".join(line.strip() if line.strip() else "\n" for line in prose)
    rac_match = RAC_NAME.search(text)
    rac = None
    if rac_match:
        rac = "none" if rac_match.group(1) == "none" else rac_match.group(1)
    first_paragraph = text.strip().split("\n")[0].strip()
    meaning = ""
    parts = sentences(first_paragraph)
    for position, sentence in enumerate(parts):
        lead = RAC_NAME.match(sentence)
        if lead:
            # "RAC: `-x`." names the operator; "RAC: `-x` on tuples. Sends …" qualifies it, and the
            # meaning is the next sentence; a lone "RAC: `-x` for …: fails …" goes on with it.
            if position + 1 < len(parts):
                continue
            sentence = sentence[lead.end() :].lstrip(" ,.:;")
            if not sentence:
                continue
            sentence = sentence[0].upper() + sentence[1:]
        meaning = sentence
        break
    if marble is not None:
        indent = min((len(line) - len(line.lstrip()) for line in marble if line.strip()), default=0)
        marble = [line[indent:].rstrip() for line in marble]
        while marble and not marble[-1]:
            marble.pop()
    return rac, meaning, marble


def has_marble(lines: list[str] | None) -> bool:
    if not lines:
        return False
    return any(
        MARBLE_TOKEN.match(token) and (len(token) >= 2 or token in "|#") for line in lines for token in line.split()
    )


def attribute_start(lines: list[str], index: int) -> int:
    """The index of the first attribute line above the member declared at `lines[index]` (`index`
    if none): `    @…` lines, and the continuation lines of a multi-line `@available(…)`."""
    above = index - 1
    while above >= 0 and (
        re.match(r"    @", lines[above]) or re.match(r"        ", lines[above]) or lines[above] == "    )"
    ):
        above -= 1
    return above + 1


def is_withdrawn(lines: list[str], index: int) -> bool:
    """Whether the member declared at `lines[index]` is marked unavailable or deprecated: a peer's
    name or a guard, not an operator."""
    attributes = " ".join(lines[attribute_start(lines, index) : index])
    return re.search(r"@available\(\s*\*\s*,\s*(unavailable|deprecated)\b", attributes) is not None


def doc_and_declaration(lines: list[str], index: int) -> tuple[list[str], str, int]:
    """The doc comment above the member declared at `lines[index]` (skipping attributes), its
    declaration up to the line with its opening brace, and the index of that line."""
    above = attribute_start(lines, index) - 1
    doc = []
    while above >= 0 and lines[above].startswith("    ///"):
        doc.insert(0, lines[above][7:].removeprefix(" "))
        above -= 1
    declaration, end = lines[index], index
    while "{" not in lines[end] and end + 1 < len(lines):
        end += 1
        declaration += " " + lines[end].strip()
    return doc, declaration, end


def parse_file(path: Path) -> tuple[list[Operator], list[str]]:
    relative = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").splitlines()
    operators, problems = [], []
    family = family_of(relative)
    in_extension = False
    only = ONLY.get(relative)
    index = 0
    while index < len(lines):
        line = lines[index]
        if re.match(r"extension\s+Signal\b", line) or (only and re.match(r"open class Signal\b", line)):
            in_extension = True
        elif line.startswith("}"):
            in_extension = False
        elif in_extension and re.match(r"    public\s", line):
            doc, declaration, end = doc_and_declaration(lines, index)
            if is_withdrawn(lines, index):
                index = end + 1
                continue
            name = swift_name(declaration)
            where = f"{relative}:{index + 1}"
            if only is not None and name not in only:
                index += 1
                continue
            if name is None:
                problems.append(f"{where}: cannot read the declaration {line.strip()!r}")
            elif family is None:
                problems.append(f"{where}: `{name}`: {relative} belongs to no operator family")
            else:
                rac, meaning, marble = parse_doc(doc)
                if not doc:
                    problems.append(f"{where}: `{name}` has no doc comment")
                if rac is None:
                    problems.append(f"{where}: `{name}`: its doc comment names no RAC operator "
                                    "(write `RAC: `-selector:`` or `RAC: none`)")
                if not has_marble(marble):
                    problems.append(f"{where}: `{name}`: its doc comment has no marble (a ``` block)")
                if not meaning:
                    problems.append(f"{where}: `{name}`: its doc comment has no one-line meaning")
                stem = relative.rsplit("/", 1)[-1].removesuffix(".swift")
                main_file = 0 if "+" not in stem else 1
                operators.append(
                    Operator(
                        family=family[1], family_index=family[0], path=relative, line=index + 1,
                        order=(family[0], main_file, relative, index), swift=name, rac=rac,
                        meaning=meaning, marble=marble, peers=peers_paragraph(doc),
                        variant=", throwing closure" if "throws(Failure)" in declaration
                        and "_disfavoredOverload" in lines[index - 1] else "",
                    )
                )
            index = end
        index += 1
    return operators, problems


def collect() -> tuple[list[Operator], list[str]]:
    files = sorted((ROOT / "Sources" / "RACOperators").glob("**/*.swift"))
    files += [ROOT / extra for extra in EXTRA_FILES if (ROOT / extra).exists()]
    operators, problems = [], []
    for path in files:
        found, issues = parse_file(path)
        operators += found
        problems += issues
    operators.sort(key=lambda operator: operator.order)
    return operators, problems


def sequence_family(relative: str) -> tuple[int, str] | None:
    stem = relative.rsplit("/", 1)[-1].removesuffix(".swift").removeprefix("PullSequence")
    for index, (family, stems) in enumerate(SEQUENCE_FAMILIES):
        if stem in stems:
            return index, family
    return None


def parse_sequence_file(path: Path) -> tuple[list[Operator], list[str]]:
    """The public members of `PullSequence` in one file: its class body and its extensions."""
    relative = path.relative_to(ROOT).as_posix()
    lines = path.read_text(encoding="utf-8").splitlines()
    operators, problems = [], []
    family = sequence_family(relative)
    inside = False
    index = 0
    while index < len(lines):
        line = lines[index]
        if re.match(r"(extension\s+PullSequence\b|public final class PullSequence\b)", line):
            inside = True
        elif line.startswith("}"):
            inside = False
        elif inside and re.match(r"    public\s+(static\s+|convenience\s+)*(func|var|init)\b", line):
            doc, declaration, end = doc_and_declaration(lines, index)
            name = swift_name(declaration, "PullSequence")
            where = f"{relative}:{index + 1}"
            if name is None or family is None:
                problems.append(f"{where}: cannot read {line.strip()!r} or place {relative} in a family")
            else:
                rac, meaning, marble = parse_doc(doc)
                if rac is None:
                    problems.append(f"{where}: `{name}`: its doc comment names no RAC selector")
                if not marble:
                    problems.append(f"{where}: `{name}`: its doc comment has no sketch (a ``` block)")
                if not meaning:
                    problems.append(f"{where}: `{name}`: its doc comment has no one-line meaning")
                operators.append(
                    Operator(
                        family=family[1], family_index=family[0], path=relative, line=index + 1,
                        order=(family[0], relative, index), swift=name, rac=rac, meaning=meaning,
                        marble=marble,
                    )
                )
            index = end
        index += 1
    return operators, problems


def collect_sequence() -> tuple[list[Operator], list[str]]:
    files = sorted(path for pattern in SEQUENCE_GLOBS for path in ROOT.glob(pattern))
    operators, problems = [], []
    for path in files:
        found, issues = parse_sequence_file(path)
        operators += found
        problems += issues
    operators.sort(key=lambda operator: operator.order)
    return operators, problems


def render_sequence(operators: list[Operator]) -> str:
    """The PullSequence part of the page: a heading per family and per member."""
    families = []
    for operator in operators:
        if operator.family not in families:
            families.append(operator.family)
    headings = [f"PullSequence {family}" for family in families]
    out = [
        "# PullSequence",
        "",
        f"Every public member of `PullSequence` ({len(operators)} declarations), RAC's `RACSequence`, by",
        "family, from the doc comments of Sources/RACCore/PullSequence/PullSequence*.swift and",
        "Sources/RACSchedulers/PullSequence*.swift. On a lazy sequence the operations return lazy",
        "sequences (nothing is evaluated until the result is, and each value once); on an eager one,",
        "eager sequences. The sketches list values in order, not frames, except those of the members",
        "that make a signal (`signal`, `signal(on:)`), which are played and drawn as the operators'",
        "marbles are; a sketch in sequence notation has no picture.",
        "",
        "Families: " + " · ".join(f"[{family}](#{anchor(heading)})" for family, heading in zip(families, headings))
        + ".",
    ]
    current = None
    for operator in operators:
        if operator.family != current:
            current = operator.family
            out += ["", f"## PullSequence {current}"]
        rac = "—" if operator.rac in (None, "none") else operator.rac
        out += ["", f"### `{operator.swift}`", "", f"RAC: {rac}. {operator.meaning}"]
        if operator.marble:
            out += ["", "```", *operator.marble, "```"]
            picture = picture_of(operator, timed_only=True)
            if picture:
                out += ["", f"![{operator.swift}, played by the operator](marbles/{picture}.svg)"]
    out.append("")
    return "\n".join(out)


def anchor(family: str) -> str:
    """GitHub's heading anchor for a family heading such as "side effects"."""
    return re.sub(r"[^a-z0-9 -]", "", family.lower()).replace(" ", "-")


def entries_of(operators: list[Operator]) -> list[list]:
    """[operator, overload count] per entry: overloads (same family, Swift name and RAC name) share
    the entry of the first one."""
    entries: list[list] = []
    index: dict[tuple[str, str, str | None], list] = {}
    for operator in operators:
        key = (operator.family, operator.swift, operator.rac)
        if key in index and operator.rac not in (None, "none"):
            index[key][1] += 1
        else:
            index[key] = [operator, 1]
            entries.append(index[key])
    return entries


def render(operators: list[Operator]) -> str:
    entries = entries_of(operators)
    families = []
    for operator, _ in entries:
        if operator.family not in families:
            families.append(operator.family)
    out = [
        "# Operators",
        "",
        "<!-- Generated by scripts/operators-table.py from the doc comments of the sources. Do not edit:",
        "     change the doc comment, then run `python3 scripts/operators-table.py`. CI runs it with",
        "     --check. -->",
        "",
        f"Every public `Signal` operator and creation function ({len(operators)} declarations), by",
        "family: its Swift name, the ReactiveCocoa 2.x selector it ports (`—`: not in RAC), what it",
        "does and its marble, all taken from the operator's doc comment. Marbles use the syntax of",
        "[Marbles.md](Marbles.md): one character per frame, `|` completed, `#` error, `(ab)` events in",
        "the same frame. Overloads that share a Swift and a RAC name (one per tuple arity, say) are one",
        "entry. The page reads the same in a terminal (`less Docs/Operators.md`) as rendered.",
        "Under a marble, a picture (`Docs/marbles/<output label>.svg`) shows that marble played through",
        "the real operator ([Internals.md](Internals.md#the-operators-pictures) tells contributors how",
        "the pictures are drawn and kept in step).",
        "",
        "Families: " + " · ".join(f"[{family}](#{anchor(family)})" for family in families) + ".",
    ]
    current = None
    for operator, count in entries:
        if operator.family != current:
            current = operator.family
            out += ["", f"## {current}"]
        overloads = f" ({count} overloads)" if count > 1 else ""
        rac = "—" if operator.rac in (None, "none") else operator.rac
        out += ["", f"### `{operator.swift}`{operator.variant}{overloads}", "", f"RAC: {rac}. {operator.meaning}"]
        if operator.peers:
            out += ["", operator.peers]
        if operator.marble:
            out += ["", "```", *operator.marble, "```"]
            picture = picture_of(operator)
            if picture:
                out += ["", f"![{operator.swift}, played by the operator](marbles/{picture}.svg)"]
    out.append("")
    return "\n".join(out)


def picture_name(label: str) -> str:
    """The file name OperatorsDocTests gives the picture of a marble line: the label with every run of
    characters other than ASCII letters and digits made one `-` (`map(*2)` → `map-2`)."""
    return re.sub(r"[^A-Za-z0-9]+", "-", label).strip("-")


def marble_label(line: str) -> str:
    """The label of a marble line: what comes before the first `: ` outside brackets ("" if none)."""
    depth = 0
    for index, character in enumerate(line):
        if character in "([{":
            depth += 1
        elif character in ")]}":
            depth -= 1
        elif character == ":" and depth == 0 and line[index + 1 : index + 2] == " ":
            return line[:index].strip()
    return ""


def picture_of(operator: Operator, timed_only: bool = False) -> str | None:
    """The name of the picture OperatorsDocTests drew of the operator's marble
    (Docs/marbles/<name>.svg), if any: of the lines whose label names a picture, the last one whose
    label starts with the operator's name (`rateLimit(5)` for `rateLimit(_:on:)`, not the
    `throttle(5)` drawn beside it for comparison), else the last one. With `timed_only` (a
    `PullSequence` member, whose sketches list values rather than frames), only a line whose marble
    is a time marble counts: `skip(2):  c d` is not the picture `skip-2.svg` of `Signal.skip`."""
    base = operator.swift.removeprefix("await ").removeprefix("Signal.").split("(", 1)[0]
    found, named = None, None
    for line in operator.marble or []:
        label = marble_label(line)
        name = picture_name(label)
        if timed_only:
            tokens = line[len(label) :].lstrip(" :").split()
            if not tokens or not MARBLE_TOKEN.match(tokens[0]) or not re.search(r"[-|#]", tokens[0]):
                continue
        if name and (ROOT / "Docs" / "marbles" / f"{name}.svg").is_file():
            found = name
            if re.sub(r"^Signal\.", "", label).startswith(base):
                named = name
    return named or found


def module_of(operator: Operator) -> str:
    """The module that declares the operator: `RACOperators` for Sources/RACOperators/…."""
    return operator.path.split("/")[1]


def fnv1_hash(text: str) -> str:
    """DocC's disambiguation hash of a symbol (its precise identifier's 32-bit FNV-1 hash, folded
    to 24 bits, in base 36), the `-7mudg` of ``RACCore/Signal/and()-7mudg``."""
    value = 2166136261
    for byte in text.encode("utf-8"):
        value = ((value * 16777619) & 0xFFFFFFFF) ^ byte
    value = (value >> 24) ^ (value & 0xFFFFFF)
    digits = ""
    while True:
        value, digit = divmod(value, 36)
        digits = "0123456789abcdefghijklmnopqrstuvwxyz"[digit] + digits
        if value == 0:
            return digits


def symbol_links(module: str, graphs: Path) -> dict[tuple[str, int], str]:
    """The DocC symbol link of each member of `Signal` and `PullSequence` in the module's symbol graphs (the files
    scripts/docs.sh gives DocC), by declaring file and 1-based line: ``RACCore/Signal/map(_:)``
    for an extension of another module's `Signal`, with the least disambiguation DocC needs: none,
    the symbol's kind (`-swift.type.method` beside an instance method of the same name), or the
    symbol's hash (overloads of one kind, such as the tuple arities of `and()`)."""
    symbols = []
    for graph in sorted(graphs.glob("*.symbols.json")):
        extended = graph.name.removesuffix(".symbols.json").partition("@")[2]
        for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]:
            components = symbol["pathComponents"]
            if len(components) == 2 and components[0] in ("Signal", "PullSequence") and "location" in symbol:
                symbols.append((extended, symbol))
    by_path: dict[tuple[str, str], list] = {}
    for _, symbol in symbols:
        by_path.setdefault(tuple(symbol["pathComponents"]), []).append(symbol)
    links = {}
    for extended, symbol in symbols:
        type_name, name = symbol["pathComponents"]
        kind = symbol["kind"]["identifier"]
        namesakes = by_path[(type_name, name)]
        suffix = ""
        if len(namesakes) > 1:
            if sum(1 for other in namesakes if other["kind"]["identifier"] == kind) == 1:
                suffix = "-" + kind
            else:
                suffix = "-" + fnv1_hash(symbol["identifier"]["precise"])
        prefix = f"{extended}/" if extended else ""
        uri = symbol["location"]["uri"].removeprefix("file://")
        try:
            relative = Path(uri).resolve().relative_to(ROOT).as_posix()
        except ValueError:
            continue
        links[(relative, symbol["location"]["position"]["line"] + 1)] = f"``{prefix}{type_name}/{name}{suffix}``"
    return links


def render_docc_article(module: str, operators: list[Operator], links: dict[tuple[str, int], str]) -> tuple[str, list[str]]:
    """The DocC article OperatorDiagrams.md of `module`: for each of its operators that has a
    picture, its name, its symbol link and meaning, and the picture; and the pictures it shows."""
    entries = [
        (operator, count, picture_of(operator, timed_only=operator.family.startswith("PullSequence")))
        for operator, count in entries_of(operators)
        if module_of(operator) == module
    ]
    entries = [entry for entry in entries if entry[2]]
    if not entries:
        return "", []
    out = [
        "# Operator diagrams",
        "",
        f"The marble of each operator's documentation, played through the real operator.",
        "",
        "## Overview",
        "",
        "Each picture is drawn by the operator itself: the marble of the operator's documentation is",
        "played through the real operator on a `TestScheduler`, and the picture shows each input",
        "alone, then the output (one line per signal, time in frames, a circle per value, a bar for",
        "completion, a cross for an error). How to read them: <doc:ReadingMarbles>. Each operator's",
        "own page shows its picture too.",
        # How the pictures are made and checked is for contributors: Docs/Internals.md.
    ]
    pictures: list[str] = []
    current = None
    for operator, count, picture in entries:
        if operator.family != current:
            current = operator.family
            out += ["", f"## {current[0].upper()}{current[1:]}"]
        link = links.get((operator.path, operator.line))
        overloads = f" ({count} overloads)" if count > 1 else ""
        reference = link or f"`{operator.swift}`"
        out += [
            "",
            # `_` escaped: DocC would read `aggregate(_:_:)` as emphasis and show `aggregate(::)`.
            f"### {operator.swift.replace('_', chr(92) + '_')}{overloads}",
            "",
            f"{reference}: {operator.meaning}",
            "",
            f"![{operator.swift}, played by the operator]({picture})",
        ]
        # A picture wider than the page is scaled to it: a link shows it at full size.
        if url := full_size_url(module, picture):
            out += ["", f"Scaled to the page: [see it at full size]({url})."]
        if picture not in pictures:
            pictures.append(picture)
    out.append("")
    return "\n".join(out), pictures


# Wider than this (in pixels), a picture is scaled down to the page's width: its page links to it
# at full size too (here and in scripts/docs-site.py).
PAGE_WIDTH = 760


def full_size_url(module: str, picture: str) -> str | None:
    """The address of `picture` at full size on `module`'s pages, if it is wider than the page."""
    svg = (ROOT / "Docs" / "marbles" / f"{picture}.svg").read_text(encoding="utf-8")
    width = re.search(r'<svg[^>]*\swidth="([0-9.]+)', svg)
    if not width or float(width.group(1)) <= PAGE_WIDTH:
        return None
    return f"/images/org.reactivecocoa.{module}/{picture}.svg"


def write_docc_article(module: str, catalog: Path, graphs: Path) -> int:
    """Writes OperatorDiagrams.md and the pictures it shows into `catalog` (a copy of the module's
    catalog that scripts/docs.sh builds), if the module has operators with pictures."""
    operators, _ = collect()
    sequence_members, _ = collect_sequence()
    for member in sequence_members:
        member.family = f"PullSequence {member.family}"
    article, pictures = render_docc_article(module, operators + sequence_members, symbol_links(module, graphs))
    if not article:
        return 0
    (catalog / "OperatorDiagrams.md").write_text(article, encoding="utf-8")
    resources = catalog / "OperatorDiagrams"
    resources.mkdir(exist_ok=True)
    for picture in pictures:
        shutil.copyfile(ROOT / "Docs" / "marbles" / f"{picture}.svg", resources / f"{picture}.svg")
    print(f"{catalog}: OperatorDiagrams.md with {len(pictures)} pictures")
    return 0


def main(arguments: list[str]) -> int:
    if arguments[:1] == ["--docc"]:
        if len(arguments) != 4:
            print("usage: operators-table.py --docc <Module> <catalog> <symbol-graph folder>", file=sys.stderr)
            return 2
        return write_docc_article(arguments[1], Path(arguments[2]), Path(arguments[3]))
    check = "--check" in arguments
    to_stdout = "--stdout" in arguments
    operators, problems = collect()
    sequence_members, sequence_problems = collect_sequence()
    problems += sequence_problems
    table = render(operators) + "\n" + render_sequence(sequence_members)
    if to_stdout:
        sys.stdout.write(table)
        return 0
    if check:
        current = OUTPUT.read_text(encoding="utf-8") if OUTPUT.exists() else ""
        if current != table:
            problems.append(
                f"{OUTPUT.relative_to(ROOT)} is stale: run `python3 scripts/operators-table.py`")
            diff = difflib.unified_diff(
                current.splitlines(), table.splitlines(), "Docs/Operators.md (committed)",
                "Docs/Operators.md (from the sources)", lineterm="", n=0)
            problems += ["    " + line for line in list(diff)[:40]]
        for problem in problems:
            print(problem, file=sys.stderr)
        if problems:
            return 1
        print(f"Docs/Operators.md is up to date ({len(operators)} operators, all documented).")
        return 0
    OUTPUT.write_text(table, encoding="utf-8")
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"wrote {OUTPUT.relative_to(ROOT)} ({len(operators)} operators)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
