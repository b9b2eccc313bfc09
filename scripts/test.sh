#!/usr/bin/env bash
# One command from a fresh machine to every test: installs what is missing (pnpm, packages,
# Debian's chromium, postgresql and redis-server), starts PostgreSQL and Redis, then runs the phases
# lint, typecheck, unit (and the console's components), integration on SQLite, integration on
# PostgreSQL, the console's build (then the end-to-end stacks' boot), the production folder (built,
# copied outside the workspace and run with plain node) and the Playwright end-to-end tests. Every
# phase runs even when one before it failed; the end prints each phase's time and the one line
# "N passed, N failed, N skipped".
set -uo pipefail
cd "$(dirname "$0")/.."

# Integration files run side by side: most of their time is spent waiting on devices, databases and
# sockets, so more workers than cores keep both cores busy.
INTEGRATION_WORKERS="${INTEGRATION_WORKERS:-4}"

mkdir -p .tmp
# Temporary files in memory (scripts/test-tmpdir.sh).
source scripts/test-tmpdir.sh
rm -f .tmp/vitest-*.json .tmp/playwright.json .tmp/e2e-stacks.ready
phases=()
failed_phases=()

# phase NAME COMMAND...: runs the command, keeps its time and whether it failed.
phase() {
  local name="$1"
  shift
  echo "==> $name"
  local start=$SECONDS rc=0
  "$@" || rc=$?
  phases+=("$(printf '%-24s %4d s%s' "$name" $((SECONDS - start)) "$([ "$rc" -eq 0 ] || echo "  (failed, exit $rc)")")")
  [ "$rc" -eq 0 ] || failed_phases+=("$name")
  return 0
}

# phase_beside NAME COMMAND...: starts a phase in the background (its output kept until it ends);
# phase_join NAME waits for it and records it like `phase`.
declare -A beside_pid beside_start
phase_beside() {
  local name="$1"
  shift
  echo "==> $name (beside the next phase)"
  beside_start[$name]=$SECONDS
  "$@" > ".tmp/phase-$name.log" 2>&1 &
  beside_pid[$name]=$!
}
phase_join() {
  local name="$1" rc=0
  wait "${beside_pid[$name]}" || rc=$?
  cat ".tmp/phase-$name.log"
  phases+=("$(printf '%-24s %4d s%s' "$name" $((SECONDS - beside_start[$name])) "$([ "$rc" -eq 0 ] || echo "  (failed, exit $rc)")")")
  [ "$rc" -eq 0 ] || failed_phases+=("$name")
}

