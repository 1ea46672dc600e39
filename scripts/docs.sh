#!/usr/bin/env bash
# Builds the API documentation of every library module with the toolchain's DocC, one archive per
# module, and fails on any DocC warning (an unresolved ``symbol`` link in a catalog or a doc
# comment, a malformed topic, …).
#
# usage: scripts/docs.sh
# environment: SCRATCH_PATH  the build directory to use (default .build); the package is built
#                            there, which is a no-op when `swift build` already ran.
#              DOCS_OUTPUT   where the archives go (default $SCRATCH_PATH/docs)
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
for module in "${modules[@]}"; do
    # The module's own graph and the graphs of its extensions to other modules (Module@Other).
    dir="$output/symbol-graphs/$module"
    mkdir -p "$dir"
    cp "$graphs/$module.symbols.json" "$dir/"
    for graph in "$graphs/$module@"*.symbols.json; do
        [ -e "$graph" ] && cp "$graph" "$dir/"
    done
    # The catalog is built from a copy, to which scripts/operators-table.py adds the pictures of
    # the module's operators (Docs/marbles/*.svg, drawn by OperatorsDocTests) and the article
    # OperatorDiagrams.md that shows them with links to the operators' pages.
    catalog="$output/catalogs/$module.docc"
    mkdir -p "$output/catalogs"
    cp -R "Sources/$module/$module.docc" "$catalog"
    python3 scripts/operators-table.py --docc "$module" "$catalog" "$dir" >/dev/null
    if "$docc" convert "$catalog" \
        --additional-symbol-graph-dir "$dir" \
        --fallback-display-name "$module" --fallback-bundle-identifier "org.reactivecocoa.$module" \
        --output-path "$output/$module.doccarchive" \
        --warnings-as-errors >"$output/$module.log" 2>&1; then
        echo "docs: $module -> $output/$module.doccarchive"
    else
        cat "$output/$module.log"
        echo "docs: $module: DocC reported problems" >&2
        failed=1
    fi
done
exit "$failed"
