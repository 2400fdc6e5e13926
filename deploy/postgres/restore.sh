#!/bin/sh
# The database as it was at TIME, in DATA_DIR (a new folder), listening on PORT: the base backup in
# BACKUP_DIR, then the archived WAL from WAL_ARCHIVE replayed up to TIME; it then takes writes.
# Run as the postgres user. Usage: restore.sh BACKUP_DIR WAL_ARCHIVE DATA_DIR PORT 'TIME'
# (TIME as PostgreSQL reads a timestamptz, e.g. '2026-11-27 21:30:00+00').
set -eu
backup_dir=$1 wal_archive=$2 data_dir=$3 port=$4 target_time=$5
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}

mkdir -m 0700 "$data_dir"
cp -a "$backup_dir/." "$data_dir/"
rm -f "$data_dir/standby.signal" "$data_dir/postmaster.pid" "$data_dir/backup_manifest"
cat >>"$data_dir/postgresql.auto.conf" <<CONF
port = $port
restore_command = 'cp "$wal_archive/%f" "%p"'
recovery_target_time = '$target_time'
recovery_target_action = 'promote'
# The restored copy must not write into the live primary's archive, nor wait for its standby.
archive_mode = off
synchronous_standby_names = ''
CONF
touch "$data_dir/recovery.signal"
"$bin/pg_ctl" -D "$data_dir" -l "$data_dir/log" -w start
# Replay ends at TIME, then it is promoted: wait until it takes writes (a replay that cannot reach
# TIME stops the server, and says why in DATA_DIR/log).
for _ in $(seq 600); do
  if [ "$("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -Atc 'select not pg_is_in_recovery()' 2>/dev/null)" = t ]; then
    exit 0
  fi
  sleep 0.1
done
echo "the restored server did not reach $target_time: see $data_dir/log" >&2
exit 1
