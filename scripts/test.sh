#!/usr/bin/env bash
# The whole suite, as CI runs it: typecheck, unit, API on SQLite, API on PostgreSQL, browser.
# TEST_DATABASE_URL (when set, e.g. by CI) is used only for the PostgreSQL step; without it that
# step starts a throwaway PostgreSQL of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/timed-step.sh

postgres_url="${TEST_DATABASE_URL:-}"
unset TEST_DATABASE_URL

timed_step 'typecheck' npm run --silent typecheck

timed_step 'unit tests' npx vitest run --project unit

timed_step 'API tests on SQLite' npx vitest run --project api

timed_step 'API tests on PostgreSQL' env TEST_DATABASE_URL="$postgres_url" bash scripts/with-postgres.sh npx vitest run --project api

timed_step 'client build' npx vite build --logLevel warn

timed_step 'browser tests (Chromium)' npx vitest run --project browser

printf '\nall suites passed in %s\n' "$(duration $SECONDS)"
