#!/usr/bin/env bash
# Idempotent local PostgreSQL for development and tests (STACK.md "PostgreSQL").
# Installs Debian's postgresql package when missing, starts the cluster, creates the role `fleet`
# (LOGIN, CREATEDB: migrations need a shadow database, tests create throw-away databases) and the
# database `fleet`, then prints the URL on stdout (everything else goes to stderr), so callers can do
#   export DATABASE_URL_PG="$(bash scripts/pg-up.sh)"
set -euo pipefail

PG_VERSION="${PG_VERSION:-15}"
PG_CLUSTER="${PG_CLUSTER:-main}"
PG_PORT="${PG_PORT:-5432}"
PG_ROLE="${PG_ROLE:-fleet}"
PG_PASSWORD="${PG_PASSWORD:-fleet}"
PG_DB="${PG_DB:-fleet}"

log() { echo "pg-up: $*" >&2; }

as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    su postgres -c "$1"
  else
    sudo -u postgres bash -c "$1"
  fi
}

if ! command -v pg_ctlcluster >/dev/null 2>&1 || [ ! -d "/usr/lib/postgresql/${PG_VERSION}" ]; then
  log "installing postgresql (apt-get)"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq postgresql >&2
fi

if ! pg_lsclusters -h 2>/dev/null | awk '{print $1" "$2}' | grep -qx "${PG_VERSION} ${PG_CLUSTER}"; then
  log "creating cluster ${PG_VERSION}/${PG_CLUSTER}"
  pg_createcluster "${PG_VERSION}" "${PG_CLUSTER}" --port "${PG_PORT}" >&2
fi

if ! pg_lsclusters -h | awk -v v="${PG_VERSION}" -v c="${PG_CLUSTER}" '$1==v && $2==c {print $4}' | grep -qx online; then
  log "starting cluster ${PG_VERSION}/${PG_CLUSTER}"
  pg_ctlcluster "${PG_VERSION}" "${PG_CLUSTER}" start >&2
fi

# Wait until it accepts connections.
for _ in $(seq 1 30); do
  if as_postgres "psql -p ${PG_PORT} -tAc 'select 1'" >/dev/null 2>&1; then break; fi
  sleep 1
done

if [ "$(as_postgres "psql -p ${PG_PORT} -tAc \"SELECT 1 FROM pg_roles WHERE rolname='${PG_ROLE}'\"")" != "1" ]; then
  log "creating role ${PG_ROLE}"
  as_postgres "psql -p ${PG_PORT} -v ON_ERROR_STOP=1 -c \"CREATE ROLE ${PG_ROLE} LOGIN PASSWORD '${PG_PASSWORD}' CREATEDB\"" >&2
else
  as_postgres "psql -p ${PG_PORT} -v ON_ERROR_STOP=1 -c \"ALTER ROLE ${PG_ROLE} LOGIN CREATEDB\"" >/dev/null
fi

if [ "$(as_postgres "psql -p ${PG_PORT} -tAc \"SELECT 1 FROM pg_database WHERE datname='${PG_DB}'\"")" != "1" ]; then
  log "creating database ${PG_DB}"
  as_postgres "psql -p ${PG_PORT} -v ON_ERROR_STOP=1 -c \"CREATE DATABASE ${PG_DB} OWNER ${PG_ROLE}\"" >&2
fi

echo "postgresql://${PG_ROLE}:${PG_PASSWORD}@127.0.0.1:${PG_PORT}/${PG_DB}"
