#!/usr/bin/env python3
"""Writes the generated parts of the documentation website that scripts/docs.sh builds.

    python3 scripts/docs-site.py guides <catalog>
        write into <catalog> (a new, empty folder) the catalog ReactiveCocoaSwift.docc: its landing
        page (the guides first, then the modules) and the user guides of Docs/ as articles, with
        their links rewritten: a link to another guide or to a heading becomes a `doc:` link, which
        DocC checks; a link to a repository file that is not a guide becomes its text.

    python3 scripts/docs-site.py topics <Module> <catalog> <symbol-graph folder>
        write into <catalog> (a copy of the module's catalog) the documentation extension file of
        the module's `Signal` page, Signal.md, whose Topics list the module's operators by task
        (the families of scripts/operators-table.py, so the lists cannot drift from the sources).

    python3 scripts/docs-site.py constraints <symbol-graph folder>
        drop from the symbol graphs (the build's copies) the constraint "Failure: Error" of the
        members of extensions: every `Failure` of this package is declared `Failure: Error`, so
        DocC's "Available when Failure conforms to Error" would be on every page and always true.

    python3 scripts/docs-site.py pages <Module> <catalog> <symbol-graph folder>
        write into <catalog> a documentation extension file per operator of the module, which
        replaces the page's text by the doc comment rearranged for readers: the meaning in plain
        words first, the RAC name on a line of its own, then the marble picture (drawn by
        OperatorsDocTests, Docs/marbles) with a link to the article Reading marbles, then the rest
        of the doc comment; and that article.

    python3 scripts/docs-site.py lists <site>
        in the merged site's pages, the entries of a topic list that DocC shows as one declaration
        (overloads whose abbreviated declarations are equal: the tuple arities of `and()`, the
        optional and plain `flatten()`) get their title's qualifier after the declaration; in the
        sidebar, such overloads show their pages' titles.

    python3 scripts/docs-site.py mentions <site>
        in the merged site's pages, make each mention of a guide's file as text
        ("see Docs/Concepts.md", in a doc comment or a module's page) a link to the guide's page
        (and Docs/Operators.md one to Signal's operators): doc comments cannot link into another
        archive.

    python3 scripts/docs-site.py rebase <site> <base path>
        for a site served under a sub-path (`docc process-archive transform-for-static-hosting
        --hosting-base-path`, which scripts/docs.sh runs when DOCS_HOSTING_BASE_PATH is set): the
        site-absolute links that are not pages (the full-size pictures, /images/…) get the base
        path in front.

The guides stay in Docs/ (one home in the repository); only the build's copy is rewritten.

Links from the guides and the generated pages to pages of other archives are site paths
(/documentation/racoperators/raccore/signal): DocC resolves no authored link from one archive into
another, and DocC's renderer shows a site path of a page as a link of its own router, which puts
the site's base path (--hosting-base-path) in front. A relative path would not do: a static server
shows a page at …/signal/ as often as at …/signal, and the two resolve a relative path apart.
scripts/docs-site-check.py checks the site served at its root and under a sub-path.
"""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
from pathlib import Path
from types import SimpleNamespace

ROOT = Path(__file__).resolve().parent.parent
BUNDLE = "ReactiveCocoaSwift"

# The guides, in the order the landing page lists them.
GUIDES = [
    "GettingStarted",
    "Concepts",
    "Marbles",
    "Migrating",
    "FromRxSwift",
    "FromCombine",
    "FromReactiveSwift",
    "FoundationBridge",
    "Bindings",
]

MODULES = [
    ("RACCore", "signals, subscribers, disposables, subjects and the pull sequence"),
    ("RACSchedulers", "schedulers, the test scheduler's clock and starting signals on one"),
    ("RACOperators", "every operator of Signal, commands, channels, properties and async bridges"),
    ("RACFoundationBridge", "notifications, files, URL sessions, user defaults and key paths"),
    ("RACTesting", "marble testing: TestScheduler, recorders and expectations"),
]

# Repository files that are not pages of the site, linked by the guides: where the site has the
# same content, the link goes there. (DocC shows every link to one URL with the text of the first:
# the landing page's link to the same page ends with `/` to keep its own.)
ELSEWHERE = {
    "Operators.md": "/documentation/racoperators/raccore/signal",
}

LINK = re.compile(r"\]\(([^)\s]*)\)")
FENCE = re.compile(r"^\s*(```|~~~)")


