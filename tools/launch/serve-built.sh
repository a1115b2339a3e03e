#!/bin/sh
# The second half of `npm start` (after tools/launch/start.ts has built what changed): the shell becomes the built
# server (`exec`), so that no launcher stays resident beside it. `setsid`, where the system has it, gives the server a
# session of its own: Ctrl-C reaches it once, through npm, and never PostgreSQL directly, which the server stops last.
#
# Sized for a small machine (issue 39, docs/performance.md "npm start's footprint"): a young generation of 2 MB
# instead of V8's 16 (about 60 MB less for some more CPU per request) and two malloc arenas instead of one per
# thread. Either can be overridden: NODE_OPTIONS given to npm start comes after ours, and an exported
# MALLOC_ARENA_MAX is kept.
export NODE_OPTIONS="--max-semi-space-size=2${NODE_OPTIONS:+ $NODE_OPTIONS}"
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
exec $(command -v setsid) node services/standalone/dist/main.js
