#!/bin/sh
# The database as it was at TIME, in DATA_DIR (a new folder), listening on PORT: pgBackRest restores
# the newest backup of the repository from before TIME and has PostgreSQL replay the archived WAL
# (archive-get) up to TIME exactly; it is then promoted and takes writes. The WAL up to TIME must be
# archived already: on the live primary, `select pg_switch_wal()` pushes the current segment at once.
# Run as the postgres user. Usage: restore.sh DATA_DIR PORT 'TIME'
# (TIME as PostgreSQL reads a timestamptz, e.g. '2026-11-27 21:30:00+00'). Its log: DATA_DIR.log.
set -eu
data_dir=$1 port=$2 target_time=$3
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}

mkdir -m 0700 "$data_dir"
pgbackrest --stanza=tickets --pg1-path="$data_dir" --type=time --target="$target_time" \
  --target-action=promote restore
cat >>"$data_dir/postgresql.auto.conf" <<CONF
port = $port
# The restored copy must not write into the live primary's repository, nor wait for its standby.
archive_mode = off
synchronous_standby_names = ''
CONF
"$bin/pg_ctl" -D "$data_dir" -l "$data_dir.log" -w start
# Replay ends at TIME, then it is promoted: wait until it takes writes (a replay that cannot reach
# TIME stops the server, and says why in DATA_DIR.log).
for _ in $(seq 600); do
  if [ "$("$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -Atc 'select not pg_is_in_recovery()' 2>/dev/null)" = t ]; then
    exit 0
  fi
  sleep 0.1
done
echo "the restored server did not reach $target_time: see $data_dir.log" >&2
exit 1