def github_anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation other than `-` and `_` dropped, spaces
    made `-` (`Departures from RAC 2.x` → `departures-from-rac-2x`)."""
    text = re.sub(r"`", "", heading.strip()).lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def headings(path: Path) -> dict[str, str]:
    """GitHub anchor → heading text, for the headings (outside code blocks) of a guide."""
    found: dict[str, str] = {}
    fenced = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            fenced = not fenced
            continue
        match = re.match(r"^(#{2,6})\s+(.*?)\s*#*\s*$", line)
        if match and not fenced:
            anchor = github_anchor(match.group(2))
            if anchor in found:
                index = 1
                while f"{anchor}-{index}" in found:
                    index += 1
                anchor = f"{anchor}-{index}"
            found[anchor] = match.group(2)
    return found


def docc_fragment(heading: str) -> str:
    """The fragment DocC gives a heading: the text with each run of spaces made `-` and the
    characters that cannot be in a URL fragment dropped."""
    text = heading.strip()
    text = re.sub(r"[\"#%<>\[\\\]^`{|}]", "", text)
    return re.sub(r"\s+", "-", text)


def rewrite(name: str, text: str, anchors: dict[str, dict[str, str]]) -> str:
    """A guide with its links made site links (see the module's doc)."""
    out = []
    fenced = False
    comment = False
    for line in text.splitlines():
        # The compile markers of scripts/doc-samples.py (`<!-- sample-setup … -->`) are not for
        # readers, and DocC would read a `@Observable` in them as a directive.
        if not fenced and (comment or line.lstrip().startswith("<!--")):
            comment = "-->" not in line
            continue
        if FENCE.match(line):
            fenced = not fenced
        if fenced or FENCE.match(line):
            out.append(line)
            continue

        def replace(match: re.Match[str]) -> str:
            target = match.group(1)
            if re.match(r"^[a-z]+:", target):
                return match.group(0)
            path, _, fragment = target.partition("#")
            guide = path.removesuffix(".md") if path else name
            if guide in anchors and (path == "" or path.endswith(".md")):
                link = f"doc:{guide}"
                if fragment:
                    heading = anchors[guide].get(fragment)
                    if heading is None:
                        raise SystemExit(f"docs-site: Docs/{name}.md links to {target}, a heading that does not exist")
                    link += "#" + docc_fragment(heading)
                return f"]({link})"
            if path.rsplit("/", 1)[-1] in ELSEWHERE:
                return f"]({ELSEWHERE[path.rsplit('/', 1)[-1]]})"
            return "]()"

        line = LINK.sub(replace, line)
        # A DocC symbol link shown as code (``` ``/RACCore/Signal`` ```), which DocC would resolve.
        line = re.sub(r"``` ``(.*?)`` ```", r"`\1` (a symbol link)", line)
        # A link whose target is not on the site keeps its text only.
        line = re.sub(r"\[([^\]]*)\]\(\)", r"\1", line)
        out.append(line)
    return "\n".join(out) + "\n"


def landing_page() -> str:
    titles = {}
    for guide in GUIDES:
        first = (ROOT / "Docs" / f"{guide}.md").read_text(encoding="utf-8").splitlines()[0]
        titles[guide] = first.removeprefix("# ").strip()
    out = [
        "# ReactiveCocoa for Swift",
        "",
        "ReactiveCocoa 2.x rebuilt as a multi-module Swift 6 package: signals, operators, schedulers,",
        "commands and bindings, with RAC's names and marble testing.",
        "",
        "@Metadata {",
        "    @TechnologyRoot",
        "}",
        "",
        "## Overview",
        "",
        "Start with <doc:GettingStarted>, then <doc:Concepts> for the rules every type keeps. Each",
        "module's page lists its types. [Signal's operators](/documentation/racoperators/raccore/signal/)",
        "lists every operator by task, and each operator's page shows its marble diagram.",
        "",
        "## Topics",
        "",
        "### Guides",
        "",
    ]
    out += [f"- <doc:{guide}>" for guide in GUIDES]
    out.append("")
    # The modules are other archives of the merged site: DocC resolves no authored link from this
    # catalog (which has no symbols) into them, so these are site paths, which the browser check
    # (scripts/docs-site-check.py) follows.
    modules = ["", "## Modules", ""]
    for module, summary in MODULES:
        modules.append(f"- [{module}](/documentation/{module.lower()}): {summary}.")
    out[out.index("## Topics") : out.index("## Topics")] = modules[1:] + [""]
    return "\n".join(out)


def write_guides(catalog: Path) -> int:
    catalog.mkdir(parents=True, exist_ok=True)
    anchors = {guide: headings(ROOT / "Docs" / f"{guide}.md") for guide in GUIDES}
    for guide in GUIDES:
        text = (ROOT / "Docs" / f"{guide}.md").read_text(encoding="utf-8")
        text = rewrite(guide, text, anchors)
        # The title is shown as plain text in the sidebar, where backticks would show.
        title, _, body = text.partition("\n")
        (catalog / f"{guide}.md").write_text(title.replace("`", "") + "\n" + body, encoding="utf-8")
    (catalog / f"{BUNDLE}.md").write_text(landing_page(), encoding="utf-8")
    print(f"{catalog}: landing page and {len(GUIDES)} guides")
    return 0


@functools.cache
def operators_table():
    """scripts/operators-table.py as a module (its families, doc-comment reader and symbol links),
    loaded once."""
    spec = importlib.util.spec_from_file_location("operators_table", ROOT / "scripts" / "operators-table.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["operators_table"] = module
    spec.loader.exec_module(module)
    return module


# The task of each family of scripts/operators-table.py, in the order of Combine's Publisher page;
# error handling is a task of its own, taken from the families by name.
TASKS = [
    ("transform", "Transforming values"),
    ("filter", "Filtering"),
    ("time", "Controlling timing"),
    ("combine", "Combining signals"),
    ("higher-order", "Higher-order"),
    ("errors", "Handling errors"),
    ("side effects", "Side effects"),
    ("threading", "Threading"),
    ("multicast", "Sharing"),
    ("binding", "Binding"),
    ("blocking", "Blocking"),
    ("async bridges", "Async bridges"),
    ("creation", "Creating signals"),
]
ERROR_HANDLING = re.compile(r"^(catch|retry|mapError|promoteError|materialize|dematerialize|tryMap|doError|doAfterError|logError)\b")


def task_of(operator) -> str:
    name = operator.swift.removeprefix("await ").removeprefix("Signal.")
    if ERROR_HANDLING.match(name):
        return "errors"
    return operator.family


def write_topics(module: str, catalog: Path, graphs: Path) -> int:
    table = operators_table()
    operators, _ = table.collect()
    links = table.symbol_links(module, graphs)
    groups: dict[str, list[str]] = {}
    for operator in operators:
        link = links.get((operator.path, operator.line))
        if link is None or table.module_of(operator) != module:
            continue
        if link not in groups.setdefault(task_of(operator), []):
            groups[task_of(operator)].append(link)
    if not groups:
        return 0
    page = "RACCore/Signal" if module != "RACCore" else "Signal"
    out = [f"# ``{module}/{page}``", ""]
    if module != "RACOperators":
        out += [
            "The operators that RACOperators adds to `Signal` (map, filter, flattenMap, throttle …) are",
            "listed by task on [Signal's operators](/documentation/racoperators/raccore/signal).",
            "",
        ]
    out += ["## Topics"]
    for family, title in TASKS:
        if family in groups:
            out += ["", f"### {title}", ""] + [f"- {link}" for link in groups[family]]
    unknown = sorted(set(groups) - {family for family, _ in TASKS})
    if unknown:
        raise SystemExit(f"docs-site: families without a task title: {unknown}")
    (catalog / "Signal.md").write_text("\n".join(out) + "\n", encoding="utf-8")
    if module == "RACOperators":
        # The module's page links each task's list on the Signal page.
        root = catalog / f"{module}.md"
        text = root.read_text(encoding="utf-8")
        tasks = " · ".join(
            f"[{title}](/documentation/racoperators/raccore/signal#{docc_fragment(title)})"
            for family, title in TASKS
            if family in groups
        )
        section = f"## Operators by task\n\nThe operators of ``RACCore/Signal``, by task: {tasks}.\n\n"
        root.write_text(text.replace("## Topics", section + "## Topics", 1), encoding="utf-8")
    count = sum(len(links) for links in groups.values())
    print(f"{catalog}: Signal.md with {count} operators in {len(groups)} tasks")
    return 0


READING_MARBLES = """# Reading marbles

How to read the picture on an operator's page.

## Overview

Each picture is drawn by the operator itself: a test plays the marble sketch of the operator's
documentation through the real operator on a virtual clock and draws what happened.

- Each line is one signal: first the inputs (`self`, and the other signals an operator takes),
  then the output, labelled with the call that made it.
- Time runs from left to right, in frames of the test scheduler's clock.
- A circle is a value, at the frame it was sent; values sent in the same frame are drawn in one
  group.
- A bar is completion; a cross is an error. A line that ends with neither is still running when
  the picture ends.

The sketch under the picture (in the discussion) is the same history in text: `-` is a frame in
which nothing happens, a letter or number is a value, `|` completion and `#` an error. The guide
*Marble testing with RACTesting* has the whole grammar, which the tests use too.
"""


def doc_comments(graphs: Path) -> dict[str, list[str]]:
    """The doc comment (lines) of each symbol of the graphs, by its precise identifier."""
    comments = {}
    for graph in sorted(graphs.glob("*.symbols.json")):
        for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]:
            lines = symbol.get("docComment", {}).get("lines", [])
            comments[symbol["identifier"]["precise"]] = [line["text"] for line in lines]
    return comments


def symbol_ids(graphs: Path) -> dict[tuple[str, int], str]:
    """Precise identifier of each symbol, by its file (relative to the repository) and 1-based line."""
    found = {}
    for graph in sorted(graphs.glob("*.symbols.json")):
        for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]:
            location = symbol.get("location")
            if not location:
                continue
            try:
                relative = Path(location["uri"].removeprefix("file://")).resolve().relative_to(ROOT).as_posix()
            except ValueError:
                continue
            found[(relative, location["position"]["line"] + 1)] = symbol["identifier"]["precise"]
    return found


