#!/usr/bin/env bash
# Makes sure the Firefox flows (e2e/firefox/) have a Firefox: the one PAYTOKEN_FIREFOX names, or
# Debian's firefox-esr (installed when we are root with apt). Without one it stops the run with what
# to do, unless PAYTOKEN_SKIP_FIREFOX=1 asks to go on without the Firefox flows
# (e2e/firefox/browser.ts finds the same binary).
set -euo pipefail
if [ -n "${PAYTOKEN_FIREFOX:-}" ]; then
  [ -x "$PAYTOKEN_FIREFOX" ] && exit 0
  problem="PAYTOKEN_FIREFOX names $PAYTOKEN_FIREFOX, which is not an executable."
else
  if [ -x /usr/bin/firefox-esr ] || [ -x /usr/bin/firefox ]; then exit 0; fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's firefox-esr for the Firefox flows…" >&2
    DEBIAN_FRONTEND=noninteractive apt-get update -qq &&
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq firefox-esr >/dev/null && exit 0
  fi
  problem="No Firefox found: install Debian's firefox-esr (apt-get install firefox-esr) or name a Firefox in PAYTOKEN_FIREFOX."
fi
if [ "${PAYTOKEN_SKIP_FIREFOX:-}" = 1 ]; then
  echo "!!! $problem The Firefox flows will be SKIPPED (PAYTOKEN_SKIP_FIREFOX=1). !!!" >&2
  exit 0
fi
echo "$problem To skip the Firefox flows on purpose, set PAYTOKEN_SKIP_FIREFOX=1." >&2
exit 1
