#!/usr/bin/env python3
"""Extracts the ```swift code blocks of Markdown files, and of the `///` doc comments of Swift
files, into Swift files, one per block, so that scripts/doc-samples.sh can compile each of them
against the package's modules.

usage: doc-samples.py OUTPUT_DIR FILE.md|FILE.swift...

Rules (Docs/GettingStarted.md, "Code samples in these documents", tells writers the same):

- Every block fenced with ```swift is compiled, as its own module. Fences indented inside a list
  are fine. Other fences (``` alone, ```sh, ```text) are not code samples.
- In a Swift file only the `///` doc comments are read: each run of consecutive `///` lines is
  Markdown once the `///` and the one space after it are removed, and the rules below apply to
  it as to a Markdown file (markers too: `/// <!-- no-compile: why -->` above the fence). A
  fence must open and close in the same run. `//`, `/* */` and `/** */` comments are not read.
- A block's `import` lines are the only imports its code gets (plus Foundation when it has
  setup code, see below), so a sample shows the imports it needs; `MemberImportVisibility` is on,
  so a method from a module the block does not import does not compile either. A block with no
  import line gets Foundation, RACFoundationBridge, RACTesting (which bring every module along)
  and Testing.
- Declarations that cannot be local (a line at column 0 starting with `@Test`, `@Suite`,
  `@Observable`, `@main`, `extension`, `protocol`, `actor`, an access modifier or an operator
  declaration, up to the line where its braces balance) are compiled at file scope. The rest of
  the block is compiled as the body of `func sample() async throws`, so it may use statements,
  `try` and `await`, and declare local types and functions.
- HTML comments right before the fence (only blank lines between) adjust one block:
    <!-- no-compile: why -->          skip it (use sparingly: say why)
    <!-- sample-setup                 statements run before the block, in the same function
    let scheduler = TestScheduler()
    -->
    <!-- sample-globals               file-scope declarations the block relies on
    extension Notification.Name { static let settingsChanged = Self("settingsChanged") }
    -->
  A one-line form works too: `<!-- sample-setup: let scheduler = TestScheduler() -->`.

Each generated file carries `#sourceLocation` lines, so a compiler error names the Markdown or
Swift file and line. The script prints one line per block: `<generated file>\t<source file>:<line>`.
"""

import os
import re
import sys

DEFAULT_IMPORTS = ["import Foundation", "import RACFoundationBridge", "import RACTesting", "import Testing"]
FILE_SCOPE = re.compile(
    r"^(@Test\b|@Suite\b|@main\b|@Observable\b|extension\s|protocol\s|actor\s|public\s|open\s|"
    r"package\s|private\s|fileprivate\s|internal\s|(infix|prefix|postfix)\s+operator\s|"
    r"precedencegroup\s)"
)
IMPORT = re.compile(r"^\s*(@testable\s+|@_exported\s+)?import\s+\S+")
FENCE = re.compile(r"^(\s*)```(.*)$")
COMMENT_ONE_LINE = re.compile(r"^\s*<!--\s*(no-compile|sample-setup|sample-globals)\s*:?(.*?)-->\s*$")
DOC_LINE = re.compile(r"^\s*///(.*)$")
COMMENT_START = re.compile(r"^\s*<!--\s*(no-compile|sample-setup|sample-globals)\s*:?(.*)$")


def markers_before(lines, fence_index):
    """The markers in the HTML comments just above the fence at `fence_index`."""
    markers = {}
    index = fence_index - 1
    while index >= 0 and lines[index].strip() == "":
        index -= 1
    while index >= 0 and lines[index].strip().endswith("-->"):
        end = index
        start = index
        while start >= 0 and "<!--" not in lines[start]:
            start -= 1
        if start < 0:
            break
        text = lines[start:end + 1]
        single = COMMENT_ONE_LINE.match(text[0]) if len(text) == 1 else None
        if single:
            markers[single.group(1)] = single.group(2).strip()
        else:
            opening = COMMENT_START.match(text[0])
            if not opening:
                break
            body = [opening.group(2)] if opening.group(2).strip() else []
            body += text[1:-1]
            last = text[-1].rsplit("-->", 1)[0]
            if last.strip():
                body.append(last)
            markers[opening.group(1)] = "\n".join(body)
        index = start - 1
        while index >= 0 and lines[index].strip() == "":
            index -= 1
    return markers


