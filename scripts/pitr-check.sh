#!/usr/bin/env bash
# Proves that the console's data can be brought back to a moment in time from a base backup and
# archived WAL (docs/deploy.md "Backups and point-in-time recovery"). It builds a scratch primary
# that archives its WAL, migrates a database with the console's own migrations, moves money through
# ledger_post, takes a base backup, moves more money and appends to the operation log, records a
# target time and what the data held then, and makes a "mistake" after it (more movements and log
# records, and an emptied login trail). It then restores the base backup into a second scratch
# cluster, replays the archive up to the target time, promotes it, and checks that the restored data
# is exactly what the primary held at the target: balances, ledger rows, the login trail, the
# console's reconciliation and the operation log's hash chain with its anchors.
#
# Prints one line per check and "PITR check passed in N s"; exits 1 on any mismatch (2 when it
# cannot start: not root, a port taken). Both scratch clusters and their files (/tmp/console-pitr.*)
# are removed at the end, pass or fail. Needs PostgreSQL's server binaries (Debian:
# /usr/lib/postgresql/<version>/bin), the repository's node_modules (npm ci), and root (it runs the
# server as the postgres user, like scripts/replica.sh) or to be run as postgres. The ports are
# PITR_PRIMARY_PORT (default 5441) and PITR_RESTORE_PORT (default 5442). It never touches the
# PostgreSQL on 5432. CI runs it through apps/server/src/test/pitr.test.ts.
set -euo pipefail
STARTED=$SECONDS
ROOT=$(cd "$(dirname "$0")/.." && pwd)
V=$(ls /usr/lib/postgresql | sort -V | tail -1)
BIN=/usr/lib/postgresql/$V/bin
PRIMARY_PORT=${PITR_PRIMARY_PORT:-5441}
RESTORE_PORT=${PITR_RESTORE_PORT:-5442}
DB=console_pitr
# The players the script makes: uids FIRST_UID … FIRST_UID + PLAYERS - 1.
FIRST_UID=1001
PLAYERS=40

# The server binaries refuse to run as root: as root, run them as postgres (as scripts/replica.sh does).
if [ "$(id -u)" = 0 ]; then
  as_postgres() { su postgres -s /bin/bash -c "$*"; }
elif [ "$(id -un)" = postgres ]; then
  as_postgres() { bash -c "$*"; }
else
  echo "run as root or as postgres" >&2
  exit 2
fi

# Refuse to start on a port something else already holds, rather than check someone else's cluster.
for port in "$PRIMARY_PORT" "$RESTORE_PORT"; do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
    echo "port $port is in use (set PITR_PRIMARY_PORT / PITR_RESTORE_PORT)" >&2
    exit 2
  fi
done

WORK=$(mktemp -d /tmp/console-pitr.XXXXXX)
PRIMARY=$WORK/primary   # the scratch primary's data directory
ARCHIVE=$WORK/archive   # where archive_command copies each finished WAL segment
BASE=$WORK/base         # the base backup, kept as taken
RESTORED=$WORK/restored # the copy of the base backup that is restored and promoted
mkdir -p "$ARCHIVE"
chown -R postgres:postgres "$WORK"
chmod 700 "$WORK"

# Stop both clusters and delete every file, whatever happened. On a failure the end of each
# server's log is printed first: it usually says why.
cleanup() {
  local code=$?
  for dir in "$RESTORED" "$PRIMARY"; do
    if [ "$code" != 0 ] && [ -f "$dir/server.log" ]; then
      echo "--- last lines of $(basename "$dir")/server.log" >&2
      tail -n 15 "$dir/server.log" >&2 || true
    fi
    if [ -f "$dir/postmaster.pid" ]; then as_postgres "$BIN/pg_ctl -D $dir -m immediate stop" >/dev/null 2>&1 || true; fi
  done
  rm -rf "$WORK"
  exit "$code"
}
trap cleanup EXIT
# A signal (the test's timeout, Ctrl-C) still goes through cleanup.
trap 'exit 130' INT TERM

