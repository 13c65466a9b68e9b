#!/usr/bin/env bash
# The whole suite, as CI runs it: typecheck, unit, API on SQLite, API on PostgreSQL, browser.
# TEST_DATABASE_URL (when set, e.g. by CI) is used only for the PostgreSQL step; without it that
# step starts a throwaway PostgreSQL of its own.
set -euo pipefail
cd "$(dirname "$0")/.."

postgres_url="${TEST_DATABASE_URL:-}"
unset TEST_DATABASE_URL

step() { printf '\n=== %s ===\n' "$1"; }

step 'typecheck'
npm run --silent typecheck

step 'unit tests'
npx vitest run --project unit

step 'API tests on SQLite'
npx vitest run --project api

step 'API tests on PostgreSQL'
TEST_DATABASE_URL="$postgres_url" bash scripts/with-postgres.sh npx vitest run --project api

step 'client build'
npx vite build --logLevel warn

step 'browser tests (Chromium)'
npx vitest run --project browser

printf '\nall suites passed\n'
