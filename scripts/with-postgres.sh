#!/usr/bin/env bash
# Runs a command with TEST_DATABASE_URL pointing at PostgreSQL.
# Uses TEST_DATABASE_URL when already set; otherwise starts a throwaway cluster on 127.0.0.1
# (as user postgres when run as root) and removes it when the command ends.
set -euo pipefail

if [[ -n "${TEST_DATABASE_URL:-}" ]]; then
  exec "$@"
fi

bin_dir=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
if [[ -z "$bin_dir" || ! -x "$bin_dir/initdb" ]]; then
  echo "PostgreSQL is not installed: install the 'postgresql' package or set TEST_DATABASE_URL." >&2
  exit 1
fi

work=$(mktemp -d /tmp/acorn-pg.XXXXXX)
port=$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
as_owner=()
if [[ $(id -u) -eq 0 ]]; then
  chown postgres "$work"
  as_owner=(runuser -u postgres --)
fi
# Run from the cluster's folder: postgres may not enter the caller's (private) working directory.
as_pg() { (cd "$work" && "${as_owner[@]}" "$@"); }

cleanup() {
  as_pg "$bin_dir/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

as_pg "$bin_dir/initdb" -D "$work/data" -U postgres -A trust -E UTF8 --no-locale >"$work/initdb.log" 2>&1 \
  || { cat "$work/initdb.log" >&2; exit 1; }
as_pg "$bin_dir/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200" start >/dev/null \
  || { cat "$work/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
echo "PostgreSQL $("$bin_dir/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
"$@"
