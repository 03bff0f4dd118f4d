#!/usr/bin/env bash
# PgBouncer in transaction mode in front of the local PostgreSQL (127.0.0.1:5432), for the tests
# of DB_POOLER=transaction (docs/deploy.md "PgBouncer"): listens on $PGBOUNCER_PORT (default
# 6433), every database, trust authentication for the users in its list (the test's pooled login
# and postgres, its admin). Installs Debian's pgbouncer when it is missing. `stop` stops it.
# Needs root (it runs PgBouncer as postgres).
set -euo pipefail
DIR=${PGBOUNCER_DIR:-/tmp/console-pgbouncer}
PORT=${PGBOUNCER_PORT:-6433}

if [ "${1:-start}" = stop ]; then
  if [ -f "$DIR/pgbouncer.pid" ]; then kill "$(cat "$DIR/pgbouncer.pid")" 2>/dev/null || true; fi
  exit 0
fi
if pg_isready -q -h 127.0.0.1 -p "$PORT"; then
  echo "pgbouncer already running on 127.0.0.1:$PORT"
  exit 0
fi
if ! command -v pgbouncer >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq pgbouncer >/dev/null
fi
mkdir -p "$DIR"
cat > "$DIR/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=5432

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $PORT
unix_socket_dir =
auth_type = trust
auth_file = $DIR/userlist.txt
admin_users = postgres
pool_mode = transaction
max_client_conn = 1000
default_pool_size = 20
server_reset_query =
ignore_startup_parameters = extra_float_digits
logfile = $DIR/pgbouncer.log
pidfile = $DIR/pgbouncer.pid
INI
printf '"console_pooled" ""\n"postgres" ""\n' > "$DIR/userlist.txt"
chown -R postgres:postgres "$DIR"
su postgres -s /bin/bash -c "pgbouncer -d $DIR/pgbouncer.ini"
for _ in $(seq 1 50); do pg_isready -q -h 127.0.0.1 -p "$PORT" && break; sleep 0.1; done
pg_isready -h 127.0.0.1 -p "$PORT"
