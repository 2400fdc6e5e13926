#!/bin/sh
# A synchronous hot standby of the primary at PRIMARY_HOST:PRIMARY_PORT, in DATA_DIR, listening on PORT,
# known to the primary as NAME (its synchronous_standby_names), built from the pgBackRest repository:
# the newest backup restored, the archived WAL replayed, then it streams from the primary. DATA_DIR is a
# new folder, or an old primary's (after a failover): then only the files that differ are restored
# (--delta). Run as the postgres user, on the standby's machine; then start it:
# pg_ctl -D DATA_DIR -l DATA_DIR.log -w start.
# Usage: make-standby.sh PRIMARY_HOST PRIMARY_PORT DATA_DIR PORT NAME
set -eu
primary_host=$1 primary_port=$2 data_dir=$3 port=$4 name=$5

delta=
if [ -f "$data_dir/PG_VERSION" ]; then delta=--delta; else mkdir -p -m 0700 "$data_dir"; fi
# standby.signal, restore_command (archive-get) and primary_conninfo written by pgBackRest; the
# timeline followed is the newest (after a failover, the new primary's).
pgbackrest --stanza=tickets --pg1-path="$data_dir" --type=standby $delta \
  --recovery-option="primary_conninfo=host=$primary_host port=$primary_port user=postgres application_name=$name" \
  restore
cat >>"$data_dir/postgresql.auto.conf" <<CONF
port = $port
# Promoted, it runs alone until a new standby is made: it must not wait for one.
synchronous_standby_names = ''
CONF
