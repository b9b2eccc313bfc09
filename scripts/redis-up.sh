#!/usr/bin/env bash
# Idempotent local Redis for development and tests (the broker between core instances, REDIS_URL).
# Installs Debian's redis-server when missing, starts one server on 127.0.0.1:${REDIS_PORT} without
# persistence (a broker of live events, nothing durable), waits until it answers, then prints the
# URL on stdout (everything else goes to stderr), so callers can do
#   export REDIS_URL_TEST="$(bash scripts/redis-up.sh)"
set -euo pipefail

REDIS_PORT="${REDIS_PORT:-6379}"
REDIS_DIR="${REDIS_DIR:-/tmp/fleet-redis-${REDIS_PORT}}"

log() { echo "redis-up: $*" >&2; }

if ! command -v redis-server >/dev/null 2>&1; then
  log "installing redis-server (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq >&2
  $SUDO apt-get install -y -qq redis-server >&2
fi

if ! redis-cli -h 127.0.0.1 -p "${REDIS_PORT}" ping >/dev/null 2>&1; then
  log "starting redis-server on 127.0.0.1:${REDIS_PORT}"
  mkdir -p "${REDIS_DIR}"
  redis-server --bind 127.0.0.1 --port "${REDIS_PORT}" --daemonize yes --save '' --appendonly no \
    --dir "${REDIS_DIR}" --pidfile "${REDIS_DIR}/redis.pid" --logfile "${REDIS_DIR}/redis.log" >&2
fi

for _ in $(seq 1 50); do
  if redis-cli -h 127.0.0.1 -p "${REDIS_PORT}" ping >/dev/null 2>&1; then
    echo "redis://127.0.0.1:${REDIS_PORT}"
    exit 0
  fi
  sleep 0.1
done
log "redis-server did not answer on port ${REDIS_PORT} (see ${REDIS_DIR}/redis.log)"
exit 1
