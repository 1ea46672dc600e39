#!/usr/bin/env bash
# Builds the libFuzzer harness for the marble parser and runs it for a bounded time.
#   scripts/fuzz-marbles.sh [seconds]      (default 120)
# Crashes are written to Fuzz/artifacts/; turn each into a test in Tests/RACReliabilityTests.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-120}"
out=Fuzz/.build
mkdir -p "$out" Fuzz/artifacts Fuzz/.corpus-work
swiftc -sanitize=fuzzer,address -parse-as-library -O -g \
    -module-name MarbleFuzz \
    Sources/RACTesting/MarbleParser.swift Sources/RACTesting/MarbleError.swift Fuzz/MarbleFuzzer.swift \
    -o "$out/marble-fuzzer"
# New inputs go to a scratch corpus; the committed seeds in Fuzz/corpus stay small.
"$out/marble-fuzzer" -max_total_time="$seconds" -max_len=64 -timeout=5 \
    -artifact_prefix=Fuzz/artifacts/ -print_final_stats=1 \
    Fuzz/.corpus-work Fuzz/corpus