def blocks(lines: list[str]) -> list[list[str]]:
    """The paragraphs and fenced blocks of a doc comment, each a list of lines."""
    out: list[list[str]] = []
    current: list[str] = []
    fenced = False
    for line in lines:
        if FENCE.match(line):
            if not fenced and current:
                out.append(current)
                current = []
            current.append(line)
            fenced = not fenced
            if not fenced:
                out.append(current)
                current = []
            continue
        if fenced:
            current.append(line)
        elif line.strip():
            current.append(line)
        elif current:
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def full_size(module: str, picture: str) -> str:
    """A sentence linking to `picture` at full size, if the page scales it down."""
    url = operators_table().full_size_url(module, picture)
    return f" The picture is scaled to the page: [see it at full size]({url})." if url else ""


def reader_page(
    table, module: str, link: str, operator, comment: list[str], picture: str | None, whole: bool = False
) -> str | None:
    """The extension file of one operator (see the module's doc), or None if its doc comment does
    not have the expected shape (then DocC shows the doc comment as it is)."""
    parts = blocks(comment)
    if not parts or FENCE.match(parts[0][0]):
        return None
    first = " ".join(line.strip() for line in parts[0])
    sentences = table.sentences(first)
    rac_line = None
    kept = []
    for sentence in sentences:
        match = table.RAC_NAME.match(sentence)
        if match and rac_line is None:
            rest = sentence[match.end():].strip()
            # `whole`: the sentence is the RAC name's ("RAC: `-timeout:` for URL signals.").
            if whole or rest.startswith("(") or rest in ("", ".") or rest.startswith(". "):
                rac_line = "RAC name: " + sentence.removeprefix("RAC:").strip()
                continue
            rac_line = "RAC name: " + match.group(1)
            rest = rest.lstrip(" ,.:;")
            if rest:
                kept.append(rest[0].upper() + rest[1:])
            continue
        kept.append(sentence)
    if not kept:
        return None
    # The meaning first (as operators-table.py reads it), then the rest of the first paragraph.
    if operator.meaning and operator.meaning in kept:
        kept.remove(operator.meaning)
    metadata = ["    @DocumentationExtension(mergeBehavior: override)"]
    # Overloads of one name (the tuple arities of `and()`) get titles that tell them apart, from
    # the qualifier of their RAC name: "and() on a 2-tuple of booleans".
    qualifier = re.search(r"\((on [^()]*)\)", rac_line or "")
    name = link.strip("`").rsplit("/", 1)[-1]
    if qualifier and re.search(r"-[a-z0-9]{4,5}$", name):
        title = re.sub(r"-[a-z0-9]{4,5}$", "", name) + " " + qualifier.group(1)
        metadata.append(f'    @DisplayName("{title}", style: symbol)')
    out = [
        f"# {link}",
        "",
        "@Metadata {",
        *metadata,
        "}",
        "",
        operator.meaning or kept.pop(0),
        "",
    ]
    if rac_line:
        if rac_line.startswith("RAC name: none ("):
            rac_line = rac_line.replace("RAC name: none (", "RAC name: none (not in ReactiveCocoa 2.x; ", 1)
        else:
            rac_line = rac_line.replace("RAC name: none", "RAC name: none (not in ReactiveCocoa 2.x)")
        out += [rac_line, ""]
    if picture:
        out += [
            f"![{operator.swift}, played by the operator: one line per signal, time to the right]({picture}.svg)",
            "",
            "How to read the picture: <doc:ReadingMarbles>." + full_size(module, picture),
            "",
        ]
    if kept:
        out += [" ".join(kept), ""]
    for part in parts[1:]:
        out += part + [""]
    return "\n".join(out)


