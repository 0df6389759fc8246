#!/usr/bin/env bash
# Installs everything the tests need on a fresh Debian machine, then runs lint and the whole suite
# (math, figures, every page with AppTest, and the browser tests in headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v chromium >/dev/null 2>&1 || need_apt+=(chromium)
[ -x /usr/sbin/haproxy ] || need_apt+=(haproxy)  # tests/e2e/test_replicas.py: the load balancer
fc-list 2>/dev/null | grep -qi "Noto Sans CJK" || need_apt+=(fonts-noto-cjk)
if [ ${#need_apt[@]} -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq "${need_apt[@]}"
fi

python3 -m pip install -q -r requirements-test.txt
python3 -m ruff check .
python3 -m pytest "$@"
