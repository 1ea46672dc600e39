#!/usr/bin/env bash
# Shows when Scheduler.main runs its actions, and on which thread, in the three kinds of program
# a tool can be: plain top-level code (with and without dispatchMain()), top-level code that uses
# `await`, and an `@main` type with `static func main() async`. Each program in
# scripts/main-queue-probe/ schedules on Scheduler.main and prints what ran where;
# Docs/GettingStarted.md, "7. A command-line tool", states the results.
#
# usage: scripts/main-queue-probe.sh   (builds the package's debug libraries first)
set -euo pipefail
cd "$(dirname "$0")/.."

swift build --target RACSchedulers >/dev/null
bin="$(swift build --show-bin-path)"
out="$bin/main-queue-probe"
mkdir -p "$out"
objects=("$bin"/RACCore.build/*.o "$bin"/RACSchedulers.build/*.o "$bin"/RACRuntimeShims.build/*.o)
build() {
    swiftc -swift-version 6 -suppress-warnings -I "$bin/Modules" \
        -Xcc "-fmodule-map-file=$bin/RACRuntimeShims.build/module.modulemap" "$@" "${objects[@]}"
}
build scripts/main-queue-probe/TopLevel.swift -o "$out/top-level"
build scripts/main-queue-probe/AsyncTopLevel.swift -o "$out/async-top-level"
build -parse-as-library scripts/main-queue-probe/AsyncMain.swift -o "$out/async-main"

for mode in end block dispatchMain runLoop; do
    echo "== top-level code, then: $mode"
    "$out/top-level" "$mode"
done
for mode in sleep block; do
    echo "== async top-level code ($mode before the first await)"
    "$out/async-top-level" "$mode"
done
echo "== @main with static func main() async"
"$out/async-main"
