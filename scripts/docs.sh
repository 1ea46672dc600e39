#!/usr/bin/env bash
# Builds the API documentation of every library module with the toolchain's DocC, one archive per
# module, merges them with the guides into one static website ($DOCS_OUTPUT/site), and fails on
# any DocC warning (an unresolved ``symbol`` link in a catalog or a doc comment, a malformed
# topic, …).
#
# usage: scripts/docs.sh
# environment: SCRATCH_PATH  the build directory to use (default .build); the package is built
#                            there, which is a no-op when `swift build` already ran.
#              DOCS_OUTPUT   where the archives and the website go (default $SCRATCH_PATH/docs);
#                            the website is $DOCS_OUTPUT/site
#              DOCS_HOSTING_BASE_PATH  the sub-path the site will be served under (`rac` for
#                            https://example.org/rac/); default: the site is served at a root
#
# Symbol graphs come from `swift symbolgraph-extract` on the built library modules (so a fresh
# clone needs no test build); each module's catalog is Sources/<Module>/<Module>.docc, built from a
# copy to which scripts/operators-table.py --docc adds the article OperatorDiagrams.md and the
# pictures of the module's operators (Docs/marbles), so that the pictures have one home in the
# repository.
set -euo pipefail
cd "$(dirname "$0")/.."

modules=(RACCore RACSchedulers RACOperators RACFoundationBridge RACTesting)
scratch="${SCRATCH_PATH:-.build}"
output="${DOCS_OUTPUT:-$scratch/docs}"

docc="$(command -v docc || true)"
if [ -z "$docc" ]; then
    docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
if [ ! -x "$docc" ]; then
    echo "docs: docc was not found next to swift ($docc)" >&2
    exit 1
fi

# The library modules are built (a no-op after `swift build`), and their symbol graphs extracted
# one by one with `swift symbolgraph-extract`, with extension blocks so that the operators
# RACOperators adds to RACCore's Signal get pages. (`swift package dump-symbol-graph` would
# extract every module of the package, the test modules too, and fails until they are built.)
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if ! swift build --scratch-path "$scratch" >"$log" 2>&1; then
    cat "$log"
    echo "docs: swift build failed" >&2
    exit 1
fi
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
triple="$(swift -print-target-info | python3 -c 'import json, sys; print(json.load(sys.stdin)["target"]["triple"])')"
graphs="$scratch/docs-symbol-graphs"
rm -rf "$graphs"
mkdir -p "$graphs"
for module in "${modules[@]}"; do
    if ! swift symbolgraph-extract -module-name "$module" -target "$triple" -I "$bin/Modules" \
        -Xcc "-fmodule-map-file=$bin/RACRuntimeShims.build/module.modulemap" \
        -Xcc -I -Xcc Sources/RACRuntimeShims/include \
        -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
        -output-dir "$graphs" >"$log" 2>&1; then
        cat "$log"
        echo "docs: could not extract the symbol graph of $module" >&2
        exit 1
    fi
done

rm -rf "$output"
mkdir -p "$output"
failed=0
# convert <name> <catalog> [docc options…]: one archive, linkable from the archives built after it
# (--dependency), so that `Signal` in an operator's declaration links to RACCore's page.
dependencies=()
convert() {
    local name="$1" catalog="$2"
    shift 2
    if "$docc" convert "$catalog" "$@" "${dependencies[@]}" \
        --fallback-bundle-identifier "org.reactivecocoa.$name" \
        --output-path "$output/$name.doccarchive" \
        --enable-experimental-external-link-support \
        --warnings-as-errors >"$output/$name.log" 2>&1; then
        echo "docs: $name -> $output/$name.doccarchive"
        dependencies+=(--dependency "$output/$name.doccarchive")
    else
        cat "$output/$name.log"
        echo "docs: $name: DocC reported problems" >&2
        failed=1
    fi
}
for module in "${modules[@]}"; do
    # The module's own graph and the graphs of its extensions to other modules (Module@Other).
    dir="$output/symbol-graphs/$module"
    mkdir -p "$dir"
    cp "$graphs/$module.symbols.json" "$dir/"
    for graph in "$graphs/$module@"*.symbols.json; do
        [ -e "$graph" ] && cp "$graph" "$dir/"
    done
    # Without "Available when Failure conforms to Error" on every page (always true here).
    python3 scripts/docs-site.py constraints "$dir" >/dev/null
    # The catalog is built from a copy, to which scripts/operators-table.py adds the pictures of
    # the module's operators (Docs/marbles/*.svg, drawn by OperatorsDocTests) and the article
    # OperatorDiagrams.md that shows them with links to the operators' pages.
    catalog="$output/catalogs/$module.docc"
    mkdir -p "$output/catalogs"
    cp -R "Sources/$module/$module.docc" "$catalog"
    python3 scripts/operators-table.py --docc "$module" "$catalog" "$dir" >/dev/null
    # The module's `Signal` page lists its operators by task (scripts/docs-site.py topics).
    python3 scripts/docs-site.py topics "$module" "$catalog" "$dir" >/dev/null
    # Each operator's page: the meaning first, the RAC name on its own line, the marble picture.
    python3 scripts/docs-site.py pages "$module" "$catalog" "$dir" >/dev/null
    convert "$module" "$catalog" --additional-symbol-graph-dir "$dir" --fallback-display-name "$module"
