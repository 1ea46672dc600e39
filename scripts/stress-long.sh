#!/usr/bin/env bash
# The long reliability run: 100 000 sends per thread, 5 000 random differential cases,
# a million-deep stack tests. Usage: scripts/stress-long.sh [extra swift test arguments]
set -euo pipefail
cd "$(dirname "$0")/.."
export RAC_STRESS_SCALE="${RAC_STRESS_SCALE:-100000}"
export RAC_DIFF_CASES="${RAC_DIFF_CASES:-5000}"
export RAC_DEPTH_SCALE="${RAC_DEPTH_SCALE:-1000000}"
time swift test --scratch-path "${SCRATCH:-.build-h11}" --filter RACReliabilityTests "$@"
