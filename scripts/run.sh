#!/bin/sh
# Runs a command with a Node.js >= 22 first on PATH (see ensure-node.sh).
set -e
root=$(cd "$(dirname "$0")/.." && pwd)
bin=$(sh "$root/scripts/ensure-node.sh")
if [ -n "$bin" ]; then PATH="$bin:$PATH"; export PATH; fi
PATH="$root/node_modules/.bin:$PATH"
# glibc: a fixed mmap threshold hands image buffers back to the system when libvips frees them, instead of leaving
# them in fragmented arenas (server RSS after 24 scans: 349 MB without, 139 MB with; decision 0025).
: "${MALLOC_ARENA_MAX:=2}" "${MALLOC_MMAP_THRESHOLD_:=131072}"
export MALLOC_ARENA_MAX MALLOC_MMAP_THRESHOLD_
# V8: Node 24 sizes the young generation from the machine's memory (up to 64 MB semi-spaces, 128 MB of new space on
# these machines); a server under load grew into all of it and kept it. 16 MB semi-spaces, Node 20's default, keep it
# to 32 MB at the same request rates (decision 0033). Kept when NODE_OPTIONS already says otherwise.
case " ${NODE_OPTIONS:-} " in
  *--max-semi-space-size*) ;;
  *) NODE_OPTIONS="${NODE_OPTIONS:+$NODE_OPTIONS }--max-semi-space-size=16" ;;
esac
export NODE_OPTIONS
exec "$@"
