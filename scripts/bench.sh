#!/usr/bin/env bash
# Builds the Benchmarks package in release mode and prints one Markdown table: each workload for
# ReactiveCocoa for Swift ("ours"), OpenCombine and a hand-written loop, with the ratios
# ours/OpenCombine and ours/loop, heap allocations per operation and peak heap.
#
#   scripts/bench.sh                      # every workload, 5 runs each after a warm-up
#   scripts/bench.sh --repetitions 3      # fewer runs
#   scripts/bench.sh --filter replay      # only workloads whose id contains "replay"
#   scripts/bench.sh --scale 0.1          # a tenth of each workload (a smoke run)
#
# Numbers are wall-clock medians: run it on an otherwise idle machine. For repeatable counts,
# profile one implementation with callgrind (instructions, independent of machine load):
#   valgrind --tool=callgrind Benchmarks/.build/release/RACBenchmarks --filter cold --only ours --scale 0.1 --repetitions 1
# (if valgrind rejects the debug info, run it on a copy made with `strip --strip-debug`).
set -euo pipefail
cd "$(dirname "$0")/.."

# The library's modules are rebuilt from scratch each time: after a change to the layout of a
# library type, an incremental release build of this path dependency can reuse stale module files
# (wrong numbers, or a compiler crash deserialising them). OpenCombine's build is kept.
for directory in Benchmarks/.build/*/release; do
    [ -d "$directory" ] || continue
    rm -rf "$directory"/RAC*.build "$directory"/ShowcaseKit.build "$directory"/Modules/RAC* \
        "$directory"/Modules/ShowcaseKit* "$directory"/description.json
done
swift build --package-path Benchmarks -c release >&2
printf 'machine: %s, %s cores; %s\n\n' "$(uname -m)" "$(nproc)" "$(swift --version 2>/dev/null | head -1)"
exec Benchmarks/.build/release/RACBenchmarks "$@"
