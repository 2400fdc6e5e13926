#!/bin/sh
# A backup of the primary into the pgBackRest repository (pgbackrest.conf, stanza tickets): TYPE full
# (weekly) or diff (the changes since the last full one, nightly), the WAL that makes it consistent
# archived with it; then the backups beyond the retention expired, and the whole repository checked
# against its checksums (verify.sh). Once all of that has passed, and only then, the
# newest backup's end time is written for Prometheus (node_exporter's textfile collector) into
# TEXTFILE_DIR when it is set: the alert TicketsBackupTooOld fires when it is more than a day old.
# Run as the postgres user on the primary. Usage: backup.sh full|diff
set -eu
type=$1
case $type in full | diff) ;; *) echo "usage: backup.sh full|diff" >&2 && exit 2 ;; esac

pgbackrest --stanza=tickets --type="$type" backup
"$(dirname "$0")/verify.sh"

if [ -n "${TEXTFILE_DIR:-}" ]; then
  # The end of the newest backup in the repository, in seconds since 1970 (its "timestamp"."stop").
  newest=$(pgbackrest --stanza=tickets --output=json info | grep -o '"stop":[0-9][0-9]*' | cut -d: -f2 | sort -n | tail -n 1)
  # Written beside, then renamed: the collector never reads half a file.
  cat >"$TEXTFILE_DIR/pgbackrest.prom.$$" <<PROM
# HELP pgbackrest_backup_newest_stop_timestamp_seconds When the newest backup of the stanza ended, written once it and verify passed.
# TYPE pgbackrest_backup_newest_stop_timestamp_seconds gauge
pgbackrest_backup_newest_stop_timestamp_seconds{stanza="tickets"} $newest
PROM
  mv "$TEXTFILE_DIR/pgbackrest.prom.$$" "$TEXTFILE_DIR/pgbackrest.prom"
fi
