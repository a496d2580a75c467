#!/usr/bin/env bash
# The whole test suite, as README and CI run it: the type checker, the linter, then bun test (arguments go to bun test).
# Installs the Debian tools the tests use (ffprobe checks the presenter videos, chromium drives the dashboard tests)
# when they are missing and this machine can install them (as root, with apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "installing ${need[*]} for the tests"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  else
    echo "warning: ${need[*]} missing; tests that need them will fail" >&2
  fi
fi

echo "tsc --noEmit"
node_modules/.bin/tsc --noEmit -p .
# Lint only for now: the formatter's check joins once the code base has had its one `biome format --write` pass.
echo "biome lint"
node_modules/.bin/biome lint --diagnostic-level=error .

exec node_modules/.bin/bun test --timeout 60000 "$@"