sql() { # sql PORT SQL: one query's rows, unaligned, stopping on the first error; times in UTC
  PGTZ=UTC "$BIN/psql" -X -q -v ON_ERROR_STOP=1 -h 127.0.0.1 -p "$1" -U postgres -d "$DB" -At -c "$2"
}
fail() {
  echo "FAIL: $*" >&2
  exit 1
}
# check NAME EXPECTED ACTUAL: one line per check; a mismatch ends the run.
check() {
  if [ "$2" = "$3" ]; then echo "ok   $1: $3"; else fail "$1: expected $2, restored copy has $3"; fi
}
# The console's CLIs (migrate, reconcile, audit:verify) through tsx, from the repository root.
tsx() { (cd "$ROOT" && node_modules/.bin/tsx "$@"); }

# Waits until the archive holds WAL segment $1: the restore can only replay what is archived.
wait_archived() {
  for _ in $(seq 1 100); do
    [ -f "$ARCHIVE/$1" ] && return 0
    sleep 0.1
  done
  fail "WAL segment $1 was not archived within 10 s"
}
# Closes the current WAL segment and waits until the archive holds it.
switch_wal() {
  local segment
  segment=$(sql "$PRIMARY_PORT" "SELECT pg_walfile_name(pg_switch_wal())")
  wait_archived "$segment"
}

# --- the primary -------------------------------------------------------------------------------
# 1 MB WAL segments instead of 16 MB: the archive and the restore move less data, and a few
# hundred movements still span several segments, so the restore really reads a chain of them.
# --no-sync (and fsync = off below): these clusters live for seconds and never survive a crash,
# and on a busy CI machine flushing to disk is most of their cost. Flushing changes nothing in
# what is written to WAL, archived and replayed, which is what is checked here; a production
# primary keeps fsync on.
as_postgres "$BIN/initdb -D $PRIMARY -U postgres -A trust --wal-segsize=1 -E UTF8 --locale=C.UTF-8 --no-sync" >/dev/null
# The settings point-in-time recovery needs: WAL rich enough to restore from (wal_level replica),
# every finished segment copied to the archive (never over a file already there: a second cluster
# archiving to the same place by mistake fails instead of overwriting), and a segment closed at
# least every second even when it is not full, so the archive lags the primary by little.
cat >> "$PRIMARY/postgresql.conf" <<CONF
port = $PRIMARY_PORT
listen_addresses = '127.0.0.1'
unix_socket_directories = '$WORK'
wal_level = replica
archive_mode = on
archive_command = 'test ! -f $ARCHIVE/%f && cp %p $ARCHIVE/%f'
archive_timeout = 1s
max_wal_senders = 4
shared_buffers = 64MB
fsync = off
CONF
as_postgres "$BIN/pg_ctl -D $PRIMARY -l $PRIMARY/server.log -w -t 30 start" >/dev/null
"$BIN/createdb" -h 127.0.0.1 -p "$PRIMARY_PORT" -U postgres "$DB"
# The console's own migrations, as a deploy runs them (MIGRATION_DATABASE_URL wins over
# DATABASE_URL in migrate.ts, so both are set: an outer one must not send this elsewhere).
URL=postgres://postgres@127.0.0.1:$PRIMARY_PORT/$DB
MIGRATION_DATABASE_URL=$URL DATABASE_URL=$URL tsx apps/server/src/cli/migrate.ts | tail -n 1 | sed 's/^/     migrate: /'

