#!/bin/sh
# Restores a complete backup into a docker compose install:
#   sh tools/deploy/backup/compose-restore.sh backups/memories-2026-01-31T02-30-00Z
# It first backs up what is there now (nothing is lost by restoring the wrong one), stops the services that write,
# restores the database (one transaction) and the bucket, says what it replaced, and starts the services again.
set -eu
# The few settings these commands need, from the environment or else from .env (not sourced: it holds PEM keys).
for name in POSTGRES_USER POSTGRES_PASSWORD POSTGRES_DB MINIO_ROOT_USER MINIO_ROOT_PASSWORD; do
  eval "current=\${$name:-}"
  [ -z "$current" ] && [ -f .env ] && eval "$name=\"\$(sed -n 's/^$name=//p' .env | tail -n 1)\""
done
backup="$(cd "${1:?name the backup folder to restore}" && pwd)"
[ -f "$backup/COMPLETE" ] || { echo "$backup is not a complete backup (no COMPLETE marker): it cannot be restored." >&2; exit 1; }
root="$(cd "$(dirname "$0")/../../.." && pwd)"
scripts="$root/k8s/components/backup"

echo "Backing up the current data first..."
sh "$root/tools/deploy/backup/compose-backup.sh"
docker compose stop gateway auth memory upload notify

docker compose run --rm --no-deps -T --entrypoint /bin/sh \
  -v "$backup:/backup:ro" -v "$scripts:/scripts:ro" -e BACKUP=/backup \
  -e DATABASE_URL="postgres://${POSTGRES_USER:-memories}:${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}@postgres:5432/${POSTGRES_DB:-memories}" \
  postgres /scripts/restore-database.sh

docker compose run --rm --no-deps -T --entrypoint /bin/sh \
  -v "$backup:/backup:ro" -v "$scripts:/scripts:ro" -e BACKUP=/backup \
  -e S3_ENDPOINT=minio -e S3_PORT=9000 -e S3_USE_SSL=false -e S3_BUCKET=memories-files \
  -e S3_ACCESS_KEY="${MINIO_ROOT_USER:-memories-admin}" -e S3_SECRET_KEY="${MINIO_ROOT_PASSWORD:?set MINIO_ROOT_PASSWORD in .env}" \
  minio-setup /scripts/restore-files.sh

# The migrate one-shots bring an older backup's schema up to this release before the services start.
docker compose up -d
