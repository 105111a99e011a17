#!/usr/bin/env bash
# Makes sure the browser tests have a Chromium: Debian's (installed when we are root with apt),
# else Playwright's own download on machines that can reach it.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests…" >&2
  DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null && exit 0
fi
echo "No Chromium found: downloading Playwright's (npx playwright install chromium)…" >&2
npx playwright install chromium
