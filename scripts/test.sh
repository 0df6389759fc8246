#!/usr/bin/env bash
# The test command (CI runs exactly this): on a Debian machine, installs the system packages the
# browser tests need when missing, builds a FRESH virtual environment from requirements-test.txt
# alone (so a dependency the project's files do not name fails here, not on a student's laptop),
# then runs ruff and pytest inside it. Arguments go to pytest, e.g. `-m "not e2e"` for the fast path.
#
#   bash scripts/test.sh                 # everything: lint, math, figures, AppTest, browser tests
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
# Two workers, each taking whole test files (a file's server and browser stay shared by its tests): the browser
# tests spend most of their time waiting on a page, so two at once still leave the 2-core machine room.
exec "$venv/bin/python" -m pytest -n "${TEST_WORKERS:-2}" --dist loadfile --durations=25 "$@"
