#!/bin/sh
# A base backup of the primary at HOST:PORT into BACKUP_DIR (a new folder), with the WAL that makes it
# consistent: with the archive (archive_command), it restores to any moment after it (restore.sh).
# Run as the postgres user. Usage: base-backup.sh HOST PORT BACKUP_DIR
set -eu
bin=${PG_BIN:-/usr/lib/postgresql/15/bin}
"$bin/pg_basebackup" -h "$1" -p "$2" -U postgres -D "$3" -X stream -c fast --no-password
# Proof the copy is whole before it counts as a backup.
"$bin/pg_verifybackup" -q "$3"
