#!/usr/bin/env bash
# Starts Call Insights on the embedded defaults: PGlite in ./data/db, audio in ./data/audio,
# offline analysis. Prints the URL. PORT, DATA_DIR and the rest come from the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh
bash scripts/ensure-node-deps.sh
# As users run it: answers are not re-validated against their schemas (that is for development
# and tests), and production's checks apply (JWT_SECRET with PostgreSQL).
export NODE_ENV="${NODE_ENV:-production}"
exec node apps/server/dist/main.js
