#!/usr/bin/env bash
# Checks what the compiler says to code written with RxSwift's, Combine's and ReactiveSwift's
# names (each must be an error that names our operator), to `Signal { … }` with a closure that is
# not the signal's async operation (must not compile, and must say why), and to our own names
# beside them (must compile cleanly). The cases and the rules are in scripts/peer-names-check.py.
#
# usage: scripts/peer-names-check.sh        (run by .ci/run after the build; about 10 s after it)
# environment: SCRATCH_PATH  the build directory to use (default .build); the libraries are built
#                            there first, which is a no-op when `swift build` already ran.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch="${SCRATCH_PATH:-.build}"
out="$scratch/peer-names"
rm -rf "$out"
mkdir -p "$out"
if ! swift build --scratch-path "$scratch" >"$out/build.log" 2>&1; then
    cat "$out/build.log"
    echo "peer-names-check: the package does not build" >&2
    exit 1
fi
bin="$(swift build --scratch-path "$scratch" --show-bin-path)"
# RACCore imports a C target (RACRuntimeShims); a client compiled outside SwiftPM needs its module
# map (as scripts/doc-samples.sh).
python3 scripts/peer-names-check.py "$out" "$bin/Modules" "$bin/RACRuntimeShims.build/module.modulemap"