# Players as the tests make them (a player row and its balance row), then money moved through
# ledger_post, the one way a balance changes, one transaction per movement. Credits and debits
# over several currencies; a debit takes at most a third of what the balance holds, so none is
# refused. $1 names the phase (its idempotency keys), $2 the number of movements.
move_money() {
  sql "$PRIMARY_PORT" "DO \$\$
    DECLARE
      v_uid integer; v_currency text; v_balance bigint; v_delta bigint;
    BEGIN
      FOR i IN 1..$2 LOOP
        v_uid := $FIRST_UID + (i * 7) % $PLAYERS;
        v_currency := (ARRAY['chip', 'chip', 'bean', 'withdrawable', 'bonus'])[1 + i % 5];
        EXECUTE format('SELECT %I FROM player_balance WHERE uid = \$1', v_currency) INTO v_balance USING v_uid;
        v_delta := CASE WHEN i % 3 = 0 AND v_balance >= 3 THEN -(v_balance / 3) ELSE 100 + (i * 7919) % 5000 END;
        PERFORM * FROM ledger_post(v_uid, v_currency, v_delta, CASE WHEN v_delta > 0 THEN 'staff_issue' ELSE 'staff_deduct' END,
          'pitr-$1', 'system:pitr-check', 'pitr:$1:' || i, clock_timestamp());
        COMMIT;
      END LOOP;
    END \$\$"
}
# Login trail rows (the table the "mistake" below empties).
add_logins() {
  sql "$PRIMARY_PORT" "INSERT INTO player_login (uid, partner, at, ip, device_id, duration_seconds)
    SELECT $FIRST_UID + g % $PLAYERS, 0, clock_timestamp(), '10.0.0.' || g % 250, 'dev-' || g, g % 600 FROM generate_series(1, $1) g"
}
# Operation log records, appended the way the server appends them (the hash chain is computed in
# TypeScript: domains/operation-log/chain.ts), each in its own transaction. One Node process for the
# whole run, started now so that its start overlaps the work before the backup (starting Node costs
# more CPU than anything else here): each line "PHASE COUNT" on its input appends COUNT records and
# answers "done PHASE".
cat > "$WORK/oplog.mts" <<TS
import { createInterface } from 'node:readline';
import { openDatabase } from '$ROOT/apps/server/src/db/open.ts';
import { appendOperationLog } from '$ROOT/apps/server/src/domains/operation-log/chain.ts';
const database = await openDatabase({ databaseUrl: process.argv[2], poolSize: 1 });
for await (const line of createInterface({ input: process.stdin })) {
  const [phase, count] = line.split(' ');
  for (let i = 1; i <= Number(count); i++) {
    await appendOperationLog(database.db, { username: 'pitr', partner: 0, operation: 'pitr.check', target: phase + ':' + i,
      result: 'ok', status: 200, message: '', before: null, after: { phase, i }, ip: '127.0.0.1' }, new Date());
  }
  console.log('done ' + phase);
}
await database.close();
TS
coproc OPLOG { tsx "$WORK/oplog.mts" "$URL"; }
OPLOG_IN=${OPLOG[1]}
OPLOG_OUT=${OPLOG[0]}
OPLOG_RUN=$OPLOG_PID
oplog_start() { echo "$1 $2" >&"$OPLOG_IN"; }
oplog_done() { # waits for the answer to oplog_start $1
  local answer=''
  read -r -t 120 answer <&"$OPLOG_OUT" || true
  [ "$answer" = "done $1" ] || fail "appending to the operation log failed (phase $1)"
}
# The chain's head written outside the database, as the server's anchor job writes it to
# AUDIT_ANCHOR_FILE (one line of JSON per head: domains/operation-log/anchor.ts).
ANCHORS=$WORK/anchors.jsonl
anchor() {
  sql "$PRIMARY_PORT" "SELECT format('{\"id\":%s,\"hash\":\"%s\",\"at\":\"%s\"}', last_id, last_hash,
    to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')) FROM operation_log_head" >> "$ANCHORS"
}

sql "$PRIMARY_PORT" "
  INSERT INTO player (uid, name, register_ip, register_device, registered_at, partner)
    SELECT g, 'pitr' || g, '10.0.0.1', 'dev-' || g, now(), 0 FROM generate_series($FIRST_UID, $FIRST_UID + $PLAYERS - 1) g;
  INSERT INTO player_balance (uid, partner) SELECT g, 0 FROM generate_series($FIRST_UID, $FIRST_UID + $PLAYERS - 1) g"
move_money a 200
add_logins 100

