#!/bin/sh
# Restores a backup.sh dump into an EMPTY database (issue 34, ADR 0065), in one transaction: it
# all goes in or nothing does. README "Backups and restore" is the runbook (stop the API, create the
# database, restore, check, point DATABASE_URL at it, start); api/test/backup-restore.test.ts runs
# these two scripts and checks the ledger's invariants on what came back.
#
#   restore.sh <file.dump> <target DATABASE_URL>
set -eu
dump="${1:?usage: restore.sh <file.dump> <target DATABASE_URL>}"
target="${2:?usage: restore.sh <file.dump> <target DATABASE_URL>}"
[ -r "$dump" ] || { echo "restore: cannot read $dump" >&2; exit 2; }
# An empty target only: restoring over live data would mix two ledgers.
tables="$(psql --no-psqlrc --tuples-only --no-align --dbname="$target" --command="SELECT count(*) FROM pg_tables WHERE schemaname = 'public'")"
if [ "$tables" != "0" ]; then
  echo "restore: the target database is not empty ($tables tables): restore into a new database" >&2
  exit 3
fi
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$target" "$dump"
echo "restore: $dump restored into the target database"
