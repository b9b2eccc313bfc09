#!/usr/bin/env bash
# Installs what the project needs on a machine with Node 20 and npm: pnpm, the workspace's
# packages, and the generated Prisma clients. Idempotent; safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

PNPM_VERSION=10.34.9
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version)" != "$PNPM_VERSION" ]; then
  echo "==> installing pnpm $PNPM_VERSION"
  npm install -g "pnpm@$PNPM_VERSION" >/dev/null
fi

echo "==> installing workspace packages"
pnpm install --frozen-lockfile --reporter=append-only | grep -vE '^(Progress|\.\.\.|.*node-gyp|.*gyp info|.*CXX|.*CC\(|.*SOLINK|.*COPY|.*LINK|.*ACTION|.*TOUCH|.*make: )' || true
test -d node_modules/.pnpm || { echo "pnpm install failed" >&2; exit 1; }

echo "==> generating Prisma clients (no binary downloads)"
pnpm --silent db:generate
