#!/usr/bin/env bash
# Several API servers on one PostgreSQL database and one Redis behind HAProxy on one port: the shared mode of
# ADR 0365 on one machine. `npm run cluster -- --servers 3`; Ctrl-C stops everything it started.
#
#   --servers N     API servers (1-5, default 3)
#   --build         rebuild the production bundle even when dist/ looks current
#   --no-build      use dist/ as it is (built by another step)
#   env CLUSTER_PORT (HAProxy, default 4200), CLUSTER_SERVER_PORT (first server, default CLUSTER_PORT+1; the others
#   follow), DATABASE_URL (default postgres://postgres@127.0.0.1:5432/tessera_cluster: created when missing),
#   REDIS_URL (default redis://127.0.0.1:6379/0: a redis-server is started there when none answers),
#   REDIS_KEY_PREFIX (default tessera:), and every variable of apps/api (NODE_ENV, FEED_SPEED, ...).
set -euo pipefail
cd "$(dirname "$0")/../.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false

servers=3
build=auto
while [ $# -gt 0 ]; do
  case "$1" in
    --servers) servers="${2:-}"; shift 2 ;;
    --servers=*) servers="${1#--servers=}"; shift ;;
    --build) build=yes; shift ;;
    --no-build) build=no; shift ;;
    -h | --help) sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "cluster: unknown argument $1 (try --help)" >&2; exit 2 ;;
  esac
done
if ! [[ "$servers" =~ ^[1-5]$ ]]; then
  echo "cluster: --servers must be a number from 1 to 5, got \"$servers\"" >&2
  exit 2
fi

port="${CLUSTER_PORT:-4200}"
first="${CLUSTER_SERVER_PORT:-$((port + 1))}"
export DATABASE_URL="${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/tessera_cluster}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
export REDIS_KEY_PREFIX="${REDIS_KEY_PREFIX:-tessera:}"
run_dir="tmp/cluster/$port"
mkdir -p "$run_dir/logs"

pids=()
stopping=0
stop_all() {
  [ "$stopping" = 1 ] && return
  stopping=1
  echo
  echo "cluster: stopping ${#pids[@]} processes"
  # Servers first (they finish requests in flight and close their pools), then HAProxy and a Redis this script started.
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  echo "cluster: stopped"
}
trap 'stop_all; exit 130' INT
trap 'stop_all; exit 143' TERM
trap 'stop_all' EXIT

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "cluster: need root to run: $*" >&2
    return 1
  fi
}

# HAProxy: Debian's package, installed when missing.
if ! command -v haproxy >/dev/null; then
  echo "cluster: installing HAProxy (apt-get install haproxy)"
  as_root apt-get install -y haproxy >/dev/null 2>&1 || { as_root apt-get update >/dev/null && as_root apt-get install -y haproxy >/dev/null; }
fi
haproxy_bin="$(command -v haproxy || echo /usr/sbin/haproxy)"

# Redis: the one REDIS_URL names, or one started here on its port when none answers.
redis_hostport="$(node -e 'const u = new URL(process.argv[1]); process.stdout.write(`${u.hostname} ${u.port || 6379}`)' "$REDIS_URL")"
read -r redis_host redis_port <<<"$redis_hostport"
if ! node tools/cluster/ping-redis.mjs "$REDIS_URL" 2>/dev/null; then
  case "$redis_host" in 127.0.0.1 | localhost) ;; *) echo "cluster: no Redis answers at $REDIS_URL" >&2; exit 1 ;; esac
  if ! command -v redis-server >/dev/null; then
    echo "cluster: installing Redis (apt-get install redis-server)"
    as_root apt-get install -y redis-server >/dev/null 2>&1 || { as_root apt-get update >/dev/null && as_root apt-get install -y redis-server >/dev/null; }
  fi
  echo "cluster: starting redis-server on port $redis_port"
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no >"$run_dir/logs/redis.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 50); do node tools/cluster/ping-redis.mjs "$REDIS_URL" 2>/dev/null && break; sleep 0.2; done
fi

# PostgreSQL: the database DATABASE_URL names, created when missing (tools/scripts/ensure-postgres.sh starts the server).
bash tools/scripts/ensure-postgres.sh >/dev/null
node tools/cluster/ensure-database.mjs "$DATABASE_URL"

