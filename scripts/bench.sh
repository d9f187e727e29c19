#!/usr/bin/env bash
# Runs every benchmark under bench/; each prints its figures next to a baseline measured in the same run.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
bash scripts/ensure-node-deps.sh
# Each bench/<name>/index.ts is picked up (api-auth, analyze, assistant, bundle, export, ingest, list, load, manager, sync); BENCH=<name> runs one.
for dir in bench/*/; do
  name=$(basename "$dir")
  [[ -f "$dir/index.ts" ]] || continue
  if [[ -n "${BENCH:-}" && "$BENCH" != "$name" ]]; then continue; fi
  echo "== bench/$name"
  npx tsx "$dir/index.ts"
done