# --- the base backup ---------------------------------------------------------------------------
# Plain format (a data directory: the restore copies it as it is) and -X none: the backup holds no
# WAL of its own, so the restore must fetch every segment it needs from the archive through
# restore_command, which is what this script means to prove. pg_basebackup -X none returns only
# once the archive holds the last segment the backup needs. -c fast: checkpoint now, not spread
# out. --no-sync: as for initdb above.
as_postgres "$BIN/pg_basebackup -h 127.0.0.1 -p $PRIMARY_PORT -U postgres -D $BASE -Fp -X none -c fast --no-sync" 2> "$WORK/basebackup.log" \
  || fail "pg_basebackup: $(cat "$WORK/basebackup.log")"
echo "ok   base backup taken ($(du -sh "$BASE" | cut -f1); pg_basebackup: $(grep -o 'all required WAL segments have been archived' "$WORK/basebackup.log" || echo 'no word on archiving'))"

# --- after the backup, up to the target --------------------------------------------------------
oplog_start b 20
move_money b 200
add_logins 100
oplog_done b
anchor

# What the data holds at the target, read from the primary: a digest of every balance row, the
# ledger's rows, the login trail's rows and the operation log's records. Nothing writes between
# these reads and the target time, so the restored copy must hold exactly this.
BALANCES_Q="SELECT count(*) || ' rows, chip ' || sum(chip) || ', bean ' || sum(bean) || ', withdrawable ' || sum(withdrawable)
  || ', bonus ' || sum(bonus) || ', digest ' || md5(string_agg(concat_ws(':', uid, partner, chip, bean, safe, bonus, diamond, charisma, withdrawable), ',' ORDER BY uid))
  FROM player_balance"
