#!/usr/bin/env bash
# Checks that the repository stands on its own: no tracked file refers to anything outside it.
#
# Fails (exit 1, naming file and line) if a file git tracks (or would: new files not ignored)
#   - mentions a path into the workspace directory beside the repository (its `shared` folder,
#     reached as `..` then `shared`, and the `reference` notes in it), the design note that lived
#     there (its name in capitals; Docs/Design.md replaces it), or the seed inventories (`seed-`
#     followed by two zeros);
#   - in Sources/, Tests/, Docs/, Examples/ or README.md, cites a numbered rule tag of those notes
#     (a letter R, O, X, U, S or P and one to three digits after "(", "RAC ", ", " or "–"):
#     cite ReactiveObjC's file and method instead (Docs/CitingRAC.md);
#   - is Markdown with a relative link that leaves the repository or names a missing file.
#
# usage: scripts/standalone-check.sh          (run by .ci/run; needs git and python3)
set -euo pipefail
cd "$(dirname "$0")/.."

self="scripts/standalone-check.sh"
status=0

# The patterns are assembled from pieces so that this file does not match itself.
shared='\.\./'"shared"
reference='shared/'"reference"
design='DES''IGN\.md'
seeds='seed-''00'
outside="$shared|$reference|$design|$seeds"
tag='(\(|RAC |, |–)[ROXUSP][0-9]{1,3}\b'

# Tracked files, and new ones not ignored (so that the check also passes before a commit), that
# exist in the working tree.
files=()
while IFS= read -r -d '' file; do
    [ -f "$file" ] && files+=("$file")
done < <(git ls-files -z --cached --others --exclude-standard | sort -zu)

report() { # title, matches
    if [ -n "$2" ]; then
        printf '%s\n%s\n\n' "$1" "$2"
        status=1
    fi
}

# Each list of files is NUL-separated; grep exits 1 when nothing matches, hence `|| true`.
matches=$(printf '%s\0' "${files[@]}" | grep -zv -x -F "$self" \
    | xargs -0 -r grep -nIE "$outside" || true)
report "Refers to files outside the repository (move what is needed into Docs/):" "$matches"

matches=$(printf '%s\0' "${files[@]}" | grep -zE '^(Sources|Tests|Docs|Examples)/|^README\.md$' \
    | xargs -0 -r grep -nIE "$tag" || true)
report "Cites a numbered rule tag (cite ReactiveObjC's file and method: Docs/CitingRAC.md):" "$matches"

matches=$(printf '%s\0' "${files[@]}" | grep -zE '\.md$' | xargs -0 -r python3 -c '
import os, re, sys
root = os.path.realpath(".")
link = re.compile(r"\]\(([^)\s]+)\)")
fence = re.compile(r"^\s*```")
for path in sys.argv[1:]:
    inside_fence = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if fence.match(line):
                inside_fence = not inside_fence
            if inside_fence:
                continue
            for target in link.findall(line):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("#"):
                    continue  # a URL or an anchor on the same page
                target = target.split("#", 1)[0]
                resolved = os.path.realpath(os.path.join(os.path.dirname(path), target))
                if os.path.commonpath([root, resolved]) != root:
                    print(f"{path}:{number}: links outside the repository: {target}")
                elif not os.path.exists(resolved):
                    print(f"{path}:{number}: links to a missing file: {target}")
')
report "Markdown links that leave the repository or lead nowhere:" "$matches"

if [ "$status" -ne 0 ]; then
    exit 1
fi
echo "The repository refers to nothing outside it (${#files[@]} tracked files checked)."
