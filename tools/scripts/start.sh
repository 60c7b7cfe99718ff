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
echo "Tessera on http://localhost:${PORT} (brands: add ?brand=<id>)"
exec node dist/apps/api/main.mjs
