#!/usr/bin/env bash
# A backup of the database at DATABASE_URL: pg_dump's custom format (compressed, restored with
# pg_restore, table by table if need be) in a file named by the time, written whole or not at
# all, checked readable. Prints the file's path.
#
#   DATABASE_URL=postgres://… deploy/backup.sh [DIR]      DIR: BACKUP_DIR, else /var/backups/stockspace
#   BACKUP_KEEP_DAYS=14 deploy/backup.sh                    also deletes this script's dumps older than 14 days
#
# pg_dump must be of the server's major version or newer (pg_dump 15 cannot dump PostgreSQL 18).
# The embedded PostgreSQL has no pg_dump of its own: stop the app and copy DATA_DIR, or use a
# pg_dump of its version (docs/operations.md, "Backups and a tested restore").
# Give the password through ~/.pgpass or PGPASSWORD rather than in DATABASE_URL where other
# users of the machine can read process arguments. Run it daily (a systemd timer, cron), copy the
# files off the machine, and check a restore regularly: deploy/restore-check.sh.
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
dir="${1:-${BACKUP_DIR:-/var/backups/stockspace}}"
umask 077
mkdir -p "$dir"
file="$dir/stockspace-$(date -u +%Y-%m-%dT%H%M%SZ).dump"

# -Fc: custom format; --snapshot lets restore-check.sh count rows in the dump's own snapshot.
pg_dump --format=custom --compress=6 ${PG_DUMP_SNAPSHOT:+--snapshot="$PG_DUMP_SNAPSHOT"} --file="$file.partial" --dbname="$DATABASE_URL"
pg_restore --list "$file.partial" >/dev/null
mv "$file.partial" "$file"

if [ -n "${BACKUP_KEEP_DAYS:-}" ]; then
  find "$dir" -maxdepth 1 -name 'stockspace-*.dump' -mtime +"$BACKUP_KEEP_DAYS" -print -delete >&2
fi
echo "$file"