# Titles of overloads that DocC would give one title (their name): the qualifier DocC shows after
# the name, chosen by a pattern of the declaration. One row per overload: (name, pattern of the
# declaration, qualifier; a callable gets the match). Overloads that differ only in a throwing
# closure need no row: the throwing one is titled "… with a throwing closure". A group of
# overloads left with one title stops the build (write_pages), so a new overload needs its row.
OVERLOADS: list[tuple[str, str, object]] = [
    # Signal's operators.
    ("amb(_:)", r"static func amb\(_ signals: some Sequence", "of a sequence of signals"),
    ("amb(_:)", r"static func amb\(_ signals: Signal<Value, Failure>\.\.\.", "of several signals"),
    ("amb(_:)", r"^func amb\(_ other:", "with another signal"),
    ("merge(_:)", r"static func merge\(_ signals: some Sequence", "of a sequence of signals"),
    ("merge(_:)", r"^func merge\(_ other:", "with another signal"),
    ("concat(_:)", r"static func concat\(_ signals: some Sequence", "of a sequence of signals"),
    ("concat(_:)", r"^func concat\(_ other:", "with another signal"),
    ("combineLatest(_:)", r"_ signals: some Sequence", "of a sequence of signals, as arrays"),
    ("combineLatest(_:)", r"repeat Signal<each Input", "of several signals, as tuples"),
    ("zip(_:)", r"_ signals: some Sequence", "of a sequence of signals, as arrays"),
    ("zip(_:)", r"repeat Signal<each Input", "of several signals, as tuples"),
    ("first()", r"\) async throws", "awaiting the first value"),
    ("first()", r"^func first\(\) throws", "blocking until the first value"),
    ("flatten()", r"where Value == Signal<Inner, Failure>\?$", "of optional signals"),
    ("flatten()", r"where Value == Signal<Inner, Failure>$", "of signals"),
    ("switchToLatest()", r"where Value == Signal<Inner, Failure>\?$", "of optional signals"),
    ("switchToLatest()", r"where Value == Signal<Inner, Failure>$", "of signals"),
    ("init(_:)", r"Elements : AsyncSequence", "from an async sequence"),
    ("init(_:)", r"init\(_ operation: @escaping @Sendable \(\) async", "from an async operation"),
    ("init(value:)", r"\(\) async throws\(OperationFailure\) -> Result\) throws", "of an async closure"),
    ("init(value:)", r"\(\) throws\(OperationFailure\) -> Result\) throws", "of a closure"),
    (
        "reduceApply()",
        r"where Value == \(\(([^()]*)\) -> NewValue",
        lambda match: f"of a function of {match.group(1).count(',') + 1} argument"
        + ("s" if match.group(1).count(",") else ""),
    ),
    ("skip(until:)", r"until predicate:", "with a predicate"),
    ("skip(until:)", r"Signal<TriggerValue, Failure>\)", "with a trigger signal"),
    ("skip(until:)", r"Signal<TriggerValue, Never>\) -> Signal<Value, Failure>", "with a trigger that never fails"),
    ("skip(until:)", r"Signal<TriggerValue, Never>\) -> Signal<Value, Never>", "when neither signal fails"),
    ("take(until:)", r"until predicate:", "with a predicate"),
    ("take(until:)", r"until trigger:", "with a trigger signal"),
    ("switch(_:cases:default:)", r"default defaultSignal:", "with a default signal"),
    ("switch(_:cases:default:)", r"default makeDefault:", "with a default made from the key"),
    # RACCore.
    ("subscribe(_:)", r"_ subscriber: Subscriber<", "with a Subscriber"),
    ("subscribe(_:)", r"_ receiver: Receiver", "with any subscriber type"),
    ("add(_:)", r"_ disposable: \(any Disposable\)\?", "of a disposable"),
    ("add(_:)", r"_ action: @escaping \(\) -> Void", "of an action"),
    ("init(_:)", r"init\(_ inner: any Disposable\)", "of a disposable"),
    ("init(_:)", r"init\(_ action: @escaping \(\) -> Void\)", "of an action"),
    ("rac", r"RACExtension<Self\.RACBase>", "(requirement)"),
    ("rac", r"RACExtension<Self>", "(default implementation)"),
    # RACOperators' bindings.
    ("<~(_:_:)", r"target: BindingTarget<Value>, source: Signal<", "from a signal to a binding target"),
    ("<~(_:_:)", r"property: MutableProperty<Value>, source: Signal<", "from a signal to a property"),
    ("<~(_:_:)", r"target: BindingTarget<Source\.Value>, source: Source", "from a property to a binding target"),
    ("<~(_:_:)", r"property: MutableProperty<Source\.Value>, source: Source", "from a property to a property"),
    ("<~(_:_:)", r"target: BindingTarget<Value>, source: MainActorSignal<", "from a main-actor signal to a binding target"),
    ("<~(_:_:)", r"property: MutableProperty<Value>, source: MainActorSignal<", "from a main-actor signal to a property"),
    # RACTesting.
    ("expectReleased(_:_:sourceLocation:)", r"_ object: AnyObject", "of an object"),
    ("expectReleased(_:_:sourceLocation:)", r"_ recorder: TestRecorder", "of a recorder"),
    ("createColdSignal(_:)", r"-> TestSignal<String,", "of String values"),
    ("createColdSignal(_:)", r"-> TestSignal<Value,", "of values of any type"),
    ("createColdSignal(_:error:)", r"-> TestSignal<String,", "of String values"),
    ("createColdSignal(_:error:)", r"-> TestSignal<Value,", "of values of any type"),
    ("createHotSignal(_:)", r"-> TestSignal<String,", "of String values"),
    ("createHotSignal(_:)", r"-> TestSignal<Value,", "of values of any type"),
    ("createHotSignal(_:error:)", r"-> TestSignal<String,", "of String values"),
    ("createHotSignal(_:error:)", r"-> TestSignal<Value,", "of values of any type"),
]


