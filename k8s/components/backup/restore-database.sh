#!/bin/sh
# Restores the database of a complete backup (with the app's services stopped), in one transaction, and says what
# it replaced: the rows of every table before and after. Runs in the postgres image.
set -eu
: "${DATABASE_URL:?}" "${BACKUP:?}"
[ -f "$BACKUP/COMPLETE" ] || { echo "$BACKUP is not a complete backup (no COMPLETE marker): it cannot be restored." >&2; exit 1; }
count_rows() {
  psql -X -q -t -A -F ' ' "$DATABASE_URL" -c "SELECT format('%s.%s', schemaname, relname), n_live_tup FROM pg_stat_user_tables WHERE schemaname IN ('auth', 'memory', 'upload', 'notify') ORDER BY 1" 2>/dev/null || true
}
psql -X -q "$DATABASE_URL" -c "ANALYZE" >/dev/null 2>&1 || true
before="$(count_rows)"
pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error --dbname="$DATABASE_URL" "$BACKUP/database.dump"
psql -X -q "$DATABASE_URL" -c "ANALYZE" >/dev/null
echo "replaced (table, rows before):"
echo "$before"
echo "restored from $BACKUP (table, rows now):"
count_rows
