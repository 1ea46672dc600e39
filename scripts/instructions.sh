#!/usr/bin/env bash
# Counts instructions per operation (callgrind's Ir) for workloads 1–6b and 9–15 of Benchmarks/, for
# ReactiveCocoa for Swift ("ours") and OpenCombine, and prints one Markdown table on stdout
# (progress goes to stderr). Independent of the machine's load, unlike scripts/bench.sh.
#
#   scripts/instructions.sh                        # workloads 1–6b and 9–15 (not 7, 8); both columns
#   scripts/instructions.sh --only ours            # skip OpenCombine (its runs take most of the time)
#   scripts/instructions.sh --filter 1,3 --filter 6b   # some workloads (numbers or id substrings;
#                                                  # a filter that is a workload number keeps only it)
#   scripts/instructions.sh --filter 9,10,11,12,13,14,15   # the higher-order and hop workloads (issue 19)
#   scripts/instructions.sh --filter 5c,10,5d,9     # concat and switchToLatest beside merge of
#                                                  # the same inputs (5c, 5d)
#   scripts/instructions.sh --scale 0.2            # the larger point of the fit (default 0.1)
#   scripts/instructions.sh --method startup       # the older method of Docs/Performance.md (below)
#   scripts/instructions.sh --no-build             # reuse Benchmarks/.build/release/RACBenchmarks
#
# It builds Benchmarks/ in release mode (rebuilding the library's modules from the current
# sources, as scripts/bench.sh does), copies the executable and strips its debug info (valgrind
# 3.19 rejects the DWARF Swift 6.3 emits), then runs each workload and implementation alone under
# `valgrind --tool=callgrind`: `RACBenchmarks --filter <id> --only ours|oc --repetitions 1
# --scale S`. The harness runs the workload twice then (one warm-up, one measured repetition), and
# `RACBenchmarks --list --scale S` says how many operations one run performs, in the units of
# Docs/Performance.md: per value for 1, 2, 5a–5d, 9, 10, 11, 12 (all twenty maps: a hop is a
# twentieth), 14, 15 and 16, per delivery for 4 (1 000 subscribers × the values), per subscription
# for 3, per update for 6a, per pair for 6b, per triple for 6c, per attempt for 13 (the failures
# and the success).
#
# Method (default, "marginal"): the cost of an operation is the slope of the instruction count
# over the number of operations, between the run at scale S and the same run at scale 0:
#
#     per op = (Ir(S) − Ir(0)) / (2 × (ops(S) − ops(0)))
#
# (scale 0 still runs each workload with the smallest counts: 1 value, 1 000 deliveries for 4,
# 10 values for 5a, 5c, 5d, 9, 10 and 11, 100 for 5b, 2 attempts for 13; ops(0) counts them). This
# cancels every cost that does not grow with the number of operations: the process start-up,
# the harness, the first use of each code path in the warm-up (lazy symbol binding, generic
# metadata instantiated on first use), and the per-run set-up of the workload (workload 4
# subscribes and disposes 1 000 subscribers per run, 5b builds 100 signals, 5d, 6a, 6b, 6c, 9,
# 12, 14 and 15 subscribe once). It is what a run at full scale spends per operation. Checked at 8ad336d: the slopes between scales 0 and 0.1, 0.05 and 0.1, and 0.1 and
# 0.2 agree within 0.2 % for every workload and both implementations (workload 1: 169.5, 169.5,
# 169.5; OpenCombine 1 834.0 three times; workload 4: 87.0, 87.0, 87.0), so the count is linear
# in the operations and the subtraction is sound.
#
# Method "startup": per op = (Ir(S) − Ir(a run with no workload)) / (2 × ops(S)). This is how the
# instruction tables of Docs/Performance.md up to 8ad336d were made ("the fixed start-up cost of
# a run that does nothing subtracted", at scale 0.1), and it reproduces them within 1 %. It keeps
# the first-use and per-run set-up costs, spread over the operations of the chosen scale, so its
# numbers depend on the scale: workload 1 gives 194 / 182 / 176 at scales 0.05 / 0.1 / 0.2,
# workload 4 193 / 140 / 114, workload 6b 663 / 528 / 461. Use it only to compare with those
# older tables.
#
# The runs set SWIFT_DETERMINISTIC_HASHING=1: with a random hash seed per process, the counts of
# some workloads move by up to 1 % from run to run (6a: 794 to 800). With it, two runs agree
# within a few thousand instructions (addresses), under 0.1 per operation. A run of everything takes about three minutes
# after the build (valgrind runs the code about fifty times slower).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//' >&2; exit "${1:-2}"; }

