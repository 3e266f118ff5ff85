#!/usr/bin/env bash
# A tested restore: backs up the database at DATABASE_URL (deploy/backup.sh), restores the dump
# into a NEW database on the same server with pg_restore, checks that the migrations have
# nothing left to do there, starts the app on it (`npm run serve`, with mail written to files and
# card payments off, so the copy sends nothing to anyone) and checks that it serves the same
# data: the row counts of the key tables equal those of the source in the dump's own snapshot
# (so a live database can be checked), and the app answers its health check, the home page and a
# listed warehouse's page with 200. Drops the new database at the end (--keep keeps it).
#
#   DATABASE_URL=postgres://… deploy/restore-check.sh [--keep]
#
# Run it in the checkout the app runs from, built (`npm run build`), with the app's environment
# (the production settings: source your env file first). The database user needs CREATEDB on
# the server. pg_dump must be of the server's major version or newer (not the embedded
# PostgreSQL 18 with Debian 12's pg_dump 15). CI runs it on PostgreSQL 15: server/restore-check.db.test.ts.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DATABASE_URL:?set DATABASE_URL to the database to check}"
KEEP=0
[ "${1:-}" = "--keep" ] && KEEP=1
say() { echo "restore-check: $*"; }
fail() {
  echo "restore-check: FAILED: $*" >&2
  [ -f "${WORK:-}/serve.log" ] && tail -n 30 "$WORK/serve.log" >&2
  exit 1
}

# The tables whose rows the check counts on both sides.
TABLES=(kysely_migration users warehouses images warehouse_spaces warehouse_requests warehouse_request_warehouses subscriptions reviews audit_log mail_outbox app_secrets saved_searches)

