#!/bin/sh
# Runs a command with a Node.js >= 22 first on PATH (see ensure-node.sh).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(sh "$root/scripts/ensure-node.sh")
if [ -n "$bin" ]; then PATH="$bin:$PATH"; export PATH; fi
PATH="$root/node_modules/.bin:$PATH"
exec "$@"