def declaration(symbol: dict) -> str:
    return "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))


def overload_qualifier(name: str, text: str, group: list[str]) -> str | None:
    """The qualifier of one overload (see OVERLOADS), or None for the one that keeps the name."""
    for row_name, pattern, qualifier in OVERLOADS:
        if row_name == name:
            match = re.search(pattern, re.sub(r"^(@\w+ )+", "", text))
            if match:
                return qualifier(match) if callable(qualifier) else qualifier
    # Two overloads that differ only in a throwing closure: the throwing one is named so.
    plain = [re.sub(r"throws\(\w+\) ->", "->", other) for other in group]
    if len(group) == 2 and plain[0] == plain[1] and re.search(r"throws\(\w+\) ->", text):
        return "with a throwing closure"
    return None


def symbol_link(table, extended: str, path: tuple[str, ...], symbol: dict, namesakes: list[dict]) -> str:
    """The DocC link of a symbol of the module's graphs (or of its extension of `extended`), with
    the least disambiguation DocC needs (see operators-table.py symbol_links)."""
    suffix = ""
    if len(namesakes) > 1:
        kind = symbol["kind"]["identifier"]
        if sum(1 for other in namesakes if other["kind"]["identifier"] == kind) == 1:
            suffix = "-" + kind
        else:
            suffix = "-" + table.fnv1_hash(symbol["identifier"]["precise"])
    return f"``{extended}/{'/'.join(path)}{suffix}``"


