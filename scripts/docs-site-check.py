#!/usr/bin/env python3
"""Checks the documentation website (scripts/docs.sh's .build/docs/site) in a real browser.

Serves the site on 127.0.0.1, opens it in headless Chromium (Debian's package, driven by
Playwright; scripts/docs-browser-setup.sh installs both) and crawls every page reachable from the
landing page. Fails if:

- a link inside the site leads to no page (its HTML or its DocC data file is not HTTP 200),
- an image does not load (naturalWidth 0),
- a page that should show a marble picture shows none (the article Operator diagrams, and the
  page of each operator whose page has a picture (scripts/docs-site.py pages puts one on each
  operator with a picture in Docs/marbles),
- an operator's page is more than two clicks from the landing page,
- served again under a sub-path (/rac-docs/, as scripts/docs.sh builds it with
  DOCS_HOSTING_BASE_PATH), a link or breadcrumb of the landing page, of a guide or of a page with
  a full-size picture leaves the sub-path or leads to no page.

It saves screenshots of the landing page and of three operator pages into the artifacts folder.

Before the browser, it reads the site's DocC data files (the static checks, alone with
--static-only; scripts/docs.sh runs them after each build) and fails if:

- a breadcrumb (a page of a page's hierarchy) has no page,
- two entries of a page's topic list, or of one level of the sidebar, read alike (the same
  abbreviated declaration),
- two pages of one parent have one title (overloads that DocC would title by their name alone:
  scripts/docs-site.py OVERLOADS gives them titles),
- a page says "Available when Failure conforms to Error" (always true),
- a summary opens with the RAC name ("RAC: `-map:`") instead of what the symbol does,
- a page names a guide's file (Docs/Concepts.md) as text instead of linking the guide's page,
- a page's summary or discussion talks of internals: locks, registries, rule tags (R34),
  contributor steps (OperatorsDocTests, RAC_UPDATE_MARBLES, operators-table.py), or a module's
  page lists OperatorStage (the operators' base class: it is listed under Subscriber);
  the guides may explain locking (Concepts), not the contributor steps.

usage: scripts/docs-site-check.py [--site .build/docs/site] [--artifacts .build/site-screenshots]
                                  [--max-pages N] [--static-only]
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import http.server
import importlib.util
import json
import re
import shutil
import subprocess
import tempfile
import sys
import threading
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LANDING = "/documentation/reactivecocoaswift"
OPERATORS = "/documentation/racoperators/raccore/signal"
SCREENSHOTS = {
    "landing": LANDING,
    "operator-map": OPERATORS + "/map(_:)",
    "operator-flattenMap": OPERATORS + "/flattenmap(maxconcurrent:_:)",
    "operator-throttle": OPERATORS + "/throttle(_:on:)",
}


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *arguments) -> None:  # noqa: D102
        pass


class QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address) -> None:  # noqa: D102 — a closed connection
        pass


def serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(QuietHandler, directory=str(site))
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def status(url: str) -> int:
    try:
        with urllib.request.urlopen(url) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def page_key(path: str) -> str:
    """A page's path without its fragment, query and trailing slash, in lower case (DocC's paths)."""
    path = urllib.parse.urlsplit(path).path.rstrip("/")
    return urllib.parse.unquote(path).lower() or "/"


def chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    raise SystemExit("docs-site-check: no chromium (run scripts/docs-browser-setup.sh)")


# Run in the page once DocC has rendered it: the links of the content and the breadcrumbs (not of
# the sidebar navigator), as written and as the browser resolves them, every image with its
# natural width, and whether the page is DocC's "not found".
COLLECT = """() => {
  const main = document.querySelector('main') || document.body;
  const links = [...main.querySelectorAll('a[href]')]
    .filter(a => !a.closest('nav, .navigator, .sidebar, [class*="navigator"]'))
    .map(a => a.getAttribute('href'))
    .concat([...document.querySelectorAll('.hierarchy-item a[href]')].map(a => a.getAttribute('href')));
  const resolved = [...main.querySelectorAll('a[href]')]
    .filter(a => !a.closest('nav, .navigator, .sidebar, [class*="navigator"]'))
    .concat([...document.querySelectorAll('.hierarchy-item a[href]')])
    .map(a => a.href);
  const images = [...document.querySelectorAll('main img, main picture img')]
    .map(i => ({src: i.currentSrc || i.src, width: i.naturalWidth}));
  const notFound = !!document.querySelector('.generic-error, .error-content')
  return {links, resolved, images, notFound, title: document.title};
}"""


async def visit(page, url: str) -> dict:
    await page.goto(url, wait_until="load")
    try:
        # DocC renders the page from its data file: wait for the title (or the "not found" text).
        await page.wait_for_function(
            "() => document.querySelector('main h1') || document.querySelector('.generic-error, .error-content')",
            timeout=20000,
        )
    except Exception:  # noqa: BLE001 — the collect step reports what is missing
        pass
    # Images below the fold load lazily: bring each into view before reading its width.
    await page.evaluate(
        "async () => { for (const i of document.querySelectorAll('main img')) {"
        " i.loading = 'eager'; i.scrollIntoView(); }"
        " await Promise.all([...document.querySelectorAll('main img')].map(i => i.decode().catch(() => null))); }"
    )
    return await page.evaluate(COLLECT)


async def crawl(base: str, site: Path, artifacts: Path, max_pages: int) -> list[str]:
    from playwright.async_api import async_playwright

    problems: list[str] = []
    pictures = {p.stem for p in (ROOT / "Docs" / "marbles").glob("*.svg")}
    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
        context = await browser.new_context(viewport={"width": 1280, "height": 1000})
        depth = {page_key(LANDING): 0}
        queue = [LANDING]
        seen_links: set[str] = set()
        link_status: dict[str, int] = {}
        images_checked = 0
        visited = 0
        pages_with_picture: set[str] = set()
        operator_pictures: list[str] = []

        async def worker() -> None:
            nonlocal images_checked, visited
            page = await context.new_page()
            while queue:
                path = queue.pop(0)
                if max_pages and visited >= max_pages:
                    break
                visited += 1
                if visited % 100 == 0:
                    print(f"docs-site-check: {visited} pages …", file=sys.stderr, flush=True)
                key = page_key(path)
                result = await visit(page, base + path)
                if result["notFound"]:
                    problems.append(f"{path}: the page says it was not found")
                for image in result["images"]:
                    images_checked += 1
                    if image["width"] <= 0:
                        problems.append(f"{path}: image {image['src']} did not load")
                    if image["src"].endswith(".svg"):
                        pages_with_picture.add(key)
                if key.startswith(OPERATORS + "/"):
                    data = json.loads((site / ("data" + key + ".json")).read_text(encoding="utf-8"))
                    wants_picture = any(r.get("type") == "image" for r in data.get("references", {}).values())
                    shown = any(image["src"].endswith(".svg") and image["width"] > 0 for image in result["images"])
                    if wants_picture:
                        operator_pictures.append(key)
                        if not shown:
                            problems.append(f"{path}: the operator's marble picture is not shown")
                for href in result["links"]:
                    absolute = urllib.parse.urljoin(base + path + "/", href)
                    if not absolute.startswith(base):
                        continue
                    target = absolute[len(base):]
                    target_key = page_key(target)
                    if target_key not in link_status:
                        html = status(base + urllib.parse.quote(urllib.parse.unquote(urllib.parse.urlsplit(target).path)))
                        code = html
                        if target_key.startswith("/documentation/") and html == 200:
                            code = status(base + "/data" + urllib.parse.quote(target_key) + ".json")
                        link_status[target_key] = code
                        if code != 200:
                            problems.append(f"{path}: link {href} -> HTTP {code}")
                    seen_links.add(target_key)
                    if target_key.startswith("/documentation/") and target_key not in depth and link_status[target_key] == 200:
                        depth[target_key] = depth[key] + 1
                        queue.append(urllib.parse.urlsplit(target).path)
            await page.close()

        while queue and not (max_pages and visited >= max_pages):
            await asyncio.gather(*(worker() for _ in range(4)))

        # Screenshots.
        artifacts.mkdir(parents=True, exist_ok=True)
        page = await context.new_page()
        for name, path in SCREENSHOTS.items():
            if status(base + "/data" + urllib.parse.quote(page_key(path)) + ".json") != 200:
                problems.append(f"screenshot {name}: no page {path}")
            await visit(page, base + path)
            # visit() scrolled each image into view: the screenshot shows the top of the page.
            await page.evaluate("window.scrollTo(0, 0)")
            await page.wait_for_timeout(300)
            await page.screenshot(path=str(artifacts / f"{name}.png"), full_page=False)
        await page.close()
        await browser.close()

    # Operator pages: children of the RACOperators extension page of Signal.
    operator_pages = {key for key in link_status if key.startswith(OPERATORS + "/")}
    far = sorted(key for key in operator_pages if depth.get(key, 99) > 2)
    for key in far:
        problems.append(f"{key}: {depth.get(key, 'not reached')} clicks from the landing page (at most 2)")
    if page_key("/documentation/racoperators/operatordiagrams") not in pages_with_picture:
        problems.append("the article Operator diagrams shows no picture")
    print(
        f"docs-site-check: {visited} pages visited in Chromium, {len(seen_links)} distinct internal links "
        f"checked ({sum(1 for c in link_status.values() if c == 200)} resolve), {images_checked} images "
        f"checked, {len(operator_pages)} operator pages, {len(operator_pages) - len(far)} within two clicks, "
        f"{len(pages_with_picture)} pages show a marble picture ({len(operator_pictures)} operator pages with "
        f"one, each checked); screenshots in {artifacts}"
    )
    return problems


# Words of the internals that a user page does not use (see the module's doc). The guides
# (/documentation/reactivecocoaswift/…) explain thread safety in their own words and are checked
# for contributor steps only.
CONTRIBUTOR = re.compile(r"\b(OperatorsDocTests|CreationDocTests|RAC_UPDATE_MARBLES|operators-table\.py|docs-site\.py)")


def site_guides() -> list[str]:
    """The guides that scripts/docs-site.py makes pages of (its `GUIDES`), and Operators."""
    spec = importlib.util.spec_from_file_location("docs_site", ROOT / "scripts" / "docs-site.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return [*module.GUIDES, "Operators"]


# A guide's file named as text: the site has the guide as a page (scripts/docs-site.py mentions).
GUIDE_FILE = re.compile(r"\bDocs/(" + "|".join(site_guides()) + r")\.md\b")
INTERNAL = re.compile(
    r"\b([RX][0-9]{1,3}|locks?|locked|locking|unlocks?|registry|registries|SubscriberRegistry|"
    r"delivery lock|recursive lock)\b"
)


def plain_text(value) -> str:
    """The text of a part of a DocC data file (its inline text and code)."""
    if isinstance(value, dict):
        out = [value[key] for key in ("text", "code") if isinstance(value.get(key), str)]
        out += [plain_text(item) for key, item in value.items() if key not in ("references", "identifier")]
        return " ".join(out)
    if isinstance(value, list):
        return " ".join(plain_text(item) for item in value)
    return ""


def static_problems(site: Path) -> list[str]:
    problems: list[str] = []
    data = site / "data"
    titles: dict[tuple[str, str], list[str]] = {}
    pages = 0
    for path in sorted((data / "documentation").rglob("*.json")):
        pages += 1
        key = "/" + path.relative_to(data).with_suffix("").as_posix()
        page = json.loads(path.read_text(encoding="utf-8"))
        references = page.get("references", {})
        for hierarchy in page.get("hierarchy", {}).get("paths", []):
            for identifier in hierarchy:
                url = references.get(identifier, {}).get("url")
                if url is None or not (data / (page_key(url).lstrip("/") + ".json")).is_file():
                    problems.append(f"{key}: breadcrumb {identifier} has no page ({url})")
        if key.count("/") == 2:
            # A module's landing page lists what applications use, not the operators' base class.
            for section in page.get("topicSections", []):
                for identifier in section.get("identifiers", []):
                    if identifier.rsplit("/", 1)[-1] in ("OperatorStage", "SubscriptionStage"):
                        problems.append(f"{key}: lists {identifier.rsplit('/', 1)[-1]} under {section.get('title')}")
        # A topic list shows each entry as its abbreviated declaration (or its title): no two alike.
        entries: dict[str, list[str]] = {}
        for sections in (page.get("topicSections", []), page.get("seeAlsoSections", [])):
            for section in sections:
                for identifier in dict.fromkeys(section.get("identifiers", [])):
                    reference = references.get(identifier, {})
                    shown = "".join(f.get("text", "") for f in reference.get("fragments", [])) or reference.get("title", "")
                    entries.setdefault(shown, []).append(identifier)
        for shown, identifiers in entries.items():
            if len(set(identifiers)) > 1:
                problems.append(f"{key}: {len(set(identifiers))} list entries read {shown}")
        title = page.get("metadata", {}).get("title", "")
        titles.setdefault((key.rsplit("/", 1)[0], title), []).append(key)
        for section in page.get("primaryContentSections", []) + [page.get("metadata", {})]:
            conformance = plain_text(section.get("conformance", {}))
            if re.search(r"Failure\s+conforms to\s+Error", conformance):
                problems.append(f"{key}: says “Available when Failure conforms to Error”")
        # What the reader of the page reads: summary, discussion (not the declaration's code).
        text = plain_text([page.get("abstract", []), [s for s in page.get("primaryContentSections", []) if s.get("kind") == "content"]])
        summary = " ".join(plain_text(page.get("abstract", [])).split())
        if summary.startswith("RAC:"):
            problems.append(f"{key}: the summary opens with the RAC name, not the meaning: {summary[:80]}…")
        for match in GUIDE_FILE.finditer(text):
            problems.append(f"{key}: names {match.group(0)} as text, not as a link to the guide's page")
        for match in CONTRIBUTOR.finditer(text):
            problems.append(f"{key}: contributor step on a user page: …{text[max(0, match.start() - 40):match.end() + 40]}…")
        if not key.startswith(LANDING + "/"):
            for match in INTERNAL.finditer(text):
                problems.append(f"{key}: internals on a user page: …{text[max(0, match.start() - 50):match.end() + 50]}…")
    # The sidebar: no two entries of one level alike.
    def sidebar(children: list, parent: str) -> None:
        seen: dict[str, int] = {}
        for child in children:
            if "path" in child and child.get("type") != "groupMarker":
                seen[child.get("title", "")] = seen.get(child.get("title", ""), 0) + 1
            sidebar(child.get("children", []), child.get("path", parent))
        for title, count in seen.items():
            if count > 1:
                problems.append(f"sidebar under {parent}: {count} entries read {title}")

    index = json.loads((site / "index" / "index.json").read_text(encoding="utf-8"))
    for nodes in index.get("interfaceLanguages", {}).values():
        sidebar(nodes, "/")
    for (parent, title), keys in sorted(titles.items()):
        if len(keys) > 1:
            problems.append(f"{parent}: {len(keys)} pages titled {title}: {', '.join(keys)}")
    print(f"docs-site-check: {pages} data files read (breadcrumbs, titles, constraints, internals)")
    return problems


# The sub-path under which the site is served a second time (see sub_path_problems).
SUB_PATH = "rac-docs"


def docc() -> str:
    found = shutil.which("docc")
    if found:
        return found
    swift = shutil.which("swift")
    if swift is None:
        raise SystemExit("docs-site-check: no swift toolchain (docc) for the sub-path check")
    return str(Path(swift).resolve().parent / "docc")


async def sub_path_problems(site: Path) -> list[str]:
    """Serves a copy of the site under /SUB_PATH/ (as scripts/docs.sh makes it with
    DOCS_HOSTING_BASE_PATH) and opens the landing page, every guide and every page with a
    site-absolute link that is not a page (full-size pictures): each of their links and
    breadcrumbs must stay under the sub-path and resolve, each image must load."""
    from playwright.async_api import async_playwright

    problems: list[str] = []
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / SUB_PATH
        result = subprocess.run(
            [docc(), "process-archive", "transform-for-static-hosting", str(site), "--output-path", str(copy),
             "--hosting-base-path", SUB_PATH],
            capture_output=True, text=True,
        )
        if result.returncode != 0:
            return [f"sub-path: docc could not make the copy: {result.stdout}{result.stderr}"]
        subprocess.run([sys.executable, str(ROOT / "scripts" / "docs-site.py"), "rebase", str(copy), SUB_PATH],
                       check=True, capture_output=True)
        paths = [LANDING, *SCREENSHOTS.values()]
        for path in sorted((site / "data" / "documentation").rglob("*.json")):
            key = "/" + path.relative_to(site / "data").with_suffix("").as_posix()
            page = json.loads(path.read_text(encoding="utf-8"))
            outside = any(
                r.get("type") == "link" and r.get("url", "").startswith("/")
                and not r.get("url", "").startswith("/documentation/")
                for r in page.get("references", {}).values()
            )
            if key.startswith(LANDING + "/") or outside:
                paths.append(key)
        server, base = serve(Path(folder))
        root = f"{base}/{SUB_PATH}"
        checked = 0
        try:
            async with async_playwright() as playwright:
                browser = await playwright.chromium.launch(executable_path=chromium(), args=["--no-sandbox"])
                page = await browser.new_page()
                known: dict[str, int] = {}
                for path in dict.fromkeys(paths):
                    result = await visit(page, root + path)
                    if result["notFound"]:
                        problems.append(f"sub-path {path}: the page says it was not found")
                    for image in result["images"]:
                        if image["width"] <= 0:
                            problems.append(f"sub-path {path}: image {image['src']} did not load")
                    for href in result["resolved"]:
                        if not href.startswith(base):
                            continue
                        checked += 1
                        if not href.startswith(root + "/"):
                            problems.append(f"sub-path {path}: link {href[len(base):]} leaves /{SUB_PATH}/")
                            continue
                        target = page_key(href[len(root):])
                        if target not in known:
                            # The file as linked (a picture's name keeps its case), then DocC's data.
                            code = status(base + urllib.parse.urlsplit(href).path)
                            if target.startswith("/documentation/") and code == 200:
                                code = status(root + "/data" + urllib.parse.quote(target) + ".json")
                            known[target] = code
                            if code != 200:
                                problems.append(f"sub-path {path}: link {href[len(base):]} -> HTTP {code}")
                await browser.close()
        finally:
            server.shutdown()
    print(f"docs-site-check: under /{SUB_PATH}/, {len(dict.fromkeys(paths))} pages opened, {checked} links checked")
    return problems


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--site", type=Path, default=ROOT / ".build" / "docs" / "site")
    parser.add_argument("--artifacts", type=Path, default=ROOT / ".build" / "site-screenshots")
    parser.add_argument("--max-pages", type=int, default=0)
    parser.add_argument("--static-only", action="store_true")
    options = parser.parse_args()
    if not (options.site / "index.html").is_file():
        print(f"docs-site-check: no site in {options.site} (run scripts/docs.sh)", file=sys.stderr)
        return 1
    problems = static_problems(options.site)
    if problems or options.static_only:
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    server, base = serve(options.site)
    try:
        problems = asyncio.run(crawl(base, options.site, options.artifacts, options.max_pages))
    finally:
        server.shutdown()
    problems += asyncio.run(sub_path_problems(options.site))
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
