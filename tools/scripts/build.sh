#!/usr/bin/env bash
# Production build: the web client and SSR bundles (Vite) and the API bundle (esbuild).
set -euo pipefail
cd "$(dirname "$0")/../.."
rm -rf dist
npx vite build --config apps/web/vite.config.ts --logLevel warn
node tools/scripts/precompress.mjs
npx vite build --config apps/web/vite.config.ts --ssr --logLevel warn
npx vite build --config apps/backoffice/vite.config.ts --logLevel warn
node apps/api/build.mjs
# The sandbox casino game provider, its own process beside the API (tools/casino-provider, ADR 0345).
node tools/casino-provider/build.mjs