done

# The website: the guides of Docs/ (copied and their links rewritten by scripts/docs-site.py) in
# a catalog of their own whose root page is the site's landing page, merged with the five modules'
# archives into one archive for static hosting ($output/site; serve it with
# `python3 -m http.server --bind 127.0.0.1 --directory .build/docs/site`).
python3 scripts/docs-site.py guides "$output/catalogs/ReactiveCocoaSwift.docc" >/dev/null
convert ReactiveCocoaSwift "$output/catalogs/ReactiveCocoaSwift.docc" --fallback-display-name ReactiveCocoaSwift
if [ "$failed" = 0 ]; then
    archives=("$output/ReactiveCocoaSwift.doccarchive")
    for module in "${modules[@]}"; do archives+=("$output/$module.doccarchive"); done
    if "$docc" merge "${archives[@]}" --synthesized-landing-page-name "ReactiveCocoa for Swift" \
        --output-path "$output/site" >"$output/merge.log" 2>&1; then
        # Overloads that a topic list would show as one declaration: their titles' qualifiers.
        python3 scripts/docs-site.py lists "$output/site" >/dev/null
        # "see Docs/Concepts.md" in a doc comment: a link to the guide's page.
        python3 scripts/docs-site.py mentions "$output/site" >/dev/null
        # Under a sub-path, DocC's renderer puts the base path in front of its own links and of the
        # site paths of pages (scripts/docs-site.py explains the guides' links); the other
        # site-absolute links (full-size pictures) get it from scripts/docs-site.py rebase.
        if [ -n "${DOCS_HOSTING_BASE_PATH:-}" ]; then
            rm -rf "$output/site-based"
            "$docc" process-archive transform-for-static-hosting "$output/site" \
                --output-path "$output/site-based" --hosting-base-path "$DOCS_HOSTING_BASE_PATH" >>"$output/merge.log" 2>&1
            rm -rf "$output/site"
            mv "$output/site-based" "$output/site"
            python3 scripts/docs-site.py rebase "$output/site" "$DOCS_HOSTING_BASE_PATH" >/dev/null
        fi
        # The site's root opens the landing page (DocC's own root, /documentation, lists the
        # archives).
        cat >"$output/site/index.html" <<'HTML'
<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>ReactiveCocoa for Swift</title>
<meta http-equiv="refresh" content="0; url=documentation/reactivecocoaswift">
</head><body><a href="documentation/reactivecocoaswift">ReactiveCocoa for Swift</a></body></html>
HTML
        pages="$(find "$output/site/data/documentation" -name '*.json' | wc -l)"
        echo "docs: website ($pages pages) -> $output/site"
        # The checks that need no browser: breadcrumbs, titles of overloads, constraints, internals.
        if ! python3 scripts/docs-site-check.py --static-only --site "$output/site"; then
            echo "docs: the website's static checks failed" >&2
            failed=1
        fi
    else
        cat "$output/merge.log"
        echo "docs: docc merge failed" >&2
        failed=1
    fi
fi
exit "$failed"
