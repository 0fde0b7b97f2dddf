/**
 * V8 flags on node's command line wherever the server starts for real (package.json `start`, the Dockerfile, the
 * bench's servers). Node refuses them in NODE_OPTIONS, and setting them while the process runs is undefined
 * behaviour, so they are given at start or not at all.
 *
 * `--external-memory-accounted-in-global-limit`: a scan arrives as 64 KB buffers outside V8's heap. With V8's own
 * rule every ≈ 64 MB of them started a full collection, each marking the server's whole ≈ 50 MB heap of loaded code:
 * about half of the server's CPU while an upload streamed. Counted in the heap's global limit instead, they are
 * collected with the rest when the heap as a whole has grown (decision 0049).
 */
export const START_FLAGS = ["--external-memory-accounted-in-global-limit"] as const;