def graph_symbols(module: str, graphs: Path) -> dict[tuple[str, tuple[str, ...]], list[dict]]:
    """The symbols of the module's graphs (extension blocks left out), by the module they extend
    (the module itself for its own) and path."""
    groups: dict[tuple[str, tuple[str, ...]], list[dict]] = {}
    for graph in sorted(graphs.glob("*.symbols.json")):
        extended = graph.name.removesuffix(".symbols.json").partition("@")[2] or module
        for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]:
            if symbol["kind"]["identifier"] == "swift.extension":
                continue
            groups.setdefault((extended, tuple(symbol["pathComponents"])), []).append(symbol)
    return groups


def overload_titles(module: str, graphs: Path, named: set[str]) -> tuple[dict[str, tuple[str, str]], list[str]]:
    """Titles for the overloads of the module's graphs that would share a title: precise
    identifier → (DocC symbol link, title); and the groups left with one title. `named`: the
    symbols that already have a title of their own (the tuple arities of `and()`)."""
    table = operators_table()
    groups = graph_symbols(module, graphs)
    titles: dict[str, tuple[str, str]] = {}
    left: list[str] = []
    for (extended, path), symbols in sorted(groups.items()):
        if len(symbols) < 2:
            continue
        texts = [declaration(symbol) for symbol in symbols]
        shown: dict[str, list[str]] = {}
        for symbol, text in zip(symbols, texts):
            precise = symbol["identifier"]["precise"]
            link = symbol_link(table, extended, path, symbol, symbols)
            if precise in named:
                shown.setdefault(precise, []).append(link)
                continue
            qualifier = overload_qualifier(path[-1], text, texts)
            title = path[-1] + (f" {qualifier}" if qualifier else "")
            if qualifier:
                titles[precise] = (link, title)
            shown.setdefault(title, []).append(link)
        left += [f"{' and '.join(links)}: one title, {title}" for title, links in shown.items() if len(links) > 1]
    return titles, left


def write_pages(module: str, catalog: Path, graphs: Path) -> int:
    table = operators_table()
    operators, _ = table.collect()
    links = table.symbol_links(module, graphs)
    ids = symbol_ids(graphs)
    comments = doc_comments(graphs)
    folder = catalog / "OperatorPages"
    written = 0
    pictures = set()
    pages: dict[str, Path] = {}
    for operator in operators:
        link = links.get((operator.path, operator.line))
        precise = ids.get((operator.path, operator.line))
        if link is None or precise is None or table.module_of(operator) != module:
            continue
        picture = table.picture_of(operator)
        page = reader_page(table, module, link, operator, comments.get(precise, []), picture)
        if page is None:
            continue
        folder.mkdir(exist_ok=True)
        name = re.sub(r"[^A-Za-z0-9]+", "-", link.strip("`")).strip("-")
        while (folder / f"{name}.md").exists():
            name += "-"
        (folder / f"{name}.md").write_text(page, encoding="utf-8")
        pages[precise] = folder / f"{name}.md"
        written += 1
        if picture:
            pictures.add(picture)
    # The other symbols whose doc comment opens with their RAC name (properties, bridges …): the
    # meaning first, the RAC name on a line of its own, as on the operators' pages.
    for (extended, path), symbols in graph_symbols(module, graphs).items():
        for symbol in symbols:
            precise = symbol["identifier"]["precise"]
            comment = comments.get(precise, [])
            if precise in pages or not comment or not comment[0].lstrip().startswith("RAC:"):
                continue
            link = symbol_link(table, extended, path, symbol, symbols)
            shape = SimpleNamespace(meaning=None, swift=path[-1])
            page = reader_page(table, module, link, shape, comment, None, whole=True)
            if page is None:
                continue
            folder.mkdir(exist_ok=True)
            name = "summary-" + re.sub(r"[^A-Za-z0-9]+", "-", link.strip("`")).strip("-")
            while (folder / f"{name}.md").exists():
                name += "-"
            (folder / f"{name}.md").write_text(page, encoding="utf-8")
            pages[precise] = folder / f"{name}.md"
            written += 1
    # Overloads get titles that tell them apart (OVERLOADS), on their reader page or on a page
    # extension of their own.
    named = {precise for precise, path in pages.items() if "@DisplayName" in path.read_text(encoding="utf-8")}
    titles, left = overload_titles(module, graphs, named)
    if left:
        raise SystemExit("docs-site: overloads with one title (add rows to OVERLOADS):\n  " + "\n  ".join(left))
    for precise, (link, title) in titles.items():
        display = f'    @DisplayName("{title}", style: symbol)'
        if precise in pages:
            text = pages[precise].read_text(encoding="utf-8")
            text = text.replace("mergeBehavior: override)\n", "mergeBehavior: override)\n" + display + "\n", 1)
            pages[precise].write_text(text, encoding="utf-8")
            continue
        folder.mkdir(exist_ok=True)
        name = "title-" + re.sub(r"[^A-Za-z0-9]+", "-", link.strip("`")).strip("-")
        (folder / f"{name}.md").write_text(
            f"# {link}\n\n@Metadata {{\n{display}\n}}\n",
            encoding="utf-8",
        )
    for picture in pictures:
        target = catalog / "OperatorDiagrams" / f"{picture}.svg"
        if not target.exists():
            target.parent.mkdir(exist_ok=True)
            target.write_bytes((ROOT / "Docs" / "marbles" / f"{picture}.svg").read_bytes())
    if pictures:
        (catalog / "ReadingMarbles.md").write_text(READING_MARBLES, encoding="utf-8")
    print(f"{catalog}: {written} operator pages, {len(pictures)} with a picture, {len(titles)} overloads titled")
    return 0


