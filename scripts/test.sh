#!/usr/bin/env bash
# One command from a fresh machine to every test: installs what is missing (pnpm, packages,
# Debian's chromium, postgresql and redis-server), starts PostgreSQL and Redis, then runs lint, typecheck, staleness
# checks, unit and integration tests (SQLite and PostgreSQL) and the Playwright end-to-end tests.
set -euo pipefail
cd "$(dirname "$0")/.."

SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pg_ctlcluster >/dev/null 2>&1 || missing+=(postgresql)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
# docker-compose.yml is checked for validity (no engine needed); Debian ships the v1 client.
if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then missing+=(docker-compose); fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "==> installing ${missing[*]} from Debian"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
fi

bash scripts/setup.sh

echo "==> starting PostgreSQL"
DATABASE_URL_PG="$(bash scripts/pg-up.sh | tail -n 1)"
export DATABASE_URL_PG REQUIRE_PG=1

echo "==> starting Redis (broker between core instances)"
REDIS_URL_TEST="$(bash scripts/redis-up.sh | tail -n 1)"
export REDIS_URL_TEST REQUIRE_REDIS=1

mkdir -p .tmp
echo "==> docker-compose.yml is valid"
# It ships no gateway token: the check sets one (tests/integration/security-http.test.ts proves it is required).
if docker compose version >/dev/null 2>&1; then GATEWAY_TOKEN=compose-config-check-0123456789 docker compose -f docker-compose.yml config -q; else GATEWAY_TOKEN=compose-config-check-0123456789 docker-compose -f docker-compose.yml config -q; fi

echo "==> lint"
pnpm --silent lint
echo "==> typecheck"
pnpm --silent typecheck

echo "==> unit and integration tests (SQLite and PostgreSQL)"
vitest_rc=0
pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$PWD/.tmp/vitest.json" || vitest_rc=$?

echo "==> end-to-end tests (Playwright, Debian's chromium)"
pnpm --filter @fleet/console run build >/dev/null
e2e_rc=0
PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" pnpm exec playwright test -c tests/e2e/playwright.config.ts --reporter=list,json || e2e_rc=$?

summary_rc=0
node scripts/summary.mjs .tmp/vitest.json .tmp/playwright.json || summary_rc=$?
[ "$vitest_rc" -eq 0 ] && [ "$e2e_rc" -eq 0 ] && [ "$summary_rc" -eq 0 ]
