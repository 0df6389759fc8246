#!/usr/bin/env bash
# The test command (CI runs exactly this): on a Debian machine, installs the system packages the
# browser tests need when missing, builds a FRESH virtual environment from requirements-test.txt
# alone (so a dependency the project's files do not name fails here, not on a student's laptop),
# then runs ruff and pytest inside it. Arguments go to pytest, e.g. `-m "not e2e"` for the fast path.
#
#   bash scripts/test.sh                 # everything: lint, then the browser tests with the rest beside them
#   bash scripts/test.sh -m "not e2e"    # no browser: a minute or two
#   TEST_VENV=/tmp/venv bash scripts/test.sh   # where the environment is built (default .venv-test)
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ -x /usr/sbin/haproxy ] || need_apt+=(haproxy)  # tests/e2e/test_replicas.py: the load balancer
command -v pg_config >/dev/null 2>&1 && [ -x "$(pg_config --bindir)/initdb" ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 \
  || need_apt+=(postgresql)  # tests/classroom: a throwaway cluster per test session
[ -n "$(fc-list ":family=Noto Sans CJK KR" 2>/dev/null)" ] || need_apt+=(fonts-noto-cjk)  # Hangul in screenshots
command -v npm >/dev/null 2>&1 || need_apt+=(npm)  # tests/e2e/test_axe.py: axe-core comes from npm
command -v node >/dev/null 2>&1 || need_apt+=(nodejs)  # the fast tier too: tests/test_web_js.py runs node
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "installing ${need_apt[*]} with apt-get"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi
# The browser tests' headless build (a fifth less CPU than the full chromium: docs/performance.md). Where the
# distribution has no such package the tests run on the full chromium instead (tests/e2e/driver.py).
shell_install() { DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq chromium-headless-shell >/dev/null 2>&1; }
if [ ! -x /usr/bin/chromium-headless-shell ]; then
  shell_install || { $sudo_cmd apt-get update -qq >/dev/null 2>&1 && shell_install; } \
    || echo "chromium-headless-shell could not be installed: the browser tests run on the full chromium"
fi

# axe-core for the accessibility audit (tests/e2e/test_axe.py), pinned, into a git-ignored folder.
AXE_VERSION="4.14.1"
if ! grep -qs "\"version\": \"$AXE_VERSION\"" .axe/node_modules/axe-core/package.json; then
  npm install --prefix .axe --no-audit --no-fund --silent "axe-core@$AXE_VERSION"
fi

venv="${TEST_VENV:-.venv-test}"
python3 -m venv --clear "$venv"   # fresh every run: nothing left over from an earlier install
"$venv/bin/python" -m pip install -q --disable-pip-version-check -r requirements-test.txt
"$venv/bin/python" -m pip check
"$venv/bin/python" -m ruff check .
workers="${TEST_WORKERS:-2}"
if [ $# -gt 0 ]; then
  # A part of the suite, or pytest's own options: one run, the workers each taking whole test files (a file's
  # server and browser stay shared by its tests).
  exec "$venv/bin/python" -m pytest -n "$workers" --dist loadfile --durations=25 "$@"
fi
# The whole suite: the browser tier on the workers, and beside it the fast tier at the lowest CPU priority
# (nice 19). The browser tests leave about a tenth of the cores idle while they wait for a run or a redraw; the
# fast tier runs in that time and takes hardly any other, so it finishes within the browser tier's run instead of
# adding its own (docs/performance.md). Its report comes after the browser tier's; the command fails if either does.
fast_log="$(mktemp)"
nice -n 19 "$venv/bin/python" -m pytest -m "not e2e" -n "$workers" -p no:cacheprovider --durations=10 \
  >"$fast_log" 2>&1 &
fast_pid=$!
trap 'kill "$fast_pid" 2>/dev/null || true; rm -f "$fast_log"' EXIT
browser_rc=0
"$venv/bin/python" -m pytest -m e2e -n "$workers" --dist loadfile --durations=25 || browser_rc=$?
fast_rc=0
wait "$fast_pid" || fast_rc=$?
echo "=============================== the fast tier (no browser) ==============================="
cat "$fast_log"
if [ "$browser_rc" -ne 0 ] || [ "$fast_rc" -ne 0 ]; then
  echo "failed: the browser tier exited $browser_rc, the fast tier $fast_rc" >&2
  exit 1
fi