def always_true(constraint: dict) -> bool:
    """A constraint every use of the type meets: a failure type parameter (`Failure`,
    `OutputFailure` …) conforms to `Error`, which each type of the package declares."""
    return (
        constraint.get("kind") == "conformance"
        and constraint.get("rhs") == "Error"
        and re.fullmatch(r"(Self\.)?\w*Failure", constraint.get("lhs", "")) is not None
    )


def drop_constraints(graphs: Path) -> int:
    dropped = 0
    for graph in sorted(graphs.glob("*.symbols.json")):
        data = json.loads(graph.read_text(encoding="utf-8"))
        for symbol in data["symbols"]:
            extension = symbol.get("swiftExtension", {})
            inherited = [c for c in extension.get("constraints", []) if always_true(c)]
            if not inherited:
                continue
            extension["constraints"] = [c for c in extension["constraints"] if not always_true(c)]
            generics = symbol.get("swiftGenerics", {})
            if "constraints" in generics:
                generics["constraints"] = [c for c in generics["constraints"] if c not in inherited]
            dropped += 1
        for relationship in data.get("relationships", []):
            if "swiftConstraints" in relationship:
                relationship["swiftConstraints"] = [c for c in relationship["swiftConstraints"] if not always_true(c)]
        graph.write_text(json.dumps(data), encoding="utf-8")
    print(f"{graphs}: the always-true constraint Failure: Error dropped from {dropped} symbols")
    return 0


def fragments_text(reference: dict) -> str:
    return "".join(fragment.get("text", "") for fragment in reference.get("fragments", []))


def qualify_lists(site: Path) -> int:
    """See the module's doc: a list entry shows the reference's abbreviated declaration (its
    fragments), which is the same for overloads that differ only in a constraint."""
    changed = 0
    for path in sorted((site / "data" / "documentation").rglob("*.json")):
        page = json.loads(path.read_text(encoding="utf-8"))
        references = page.get("references", {})
        listed = [
            identifier
            for sections in (page.get("topicSections", []), page.get("seeAlsoSections", []))
            for section in sections
            for identifier in section.get("identifiers", [])
        ]
        by_text: dict[str, set[str]] = {}
        for identifier in listed:
            reference = references.get(identifier, {})
            if reference.get("fragments"):
                by_text.setdefault(fragments_text(reference), set()).add(identifier)
        touched = False
        for identifiers in by_text.values():
            if len(identifiers) < 2:
                continue
            for identifier in identifiers:
                reference = references[identifier]
                name = re.sub(r"-[a-z0-9]{1,6}$|-swift\.[a-z.]+$", "", identifier.rsplit("/", 1)[-1])
                title = reference.get("title", "")
                if title.startswith(name + " ") and not fragments_text(reference).endswith(title[len(name):].strip() + ")"):
                    qualifier = title[len(name):].strip()
                    reference["fragments"] = reference["fragments"] + [{"kind": "text", "text": f"  ({qualifier})"}]
                    touched = True
        if touched:
            path.write_text(json.dumps(page), encoding="utf-8")
            changed += 1
    # The sidebar (DocC's navigator index) shows each symbol as its abbreviated declaration too:
    # overloads that it would show alike are shown by their pages' titles.
    index_path = site / "index" / "index.json"
    index = json.loads(index_path.read_text(encoding="utf-8"))
    renamed = 0

    def rename(children: list) -> None:
        nonlocal renamed
        by_title: dict[str, list[dict]] = {}
        for child in children:
            if "path" in child and child.get("type") != "groupMarker":
                by_title.setdefault(child.get("title", ""), []).append(child)
        for alike in by_title.values():
            if len(alike) < 2:
                continue
            for child in alike:
                data = site / "data" / (child["path"].strip("/").lower() + ".json")
                if data.is_file():
                    child["title"] = json.loads(data.read_text(encoding="utf-8"))["metadata"]["title"]
                    renamed += 1
        for child in children:
            rename(child.get("children", []))

    for nodes in index.get("interfaceLanguages", {}).values():
        rename(nodes)
    index_path.write_text(json.dumps(index), encoding="utf-8")
    print(f"{site}: topic lists of {changed} pages and {renamed} sidebar entries tell overloads apart")
    return 0


