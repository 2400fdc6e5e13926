#!/bin/sh
# The whole repository (stanza tickets) checked against its checksums: every file of every backup and
# every archived WAL segment, and the WAL each backup needs present. pgBackRest 2.45's verify ends with
# status 0 whatever it found: this script prints its report and fails unless the report says ok.
# Run as the postgres user. Usage: verify.sh
set -eu
report=$(pgbackrest --stanza=tickets --output=text --verbose --log-level-console=warn verify)
printf '%s\n' "$report"
if ! printf '%s\n' "$report" | grep -qx 'status: ok'; then
  echo "pgbackrest verify found the repository damaged (above; details in the pgBackRest log)" >&2
  exit 1
fi
