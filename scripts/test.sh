#!/usr/bin/env bash
# The whole suite, as CI runs it: typecheck, unit, API on SQLite, API on PostgreSQL, browser.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s ===\n' "$1"; }

step 'typecheck'
npm run --silent typecheck

step 'unit tests'
npx vitest run --project unit

step 'API tests on SQLite'
npx vitest run --project api

step 'API tests on PostgreSQL'
bash scripts/with-postgres.sh npx vitest run --project api

step 'client build'
npx vite build --logLevel warn

step 'browser tests (Chromium)'
npx vitest run --project browser
