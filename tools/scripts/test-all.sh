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

run "generated code matches the schemas" npm run --silent codegen:check
run "formatting (prettier)" npx prettier --check --log-level=warn "**/*.{ts,tsx,mts,cts,js,mjs,cjs}"
run "project graph" npx nx show projects --json >/dev/null
run "lint (module boundaries, house rules)" npx eslint . --max-warnings=0
run "typecheck" npx tsc -p tsconfig.json
run "unit and integration tests (vitest)" npx vitest run --reporter=default --reporter=json --outputFile.json=reports/test/vitest.json
run "production build" bash tools/scripts/build.sh
run "browser tests (playwright, chromium)" env PLAYWRIGHT_JSON_OUTPUT_FILE="$PWD/reports/test/playwright.json" npx playwright test -c e2e/playwright.config.ts --reporter=list,json

node tools/scripts/test-summary.mjs reports/test "$status" "$started"
exit $status
