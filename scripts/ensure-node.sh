#!/bin/sh
# Makes sure a Node.js >= 22 is available; installs Node 24 from the npm registry into .tools when the
# system one is older (DESIGN.md §2). Prints the directory to put first on PATH (empty if none needed).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$major" -ge 22 ]; then exit 0; fi
bin="$root/.tools/node_modules/.bin"
# npm install's postinstall says once what happens (.npmrc keeps npm's own engine warnings out of the way).
if [ "${1:-}" = "--explain" ]; then
  echo "Latent: the system Node.js ($(node -v 2>/dev/null || echo none)) is older than 22, so every npm script uses Node 24 in .tools/ (fetched once from the npm registry)." >&2
fi
if [ ! -x "$bin/node" ] || [ "$("$bin/node" -p 'process.versions.node.split(".")[0]')" -lt 22 ]; then
  mkdir -p "$root/.tools"
  # The node package's preinstall fetches the platform binary from the npm registry itself.
  printf '{"private":true,"allowScripts":{"node":true}}\n' > "$root/.tools/package.json"
  npm install --prefix "$root/.tools" --no-audit --no-fund --loglevel=error --foreground-scripts=false node@24 >/dev/null
fi
echo "$bin"
