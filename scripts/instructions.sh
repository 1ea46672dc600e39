#!/usr/bin/env bash
# Counts the instructions per operation of the benchmark workloads 1–6b with callgrind, ours and
# OpenCombine's, and prints one Markdown table. Instruction counts do not move with the machine's
# load, so this is the check that a change kept its speed (Docs/Performance.md, "Counting
# instructions").
#
#   scripts/instructions.sh                   # workloads 1–6b, ours and OpenCombine (≈ 5 min)
#   scripts/instructions.sh --only ours       # ours only
#   scripts/instructions.sh --filter merge    # the workloads whose id contains "merge" (repeatable)
#
# Method: each workload runs once under `valgrind --tool=callgrind` at `--scale 0.1
# --repetitions 1` (the harness runs a warm-up round and one measured round, so every operation
# runs twice); a run that matches no workload measures the process's start-up, which is
# subtracted. Per operation = (instructions − start-up) / (2 × operations at scale 0.1). Set-up
# inside a round (subscribing the 1 000 subscribers of workload 4, say) is part of the count, as
# in the tables of Docs/Performance.md.
set -euo pipefail
cd "$(dirname "$0")/.."

only="ours,oc"
filters=()
while [ "$#" -gt 0 ]; do
    case "$1" in
        --only) only="$2"; shift 2 ;;
        --filter) filters+=("$2"); shift 2 ;;
        *) echo "usage: scripts/instructions.sh [--only ours|oc|ours,oc] [--filter ID]..." >&2; exit 2 ;;
    esac
done
command -v valgrind >/dev/null || { echo "instructions.sh: valgrind is not installed (apt-get install valgrind)" >&2; exit 1; }

# The library's modules are rebuilt from the current sources (see scripts/bench.sh for why).
for directory in Benchmarks/.build/*/release; do
    [ -d "$directory" ] || continue
    rm -rf "$directory"/RAC*.build "$directory"/ShowcaseKit.build "$directory"/Modules/RAC* \
        "$directory"/Modules/ShowcaseKit* "$directory"/description.json
done
echo "building Benchmarks (release)…" >&2
swift build --package-path Benchmarks -c release >&2
binary="$(mktemp /tmp/rac-benchmarks.XXXXXX)"
trap 'rm -f "$binary"' EXIT
cp Benchmarks/.build/release/RACBenchmarks "$binary"
chmod +x "$binary"
strip --strip-debug "$binary" # valgrind 3.19 rejects the DWARF of Swift 6.3

# id, title, operations at scale 0.1, unit
workloads=(
    "subject-map-filter|1 subject → map → filter|100000|value"
    "cold-map-filter-scan|2 cold → map → filter → scan|100000|value"
    "chain-lifecycle|3 build + subscribe + dispose|10000|subscription"
    "fan-out|4 fan-out to 1 000 subscribers|100000|delivery"
    "flattenMap|5a flattenMap|10000|value"
    "merge|5b merge|10000|value"
    "combineLatest8|6a combineLatest of 8|10000|update"
    "zip2|6b zip of 2|10000|pair"
)

count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" --repetitions 1 --scale 0.1 "$@" 2>&1 |
        awk '/Collected/ { print $4 }'
}

echo "start-up…" >&2
startup="$(count --filter no-workload-has-this-id --only ours)"
per_operation() { # total operations
    awk -v total="$1" -v startup="$startup" -v operations="$2" \
        'BEGIN { printf "%.0f", (total - startup) / (2 * operations) }'
}

printf 'instructions per operation (callgrind, scale 0.1, start-up of %s subtracted), %s\n\n' \
    "$startup" "$(git rev-parse --short HEAD 2>/dev/null || echo '?')"
printf '| workload | unit | ours | OpenCombine | ours/OC |\n|---|---|---|---|---|\n'
for entry in "${workloads[@]}"; do
    IFS='|' read -r id title operations unit <<<"$entry"
    if [ "${#filters[@]}" -gt 0 ]; then
        keep=no
        for filter in "${filters[@]}"; do [[ "$id" == *"$filter"* ]] && keep=yes; done
        [ "$keep" = yes ] || continue
    fi
    ours="—"
    theirs="—"
    ratio="—"
    if [[ ",$only," == *",ours,"* ]]; then
        echo "$id: ours…" >&2
        ours="$(per_operation "$(count --filter "$id" --only ours)" "$operations")"
    fi
    if [[ ",$only," == *",oc,"* ]]; then
        echo "$id: OpenCombine…" >&2
        theirs="$(per_operation "$(count --filter "$id" --only oc)" "$operations")"
    fi
    if [ "$ours" != "—" ] && [ "$theirs" != "—" ]; then
        ratio="$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.3f", a / b }')"
    fi
    printf '| %s | %s | %s | %s | %s |\n' "$title" "$unit" "$ours" "$theirs" "$ratio"
done