MENTION = re.compile(r"\bDocs/(\w+)\.md\b")


def mention_targets() -> dict[str, tuple[str, str]]:
    """Guide file name → (site path, title) of the pages that a mention of the file stands for."""
    targets = {}
    for guide in GUIDES:
        title = (ROOT / "Docs" / f"{guide}.md").read_text(encoding="utf-8").splitlines()[0]
        targets[guide] = (f"/documentation/{BUNDLE.lower()}/{guide.lower()}", title.removeprefix("# ").replace("`", ""))
    targets["Operators"] = (ELSEWHERE["Operators.md"], "Signal’s operators")
    return targets


def link_mentions(site: Path) -> int:
    targets = mention_targets()
    changed = 0

    def split(items: list, references: dict) -> bool:
        """Splits the text and code items of one inline list at the mentions; True if any."""
        out = []
        found = False
        for item in items:
            key = "text" if item.get("type") == "text" else "code" if item.get("type") == "codeVoice" else None
            value = item.get(key) if key else None
            matches = [m for m in MENTION.finditer(value or "") if m.group(1) in targets]
            if not matches:
                out.append(item)
                continue
            found = True
            position = 0
            for match in matches:
                if match.start() > position:
                    out.append({**item, key: value[position:match.start()]})
                url, title = targets[match.group(1)]
                references[url] = {
                    "type": "link",
                    "identifier": url,
                    "url": url,
                    "title": title,
                    "titleInlineContent": [{"type": "text", "text": title}],
                }
                out.append({"type": "reference", "identifier": url, "isActive": True})
                position = match.end()
            if position < len(value):
                out.append({**item, key: value[position:]})
        items[:] = out
        return found

    def walk(value, references: dict) -> bool:
        found = False
        if isinstance(value, dict):
            for key, item in value.items():
                if key == "references":
                    continue
                if key in ("inlineContent", "abstract") and isinstance(item, list):
                    found |= split(item, references)
                found |= walk(item, references)
        elif isinstance(value, list):
            for item in value:
                found |= walk(item, references)
        return found

    for path in sorted((site / "data" / "documentation").rglob("*.json")):
        page = json.loads(path.read_text(encoding="utf-8"))
        references = page.setdefault("references", {})
        if walk({key: item for key, item in page.items() if key != "references"}, references):
            path.write_text(json.dumps(page), encoding="utf-8")
            changed += 1
    print(f"{site}: mentions of the guides' files made links on {changed} pages")
    return 0


def rebase(site: Path, base: str) -> int:
    """Puts /<base> in front of the site-absolute links of the site's pages that DocC's router does
    not handle (anything but /documentation/…): see the module's doc."""
    base = "/" + base.strip("/")
    changed = 0
    for path in sorted((site / "data").rglob("*.json")):
        page = json.loads(path.read_text(encoding="utf-8"))
        touched = False
        for reference in page.get("references", {}).values():
            url = reference.get("url", "")
            if (
                reference.get("type") == "link"
                and url.startswith("/")
                and not url.startswith(("/documentation/", "/tutorials/", base + "/"))
            ):
                reference["url"] = base + url
                touched = True
        if touched:
            path.write_text(json.dumps(page), encoding="utf-8")
            changed += 1
    print(f"{site}: links of {changed} pages rebased on {base}")
    return 0


def main(arguments: list[str]) -> int:
    if len(arguments) == 4 and arguments[0] == "pages":
        return write_pages(arguments[1], Path(arguments[2]), Path(arguments[3]))
    if len(arguments) == 2 and arguments[0] == "lists":
        return qualify_lists(Path(arguments[1]))
    if len(arguments) == 2 and arguments[0] == "mentions":
        return link_mentions(Path(arguments[1]))
    if len(arguments) == 3 and arguments[0] == "rebase":
        return rebase(Path(arguments[1]), arguments[2])
    if len(arguments) == 2 and arguments[0] == "constraints":
        return drop_constraints(Path(arguments[1]))
    if len(arguments) == 2 and arguments[0] == "guides":
        return write_guides(Path(arguments[1]))
    if len(arguments) == 4 and arguments[0] == "topics":
        return write_topics(arguments[1], Path(arguments[2]), Path(arguments[3]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
