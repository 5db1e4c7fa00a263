#!/usr/bin/env bash
# The one test command (DESIGN.md §4): bash tests/run.sh [pytest args...]
# Installs what the tests need on a fresh machine, then runs pytest:
#   - a virtualenv in .venv with the pinned Python test packages (tests/requirements.txt);
#   - the pinned runtime (PyScript core + Pyodide) via npm into static/vendor/ (serve.py);
#   - axe-core (test-only, tests/package.json) into tests/node_modules/;
#   - a Chromium: $ALTIBOX_CHROMIUM, else Debian's /usr/bin/chromium (installed with apt when
#     missing and running as root), else Playwright's own browser where `playwright install` works.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
PY=${PYTHON:-python3}

say() { printf '\n== %s\n' "$*"; }

# --- Python packages
if [ ! -x .venv/bin/python ]; then
  say "creating .venv"
  "$PY" -m venv .venv
fi
REQ_HASH=$(sha256sum tests/requirements.txt | cut -d' ' -f1)
if [ "$(cat .venv/.requirements.sha256 2>/dev/null)" != "$REQ_HASH" ]; then
  say "installing Python test packages"
  .venv/bin/python -m pip install --quiet --disable-pip-version-check -r tests/requirements.txt
  echo "$REQ_HASH" > .venv/.requirements.sha256
fi

# --- the pinned runtime (npm ci from package-lock.json, copied to static/vendor/)
if ! command -v npm >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  say "installing npm with apt"
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
fi
say "checking the pinned runtime"
.venv/bin/python serve.py --install-only

# --- test-only npm packages (axe-core for tests/e2e/test_axe.py), from tests/package-lock.json
AXE_HASH=$(sha256sum tests/package-lock.json | cut -d' ' -f1)
if [ "$(cat tests/node_modules/.lock.sha256 2>/dev/null)" != "$AXE_HASH" ]; then
  say "installing the test-only npm packages (axe-core)"
  (cd tests && npm ci --no-audit --no-fund --loglevel=error) && echo "$AXE_HASH" > tests/node_modules/.lock.sha256
fi

# --- a Chromium (tests/browser.py is the one finder, also used by the e2e tests and bench.py)
if ! CHROME=$(.venv/bin/python tests/browser.py); then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    say "installing Debian's chromium with apt"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
    CHROME=$(.venv/bin/python tests/browser.py) || CHROME=""
  else
    CHROME=""
  fi
fi
if [ -z "$CHROME" ]; then
  say "no system Chromium: trying Playwright's own browser"
  .venv/bin/python -m playwright install chromium || {
    echo "No Chromium found. Install Debian's chromium (apt-get install chromium) or set ALTIBOX_CHROMIUM." >&2
    exit 1
  }
else
  export ALTIBOX_CHROMIUM="$CHROME"
  echo "using $CHROME ($("$CHROME" --version 2>/dev/null | head -1))"
fi

# Two pytest workers by default (pytest-xdist; ALTIBOX_TEST_WORKERS=0 runs in this process):
# an e2e test mostly waits for one busy renderer thread (Python booting in Chromium), so two
# workers keep a 2-core machine busy. --dist loadfile keeps each file's tests, and the
# module-scoped fixtures they share (a built site, a host page, a second Chromium), in one worker.
# A test whose Chromium renderer died ("Target crashed", or "Page crashed" when Playwright was
# waiting in a frame: Chromium's own crash under load, seen about once in two full runs, with or
# without the e2e memory snapshot, never reproduced in 200 page starts alone) runs once more
# (pytest-rerunfailures; the summary counts it as "R"). Any other failure fails the run.
say "running pytest"
exec .venv/bin/python -m pytest -n "${ALTIBOX_TEST_WORKERS:-2}" --dist loadfile \
  --reruns 1 --only-rerun "Target crashed" --only-rerun "Page crashed" "$@"