LEDGER_Q="SELECT count(*) || ' entries, last id ' || coalesce(max(id), 0) || ', sum ' || coalesce(sum(delta), 0) FROM ledger_entry"
LOGINS_Q="SELECT count(*) FROM player_login"
OPLOG_Q="SELECT count(*) FROM operation_log"
EXPECT_BALANCES=$(sql "$PRIMARY_PORT" "$BALANCES_Q")
EXPECT_LEDGER=$(sql "$PRIMARY_PORT" "$LEDGER_Q")
EXPECT_LOGINS=$(sql "$PRIMARY_PORT" "$LOGINS_Q")
EXPECT_OPLOG=$(sql "$PRIMARY_PORT" "$OPLOG_Q")
# The target, and the same moment as the anchors write it (to pick the anchors up to it below).
IFS='|' read -r TARGET TARGET_ISO < <(sql "$PRIMARY_PORT" "SELECT t || '|' || to_char(t AT TIME ZONE 'UTC', 'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')
  FROM (SELECT clock_timestamp() AS t) now")
echo "     target time $TARGET: $EXPECT_LEDGER; $EXPECT_LOGINS logins; $EXPECT_OPLOG operation log records"
switch_wal

# --- the mistake, after the target --------------------------------------------------------------
# More movements and log records, then someone empties the login trail. The restore must undo all of it.
oplog_start c 5
move_money c 100
oplog_done c
# The log's writer is done: closing its input ends it.
exec {OPLOG_IN}>&-
wait "$OPLOG_RUN" || fail "the operation log's writer failed"
anchor
sql "$PRIMARY_PORT" "TRUNCATE player_login"
# Close the segment holding the mistake so the archive has it all, then stop the primary: the
# restore reads nothing but the base backup and the archive.
switch_wal
as_postgres "$BIN/pg_ctl -D $PRIMARY -m fast stop" >/dev/null
echo "ok   primary stopped after the mistake; archive holds $(find "$ARCHIVE" -type f | wc -l) files"

# --- the restore ---------------------------------------------------------------------------------
# A copy of the base backup, told where to fetch WAL from (restore_command), where to stop
# (recovery_target_time; by default a commit at exactly that time is included) and what to do
# there (promote: end recovery and accept writes on a new timeline). recovery.signal starts
# targeted recovery. The copy must not archive into the primary's archive.
cp -a "$BASE" "$RESTORED"
cat >> "$RESTORED/postgresql.conf" <<CONF
port = $RESTORE_PORT
archive_mode = off
restore_command = 'cp $ARCHIVE/%f %p'
recovery_target_time = '$TARGET'
recovery_target_action = 'promote'
CONF
as_postgres "touch $RESTORED/recovery.signal"
# -w returns once the copy accepts connections (a hot standby while it replays); promotion follows.
as_postgres "$BIN/pg_ctl -D $RESTORED -l $RESTORED/server.log -w -t 30 start" >/dev/null
for _ in $(seq 1 300); do
  [ "$(sql "$RESTORE_PORT" "SELECT pg_is_in_recovery()" 2>/dev/null || true)" = f ] && break
  sleep 0.1
done
check "restored copy promoted (pg_is_in_recovery)" f "$(sql "$RESTORE_PORT" "SELECT pg_is_in_recovery()")"
STOP_LINE=$(grep -o 'recovery stopping before commit of transaction [0-9]*, time .*' "$RESTORED/server.log" | head -n 1 || true)
[ -n "$STOP_LINE" ] || fail "the restore did not stop at the target time (no 'recovery stopping before commit' in its log)"
echo "ok   $STOP_LINE"
check "timeline after promotion" 2 "$(sql "$RESTORE_PORT" "SELECT ('x' || substr(pg_walfile_name(pg_current_wal_lsn()), 1, 8))::bit(32)::int")"

# --- the checks ----------------------------------------------------------------------------------
check "balances" "$EXPECT_BALANCES" "$(sql "$RESTORE_PORT" "$BALANCES_Q")"
check "ledger" "$EXPECT_LEDGER" "$(sql "$RESTORE_PORT" "$LEDGER_Q")"
check "movements after the target (absent)" 0 "$(sql "$RESTORE_PORT" "SELECT count(*) FROM ledger_entry WHERE ref = 'pitr-c'")"
check "login trail (emptied after the target)" "$EXPECT_LOGINS" "$(sql "$RESTORE_PORT" "$LOGINS_Q")"
check "operation log records" "$EXPECT_OPLOG" "$(sql "$RESTORE_PORT" "$OPLOG_Q")"
# The console's own checks, as an operator runs them (npm run reconcile, npm run audit:verify),
# both at once for the same reason as above. reconcile: every balance equals the sum of its
# entries and its latest entry's balance_after. audit:verify: the operation log's hash chain,
# walked record by record, ends where its head row says, and every anchor still holds. Only the
# anchors written up to the target: a later one names a record the restored copy never had, and
# audit:verify would report it as gone.
awk -v t="$TARGET_ISO" 'match($0, /"at":"[^"]*"/) { if (substr($0, RSTART + 6, RLENGTH - 7) <= t) print }' "$ANCHORS" > "$WORK/anchors-to-target.jsonl"
KEPT=$(wc -l < "$WORK/anchors-to-target.jsonl")
echo "     anchors: $(wc -l < "$ANCHORS") written, $KEPT up to the target"
RESTORED_URL=postgres://postgres@127.0.0.1:$RESTORE_PORT/$DB
DATABASE_URL=$RESTORED_URL tsx apps/server/src/cli/reconcile.ts > "$WORK/reconcile.out" 2> "$WORK/reconcile.err" &
RECONCILE=$!
DATABASE_URL=$RESTORED_URL tsx apps/server/src/cli/audit-verify.ts --anchors "$WORK/anchors-to-target.jsonl" > "$WORK/audit.out" 2> "$WORK/audit.err" &
AUDIT=$!
wait "$RECONCILE" || fail "reconcile: $(cat "$WORK/reconcile.out" "$WORK/reconcile.err")"
echo "ok   reconcile: $(cat "$WORK/reconcile.out")"
wait "$AUDIT" || fail "audit:verify: $(cat "$WORK/audit.out" "$WORK/audit.err")"
AUDIT_OUT=$(cat "$WORK/audit.out")
check "audit:verify" "ok, $EXPECT_OPLOG records; $KEPT anchor$([ "$KEPT" = 1 ] || echo s) hold" "${AUDIT_OUT%% (latest*}"

echo "PITR check passed in $((SECONDS - STARTED)) s"
