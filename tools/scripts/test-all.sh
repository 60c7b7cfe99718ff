#!/usr/bin/env bash
# The one test command (README, .ci/run): installs what tests need, then runs every check and every test.
set -uo pipefail
cd "$(dirname "$0")/../.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
mkdir -p reports/test
rm -f reports/test/*.json
started=$(date +%s)
status=0
step() { echo; echo "== $1"; }
run() { local name="$1"; shift; step "$name"; if ! "$@"; then echo "!! $name failed"; status=1; fi; }

step "install"
bash tools/scripts/ensure-chromium.sh || exit 1
bash tools/scripts/ensure-postgres.sh
npm ci --no-audit --no-fund || exit 1

# The project graph first and alone: it writes .nx/workspace-data, which eslint's module-boundary rule then reads.
run "project graph" npx nx show projects --json >/dev/null
# The other static checks read the tree and write nothing another reads, so they run side by side: eslint and tsc
# each keep one core busy for about a minute, the others are short. Each one's output is printed whole, in order.
checks=$(mktemp -d)
check() { local n="$1" name="$2"; shift 2; echo "$name" >"$checks/$n.name"; { "$@" >"$checks/$n.log" 2>&1; echo $? >"$checks/$n.rc"; } & }
check 1 "generated code matches the schemas" npm run --silent codegen:check
check 2 "formatting (prettier)" npx prettier --check --log-level=warn "**/*.{ts,tsx,mts,cts,js,mjs,cjs}"
check 3 "lint (module boundaries, house rules)" npx eslint . --max-warnings=0
check 4 "typecheck" npx tsc -p tsconfig.json
wait
for n in 1 2 3 4; do
  name=$(cat "$checks/$n.name")
  step "$name"
  cat "$checks/$n.log"
  if [ "$(cat "$checks/$n.rc" 2>/dev/null)" != 0 ]; then echo "!! $name failed"; status=1; fi
done
rm -rf "$checks"
run "unit and integration tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json=reports/test/vitest.json
run "production build" bash tools/scripts/build.sh
run "browser tests (playwright, chromium)" env PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/reports/test/playwright.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json

node tools/scripts/test-summary.mjs reports/test "$status" "$started"
exit $status
