#!/usr/bin/env bash
# Compiles every ```swift code sample of README.md, Docs/*.md, the DocC catalogs and the `///` doc
# comments of Sources/**/*.swift against the package's modules, each sample as a module of its
# own, and fails if any does not compile. The rules (which blocks count, imports, the
# <!-- no-compile --> and <!-- sample-setup --> markers) are in scripts/doc-samples.py.
#
# usage: scripts/doc-samples.sh [FILE.md|FILE.swift...]
#        (default: README.md, Docs/*.md, the DocC catalogs, Sources/**/*.swift)
# environment: SCRATCH_PATH  the build directory to use (default .build); the libraries are built
#                            there first, which is a no-op when `swift build` already ran.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SCRATCH_PATH:-.build}"
shopt -s globstar
if [ "$#" -gt 0 ]; then files=("$@"); else files=(README.md Docs/*.md Sources/*/*.docc/*.md Sources/**/*.swift); fi

out="$scratch/doc-samples"
rm -rf "$out"
mkdir -p "$out"
if ! swift build --scratch-path "$scratch" >"$out/build.log" 2>&1; then
    cat "$out/build.log"
    echo "doc-samples: the package does not build" >&2
    exit 1
fi
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
modules="$bin/Modules"
# RACCore imports a C target (RACRuntimeShims, the Swift runtime's unowned reference counting);
# a client compiled outside SwiftPM needs its module map.
export shims_map="$bin/RACRuntimeShims.build/module.modulemap"

python3 scripts/doc-samples.py "$out" "${files[@]}" >"$out/index.tsv"
count=$(wc -l <"$out/index.tsv")

# One compiler run per sample, in parallel; each writes its diagnostics next to its source.
compile() {
    local file="$1" modules="$2"
    local name="${file%.swift}"
    if swiftc -c -parse-as-library -swift-version 6 \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility \
        -suppress-warnings -I "$modules" -Xcc "-fmodule-map-file=$shims_map" -module-name "Sample_$(basename "$name")" \
        "$file" -o "$name.o" >"$name.log" 2>&1; then
        rm -f "$name.log"
    fi
}
export -f compile
cut -f1 "$out/index.tsv" | sed "s|^|$out/|" |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} bash -c 'compile "$1" "$2"' _ {} "$modules"

failed=0
while IFS=$'\t' read -r name origin; do
    log="$out/${name%.swift}.log"
    if [ -f "$log" ]; then
        failed=$((failed + 1))
        printf '\n--- %s does not compile:\n' "$origin"
        cat "$log"
    fi
done <"$out/index.tsv"

if [ "$failed" -gt 0 ]; then
    printf '\n%d of %d code samples do not compile (mark a fragment <!-- no-compile: why --> only if it cannot).\n' \
        "$failed" "$count"
    exit 1
fi
echo "all $count code samples compile"
