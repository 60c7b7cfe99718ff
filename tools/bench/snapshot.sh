#!/usr/bin/env bash
# Measures a commit, not the working tree (ADR 0270): in a checkout many people edit at once, half-finished changes
# to brands, schemas or code would be measured (or refuse every brand). Exports the commit (default HEAD,
# BENCH_COMMIT to choose) into tmp/bench-snapshot/<commit> inside the workspace, links node_modules, builds it under
# the heavy lock and runs `npm run bench` there with the given arguments; the reports are copied to reports/bench/.
# BENCH_TOOLS_COMMIT (default: the same commit) takes tools/bench (or the paths in BENCH_TOOLS_PATHS) from another
# commit: the measurement of one commit applied to the product of another (a newer bench on a product commit that
# starts, or one change measured on an older base).
#   bash tools/bench/snapshot.sh [bench arguments ...]
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$(pwd)
commit=$(git rev-parse --short "${BENCH_COMMIT:-HEAD}")
tools=$(git rev-parse --short "${BENCH_TOOLS_COMMIT:-$commit}")
label="$commit"
[ "$tools" != "$commit" ] && label="$commit+bench-$tools"
dir="$root/tmp/bench-snapshot/$label"
if [ ! -f "$dir/.exported" ]; then
  rm -rf "$dir"
  mkdir -p "$dir"
  git archive "$commit" | tar -x -C "$dir"
  if [ "$tools" != "$commit" ]; then
    for p in ${BENCH_TOOLS_PATHS:-tools/bench}; do rm -rf "${dir:?}/$p"; done
    # shellcheck disable=SC2086
    git archive "$tools" ${BENCH_TOOLS_PATHS:-tools/bench} | tar -x -C "$dir"
  fi
  ln -s "$root/node_modules" "$dir/node_modules"
  touch "$dir/.exported"
fi
if [ ! -f "$dir/dist/apps/api/main.mjs" ]; then
  echo "[snapshot] building $commit in $dir" >&2
  (cd "$dir" && nice -n 19 flock /tmp/tessera-heavy.lock bash tools/scripts/build.sh >&2)
fi
# --compare <file> is read relative to the workspace, where the caller is, not to the snapshot.
args=()
prev=""
for a in "$@"; do
  if [ "$prev" = "--compare" ]; then a=$(realpath "$a"); fi
  args+=("$a")
  prev="$a"
done
status=0
(cd "$dir" && BENCH_SNAPSHOT_COMMIT="$label" npx tsx tools/bench/src/main.ts "${args[@]}") || status=$?
mkdir -p reports/bench
cp "$dir"/reports/bench/* reports/bench/ 2>/dev/null || true
exit "$status"