WORK="$(mktemp -d)"
TARGET_DB="stockspace_restore_check_$(date -u +%Y%m%d%H%M%S)_$$"
# The new database's URL: the source's, with the database name replaced (query string kept).
TARGET_URL="$(printf '%s' "$DATABASE_URL" | sed -E "s#^([a-z]+://[^/]*)/[^?]*#\1/$TARGET_DB#")"
[ "$TARGET_URL" != "$DATABASE_URL" ] || fail "DATABASE_URL names no database (postgres://user@host:port/NAME)"
SERVE_PID=""
SNAPSHOT_PID=""
cleanup() {
  if [ -n "$SERVE_PID" ] && kill -0 "$SERVE_PID" 2>/dev/null; then kill -KILL -- "-$SERVE_PID" 2>/dev/null || true; fi
  if [ -n "$SNAPSHOT_PID" ]; then kill "$SNAPSHOT_PID" 2>/dev/null || true; fi
  if [ "$KEEP" = 0 ]; then psql "$DATABASE_URL" -qtAX -c "drop database if exists $TARGET_DB with (force)" >/dev/null 2>&1 || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT

server_version="$(psql "$DATABASE_URL" -qtAX -c 'show server_version_num')"
dump_version="$(pg_dump --version | sed -E 's/.* ([0-9]+)(\.[0-9]+)*.*/\1/')"
[ "$dump_version" -ge "$((server_version / 10000))" ] ||
  fail "pg_dump $dump_version cannot dump PostgreSQL $((server_version / 10000)): use a pg_dump of that version or newer"

# 1. The counts and the dump in one snapshot: a transaction that exports its snapshot stays open
#    (a psql reading from a pipe) while pg_dump dumps that same snapshot.
say "dumping $(printf '%s' "$DATABASE_URL" | sed -E 's#//[^@/]*@#//#')"
mkfifo "$WORK/snapshot.in"
psql "$DATABASE_URL" -qtAX <"$WORK/snapshot.in" >"$WORK/snapshot.out" 2>&1 &
SNAPSHOT_PID=$!
exec 3>"$WORK/snapshot.in"
echo "begin isolation level repeatable read read only; select pg_export_snapshot();" >&3
count_query=""
for table in "${TABLES[@]}"; do count_query+="select '$table', count(*) from $table; "; done
echo "$count_query" >&3
for _ in $(seq 1 100); do [ "$(wc -l <"$WORK/snapshot.out")" -ge $((1 + ${#TABLES[@]})) ] && break; sleep 0.1; done
snapshot="$(head -n 1 "$WORK/snapshot.out")"
[[ "$snapshot" =~ ^[0-9A-F-]+$ ]] || fail "could not export a snapshot: $(cat "$WORK/snapshot.out")"
tail -n +2 "$WORK/snapshot.out" | sort >"$WORK/source.counts"
dump="$(PG_DUMP_SNAPSHOT="$snapshot" bash deploy/backup.sh "$WORK/backups")"
echo "commit;" >&3
exec 3>&-
wait "$SNAPSHOT_PID" || true
SNAPSHOT_PID=""
say "dump $(basename "$dump"), $(du -h "$dump" | cut -f1)"

# 2. A new database, and the dump restored into it.
#    In three steps: the GiST indexes on ll_to_earth() and earth_box() cannot be rebuilt as
#    pg_restore runs (with an empty search_path, earthdistance's SQL functions do not find the
#    `earth` type and the functions they call), so between the schema and the data those
#    functions get their extension's schema as search_path.
psql "$DATABASE_URL" -qtAX -c "create database $TARGET_DB" >/dev/null
restore() { pg_restore --exit-on-error --no-owner --no-privileges --dbname="$TARGET_URL" "$@" "$dump" || fail "pg_restore $* into $TARGET_DB"; }
restore --section=pre-data
psql "$TARGET_URL" -qtAX -v ON_ERROR_STOP=1 >/dev/null <<'SQL' || fail "setting earthdistance's search_path in $TARGET_DB"
do $$
declare f record;
begin
  for f in
    select p.oid::regprocedure as fn, e.extnamespace::regnamespace as schema
    from pg_proc p
    join pg_depend d on d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e'
    join pg_extension e on e.oid = d.refobjid
    join pg_language l on l.oid = p.prolang
    where e.extname = 'earthdistance' and l.lanname = 'sql'
  loop
    execute format('alter function %s set search_path = %I, pg_temp', f.fn, f.schema);
  end loop;
end
$$;
SQL
restore --section=data --section=post-data
for table in "${TABLES[@]}"; do psql "$TARGET_URL" -qtAX -c "select '$table', count(*) from $table"; done | sort >"$WORK/restored.counts"
diff -u "$WORK/source.counts" "$WORK/restored.counts" >&2 || fail "the restored database's row counts differ from the source's (above)"
say "restored into $TARGET_DB: the same row counts ($(paste -sd ' ' "$WORK/restored.counts" | tr '|' '='))"

# 3. The migrations: nothing left to apply on the copy.
# The app's settings for the copy: mail to files, no card payments, a free port of 127.0.0.1.
PORT="$(node_modules/.bin/node -e 'const s = require("net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })')"
BASE="http://127.0.0.1:$PORT"
ON_COPY=(DATABASE_URL="$TARGET_URL" PORT="$PORT" HOST=127.0.0.1 ORIGIN="$BASE" DATA_DIR="$WORK/data" MAIL_TRANSPORT=file SMTP_URL=
  STRIPE_SECRET_KEY= STRIPE_PUBLISHABLE_KEY= STRIPE_WEBHOOK_SECRET= TRUST_PROXY=)
migrated="$(env "${ON_COPY[@]}" node_modules/.bin/node server/cli.ts migrate 2>&1)" || fail "migrations on the copy: $migrated"
after="$(psql "$TARGET_URL" -qtAX -c 'select count(*) from kysely_migration')"
[ "$after" = "$(grep '^kysely_migration|' "$WORK/source.counts" | cut -d'|' -f2)" ] || fail "the migrations applied something to the copy: $migrated"
say "migrations: up to date ($after applied)"

# 4. The app on the copy, as a supervisor runs it.
set -m
env "${ON_COPY[@]}" npm run serve >"$WORK/serve.log" 2>&1 &
SERVE_PID=$!
set +m
status() { curl -s -o /dev/null -w '%{http_code}' "$1" || true; }
ready=""
for _ in $(seq 1 240); do
  kill -0 "$SERVE_PID" 2>/dev/null || fail "the app exited during start"
  if [ "$(status "$BASE/api/health/ready")" = 200 ]; then ready=1 && break; fi
  sleep 0.5
done
[ -n "$ready" ] || fail "the app on the copy did not become ready"
[ "$(status "$BASE/it")" = 200 ] || fail "the home page (/it) does not answer 200"
warehouse="$(psql "$TARGET_URL" -qtAX -c "select id from warehouses where status = 'approved' and not deactivated order by id limit 1")"
if [ -n "$warehouse" ]; then
  [ "$(status "$BASE/it/warehouses/$warehouse")" = 200 ] || fail "the page of warehouse $warehouse does not answer 200"
  say "the app on the copy answers $ready, /it and /it/warehouses/$warehouse with 200"
else
  say "the app on the copy answers $ready and /it with 200 (no listed warehouse to open)"
fi
kill -TERM "$SERVE_PID"
code=0
wait "$SERVE_PID" || code=$?
SERVE_PID=""
[ "$code" = 0 ] || fail "the app on the copy exited with $code after SIGTERM"

[ "$KEEP" = 1 ] && say "kept the restored database: $TARGET_DB"
say "OK"
