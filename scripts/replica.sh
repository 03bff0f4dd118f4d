#!/usr/bin/env bash
# A streaming replica of the local PostgreSQL on loopback, for the tests and benchmarks that read
# from a replica (READ_DATABASE_URL; docs/deploy.md "A read replica"). Made with pg_basebackup
# from the primary on 127.0.0.1:5432 into $REPLICA_DIR (default /tmp/console-replica), started on
# $REPLICA_PORT (default 5433) as a hot standby. `scripts/replica.sh stop` stops it. Needs root
# (it allows replication from loopback in the primary's pg_hba.conf and runs as postgres).
set -euo pipefail
V=$(ls /etc/postgresql | sort -V | tail -1)
BIN=/usr/lib/postgresql/$V/bin
DIR=${REPLICA_DIR:-/tmp/console-replica}
PORT=${REPLICA_PORT:-5433}
as_postgres() { su postgres -s /bin/bash -c "$*"; }

if [ "${1:-start}" = stop ]; then
  if [ -f "$DIR/postmaster.pid" ]; then as_postgres "$BIN/pg_ctl -D $DIR -m fast stop" >/dev/null; fi
  exit 0
fi

if pg_isready -q -h 127.0.0.1 -p "$PORT"; then
  echo "replica already running on 127.0.0.1:$PORT"
  exit 0
fi

HBA=/etc/postgresql/$V/main/pg_hba.conf
if ! grep -q '^host replication all 127.0.0.1/32 trust' "$HBA"; then
  echo 'host replication all 127.0.0.1/32 trust' >> "$HBA"
  psql -h 127.0.0.1 -U postgres -d postgres -qAtc 'SELECT pg_reload_conf()' >/dev/null
fi

rm -rf "$DIR"
mkdir -p "$DIR"
chown postgres:postgres "$DIR"
chmod 700 "$DIR"
# -R: standby.signal and primary_conninfo; -X stream: the WAL of the copy comes with it
as_postgres "$BIN/pg_basebackup -h 127.0.0.1 -p 5432 -U postgres -D $DIR -R -X stream -c fast"
# Debian keeps the configuration outside the data directory: the replica gets its own
cat > "$DIR/postgresql.conf" <<CONF
port = $PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '/tmp'
hot_standby = on
hot_standby_feedback = on
max_connections = 100
shared_buffers = 128MB
CONF
printf 'local all all trust\nhost all all 127.0.0.1/32 trust\n' > "$DIR/pg_hba.conf"
chown postgres:postgres "$DIR/postgresql.conf" "$DIR/pg_hba.conf"
as_postgres "$BIN/pg_ctl -D $DIR -l $DIR/server.log -w -t 60 start" >/dev/null
echo "replica running on 127.0.0.1:$PORT (from 127.0.0.1:5432)"
