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
# Production refuses to start without its secrets (docs/adr/0134). This demo start makes its own once, kept under
# .data/ (ignored by git) so a restart still opens what it sealed; a real deployment sets them from its secret store.
secret() {
  local file=".data/secrets/$1"
  if [ ! -s "$file" ]; then
    mkdir -p .data/secrets && chmod 700 .data/secrets
    (umask 077 && node -e "process.stdout.write(require('node:crypto').randomBytes(32).toString('hex'))" >"$file")
  fi
  cat "$file"
}
export ACCOUNT_SECRET_KEY="${ACCOUNT_SECRET_KEY:-$(secret account-secret-key)}"
# The demo takes card deposits through the sandbox provider (test cards only, no real money).
export PAYMENT_PROVIDER="${PAYMENT_PROVIDER:-sandbox}"
if [ "$PAYMENT_PROVIDER" = sandbox ]; then
  export PAYMENT_CALLBACK_SECRET="${PAYMENT_CALLBACK_SECRET:-$(secret payment-callback-secret)}"
fi
# Germany's activity file (DEGGL-PP-1) answered by the database sandbox: without a file, German stakes are refused.
export ACTIVITY_FILE="${ACTIVITY_FILE:-sandbox}"
echo "Tessera on http://localhost:${PORT} (brands: add ?brand=<id>)"
exec node dist/apps/api/main.mjs