install() {
  local sudo="" missing=()
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  # The end-to-end suite's browser: Debian's Chromium as its headless shell (tests/e2e/playwright.config.ts).
  command -v chromium-headless-shell >/dev/null 2>&1 || missing+=(chromium-headless-shell)
  # The server itself: Debian machines may have PostgreSQL's client (and pg_ctlcluster) without it.
  compgen -G '/usr/lib/postgresql/*/bin/postgres' >/dev/null || missing+=(postgresql)
  command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
  # Chinese pages in the browser need a CJK face (else every character is a box): Debian's Noto CJK.
  [ -n "$(fc-list :lang=zh 2>/dev/null)" ] || missing+=(fonts-noto-cjk)
  # docker-compose.yml is checked for validity (no engine needed); Debian ships the v1 client.
  if ! docker compose version >/dev/null 2>&1 && ! command -v docker-compose >/dev/null 2>&1; then missing+=(docker-compose); fi
  # Debian's packages download and unpack while pnpm installs the workspace (both mostly wait on the network).
  local apt_pid=""
  if [ ${#missing[@]} -gt 0 ]; then
    echo "installing ${missing[*]} from Debian (beside the workspace's packages)"
    { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null; } &
    apt_pid=$!
  fi
  local setup_rc=0 apt_rc=0
  bash scripts/setup.sh || setup_rc=$?
  if [ -n "$apt_pid" ]; then wait "$apt_pid" || apt_rc=$?; fi
  [ "$setup_rc" -eq 0 ] && [ "$apt_rc" -eq 0 ] || return 1

  echo "starting PostgreSQL"
  DATABASE_URL_PG="$(bash scripts/pg-up.sh | tail -n 1)" || return 1
  export DATABASE_URL_PG REQUIRE_PG=1
  # The tests' sessions commit without waiting for PostgreSQL's WAL flush (a setting of the session, read by
  # node-postgres from PGOPTIONS): the server itself is never killed by a test, so nothing acknowledged is lost.
  export PGOPTIONS="${PGOPTIONS:--c synchronous_commit=off}"
  echo "starting Redis (broker between core instances)"
  REDIS_URL_TEST="$(bash scripts/redis-up.sh | tail -n 1)" || return 1
  export REDIS_URL_TEST REQUIRE_REDIS=1

  echo "docker-compose.yml is valid"
  # It ships no gateway token: the check sets one (tests/integration/security-http.test.ts proves it is required).
  if docker compose version >/dev/null 2>&1; then
    GATEWAY_TOKEN=compose-config-check-0123456789 docker compose -f docker-compose.yml config -q
  else
    GATEWAY_TOKEN=compose-config-check-0123456789 docker-compose -f docker-compose.yml config -q
  fi
}

# vitest_phase REPORT ARGS...: one vitest run, its JSON report in .tmp/vitest-REPORT.json.
vitest_phase() {
  local report="$1"
  shift
  pnpm exec vitest run --reporter=default --reporter=json --outputFile.json="$PWD/.tmp/vitest-$report.json" "$@"
}

integration() {
  TEST_PROVIDER="$1" vitest_phase "$1" --project integration --maxWorkers="$INTEGRATION_WORKERS"
}

# The end-to-end stacks (tests/e2e/stacks.ts) started by the build phase: their process groups, one a line.
E2E_STACKS_PIDS="$PWD/.tmp/e2e-stacks.pid"
stop_e2e_stacks() {
  [ -f "$E2E_STACKS_PIDS" ] || return 0
  local pid
  # As Playwright stops the stacks it starts: the whole group at once (their databases are thrown away).
  while read -r pid; do kill -KILL -- "-$pid" 2>/dev/null; done < "$E2E_STACKS_PIDS"
  rm -f "$E2E_STACKS_PIDS"
}
# However the command ends, before the temporary files go (scripts/test-tmpdir.sh's trap).
previous_exit_trap="$(trap -p EXIT)"
previous_exit_trap="${previous_exit_trap#trap -- \'}"
previous_exit_trap="${previous_exit_trap%\' EXIT}"
trap "stop_e2e_stacks; ${previous_exit_trap:-:}" EXIT

# The console's build, then the end-to-end stacks booted and seeded while the PostgreSQL files still run:
# Playwright finds them answering. Stacks that did not come up are stopped, and Playwright starts its own.
build() {
  pnpm --filter @fleet/console run build >/dev/null || return 1
  rm -f .tmp/e2e-stacks.ready
  if pnpm --silent exec tsx tests/e2e/stacks.ts start "$E2E_STACKS_PIDS"; then
    touch .tmp/e2e-stacks.ready
  else
    echo "the end-to-end stacks did not start (logs: $E2E_STACKS_PIDS.*.log): Playwright starts its own"
    stop_e2e_stacks
  fi
}

e2e() {
  local running=""
  [ -f .tmp/e2e-stacks.ready ] && running=1
  local rc=0
  E2E_STACKS_RUNNING="$running" PLAYWRIGHT_JSON_OUTPUT_NAME="$PWD/.tmp/playwright.json" pnpm exec playwright test -c tests/e2e/playwright.config.ts --reporter=list,json || rc=$?
  stop_e2e_stacks
  rm -f .tmp/e2e-stacks.ready
  return "$rc"
}

phase install install
if [ ${#failed_phases[@]} -gt 0 ]; then
  printf '%s\n' "${phases[@]}"
  echo "the install failed: nothing was tested"
  exit 1
fi
# eslint takes one core; the typecheck's three programs rarely keep both busy to their end, and the unit
# phase's start (vitest transforming the sources) leaves room too.
phase_beside lint pnpm --silent lint
phase typecheck pnpm --silent typecheck
phase unit vitest_phase unit --project unit --project console
phase_join lint
phase "integration SQLite" integration sqlite
# The PostgreSQL files spend much of their time waiting on the server: the console's build and the end-to-end
# stacks' boot fill that wait.
phase_beside build build
phase "integration PostgreSQL" integration postgresql
phase_join build
# The production folder as delivered (`pnpm build:core`, the Dockerfile's core image): built with the console
# the build phase made, copied outside the workspace, started with plain node on SQLite and on PostgreSQL,
# signed in to and read from, then stopped (apps/stack/scripts/test-prod.ts).
phase "production folder" pnpm --silent exec tsx apps/stack/scripts/test-prod.ts
phase end-to-end e2e

echo
echo "==> phases"
printf '%s\n' "${phases[@]}"
printf '%-24s %4d s\n' "total" "$SECONDS"
summary_rc=0
node scripts/summary.mjs .tmp/vitest-unit.json .tmp/vitest-sqlite.json .tmp/vitest-postgresql.json .tmp/playwright.json || summary_rc=$?
[ ${#failed_phases[@]} -eq 0 ] && [ "$summary_rc" -eq 0 ]