# The production bundle: built when missing, older than a source file, or asked for.
if [ "$build" = no ] && [ ! -f dist/apps/api/main.mjs ]; then
  echo "cluster: --no-build, but there is no dist/apps/api/main.mjs (npm run build)" >&2
  exit 1
fi
if [ "$build" = yes ] || [ ! -f dist/apps/api/main.mjs ] || { [ "$build" = auto ] &&
  [ -n "$(find apps libs schemas -newer dist/apps/api/main.mjs \( -name '*.ts' -o -name '*.tsx' -o -name '*.json' -o -name '*.sql' \) -not -path '*/node_modules/*' -print -quit)" ]; }; then
  bash tools/scripts/build.sh
fi

export NODE_ENV="${NODE_ENV:-production}"
# The secrets every server of the deployment shares, sandbox card deposits and Germany's activity file.
source tools/scripts/demo-env.sh
# Behind HAProxy, which overwrites X-Forwarded-For: per-address limits and the IP country read the client. The
# servers keep idle connections longer than HAProxy's keep-alive (60 s), so HAProxy never reuses a closing one.
export TRUST_PROXY=true HTTP_KEEP_ALIVE_TIMEOUT_MS="${HTTP_KEEP_ALIVE_TIMEOUT_MS:-65000}"
# HAProxy asks /ready from loopback; the servers' own host is a development host for the brand override.
export BRAND_OVERRIDE="${BRAND_OVERRIDE:-local}"

# One after another: each migrates (under an advisory lock), loads the brands and the line, and answers /ready before
# the next starts, so start-ups do not starve each other on a small machine.
is_ready() {
  node -e 'fetch(process.argv[1]).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(1))' "$1"
}
backends=""
for i in $(seq 1 "$servers"); do
  server_port=$((first + i - 1))
  PORT="$server_port" HOST=127.0.0.1 node dist/apps/api/main.mjs >"$run_dir/logs/server-$i.log" 2>&1 &
  pid=$!
  pids+=("$pid")
  backends+="    server api$i 127.0.0.1:$server_port check"$'\n'
  echo "cluster: server $i starting on 127.0.0.1:$server_port (pid $pid, log $run_dir/logs/server-$i.log)"
  for attempt in $(seq 1 240); do
    is_ready "http://127.0.0.1:$server_port/ready" && break
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "cluster: server $i stopped while starting; the end of its log:" >&2
      tail -n 5 "$run_dir/logs/server-$i.log" >&2
      exit 1
    fi
    if [ "$attempt" = 240 ]; then echo "cluster: server $i not ready after 120 s (see its log)" >&2; exit 1; fi
    sleep 0.5
  done
done

files="$(ulimit -Hn)"
[ "$files" = unlimited ] && files=1048576
maxconn=$(((files - 200) / 2))
[ "$maxconn" -gt 50000 ] && maxconn=50000
sed -e "s/@PORT@/$port/" -e "s/@MAXCONN@/$maxconn/" tools/cluster/haproxy.cfg.template >"$run_dir/haproxy.cfg"
printf '%s' "$backends" >>"$run_dir/haproxy.cfg"
"$haproxy_bin" -c -q -f "$run_dir/haproxy.cfg"
"$haproxy_bin" -db -f "$run_dir/haproxy.cfg" >"$run_dir/logs/haproxy.log" 2>&1 &
haproxy_pid=$!
pids+=("$haproxy_pid")
for attempt in $(seq 1 50); do
  is_ready "http://127.0.0.1:$port/ready" && break
  if ! kill -0 "$haproxy_pid" 2>/dev/null || [ "$attempt" = 50 ]; then
    echo "cluster: HAProxy did not start on port $port; its log:" >&2
    tail -n 5 "$run_dir/logs/haproxy.log" >&2
    exit 1
  fi
  sleep 0.2
done

echo "Tessera on http://localhost:$port: $servers servers behind HAProxy, PostgreSQL ${DATABASE_URL%%\?*}, Redis $REDIS_URL (brands: add ?brand=<id>). Ctrl-C stops."
# Stay in front until Ctrl-C, or until a process this script started ends by itself.
wait -n "${pids[@]}" || true
echo "cluster: a process ended by itself; stopping the rest" >&2
exit 1
