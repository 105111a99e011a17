#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installed by .ci/run) and makes a paytoken role and database.
# Prints the DATABASE_URL to use, and nothing else, on standard output: what the set-up commands
# say (pg_ctlcluster's "Removed stale pid file." on a fresh machine, say) goes to stderr.
set -euo pipefail

version=$(ls /usr/lib/postgresql | sort -n | tail -1)
port_of_cluster() { pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }'; }

set_up() {
  local port
  if ! pg_lsclusters -h | grep -q "^$version main"; then
    pg_createcluster "$version" main
  fi
  if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $4 }' | grep -q online; then
    pg_ctlcluster "$version" main start
  fi
  port=$(port_of_cluster)
  run_sql() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -qtAc \"$1\""; }
  run_sql "SELECT 1 FROM pg_roles WHERE rolname = 'paytoken'" | grep -q 1 ||
    run_sql "CREATE ROLE paytoken LOGIN PASSWORD 'paytoken' CREATEDB"
  run_sql "SELECT 1 FROM pg_database WHERE datname = 'paytoken'" | grep -q 1 ||
    su postgres -c "createdb -p $port -O paytoken paytoken"
}

set_up >&2
echo "postgres://paytoken:paytoken@127.0.0.1:$(port_of_cluster)/paytoken"
