#!/usr/bin/env bash
# The whole test suite: typecheck, lint, unit and integration tests (PGlite and PostgreSQL),
# then the end-to-end tests in Debian's Chromium. Installs what a fresh machine lacks first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-system-deps.sh --browser
bash scripts/ensure-node-deps.sh
echo "== typecheck" && npm run typecheck --silent
echo "== lint" && npm run lint --silent
echo "== unit and integration tests" && npm run test:unit --silent
echo "== end-to-end tests" && npm run test:e2e --silent