scale=0.1
method=marginal
build=1
implementations=(ours oc)
filters=()
while [ $# -gt 0 ]; do
    case "$1" in
        --only)
            [ $# -ge 2 ] || usage
            case "$2" in
                ours) implementations=(ours) ;;
                oc | opencombine | OpenCombine) implementations=(oc) ;;
                ours,oc | oc,ours | both) implementations=(ours oc) ;;
                *) echo "--only takes ours, opencombine or both" >&2; exit 2 ;;
            esac
            shift 2 ;;
        --filter)
            [ $# -ge 2 ] || usage
            IFS=, read -r -a more <<<"$2"
            filters+=("${more[@]}")
            shift 2 ;;
        --scale)
            [ $# -ge 2 ] || usage
            scale=$2
            shift 2 ;;
        --method)
            [ $# -ge 2 ] || usage
            case "$2" in marginal | startup) method=$2 ;; *) echo "--method takes marginal or startup" >&2; exit 2 ;; esac
            shift 2 ;;
        --no-build) build=0; shift ;;
        -h | --help) usage 0 ;;
        *) echo "unknown argument $1" >&2; usage ;;
    esac
done
if ! awk -v s="$scale" 'BEGIN { exit !(s + 0 > 0) }'; then
    echo "--scale must be positive" >&2
    exit 2
fi

# Workload number → harness id.
numbers=(1 2 3 4 5a 5b 5c 5d 6a 6b 6c 9 10 11 12 13 14 15 16)
ids=(subject-map-filter cold-map-filter-scan chain-lifecycle fan-out flattenMap merge merging-cold-inners
    merging-inner-subjects combineLatest8 zip2 zip3
    switchToLatest concat flatten4 map20 retry takeUntil deliverOn debounce)
