#!/usr/bin/env bash
# The whole test suite, as README and CI run it: the type checker, the linter, then bun test (arguments go to bun test),
# whose logs are then grepped for secrets. Installs the Debian tools the tests use (ffprobe checks the presenter
# videos, chromium drives the dashboard tests, promtool checks /metrics, postgresql gives the store tests a real
# database, unicode-data holds Unihan) when they are missing and this machine can install them (as root, with apt-get).
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
command -v ffprobe >/dev/null 2>&1 || need+=(ffmpeg)
command -v chromium >/dev/null 2>&1 || need+=(chromium)
command -v promtool >/dev/null 2>&1 || need+=(prometheus)
# The Postgres store tests start a throwaway cluster with initdb and pg_ctl.
compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || need+=(postgresql)
command -v curl >/dev/null 2>&1 || need+=(curl)
# The Traditional Chinese table of the word lists is checked against Unicode's Unihan variants (scripts/chinese-variants.ts).
[ -f /usr/share/unicode/Unihan_Variants.txt.bz2 ] || need+=(unicode-data)
command -v bzcat >/dev/null 2>&1 || need+=(bzip2)
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
# The formatter and the linter (npm run format fixes the formatting).
echo "biome check"
node_modules/.bin/biome check --diagnostic-level=error .
# The import graph of src/ and providers/ has no cycles (wiring imports the parts; nothing imports the wiring back).
echo "check-imports"
node_modules/.bin/bun scripts/check-imports.ts

# Every test harness logs to one file at debug level; afterwards it is grepped for secrets.
log="$(mktemp -t recite-test-log.XXXXXX)"
model_log="$(mktemp -t recite-model-check.XXXXXX)"
model_pid=
trap 'rm -f "$log" "$model_log"; [ -z "$model_pid" ] || kill "$model_pid" 2>/dev/null || true' EXIT
status=0
# The whole suite (no arguments): the check that the committed moderation model is what its training script makes of
# the data (scripts/train-moderation.ts --check, about ten minutes of both cores) runs beside the tests at the lowest
# priority, in the CPU time their servers, timers and child processes leave idle; test/moderation.test.ts then skips
# its own run of it (TEST_MODEL_CHECK_ASIDE; a RECITE_ setting would be refused by the servers the tests start).
# With arguments, bun test runs it as any other test when asked for.
if [ $# -eq 0 ]; then
  nice -n 19 node_modules/.bin/bun scripts/train-moderation.ts --check >"$model_log" 2>&1 &
  model_pid=$!
fi
# Per-test limit: generous, because a 2-core CI machine synthesising Flite voices for the whole suite is slow;
# a hung test still fails, just later.
TEST_MODEL_CHECK_ASIDE="${model_pid:+1}" TEST_LOG_FILE="$log" node_modules/.bin/bun test --timeout 240000 "$@" ||
  status=$?
if [ -n "$model_pid" ]; then
  echo "model check (train-moderation.ts --check, run beside the tests):"
  wait "$model_pid" || status=1
  model_pid=
  tail -n 3 "$model_log"
  grep -q 'model.json is up to date' "$model_log" || { echo "model check failed:" >&2; cat "$model_log" >&2; status=1; }
fi
node_modules/.bin/bun scripts/check-log-secrets.ts "$log" || status=1
exit "$status"
