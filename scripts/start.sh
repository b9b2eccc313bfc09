#!/usr/bin/env bash
# One command from a fresh machine to the whole stack on the embedded default (SQLite): installs
# what is missing, builds the console and the production folder (the stack bundled), applies
# migrations, seeds an empty database with the demo fleet and starts core + console + in-process
# simulator at http://127.0.0.1:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
# `npm start -- --demo breaking-news`: the demo preset (simulator/demos), the same as SIM_DEMO.
# `npm start -- --fleet large`: the demo fleet's size when it is seeded, the same as SEED_FLEET.
while [ $# -gt 0 ]; do
  case "$1" in
    --demo) export SIM_DEMO="${2:?--demo takes a preset: off, calm, lively or breaking-news}"; shift 2 ;;
    --demo=*) export SIM_DEMO="${1#--demo=}"; shift ;;
    --fleet) export SEED_FLEET="${2:?--fleet takes a size: small, medium or large}"; shift 2 ;;
    --fleet=*) export SEED_FLEET="${1#--fleet=}"; shift ;;
    *) echo "unknown option $1 (npm start -- --demo off|calm|lively|breaking-news --fleet small|medium|large)" >&2; exit 2 ;;
  esac
done
bash scripts/setup.sh

echo "==> building the console and the stack's folder"
pnpm --filter @fleet/console run build >/dev/null
# The stack runs as it ships (README "Production delivery"): the folder `pnpm build:core` makes, its
# TypeScript bundled into plain JavaScript. Under tsx the same stack held about 80 MiB more (each
# module's source and inline source map kept twice, and esbuild's service as a second process).
pnpm --silent build:core --reuse-console >/dev/null

export DATABASE_URL="${DATABASE_URL:-file:$PWD/.data/fleet.db}"
export SEED_ON_BOOT="${SEED_ON_BOOT:-true}"
export CONSOLE_DIST="${CONSOLE_DIST:-$PWD/apps/console/dist}"
# Answers through the compiled serialisers alone; tests and development keep the per-request check.
export RESPONSE_VALIDATION="${RESPONSE_VALIDATION:-false}"
echo "==> starting core + simulator + console on ${HOST:-127.0.0.1}:${PORT:-8080} (database: $DATABASE_URL)"
# Node itself, with the stack's memory settings (README "Memory"): no pnpm process stays above it.
cd apps/stack/dist
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-1}"
exec node $(cat node-flags) main.js