selected=()
for index in "${!numbers[@]}"; do
    keep=0
    if [ ${#filters[@]} -eq 0 ]; then keep=1; fi
    for filter in "${filters[@]+"${filters[@]}"}"; do
        # A workload number selects that workload only ("2" is not also zip2 and map20).
        if [[ " ${numbers[*]} " == *" $filter "* ]]; then
            if [ "$filter" = "${numbers[$index]}" ]; then keep=1; fi
        elif [[ "${ids[$index]}" == *"$filter"* ]]; then
            keep=1
        fi
    done
    if [ $keep -eq 1 ]; then selected+=("$index"); fi
done
if [ ${#selected[@]} -eq 0 ]; then
    echo "no workload matches --filter ${filters[*]} (numbers: ${numbers[*]}; ids: ${ids[*]})" >&2
    exit 2
fi

if [ $build -eq 1 ]; then
    # As in scripts/bench.sh: the library's modules are rebuilt from scratch, since an incremental
    # release build of this path dependency can reuse stale module files. OpenCombine's is kept.
    for directory in Benchmarks/.build/*/release; do
        [ -d "$directory" ] || continue
        rm -rf "$directory"/RAC*.build "$directory"/ShowcaseKit.build "$directory"/Modules/RAC* \
            "$directory"/Modules/ShowcaseKit* "$directory"/description.json
    done
    echo "building Benchmarks/ in release mode…" >&2
    swift build --package-path Benchmarks -c release >&2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
binary="$work/RACBenchmarks"
cp Benchmarks/.build/release/RACBenchmarks "$binary"
strip --strip-debug "$binary"

# Instructions executed by one run of the harness with the given arguments.
count() {
    local output
    output=$(SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$@" 2>&1 >/dev/null) || {
        printf 'valgrind failed on: %s\n%s\n' "$*" "$output" >&2
        return 1
    }
    local collected
    collected=$(printf '%s\n' "$output" | sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p')
    if [ -z "$collected" ]; then
        printf 'no instruction count from valgrind on: %s\n%s\n' "$*" "$output" >&2
        return 1
    fi
    printf '%s\n' "$collected"
}

# Number of operations of one run of workload <id> at scale <scale>, and its unit and title.
describe() { "$binary" --list --scale "$2" --filter "$1" | awk -F '\t' -v id="$1" '$1 == id'; }

# A number with its thousands separated by spaces, as in Docs/Performance.md.
group() {
    awk -v x="$1" 'BEGIN {
        if (x == "") { print "—"; exit }
        s = sprintf("%.0f", x); if (x < 10) s = sprintf("%.1f", x)
        n = s; f = ""; if (index(s, ".")) { n = substr(s, 1, index(s, ".") - 1); f = substr(s, index(s, ".")) }
        while (length(n) > 3) { f = " " substr(n, length(n) - 2) f; n = substr(n, 1, length(n) - 3) }
        print n f }'
}

if [ "$method" = startup ]; then
    echo "counting a run with no workload (start-up)…" >&2
    empty=$(count --filter no-such-workload --repetitions 1 --scale "$scale")
fi

rows=()
for index in "${selected[@]}"; do
    id=${ids[$index]}
    IFS=$'\t' read -r _ operations unit _ < <(describe "$id" "$scale")
    IFS=$'\t' read -r _ baseOperations _ _ < <(describe "$id" 0)
    IFS=$'\t' read -r _ _ _ title < <(describe "$id" 1) # the title with the full-scale counts
    declare -A perOp=()
    for implementation in "${implementations[@]}"; do
        echo "workload ${numbers[$index]} ($id), $implementation: scale $scale…" >&2
        at=$(count --filter "$id" --only "$implementation" --repetitions 1 --scale "$scale")
        if [ "$method" = marginal ]; then
            echo "workload ${numbers[$index]} ($id), $implementation: scale 0…" >&2
            base=$(count --filter "$id" --only "$implementation" --repetitions 1 --scale 0)
            if [ "$operations" -le "$baseOperations" ]; then
                echo "scale $scale gives no more operations than scale 0 for $id: use a larger --scale" >&2
                exit 2
            fi
            perOp[$implementation]=$(awk -v a="$at" -v b="$base" -v n="$operations" -v m="$baseOperations" \
                'BEGIN { printf "%.3f", (a - b) / (2 * (n - m)) }')
        else
            perOp[$implementation]=$(awk -v a="$at" -v b="$empty" -v n="$operations" \
                'BEGIN { printf "%.3f", (a - b) / (2 * n) }')
        fi
        echo "  ${perOp[$implementation]} instructions per $unit" >&2
    done
    ours=${perOp[ours]-}
    oc=${perOp[oc]-}
    ratio="—"
    if [ -n "$ours" ] && [ -n "$oc" ]; then
        ratio=$(awk -v a="$ours" -v b="$oc" 'BEGIN { printf "%.3f", a / b }')
    fi
    rows+=("| $title, per $unit | $(group "$ours") | $(group "$oc") | $ratio |")
    unset perOp
done

if [ "$method" = marginal ]; then
    description="(Ir at scale $scale − Ir at scale 0) / (2 × the operations between them): warm-up and measured run, start-up and fixed set-up cancelled"
else
    description="(Ir at scale $scale − Ir of a run with no workload) / (2 × operations at scale $scale): the older method of Docs/Performance.md"
fi
printf 'instructions per operation (callgrind Ir, %s; %s)\n\n' "$(valgrind --version)" "$description"
printf '| workload | ours | OpenCombine | ours/OC |\n|---|---|---|---|\n'
printf '%s\n' "${rows[@]}"