def fenced_blocks(lines):
    """Yields (index of the first code line, code lines, markers) for each ```swift block of
    `lines` (Markdown text)."""
    index = 0
    while index < len(lines):
        opening = FENCE.match(lines[index])
        if not opening:
            index += 1
            continue
        indent, info = opening.group(1), opening.group(2).strip()
        start = index
        index += 1
        code = []
        while index < len(lines) and not re.match(r"^\s*```\s*$", lines[index]):
            line = lines[index]
            code.append(line[len(indent):] if line.startswith(indent) else line.lstrip())
            index += 1
        index += 1  # the closing fence
        if info == "swift":
            yield start + 1, code, markers_before(lines, start)


def doc_comments(lines):
    """Yields (index of the first line, Markdown lines) for each run of consecutive `///` lines,
    with the `///` and the one space after it removed."""
    run, first = [], None
    for index, line in enumerate(lines + [""]):
        doc = DOC_LINE.match(line)
        if doc:
            if first is None:
                first = index
            text = doc.group(1)
            run.append(text[1:] if text.startswith(" ") else text)
        elif first is not None:
            yield first, run
            run, first = [], None


def blocks(path):
    """Yields (first code line number, code lines, markers) for each ```swift block of a Markdown
    file, or of the `///` doc comments of a Swift file."""
    with open(path, encoding="utf-8") as file:
        lines = file.read().split("\n")
    if path.endswith(".swift"):
        for first, comment in doc_comments(lines):
            for index, code, markers in fenced_blocks(comment):
                yield first + index + 1, code, markers
    else:
        for index, code, markers in fenced_blocks(lines):
            yield index + 1, code, markers


def source_location(path, line):
    return f'#sourceLocation(file: "{path}", line: {line})'


def split_declarations(body):
    """Splits a block into file-scope declarations and the rest: each declaration that starts at
    column 0 with a FILE_SCOPE keyword runs to the line where its braces balance. Returns
    ([(index of first line, lines)], body with those lines blanked)."""
    chunks, rest, index = [], list(body), 0
    while index < len(body):
        if not FILE_SCOPE.match(body[index]):
            index += 1
            continue
        start, depth, opened = index, 0, False
        while index < len(body):
            depth += body[index].count("{") - body[index].count("}")
            opened = opened or "{" in body[index]
            index += 1
            if opened and depth <= 0:
                break
        chunks.append((start, body[start:index]))
        for blank in range(start, index):
            rest[blank] = ""
    return chunks, rest


def swift_file(path, first_line, code, markers):
    """The Swift text that compiles one block."""
    imports = [line.strip() for line in code if IMPORT.match(line)]
    body = ["" if IMPORT.match(line) else line for line in code]
    out = [f"// {path}:{first_line}, extracted by scripts/doc-samples.py", ""]
    if not imports:
        imports = DEFAULT_IMPORTS
    elif ("sample-setup" in markers or "sample-globals" in markers) and "import Foundation" not in imports:
        imports = ["import Foundation"] + imports  # for the hidden setup code only
    out += imports
    out.append("")
    if "sample-globals" in markers:
        out += [markers["sample-globals"], ""]
    declarations, statements = split_declarations(body)
    for start, lines in declarations:
        out.append(source_location(path, first_line + start))
        out += lines
        out.append("#sourceLocation()")
    if any(line.strip() for line in statements):
        out.append("func sample() async throws {")
        if "sample-setup" in markers:
            out.append(markers["sample-setup"])
        out.append(source_location(path, first_line))
        out += statements
        out.append("#sourceLocation()")
        out.append("}")
    return "\n".join(out) + "\n"


def main(arguments):
    if len(arguments) < 2:
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    output_dir, paths = arguments[0], arguments[1:]
    os.makedirs(output_dir, exist_ok=True)
    for path in paths:
        stem = re.sub(r"[^A-Za-z0-9]", "_", os.path.splitext(path)[0])
        for first_line, code, markers in blocks(path):
            if "no-compile" in markers:
                continue
            name = f"{stem}_{first_line}.swift"
            with open(os.path.join(output_dir, name), "w", encoding="utf-8") as file:
                file.write(swift_file(path, first_line, code, markers))
            print(f"{name}\t{path}:{first_line}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
