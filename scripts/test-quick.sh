#!/usr/bin/env bash
# The quick loop for daily work (`pnpm test:quick`): eslint and the formatter's check on the files changed since the branch left
# its upstream (or since the last commit) and on those not committed yet, the unit and component tests,
# and the integration tests on SQLite only with the typecheck beside them. The whole suite is `npm run test:all`.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .tmp
# Temporary files in memory (scripts/test-tmpdir.sh).
source scripts/test-tmpdir.sh

base=$(git merge-base HEAD '@{upstream}' 2>/dev/null || git rev-parse HEAD)
mapfile -t changed < <({ git diff --name-only --diff-filter=ACMR "$base" -- '*.ts' '*.tsx' '*.js' '*.mjs'; git ls-files --others --exclude-standard -- '*.ts' '*.tsx' '*.js' '*.mjs'; } | sort -u)

failed=()
step() {
  local name="$1" start=$SECONDS rc=0
  shift
  echo "==> $name"
  "$@" || rc=$?
  printf '    %s: %d s%s\n' "$name" $((SECONDS - start)) "$([ "$rc" -eq 0 ] || echo ", failed")"
  [ "$rc" -eq 0 ] || failed+=("$name")
}

if [ ${#changed[@]} -gt 0 ]; then
  step "lint (${#changed[@]} changed files)" pnpm exec eslint --no-warn-ignored "${changed[@]}"
  step "format (${#changed[@]} changed files)" pnpm exec biome format --no-errors-on-unmatched "${changed[@]}"
else
  echo "==> lint: no changed files"
fi
step "unit and components" pnpm exec vitest run --project unit --project console
# The typecheck runs beside the integration tests, whose files (three at a time) wait on simulated fleets
# and restarted processes about a third of their time; its output is shown when it ends.
typecheck_start=$SECONDS
bash scripts/typecheck.sh > .tmp/quick-typecheck.log 2>&1 &
typecheck_pid=$!
step "integration (SQLite)" env TEST_PROVIDER=sqlite TEST_QUICK=1 pnpm exec vitest run --project integration --maxWorkers="${QUICK_INTEGRATION_WORKERS:-3}"
typecheck_rc=0
wait "$typecheck_pid" || typecheck_rc=$?
cat .tmp/quick-typecheck.log
printf '    typecheck (beside them): %d s%s\n' $((SECONDS - typecheck_start)) "$([ "$typecheck_rc" -eq 0 ] || echo ", failed")"
[ "$typecheck_rc" -eq 0 ] || failed+=(typecheck)

if [ ${#failed[@]} -gt 0 ]; then
  echo "failed: ${failed[*]}"
  exit 1
fi
echo "all passed in $SECONDS s"
