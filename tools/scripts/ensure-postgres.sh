#!/usr/bin/env bash
# Integration tests run on PGlite always, and on PostgreSQL too when a server is reachable.
# On these machines one is installed; start it if it stopped. Never fails the run: PGlite still runs everything.
set -uo pipefail
if command -v pg_isready >/dev/null && pg_isready -h 127.0.0.1 -p 5432 -q; then exit 0; fi
if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start 2>/dev/null || true
  sleep 2
fi
pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && echo "PostgreSQL is up" || echo "PostgreSQL not reachable: integration tests run on PGlite only"
exit 0
