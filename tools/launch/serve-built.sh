#!/bin/sh
# The second half of `npm start` (after tools/launch/start.ts has built what changed): the shell becomes the built
# server (`exec`), so that no launcher stays resident beside it. `setsid`, where the system has it, gives the server a
# session of its own: Ctrl-C reaches it once, through npm, and never PostgreSQL directly, which the server stops last.
#
# Sized for a small machine (issue 39, docs/performance.md "npm start's footprint"): a young generation of 2 MB
# instead of V8's 16 (about 60 MB less for some more CPU per request), two malloc arenas instead of one per
# thread, and glibc's mmap threshold held at its default of 128 KiB: left to itself, glibc raises it each time a
# large block is freed, so that large blocks (V8's compiler zones among them) end up in the heap, which then never
# shrinks (about 20 MB after five minutes of use). Each can be overridden: NODE_OPTIONS given to npm start comes
# after ours, and an exported MALLOC_ARENA_MAX or MALLOC_MMAP_THRESHOLD_ is kept.
export NODE_OPTIONS="--max-semi-space-size=2${NODE_OPTIONS:+ $NODE_OPTIONS}"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-131072}"
exec $(command -v setsid) node services/standalone/dist/main.js
