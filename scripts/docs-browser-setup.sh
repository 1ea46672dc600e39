#!/usr/bin/env bash
# Installs what scripts/docs-site-check.py needs: Chromium from Debian's packages and Playwright
# from PyPI (whose own browser download is not used: the check launches Debian's chromium).
# Idempotent and quiet: does nothing when both are there. Needs root for apt-get.
set -euo pipefail
if ! command -v chromium >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    log="$(mktemp)"
    if ! apt-get install -y -qq --no-install-recommends chromium >"$log" 2>&1; then
        cat "$log" >&2
        exit 1
    fi
    rm -f "$log"
fi
if ! python3 -c 'import playwright' >/dev/null 2>&1; then
    python3 -m pip install --quiet --disable-pip-version-check --root-user-action=ignore playwright
fi
