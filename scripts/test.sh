#!/usr/bin/env bash
# The whole suite, as CI runs it: typecheck, lint, build, unit, API on SQLite, API on PostgreSQL, the
# shipped server (what `npm start` runs, from a copy of the build without the sources), browser.
# Two Nodes: the machine's (20 here) and Node 26, the current LTS (scripts/with-node26.sh). The unit
# suite runs on both; the API suite runs on SQLite with Node 26 and on PostgreSQL with the machine's
# Node, so each Node meets the server and each dialect is covered within CI's time budget.
# TEST_DATABASE_URL (when set, e.g. by CI) is used only for the PostgreSQL step; without it that
# step starts a throwaway PostgreSQL of its own.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/timed-step.sh

postgres_url="${TEST_DATABASE_URL:-}"
unset TEST_DATABASE_URL

timed_step 'typecheck' npm run --silent typecheck

timed_step 'lint' npm run --silent lint

# What `npm start` runs; the shipped and browser suites use it.
timed_step 'build' npm run --silent build

timed_step 'unit tests' npx vitest run --project unit

timed_step 'Node 26: install' bash scripts/with-node26.sh node --version

timed_step 'unit tests on Node 26' bash scripts/with-node26.sh npx vitest run --project unit

timed_step 'API tests on SQLite, Node 26' bash scripts/with-node26.sh npx vitest run --project api

timed_step 'API tests on PostgreSQL' env TEST_DATABASE_URL="$postgres_url" bash scripts/with-postgres.sh npx vitest run --project api

timed_step 'shipped server' env TEST_DATABASE_URL="$postgres_url" bash scripts/with-postgres.sh npx vitest run --project shipped

timed_step 'browser tests (Chromium)' npx vitest run --project browser

printf '\nall suites passed in %s\n' "$(duration $SECONDS)"
