#!/bin/sh
# Backlay's nightly backup (issue 34, ADR 0065): one pg_dump of the database in PostgreSQL's custom
# format (compressed, restorable table by table) into BACKUP_DIR, checked readable (pg_restore
# --list), then dumps older than BACKUP_KEEP_DAYS removed. The Kubernetes CronJob backlay-backup
# runs it every night onto its volume; on Compose, a host cron line runs it in the postgres
# container (README "Backups and restore"). Exits non-zero on any failure, so the job shows it.
#
#   DATABASE_URL=postgresql://… BACKUP_DIR=/backups [BACKUP_KEEP_DAYS=14] backup.sh
set -eu
: "${DATABASE_URL:?set DATABASE_URL (the database to dump)}"
: "${BACKUP_DIR:?set BACKUP_DIR (where the dumps go)}"
keep_days="${BACKUP_KEEP_DAYS:-14}"
case "$keep_days" in '' | *[!0-9]*) echo "BACKUP_KEEP_DAYS must be a whole number of days" >&2; exit 2 ;; esac

mkdir -p "$BACKUP_DIR"
stamp="$(date -u +%Y%m%dT%H%M%SZ)"
file="$BACKUP_DIR/backlay-$stamp.dump"
partial="$file.partial"
# --no-owner/--no-privileges: a restore into another server or role works as it is.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$partial" "$DATABASE_URL"
# A dump that pg_restore cannot list is no backup: keep the partial file for a look, fail.
pg_restore --list "$partial" > /dev/null
mv "$partial" "$file"
echo "backup: $file ($(wc -c < "$file") bytes)"

# Retention: dumps older than BACKUP_KEEP_DAYS days go (0 keeps every dump).
if [ "$keep_days" -gt 0 ]; then
  find "$BACKUP_DIR" -maxdepth 1 -name 'backlay-*.dump' -type f -mtime +"$keep_days" -print -delete | sed 's/^/backup: removed /'
fi
