#!/usr/bin/env bash
# Starts Debian's PostgreSQL (installed by .ci/run) and makes a paytoken role and database.
# Prints the DATABASE_URL to use.
set -euo pipefail
version=$(ls /usr/lib/postgresql | sort -n | tail -1)
if ! pg_lsclusters -h | grep -q "^$version main"; then
  pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $4 }' | grep -q online; then
  pg_ctlcluster "$version" main start
fi
port=$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')
run_sql() { su postgres -c "psql -p $port -v ON_ERROR_STOP=1 -qtAc \"$1\""; }
run_sql "SELECT 1 FROM pg_roles WHERE rolname = 'paytoken'" | grep -q 1 ||
  run_sql "CREATE ROLE paytoken LOGIN PASSWORD 'paytoken' CREATEDB" >/dev/null
run_sql "SELECT 1 FROM pg_database WHERE datname = 'paytoken'" | grep -q 1 ||
  su postgres -c "createdb -p $port -O paytoken paytoken"
echo "postgres://paytoken:paytoken@127.0.0.1:$port/paytoken"
