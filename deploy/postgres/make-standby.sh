#!/bin/sh
# A synchronous hot standby of the primary at PRIMARY_HOST:PRIMARY_PORT, in DATA_DIR, listening on PORT,
# known to the primary as NAME (its synchronous_standby_names). Run as the postgres user, on the
# standby's machine; then start it: pg_ctl -D DATA_DIR -l DATA_DIR/log -w start.
# Usage: make-standby.sh PRIMARY_HOST PRIMARY_PORT DATA_DIR PORT NAME
set -eu
primary_host=$1 primary_port=$2 data_dir=$3 port=$4 name=$5
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}

# A copy of the primary with the WAL it needs (-X stream) and standby.signal + primary_conninfo (-R).
"$bin/pg_basebackup" -h "$primary_host" -p "$primary_port" -U postgres -D "$data_dir" -R -X stream -c fast
# The name the primary waits for; later lines of postgresql.auto.conf win over pg_basebackup's.
cat >>"$data_dir/postgresql.auto.conf" <<CONF
primary_conninfo = 'host=$primary_host port=$primary_port user=postgres application_name=$name'
port = $port
# Promoted, it runs alone until a new standby is made: it must not wait for one.
synchronous_standby_names = ''
CONF
