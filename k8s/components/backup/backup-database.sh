#!/bin/sh
# First half of a backup (compose and Kubernetes alike): a consistent dump of the whole database with the real
# pg_dump (custom format, one snapshot), into a new folder that stays `.incomplete` until backup-files.sh finishes it.
# Runs in the postgres image; its pg_dump must be the server's major version or newer.
set -eu
: "${DATABASE_URL:?}" "${BACKUP_ROOT:?}"
stamp="$(date -u +%Y-%m-%dT%H-%M-%SZ)"
folder="$BACKUP_ROOT/memories-$stamp.incomplete"
mkdir -p "$folder"
# The database first: a file uploaded after the dump is unreferenced in it (and swept), the reverse would lose files.
pg_dump --format=custom --no-owner --file="$folder/database.dump" "$DATABASE_URL"
printf '%s\n' "$folder" > "$BACKUP_ROOT/.in-progress"
echo "database dumped into $folder"
