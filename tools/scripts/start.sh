#!/usr/bin/env bash
# Installs and starts the whole platform (site + API on one origin) with the demo brands on the embedded database.
set -euo pipefail
cd "$(dirname "$0")/../.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
bash tools/scripts/build.sh
export NODE_ENV="${NODE_ENV:-production}" PORT="${PORT:-4200}"
# The demo's secrets, sandbox card deposits and Germany's activity file.
source tools/scripts/demo-env.sh
# The sandbox casino game provider (tools/casino-provider, ADR 0345) runs as its own process on the next port; the
# casino lists its games and frames them. CASINO_PROVIDER=none leaves it out.
if [ "${CASINO_PROVIDER:-sandbox}" = sandbox ]; then
  export CASINO_PROVIDER_PORT="${CASINO_PROVIDER_PORT:-$((PORT + 1))}"
  export CASINO_PROVIDER_URL="${CASINO_PROVIDER_URL:-http://localhost:${CASINO_PROVIDER_PORT}}"
  export CASINO_PROVIDER_SECRET="${CASINO_PROVIDER_SECRET:-$(secret casino-provider-secret)}"
  PLATFORM_URL="http://127.0.0.1:${PORT}" \
    PROVIDER_ALLOWED_PARENTS="${PROVIDER_ALLOWED_PARENTS:-http://localhost:${PORT},http://127.0.0.1:${PORT}}" \
    node dist/tools/casino-provider/main.mjs &
  provider_pid=$!
  echo "Tessera on http://localhost:${PORT} (brands: add ?brand=<id>); casino provider on ${CASINO_PROVIDER_URL}"
  node dist/apps/api/main.mjs &
  api_pid=$!
  trap 'kill -TERM "$api_pid" "$provider_pid" 2>/dev/null || true' INT TERM
  status=0
  wait "$api_pid" || status=$?
  # A signal ends the first wait early: wait again while the API finishes its requests in flight.
  wait "$api_pid" 2>/dev/null || true
  kill -TERM "$provider_pid" 2>/dev/null || true
  wait "$provider_pid" 2>/dev/null || true
  exit "$status"
fi
echo "Tessera on http://localhost:${PORT} (brands: add ?brand=<id>)"
exec node dist/apps/api/main.mjs
